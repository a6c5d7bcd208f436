// Parque Vehicular over HTTP: every mutation allowed (Parque Vehicular's demo
// user), FORBIDDEN (ventas@, consulta@) and with bad input (Spanish field
// message, nothing written); the VIN check digit; the odometer log never
// decreasing, also under eight parallel readings; document states by date;
// the catalogues, the reports (maintenance cost with orders opened and closed
// through Mantenimiento's API) and the Tablero card. One server per file on
// the demo company (25 vehicles, 3 groups, 4 locations, 4 document types).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestDatabase, startServer, testDbKind, type GqlResult, type TestServer } from './harness';
import { fieldsOf as fields, okData } from './answers';
import { checkDateRange } from './dateRange';

let s: TestServer;
let admin: string;
let fleet: string; // Parque Vehicular
let seller: string; // Vendedor: no Parque Vehicular
let viewer: string; // Consulta: only ver
let cleanup: () => Promise<void> = async () => undefined;

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const mx = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  if (testDbKind() === 'postgres') {
    const database = await createTestDatabase();
    // The test-only statement counter: a list's open orders are read in one batch, whatever the page size.
    s = await startServer({ ERP_COUNT_SQL: '1', ERP_SESSION_CACHE_MS: '0' }, { databaseUrl: database.url });
    cleanup = async () => {
      await s?.stop();
      await database.drop();
    };
  } else {
    s = await startServer({ ERP_COUNT_SQL: '1', ERP_SESSION_CACHE_MS: '0' });
    cleanup = async () => {
      await s?.stop();
    };
  }
  [admin, fleet, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('vehiculos@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
}, 180_000);
afterAll(async () => cleanup());

// ---- helpers -----------------------------------------------------------------------------

const VEHICLE = `id economicNumber plate vin vinWarning brand model year vehicleType fuel groupId groupName locationId locationName driverId driverName status
  retiredOn retiredReason insurancePolicy insuranceExpiresOn acquisitionCost acquisitionDate odometerKm odometerDate documentAlerts documentsDueSoon version
  photo { id fileName fileType }
  documents { id documentTypeId documentTypeName required expires warningDays state expiresOn file { id fileName } }
  odometerReadings { id readOn km source sourceReference recordedByName }`;
const CREATE = `mutation($i:VehicleInput!){ vehicleCreate(input:$i){ ${VEHICLE} } }`;
const UPDATE = `mutation($id:ID!,$v:Int!,$i:VehicleInput!){ vehicleUpdate(id:$id,version:$v,input:$i){ ${VEHICLE} } }`;
const STATUS = `mutation($id:ID!,$v:Int!,$i:VehicleStatusInput!){ vehicleStatusChange(id:$id,version:$v,input:$i){ ${VEHICLE} } }`;
const ODOMETER = `mutation($id:ID!,$i:OdometerReadingInput!){ vehicleOdometerAdd(vehicleId:$id,input:$i){ ${VEHICLE} } }`;
const DOC_ADD = `mutation($id:ID!,$i:VehicleDocumentInput!){ vehicleDocumentAdd(vehicleId:$id,input:$i){ ${VEHICLE} } }`;
const DOC_REMOVE = `mutation($id:ID!){ vehicleDocumentRemove(id:$id){ ${VEHICLE} } }`;
const PHOTO = `mutation($id:ID!,$f:ID!){ vehiclePhotoSet(vehicleId:$id,fileId:$f){ ${VEHICLE} } }`;
const DETAIL = `query($id:ID!){ vehicle(id:$id){ ${VEHICLE} } }`;

const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = fleet) => okData(await s.gql(query, variables, token));
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;
const countVehicles = async (search = '') => (await gqlOk('query($s:String){ vehicles(list:{search:$s}){ total } }', { s: search }, admin)).vehicles.total as number;
const detail = async (id: string) => (await gqlOk(DETAIL, { id }, admin)).vehicle;

let serial = 0;
/** A valid vehicle input (a Nissan built in Mexico whose VIN carries its check digit). */
function vehicleInput(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    economicNumber: `T-${String(serial).padStart(3, '0')}`,
    plate: `TST-${String(100 + serial)}`,
    vin: '1HGCM82633A004352',
    brand: 'Nissan',
    model: 'NP300',
    year: 2022,
    vehicleType: 'Pick-up',
    fuel: 'diesel',
    insurancePolicy: 'POL-1',
    acquisitionCost: '412500.50',
    acquisitionDate: '2022-03-15',
    ...overrides,
  };
}
const create = async (overrides: Record<string, unknown> = {}) => (await gqlOk(CREATE, { i: vehicleInput(overrides) })).vehicleCreate;
const inputOf = (v: Record<string, any>, overrides: Record<string, unknown> = {}) => ({
  economicNumber: v.economicNumber,
  plate: v.plate,
  vin: v.vin,
  brand: v.brand,
  model: v.model,
  year: v.year,
  vehicleType: v.vehicleType,
  fuel: v.fuel,
  groupId: v.groupId,
  locationId: v.locationId,
  driverId: v.driverId,
  insurancePolicy: v.insurancePolicy,
  insuranceExpiresOn: v.insuranceExpiresOn,
  acquisitionCost: v.acquisitionCost,
  acquisitionDate: v.acquisitionDate,
  ...overrides,
});
const formOptions = async () => (await gqlOk('{ vehicleFormOptions { groups { id name } locations { id name } documentTypes { id name required expires warningDays } } }')).vehicleFormOptions;

// ---- pickers and lists ---------------------------------------------------------------------

