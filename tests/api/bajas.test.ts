// Bajas close the loop, over HTTP: an employee's baja (Recursos Humanos)
// frees the vehicles they drive in the same transaction, each with its
// Historial entry, and leaves only contact and bank data editable; a
// vehicle's baja frees its driver and stops its document warnings (record and
// Tablero); a driver assigned while their baja runs is never kept (on
// PostgreSQL it fails without the employee lock the vehicle save takes).
// Allowed users (rh@, vehiculos@), FORBIDDEN and bad input with
// nothing written. One server on the demo company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf as fields, okData } from './answers';

let s: TestServer;
let admin: string;
let rh: string; // Recursos Humanos
let fleet: string; // Parque Vehicular
let viewer: string; // Consulta: only ver

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const mx = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  // On PostgreSQL the server gets its own database, copied from the run's seeded template and dropped on stop.
  s = await startServer();
  [admin, rh, fleet, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('rh@demo.mx'), s.login('vehiculos@demo.mx'), s.login('consulta@demo.mx')]);
}, 180_000);
afterAll(async () => s?.stop());

const VEHICLE = 'id economicNumber driverId driverName status documentAlerts documentsDueSoon version';
const EMPLOYEE = `id number names lastName secondLastName fullName rfc curp nss birthDate hireDate areaId positionId workplaceId payFrequency wageZone dailySalary
  bank clabe email phone address emergencyContact postalCode workState contractType status version`;
const VEHICLE_CREATE = `mutation($i:VehicleInput!){ vehicleCreate(input:$i){ ${VEHICLE} } }`;
const VEHICLE_UPDATE = `mutation($id:ID!,$v:Int!,$i:VehicleInput!){ vehicleUpdate(id:$id,version:$v,input:$i){ ${VEHICLE} } }`;
const VEHICLE_STATUS = `mutation($id:ID!,$v:Int!,$i:VehicleStatusInput!){ vehicleStatusChange(id:$id,version:$v,input:$i){ ${VEHICLE} } }`;
const VEHICLE_DETAIL = `query($id:ID!){ vehicle(id:$id){ ${VEHICLE} } }`;
const EMPLOYEE_DETAIL = `query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`;
const TERMINATE = `mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ ${EMPLOYEE} } }`;
const UPDATE = `mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ ${EMPLOYEE} } }`;
const HISTORY = 'query($e:String!,$id:ID!){ recordHistory(entity:$e, entityId:$id){ entries { action changes { field before after } } } }';

const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = admin) => okData(await s.gql(query, variables, token));
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;

let serial = 0;
const vehicleInput = (n: number, driverId: string | null) => ({
  economicNumber: `BJ-${String(n).padStart(2, '0')}`,
  plate: `BJA-${100 + n}`,
  vin: '1HGCM82633A004352',
  brand: 'Nissan',
  model: 'NP300',
  year: 2022,
  vehicleType: 'Pick-up',
  fuel: 'diesel',
  driverId,
});
async function vehicle(driverId: string | null) {
  serial += 1;
  return (await gqlOk(VEHICLE_CREATE, { i: vehicleInput(serial, driverId) }, fleet)).vehicleCreate;
}
const vehicleNow = async (id: string) => (await gqlOk(VEHICLE_DETAIL, { id })).vehicle;
const employeeNow = async (id: string) => (await gqlOk(EMPLOYEE_DETAIL, { id })).rhEmployee;
const latest = async (entity: string, id: string) => (await gqlOk(HISTORY, { e: entity, id })).recordHistory.entries[0] as { action: string; changes: { field: string; before: string | null; after: string | null }[] };
const inputOf = (e: Record<string, any>, overrides: Record<string, unknown> = {}) => {
  const { id: _i, fullName: _f, status: _s, version: _v, ...input } = e;
  return { ...input, ...overrides };
};

/** Active demo employees, handed out so that no two tests share one. */
let pool: string[] = [];
async function fillPool() {
  if (!pool.length) pool = ((await gqlOk('{ rhEmployeeOptions(limit: 50) { id } }')).rhEmployeeOptions as { id: string }[]).map((o) => o.id).reverse();
}
async function twoActiveEmployees() {
  await fillPool();
  const [leaving, staying] = pool.splice(0, 2);
  return { leaving: await employeeNow(leaving), staying: await employeeNow(staying) };
}
/** The números económicos of the vehicles an employee drives (the demo gives some of them one). */
const drivenBy = async (employeeId: string) =>
  ((await gqlOk('query($d:ID!){ vehicles(filter:{driverId:$d}, list:{pageSize: 200}){ items { economicNumber } } }', { d: employeeId })).vehicles.items as { economicNumber: string }[]).map((v) => v.economicNumber);

