// Mantenimiento rules. Other modules use Mantenimiento only through the
// functions exported at the top: Seguridad raises failure reports from an
// inspection's "no cumple" and reads their outcome back. The rest serves the
// module's screens: the services catalogue, the schedule (due status from
// schema/maintenance/due.ts, the same rule in SQL), maintenance orders (parts
// through Almacén requisitions, the odometer and vehicle status through
// Parque Vehicular, the external workshop's invoice through Compras) and the
// triage of failure reports. Every write is audited in its transaction.
import type { Actor } from '../../db/audit';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { isUniqueViolation, type Db } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import { assertAction } from '../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import { isIsoDate, todayMx } from '../../../schema/dates';
import { frequencyProblem, hasFrequency, type ScheduleStatus } from '../../../schema/maintenance/due';
import { formatOrderFolio, isRequisitionSettled, ORDER_LIFECYCLE, orderCost, type OrderStatus } from '../../../schema/maintenance/orders';
import { REQUISITION_LIFECYCLE } from '../../../schema/warehouse/requisitions';
import { dec, money, sum } from '../../../schema/money';
import * as warehouse from '../warehouse/service';
import * as shopping from '../shopping/service';
import * as vehiclePark from '../vehicle-park/service';
import { countsOf, type Indicator } from '../../lib/indicators';
import * as data from './data';

export const FAILURE_REPORT_FOLIO_KEY = 'mt-failure-report';
export const ORDER_FOLIO_KEY = 'mt-order';
export const formatFailureReportFolio = (folio: number) => `REP-${String(folio).padStart(6, '0')}`;
export { formatOrderFolio };

export type FailureReportOrigin = {
  source: 'conductor' | 'seguridad' | 'otro';
  /** The originating record's id (an inspection's) and how people name it (its folio). */
  sourceId?: string | null;
  sourceReference?: string;
  vehicleId?: number | null;
  location?: string;
  title: string;
  description?: string;
  reporterEmployeeId?: number | null;
};

/**
 * Raises a failure report (status nuevo) in the caller's transaction, with a
 * gapless folio; it appears in Mantenimiento › Gestión de reportes. The caller
 * validates its own input (titles are trimmed and required here).
 */
export async function raiseFailureReport(tx: Executor, actor: Actor, input: FailureReportOrigin): Promise<{ id: number; folio: number }> {
  const folio = await nextFolio(tx, FAILURE_REPORT_FOLIO_KEY);
  const row: data.FailureReportInsert = {
    folio,
    source: input.source,
    sourceId: input.sourceId ?? null,
    sourceReference: input.sourceReference ?? '',
    vehicleId: input.vehicleId ?? null,
    location: (input.location ?? '').trim(),
    title: input.title.trim(),
    description: (input.description ?? '').trim(),
    reportedBy: actor.userId,
    reporterEmployeeId: input.reporterEmployeeId ?? null,
  };
  const id = await data.insertFailureReport(tx, row);
  await writeAudit(tx, actor, { entity: 'mt_failure_report', entityId: id, action: 'create', after: row });
  return { id, folio };
}

/** The reports raised from records of `source` (e.g. 'seguridad' + inspection ids), for the origin to show their outcome. */
export const failureReportsBySource = (ex: Executor, source: FailureReportOrigin['source'], sourceIds: (string | number)[]) =>
  data.failureReportsBySource(ex, source, sourceIds.map(String));

/** A page of the reports raised by one origin (Seguridad's «Reportes de Mantenimiento»), with their outcome. */
export const failureReportsOfSource = (
  ex: Executor,
  source: FailureReportOrigin['source'],
  q: { limit: number; offset: number; status?: string | null; search?: string | null; sortBy: data.SourceReportSort; desc: boolean },
) => data.failureReportsOfSource(ex, source, { limit: q.limit, offset: q.offset, status: q.status ?? null, search: q.search ?? null, sortBy: q.sortBy, desc: q.desc });

/** The columns failureReportsOfSource sorts by. */
export { SOURCE_REPORT_SORTS } from './data';

/** Orders closed from `from` to `to` (ISO dates, inclusive) per vehicle: count, parts, labour, external and total (Parque Vehicular's cost report). */
export const maintenanceCostByVehicle = (ex: Executor, from: string, to: string) => data.maintenanceCostByVehicle(ex, from, to);

/**
 * The folios (OM-000012) of the open orders (abierta / en proceso) of each
 * vehicle: Parque Vehicular refuses a baja while one holds the vehicle, since
 * closing or cancelling it gives the vehicle back to activo.
 */
export async function openOrderFoliosOfVehicles(ex: Executor, vehicleIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(vehicleIds.map((id) => [id, []]));
  for (const r of await data.openOrdersOfVehicles(ex, vehicleIds)) out.get(r.vehicleId)?.push(formatOrderFolio(r.folio));
  return out;
}

// ---- messages and field rules -----------------------------------------------------------------