describe('vehicleOptions and the list', () => {
  it('offers every vehicle not in baja to any signed-in user; en taller only when asked', async () => {
    const all = (await gqlOk('{ vehicleOptions(limit: 50) { id economicNumber status odometerKm } }', {}, seller)).vehicleOptions as { status: string; odometerKm: number }[];
    const shopless = (await gqlOk('{ vehicleOptions(limit: 50, includeInShop: false) { id status } }', {}, seller)).vehicleOptions as { status: string }[];
    const counts = (await gqlOk('{ baja: vehicles(filter:{status: baja}){ total } taller: vehicles(filter:{status: en_taller}){ total } all: vehicles { total } }', {}, admin));
    expect(all.length).toBe(counts.all.total - counts.baja.total);
    expect(all.every((o) => o.status !== 'baja' && o.odometerKm > 0)).toBe(true);
    expect(shopless.length).toBe(all.length - counts.taller.total);
    expect(shopless.every((o) => o.status === 'activo')).toBe(true);
    expect(fields(await s.gql('{ vehicleOptions(limit: 51) { id } }', {}, seller))).toEqual({ limit: 'El límite debe estar entre 1 y 50.' });
    expect(code(await s.gql('{ vehicleOptions { id } }', {}, null))).toBe('UNAUTHENTICATED');
  });

  it('lists with search and filters for ver only; FORBIDDEN without the ability', async () => {
    const page = (await gqlOk('{ vehicles(list:{search:"eco-00", sortBy:"economicNumber"}){ total items { economicNumber } } }', {}, viewer)).vehicles;
    expect(page.total).toBe(9); // ECO-001 … ECO-009
    expect(page.items[0].economicNumber).toBe('ECO-001');
    expect(code(await s.gql('{ vehicles { total } }', {}, seller))).toBe('FORBIDDEN');
    expect(code(await s.gql('query{ vehicle(id: "1"){ id } }', {}, seller))).toBe('FORBIDDEN');
  });

  it('«Agrupar por» counts the list\'s own vehicles (search and filter) by estado, grupo and locación; Consulta reads, ventas is FORBIDDEN', async () => {
    const o = await formOptions();
    const [g, l] = [o.groups[0], o.locations[1]];
    // Three vehicles only this search finds: two in one group and location, one in none.
    await create({ brand: 'Agrupadora', groupId: g.id, locationId: l.id });
    await create({ brand: 'Agrupadora', groupId: g.id, locationId: l.id });
    await create({ brand: 'Agrupadora' });
    const GROUPS = `query($g:VehicleGroupBy!,$f:VehicleFilter,$l:ListInput){ vehicleGroups(groupBy:$g, filter:$f, list:$l){
      totalGroups groups { key label count total } grandTotal { count total } } }`;
    const groups = async (by: string, f: Record<string, unknown> | null = null) => (await gqlOk(GROUPS, { g: by, f, l: { search: 'agrupadora' } }, viewer)).vehicleGroups;
    expect(await groups('GROUP')).toEqual({
      totalGroups: 2,
      groups: [
        { key: g.id, label: g.name, count: 2, total: '0' },
        { key: '', label: 'Sin grupo', count: 1, total: '0' },
      ],
      grandTotal: { count: 3, total: '0' },
    });
    expect((await groups('LOCATION')).groups.map((x: { key: string; label: string; count: number }) => [x.key, x.label, x.count])).toEqual([[l.id, l.name, 2], ['', 'Sin locación', 1]]);
    expect((await groups('STATUS')).groups.map((x: { key: string; label: string; count: number }) => [x.key, x.label, x.count])).toEqual([['activo', 'Activo', 3]]);
    expect((await groups('STATUS', { groupId: g.id })).grandTotal.count).toBe(2);
    expect((await groups('STATUS', { status: 'baja' })).totalGroups).toBe(0);
    expect(fields(await s.gql('{ vehicleGroups(groupBy: GROUP, list:{sortBy:"vin"}){ totalGroups } }', {}, fleet))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
    expect(code(await s.gql('{ vehicleGroups(groupBy: STATUS){ totalGroups } }', {}, seller))).toBe('FORBIDDEN');
  });
});

// ---- vehicles --------------------------------------------------------------------------------

describe('vehicleCreate / vehicleUpdate', () => {
  it('creates with the initial odometer reading in the log (allowed user)', async () => {
    const o = await formOptions();
    const v = await create({ groupId: o.groups[0].id, locationId: o.locations[1].id, initialKm: 12_345, initialKmDate: '2022-03-20' });
    // The Decimal scalar drops trailing zeros on the wire: 412500.50 travels as "412500.5".
    expect(v).toMatchObject({ status: 'activo', vinWarning: null, acquisitionCost: '412500.5', odometerKm: 12_345, odometerDate: '2022-03-20', groupName: o.groups[0].name, locationName: o.locations[1].name });
    expect(v.odometerReadings).toEqual([expect.objectContaining({ readOn: '2022-03-20', km: 12_345, source: 'manual' })]);
    expect(v.odometerReadings[0].recordedByName).toBeTruthy();
  });

  it('assigns an active RH employee as driver and refuses one in baja', async () => {
    const [active] = (await gqlOk('{ rhEmployeeOptions(limit: 1) { id fullName } }')).rhEmployeeOptions;
    const v = await create({ driverId: active.id });
    expect(v).toMatchObject({ driverId: active.id, driverName: active.fullName });
    const gone = (await gqlOk('{ rhEmployees(filter:{status: baja}, list:{pageSize: 1}){ items { id } } }', {}, admin)).rhEmployees.items[0];
    const before = await countVehicles();
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ driverId: gone.id }) }, fleet))).toEqual({ driverId: 'El conductor está dado de baja en Recursos Humanos.' });
    expect(await countVehicles()).toBe(before);
  });

  it('refuses a North-American VIN with a wrong check digit, I/O/Q, and takes other regions with a warning', async () => {
    const before = await countVehicles();
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ vin: '1HGCM82643A004352' }) }, fleet))).toEqual({ vin: 'El dígito verificador del VIN (posición 9) no cuadra: debería ser 3 y es 4.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ vin: '1HGCM82633A0O4352' }) }, fleet))).toEqual({ vin: 'El VIN solo admite letras y números; nunca I, O ni Q.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ vin: '1HGCM82633A00435' }) }, fleet))).toEqual({ vin: 'El VIN debe tener 17 caracteres.' });
    expect(await countVehicles()).toBe(before);
    const imported = await create({ vin: 'wvw-zzz1jzxw000001' });
    expect(imported.vin).toBe('WVWZZZ1JZXW000001');
    expect(imported.vinWarning).toContain('sería 0, es Z');
    expect(await countVehicles()).toBe(before + 1);
  });

  it('refuses a duplicate número económico in any case, plates of another active vehicle, dates out of order and a negative km; nothing written', async () => {
    const v = await create();
    const before = await countVehicles();
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ economicNumber: v.economicNumber.toLowerCase() }) }, fleet))).toEqual({ economicNumber: 'Ya existe un vehículo con ese número económico.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ plate: v.plate.toLowerCase() }) }, fleet))).toEqual({ plate: 'Otro vehículo activo ya tiene esas placas.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ acquisitionDate: addDays(today, 1) }) }, fleet))).toEqual({ acquisitionDate: 'La fecha de adquisición no puede ser futura.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ initialKm: 100, initialKmDate: '2022-03-01' }) }, fleet))).toEqual({ initialKmDate: 'La lectura inicial no puede ser anterior a la fecha de adquisición.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ initialKm: -5 }) }, fleet))).toEqual({ initialKm: 'Captura los kilómetros como un número entero, cero o mayor.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ year: 1949, acquisitionCost: '-1' }) }, fleet))).toMatchObject({ year: expect.stringContaining('1950'), acquisitionCost: 'No puede ser negativo.' });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ groupId: '999999' }) }, fleet))).toEqual({ groupId: 'El grupo no existe.' });
    expect(await countVehicles()).toBe(before);
  });

  it('two saves of one número económico at once: one vehicle, the other gets the field message', async () => {
    const input = vehicleInput();
    const before = await countVehicles();
    const results = await Promise.all([s.gql(CREATE, { i: input }, fleet), s.gql(CREATE, { i: { ...input, economicNumber: input.economicNumber.toLowerCase(), plate: 'OTR-123' } }, fleet)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(fields(results.find((r) => r.errors)!)).toEqual({ economicNumber: 'Ya existe un vehículo con ese número económico.' });
    expect(await countVehicles()).toBe(before + 1);
  });

  it('is FORBIDDEN without crear / editar, nothing written', async () => {
    const before = await countVehicles();
    expect(code(await s.gql(CREATE, { i: vehicleInput() }, seller))).toBe('FORBIDDEN');
    expect(code(await s.gql(CREATE, { i: vehicleInput() }, viewer))).toBe('FORBIDDEN');
    expect(await countVehicles()).toBe(before);
    const v = await create();
    for (const token of [seller, viewer]) expect(code(await s.gql(UPDATE, { id: v.id, v: v.version, i: inputOf(v, { brand: 'Otra' }) }, token))).toBe('FORBIDDEN');
    expect((await detail(v.id)).brand).toBe('Nissan');
  });

  it('updates with the version read; a stale version is a CONFLICT; duplicates refused', async () => {
    const a = await create();
    const b = await create();
    const updated = (await gqlOk(UPDATE, { id: a.id, v: a.version, i: inputOf(a, { model: 'Frontier', acquisitionCost: '399999.99' }) })).vehicleUpdate;
    expect(updated).toMatchObject({ model: 'Frontier', acquisitionCost: '399999.99', version: a.version + 1 });
    expect(code(await s.gql(UPDATE, { id: a.id, v: a.version, i: inputOf(a, { model: 'Otro' }) }, fleet))).toBe('CONFLICT');
    expect(fields(await s.gql(UPDATE, { id: a.id, v: updated.version, i: inputOf(updated, { economicNumber: b.economicNumber }) }, fleet))).toEqual({ economicNumber: 'Ya existe un vehículo con ese número económico.' });
    expect((await detail(a.id)).model).toBe('Frontier');
  });
});