describe("an employee's baja", () => {
  it('frees the vehicles they drive in the same transaction, each with its Historial entry; refused attempts free nothing', async () => {
    const { leaving, staying } = await twoActiveEmployees();
    const a = await vehicle(leaving.id);
    const b = await vehicle(leaving.id);
    const other = await vehicle(staying.id);
    expect([a.driverId, b.driverId, other.driverId]).toEqual([leaving.id, leaving.id, staying.id]);
    const driven = await drivenBy(leaving.id);
    expect(driven).toEqual(expect.arrayContaining([a.economicNumber, b.economicNumber]));

    // Bad input and a user without the ability: nothing written, the vehicles keep their driver.
    expect(fields(await s.gql(TERMINATE, { id: leaving.id, v: leaving.version, i: { date: today, reason: '  ' } }, rh))).toEqual({ reason: 'Indica el motivo.' });
    expect(code(await s.gql(TERMINATE, { id: leaving.id, v: leaving.version, i: { date: today, reason: 'Renuncia voluntaria' } }, fleet))).toBe('FORBIDDEN');
    expect(code(await s.gql(TERMINATE, { id: leaving.id, v: leaving.version, i: { date: today, reason: 'Renuncia voluntaria' } }, viewer))).toBe('FORBIDDEN');
    expect(await vehicleNow(a.id)).toMatchObject({ driverId: leaving.id, version: a.version });
    expect((await employeeNow(leaving.id)).status).toBe('activo');

    const baja = (await gqlOk(TERMINATE, { id: leaving.id, v: leaving.version, i: { date: today, reason: 'Renuncia voluntaria' } }, rh)).rhEmployeeTerminate;
    expect(baja.status).toBe('baja');
    // Exactly the two vehicles they drove lost their driver (a new version each); the other keeps its own.
    expect(await vehicleNow(a.id)).toEqual({ ...a, driverId: null, driverName: null, version: a.version + 1 });
    expect(await vehicleNow(b.id)).toEqual({ ...b, driverId: null, driverName: null, version: b.version + 1 });
    expect(await vehicleNow(other.id)).toEqual(other);
    expect(await drivenBy(leaving.id)).toEqual([]);

    // Each vehicle's Historial says who left and why; the employee's says which vehicles were freed.
    expect(await latest('vehicle', a.id)).toEqual({
      action: 'driver_release',
      changes: [
        { field: 'driver', before: `${leaving.fullName} (${leaving.number})`, after: null },
        { field: 'reason', before: null, after: `Baja del empleado ${leaving.number} el ${mx(today)}: Renuncia voluntaria` },
      ],
    });
    const terminated = await latest('rh_employee', leaving.id);
    expect(terminated.action).toBe('terminate');
    expect(terminated.changes).toContainEqual({ field: 'releasedVehicles', before: null, after: [...driven].sort().join(', ') });

    // They cannot be given a vehicle again while in baja.
    expect(fields(await s.gql(VEHICLE_CREATE, { i: { economicNumber: 'BJ-XX', vin: '1HGCM82633A004352', brand: 'Nissan', model: 'NP300', year: 2022, vehicleType: 'Pick-up', fuel: 'diesel', driverId: leaving.id } }, fleet))).toEqual({
      driverId: 'El conductor está dado de baja en Recursos Humanos.',
    });
  });

  it('a vehicle saved with them as driver while their baja runs never keeps them (locks taken employee first)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { leaving } = await twoActiveEmployees();
      const v = await vehicle(null);
      const [terminated, saved] = await Promise.all([
        s.gql(TERMINATE, { id: leaving.id, v: leaving.version, i: { date: today, reason: 'Fin de obra' } }, rh),
        s.gql(VEHICLE_UPDATE, { id: v.id, v: v.version, i: vehicleInput(Number(v.economicNumber.slice(3)), leaving.id) }, fleet),
      ]);
      expect(terminated.errors).toBeUndefined();
      // Either the save came first and the baja freed the vehicle, or the baja came first and the save was refused.
      if (saved.errors) expect(fields(saved)).toEqual({ driverId: 'El conductor está dado de baja en Recursos Humanos.' });
      expect(await drivenBy(leaving.id)).toEqual([]);
      expect((await vehicleNow(v.id)).driverId).toBeNull();
    }
  });

  it('leaves only contact and bank data editable; any other change is refused field by field, nothing written', async () => {
    const { leaving } = await twoActiveEmployees();
    const baja = (await gqlOk(TERMINATE, { id: leaving.id, v: leaving.version, i: { date: today, reason: 'Fin de obra' } }, rh)).rhEmployeeTerminate;
    const locked = 'El empleado está dado de baja: registra su reingreso para cambiar este dato.';
    const refused = await s.gql(UPDATE, { id: baja.id, v: baja.version, i: inputOf(baja, { names: 'Otro Nombre', dailySalary: '999.99', phone: '55 1234 5678' }) }, rh);
    expect(fields(refused)).toEqual({ names: locked, dailySalary: locked });
    expect(await employeeNow(baja.id)).toEqual(baja);
    expect(code(await s.gql(UPDATE, { id: baja.id, v: baja.version, i: inputOf(baja, { phone: '55 1234 5678' }) }, viewer))).toBe('FORBIDDEN');

    const contact = { phone: '55 1234 5678', email: 'ex.empleado@correo.mx', address: 'Calle 5 #10, Monterrey', emergencyContact: 'Ana, 81 0000 0000', bank: 'BBVA', clabe: '002010077777777771' };
    const saved = (await gqlOk(UPDATE, { id: baja.id, v: baja.version, i: inputOf(baja, contact) }, rh)).rhEmployeeUpdate;
    expect(saved).toEqual({ ...baja, ...contact, version: baja.version + 1 });
  });
  it('stops warning about their documents: the record counts none and the alerts filter leaves them out', async () => {
    await fillPool();
    const ALERTED = '{ rhEmployees(filter:{status: activo, documentAlerts: true}, list:{pageSize: 200}){ items { id number version documentAlerts } } }';
    const alerted = (await gqlOk(ALERTED)).rhEmployees.items as { id: string; number: string; version: number; documentAlerts: number }[];
    const e = alerted.find((x) => x.documentAlerts > 0 && pool.includes(x.id));
    expect(e).toBeDefined(); // the demo has employees with missing or expired documents
    pool.splice(pool.indexOf(e!.id), 1);
    const count = async (flag: boolean) => (await gqlOk('query($s:String,$f:Boolean){ rhEmployees(list:{search:$s}, filter:{documentAlerts:$f}){ total } }', { s: e!.number, f: flag })).rhEmployees.total;
    expect([await count(true), await count(false)]).toEqual([1, 0]);
    await gqlOk(TERMINATE, { id: e!.id, v: e!.version, i: { date: today, reason: 'Renuncia voluntaria' } }, rh);
    expect((await gqlOk('query($id:ID!){ rhEmployee(id:$id){ documentAlerts } }', { id: e!.id })).rhEmployee.documentAlerts).toBe(0);
    expect([await count(true), await count(false)]).toEqual([0, 1]);
  });
});