export const MSG = {
  serviceTaken: 'Ya existe un servicio con ese nombre.',
  serviceMissing: 'El servicio no existe.',
  serviceInactive: 'El servicio está inactivo.',
  wholeKm: 'Captura los kilómetros como un número entero, cero o mayor.',
  positiveWhole: 'Debe ser un número entero mayor a cero.',
  articleMissing: 'El artículo no existe.',
  articleRepeated: 'El artículo ya está en la lista.',
  taskEmpty: 'La tarea no puede quedar vacía.',
  kind: 'Elige preventivo o correctivo.',
  date: 'Fecha no válida: usa el formato AAAA-MM-DD.',
  dateFuture: 'La fecha no puede ser futura.',
  vehicleMissing: 'El vehículo no existe.',
  vehicleRetired: 'El vehículo está dado de baja.',
  scheduleTaken: 'Ese servicio ya está programado para el vehículo.',
  lastKmAbove: (km: number) => `No puede ser mayor que la última lectura del vehículo (${new Intl.NumberFormat('es-MX').format(km)} km).`,
  servicesRequired: 'Elige al menos un servicio.',
  serviceRepeated: 'El servicio está repetido.',
  schedulesRequired: 'Elige al menos un servicio programado.',
  schedulesOneVehicle: 'Los servicios deben ser de un mismo vehículo.',
  scheduleMissing: 'El servicio programado no existe.',
  alreadyInOrder: (folio: string) => `El servicio ya está en la orden ${folio}.`,
  employeeMissing: 'El empleado no existe o no está activo.',
  supplierMissing: 'El proveedor no existe o no está activo.',
  orderNotEditable: 'Solo se modifica una orden abierta o en proceso.',
  closeBeforeOpen: 'La fecha de cierre no puede ser anterior a la apertura.',
  unsettled: (folios: string[]) => `Las requisiciones ${folios.join(', ')} aún no están surtidas, rechazadas ni cerradas en Almacén.`,
  reasonRequired: 'Escribe el motivo.',
  noExternal: 'La orden no tiene taller externo: elige el proveedor en la orden.',
  reportNotOpen: 'El reporte ya no está pendiente.',
  orderOrNew: 'Elige una orden existente o captura una nueva.',
  orderNotOpen: 'La orden no está abierta ni en proceso.',
  locationOrVehicle: 'Indica el vehículo o la ubicación de la falla.',
  margin: (max: number) => `Debe ser un número entero de 0 a ${new Intl.NumberFormat('es-MX').format(max)}.`,
  noFrequency: 'El servicio no tiene frecuencia (km o días): no se puede programar.',
  paymentStatus: 'Estado no válido: sin solicitud, pendiente, aprobada o rechazada.',
  odometerOutBelowIn: (km: number) => `El odómetro de salida no puede ser menor que el de entrada (${new Intl.NumberFormat('es-MX').format(km)} km).`,
  odometerOutBelowCurrent: (km: number) => `El odómetro de salida no puede ser menor que la última lectura del vehículo (${new Intl.NumberFormat('es-MX').format(km)} km).`,
} as const;

const db = (ctx: RequestContext) => ctx.app.database.db;
/**
 * The request as seen from inside `tx`: Almacén's read functions take the
 * request context and read through its database, so inside a transaction
 * they must read through the transaction (PGlite has one connection; on
 * PostgreSQL this also reads what the transaction locked).
 */
const within = (ctx: RequestContext, tx: Executor): RequestContext => ({ ...ctx, app: { ...ctx.app, database: { ...ctx.app.database, db: tx as Db } } });
const idOf = (id: string | number | null | undefined): number => {
  const v = Number(id);
  return Number.isInteger(v) && v > 0 && v <= 2147483647 ? v : 0;
};
const optionalId = () => z.union([rules.id(), z.literal('')]).nullish().transform((v) => (typeof v === 'number' ? v : null));
const text = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');
const isoDate = () => z.string({ error: MSG.date }).refine(isIsoDate, MSG.date);
const pastDate = () => isoDate().refine((v) => v <= todayMx(), MSG.dateFuture);
const km = () => z.number({ error: MSG.wholeKm }).int(MSG.wholeKm).min(0, MSG.wholeKm).max(9_999_999, MSG.wholeKm);
const every = () => z.number({ error: MSG.positiveWhole }).int(MSG.positiveWhole).positive(MSG.positiveWhole).max(10_000_000, MSG.positiveWhole).nullish().transform((v) => v ?? null);
const amount = (places = 2) => rules.amount({ places, max: '999999999' });
const quantity = () => rules.amount({ positive: true, places: 4, max: '999999999' });
const reason = () => z.string({ error: MSG.reasonRequired }).trim().min(1, MSG.reasonRequired).max(500, 'Máximo 500 caracteres.');

function refuse(fields: FieldMessages): void {
  if (Object.keys(fields).length) throw badInput(fields);
}

/** The repeated ids of a list as `<field>.<i>` messages. */
function repeated(values: number[], field: string, message: string, fields: FieldMessages) {
  const seen = new Set<number>();
  values.forEach((v, i) => {
    if (seen.has(v)) fields[`${field}.${i}`] ??= message;
    seen.add(v);
  });
}

// ---- services catalogue ----------------------------------------------------------------------

const serviceInput = z.object({
  name: rules.requiredText(120),
  kind: z.enum(['preventivo', 'correctivo'], { error: MSG.kind }),
  everyKm: every(),
  everyDays: every(),
  estimatedHours: amount(),
  estimatedCost: amount(),
  tasks: z.array(z.string().trim().min(1, MSG.taskEmpty).max(300, 'Máximo 300 caracteres.')).max(100, 'Máximo 100 tareas.'),
  parts: z.array(z.object({ articleId: rules.id(), quantity: quantity() })).max(100, 'Máximo 100 refacciones.'),
  active: z.boolean({ error: 'Este campo es obligatorio.' }),
});

type ServiceWithParts = data.ServiceRow & { parts: Awaited<ReturnType<typeof partsOf>> };

async function partsOf(ctx: RequestContext, serviceIds: number[]) {
  const parts = await data.serviceParts(db(ctx), serviceIds);
  const articles = new Map((await warehouse.articleOptions(ctx, { ids: [...new Set(parts.map((p) => String(p.articleId)))], limit: 200 })).map((a) => [Number(a.id), a]));
  return parts.map((p) => {
    const a = articles.get(p.articleId);
    return { ...p, sku: a?.sku ?? '', name: a?.name ?? '', unit: a?.unit ?? '', averageCost: a?.averageCost ?? '0' };
  });
}

async function withParts(ctx: RequestContext, rows: data.ServiceRow[]): Promise<ServiceWithParts[]> {
  const parts = await partsOf(ctx, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, parts: parts.filter((p) => p.serviceId === r.id) }));
}

export async function listServices(ctx: RequestContext, list: ListInput | null | undefined, filter: { kind?: string | null; active?: boolean | null } | null | undefined) {
  const page = await data.listServices(db(ctx), readList(list, data.SERVICE_SORTS, 'name'), { kind: filter?.kind ?? null, active: filter?.active ?? null });
  return { items: await withParts(ctx, page.items), total: page.total };
}

