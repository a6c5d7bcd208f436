// Mantenimiento over HTTP, one server: the services catalogue, the schedule
// (status in SQL agrees with schema/maintenance/due.ts), the order chain
// (order → Almacén requisition → authorised and delivered by almacen@ →
// close: cost at the exit movements' average cost, schedule moved, vehicle
// back to activo), the refusals (unsettled requisition, parallel closes,
// odometer regression), payment requests through Compras, failure-report
// triage, and FORBIDDEN / bad input for every mutation with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf as fields } from './answers';
import { checkDateRange } from './dateRange';
import { daysAgo, makeArticle, makeFixture, okData, post, today, type Fixture } from './warehouse-helpers';

let s: TestServer;
let mt: string; // mantenimiento@
let wh: string; // almacen@
let admin: string;
let seller: string; // ventas@: no Mantenimiento

beforeAll(async () => {
  s = await startServer();
  [mt, wh, admin, seller] = await Promise.all([s.login('mantenimiento@demo.mx'), s.login('almacen@demo.mx'), s.login(ADMIN_EMAIL), s.login('ventas@demo.mx')]);
});
afterAll(async () => s?.stop());

const ok = async (query: string, variables: Record<string, unknown> = {}, token = mt) => okData(await s.gql(query, variables, token)) as Record<string, any>;
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;

const ORDER = `id folio status vehicleId odometerIn labourHours labourRate externalCost partsCost labourCost total closedOn version supplierId
  services { serviceId scheduleId } requisitions { id folio status deliveredCost lines { articleId requestedQty authorizedQty deliveredQty } }
  paymentRequest { folio status rejectReason } reportFolios`;
const SCHEDULE = 'id vehicleId serviceId lastDoneOn lastDoneKm nextDueKm nextDueOn kmLeft daysLeft status openOrderId currentKm active version';
const Q = {
  services: `query($l:ListInput,$f:MaintenanceServiceFilter){ maintenanceServices(list:$l, filter:$f){ total items { id name kind everyKm everyDays estimatedCost tasks parts { articleId sku quantity } version } } }`,
  serviceCreate: `mutation($i:MaintenanceServiceInput!){ maintenanceServiceCreate(input:$i){ id name kind everyKm everyDays estimatedHours estimatedCost tasks parts { articleId quantity } version } }`,
  serviceUpdate: `mutation($id:ID!,$v:Int!,$i:MaintenanceServiceInput!){ maintenanceServiceUpdate(id:$id,version:$v,input:$i){ id name version } }`,
  settings: `{ maintenanceSettings { marginKm marginDays version } }`,
  settingsUpdate: `mutation($v:Int!,$i:MaintenanceSettingsInput!){ maintenanceSettingsUpdate(version:$v,input:$i){ marginKm marginDays version } }`,
  schedules: `query($l:ListInput,$f:MaintenanceScheduleFilter){ maintenanceSchedules(list:$l, filter:$f){ total items { ${SCHEDULE} } } }`,
  counts: `{ maintenanceScheduleCounts { vencido proximo alCorriente } }`,
  breakdown: `query($id:ID!){ maintenanceScheduleBreakdown(id:$id){ schedule { id status } service { name tasks parts { sku quantity averageCost } } partsCost labourHours estimatedCost } }`,
  scheduleCreate: `mutation($i:MaintenanceScheduleInput!){ maintenanceScheduleCreate(input:$i){ ${SCHEDULE} } }`,
  scheduleUpdate: `mutation($id:ID!,$v:Int!,$i:MaintenanceScheduleInput!){ maintenanceScheduleUpdate(id:$id,version:$v,input:$i){ ${SCHEDULE} } }`,
  orders: `query($l:ListInput,$f:MaintenanceOrderFilter){ maintenanceOrders(list:$l, filter:$f){ total items { id folio status total } } }`,
  order: `query($id:ID!){ maintenanceOrder(id:$id){ ${ORDER} } }`,
  orderCreate: `mutation($i:MaintenanceOrderCreateInput!){ maintenanceOrderCreate(input:$i){ ${ORDER} } }`,
  fromSchedules: `mutation($ids:[ID!]!,$on:Date!,$km:Int){ maintenanceOrderFromSchedules(scheduleIds:$ids, openedOn:$on, odometerIn:$km){ ${ORDER} } }`,
  orderUpdate: `mutation($id:ID!,$v:Int!,$i:MaintenanceOrderUpdateInput!){ maintenanceOrderUpdate(id:$id,version:$v,input:$i){ ${ORDER} } }`,
  start: `mutation($id:ID!,$v:Int!){ maintenanceOrderStart(id:$id,version:$v){ ${ORDER} } }`,
  requestParts: `mutation($id:ID!,$v:Int!,$i:MaintenancePartRequestInput!){ maintenanceOrderRequestParts(id:$id,version:$v,input:$i){ ${ORDER} } }`,
  close: `mutation($id:ID!,$v:Int!,$on:Date!){ maintenanceOrderClose(id:$id,version:$v,closedOn:$on){ ${ORDER} } }`,
  cancel: `mutation($id:ID!,$v:Int!,$r:String!){ maintenanceOrderCancel(id:$id,version:$v,reason:$r){ ${ORDER} } }`,
  payment: `mutation($id:ID!,$i:MaintenancePaymentRequestInput!){ maintenancePaymentRequestCreate(orderId:$id,input:$i){ ${ORDER} } }`,
  requisitions: `query($l:ListInput,$st:String){ maintenanceRequisitions(list:$l,status:$st){ total items { orderFolio requisition { folio status } } } }`,
  paymentOrders: `{ maintenancePaymentOrders { total items { order { folio paymentRequest { status } } } } }`,
  reports: `query($f:MaintenanceFailureReportFilter){ maintenanceFailureReports(filter:$f, list:{pageSize:200}){ total items { id folio status priority orderId orderFolio version } } }`,
  reportCreate: `mutation($i:MaintenanceFailureReportInput!){ maintenanceFailureReportCreate(input:$i){ id folio status version } }`,
  triage: `mutation($id:ID!,$v:Int!,$i:MaintenanceReportTriageInput!){ maintenanceFailureReportTriage(id:$id,version:$v,input:$i){ id status priority assignedEmployeeId version } }`,
  toOrder: `mutation($id:ID!,$v:Int!,$o:ID,$n:MaintenanceOrderCreateInput){ maintenanceFailureReportToOrder(id:$id,version:$v,orderId:$o,newOrder:$n){ id status orderId orderFolio version } }`,
  discard: `mutation($id:ID!,$v:Int!,$r:String!){ maintenanceFailureReportDiscard(id:$id,version:$v,reason:$r){ id status version } }`,
  reqAuthorize: `mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionAuthorize(id:$id,version:$v,lines:$l){ id status version } }`,
  reqFulfill: `mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionFulfill(id:$id,version:$v,lines:$l){ id status version } }`,
  reqReject: `mutation($id:ID!,$v:Int!,$r:String!){ warehouseRequisitionReject(id:$id,version:$v,reason:$r){ id status version } }`,
  reqClose: `mutation($id:ID!,$v:Int!,$r:String!){ warehouseRequisitionClose(id:$id,version:$v,reason:$r){ id status version } }`,
  req: `query($id:ID!){ warehouseRequisition(id:$id){ id folio status version originReference area lines { id requestedQuantity } } }`,
  vehicles: `{ vehicleOptions(limit: 50, includeInShop: false) { id economicNumber status odometerKm } }`,
  employees: `{ rhEmployeeOptions(limit: 3) { id } }`,
  suppliers: `{ supplierOptions { id name } }`,
  paymentRequests: `{ paymentRequests(list:{pageSize:200}) { items { id folio status version origin originFolio total } } }`,
  approve: `mutation($id:ID!,$v:Int!,$i:PaymentRequestApproveInput!){ paymentRequestApprove(id:$id,version:$v,input:$i){ id status } }`,
  reject: `mutation($id:ID!,$v:Int!,$r:String!){ paymentRequestReject(id:$id,version:$v,reason:$r){ id status } }`,
  vehicle: `query($id:ID!){ vehicle(id:$id){ id status odometerKm } }`,
  audits: `{ auditEntries { total } }`,
};

