// Combustible over HTTP (issue 28): a load allowed (Parque Vehicular's demo
// user), FORBIDDEN (ventas@ without the ability, consulta@ with only ver),
// bad input (odometer backwards, litres 0, a station CFDI whose total is not
// the amount: Spanish field messages, nothing written), km/l by the full-tank
// method and the «atípica» flag with figures worked out by hand, the band per
// vehicle type, cost per km with a maintenance order, and parallel loads of
// one vehicle keeping the odometer log consistent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf as fields, okData } from './answers';
import { stampedSupplierCfdi } from '../unit/cfdi/supplierCfdi';

let s: TestServer;
let admin: string;
let fleet: string; // Parque Vehicular: every Combustible permission
let seller: string; // Vendedor: no Parque Vehicular
let viewer: string; // Consulta: only ver

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const mx = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  // On PostgreSQL the server gets its own database, copied from the run's seeded template and dropped on stop.
  s = await startServer();
  [admin, fleet, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('vehiculos@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
}, 180_000);
afterAll(async () => s?.stop());

const LOAD = `id vehicleId economicNumber loadedOn litres amount pricePerLitre odometerKm fullTank station fuelCard km litresSince kmPerLitre outlier bandMin bandMax
  cfdiUuid cfdiEmisorRfc cfdiFile { id fileName } files { id fileName }`;
const CREATE = `mutation($i:FuelLoadInput!){ fuelLoadCreate(input:$i){ ${LOAD} } }`;
const LIST = `query($f:FuelLoadFilter,$l:ListInput){ fuelLoads(filter:$f, list:$l){ total totals { loads litres amount outliers } items { ${LOAD} } } }`;
const VEHICLE = 'mutation($i:VehicleInput!){ vehicleCreate(input:$i){ id economicNumber odometerKm } }';
const READINGS = 'query($id:ID!){ vehicle(id:$id){ odometerKm odometerReadings { id km source readOn } } }';

const gql = (query: string, variables: Record<string, unknown> = {}, token = fleet) => s.gql(query, variables, token);
const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = fleet) => okData(await gql(query, variables, token));
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;

let serial = 0;
async function vehicle(initialKm: number, initialKmDate: string, vehicleType = 'Pick-up') {
  serial += 1;
  const i = { economicNumber: `CB-${serial}`, plate: `CMB-${100 + serial}`, brand: 'Nissan', model: 'NP300', year: 2022, vehicleType, fuel: 'diesel', acquisitionDate: '2022-03-15', initialKm, initialKmDate };
  return (await gqlOk(VEHICLE, { i }, admin)).vehicleCreate as { id: string; economicNumber: string };
}
const input = (vehicleId: string, loadedOn: string, odometerKm: number, litres: string, amount: string, extra: Record<string, unknown> = {}) => ({
  vehicleId,
  loadedOn,
  odometerKm,
  litres,
  amount,
  fullTank: true,
  station: 'Gasolinera Av. Juárez',
  fuelCard: 'TC-0001',
  ...extra,
});
const readings = async (id: string) => (await gqlOk(READINGS, { id }, admin)).vehicle as { odometerKm: number; odometerReadings: { id: string; km: number; source: string; readOn: string }[] };
const loadsOf = async (vehicleId: string, f: Record<string, unknown> = {}) => (await gqlOk(LIST, { f: { vehicleId, ...f }, l: { pageSize: 50 } }, admin)).fuelLoads;