export async function getService(ctx: RequestContext, id: string) {
  const row = await data.findService(db(ctx), idOf(id));
  return row ? (await withParts(ctx, [row]))[0] : null;
}

async function checkService(ctx: RequestContext, tx: Executor, v: z.infer<typeof serviceInput>, exceptId?: number) {
  const fields: FieldMessages = {};
  const freq = frequencyProblem(v.kind, v.everyKm, v.everyDays);
  if (freq) fields.everyKm = freq;
  if (await data.serviceNameTaken(tx, v.name, exceptId)) fields.name = MSG.serviceTaken;
  repeated(v.parts.map((p) => p.articleId), 'parts', MSG.articleRepeated, fields);
  for (const k of Object.keys(fields)) if (k.startsWith('parts.')) fields[`${k}.articleId`] = fields[k];
  for (const k of Object.keys(fields)) if (/^parts\.\d+$/.test(k)) delete fields[k];
  const known = new Set((await warehouse.articleOptions(ctx, { ids: v.parts.map((p) => String(p.articleId)), limit: 200 })).map((a) => Number(a.id)));
  v.parts.forEach((p, i) => {
    if (!known.has(p.articleId)) fields[`parts.${i}.articleId`] ??= MSG.articleMissing;
  });
  refuse(fields);
}

function guardServiceName<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((err: unknown) => {
    if (isUniqueViolation(err, 'mt_services_name_uq')) throw badInput({ name: MSG.serviceTaken });
    throw err;
  });
}

export async function createService(ctx: RequestContext, input: unknown) {
  const v = parseInput(serviceInput, input);
  const id = await guardServiceName(() =>
    db(ctx).transaction(async (tx) => {
      await checkService(within(ctx, tx), tx, v);
      const newId = await data.insertService(tx, v);
      await writeAudit(tx, actorOf(ctx), { entity: 'mt_service', entityId: newId, action: 'create', after: v });
      return newId;
    }),
  );
  return found(await getService(ctx, String(id)), 'El servicio');
}

export async function updateService(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(serviceInput, input);
  const serviceId = idOf(id);
  await guardServiceName(() =>
    db(ctx).transaction(async (tx) => {
      const before = await data.findService(tx, serviceId, true);
      if (!before) throw notFound('El servicio');
      if (before.version !== version) throw conflict();
      await checkService(within(ctx, tx), tx, v, serviceId);
      if (!(await data.updateService(tx, serviceId, version, v))) throw conflict();
      await writeAudit(tx, actorOf(ctx), { entity: 'mt_service', entityId: serviceId, action: 'update', before, after: v });
    }),
  );
  return found(await getService(ctx, id), 'El servicio');
}

export const partOptions = (ctx: RequestContext, search: string | null | undefined, limit: number | null | undefined) => warehouse.articleOptions(ctx, { search, limit });

export async function formOptions(ctx: RequestContext) {
  const [warehouses, suppliers, services] = await Promise.all([
    warehouse.listWarehouses(ctx, { pageSize: 200, sortBy: 'name' }, { active: true }),
    data.supplierOptions(db(ctx)),
    data.activeServiceOptions(db(ctx)),
  ]);
  return {
    warehouses: warehouses.items.map((w) => ({ id: w.id, name: `${w.code} · ${w.name}` })),
    suppliers,
    services,
  };
}

// ---- settings and schedule -------------------------------------------------------------------

export const getSettings = (ctx: RequestContext) => data.readSettings(db(ctx));

const settingsInput = z.object({
  marginKm: z.number({ error: MSG.margin(100000) }).int(MSG.margin(100000)).min(0, MSG.margin(100000)).max(100000, MSG.margin(100000)),
  marginDays: z.number({ error: MSG.margin(365) }).int(MSG.margin(365)).min(0, MSG.margin(365)).max(365, MSG.margin(365)),
});