const audits = async () => (await ok(Q.audits, {}, admin)).auditEntries.total as number;
/** The refusal wrote nothing: same number of audit entries before and after. */
async function nothingWritten(work: () => Promise<void>) {
  const before = await audits();
  await work();
  expect(await audits()).toBe(before);
}

/** Active vehicles nobody else in this file uses: each test takes its own. */
let vehiclePool: { id: string; economicNumber: string; odometerKm: number }[] = [];
async function takeVehicle() {
  if (!vehiclePool.length) {
    const all = (await ok(Q.vehicles, {}, admin)).vehicleOptions as { id: string; economicNumber: string; status: string; odometerKm: number }[];
    vehiclePool = all.filter((v) => v.status === 'activo');
  }
  const v = vehiclePool.shift();
  if (!v) throw new Error('no free demo vehicle');
  return v;
}

let serviceIds: { oil: string; brakes: string; corrective: string };
beforeAll(async () => {
  const items = (await ok(Q.services, { l: { pageSize: 50 } })).maintenanceServices.items as { id: string; name: string }[];
  const byName = (n: string) => items.find((i) => i.name === n)!.id;
  serviceIds = { oil: byName('Cambio de aceite y filtro'), brakes: byName('Revisión de frenos'), corrective: byName('Reparación de suspensión') };
});

describe('demo data', () => {
  it('has 8 services (km, days, both, corrective) with parts and schedules in every status', async () => {
    const r = (await ok(Q.services, { l: { pageSize: 50 } })).maintenanceServices;
    expect(r.total).toBe(8);
    const oil = r.items.find((i: { name: string }) => i.name === 'Cambio de aceite y filtro');
    expect(oil).toMatchObject({ everyKm: 10000, everyDays: 180, kind: 'preventivo' });
    expect(oil.parts.map((p: { quantity: string }) => p.quantity)).toEqual(['6', '1']);
    const counts = (await ok(Q.counts)).maintenanceScheduleCounts;
    expect(counts.vencido).toBeGreaterThan(0);
    expect(counts.proximo).toBeGreaterThan(0);
    expect(counts.alCorriente).toBeGreaterThan(0);
    const orders = (await ok(Q.orders, { l: { pageSize: 50 } })).maintenanceOrders.items as { status: string }[];
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['abierta', 'en_proceso', 'cerrada', 'cancelada']));
    const reports = (await ok(Q.reports)).maintenanceFailureReports.items as { status: string }[];
    expect(new Set(reports.map((o) => o.status))).toEqual(new Set(['nuevo', 'asignado', 'en_orden', 'atendido', 'descartado']));
  });

  it('the status filter pages in SQL and agrees with the TypeScript rule for every row', async () => {
    const { marginKm, marginDays } = (await ok(Q.settings)).maintenanceSettings;
    const { computeDue } = await import('../../schema/maintenance/due');
    const all = (await ok(Q.schedules, { l: { pageSize: 200 } })).maintenanceSchedules;
    expect(all.total).toBeGreaterThan(50);
    for (const row of all.items) {
      const svc = (await ok(Q.services, { l: { pageSize: 50 } })).maintenanceServices.items.find((i: { id: string }) => i.id === row.serviceId);
      const due = computeDue({ everyKm: svc.everyKm, everyDays: svc.everyDays, lastDoneOn: row.lastDoneOn, lastDoneKm: row.lastDoneKm, currentKm: row.currentKm, today, marginKm, marginDays });
      expect({ id: row.id, status: row.status, nextDueKm: row.nextDueKm, nextDueOn: row.nextDueOn, kmLeft: row.kmLeft, daysLeft: row.daysLeft }).toEqual({
        id: row.id,
        status: due.status,
        nextDueKm: due.nextDueKm,
        nextDueOn: due.nextDueOn,
        kmLeft: due.kmLeft,
        daysLeft: due.daysLeft,
      });
    }
    const counts = (await ok(Q.counts)).maintenanceScheduleCounts;
    const vencidos = (await ok(Q.schedules, { l: { pageSize: 10, page: 1 }, f: { status: 'vencido' } })).maintenanceSchedules;
    expect(vencidos.total).toBe(counts.vencido);
    expect(vencidos.items.every((i: { status: string }) => i.status === 'vencido')).toBe(true);
    expect(vencidos.total).toBe(all.items.filter((i: { status: string }) => i.status === 'vencido').length);
  });

  it('the breakdown lists tasks, parts and labour', async () => {
    const row = (await ok(Q.schedules, { l: { pageSize: 200 } })).maintenanceSchedules.items.find((i: { serviceId: string }) => i.serviceId === serviceIds.oil);
    const b = (await ok(Q.breakdown, { id: row.id })).maintenanceScheduleBreakdown;
    expect(b.service.tasks).toHaveLength(4);
    expect(b.service.parts).toHaveLength(2);
    expect(b.labourHours).toBe('1.5');
  });
});

describe('services catalogue', () => {
  const input = (extra: Record<string, unknown> = {}) => ({ name: 'Lavado de motor', kind: 'preventivo', everyKm: null, everyDays: 90, estimatedHours: '0.75', estimatedCost: '350.50', tasks: ['Desengrasar', 'Enjuagar'], parts: [], active: true, ...extra });

  it('creates and updates; the name is unique; CONFLICT on a stale version', async () => {
    const c = (await ok(Q.serviceCreate, { i: input() })).maintenanceServiceCreate;
    expect(c).toMatchObject({ name: 'Lavado de motor', everyKm: null, everyDays: 90, estimatedHours: '0.75', estimatedCost: '350.5', tasks: ['Desengrasar', 'Enjuagar'] });
    expect(fields(await s.gql(Q.serviceCreate, { i: input({ name: 'lavado DE MOTOR' }) }, mt))).toEqual({ name: 'Ya existe un servicio con ese nombre.' });
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.serviceUpdate, { id: c.id, v: c.version, i: input({ name: ' ', everyDays: 0 }) }, mt))).toEqual({
        name: 'Este campo es obligatorio.',
        everyDays: 'Debe ser un número entero mayor a cero.',
      });
    });
    const u = (await ok(Q.serviceUpdate, { id: c.id, v: c.version, i: input({ name: 'Lavado de motor y chasis' }) })).maintenanceServiceUpdate;
    expect(u.version).toBe(c.version + 1);
    expect(code(await s.gql(Q.serviceUpdate, { id: c.id, v: c.version, i: input() }, mt))).toBe('CONFLICT');
  });

  it('bad input: no frequency, negative figures, empty task, repeated or unknown article — nothing written', async () => {
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.serviceCreate, { i: input({ name: 'X1', everyDays: null }) }, mt))).toEqual({ everyKm: 'Indica cada cuántos kilómetros, cada cuántos días o ambos.' });
      expect(fields(await s.gql(Q.serviceCreate, { i: input({ name: 'X2', everyKm: -5, estimatedCost: '-1', estimatedHours: '1.234', tasks: [' '] }) }, mt))).toEqual({
        everyKm: 'Debe ser un número entero mayor a cero.',
        estimatedCost: 'No puede ser negativo.',
        estimatedHours: 'Máximo 2 decimales.',
        'tasks.0': 'La tarea no puede quedar vacía.',
      });
      expect(fields(await s.gql(Q.serviceCreate, { i: input({ name: 'X3', parts: [{ articleId: '1', quantity: '1' }, { articleId: '1', quantity: '2' }, { articleId: '999999', quantity: '0' }] }) }, mt))).toEqual({
        'parts.2.quantity': 'Debe ser mayor a cero.',
      });
      expect(fields(await s.gql(Q.serviceCreate, { i: input({ name: 'X3', parts: [{ articleId: '1', quantity: '1' }, { articleId: '1', quantity: '2' }, { articleId: '999999', quantity: '1' }] }) }, mt))).toEqual({
        'parts.1.articleId': 'El artículo ya está en la lista.',
        'parts.2.articleId': 'El artículo no existe.',
      });
    });
  });
});