describe('vehicleStatusChange', () => {
  it('baja needs a date (not before the last reading, not future) and a reason; reactivation gives the plates back', async () => {
    const v = await create({ initialKm: 5_000, initialKmDate: addDays(today, -10) });
    expect(fields(await s.gql(STATUS, { id: v.id, v: v.version, i: { status: 'baja' } }, fleet))).toEqual({ date: 'Indica la fecha de baja.', reason: 'Indica el motivo de la baja.' });
    expect(fields(await s.gql(STATUS, { id: v.id, v: v.version, i: { status: 'baja', date: addDays(today, -11), reason: 'Venta' } }, fleet))).toEqual({
      date: `La fecha de baja no puede ser anterior a la última lectura de odómetro (${mx(addDays(today, -10))}).`,
    });
    expect(fields(await s.gql(STATUS, { id: v.id, v: v.version, i: { status: 'baja', date: addDays(today, 1), reason: 'Venta' } }, fleet))).toEqual({ date: 'La fecha de baja no puede ser futura.' });
    expect(fields(await s.gql(STATUS, { id: v.id, v: v.version, i: { status: 'en_taller' } }, fleet))).toEqual({ status: 'El estado «en taller» solo lo pone una orden de mantenimiento.' });
    expect(code(await s.gql(STATUS, { id: v.id, v: v.version, i: { status: 'baja', date: today, reason: 'Venta' } }, viewer))).toBe('FORBIDDEN');
    expect((await detail(v.id)).status).toBe('activo');

    const retired = (await gqlOk(STATUS, { id: v.id, v: v.version, i: { status: 'baja', date: today, reason: 'Venta' } })).vehicleStatusChange;
    expect(retired).toMatchObject({ status: 'baja', retiredOn: today, retiredReason: 'Venta' });
    // Retired: no readings, no edits, not offered; its plates are free for another vehicle.
    expect(fields(await s.gql(ODOMETER, { id: v.id, i: { readOn: today, km: 6_000 } }, fleet))).toEqual({ vehicleId: 'El vehículo está dado de baja: no admite lecturas.' });
    expect(code(await s.gql(UPDATE, { id: v.id, v: retired.version, i: inputOf(retired) }, fleet))).toBe('CONFLICT');
    const options = (await gqlOk('query($s:String){ vehicleOptions(search:$s){ id } }', { s: v.economicNumber })).vehicleOptions;
    expect(options).toEqual([]);
    const heir = await create({ plate: v.plate });
    expect(heir.plate).toBe(v.plate);
    // Reactivating it would duplicate the plates of an active vehicle: refused, still in baja.
    expect(fields(await s.gql(STATUS, { id: v.id, v: retired.version, i: { status: 'activo' } }, fleet))).toEqual({ plate: 'Otro vehículo activo ya tiene esas placas.' });
    expect((await detail(v.id)).status).toBe('baja');
    await gqlOk(UPDATE, { id: heir.id, v: heir.version, i: inputOf(heir, { plate: 'OTR-999' }) });
    const back = (await gqlOk(STATUS, { id: v.id, v: retired.version, i: { status: 'activo', reason: 'Recompra' } })).vehicleStatusChange;
    expect(back).toMatchObject({ status: 'activo', retiredOn: null, retiredReason: '' });
  });
});

describe('vehicleStatusChange with an open maintenance order', () => {
  it('refuses the baja while the order is open (CONFLICT naming the folio, nothing written) and allows it once the order is closed', async () => {
    const mt = await s.login('mantenimiento@demo.mx');
    const services = (await gqlOk('{ maintenanceServices(list:{pageSize:50}){ items { id name } } }', {}, mt)).maintenanceServices.items as { id: string; name: string }[];
    const corrective = services.find((x) => x.name === 'Reparación de suspensión')!.id;
    const v = await create({ initialKm: 9_000, initialKmDate: addDays(today, -5) });
    const o = (await gqlOk(`mutation($i:MaintenanceOrderCreateInput!){ maintenanceOrderCreate(input:$i){ id folio version } }`, { i: { vehicleId: v.id, serviceIds: [corrective], openedOn: addDays(today, -2), odometerIn: 9_100 } }, mt)).maintenanceOrderCreate;
    const inShop = await detail(v.id);
    expect(inShop.status).toBe('en_taller');
    expect((await gqlOk('query($id:ID!){ vehicle(id:$id){ openMaintenanceOrders } }', { id: v.id }, fleet)).vehicle.openMaintenanceOrders).toEqual([o.folio]);
    // In a list, the open orders of every vehicle of the page come in one statement: 5 or 50 rows cost the same.
    const LIST = 'query($n:Int!){ vehicles(list:{pageSize:$n, sortBy:"economicNumber"}){ items { id openMaintenanceOrders } } }';
    const statements = (r: GqlResult) => (r as GqlResult & { extensions?: { sqlStatements?: number } }).extensions?.sqlStatements;
    const [five, fifty] = [await s.gql(LIST, { n: 5 }, fleet), await s.gql(LIST, { n: 50 }, fleet)];
    const rows = (fifty.data as { vehicles: { items: { id: string; openMaintenanceOrders: string[] }[] } }).vehicles.items;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => Array.isArray(r.openMaintenanceOrders))).toBe(true);
    const mine = (await gqlOk('query($q:String){ vehicles(list:{search:$q}){ items { id openMaintenanceOrders } } }', { q: v.economicNumber }, fleet)).vehicles.items;
    expect(mine).toEqual([{ id: v.id, openMaintenanceOrders: [o.folio] }]);
    expect(statements(fifty)).toBeGreaterThan(0);
    expect(statements(fifty)).toBe(statements(five));

    const refused = await s.gql(STATUS, { id: v.id, v: inShop.version, i: { status: 'baja', date: today, reason: 'Siniestro' } }, fleet);
    expect(code(refused)).toBe('CONFLICT');
    expect(refused.errors![0].message).toBe(`El vehículo está en taller con la orden de mantenimiento ${o.folio}: ciérrala o cancélala antes de darlo de baja.`);
    expect(await detail(v.id)).toMatchObject({ status: 'en_taller', retiredOn: null, retiredReason: '', version: inShop.version });
    const actions = async () => ((await gqlOk('query($i:String){ auditEntries(entity:"vehicle", entityId:$i){ items { action } } }', { i: v.id }, admin)).auditEntries.items as { action: string }[]).map((a) => a.action);
    expect(await actions()).not.toContain('retire');

    // Started and closed: the vehicle is back to activo and the baja goes through.
    const st = (await gqlOk(`mutation($id:ID!,$v:Int!){ maintenanceOrderStart(id:$id,version:$v){ id version } }`, { id: o.id, v: o.version }, mt)).maintenanceOrderStart;
    await gqlOk(`mutation($id:ID!,$v:Int!,$on:Date!){ maintenanceOrderClose(id:$id,version:$v,closedOn:$on){ id } }`, { id: st.id, v: st.version, on: today }, mt);
    const back = await detail(v.id);
    expect(back.status).toBe('activo');
    expect((await gqlOk('query($id:ID!){ vehicle(id:$id){ openMaintenanceOrders } }', { id: v.id }, admin)).vehicle.openMaintenanceOrders).toEqual([]);
    const retired = (await gqlOk(STATUS, { id: v.id, v: back.version, i: { status: 'baja', date: today, reason: 'Siniestro' } })).vehicleStatusChange;
    expect(retired).toMatchObject({ status: 'baja', retiredOn: today, retiredReason: 'Siniestro' });
    expect(await actions()).toContain('retire');
  });
});

// ---- odometer --------------------------------------------------------------------------------