export async function updateSettings(ctx: RequestContext, version: number, input: unknown) {
  const v = parseInput(settingsInput, input);
  await db(ctx).transaction(async (tx) => {
    const before = await data.readSettings(tx);
    if (before.version !== version || !(await data.saveSettings(tx, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_settings', entityId: 1, action: 'update', before, after: v });
  });
  return data.readSettings(db(ctx));
}

async function dueParams(ex: Executor, today = todayMx()): Promise<data.DueParams> {
  const s = await data.readSettings(ex);
  return { today, marginKm: s.marginKm, marginDays: s.marginDays };
}

const STATUSES: ScheduleStatus[] = ['al_corriente', 'proximo', 'vencido'];

export async function listSchedules(
  ctx: RequestContext,
  list: ListInput | null | undefined,
  filter: { status?: string | null; vehicleId?: string | null; serviceId?: string | null; active?: boolean | null } | null | undefined,
) {
  const q = readList(list, data.SCHEDULE_SORTS, 'due');
  const status = filter?.status ?? null;
  if (status && !STATUSES.includes(status as ScheduleStatus)) throw badInput({ 'filter.status': 'Estado no válido.' });
  return data.listSchedules(db(ctx), await dueParams(db(ctx)), q, {
    status: status as ScheduleStatus | null,
    vehicleId: filter?.vehicleId ? idOf(filter.vehicleId) : null,
    serviceId: filter?.serviceId ? idOf(filter.serviceId) : null,
    // Left out: the active ones (the Tablero's links and older callers); null asks for both.
    active: filter?.active === undefined ? true : filter.active,
  });
}

export async function scheduleCounts(ctx: RequestContext) {
  const c = await data.scheduleCounts(db(ctx), await dueParams(db(ctx)));
  return { vencido: c.vencido, proximo: c.proximo, alCorriente: c.al_corriente };
}

/** Tablero: vencidos and próximos of the schedule, one statement. */
/** Tablero card: services due (run inside the Tablero's one statement). */
export const scheduleDueIndicator = (today: string): Indicator<{ overdue: number; dueSoon: number }> => ({
  sql: data.scheduleDueSummarySql(today),
  read: countsOf('overdue', 'dueSoon'),
});

export async function getSchedule(ctx: RequestContext, id: number) {
  return (await data.findSchedules(db(ctx), await dueParams(db(ctx)), [id]))[0] ?? null;
}

export async function scheduleBreakdown(ctx: RequestContext, id: string) {
  const schedule = await getSchedule(ctx, idOf(id));
  if (!schedule) return null;
  const service = found(await getService(ctx, String(schedule.serviceId)), 'El servicio');
  const partsCost = money(sum(service.parts.map((p) => dec(p.quantity).times(p.averageCost))));
  return { schedule, service, partsCost, labourHours: service.estimatedHours, estimatedCost: service.estimatedCost };
}

const scheduleInput = z.object({ vehicleId: rules.id(), serviceId: rules.id(), lastDoneOn: pastDate(), lastDoneKm: km(), active: z.boolean({ error: 'Este campo es obligatorio.' }) });

async function checkSchedule(tx: Executor, v: z.infer<typeof scheduleInput>, exceptId?: number) {
  const fields: FieldMessages = {};
  const vehicle = await data.findVehicle(tx, v.vehicleId);
  if (!vehicle) fields.vehicleId = MSG.vehicleMissing;
  else if (vehicle.status === 'baja') fields.vehicleId = MSG.vehicleRetired;
  else if (v.lastDoneKm > vehicle.odometerKm) fields.lastDoneKm = MSG.lastKmAbove(vehicle.odometerKm);
  const service = await data.findService(tx, v.serviceId);
  if (!service) fields.serviceId = MSG.serviceMissing;
  else if (!service.active && v.active) fields.serviceId = MSG.serviceInactive;
  else if (!hasFrequency(service)) fields.serviceId = MSG.noFrequency;
  if (!fields.vehicleId && !fields.serviceId && (await data.scheduleTaken(tx, v.vehicleId, v.serviceId, exceptId))) fields.serviceId = MSG.scheduleTaken;
  refuse(fields);
}

function guardSchedule<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((err: unknown) => {
    if (isUniqueViolation(err, 'mt_schedules_vehicle_service_uq')) throw badInput({ serviceId: MSG.scheduleTaken });
    throw err;
  });
}

export async function createSchedule(ctx: RequestContext, input: unknown) {
  const v = parseInput(scheduleInput, input);
  const id = await guardSchedule(() =>
    db(ctx).transaction(async (tx) => {
      await checkSchedule(tx, v);
      const newId = await data.insertSchedule(tx, v);
      await writeAudit(tx, actorOf(ctx), { entity: 'mt_schedule', entityId: newId, action: 'create', after: v });
      return newId;
    }),
  );
  return found(await getSchedule(ctx, id), 'El servicio programado');
}

export async function updateSchedule(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(scheduleInput, input);
  const scheduleId = idOf(id);
  await guardSchedule(() =>
    db(ctx).transaction(async (tx) => {
      const before = await data.lockSchedule(tx, scheduleId);
      if (!before) throw notFound('El servicio programado');
      if (before.version !== version) throw conflict();
      await checkSchedule(tx, v, scheduleId);
      if (!(await data.updateSchedule(tx, scheduleId, version, v))) throw conflict();
      await writeAudit(tx, actorOf(ctx), { entity: 'mt_schedule', entityId: scheduleId, action: 'update', before, after: v });
    }),
  );
  return found(await getSchedule(ctx, scheduleId), 'El servicio programado');
}

// ---- orders ----------------------------------------------------------------------------------

export type OrderView = data.MtOrderRow & { folioText: string };

export async function listOrders(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: string | null; vehicleId?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  const q = readList(list, data.ORDER_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  return data.listOrders(db(ctx), q, { status: filter?.status ?? null, vehicleId: filter?.vehicleId ? idOf(filter.vehicleId) : null, range: readDateRange(filter) });
}

export const getOrder = (ctx: RequestContext, id: string | number) => data.findOrder(db(ctx), idOf(id));
export const orderServicesOf = (ctx: RequestContext, orderIds: number[]) => data.orderServices(db(ctx), orderIds);
export const reportFoliosOf = (ctx: RequestContext, orderIds: number[]) => data.reportFoliosOfOrders(db(ctx), orderIds);

export type OrderRequisitionView = {
  id: number;
  folio: string;
  status: string;
  rejectionReason: string | null;
  neededDate: string;
  deliveredCost: string;
  lines: { articleId: number; sku: string; name: string; requestedQty: string; authorizedQty: string | null; deliveredQty: string }[];
};

/** Requisitions as Almacén has them (status, lines) and what was delivered at the cost of the exit movements. */
async function requisitionViews(ctx: RequestContext, requisitionIds: number[]): Promise<Map<number, OrderRequisitionView>> {
  const out = new Map<number, OrderRequisitionView>();
  if (!requisitionIds.length) return out;
  const [heads, lines, movements] = await Promise.all([
    Promise.all(requisitionIds.map((id) => warehouse.getRequisition(ctx, String(id)))),
    warehouse.requisitionLinesOf(ctx, requisitionIds),
    warehouse.requisitionMovementsOf(ctx, requisitionIds),
  ]);
  const movementLines = await warehouse.movementLinesOf(ctx, movements.map((m) => m.id));
  const costByReq = new Map<number, string[]>();
  for (const m of movements) {
    const amounts = movementLines.filter((l) => l.movementId === m.id).map((l) => l.amount);
    costByReq.set(Number(m.sourceId), [...(costByReq.get(Number(m.sourceId)) ?? []), ...amounts]);
  }
  for (const r of heads) {
    if (!r) continue;
    out.set(r.id, {
      id: r.id,
      folio: warehouse.formatRequisitionFolio(r.folio),
      status: r.status,
      rejectionReason: r.rejectionReason,
      neededDate: r.neededDate,
      deliveredCost: sum(costByReq.get(r.id) ?? []).toFixed(),
      lines: lines.filter((l) => l.requisitionId === r.id).map((l) => ({ articleId: l.articleId, sku: l.sku, name: l.name, requestedQty: l.requestedQty, authorizedQty: l.authorizedQty, deliveredQty: l.deliveredQty })),
    });
  }
  return out;
}

export async function orderRequisitions(ctx: RequestContext, orderIds: number[]) {
  const links = await data.orderRequisitionIds(db(ctx), orderIds);
  const views = await requisitionViews(ctx, links.map((l) => l.requisitionId));
  return links.map((l) => ({ orderId: l.orderId, requisition: views.get(l.requisitionId) })).filter((x): x is { orderId: number; requisition: OrderRequisitionView } => !!x.requisition);
}

/** Parts (delivered so far, or fixed at close), labour and total of an order. */
export function orderFigures(order: data.MtOrderRow, requisitions: OrderRequisitionView[]) {
  const running = orderCost({ partAmounts: requisitions.map((r) => r.deliveredCost), labourHours: order.labourHours, labourRate: order.labourRate, externalCost: order.externalCost });
  if (order.status === 'cerrada' && order.partsCost !== null && order.total !== null) return { ...running, parts: order.partsCost, total: order.total };
  return running;
}

export async function paymentOutcomes(ctx: RequestContext, orderIds: number[]) {
  return shopping.paymentRequestOutcomes(db(ctx), 'mantenimiento', orderIds);
}

const createOrderInput = z.object({
  vehicleId: rules.id(),
  serviceIds: z.array(rules.id()).min(1, MSG.servicesRequired).max(50, 'Máximo 50 servicios.'),
  openedOn: pastDate(),
  odometerIn: km(),
  mechanicEmployeeId: optionalId(),
  supplierId: optionalId(),
  notes: text(2000),
});

async function checkPeople(tx: Executor, v: { mechanicEmployeeId: number | null; supplierId: number | null }, fields: FieldMessages) {
  if (v.mechanicEmployeeId && !(await data.employeeExists(tx, v.mechanicEmployeeId))) fields.mechanicEmployeeId = MSG.employeeMissing;
  if (v.supplierId && !(await data.supplierExists(tx, v.supplierId))) fields.supplierId = MSG.supplierMissing;
}

/**
 * Opens an order inside `tx`: checks the services, takes the odometer in as a
 * reading of the vehicle's log (source 'orden', refused below the last one)
 * and puts the vehicle en taller.
 */
async function openOrder(tx: Executor, ctx: RequestContext, v: z.infer<typeof createOrderInput>, fieldPrefix = ''): Promise<{ id: number; folio: number }> {
  const fields: FieldMessages = {};
  repeated(v.serviceIds, `${fieldPrefix}serviceIds`, MSG.serviceRepeated, fields);
  const services = await data.servicesByIds(tx, [...new Set(v.serviceIds)]);
  v.serviceIds.forEach((s, i) => {
    const row = services.find((x) => x.id === s);
    if (!row) fields[`${fieldPrefix}serviceIds.${i}`] ??= MSG.serviceMissing;
    else if (!row.active) fields[`${fieldPrefix}serviceIds.${i}`] ??= MSG.serviceInactive;
  });
  const vehicle = await data.findVehicle(tx, v.vehicleId);
  if (!vehicle) fields[`${fieldPrefix}vehicleId`] = MSG.vehicleMissing;
  else if (vehicle.status === 'baja') fields[`${fieldPrefix}vehicleId`] = MSG.vehicleRetired;
  const people: FieldMessages = {};
  await checkPeople(tx, v, people);
  for (const [k, m] of Object.entries(people)) fields[`${fieldPrefix}${k}`] = m;
  refuse(fields);
  const folio = await nextFolio(tx, ORDER_FOLIO_KEY);
  const folioText = formatOrderFolio(folio);
  const actor = actorOf(ctx);
  await vehiclePark.recordOdometerReading(tx, actor, { vehicleId: v.vehicleId, readOn: v.openedOn, km: v.odometerIn, source: 'orden', sourceReference: folioText }, { field: `${fieldPrefix}odometerIn` });
  const schedules = await data.schedulesOf(tx, v.vehicleId, v.serviceIds);
  const id = await data.insertOrder(
    tx,
    { folio, vehicleId: v.vehicleId, openedOn: v.openedOn, odometerIn: v.odometerIn, mechanicEmployeeId: v.mechanicEmployeeId, supplierId: v.supplierId, notes: v.notes, createdBy: ctx.auth?.id ?? null },
    v.serviceIds.map((serviceId) => ({ serviceId, scheduleId: schedules.find((s) => s.serviceId === serviceId)?.id ?? null })),
  );
  await vehiclePark.setVehicleStatusForMaintenance(tx, actor, v.vehicleId, 'en_taller', folioText);
  await writeAudit(tx, actor, { entity: 'mt_order', entityId: id, action: 'create', after: { folio: folioText, ...v } });
  return { id, folio };
}

export async function createOrder(ctx: RequestContext, input: unknown) {
  const v = parseInput(createOrderInput, input);
  const { id } = await db(ctx).transaction((tx) => openOrder(tx, ctx, v));
  return found(await getOrder(ctx, id), 'La orden');
}

/** "Generar orden" from due services of one vehicle: the odometer in defaults to the vehicle's last reading. */
export async function createOrderFromSchedules(ctx: RequestContext, scheduleIdsRaw: unknown, openedOnRaw: unknown, odometerInRaw: unknown) {
  const a = parseInput(
    z.object({ scheduleIds: z.array(rules.id()).min(1, MSG.schedulesRequired).max(50, 'Máximo 50 servicios.'), openedOn: pastDate(), odometerIn: km().nullish() }),
    { scheduleIds: scheduleIdsRaw, openedOn: openedOnRaw, odometerIn: odometerInRaw },
  );
  const { id } = await db(ctx).transaction(async (tx) => {
    const rows = await data.findSchedules(tx, await dueParams(tx), [...new Set(a.scheduleIds)]);
    const fields: FieldMessages = {};
    a.scheduleIds.forEach((s, i) => {
      const row = rows.find((r) => r.id === s);
      if (!row) fields[`scheduleIds.${i}`] = MSG.scheduleMissing;
      else if (row.openOrderFolio !== null) fields[`scheduleIds.${i}`] = MSG.alreadyInOrder(formatOrderFolio(row.openOrderFolio));
    });
    if (new Set(rows.map((r) => r.vehicleId)).size > 1) fields.scheduleIds = MSG.schedulesOneVehicle;
    refuse(fields);
    const vehicle = found(await data.findVehicle(tx, rows[0].vehicleId), 'El vehículo');
    return openOrder(tx, ctx, {
      vehicleId: vehicle.id,
      serviceIds: [...new Set(rows.map((r) => r.serviceId))],
      openedOn: a.openedOn,
      odometerIn: a.odometerIn ?? vehicle.odometerKm,
      mechanicEmployeeId: null,
      supplierId: null,
      notes: '',
    });
  });
  return found(await getOrder(ctx, id), 'La orden');
}

async function lockOrder(tx: Executor, id: number, version: number) {
  const o = await data.lockOrder(tx, id);
  if (!o) throw notFound('La orden');
  if (o.version !== version) throw conflict();
  return o;
}

const updateOrderInput = z.object({
  mechanicEmployeeId: optionalId(),
  supplierId: optionalId(),
  labourHours: amount(),
  labourRate: amount(),
  externalCost: amount(),
  externalInvoice: text(60),
  notes: text(2000),
});

export async function updateOrder(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(updateOrderInput, input);
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    if (before.status !== 'abierta' && before.status !== 'en_proceso') throw appError('CONFLICT', MSG.orderNotEditable);
    const fields: FieldMessages = {};
    await checkPeople(tx, v, fields);
    refuse(fields);
    if (!(await data.updateOrder(tx, orderId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_order', entityId: orderId, action: 'update', before, after: v });
  });
  return found(await getOrder(ctx, orderId), 'La orden');
}

export async function startOrder(ctx: RequestContext, id: string, version: number) {
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    assertAction(ORDER_LIFECYCLE, 'iniciar', before.status, 'en_proceso');
    if (!(await data.updateOrder(tx, orderId, version, { status: 'en_proceso' }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_order', entityId: orderId, action: 'en_proceso', before: { status: before.status }, after: { status: 'en_proceso' } });
  });
  return found(await getOrder(ctx, orderId), 'La orden');
}

const partRequestInput = z.object({
  warehouseId: rules.id(),
  neededDate: isoDate(),
  notes: text(1000),
  lines: z.array(z.object({ articleId: rules.id(), quantity: quantity() })).min(1, 'Agrega al menos una partida.').max(200, 'Máximo 200 partidas.'),
});

/** Parts for the order: an Almacén requisition (area Mantenimiento, origin = the order folio) in the same transaction. */
export async function requestParts(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(partRequestInput, input);
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    if (before.status !== 'abierta' && before.status !== 'en_proceso') throw appError('CONFLICT', MSG.orderNotEditable);
    const folio = formatOrderFolio(before.folio);
    const req = await warehouse.createRequisition(tx, ctx, {
      area: 'Mantenimiento',
      originReference: folio,
      warehouseId: v.warehouseId,
      neededDate: v.neededDate,
      notes: v.notes || `Refacciones de la orden ${folio}`,
      lines: v.lines,
    });
    await data.linkRequisition(tx, orderId, req.id);
    if (!(await data.updateOrder(tx, orderId, version, {}))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_order', entityId: orderId, action: 'request_parts', after: { requisition: req.folio, ...v } });
  });
  return found(await getOrder(ctx, orderId), 'La orden');
}

/**
 * Closes an en-proceso order: every requisition settled (surtida or
 * rechazada); the parts cost is fixed at the exit movements' cost; the
 * schedules of its services move to (closing date, odometer out, or odometer
 * in when no reading out is given); a reading out goes to the vehicle's
 * odometer log (source orden, on the closing date) and may not be below the
 * odometer in nor the vehicle's current reading; its failure reports become
 * atendido; the vehicle goes back to activo unless another order still holds
 * it. The order row is locked and its version checked, so of two parallel
 * closes one wins and the other gets CONFLICT.
 */
export async function closeOrder(ctx: RequestContext, id: string, version: number, closedOnRaw: unknown, odometerOutRaw?: unknown) {
  const { closedOn, odometerOut } = parseInput(z.object({ closedOn: pastDate(), odometerOut: km().nullish().transform((v) => v ?? null) }), {
    closedOn: closedOnRaw,
    odometerOut: odometerOutRaw,
  });
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    assertAction(ORDER_LIFECYCLE, 'cerrar', before.status, 'cerrada');
    if (closedOn < before.openedOn) throw badInput({ closedOn: MSG.closeBeforeOpen });
    if (odometerOut !== null) {
      const vehicle = await data.findVehicle(tx, before.vehicleId);
      if (odometerOut < before.odometerIn) throw badInput({ odometerOut: MSG.odometerOutBelowIn(before.odometerIn) });
      if (vehicle && odometerOut < vehicle.odometerKm) throw badInput({ odometerOut: MSG.odometerOutBelowCurrent(vehicle.odometerKm) });
    }
    const reqs = [...(await requisitionViews(within(ctx, tx), (await data.orderRequisitionIds(tx, [orderId])).map((l) => l.requisitionId))).values()];
    const open = reqs.filter((r) => !isRequisitionSettled(r.status));
    if (open.length) throw appError('CONFLICT', MSG.unsettled(open.map((r) => r.folio)));
    const cost = orderCost({ partAmounts: reqs.map((r) => r.deliveredCost), labourHours: before.labourHours, labourRate: before.labourRate, externalCost: before.externalCost });
    if (!(await data.updateOrder(tx, orderId, version, { status: 'cerrada', closedOn, partsCost: cost.parts, total: cost.total }))) throw conflict();
    const services = await data.orderServices(tx, [orderId]);
    const folio = formatOrderFolio(before.folio);
    const actor = actorOf(ctx);
    // The reading out is taken with the vehicle row locked (and checked against the log's neighbours by date) before anything moves to it.
    if (odometerOut !== null) {
      await vehiclePark.recordOdometerReading(tx, actor, { vehicleId: before.vehicleId, readOn: closedOn, km: odometerOut, source: 'orden', sourceReference: folio, notes: 'Odómetro de salida' }, { field: 'odometerOut' });
    }
    const moved = await data.markSchedulesDone(tx, orderId, before.vehicleId, services.map((s) => s.serviceId), closedOn, odometerOut ?? before.odometerIn);
    const reports = await data.reportsOfOrderTo(tx, orderId, 'atendido');
    if ((await data.otherOpenOrders(tx, before.vehicleId, orderId)) === 0) await vehiclePark.setVehicleStatusForMaintenance(tx, actor, before.vehicleId, 'activo', folio);
    await writeAudit(tx, actor, { entity: 'mt_order', entityId: orderId, action: 'close', before: { status: before.status }, after: { status: 'cerrada', closedOn, odometerOut, ...cost, schedules: moved, reports } });
  });
  return found(await getOrder(ctx, orderId), 'La orden');
}

export async function cancelOrder(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason: why } = parseInput(z.object({ reason: reason() }), { reason: reasonRaw });
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    assertAction(ORDER_LIFECYCLE, 'cancelar', before.status, 'cancelada');
    if (!(await data.updateOrder(tx, orderId, version, { status: 'cancelada', cancelReason: why }))) throw conflict();
    const reports = await data.reportsOfOrderTo(tx, orderId, 'asignado');
    const actor = actorOf(ctx);
    if ((await data.otherOpenOrders(tx, before.vehicleId, orderId)) === 0) await vehiclePark.setVehicleStatusForMaintenance(tx, actor, before.vehicleId, 'activo', formatOrderFolio(before.folio));
    await writeAudit(tx, actor, { entity: 'mt_order', entityId: orderId, action: 'cancel', before: { status: before.status }, after: { status: 'cancelada', reason: why, reports } });
  });
  return found(await getOrder(ctx, orderId), 'La orden');
}