describe('settings and schedule', () => {
  it('a wider margin turns al corriente rows into próximo; bad margins refused', async () => {
    const st = (await ok(Q.settings)).maintenanceSettings;
    const before = (await ok(Q.counts)).maintenanceScheduleCounts;
    const wide = (await ok(Q.settingsUpdate, { v: st.version, i: { marginKm: 100000, marginDays: 365 } })).maintenanceSettingsUpdate;
    const after = (await ok(Q.counts)).maintenanceScheduleCounts;
    expect(after.alCorriente).toBe(0);
    expect(after.proximo).toBe(before.proximo + before.alCorriente);
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.settingsUpdate, { v: wide.version, i: { marginKm: -1, marginDays: 400 } }, mt))).toEqual({
        marginKm: 'Debe ser un número entero de 0 a 100,000.',
        marginDays: 'Debe ser un número entero de 0 a 365.',
      });
    });
    await ok(Q.settingsUpdate, { v: wide.version, i: { marginKm: st.marginKm, marginDays: st.marginDays } });
    expect((await ok(Q.counts)).maintenanceScheduleCounts).toEqual(before);
  });

  it('creates a schedule; refuses km above the odometer, a future date, a repeated pair and a service without frequency', async () => {
    const v = await takeVehicle();
    const input = { vehicleId: v.id, serviceId: serviceIds.brakes, lastDoneOn: daysAgo(10), lastDoneKm: v.odometerKm, active: true };
    const existing = (await ok(Q.schedules, { l: { pageSize: 50 }, f: { vehicleId: v.id } })).maintenanceSchedules.items as { serviceId: string }[];
    const free = [serviceIds.brakes, serviceIds.oil].find((id) => !existing.some((e) => e.serviceId === id));
    if (!free) throw new Error('vehicle has both');
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.scheduleCreate, { i: { ...input, serviceId: free, lastDoneKm: v.odometerKm + 1, lastDoneOn: '2999-01-01' } }, mt))).toEqual({
        lastDoneOn: 'La fecha no puede ser futura.',
      });
      expect(fields(await s.gql(Q.scheduleCreate, { i: { ...input, serviceId: free, lastDoneKm: v.odometerKm + 1 } }, mt))).toEqual({
        lastDoneKm: `No puede ser mayor que la última lectura del vehículo (${new Intl.NumberFormat('es-MX').format(v.odometerKm)} km).`,
      });
      expect(fields(await s.gql(Q.scheduleCreate, { i: { ...input, serviceId: serviceIds.corrective } }, mt))).toEqual({
        serviceId: 'El servicio no tiene frecuencia (km o días): no se puede programar.',
      });
      expect(fields(await s.gql(Q.scheduleCreate, { i: { ...input, lastDoneKm: -3 } }, mt))).toEqual({ lastDoneKm: 'Captura los kilómetros como un número entero, cero o mayor.' });
    });
    const c = (await ok(Q.scheduleCreate, { i: { ...input, serviceId: free } })).maintenanceScheduleCreate;
    expect(c).toMatchObject({ status: 'al_corriente', lastDoneKm: v.odometerKm, currentKm: v.odometerKm });
    expect(fields(await s.gql(Q.scheduleCreate, { i: { ...input, serviceId: free } }, mt))).toEqual({ serviceId: 'Ese servicio ya está programado para el vehículo.' });
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.scheduleUpdate, { id: c.id, v: c.version, i: { ...input, serviceId: free, lastDoneKm: -1, lastDoneOn: '2999-01-01' } }, mt))).toEqual({
        lastDoneKm: 'Captura los kilómetros como un número entero, cero o mayor.',
        lastDoneOn: 'La fecha no puede ser futura.',
      });
    });
    const u = (await ok(Q.scheduleUpdate, { id: c.id, v: c.version, i: { ...input, serviceId: free, lastDoneKm: 0, lastDoneOn: daysAgo(400) } })).maintenanceScheduleUpdate;
    // 400 days and 0 km back: due by date if the service counts days, by km once the odometer passed its interval.
    expect(u).toMatchObject({ lastDoneKm: 0, nextDueKm: u.nextDueKm, kmLeft: u.nextDueKm === null ? null : u.nextDueKm - v.odometerKm, version: c.version + 1 });
    expect(u.status).toBe(u.daysLeft !== null || u.kmLeft <= 0 ? 'vencido' : u.kmLeft <= 1000 ? 'proximo' : 'al_corriente');
  });
});