describe("a vehicle's baja", () => {
  it('frees its driver and stops its document warnings, on the record and on the Tablero', async () => {
    const { staying } = await twoActiveEmployees();
    const v = await vehicle(staying.id);
    expect(v.documentAlerts).toBeGreaterThan(0); // its required documents are missing
    const tablero = async () => (await gqlOk('{ dashboard { vehiclePark { documents { withAlerts expiredOrMissing } } } }')).dashboard.vehiclePark.documents;
    const before = await tablero();
    expect(code(await s.gql(VEHICLE_STATUS, { id: v.id, v: v.version, i: { status: 'baja', date: today, reason: 'Venta' } }, viewer))).toBe('FORBIDDEN');
    expect(await vehicleNow(v.id)).toEqual(v);

    const retired = (await gqlOk(VEHICLE_STATUS, { id: v.id, v: v.version, i: { status: 'baja', date: today, reason: 'Venta' } }, fleet)).vehicleStatusChange;
    expect(retired).toEqual({ ...v, status: 'baja', driverId: null, driverName: null, documentAlerts: 0, documentsDueSoon: 0, version: v.version + 1 });
    expect(await tablero()).toEqual({ withAlerts: before.withAlerts - 1, expiredOrMissing: before.expiredOrMissing - 1 });
    const entry = await latest('vehicle', v.id);
    expect(entry.action).toBe('retire');
    expect(entry.changes).toContainEqual({ field: 'driver', before: `${staying.fullName} (${staying.number})`, after: null });
  });
});
