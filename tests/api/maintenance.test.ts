// Mantenimiento over HTTP, one server: the services catalogue, the schedule
// (status in SQL agrees with schema/maintenance/due.ts), the order chain
// (order → Almacén requisition → authorised and delivered by almacen@ →
// close: cost at the exit movements' average cost, schedule moved, vehicle
// back to activo), the refusals (unsettled requisition, parallel closes,
// odometer regression), payment requests through Compras, failure-report
// triage, and FORBIDDEN / bad input for every mutation with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
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
const fields = (r: GqlResult) => {
  expect(r.errors?.[0].extensions?.code, JSON.stringify(r.errors)).toBe('BAD_USER_INPUT');
  return r.errors![0].extensions!.fields;
};
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;

const ORDER = `id folio status vehicleId odometerIn labourHours labourRate externalCost partsCost labourCost total closedOn version supplierId
  services { serviceId scheduleId } requisitions { id folio status deliveredCost lines { articleId requestedQty authorizedQty deliveredQty } }
  paymentRequest { folio status rejectReason } reportFolios`;
const SCHEDULE = 'id vehicleId serviceId lastDoneOn lastDoneKm nextDueKm nextDueOn kmLeft daysLeft status openOrderId currentKm version';
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
let vehiclePool: { id: string; odometerKm: number }[] = [];
async function takeVehicle() {
  if (!vehiclePool.length) {
    const all = (await ok(Q.vehicles, {}, admin)).vehicleOptions as { id: string; status: string; odometerKm: number }[];
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
      expect(r.errors![0].message).toBe(`Las requisiciones ${req.folio} aún no están surtidas ni rechazadas.`);
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