// ---- requisitions and payment requests of the orders ---------------------------------------

const REQUISITION_SORTS = ['folio', 'neededDate', 'status'] as const;
/** Almacén's statuses in its lifecycle's order (what a sort by status follows), unknown ones last. */
const REQUISITION_STATUS_ORDER: readonly string[] = Object.keys(REQUISITION_LIFECYCLE.labels);
const statusRank = (status: string) => {
  const i = REQUISITION_STATUS_ORDER.indexOf(status);
  return i < 0 ? REQUISITION_STATUS_ORDER.length : i;
};
const byFolio = (a: OrderRequisitionView, b: OrderRequisitionView) => a.folio.localeCompare(b.folio, 'en', { numeric: true }) || a.id - b.id;
const REQUISITION_ORDER: Record<(typeof REQUISITION_SORTS)[number], (a: OrderRequisitionView, b: OrderRequisitionView) => number> = {
  folio: byFolio,
  neededDate: (a, b) => (a.neededDate < b.neededDate ? -1 : a.neededDate > b.neededDate ? 1 : 0),
  status: (a, b) => statusRank(a.status) - statusRank(b.status),
};

/**
 * The orders' requisitions, filtered and sorted by folio (newest first by
 * default), needed date or status (lifecycle order), each tie broken by the
 * folio in the same direction, then paged. Status and dates live in Almacén
 * and are read through its service, so the rows of the orders are sorted
 * here, whole, before the page is cut.
 */