describe('correcting, deactivating and reactivating a schedule', () => {
  it('edits the last time done, hides an inactive schedule from the list, the counts and the Tablero, shows it under Inactivas and brings it back', async () => {
    const v = await takeVehicle();
    const serviceId = await freeService(v.id);
    const input = { vehicleId: v.id, serviceId, lastDoneOn: daysAgo(400), lastDoneKm: 0, active: true };
    const c = (await ok(Q.scheduleCreate, { i: input })).maintenanceScheduleCreate;
    expect(c.status).toBe('vencido');
    const listed = async (f: Record<string, unknown>) => ((await ok(Q.schedules, { l: { pageSize: 50 }, f: { vehicleId: v.id, ...f } })).maintenanceSchedules.items as { id: string; active: boolean }[]).filter((r) => r.id === c.id).map((r) => ({ id: r.id, active: r.active }));
    const countsBefore = (await ok(Q.counts)).maintenanceScheduleCounts;
    const tablero = async () => (await ok('{ dashboard { maintenance { schedule { overdue dueSoon } } } }', {}, admin)).dashboard.maintenance?.schedule ?? null;
    const tableroBefore = await tablero();

    // Bad input, a stale version and a user without editar: refused, nothing written.
    const viewer = await s.login('consulta@demo.mx');
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.scheduleUpdate, { id: c.id, v: c.version, i: { ...input, lastDoneKm: v.odometerKm + 1, active: false } }, mt))).toEqual({
        lastDoneKm: `No puede ser mayor que la última lectura del vehículo (${new Intl.NumberFormat('es-MX').format(v.odometerKm)} km).`,
      });
      expect(code(await s.gql(Q.scheduleUpdate, { id: c.id, v: c.version + 1, i: { ...input, active: false } }, mt))).toBe('CONFLICT');
      expect(code(await s.gql(Q.scheduleUpdate, { id: c.id, v: c.version, i: { ...input, active: false } }, viewer))).toBe('FORBIDDEN');
    });

    // Deactivated (with the last time corrected in the same save).
    const off = (await ok(Q.scheduleUpdate, { id: c.id, v: c.version, i: { ...input, lastDoneOn: daysAgo(5), lastDoneKm: v.odometerKm, active: false } })).maintenanceScheduleUpdate;
    expect(off).toMatchObject({ lastDoneOn: daysAgo(5), lastDoneKm: v.odometerKm, version: c.version + 1 });
    expect(await listed({})).toEqual([]);
    expect(await listed({ active: true })).toEqual([]);
    expect(await listed({ active: false })).toEqual([{ id: c.id, active: false }]);
    expect(await listed({ active: null })).toEqual([{ id: c.id, active: false }]);
    const countsOff = (await ok(Q.counts)).maintenanceScheduleCounts;
    expect(countsOff).toEqual({ ...countsBefore, vencido: countsBefore.vencido - 1 });
    expect(await tablero()).toEqual({ ...tableroBefore, overdue: tableroBefore.overdue - 1 });
    const audit = (await ok('query($i:String){ auditEntries(entity:"mt_schedule", entityId:$i){ items { action after } } }', { i: c.id }, admin)).auditEntries.items as { action: string; after: Record<string, unknown> }[];
    expect(audit[0]).toMatchObject({ action: 'update', after: { active: false, lastDoneKm: v.odometerKm } });

    // Reactivated: back in the default list, due again from the corrected date and km.
    const on = (await ok(Q.scheduleUpdate, { id: c.id, v: off.version, i: { ...input, lastDoneOn: daysAgo(5), lastDoneKm: v.odometerKm, active: true } })).maintenanceScheduleUpdate;
    expect(on).toMatchObject({ version: off.version + 1, lastDoneKm: v.odometerKm, kmLeft: on.nextDueKm === null ? null : on.nextDueKm - v.odometerKm });
    expect(await listed({})).toEqual([{ id: c.id, active: true }]);
    expect(await listed({ active: false })).toEqual([]);
  });
});