describe('vehicleOdometerAdd', () => {
  it('refuses a reading below the last one with that figure in the message, a negative or future one; nothing written', async () => {
    const v = await create({ initialKm: 48_250, initialKmDate: addDays(today, -5) });
    const lower = await s.gql(ODOMETER, { id: v.id, i: { readOn: today, km: 48_249 } }, fleet);
    expect(fields(lower)).toEqual({ km: `La lectura no puede ser menor que la última registrada: 48,250 km del ${mx(addDays(today, -5))}.` });
    expect(fields(await s.gql(ODOMETER, { id: v.id, i: { readOn: today, km: -1 } }, fleet))).toEqual({ km: 'Captura los kilómetros como un número entero, cero o mayor.' });
    expect(fields(await s.gql(ODOMETER, { id: v.id, i: { readOn: addDays(today, 1), km: 49_000 } }, fleet))).toEqual({ readOn: 'La fecha de la lectura no puede ser futura.' });
    expect(fields(await s.gql(ODOMETER, { id: v.id, i: { readOn: today, km: 49_000, source: 'orden' } }, fleet))).toEqual({ source: 'Elige manual o combustible: las lecturas de orden las registra Mantenimiento.' });
    // A reading dated before a later one may not exceed it.
    expect(fields(await s.gql(ODOMETER, { id: v.id, i: { readOn: addDays(today, -6), km: 48_300 } }, fleet))).toEqual({
      km: `La lectura no puede ser mayor que la registrada después: 48,250 km del ${mx(addDays(today, -5))}.`,
    });
    for (const token of [seller, viewer]) expect(code(await s.gql(ODOMETER, { id: v.id, i: { readOn: today, km: 49_000 } }, token))).toBe('FORBIDDEN');
    const after = await detail(v.id);
    expect(after.odometerReadings).toHaveLength(1);
    expect(after.odometerKm).toBe(48_250);

    const ok = (await gqlOk(ODOMETER, { id: v.id, i: { readOn: today, km: 48_250, source: 'combustible', sourceReference: 'TICKET-77' } })).vehicleOdometerAdd;
    expect(ok.odometerKm).toBe(48_250);
    expect(ok.odometerDate).toBe(today);
    expect(ok.odometerReadings[0]).toMatchObject({ readOn: today, km: 48_250, source: 'combustible', sourceReference: 'TICKET-77' });
  });

  it('eight parallel readings leave a never-decreasing log and the highest as the odometer', async () => {
    const v = await create({ initialKm: 10_000, initialKmDate: addDays(today, -3) });
    const kms = [10_500, 10_300, 10_800, 10_100, 10_700, 10_200, 10_600, 10_400];
    const results = await Promise.all(kms.map((km) => s.gql(ODOMETER, { id: v.id, i: { readOn: today, km } }, fleet)));
    const refused = results.filter((r) => r.errors);
    for (const r of refused) expect(fields(r).km).toMatch(/^La lectura no puede ser menor que la última registrada: 10,[1-8]00 km del /);
    const after = await detail(v.id);
    expect(after.odometerReadings.length).toBe(1 + kms.length - refused.length);
    expect(after.odometerKm).toBe(10_800); // the highest is never below another
    // In the order they were written (ids), the log never decreases.
    const written = [...after.odometerReadings].sort((a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id)).map((r: { km: number }) => r.km);
    expect(written[0]).toBe(10_000);
    for (let i = 1; i < written.length; i++) expect(written[i]).toBeGreaterThanOrEqual(written[i - 1]);
  });
});

// ---- documents and photo -------------------------------------------------------------------