export async function listOrderRequisitions(ctx: RequestContext, list: ListInput | null | undefined, status: string | null | undefined) {
  const q = readList(list, REQUISITION_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  const links = await data.requisitionLinks(db(ctx), q.search);
  const views = await requisitionViews(ctx, links.map((l) => l.requisitionId));
  const rows = links
    .map((l) => ({ orderId: l.orderId, orderFolio: formatOrderFolio(l.orderFolio), vehicleNumber: l.vehicleNumber, requisition: views.get(l.requisitionId) }))
    .filter((r): r is typeof r & { requisition: OrderRequisitionView } => !!r.requisition && (!status || r.requisition.status === status));
  const compare = REQUISITION_ORDER[q.sortBy];
  const sign = q.desc ? -1 : 1;
  rows.sort((a, b) => sign * (compare(a.requisition, b.requisition) || byFolio(a.requisition, b.requisition)));
  return { items: rows.slice(q.offset, q.offset + q.limit), total: rows.length };
}

/** The payment request's status in Compras as the Solicitudes de pago filter names it (sin_solicitud: never sent). */
const PAYMENT_FILTER_STATUSES = ['sin_solicitud', 'pendiente', 'aprobada', 'rechazada'] as const;

/**
 * Orders with an external workshop, by supplier and by the status of their
 * latest payment request. The status lives in Compras (read through its
 * service), so with that filter the list's ids come sorted from SQL, are
 * kept when their request matches, and only then paged.
 */
export async function listPaymentOrders(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: string | null; supplierId?: string | null } | null | undefined) {
  const q = readList(list, data.ORDER_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  const status = filter?.status ?? null;
  if (status && !(PAYMENT_FILTER_STATUSES as readonly string[]).includes(status)) throw badInput({ 'filter.status': MSG.paymentStatus });
  const f: data.OrderFilter = { status: null, vehicleId: null, withSupplier: true, supplierId: filter?.supplierId ? idOf(filter.supplierId) || -1 : null };
  if (!status) {
    const page = await data.listOrders(db(ctx), q, f);
    return { items: page.items.map((order) => ({ order })), total: page.total };
  }
  const ids = await data.listOrderIds(db(ctx), q, f);
  const outcomes = await shopping.paymentRequestOutcomes(db(ctx), 'mantenimiento', ids);
  const matching = ids.filter((id) => (outcomes.get(String(id))?.status ?? 'sin_solicitud') === status);
  const orders = await data.ordersByIds(db(ctx), matching.slice(q.offset, q.offset + q.limit));
  return { items: orders.map((order) => ({ order })), total: matching.length };
}

export const paymentSupplierOptions = (ctx: RequestContext) => data.orderSupplierOptions(db(ctx));

const paymentInput = z.object({ date: pastDate(), invoice: rules.requiredText(60), subtotal: rules.amount({ positive: true, max: '999999999' }) });

/** The external workshop's invoice → a Compras payment request (origin mantenimiento) in the same transaction. */
export async function createPaymentRequest(ctx: RequestContext, orderIdRaw: string, input: unknown) {
  const v = parseInput(paymentInput, input);
  const orderId = idOf(orderIdRaw);
  await db(ctx).transaction(async (tx) => {
    const order = await data.lockOrder(tx, orderId);
    if (!order) throw notFound('La orden');
    if (order.status === 'cancelada') throw appError('CONFLICT', 'La orden está cancelada.');
    if (!order.supplierId) throw badInput({ supplierId: MSG.noExternal }, MSG.noExternal);
    const folio = formatOrderFolio(order.folio);
    const req = await shopping.createPaymentRequestFromOrigin(tx, actorOf(ctx), {
      origin: 'mantenimiento',
      originId: orderId,
      originFolio: folio,
      supplierId: order.supplierId,
      date: v.date,
      description: `Taller externo de la orden ${folio}, factura ${v.invoice}`,
      category: 'Mantenimiento',
      subtotal: v.subtotal,
      ivaRate: '0.16',
    });
    const changes: data.OrderChanges = { externalInvoice: v.invoice };
    if (order.status !== 'cerrada') changes.externalCost = v.subtotal;
    if (!(await data.updateOrder(tx, orderId, order.version, changes))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_order', entityId: orderId, action: 'payment_request', after: { requestId: req.id, requestFolio: req.folio, ...v } });
  });
  return found(await getOrder(ctx, orderId), 'La orden');
}

// ---- failure reports -------------------------------------------------------------------------

export function listReports(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  const q = readList(list, data.REPORT_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  return data.listReports(db(ctx), q, { status: filter?.status ?? null, range: readDateRange(filter) });
}

const reportInput = z.object({ vehicleId: optionalId(), location: text(200), title: rules.requiredText(200), description: text(2000), reporterEmployeeId: optionalId() });

export async function createReport(ctx: RequestContext, input: unknown) {
  const v = parseInput(reportInput, input);
  const { id } = await db(ctx).transaction(async (tx) => {
    const fields: FieldMessages = {};
    if (!v.vehicleId && !v.location) fields.location = MSG.locationOrVehicle;
    if (v.vehicleId) {
      const vehicle = await data.findVehicle(tx, v.vehicleId);
      if (!vehicle) fields.vehicleId = MSG.vehicleMissing;
    }
    if (v.reporterEmployeeId && !(await data.employeeExists(tx, v.reporterEmployeeId))) fields.reporterEmployeeId = MSG.employeeMissing;
    refuse(fields);
    return raiseFailureReport(tx, actorOf(ctx), { source: 'conductor', ...v });
  });
  return found(await data.findReport(db(ctx), id), 'El reporte');
}

async function lockReport(tx: Executor, id: number, version: number) {
  const r = await data.lockReport(tx, id);
  if (!r) throw notFound('El reporte');
  if (r.version !== version) throw conflict();
  return r;
}

const triageInput = z.object({ priority: z.enum(['baja', 'media', 'alta', 'urgente'], { error: 'Elige la prioridad.' }), assignedEmployeeId: rules.id() });

export async function triageReport(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(triageInput, input);
  const reportId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockReport(tx, reportId, version);
    if (before.status !== 'nuevo' && before.status !== 'asignado') throw appError('CONFLICT', MSG.reportNotOpen);
    if (!(await data.employeeExists(tx, v.assignedEmployeeId))) throw badInput({ assignedEmployeeId: MSG.employeeMissing });
    if (!(await data.updateReport(tx, reportId, version, { ...v, status: 'asignado', triagedAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_failure_report', entityId: reportId, action: 'triage', before: { status: before.status }, after: { status: 'asignado', ...v } });
  });
  return found(await data.findReport(db(ctx), reportId), 'El reporte');
}

export async function reportToOrder(ctx: RequestContext, id: string, version: number, orderIdRaw: string | null | undefined, newOrder: unknown) {
  const reportId = idOf(id);
  if (!orderIdRaw && !newOrder) throw badInput({ orderId: MSG.orderOrNew });
  const fresh = newOrder ? parseInput(createOrderInput, newOrder) : null;
  await db(ctx).transaction(async (tx) => {
    const before = await lockReport(tx, reportId, version);
    if (before.status !== 'nuevo' && before.status !== 'asignado') throw appError('CONFLICT', MSG.reportNotOpen);
    let orderId: number;
    if (fresh) orderId = (await openOrder(tx, ctx, fresh, 'newOrder.')).id;
    else {
      const order = await data.lockOrder(tx, idOf(orderIdRaw));
      if (!order) throw badInput({ orderId: 'La orden no existe.' });
      if (order.status !== 'abierta' && order.status !== 'en_proceso') throw badInput({ orderId: MSG.orderNotOpen });
      orderId = order.id;
    }
    if (!(await data.updateReport(tx, reportId, version, { status: 'en_orden', orderId }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_failure_report', entityId: reportId, action: 'to_order', before: { status: before.status }, after: { status: 'en_orden', orderId } });
  });
  return found(await data.findReport(db(ctx), reportId), 'El reporte');
}

export async function discardReport(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason: why } = parseInput(z.object({ reason: reason() }), { reason: reasonRaw });
  const reportId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockReport(tx, reportId, version);
    if (before.status !== 'nuevo' && before.status !== 'asignado') throw appError('CONFLICT', MSG.reportNotOpen);
    if (!(await data.updateReport(tx, reportId, version, { status: 'descartado', discardReason: why, closedAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'mt_failure_report', entityId: reportId, action: 'discard', before: { status: before.status }, after: { status: 'descartado', reason: why } });
  });
  return found(await data.findReport(db(ctx), reportId), 'El reporte');
}

export type { OrderStatus };