describe('Combustible: a load and its odometer reading', () => {
  it('records the load (price per litre derived) and a reading with source combustible; refuses FORBIDDEN users', async () => {
    const v = await vehicle(9_000, addDays(today, -30));
    const r = (await gqlOk(CREATE, { i: input(v.id, addDays(today, -2), 10_000, '40.000', '920.00') })).fuelLoadCreate;
    // $920.00 / 40.000 L = $23.000 per litre; the first full load has no km/l.
    expect(r).toMatchObject({ vehicleId: v.id, litres: '40', amount: '920', pricePerLitre: '23', odometerKm: 10_000, fullTank: true, km: null, kmPerLitre: null, outlier: false, cfdiUuid: null });
    const log = await readings(v.id);
    expect(log.odometerKm).toBe(10_000);
    expect(log.odometerReadings[0]).toMatchObject({ km: 10_000, source: 'combustible', readOn: addDays(today, -2) });

    const before = (await loadsOf(v.id)).total;
    expect(code(await gql(CREATE, { i: input(v.id, today, 10_100, '10', '230') }, seller))).toBe('FORBIDDEN');
    expect(code(await gql(CREATE, { i: input(v.id, today, 10_100, '10', '230') }, viewer))).toBe('FORBIDDEN');
    expect(code(await gql(LIST, { f: { vehicleId: v.id } }, seller))).toBe('FORBIDDEN');
    expect((await gqlOk(LIST, { f: { vehicleId: v.id } }, viewer)).fuelLoads.total).toBe(before);
    expect((await loadsOf(v.id)).total).toBe(before);
    expect((await readings(v.id)).odometerReadings).toHaveLength(2);
  });

  it('refuses an odometer going backwards, litres 0 and a future date, in Spanish, writing nothing', async () => {
    const v = await vehicle(9_000, addDays(today, -30));
    await gqlOk(CREATE, { i: input(v.id, addDays(today, -5), 10_480, '40', '940') });
    const before = await readings(v.id);
    expect(fields(await gql(CREATE, { i: input(v.id, addDays(today, -1), 10_300, '20', '460') }))).toEqual({
      odometerKm: `La lectura no puede ser menor que la última registrada: 10,480 km del ${mx(addDays(today, -5))}.`,
    });
    // Before an earlier date the later reading bounds it from above.
    expect(fields(await gql(CREATE, { i: input(v.id, addDays(today, -10), 10_500, '20', '460') }))).toEqual({
      odometerKm: `La lectura no puede ser mayor que la registrada después: 10,480 km del ${mx(addDays(today, -5))}.`,
    });
    expect(fields(await gql(CREATE, { i: input(v.id, today, 10_600, '0', '460') }))).toEqual({ litres: 'Los litros deben ser mayores que 0.' });
    expect(fields(await gql(CREATE, { i: input(v.id, today, 10_600, '10.0001', '0') }))).toEqual({ litres: 'Máximo 3 decimales.', amount: 'El importe debe ser mayor que 0.' });
    expect(fields(await gql(CREATE, { i: input(v.id, addDays(today, 1), 10_600, '10', '230') }))).toEqual({ loadedOn: 'La fecha de la carga no puede ser futura.' });
    expect(await readings(v.id)).toEqual(before);
    expect((await loadsOf(v.id)).total).toBe(1);
  });

  it('reads the station CFDI with the supplier intake: a total other than the amount is refused and nothing is written; the same file then saves', async () => {
    const v = await vehicle(1_000, addDays(today, -30));
    const { xml, uuid } = await stampedSupplierCfdi({ folio: '8801' }, 'combustible-1'); // Total 2,864.18
    const fileId = await s.uploadId(fleet, Buffer.from(xml), 'estacion.xml');
    const ticket = await s.uploadId(fleet, Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'), 'ticket.pdf');
    const bad = await gql(CREATE, { i: input(v.id, today, 1_500, '120.000', '2800.00', { cfdiFileId: fileId, fileIds: [ticket] }) });
    expect(fields(bad)).toEqual({ amount: 'El total del CFDI ($2,864.18) no coincide con el importe de la carga ($2,800.00): corrige el importe o adjunta el CFDI de esta carga.' });
    expect((await loadsOf(v.id)).total).toBe(0);
    expect((await readings(v.id)).odometerReadings).toHaveLength(1);

    const ok = (await gqlOk(CREATE, { i: input(v.id, today, 1_500, '120.000', '2864.18', { cfdiFileId: fileId, fileIds: [ticket] }) })).fuelLoadCreate;
    expect(ok).toMatchObject({ cfdiUuid: uuid, cfdiEmisorRfc: 'EKU9003173C9', cfdiFile: { id: fileId, fileName: 'estacion.xml' }, files: [{ id: ticket, fileName: 'ticket.pdf' }] });
    // The same CFDI for another load is refused.
    const again = await s.uploadId(fleet, Buffer.from(xml), 'estacion.xml');
    expect(fields(await gql(CREATE, { i: input(v.id, today, 1_600, '120.000', '2864.18', { cfdiFileId: again }) }))).toEqual({
      cfdiFileId: `El CFDI ${uuid} ya está registrado en la carga del vehículo ${v.economicNumber} del ${mx(today)}.`,
    });
    // Not a stamped CFDI.
    const bare = await s.uploadId(fleet, Buffer.from('<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="10.00"/>'), 'x.xml');
    expect(fields(await gql(CREATE, { i: input(v.id, today, 1_600, '1', '10', { cfdiFileId: bare }) }))).toEqual({
      cfdiFileId: 'El CFDI no está timbrado: falta el TimbreFiscalDigital con su folio fiscal (UUID).',
    });
    expect((await loadsOf(v.id)).total).toBe(1);
  });
});

describe('Combustible: km/l, atípicas and cost per km', () => {
  it('works out km/l per load and per period, flags the impossible load, and adds fuel to maintenance in cost per km', async () => {
    const d = (n: number) => addDays(today, n);
    const v = await vehicle(9_000, d(-20));
    // Mantenimiento: one order opened at 10,200 km (D-8), 2 h × $250.00 = $500.00, closed D-7.
    const mt = await s.login('mantenimiento@demo.mx');
    const services = (await gqlOk('{ maintenanceServices(list:{pageSize:50}){ items { id name } } }', {}, mt)).maintenanceServices.items as { id: string; name: string }[];
    const corrective = services.find((x) => x.name === 'Reparación de suspensión')!.id;

    const L1 = (await gqlOk(CREATE, { i: input(v.id, d(-10), 10_000, '40.000', '920.00') })).fuelLoadCreate;
    const o = (await gqlOk('mutation($i:MaintenanceOrderCreateInput!){ maintenanceOrderCreate(input:$i){ id version } }', { i: { vehicleId: v.id, serviceIds: [corrective], openedOn: d(-8), odometerIn: 10_200 } }, mt)).maintenanceOrderCreate;
    const u = (await gqlOk('mutation($id:ID!,$v:Int!,$i:MaintenanceOrderUpdateInput!){ maintenanceOrderUpdate(id:$id,version:$v,input:$i){ id version } }', {
      id: o.id,
      v: o.version,
      i: { supplierId: null, labourHours: '2', labourRate: '250.00', externalCost: '0', externalInvoice: '' },
    }, mt)).maintenanceOrderUpdate;
    const st = (await gqlOk('mutation($id:ID!,$v:Int!){ maintenanceOrderStart(id:$id,version:$v){ id version } }', { id: u.id, v: u.version }, mt)).maintenanceOrderStart;
    await gqlOk('mutation($id:ID!,$v:Int!,$on:Date!){ maintenanceOrderClose(id:$id,version:$v,closedOn:$on){ id } }', { id: st.id, v: st.version, on: d(-7) }, mt);

    const L2 = (await gqlOk(CREATE, { i: input(v.id, d(-5), 10_480, '40.000', '940.00') })).fuelLoadCreate;
    const L3 = (await gqlOk(CREATE, { i: input(v.id, d(-3), 10_600, '10.500', '241.50', { fullTank: false }) })).fuelLoadCreate;
    const L4 = (await gqlOk(CREATE, { i: input(v.id, d(-1), 10_900, '30.000', '690.00') })).fuelLoadCreate;
    const L5 = (await gqlOk(CREATE, { i: input(v.id, d(0), 10_905, '35.000', '805.00') })).fuelLoadCreate;

    expect(L1).toMatchObject({ km: null, kmPerLitre: null, outlier: false });
    // 10,000 → 10,480 = 480 km over 40.000 L = 12.000 km/l.
    expect(L2).toMatchObject({ km: 480, litresSince: '40', kmPerLitre: '12', outlier: false, bandMin: '2', bandMax: '25' });
    // Partial: no km/l of its own.
    expect(L3).toMatchObject({ km: null, kmPerLitre: null, outlier: false });
    // 10,480 → 10,900 = 420 km over 10.500 + 30.000 = 40.500 L = 10.37037… → 10.370.
    expect(L4).toMatchObject({ km: 420, litresSince: '40.5', kmPerLitre: '10.37', outlier: false });
    // 10,900 → 10,905 = 5 km over 35.000 L = 0.142857… → 0.143: below the general 2.000 km/l, atípica.
    expect(L5).toMatchObject({ km: 5, litresSince: '35', kmPerLitre: '0.143', outlier: true });

    const list = await loadsOf(v.id);
    // 40 + 40 + 10.5 + 30 + 35 = 155.500 L; 920 + 940 + 241.50 + 690 + 805 = $3,596.50.
    expect(list.totals).toEqual({ loads: 5, litres: '155.5', amount: '3596.5', outliers: 1 });
    expect(list.items.map((x: { id: string }) => x.id)).toEqual([L5.id, L4.id, L3.id, L2.id, L1.id]);
    const atypical = await loadsOf(v.id, { outlier: true });
    expect(atypical.items.map((x: { id: string }) => x.id)).toEqual([L5.id]);
    expect(atypical.totals).toEqual({ loads: 1, litres: '35', amount: '805', outliers: 1 });
    expect((await loadsOf(v.id, { outlier: false })).total).toBe(4);
    expect((await loadsOf(v.id, { from: d(-5), to: d(-1) })).totals).toMatchObject({ loads: 3, litres: '80.5' });

    // The vehicle's period D-10 … D: km/l = (480 + 420 + 5) km / (40 + 40.5 + 35) L = 905 / 115.5 = 7.83549… → 7.835.
    // km from the log: 10,905 − 9,000 (the highest before D-10) = 1,905. Cost: $3,596.50 + $500.00 = $4,096.50 ÷ 1,905 = 2.15039… → $2.15.
    const SUMMARY = 'query($id:ID!,$f:String,$t:String){ vehicleFuelSummary(vehicleId:$id, fromDate:$f, toDate:$t){ loads litres fuelCost kmPerLitre outliers maintenanceCost km totalCost costPerKm } }';
    expect((await gqlOk(SUMMARY, { id: v.id, f: d(-10), t: d(0) })).vehicleFuelSummary).toEqual({
      loads: 5,
      litres: '155.5',
      fuelCost: '3596.5',
      kmPerLitre: '7.835',
      outliers: 1,
      maintenanceCost: '500',
      km: 1_905,
      totalCost: '4096.5',
      costPerKm: '2.15',
    });
    expect(code(await gql(SUMMARY, { id: v.id }, seller))).toBe('FORBIDDEN');

    // Reportes › costo por km: the same row with fuel joining maintenance.
    const COST = `query($f:String,$t:String){ vpMaintenanceCost(fromDate:$f, toDate:$t){ rows { vehicleId total km costPerKm fuelLitres fuelCost totalCost totalCostPerKm } } }`;
    const row = ((await gqlOk(COST, { f: d(-10), t: d(0) })).vpMaintenanceCost.rows as { vehicleId: string }[]).find((r) => r.vehicleId === v.id);
    // Maintenance alone: $500.00 ÷ 1,905 = 0.26246… → 0.26.
    expect(row).toEqual({ vehicleId: v.id, total: '500', km: 1_905, costPerKm: '0.26', fuelLitres: '155.5', fuelCost: '3596.5', totalCost: '4096.5', totalCostPerKm: '2.15' });

    // A band for pick-ups (any case) of 0.100 – 15.000 km/l: 0.143 is no longer atípica; 12.000 still inside.
    const BAND = 'mutation($i:VpFuelBandInput!){ vpFuelBandCreate(input:$i){ id vehicleType minKmPerLitre maxKmPerLitre vehicleCount version } }';
    expect(code(await gql(BAND, { i: { vehicleType: 'pick-up', minKmPerLitre: '0.1', maxKmPerLitre: '15' } }, seller))).toBe('FORBIDDEN');
    expect(fields(await gql(BAND, { i: { vehicleType: 'pick-up', minKmPerLitre: '15', maxKmPerLitre: '15' } }))).toEqual({ maxKmPerLitre: 'El máximo debe ser mayor que el mínimo.' });
    expect(fields(await gql(BAND, { i: { vehicleType: '', minKmPerLitre: '1', maxKmPerLitre: '15' } }))).toEqual({ vehicleType: 'Indica el tipo de vehículo: el rango general ya existe, modifícalo.' });
    const band = (await gqlOk(BAND, { i: { vehicleType: 'pick-up', minKmPerLitre: '0.1', maxKmPerLitre: '15' } })).vpFuelBandCreate;
    expect(band).toMatchObject({ vehicleType: 'pick-up', minKmPerLitre: '0.1', maxKmPerLitre: '15' });
    expect(fields(await gql(BAND, { i: { vehicleType: 'PICK-UP', minKmPerLitre: '1', maxKmPerLitre: '15' } }))).toEqual({ vehicleType: 'Ya hay un rango para ese tipo de vehículo.' });
    expect((await loadsOf(v.id)).totals.outliers).toBe(0);
    // Tightened to 11 – 15: now 10.370 is atípica and 0.143 again.
    const UPD = 'mutation($id:ID!,$v:Int!,$i:VpFuelBandInput!){ vpFuelBandUpdate(id:$id,version:$v,input:$i){ id version minKmPerLitre } }';
    await gqlOk(UPD, { id: band.id, v: band.version, i: { vehicleType: 'Pick-up', minKmPerLitre: '11', maxKmPerLitre: '15' } });
    expect((await loadsOf(v.id, { outlier: true })).items.map((x: { id: string }) => x.id)).toEqual([L5.id, L4.id]);
    expect(code(await gql(UPD, { id: band.id, v: band.version, i: { vehicleType: 'Pick-up', minKmPerLitre: '0.1', maxKmPerLitre: '15' } }))).toBe('CONFLICT');
    await gqlOk(UPD, { id: band.id, v: band.version + 1, i: { vehicleType: 'Pick-up', minKmPerLitre: '2', maxKmPerLitre: '25' } });
    const bands = (await gqlOk('{ vpFuelBands { vehicleType minKmPerLitre maxKmPerLitre } }')).vpFuelBands;
    expect(bands[0]).toEqual({ vehicleType: '', minKmPerLitre: '2', maxKmPerLitre: '25' });

    // Deleting the atípica load removes its reading: the vehicle is back at 10,900.
    const DEL = 'mutation($id:ID!){ fuelLoadDelete(id:$id) }';
    expect(code(await gql(DEL, { id: L5.id }, viewer))).toBe('FORBIDDEN');
    expect((await gqlOk(DEL, { id: L5.id })).fuelLoadDelete).toBe(true);
    const log = await readings(v.id);
    expect(log.odometerKm).toBe(10_900);
    expect(log.odometerReadings.filter((r) => r.source === 'combustible').map((r) => r.km)).toEqual([10_900, 10_600, 10_480, 10_000]);
    expect(code(await gql(DEL, { id: L5.id }))).toBe('NOT_FOUND');

    // The km/l the database keeps follows a deletion before a load: without L2, L4's previous full load is L1:
    // 10,000 → 10,900 = 900 km over the litres loaded since L1's full tank, 10.500 + 30.000 = 40.500 L = 22.2222… → 22.222
    // (within the 2–25 band). L1 and L3 keep none.
    expect((await gqlOk(DEL, { id: L2.id })).fuelLoadDelete).toBe(true);
    const after = (await loadsOf(v.id)).items as { id: string; km: number | null; litresSince: string | null; kmPerLitre: string | null; outlier: boolean }[];
    expect(after.map((x) => [x.id, x.km, x.litresSince, x.kmPerLitre, x.outlier])).toEqual([
      [L4.id, 900, '40.5', '22.222', false],
      [L3.id, null, null, null, false],
      [L1.id, null, null, null, false],
    ]);
  });
});

describe('Combustible: parallel loads of one vehicle', () => {
  it('queue on the vehicle row: the log never decreases and every accepted load has its reading', async () => {
    const v = await vehicle(20_000, addDays(today, -3));
    const kms = [20_600, 20_100, 20_500, 20_200, 20_400, 20_300, 20_700, 20_050];
    const results = await Promise.all(kms.map((km) => gql(CREATE, { i: input(v.id, today, km, '20.000', '460.00') })));
    const accepted = kms.filter((_, i) => !results[i].errors);
    const refused = results.filter((r) => r.errors);
    expect(accepted.length + refused.length).toBe(kms.length);
    expect(accepted.length).toBeGreaterThan(0);
    for (const r of refused) expect(fields(r).odometerKm).toMatch(/^La lectura no puede ser menor que la última registrada: 20,\d{3} km del /);
    const log = await readings(v.id);
    const fuelReadings = log.odometerReadings.filter((r) => r.source === 'combustible');
    expect(fuelReadings).toHaveLength(accepted.length);
    // In the order they were written (ids), each reading is at least the previous one.
    const byId = [...fuelReadings].sort((a, b) => Number(a.id) - Number(b.id)).map((r) => r.km);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    expect(log.odometerKm).toBe(Math.max(...accepted));
    const loads = await loadsOf(v.id);
    expect(loads.total).toBe(accepted.length);
    // 20.000 L and $460.00 each.
    expect(loads.totals).toMatchObject({ loads: accepted.length, litres: String(20 * accepted.length), amount: String(460 * accepted.length) });
    // The km/l the database kept while the loads queued: each full load after the first, the km since the one
    // before it over its own 20.000 L (the first load has none).
    const byKm = [...accepted].sort((a, b) => a - b);
    const expected = byKm.map((km, i) => (i === 0 ? [km, null, null] : [km, km - byKm[i - 1], String(Number(((km - byKm[i - 1]) / 20).toFixed(3)))]));
    const kept = (loads.items as { odometerKm: number; km: number | null; kmPerLitre: string | null }[]).map((x) => [x.odometerKm, x.km, x.kmPerLitre]);
    expect(kept.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(expected);
  });
});