describe('documents and photo', () => {
  it('reads each document state by date: faltante, vencido, por vencer (to the last warning day), vigente', async () => {
    const o = await formOptions();
    const type = (name: string) => o.documentTypes.find((t: { name: string }) => t.name === name);
    const tarjeta = type('Tarjeta de circulación'); // required, 30 days
    const poliza = type('Póliza de seguro'); // required, 30 days
    const verificacion = type('Verificación vehicular'); // required, 15 days
    const sct = type('Permiso SCT'); // optional, 45 days
    const v = await create();
    const byType = (x: Record<string, any>, id: string) => x.documents.find((d: { documentTypeId: string }) => d.documentTypeId === id);
    expect(v.documentAlerts).toBe(3); // three required, none uploaded
    expect(byType(v, sct.id)).toMatchObject({ state: 'faltante', required: false });

    const add = async (typeId: string, expiresOn: string | null) =>
      (await gqlOk(DOC_ADD, { id: v.id, i: { documentTypeId: typeId, fileId: await s.uploadId(fleet, PDF, 'doc.pdf'), expiresOn } })).vehicleDocumentAdd;
    let after = await add(tarjeta.id, addDays(today, -1));
    expect(byType(after, tarjeta.id)).toMatchObject({ state: 'vencido', expiresOn: addDays(today, -1), file: { fileName: 'doc.pdf' } });
    expect(after.documentAlerts).toBe(3); // vencido still counts
    after = await add(poliza.id, addDays(today, 30));
    expect(byType(after, poliza.id).state).toBe('por_vencer'); // the 30th warning day
    expect(after.documentAlerts).toBe(2);
    after = await add(verificacion.id, addDays(today, 16));
    expect(byType(after, verificacion.id).state).toBe('vigente'); // one day past its 15 warning days
    after = await add(sct.id, today);
    expect(byType(after, sct.id).state).toBe('por_vencer'); // the expiry day itself
    expect(after.documentAlerts).toBe(1);
    expect(after.documentsDueSoon).toBe(2); // póliza and permiso
    // An optional document that has expired is an alert too.
    after = await add(sct.id, addDays(today, -2));
    expect(byType(after, sct.id).state).toBe('vencido');
    expect([after.documentAlerts, after.documentsDueSoon]).toEqual([2, 1]);
    after = await add(sct.id, today);

    // The list filter and the report see the same states.
    const alerts = (await gqlOk('query($s:String){ vehicles(list:{search:$s}, filter:{documentAlerts:true}){ total } }', { s: v.economicNumber })).vehicles.total;
    expect(alerts).toBe(1);
    const report = (await gqlOk('{ vpExpiringDocuments(days: 30) { economicNumber documentTypeName state daysLeft } }')).vpExpiringDocuments.filter((r: { economicNumber: string }) => r.economicNumber === v.economicNumber);
    // The report looks 30 days ahead whatever each type's warning days: the verificación (vigente on the record) falls due in 16.
    expect(report).toEqual([
      { economicNumber: v.economicNumber, documentTypeName: 'Tarjeta de circulación', state: 'vencido', daysLeft: -1 },
      { economicNumber: v.economicNumber, documentTypeName: 'Permiso SCT', state: 'por_vencer', daysLeft: 0 },
      { economicNumber: v.economicNumber, documentTypeName: 'Verificación vehicular', state: 'por_vencer', daysLeft: 16 },
      { economicNumber: v.economicNumber, documentTypeName: 'Póliza de seguro', state: 'por_vencer', daysLeft: 30 },
    ]);
    const within15 = (await gqlOk('{ vpExpiringDocuments(days: 15) { economicNumber documentTypeName } }')).vpExpiringDocuments.filter((r: { economicNumber: string }) => r.economicNumber === v.economicNumber);
    expect(within15.map((r: { documentTypeName: string }) => r.documentTypeName)).toEqual(['Tarjeta de circulación', 'Permiso SCT']);

    // Replacing the expired card clears it; removing it makes it faltante again.
    after = await add(tarjeta.id, addDays(today, 200));
    expect(byType(after, tarjeta.id).state).toBe('vigente');
    expect(after.documentAlerts).toBe(0);
    const removed = (await gqlOk(DOC_REMOVE, { id: byType(after, tarjeta.id).id })).vehicleDocumentRemove;
    expect(byType(removed, tarjeta.id)).toMatchObject({ state: 'vencido', expiresOn: addDays(today, -1) }); // the earlier upload is the latest again
  });

  it('counts the policy expiry captured on the vehicle while no policy document is uploaded, and only the document once it is', async () => {
    const POLICY_ON_VEHICLE = 'Póliza de seguro (vencimiento del vehículo, sin documento)';
    const o = await formOptions();
    const type = (name: string) => o.documentTypes.find((t: { name: string }) => t.name === name);
    const [tarjeta, poliza, verificacion] = [type('Tarjeta de circulación'), type('Póliza de seguro'), type('Verificación vehicular')];
    const expired = await create({ insuranceExpiresOn: addDays(today, -3) });
    const dueSoon = await create({ insuranceExpiresOn: addDays(today, 10) });
    const later = await create({ insuranceExpiresOn: addDays(today, 31) });
    const rowsOf = async (days: number, v: { economicNumber: string }) =>
      ((await gqlOk('query($d:Int!){ vpExpiringDocuments(days: $d) { vehicleId economicNumber documentTypeName expiresOn state daysLeft } }', { d: days })).vpExpiringDocuments as { economicNumber: string }[]).filter((r) => r.economicNumber === v.economicNumber);
    expect(await rowsOf(30, expired)).toEqual([{ vehicleId: expired.id, economicNumber: expired.economicNumber, documentTypeName: POLICY_ON_VEHICLE, expiresOn: addDays(today, -3), state: 'vencido', daysLeft: -3 }]);
    expect(await rowsOf(30, dueSoon)).toEqual([{ vehicleId: dueSoon.id, economicNumber: dueSoon.economicNumber, documentTypeName: POLICY_ON_VEHICLE, expiresOn: addDays(today, 10), state: 'por_vencer', daysLeft: 10 }]);
    expect(await rowsOf(9, dueSoon)).toEqual([]);
    expect(await rowsOf(30, later)).toEqual([]);
    expect(await rowsOf(31, later)).toMatchObject([{ documentTypeName: POLICY_ON_VEHICLE, daysLeft: 31 }]);
    // The policy type is required: its missing document is already the alert, the expired date does not count it twice.
    expect([expired.documentAlerts, expired.documentsDueSoon]).toEqual([3, 0]);
    // Due within the policy type's 30 warning days: por vencer; the 31st day is not.
    expect([dueSoon.documentAlerts, dueSoon.documentsDueSoon]).toEqual([3, 1]);
    expect([later.documentAlerts, later.documentsDueSoon]).toEqual([3, 0]);

    // The other documents vigentes; the policy type optional: the vehicle's policy expiry alone raises the alerts, the list and the Tablero.
    const add = async (v: { id: string }, typeId: string, expiresOn: string) =>
      (await gqlOk(DOC_ADD, { id: v.id, i: { documentTypeId: typeId, fileId: await s.uploadId(fleet, PDF, 'doc.pdf'), expiresOn } })).vehicleDocumentAdd;
    for (const v of [expired, dueSoon]) {
      await add(v, tarjeta.id, addDays(today, 200));
      await add(v, verificacion.id, addDays(today, 200));
    }
    const UPDATE_TYPE = 'mutation($id:ID!,$v:Int!,$i:VpDocumentTypeInput!){ vpDocumentTypeUpdate(id:$id,version:$v,input:$i){ id version } }';
    const typeRow = (await gqlOk('{ vpDocumentTypes(list:{pageSize:50}){ items { id name version } } }')).vpDocumentTypes.items.find((t: { name: string }) => t.name === 'Póliza de seguro');
    const dashboard = async () => (await gqlOk('{ dashboard { vehiclePark { documents { withAlerts expiredOrMissing } } } }')).dashboard.vehiclePark.documents as { withAlerts: number; expiredOrMissing: number };
    const inFilter = async (v: { economicNumber: string }) => (await gqlOk('query($s:String){ vehicles(list:{search:$s}, filter:{documentAlerts:true}){ total } }', { s: v.economicNumber })).vehicles.total;
    const optional = (await gqlOk(UPDATE_TYPE, { id: typeRow.id, v: typeRow.version, i: { name: 'Póliza de seguro', required: false, expires: true, warningDays: 30, active: true } })).vpDocumentTypeUpdate;
    try {
      expect((await detail(expired.id)).documentAlerts).toBe(1);
      expect(await detail(dueSoon.id)).toMatchObject({ documentAlerts: 0, documentsDueSoon: 1 });
      expect([await inFilter(expired), await inFilter(dueSoon)]).toEqual([1, 1]);
      // The Tablero card reads the same predicates as the list filter, which now holds both vehicles.
      const d = await dashboard();
      expect(d.withAlerts).toBe((await gqlOk('{ vehicles(filter:{documentAlerts:true}){ total } }')).vehicles.total);
    } finally {
      await gqlOk(UPDATE_TYPE, { id: optional.id, v: optional.version, i: { name: 'Póliza de seguro', required: true, expires: true, warningDays: 30, active: true } });
    }

    // With the policy document uploaded, the report lists the document alone, and its date is what counts.
    const withDoc = await add(dueSoon, poliza.id, addDays(today, 40));
    expect(await rowsOf(45, dueSoon)).toEqual([{ vehicleId: dueSoon.id, economicNumber: dueSoon.economicNumber, documentTypeName: 'Póliza de seguro', expiresOn: addDays(today, 40), state: 'por_vencer', daysLeft: 40 }]);
    expect(await rowsOf(30, dueSoon)).toEqual([]);
    expect([withDoc.documentAlerts, withDoc.documentsDueSoon]).toEqual([0, 0]);
  });

  it('keeps the vehicle policy rule on the flagged type after it is renamed: alerts counted once, its warning days, the report', async () => {
    const TYPES = '{ vpDocumentTypes(list:{pageSize:50}){ items { id name required expires warningDays active insurancePolicy version } } }';
    const UPDATE_TYPE = 'mutation($id:ID!,$v:Int!,$i:VpDocumentTypeInput!){ vpDocumentTypeUpdate(id:$id,version:$v,input:$i){ id name warningDays insurancePolicy version } }';
    const policy = ((await gqlOk(TYPES)).vpDocumentTypes.items as { id: string; name: string; insurancePolicy: boolean; version: number }[]).filter((t) => t.insurancePolicy);
    expect(policy.map((t) => t.name)).toEqual(['Póliza de seguro']); // the seed flags it, and only it
    // No insurancePolicy in the input: the type keeps its flag.
    const renamed = (await gqlOk(UPDATE_TYPE, { id: policy[0].id, v: policy[0].version, i: { name: 'Seguro del vehículo', required: true, expires: true, warningDays: 12, active: true } })).vpDocumentTypeUpdate;
    expect(renamed).toMatchObject({ name: 'Seguro del vehículo', warningDays: 12, insurancePolicy: true });
    try {
      // The required policy type's missing document is the alert: the expired date on the vehicle does not count it twice (3, not 4).
      const expired = await create({ insuranceExpiresOn: addDays(today, -3) });
      expect([expired.documentAlerts, expired.documentsDueSoon]).toEqual([3, 0]);
      // The renamed type's 12 warning days, not the report's default 30.
      const soon = await create({ insuranceExpiresOn: addDays(today, 12) });
      const notYet = await create({ insuranceExpiresOn: addDays(today, 13) });
      expect([soon.documentsDueSoon, notYet.documentsDueSoon]).toEqual([1, 0]);
      // With a document of the renamed type uploaded, the report lists the document alone.
      const withDoc = (await gqlOk(DOC_ADD, { id: soon.id, i: { documentTypeId: policy[0].id, fileId: await s.uploadId(fleet, PDF, 'poliza.pdf'), expiresOn: addDays(today, 40) } })).vehicleDocumentAdd;
      expect([withDoc.documentAlerts, withDoc.documentsDueSoon]).toEqual([2, 0]);
      const rows = ((await gqlOk('query($d:Int!){ vpExpiringDocuments(days: $d) { economicNumber documentTypeName expiresOn daysLeft } }', { d: 45 })).vpExpiringDocuments as { economicNumber: string }[]).filter(
        (r) => r.economicNumber === soon.economicNumber,
      );
      expect(rows).toEqual([{ economicNumber: soon.economicNumber, documentTypeName: 'Seguro del vehículo', expiresOn: addDays(today, 40), daysLeft: 40 }]);
    } finally {
      await gqlOk(UPDATE_TYPE, { id: renamed.id, v: renamed.version, i: { name: 'Póliza de seguro', required: true, expires: true, warningDays: 30, active: true } });
    }
  });

  it('refuses a document without its expiry, of an unknown type, or by a user without editar; nothing written', async () => {
    const o = await formOptions();
    const tarjeta = o.documentTypes.find((t: { name: string }) => t.name === 'Tarjeta de circulación');
    const v = await create();
    expect(fields(await s.gql(DOC_ADD, { id: v.id, i: { documentTypeId: tarjeta.id, fileId: await s.uploadId(fleet, PDF, 'x.pdf') } }, fleet))).toEqual({
      expiresOn: 'Este documento vence: indica la fecha de vencimiento.',
    });
    expect(fields(await s.gql(DOC_ADD, { id: v.id, i: { documentTypeId: '999999', fileId: await s.uploadId(fleet, PDF, 'x.pdf') } }, fleet))).toEqual({ documentTypeId: 'El tipo de documento no existe.' });
    expect(code(await s.gql(DOC_ADD, { id: v.id, i: { documentTypeId: tarjeta.id, fileId: await s.uploadId(admin, PDF, 'x.pdf'), expiresOn: today } }, viewer))).toBe('FORBIDDEN');
    expect((await detail(v.id)).documents.every((d: { id: string | null }) => d.id === null)).toBe(true);
  });

  it('sets a photo (images only) for editar', async () => {
    const v = await create();
    expect(fields(await s.gql(PHOTO, { id: v.id, f: await s.uploadId(fleet, PDF, 'foto.pdf') }, fleet))).toEqual({ fileId: 'Tipo de archivo no permitido aquí. Sube PNG, JPG, WEBP.' });
    expect(code(await s.gql(PHOTO, { id: v.id, f: await s.uploadId(admin, PNG, 'foto.png') }, seller))).toBe('FORBIDDEN');
    const withPhoto = (await gqlOk(PHOTO, { id: v.id, f: await s.uploadId(fleet, PNG, 'foto.png') })).vehiclePhotoSet;
    expect(withPhoto.photo).toMatchObject({ fileName: 'foto.png', fileType: 'png' });
  });
});