describe('the order chain', () => {
  let f: Fixture;
  let article: { id: string };
  beforeAll(async () => {
    f = await makeFixture(s, admin);
    article = await makeArticle(s, admin, f);
    // Average cost by hand: 4 × 95.50 + 6 × 120.25 = 382.00 + 721.50 = 1,103.50 over 10 = 110.35.
    okData(await post(s, admin, { conceptId: f.entrada, warehouseId: f.w1, date: daysAgo(3), lines: [{ articleId: article.id, quantity: '4', unitCost: '95.50' }] }));
    okData(await post(s, admin, { conceptId: f.entrada, warehouseId: f.w1, date: daysAgo(2), lines: [{ articleId: article.id, quantity: '6', unitCost: '120.25' }] }));
  });

  async function authorizeAndDeliver(reqId: string, qty: string) {
    const r = (await ok(Q.req, { id: reqId }, wh)).warehouseRequisition;
    const lines = r.lines.map((l: { id: string }) => ({ lineId: l.id, quantity: qty }));
    const a = (await ok(Q.reqAuthorize, { id: reqId, v: r.version, l: lines }, wh)).warehouseRequisitionAuthorize;
    return (await ok(Q.reqFulfill, { id: reqId, v: a.version, l: lines }, wh)).warehouseRequisitionFulfill;
  }

  it('due service → order (vehicle en taller, reading in the log) → parts → almacén delivers → close: exact total, schedule moved, vehicle activo', async () => {
    const v = await takeVehicle();
    const schedule = (await ok(Q.scheduleCreate, { i: { vehicleId: v.id, serviceId: await freeService(v.id), lastDoneOn: daysAgo(300), lastDoneKm: 0, active: true } })).maintenanceScheduleCreate;
    expect(schedule.status).toBe('vencido');
    const km = v.odometerKm + 120;
    const opened = (await ok(Q.fromSchedules, { ids: [schedule.id], on: daysAgo(1), km })).maintenanceOrderFromSchedules;
    expect(opened).toMatchObject({ status: 'abierta', odometerIn: km, services: [{ serviceId: schedule.serviceId, scheduleId: schedule.id }] });
    expect((await ok(Q.vehicle, { id: v.id }, admin)).vehicle).toMatchObject({ status: 'en_taller', odometerKm: km });
    // The schedule shows the open order; a second order for it is refused.
    expect((await ok(Q.schedules, { f: { vehicleId: v.id, serviceId: schedule.serviceId } })).maintenanceSchedules.items[0].openOrderId).toBe(opened.id);
    expect(fields(await s.gql(Q.fromSchedules, { ids: [schedule.id], on: today }, mt))).toEqual({ 'scheduleIds.0': `El servicio ya está en la orden ${opened.folio}.` });

    const suppliers = (await ok(Q.suppliers, {}, admin)).supplierOptions as { id: string }[];
    const upd = (await ok(Q.orderUpdate, { id: opened.id, v: opened.version, i: { supplierId: suppliers[0].id, labourHours: '2.75', labourRate: '312.40', externalCost: '1500.00', externalInvoice: '' } }))
      .maintenanceOrderUpdate;
    const started = (await ok(Q.start, { id: upd.id, v: upd.version })).maintenanceOrderStart;
    const withParts = (await ok(Q.requestParts, { id: started.id, v: started.version, i: { warehouseId: f.w1, neededDate: today, lines: [{ articleId: article.id, quantity: '3' }] } }))
      .maintenanceOrderRequestParts;
    expect(withParts.requisitions).toHaveLength(1);
    const req = withParts.requisitions[0];
    expect(req.status).toBe('PENDIENTE');
    expect((await ok(Q.req, { id: req.id }, wh)).warehouseRequisition).toMatchObject({ originReference: opened.folio, area: 'Mantenimiento' });
    expect((await ok(Q.requisitions, { l: { search: opened.folio } })).maintenanceRequisitions.items).toEqual([{ orderFolio: opened.folio, requisition: { folio: req.folio, status: 'PENDIENTE' } }]);

    // Unsettled requisition: the close is refused, nothing written.
    await nothingWritten(async () => {
      const r = await s.gql(Q.close, { id: opened.id, v: withParts.version, on: today }, mt);
      expect(code(r)).toBe('CONFLICT');
      expect(r.errors![0].message).toBe(`Las requisiciones ${req.folio} aún no están surtidas, rechazadas ni cerradas en Almacén.`);
    });

    expect((await authorizeAndDeliver(req.id, '3')).status).toBe('SURTIDA');
    const delivered = (await ok(Q.order, { id: opened.id })).maintenanceOrder;
    // 3 × 110.35 = 331.05; 2.75 h × 312.40 = 859.10; + 1,500.00 = 2,690.15.
    expect(delivered).toMatchObject({ partsCost: '331.05', labourCost: '859.1', externalCost: '1500', total: '2690.15' });
    expect(delivered.requisitions[0]).toMatchObject({ status: 'SURTIDA', deliveredCost: '331.05' });

    // Dates out of order refused.
    expect(fields(await s.gql(Q.close, { id: opened.id, v: delivered.version, on: daysAgo(5) }, mt))).toEqual({ closedOn: 'La fecha de cierre no puede ser anterior a la apertura.' });

    const closed = (await ok(Q.close, { id: opened.id, v: delivered.version, on: today })).maintenanceOrderClose;
    expect(closed).toMatchObject({ status: 'cerrada', closedOn: today, partsCost: '331.05', total: '2690.15' });
    const moved = (await ok(Q.schedules, { f: { vehicleId: v.id, serviceId: schedule.serviceId } })).maintenanceSchedules.items[0];
    expect(moved).toMatchObject({ lastDoneOn: today, lastDoneKm: km, status: 'al_corriente', openOrderId: null });
    expect((await ok(Q.vehicle, { id: v.id }, admin)).vehicle.status).toBe('activo');
    // A closed order is no longer editable.
    expect(code(await s.gql(Q.orderUpdate, { id: closed.id, v: closed.version, i: { labourHours: '1', labourRate: '1', externalCost: '0' } }, mt))).toBe('CONFLICT');

    // The workshop's invoice → Compras; rejected there, the order shows it.
    const paid = (await ok(Q.payment, { id: closed.id, i: { date: today, invoice: 'A-7781', subtotal: '1500.00' } })).maintenancePaymentRequestCreate;
    expect(paid.paymentRequest).toMatchObject({ status: 'pendiente' });
    const request = (await ok(Q.paymentRequests, {}, admin)).paymentRequests.items.find((p: { originFolio: string }) => p.originFolio === opened.folio);
    expect(request).toMatchObject({ origin: 'mantenimiento', total: '1740' }); // 1,500.00 + 16 % IVA
    expect(code(await s.gql(Q.payment, { id: closed.id, i: { date: today, invoice: 'A-7781', subtotal: '1500.00' } }, mt))).toBe('CONFLICT');
    await ok(Q.reject, { id: request.id, v: request.version, r: 'Falta el XML de la factura' }, admin);
    expect((await ok(Q.order, { id: opened.id })).maintenanceOrder.paymentRequest).toMatchObject({ status: 'rechazada', rejectReason: 'Falta el XML de la factura' });
    expect((await ok(Q.paymentOrders)).maintenancePaymentOrders.items.some((i: { order: { folio: string } }) => i.order.folio === opened.folio)).toBe(true);
  });

  it('a rejected requisition settles too; parallel closes: one wins, the other gets CONFLICT', async () => {
    const v = await takeVehicle();
    const o = (await ok(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [serviceIds.corrective], openedOn: today, odometerIn: v.odometerKm } })).maintenanceOrderCreate;
    const p = (await ok(Q.requestParts, { id: o.id, v: o.version, i: { warehouseId: f.w1, neededDate: today, lines: [{ articleId: article.id, quantity: '1' }] } })).maintenanceOrderRequestParts;
    const r = (await ok(Q.req, { id: p.requisitions[0].id }, wh)).warehouseRequisition;
    await ok(Q.reqReject, { id: r.id, v: r.version, r: 'Sin existencia suficiente' }, wh);
    const started = (await ok(Q.start, { id: p.id, v: p.version })).maintenanceOrderStart;
    expect(started.total).toBe('0');
    const results = await Promise.all([1, 2, 3].map(() => s.gql(Q.close, { id: o.id, v: started.version, on: today }, mt)));
    expect(results.filter((x) => !x.errors)).toHaveLength(1);
    expect(results.filter((x) => code(x) === 'CONFLICT')).toHaveLength(2);
    expect((await ok(Q.order, { id: o.id })).maintenanceOrder).toMatchObject({ status: 'cerrada', version: started.version + 1 });
  });

  it('a requisition closed short in Almacén settles too: the order closes with only what was delivered', async () => {
    const v = await takeVehicle();
    const o = (await ok(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [serviceIds.corrective], openedOn: today, odometerIn: v.odometerKm } })).maintenanceOrderCreate;
    const p = (await ok(Q.requestParts, { id: o.id, v: o.version, i: { warehouseId: f.w1, neededDate: today, lines: [{ articleId: article.id, quantity: '2' }] } })).maintenanceOrderRequestParts;
    const r = (await ok(Q.req, { id: p.requisitions[0].id }, wh)).warehouseRequisition;
    const a = (await ok(Q.reqAuthorize, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '2' }] }, wh)).warehouseRequisitionAuthorize;
    const partial = (await ok(Q.reqFulfill, { id: r.id, v: a.version, l: [{ lineId: r.lines[0].id, quantity: '1' }] }, wh)).warehouseRequisitionFulfill;
    expect(partial.status).toBe('SURTIDA_PARCIAL');
    const started = (await ok(Q.start, { id: p.id, v: p.version })).maintenanceOrderStart;
    // Still waiting on the second piece: the order cannot close.
    expect(code(await s.gql(Q.close, { id: o.id, v: started.version, on: today }, mt))).toBe('CONFLICT');
    const closedReq = (await ok(Q.reqClose, { id: r.id, v: partial.version, r: 'La segunda pieza ya no llegará' }, wh)).warehouseRequisitionClose;
    expect(closedReq.status).toBe('CERRADA');
    const order = (await ok(Q.order, { id: o.id })).maintenanceOrder;
    // One piece delivered at the average cost 110.35 (exits never move it): the parts cost is that piece only.
    expect(order.requisitions[0]).toMatchObject({ status: 'CERRADA', deliveredCost: '110.35', lines: [{ requestedQty: '2', authorizedQty: '2', deliveredQty: '1' }] });
    const closed = (await ok(Q.close, { id: o.id, v: order.version, on: today })).maintenanceOrderClose;
    expect(closed).toMatchObject({ status: 'cerrada', partsCost: '110.35', total: '110.35' });
  });

  it('Requisiciones de almacén sort by folio (newest first by default), needed date and status in lifecycle order, before paging', async () => {
    const v = await takeVehicle();
    let o = (await ok(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [serviceIds.corrective], openedOn: today, odometerIn: v.odometerKm } })).maintenanceOrderCreate;
    const folios: string[] = [];
    for (const inDays of [5, 1, 3]) {
      const neededDate = new Date(Date.parse(`${today}T00:00:00Z`) + inDays * 86_400_000).toISOString().slice(0, 10);
      o = (await ok(Q.requestParts, { id: o.id, v: o.version, i: { warehouseId: f.w1, neededDate, lines: [{ articleId: article.id, quantity: '1' }] } })).maintenanceOrderRequestParts;
      folios.push(o.requisitions[o.requisitions.length - 1].folio);
    }
    const [a, b, c] = folios; // needed in 5, 1 and 3 days
    const rb = (await ok(Q.req, { id: o.requisitions[1].id }, wh)).warehouseRequisition;
    await ok(Q.reqReject, { id: rb.id, v: rb.version, r: 'Sin existencia' }, wh);
    const rc = (await ok(Q.req, { id: o.requisitions[2].id }, wh)).warehouseRequisition;
    await ok(Q.reqAuthorize, { id: rc.id, v: rc.version, l: rc.lines.map((l: { id: string }) => ({ lineId: l.id, quantity: '1' })) }, wh);
    const sorted = async (list: Record<string, unknown>) => {
      const r = (await ok(Q.requisitions, { l: { search: o.folio, ...list } })).maintenanceRequisitions;
      return { total: r.total, items: (r.items as { requisition: { folio: string; status: string } }[]).map((i) => `${i.requisition.folio} ${i.requisition.status}`) };
    };
    const row = { [a]: `${a} PENDIENTE`, [b]: `${b} RECHAZADA`, [c]: `${c} AUTORIZADA` };
    expect(await sorted({})).toEqual({ total: 3, items: [row[c], row[b], row[a]] });
    expect(await sorted({ sortBy: 'folio', sortDirection: 'ASC' })).toEqual({ total: 3, items: [row[a], row[b], row[c]] });
    expect(await sorted({ sortBy: 'neededDate', sortDirection: 'ASC' })).toEqual({ total: 3, items: [row[b], row[c], row[a]] });
    expect(await sorted({ sortBy: 'neededDate', sortDirection: 'DESC' })).toEqual({ total: 3, items: [row[a], row[c], row[b]] });
    expect(await sorted({ sortBy: 'status', sortDirection: 'ASC' })).toEqual({ total: 3, items: [row[a], row[c], row[b]] });
    expect(await sorted({ sortBy: 'status', sortDirection: 'DESC' })).toEqual({ total: 3, items: [row[b], row[c], row[a]] });
    // The page is cut after sorting the whole set.
    expect(await sorted({ sortBy: 'neededDate', sortDirection: 'ASC', page: 2, pageSize: 1 })).toEqual({ total: 3, items: [row[c]] });
    expect(fields(await s.gql(Q.requisitions, { l: { sortBy: 'vehicle' } }, mt))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
  });

  it('Solicitudes de pago filter by the request status in Compras and by workshop, then page; FORBIDDEN without the screen', async () => {
    const PAY = `query($l:ListInput,$f:MaintenancePaymentFilter){ maintenancePaymentOrders(list:$l, filter:$f){ total items { order { folio supplierId paymentRequest { status } } } } }`;
    const v = await takeVehicle();
    const [s1, s2] = (await ok(Q.suppliers, {}, admin)).supplierOptions as { id: string; name: string }[];
    const open = async (supplierId: string) =>
      (await ok(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [serviceIds.corrective], openedOn: today, odometerIn: v.odometerKm, supplierId } })).maintenanceOrderCreate;
    const o1 = await open(s1.id); // never sent
    const o2 = await open(s2.id); // sent: pendiente
    const o3 = await open(s2.id); // sent and rejected
    await ok(Q.payment, { id: o2.id, i: { date: today, invoice: 'T-201', subtotal: '100.00' } });
    await ok(Q.payment, { id: o3.id, i: { date: today, invoice: 'T-301', subtotal: '250.00' } });
    const req3 = (await ok(Q.paymentRequests, {}, admin)).paymentRequests.items.find((p: { originFolio: string }) => p.originFolio === o3.folio);
    await ok(Q.reject, { id: req3.id, v: req3.version, r: 'Factura ilegible' }, admin);

    const mine = new Set([o1.folio, o2.folio, o3.folio]);
    const ours = async (f: Record<string, unknown>) =>
      ((await ok(PAY, { l: { search: v.economicNumber, pageSize: 200 }, f })).maintenancePaymentOrders.items as { order: { folio: string } }[]).map((i) => i.order.folio).filter((x) => mine.has(x));
    expect(await ours({})).toEqual([o3.folio, o2.folio, o1.folio]);
    expect(await ours({ status: 'sin_solicitud' })).toEqual([o1.folio]);
    expect(await ours({ status: 'pendiente' })).toEqual([o2.folio]);
    expect(await ours({ status: 'rechazada' })).toEqual([o3.folio]);
    expect(await ours({ status: 'aprobada' })).toEqual([]);
    expect(await ours({ supplierId: s2.id })).toEqual([o3.folio, o2.folio]);
    expect(await ours({ supplierId: s1.id })).toEqual([o1.folio]);
    expect(await ours({ supplierId: s2.id, status: 'pendiente' })).toEqual([o2.folio]);
    expect(await ours({ supplierId: s1.id, status: 'pendiente' })).toEqual([]);

    // Over the whole list: each status's total is what the rows say, and the filtered page is cut after filtering.
    const all = (await ok(PAY, { l: { pageSize: 200 } })).maintenancePaymentOrders;
    expect(all.total).toBeLessThanOrEqual(200);
    const statusOf = (i: { order: { paymentRequest: { status: string } | null } }) => i.order.paymentRequest?.status ?? 'sin_solicitud';
    for (const status of ['sin_solicitud', 'pendiente', 'aprobada', 'rechazada']) {
      const r = (await ok(PAY, { l: { pageSize: 200 }, f: { status } })).maintenancePaymentOrders;
      const expected = (all.items as { order: { folio: string; paymentRequest: { status: string } | null } }[]).filter((i) => statusOf(i) === status).map((i) => i.order.folio);
      expect({ status, total: r.total, folios: r.items.map((i: { order: { folio: string } }) => i.order.folio) }).toEqual({ status, total: expected.length, folios: expected });
    }
    const pending = (await ok(PAY, { l: { pageSize: 200 }, f: { status: 'pendiente' } })).maintenancePaymentOrders;
    const second = (await ok(PAY, { l: { pageSize: 1, page: 2 }, f: { status: 'pendiente' } })).maintenancePaymentOrders;
    expect(second).toEqual({ total: pending.total, items: pending.items.slice(1, 2) });
    // The workshop filter's options: the suppliers that have an order.
    const options = (await ok('{ maintenancePaymentSuppliers { id name } }')).maintenancePaymentSuppliers as { id: string }[];
    expect(options.map((o) => o.id)).toEqual(expect.arrayContaining([s1.id, s2.id]));
    expect((await ok(PAY, { f: { supplierId: '999999' } })).maintenancePaymentOrders).toEqual({ total: 0, items: [] });
    expect(code(await s.gql(PAY, { f: { status: 'pendiente' } }, seller))).toBe('FORBIDDEN');
    expect(code(await s.gql('{ maintenancePaymentSuppliers { id } }', {}, seller))).toBe('FORBIDDEN');
  });

  it('closes with an odometer out: refused below the odometer in or the vehicle\'s last reading (nothing written); taken into the log and the schedule', async () => {
    const CLOSE_OUT = `mutation($id:ID!,$v:Int!,$on:Date!,$out:Int){ maintenanceOrderClose(id:$id,version:$v,closedOn:$on,odometerOut:$out){ ${ORDER} } }`;
    const LOG = `query($id:ID!){ vehicle(id:$id){ status odometerKm odometerReadings { readOn km source sourceReference } } }`;
    const v = await takeVehicle();
    const schedule = (await ok(Q.scheduleCreate, { i: { vehicleId: v.id, serviceId: await freeService(v.id), lastDoneOn: daysAgo(300), lastDoneKm: 0, active: true } })).maintenanceScheduleCreate;
    const km = v.odometerKm + 100;
    const opened = (await ok(Q.fromSchedules, { ids: [schedule.id], on: daysAgo(2), km })).maintenanceOrderFromSchedules;
    const started = (await ok(Q.start, { id: opened.id, v: opened.version })).maintenanceOrderStart;
    const fmt = (n: number) => new Intl.NumberFormat('es-MX').format(n);
    await nothingWritten(async () => {
      expect(fields(await s.gql(CLOSE_OUT, { id: started.id, v: started.version, on: today, out: km - 1 }, mt))).toEqual({ odometerOut: `El odómetro de salida no puede ser menor que el de entrada (${fmt(km)} km).` });
      expect(fields(await s.gql(CLOSE_OUT, { id: started.id, v: started.version, on: today, out: -5 }, mt))).toEqual({ odometerOut: 'Captura los kilómetros como un número entero, cero o mayor.' });
      expect(code(await s.gql(CLOSE_OUT, { id: started.id, v: started.version, on: today, out: km + 10 }, seller))).toBe('FORBIDDEN');
    });
    // A road test logged meanwhile: the reading out may not be below it.
    await ok(`mutation($id:ID!,$i:OdometerReadingInput!){ vehicleOdometerAdd(vehicleId:$id,input:$i){ id } }`, { id: v.id, i: { readOn: daysAgo(1), km: km + 500 } }, admin);
    await nothingWritten(async () => {
      expect(fields(await s.gql(CLOSE_OUT, { id: started.id, v: started.version, on: today, out: km + 400 }, mt))).toEqual({
        odometerOut: `El odómetro de salida no puede ser menor que la última lectura del vehículo (${fmt(km + 500)} km).`,
      });
    });
    expect((await ok(Q.order, { id: opened.id })).maintenanceOrder.status).toBe('en_proceso');

    const closed = (await ok(CLOSE_OUT, { id: started.id, v: started.version, on: today, out: km + 650 })).maintenanceOrderClose;
    expect(closed).toMatchObject({ status: 'cerrada', closedOn: today, odometerIn: km });
    const vehicle = (await ok(LOG, { id: v.id }, admin)).vehicle;
    expect(vehicle).toMatchObject({ status: 'activo', odometerKm: km + 650 });
    expect(vehicle.odometerReadings.slice(0, 3)).toEqual([
      { readOn: today, km: km + 650, source: 'orden', sourceReference: opened.folio },
      { readOn: daysAgo(1), km: km + 500, source: 'manual', sourceReference: '' },
      { readOn: daysAgo(2), km, source: 'orden', sourceReference: opened.folio },
    ]);
    const moved = (await ok(Q.schedules, { f: { vehicleId: v.id, serviceId: schedule.serviceId } })).maintenanceSchedules.items[0];
    expect(moved).toMatchObject({ lastDoneOn: today, lastDoneKm: km + 650, currentKm: km + 650, openOrderId: null });
  });

  it('generar orden: services of one vehicle only, at least one, not future — nothing written', async () => {
    const rows = (await ok(Q.schedules, { l: { pageSize: 200 } })).maintenanceSchedules.items as { id: string; vehicleId: string; openOrderId: string | null }[];
    const free = rows.filter((r) => !r.openOrderId);
    const a = free[0];
    const b = free.find((r) => r.vehicleId !== a.vehicleId)!;
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.fromSchedules, { ids: [a.id, b.id], on: today }, mt))).toEqual({ scheduleIds: 'Los servicios deben ser de un mismo vehículo.' });
      expect(fields(await s.gql(Q.fromSchedules, { ids: [], on: '2999-01-01' }, mt))).toEqual({ scheduleIds: 'Elige al menos un servicio programado.', openedOn: 'La fecha no puede ser futura.' });
      expect(fields(await s.gql(Q.fromSchedules, { ids: ['999999'], on: today }, mt))).toEqual({ 'scheduleIds.0': 'El servicio programado no existe.' });
    });
  });

  it('odometer regression through the order is refused with the last reading, nothing written', async () => {
    const v = await takeVehicle();
    await nothingWritten(async () => {
      const r = await s.gql(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [serviceIds.oil], openedOn: today, odometerIn: v.odometerKm - 1 } }, mt);
      expect(Object.keys(fields(r) ?? {})).toEqual(['odometerIn']);
      expect(fields(r)!.odometerIn).toMatch(/^La lectura no puede ser menor que la última registrada: [\d,]+ km del \d\d\/\d\d\/\d{4}\.$/);
    });
    expect((await ok(Q.vehicle, { id: v.id }, admin)).vehicle).toMatchObject({ status: 'activo', odometerKm: v.odometerKm });
  });

  it('bad input on open, update, parts, close, cancel and payment — nothing written', async () => {
    const v = await takeVehicle();
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [], openedOn: '2999-01-01', odometerIn: -1 } }, mt))).toEqual({
        serviceIds: 'Elige al menos un servicio.',
        openedOn: 'La fecha no puede ser futura.',
        odometerIn: 'Captura los kilómetros como un número entero, cero o mayor.',
      });
      expect(fields(await s.gql(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [serviceIds.oil, serviceIds.oil, '999999'], openedOn: today, odometerIn: v.odometerKm, mechanicEmployeeId: '999999' } }, mt))).toEqual({
        'serviceIds.1': 'El servicio está repetido.',
        'serviceIds.2': 'El servicio no existe.',
        mechanicEmployeeId: 'El empleado no existe o no está activo.',
      });
    });
    const o = (await ok(Q.orderCreate, { i: { vehicleId: v.id, serviceIds: [serviceIds.oil], openedOn: today, odometerIn: v.odometerKm } })).maintenanceOrderCreate;
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.orderUpdate, { id: o.id, v: o.version, i: { labourHours: '-1', labourRate: '312.405', externalCost: '0' } }, mt))).toEqual({
        labourHours: 'No puede ser negativo.',
        labourRate: 'Máximo 2 decimales.',
      });
      expect(fields(await s.gql(Q.requestParts, { id: o.id, v: o.version, i: { warehouseId: f.w1, neededDate: today, lines: [{ articleId: article.id, quantity: '-2' }] } }, mt))).toEqual({
        'lines.0.quantity': 'Debe ser mayor a cero.',
      });
      expect(fields(await s.gql(Q.requestParts, { id: o.id, v: o.version, i: { warehouseId: f.w1, neededDate: daysAgo(3), lines: [{ articleId: article.id, quantity: '1' }] } }, mt))).toHaveProperty('neededDate');
      expect(fields(await s.gql(Q.cancel, { id: o.id, v: o.version, r: '  ' }, mt))).toEqual({ reason: 'Escribe el motivo.' });
      expect(fields(await s.gql(Q.close, { id: o.id, v: o.version, on: '2999-01-01' }, mt))).toEqual({ closedOn: 'La fecha no puede ser futura.' });
      expect(fields(await s.gql(Q.payment, { id: o.id, i: { date: today, invoice: '', subtotal: '0' } }, mt))).toEqual({ invoice: 'Este campo es obligatorio.', subtotal: 'Debe ser mayor a cero.' });
      expect(code(await s.gql(Q.payment, { id: o.id, i: { date: today, invoice: 'F-1', subtotal: '10' } }, mt))).toBe('BAD_USER_INPUT'); // no workshop
    });
    // An abierta order cannot close before it is en proceso; cancelling gives the vehicle back.
    expect(code(await s.gql(Q.close, { id: o.id, v: o.version, on: today }, mt))).toBe('CONFLICT');
    expect((await ok(Q.cancel, { id: o.id, v: o.version, r: 'Capturada por error' })).maintenanceOrderCancel.status).toBe('cancelada');
    expect((await ok(Q.vehicle, { id: v.id }, admin)).vehicle.status).toBe('activo');
  });
});

describe('failure reports', () => {
  it('nuevo → asignado → en orden (new order) → atendido when it closes; another is discarded', async () => {
    const v = await takeVehicle();
    const employee = (await ok(Q.employees, {}, admin)).rhEmployeeOptions[0].id;
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.reportCreate, { i: { title: '' } }, mt))).toEqual({ title: 'Este campo es obligatorio.' });
      expect(fields(await s.gql(Q.reportCreate, { i: { title: 'Falla' } }, mt))).toEqual({ location: 'Indica el vehículo o la ubicación de la falla.' });
    });
    const r = (await ok(Q.reportCreate, { i: { vehicleId: v.id, title: 'Vibración al frenar' } })).maintenanceFailureReportCreate;
    expect(r.status).toBe('nuevo');
    await nothingWritten(async () => {
      expect(fields(await s.gql(Q.triage, { id: r.id, v: r.version, i: { priority: 'alta', assignedEmployeeId: '999999' } }, mt))).toEqual({ assignedEmployeeId: 'El empleado no existe o no está activo.' });
      expect(fields(await s.gql(Q.toOrder, { id: r.id, v: r.version }, mt))).toEqual({ orderId: 'Elige una orden existente o captura una nueva.' });
    });
    const t = (await ok(Q.triage, { id: r.id, v: r.version, i: { priority: 'alta', assignedEmployeeId: employee } })).maintenanceFailureReportTriage;
    expect(t).toMatchObject({ status: 'asignado', priority: 'alta', assignedEmployeeId: employee });
    const linked = (await ok(Q.toOrder, { id: t.id, v: t.version, n: { vehicleId: v.id, serviceIds: [serviceIds.corrective], openedOn: today, odometerIn: v.odometerKm } }))
      .maintenanceFailureReportToOrder;
    expect(linked.status).toBe('en_orden');
    const order = (await ok(Q.order, { id: linked.orderId })).maintenanceOrder;
    expect(order.reportFolios).toHaveLength(1);
    const started = (await ok(Q.start, { id: order.id, v: order.version })).maintenanceOrderStart;
    await ok(Q.close, { id: order.id, v: started.version, on: today });
    const after = (await ok(Q.reports)).maintenanceFailureReports.items.find((x: { id: string }) => x.id === r.id);
    expect(after.status).toBe('atendido');

    const d = (await ok(Q.reportCreate, { i: { location: 'Nave 2', title: 'Puerta atorada' } })).maintenanceFailureReportCreate;
    expect(fields(await s.gql(Q.discard, { id: d.id, v: d.version, r: '' }, mt))).toEqual({ reason: 'Escribe el motivo.' });
    expect((await ok(Q.discard, { id: d.id, v: d.version, r: 'No es de mantenimiento' })).maintenanceFailureReportDiscard.status).toBe('descartado');
    expect(code(await s.gql(Q.triage, { id: d.id, v: d.version + 1, i: { priority: 'baja', assignedEmployeeId: employee } }, mt))).toBe('CONFLICT');
  });
});