// ---- Configuración PV ------------------------------------------------------------------------

describe('catalogues', () => {
  const cases = [
    { kind: 'Group', list: 'vpGroups', input: { name: 'Grupo de prueba', description: 'x', active: true }, taken: 'Ya existe un grupo con ese nombre.' },
    { kind: 'Location', list: 'vpLocations', input: { name: 'Patio de prueba', address: 'Calle 1', active: true }, taken: 'Ya existe una locación con ese nombre.' },
    { kind: 'DocumentType', list: 'vpDocumentTypes', input: { name: 'Tenencia de prueba', required: false, expires: true, warningDays: 20, active: true }, taken: 'Ya existe un tipo de documento con ese nombre.' },
  ] as const;
  for (const c of cases) {
    it(`vp${c.kind}Create / Update: allowed, FORBIDDEN, duplicate name in any case, stale version`, async () => {
      const createQ = `mutation($i:Vp${c.kind}Input!){ vp${c.kind}Create(input:$i){ id name active version } }`;
      const updateQ = `mutation($id:ID!,$v:Int!,$i:Vp${c.kind}Input!){ vp${c.kind}Update(id:$id,version:$v,input:$i){ id name active version } }`;
      const total = async () => (await gqlOk(`{ ${c.list} { total } }`, {}, admin))[c.list].total as number;
      const before = await total();
      for (const token of [seller, viewer]) expect(code(await s.gql(createQ, { i: c.input }, token))).toBe('FORBIDDEN');
      expect(await total()).toBe(before);
      const row = (await gqlOk(createQ, { i: c.input }))[`vp${c.kind}Create`];
      expect(row).toMatchObject({ name: c.input.name, active: true, version: 1 });
      expect(fields(await s.gql(createQ, { i: { ...c.input, name: c.input.name.toUpperCase() } }, fleet))).toEqual({ name: c.taken });
      expect(fields(await s.gql(createQ, { i: { ...c.input, name: ' ' } }, fleet))).toEqual({ name: 'Este campo es obligatorio.' });
      expect(await total()).toBe(before + 1);
      const off = (await gqlOk(updateQ, { id: row.id, v: row.version, i: { ...c.input, active: false } }))[`vp${c.kind}Update`];
      expect(off).toMatchObject({ active: false, version: 2 });
      expect(code(await s.gql(updateQ, { id: row.id, v: row.version, i: c.input }, fleet))).toBe('CONFLICT');
      expect(code(await s.gql(updateQ, { id: row.id, v: off.version, i: c.input }, viewer))).toBe('FORBIDDEN');
    });
  }

  it('refuses warning days outside 0–365 and keeps 0 for a type that does not expire', async () => {
    const q = 'mutation($i:VpDocumentTypeInput!){ vpDocumentTypeCreate(input:$i){ name expires warningDays } }';
    expect(fields(await s.gql(q, { i: { name: 'Aviso largo', required: false, expires: true, warningDays: 366, active: false } }, fleet))).toEqual({ warningDays: 'Los días de aviso deben estar entre 0 y 365.' });
    expect((await gqlOk(q, { i: { name: 'Factura de origen', required: false, expires: false, warningDays: 40, active: false } })).vpDocumentTypeCreate).toEqual({ name: 'Factura de origen', expires: false, warningDays: 0 });
  });

  describe('the insurance policy type', () => {
    const TYPES = '{ vpDocumentTypes(list:{pageSize:50}){ total items { id name insurancePolicy version } } }';
    const CREATE_TYPE = 'mutation($i:VpDocumentTypeInput!){ vpDocumentTypeCreate(input:$i){ id name insurancePolicy version } }';
    const UPDATE_TYPE = 'mutation($id:ID!,$v:Int!,$i:VpDocumentTypeInput!){ vpDocumentTypeUpdate(id:$id,version:$v,input:$i){ id name insurancePolicy version } }';
    const TAKEN = '«Póliza de seguro» ya es la póliza de seguro del vehículo: desmárcalo antes de marcar este.';
    type TypeRow = { id: string; name: string; insurancePolicy: boolean; version: number };
    const types = async () => (await gqlOk(TYPES, {}, admin)).vpDocumentTypes as { total: number; items: TypeRow[] };
    const byName = async (name: string) => (await types()).items.find((t) => t.name === name) as TypeRow;
    const input = (name: string, insurancePolicy?: boolean) => ({ name, required: false, expires: true, warningDays: 30, active: true, ...(insurancePolicy === undefined ? {} : { insurancePolicy }) });
    const audits = async (id: string) =>
      (await gqlOk('query($i:String){ auditEntries(entity:"vp_document_type", entityId:$i){ items { action after } } }', { i: id }, admin)).auditEntries.items as { action: string; after: { insurancePolicy?: boolean } }[];

    it('refuses flagging a second type, on create or update, with the field message; nothing written', async () => {
      const before = await types();
      expect(fields(await s.gql(CREATE_TYPE, { i: input('Seguro adicional', true) }, fleet))).toEqual({ insurancePolicy: TAKEN });
      expect(await types()).toEqual(before);
      const other = (await gqlOk(CREATE_TYPE, { i: input('Seguro de carga') })).vpDocumentTypeCreate;
      expect(other).toMatchObject({ insurancePolicy: false, version: 1 });
      expect(fields(await s.gql(UPDATE_TYPE, { id: other.id, v: other.version, i: input('Seguro de carga', true) }, fleet))).toEqual({ insurancePolicy: TAKEN });
      expect(await byName('Seguro de carga')).toEqual(other);
      expect((await audits(other.id)).map((a) => a.action)).toEqual(['create']);
    });

    it('moves the flag once the current type is unflagged, audited as an update', async () => {
      const policy = await byName('Póliza de seguro');
      const next = (await gqlOk(CREATE_TYPE, { i: input('Póliza de flotilla') })).vpDocumentTypeCreate;
      const unflagged = (await gqlOk(UPDATE_TYPE, { id: policy.id, v: policy.version, i: { ...input('Póliza de seguro', false), required: true } })).vpDocumentTypeUpdate;
      try {
        expect(unflagged.insurancePolicy).toBe(false);
        const flagged = (await gqlOk(UPDATE_TYPE, { id: next.id, v: next.version, i: input('Póliza de flotilla', true) })).vpDocumentTypeUpdate;
        expect(flagged).toMatchObject({ insurancePolicy: true, version: 2 });
        expect((await types()).items.filter((t) => t.insurancePolicy).map((t) => t.name)).toEqual(['Póliza de flotilla']);
        expect((await audits(next.id)).map((a) => [a.action, a.after.insurancePolicy])).toEqual(expect.arrayContaining([['create', false], ['update', true]]));
        const back = (await gqlOk(UPDATE_TYPE, { id: next.id, v: flagged.version, i: input('Póliza de flotilla', false) })).vpDocumentTypeUpdate;
        expect(back.insurancePolicy).toBe(false);
      } finally {
        const now = await byName('Póliza de seguro');
        await gqlOk(UPDATE_TYPE, { id: now.id, v: now.version, i: { ...input('Póliza de seguro', true), required: true } });
      }
      expect((await byName('Póliza de seguro')).insurancePolicy).toBe(true);
    });

    it('is FORBIDDEN to flag a type without editar on the document types screen; nothing written', async () => {
      const other = await byName('Permiso SCT');
      for (const token of [seller, viewer]) {
        expect(code(await s.gql(UPDATE_TYPE, { id: other.id, v: other.version, i: input('Permiso SCT', true) }, token))).toBe('FORBIDDEN');
        expect(code(await s.gql(CREATE_TYPE, { i: input('Póliza sin permiso', true) }, token))).toBe('FORBIDDEN');
      }
      expect(await byName('Permiso SCT')).toEqual(other);
      expect(await byName('Póliza sin permiso')).toBeUndefined();
    });
  });

  it('refuses an inactive group for a new vehicle but keeps it on one that has it', async () => {
    const g = (await gqlOk('mutation{ vpGroupCreate(input:{name:"Grupo que se retira", active:true}){ id version } }')).vpGroupCreate;
    const v = await create({ groupId: g.id });
    await gqlOk('mutation($id:ID!,$v:Int!){ vpGroupUpdate(id:$id,version:$v,input:{name:"Grupo que se retira", active:false}){ id } }', { id: g.id, v: g.version });
    expect(fields(await s.gql(CREATE, { i: vehicleInput({ groupId: g.id }) }, fleet))).toEqual({ groupId: 'El grupo está inactivo.' });
    const kept = (await gqlOk(UPDATE, { id: v.id, v: v.version, i: inputOf(v, { model: 'Otro' }) })).vehicleUpdate;
    expect(kept.groupId).toBe(g.id);
  });
});

// ---- reports and Tablero -------------------------------------------------------------------

describe('reports', () => {
  it('counts vehicles by status, group and location with the same total', async () => {
    const total = await countVehicles();
    for (const by of ['status', 'group', 'location']) {
      const rows = (await gqlOk('query($b:VpVehicleGrouping!){ vpVehicleCounts(by:$b){ label activo enTaller baja total } }', { b: by })).vpVehicleCounts as { activo: number; enTaller: number; baja: number; total: number }[];
      expect(rows.reduce((t, r) => t + r.total, 0)).toBe(total);
      for (const r of rows) expect(r.activo + r.enTaller + r.baja).toBe(r.total);
    }
  });

  it('works out the km of each month from the log', async () => {
    const v = await create({ acquisitionDate: '2024-01-02', initialKm: 1_000, initialKmDate: '2024-01-10' });
    for (const [readOn, km] of [['2024-01-25', 1_400], ['2024-02-03', 1_650], ['2024-02-28', 2_300], ['2024-04-15', 3_100]] as const) await gqlOk(ODOMETER, { id: v.id, i: { readOn, km } });
    const rows = (await gqlOk('{ vpKmPerMonth(fromMonth:"2023-12", toMonth:"2024-04"){ economicNumber month closingKm km } }')).vpKmPerMonth.filter((r: { economicNumber: string }) => r.economicNumber === v.economicNumber);
    // January starts the log: 1,400 − 1,000; February 2,300 − 1,400; March no reading 2,300 − 2,300; April 3,100 − 2,300.
    expect(rows).toEqual([
      { economicNumber: v.economicNumber, month: '2024-01', closingKm: 1_400, km: 400 },
      { economicNumber: v.economicNumber, month: '2024-02', closingKm: 2_300, km: 900 },
      { economicNumber: v.economicNumber, month: '2024-03', closingKm: 2_300, km: 0 },
      { economicNumber: v.economicNumber, month: '2024-04', closingKm: 3_100, km: 800 },
    ]);
    expect(fields(await s.gql('{ vpKmPerMonth(fromMonth:"2024-05", toMonth:"2024-04"){ km } }', {}, fleet))).toEqual({ toMonth: 'El mes final no puede ser anterior al inicial.' });
    expect(fields(await s.gql('{ vpKmPerMonth(fromMonth:"2023-01", toMonth:"2024-01"){ km } }', {}, fleet))).toEqual({ toMonth: 'El reporte abarca máximo 12 meses.' });
    expect(fields(await s.gql('{ vpKmPerMonth(fromMonth:"2024-13", toMonth:"2024-01"){ km } }', {}, fleet))).toEqual({ fromMonth: 'Mes no válido (AAAA-MM).' });
  });

  const COST = `query($f:String,$t:String){ vpMaintenanceCost(fromDate:$f, toDate:$t){ fromDate toDate
    rows { vehicleId economicNumber brand model orders partsCost labourCost externalCost total km costPerKm }
    totals { orders partsCost labourCost externalCost total km costPerKm } } }`;
  const cents = (v: string) => Math.round(Number(v) * 100);

  it('works out the maintenance cost per vehicle and per km from orders closed in the range and the log', async () => {
    const mt = await s.login('mantenimiento@demo.mx');
    const services = (await gqlOk('{ maintenanceServices(list:{pageSize:50}){ items { id name } } }', {}, mt)).maintenanceServices.items as { id: string; name: string }[];
    const corrective = services.find((x) => x.name === 'Reparación de suspensión')!.id;
    const supplier = (await gqlOk('{ supplierOptions { id } }', {}, admin)).supplierOptions[0].id;
    const v = await create({ acquisitionDate: '2024-12-01', initialKm: 5_000, initialKmDate: '2024-12-20' });
    const ORDER = 'id version';
    /** Opens (odometer in the log), sets labour and external work, starts and closes an order through Mantenimiento. */
    const order = async (openedOn: string, km: number, closedOn: string, labourHours: string, labourRate: string, externalCost: string) => {
      const o = (await gqlOk(`mutation($i:MaintenanceOrderCreateInput!){ maintenanceOrderCreate(input:$i){ ${ORDER} } }`, { i: { vehicleId: v.id, serviceIds: [corrective], openedOn, odometerIn: km } }, mt)).maintenanceOrderCreate;
      const u = (await gqlOk(`mutation($id:ID!,$v:Int!,$i:MaintenanceOrderUpdateInput!){ maintenanceOrderUpdate(id:$id,version:$v,input:$i){ ${ORDER} } }`, {
        id: o.id,
        v: o.version,
        i: { supplierId: externalCost === '0' ? null : supplier, labourHours, labourRate, externalCost, externalInvoice: '' },
      }, mt)).maintenanceOrderUpdate;
      const st = (await gqlOk(`mutation($id:ID!,$v:Int!){ maintenanceOrderStart(id:$id,version:$v){ ${ORDER} } }`, { id: u.id, v: u.version }, mt)).maintenanceOrderStart;
      await gqlOk(`mutation($id:ID!,$v:Int!,$on:Date!){ maintenanceOrderClose(id:$id,version:$v,closedOn:$on){ id } }`, { id: st.id, v: st.version, on: closedOn }, mt);
    };
    // Log: 5,000 (12-20) · order 5,500 (01-10) · 5,800 (01-20) · order 6,200 (02-10) · order 7,350 (05-03) · 8,000 (06-30) · order 8,100 (07-01) · 8,400 (07-05).
    await order('2025-01-10', 5_500, '2025-01-31', '1', '200.00', '0'); // closed the day before the range
    await gqlOk(ODOMETER, { id: v.id, i: { readOn: '2025-01-20', km: 5_800 } });
    await order('2025-02-10', 6_200, '2025-02-12', '2.75', '312.40', '1500.00'); // 859.10 + 1,500.00
    await order('2025-05-03', 7_350, '2025-05-04', '1.5', '333.33', '0'); // 499.995 → 500.00 (rounded per order, half-up)
    await gqlOk(ODOMETER, { id: v.id, i: { readOn: '2025-06-30', km: 8_000 } });
    await order('2025-07-01', 8_100, '2025-07-03', '1', '100.00', '0'); // closed after the range
    await gqlOk(ODOMETER, { id: v.id, i: { readOn: '2025-07-05', km: 8_400 } });

    const rowOf = async (f: string, t: string) => ((await gqlOk(COST, { f, t })).vpMaintenanceCost.rows as { economicNumber: string }[]).find((r) => r.economicNumber === v.economicNumber);
    // 02-01…06-30: km 8,000 − 5,800 = 2,200; total 2,359.10 + 500.00 = 2,859.10; 2,859.10 ÷ 2,200 = 1.2996 → 1.30.
    expect(await rowOf('2025-02-01', '2025-06-30')).toEqual({
      vehicleId: v.id,
      economicNumber: v.economicNumber,
      brand: 'Nissan',
      model: 'NP300',
      orders: 2,
      partsCost: '0',
      labourCost: '1359.1',
      externalCost: '1500',
      total: '2859.1',
      km: 2_200,
      costPerKm: '1.3',
    });
    // The log starts in the range: 5,800 − 5,000 (the first reading) = 800; one order of 200.00 → 0.25 per km.
    expect(await rowOf('2024-12-01', '2025-01-31')).toMatchObject({ orders: 1, labourCost: '200', total: '200', km: 800, costPerKm: '0.25' });
    // An order but no km run in the range: no cost per km.
    expect(await rowOf('2025-07-02', '2025-07-03')).toMatchObject({ orders: 1, total: '100', km: 0, costPerKm: null });
    // Neither orders nor km: no row.
    expect(await rowOf('2025-03-01', '2025-04-30')).toBeUndefined();

    // The totals row adds every row and divides the sums.
    const all = (await gqlOk(COST, { f: '2025-01-01', t: today })).vpMaintenanceCost;
    const rows = all.rows as { orders: number; total: string; km: number; partsCost: string }[];
    expect(all.totals.orders).toBe(rows.reduce((t, r) => t + r.orders, 0));
    expect(cents(all.totals.total)).toBe(rows.reduce((t, r) => t + cents(r.total), 0));
    expect(cents(all.totals.partsCost)).toBe(rows.reduce((t, r) => t + cents(r.partsCost), 0));
    expect(all.totals.km).toBe(rows.reduce((t, r) => t + r.km, 0));
    expect(cents(all.totals.costPerKm)).toBe(Math.round((cents(all.totals.total) / all.totals.km)));

    // Default range: 1 January of this year to today.
    expect((await gqlOk('{ vpMaintenanceCost { fromDate toDate } }')).vpMaintenanceCost).toEqual({ fromDate: `${today.slice(0, 4)}-01-01`, toDate: today });
    expect(fields(await s.gql(COST, { f: '2025-07-01', t: '2025-06-30' }, fleet))).toEqual({ toDate: 'La fecha final no puede ser anterior a la inicial.' });
    expect(fields(await s.gql(COST, { f: '2025-02-30', t: 'mañana' }, fleet))).toEqual({ fromDate: 'Fecha no válida.', toDate: 'Fecha no válida.' });
    expect(code(await s.gql(COST, {}, seller))).toBe('FORBIDDEN');
  });

  it('the demo: each vehicle row equals the sum of its closed orders read through Mantenimiento and the km of its log', async () => {
    const from = addDays(today, -60);
    const orders = (await gqlOk('{ maintenanceOrders(list:{pageSize:200}, filter:{status: cerrada}){ items { vehicleId closedOn partsCost labourCost externalCost total } } }', {}, admin)).maintenanceOrders.items as {
      vehicleId: string;
      closedOn: string;
      partsCost: string;
      labourCost: string;
      externalCost: string;
      total: string;
    }[];
    const inRange = orders.filter((o) => o.closedOn >= from && o.closedOn <= today);
    expect(inRange.length).toBeGreaterThan(0);
    const rows = (await gqlOk(COST, { f: from, t: today })).vpMaintenanceCost.rows as Record<string, any>[];
    for (const vehicleId of new Set(inRange.map((o) => o.vehicleId))) {
      const mine = inRange.filter((o) => o.vehicleId === vehicleId);
      const add = (k: 'partsCost' | 'labourCost' | 'externalCost' | 'total') => mine.reduce((t, o) => t + cents(o[k]), 0);
      const log = (await detail(vehicleId)).odometerReadings as { readOn: string; km: number }[];
      const upTo = log.filter((r) => r.readOn <= today).map((r) => r.km);
      const before = log.filter((r) => r.readOn < from).map((r) => r.km);
      const inside = log.filter((r) => r.readOn >= from && r.readOn <= today).map((r) => r.km);
      const km = Math.max(...upTo) - (before.length ? Math.max(...before) : Math.min(...inside));
      const row = rows.find((r) => r.vehicleId === vehicleId)!;
      expect(row.orders).toBe(mine.length);
      expect([cents(row.partsCost), cents(row.labourCost), cents(row.externalCost), cents(row.total)]).toEqual([add('partsCost'), add('labourCost'), add('externalCost'), add('total')]);
      expect(row.km).toBe(km);
      if (km) expect(cents(row.costPerKm)).toBe(Math.round(add('total') / km));
      else expect(row.costPerKm).toBeNull();
    }
  });

  it('prints each report as PDF for exportar; ver alone or another module is FORBIDDEN', async () => {
    for (const [kind, extra] of [['documentos', { days: 45 }], ['vehiculos', { by: 'group' }], ['km_mes', { fromMonth: '2024-01', toMonth: '2024-06' }], ['costo_mtto', { fromDate: '2025-01-01', toDate: today }]] as const) {
      const pdf = (await gqlOk('query($k:VpReportKind!,$d:Int,$b:VpVehicleGrouping,$f:String,$t:String,$fd:String,$td:String){ vpReportPdf(kind:$k, days:$d, by:$b, fromMonth:$f, toMonth:$t, fromDate:$fd, toDate:$td) }', {
        k: kind,
        d: 'days' in extra ? extra.days : null,
        b: 'by' in extra ? extra.by : null,
        f: 'fromMonth' in extra ? extra.fromMonth : null,
        t: 'toMonth' in extra ? extra.toMonth : null,
        fd: 'fromDate' in extra ? extra.fromDate : null,
        td: 'toDate' in extra ? extra.toDate : null,
      })).vpReportPdf as string;
      expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(code(await s.gql('{ vpReportPdf(kind: documentos) }', {}, viewer))).toBe('FORBIDDEN');
    expect(code(await s.gql('{ vpExpiringDocuments(days: 30) { state } }', {}, seller))).toBe('FORBIDDEN');
    expect(fields(await s.gql('{ vpExpiringDocuments(days: 366) { state } }', {}, fleet))).toEqual({ days: 'Los días deben estar entre 0 y 365.' });
  });

  it('the demo holds documents in every state and the Tablero card counts what the list filter shows', async () => {
    const demo = (await gqlOk('{ vpExpiringDocuments(days: 30) { economicNumber state } }')).vpExpiringDocuments.filter((r: { economicNumber: string }) => r.economicNumber.startsWith('ECO-'));
    expect(demo.some((r: { state: string }) => r.state === 'vencido')).toBe(true);
    expect(demo.some((r: { state: string }) => r.state === 'por_vencer')).toBe(true);
    const d = (await gqlOk('{ dashboard { vehiclePark { documents { withAlerts expiredOrMissing } } } }')).dashboard.vehiclePark.documents;
    const listed = (await gqlOk('{ vehicles(filter:{documentAlerts:true}){ total } }')).vehicles.total;
    expect(d.withAlerts).toBe(listed);
    expect(d.expiredOrMissing).toBeGreaterThan(0);
    expect(d.expiredOrMissing).toBeLessThanOrEqual(d.withAlerts);
    expect((await gqlOk('{ dashboard { vehiclePark { documents { withAlerts } } } }', {}, seller)).dashboard.vehiclePark).toBeNull();
  });
});

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Vehículos by acquisition date', async () => {
    await checkDateRange(s, fleet, { field: 'vehicles', filterType: 'VehicleFilter', dateField: 'acquisitionDate' });
  });
});