describe('permissions', () => {
  const OPS = [
    ['maintenanceServiceCreate', `mutation{ maintenanceServiceCreate(input:{name:"X",kind:preventivo,everyKm:1000,estimatedHours:"1",estimatedCost:"1",tasks:[],parts:[],active:true}){ id } }`],
    ['maintenanceServiceUpdate', `mutation{ maintenanceServiceUpdate(id:"1",version:1,input:{name:"X",kind:preventivo,everyKm:1000,estimatedHours:"1",estimatedCost:"1",tasks:[],parts:[],active:true}){ id } }`],
    ['maintenanceSettingsUpdate', `mutation{ maintenanceSettingsUpdate(version:1,input:{marginKm:1,marginDays:1}){ marginKm } }`],
    ['maintenanceScheduleCreate', `mutation{ maintenanceScheduleCreate(input:{vehicleId:"1",serviceId:"1",lastDoneOn:"2026-01-01",lastDoneKm:0,active:true}){ id } }`],
    ['maintenanceScheduleUpdate', `mutation{ maintenanceScheduleUpdate(id:"1",version:1,input:{vehicleId:"1",serviceId:"1",lastDoneOn:"2026-01-01",lastDoneKm:0,active:true}){ id } }`],
    ['maintenanceOrderCreate', `mutation{ maintenanceOrderCreate(input:{vehicleId:"1",serviceIds:["1"],openedOn:"2026-01-01",odometerIn:1}){ id } }`],
    ['maintenanceOrderFromSchedules', `mutation{ maintenanceOrderFromSchedules(scheduleIds:["1"],openedOn:"2026-01-01"){ id } }`],
    ['maintenanceOrderUpdate', `mutation{ maintenanceOrderUpdate(id:"1",version:1,input:{labourHours:"1",labourRate:"1",externalCost:"0"}){ id } }`],
    ['maintenanceOrderStart', `mutation{ maintenanceOrderStart(id:"1",version:1){ id } }`],
    ['maintenanceOrderRequestParts', `mutation{ maintenanceOrderRequestParts(id:"1",version:1,input:{warehouseId:"1",neededDate:"2030-01-01",lines:[{articleId:"1",quantity:"1"}]}){ id } }`],
    ['maintenanceOrderClose', `mutation{ maintenanceOrderClose(id:"1",version:1,closedOn:"2026-01-01"){ id } }`],
    ['maintenanceOrderCancel', `mutation{ maintenanceOrderCancel(id:"1",version:1,reason:"x"){ id } }`],
    ['maintenancePaymentRequestCreate', `mutation{ maintenancePaymentRequestCreate(orderId:"1",input:{date:"2026-01-01",invoice:"F",subtotal:"1"}){ id } }`],
    ['maintenanceFailureReportCreate', `mutation{ maintenanceFailureReportCreate(input:{title:"X",location:"Y"}){ id } }`],
    ['maintenanceFailureReportTriage', `mutation{ maintenanceFailureReportTriage(id:"1",version:1,input:{priority:alta,assignedEmployeeId:"1"}){ id } }`],
    ['maintenanceFailureReportToOrder', `mutation{ maintenanceFailureReportToOrder(id:"1",version:1,orderId:"1"){ id } }`],
    ['maintenanceFailureReportDiscard', `mutation{ maintenanceFailureReportDiscard(id:"1",version:1,reason:"x"){ id } }`],
    ['maintenanceSchedules', `{ maintenanceSchedules { total } }`],
    ['maintenanceOrders', `{ maintenanceOrders { total } }`],
  ] as const;

  it.each(OPS)('%s: FORBIDDEN for ventas@ (no Mantenimiento), nothing written', async (_name, query) => {
    await nothingWritten(async () => {
      expect(code(await s.gql(query, {}, seller))).toBe('FORBIDDEN');
    });
  });
});

/** A preventive service the vehicle has not scheduled yet. */
async function freeService(vehicleId: string): Promise<string> {
  const existing = new Set(((await ok(Q.schedules, { l: { pageSize: 50 }, f: { vehicleId } })).maintenanceSchedules.items as { serviceId: string }[]).map((e) => e.serviceId));
  const all = (await ok(Q.services, { l: { pageSize: 50 }, f: { kind: 'preventivo' } })).maintenanceServices.items as { id: string }[];
  const free = all.find((x) => !existing.has(x.id));
  if (!free) throw new Error('no free service');
  return free.id;
}

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Órdenes by opening day', async () => {
    await checkDateRange(s, mt, { field: 'maintenanceOrders', filterType: 'MaintenanceOrderFilter', dateField: 'openedOn' });
  });
});
