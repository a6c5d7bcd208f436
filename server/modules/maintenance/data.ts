// Mantenimiento SQL: services catalogue, schedule (with the due rule in SQL
// for paging and filtering), orders and failure reports. Reads vp_vehicles
// (the cached odometer) and a few catalogue names; Almacén's and Compras'
// documents are reached only through their services.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../lib/list';
import { DEFAULT_DUE_MARGIN, type ScheduleStatus } from '../../../schema/maintenance/due';
import type { OrderStatus } from '../../../schema/maintenance/orders';

export type FailureReportInsert = {
  folio: number;
  source: 'conductor' | 'seguridad' | 'otro';
  sourceId: string | null;
  sourceReference: string;
  vehicleId: number | null;
  location: string;
  title: string;
  description: string;
  reportedBy: number | null;
  reporterEmployeeId: number | null;
};

export async function insertFailureReport(ex: Executor, r: FailureReportInsert): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into mt_failure_reports (folio, source, source_id, source_reference, vehicle_id, location, title, description, reported_by, reporter_employee_id)
        values (${r.folio}, ${r.source}, ${r.sourceId}, ${r.sourceReference}, ${r.vehicleId}, ${r.location}, ${r.title}, ${r.description}, ${r.reportedBy}, ${r.reporterEmployeeId})
        returning id`,
  );
  return Number(rows[0].id);
}

export type FailureReportOutcomeRow = {
  id: number;
  folio: number;
  sourceId: string;
  status: 'nuevo' | 'asignado' | 'en_orden' | 'atendido' | 'descartado';
  priority: string | null;
  discardReason: string;
  orderId: number | null;
  createdAt: Date;
  closedAt: Date | null;
  title: string;
  location: string;
  sourceReference: string;
};

export function failureReportsBySource(ex: Executor, source: string, sourceIds: string[]) {
  if (sourceIds.length === 0) return Promise.resolve([] as FailureReportOutcomeRow[]);
  return queryRows<FailureReportOutcomeRow>(
    ex,
    sql`select id, folio, source_id as "sourceId", status, priority, discard_reason as "discardReason", order_id as "orderId",
               created_at as "createdAt", closed_at as "closedAt", title, location, source_reference as "sourceReference"
        from mt_failure_reports where source = ${source} and source_id = any(${sql.param(sourceIds)}::text[]) order by id`,
  );
}


/** One page of the reports raised by `source` (newest first), optionally of one status, searching folio, title and reference. */
export async function failureReportsOfSource(ex: Executor, source: string, q: { limit: number; offset: number; status: string | null; search: string | null }) {
  const conds = [sql`source = ${source}`];
  if (q.status) conds.push(sql`status = ${q.status}`);
  if (q.search) {
    const p = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(folio::text = ${q.search} or title ilike ${p} or source_reference ilike ${p} or location ilike ${p})`);
  }
  const where = sql.join(conds, sql` and `);
  const [items, totals] = await Promise.all([
    queryRows<FailureReportOutcomeRow>(
      ex,
      sql`select id, folio, source_id as "sourceId", status, priority, discard_reason as "discardReason", order_id as "orderId", created_at as "createdAt",
                 closed_at as "closedAt", title, location, source_reference as "sourceReference"
          from mt_failure_reports where ${where} order by id desc limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from mt_failure_reports where ${where}`),
  ]);
  return { items, total: totals[0].n };
}

// ---- helpers --------------------------------------------------------------------------------

const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);
const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL => (desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`);
const ids = (values: number[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

async function page<T>(ex: Executor, select: SQL, from: SQL, conds: SQL[], order: SQL, q: ListQuery<string>): Promise<{ items: T[]; total: number }> {
  const [items, totals] = await Promise.all([
    queryRows<T>(ex, sql`${select} ${from} ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${from} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

const vehicleName = sql`trim(v.brand || ' ' || v.model || case when v.plate <> '' then ' · ' || v.plate else '' end)`;
const employeeName = (alias: string) => sql.raw(`trim(${alias}.last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.names)`);

// ---- services catalogue ---------------------------------------------------------------------

export type ServiceRow = {
  id: number;
  name: string;
  kind: 'preventivo' | 'correctivo';
  everyKm: number | null;
  everyDays: number | null;
  estimatedHours: string;
  estimatedCost: string;
  tasks: string[];
  active: boolean;
  version: number;
};
export type ServiceValues = Omit<ServiceRow, 'id' | 'version'> & { parts: { articleId: number; quantity: string }[] };
export const SERVICE_SORTS = ['name', 'kind', 'everyKm', 'everyDays', 'estimatedCost'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

const serviceSelect = sql`select s.id, s.name, s.kind, s.every_km as "everyKm", s.every_days as "everyDays", s.estimated_hours::text as "estimatedHours",
  s.estimated_cost::text as "estimatedCost", s.tasks, s.active, s.version`;

export function listServices(ex: Executor, q: ListQuery<ServiceSort>, f: { kind: string | null; active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`s.name ilike ${likePattern(q.search)}`);
  if (f.kind) conds.push(sql`s.kind = ${f.kind}`);
  if (f.active !== null) conds.push(sql`s.active = ${f.active}`);
  const col = { name: sql`lower(s.name)`, kind: sql`s.kind`, everyKm: sql`s.every_km`, everyDays: sql`s.every_days`, estimatedCost: sql`s.estimated_cost` }[q.sortBy];
  return page<ServiceRow>(ex, serviceSelect, sql`from mt_services s`, conds, orderBy(col, q.desc, sql`s.id`), q);
}

export async function findService(ex: Executor, id: number, lock = false): Promise<ServiceRow | null> {
  const rows = await queryRows<ServiceRow>(ex, sql`${serviceSelect} from mt_services s where s.id = ${id} ${lock ? sql`for update` : sql``}`);
  return rows[0] ?? null;
}

export async function servicesByIds(ex: Executor, serviceIds: number[]): Promise<ServiceRow[]> {
  if (!serviceIds.length) return [];
  return queryRows<ServiceRow>(ex, sql`${serviceSelect} from mt_services s where s.id in ${ids(serviceIds)} order by s.id`);
}

export async function activeServiceOptions(ex: Executor) {
  return queryRows<{ id: number; name: string }>(ex, sql`select id, name from mt_services where active order by lower(name), id`);
}

export async function serviceNameTaken(ex: Executor, name: string, exceptId?: number) {
  const rows = await queryRows<{ x: number }>(ex, sql`select 1 as x from mt_services where lower(name) = lower(${name}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`);
  return rows.length > 0;
}

export async function insertService(ex: Executor, v: ServiceValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into mt_services (name, kind, every_km, every_days, estimated_hours, estimated_cost, tasks, active)
        values (${v.name}, ${v.kind}, ${v.everyKm}, ${v.everyDays}, ${v.estimatedHours}, ${v.estimatedCost}, ${JSON.stringify(v.tasks)}::jsonb, ${v.active}) returning id`,
  );
  const id = Number(rows[0].id);
  await replaceServiceParts(ex, id, v.parts);
  return id;
}

export async function updateService(ex: Executor, id: number, version: number, v: ServiceValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update mt_services set name = ${v.name}, kind = ${v.kind}, every_km = ${v.everyKm}, every_days = ${v.everyDays}, estimated_hours = ${v.estimatedHours},
          estimated_cost = ${v.estimatedCost}, tasks = ${JSON.stringify(v.tasks)}::jsonb, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  if (rows.length !== 1) return false;
  await replaceServiceParts(ex, id, v.parts);
  return true;
}

async function replaceServiceParts(ex: Executor, serviceId: number, parts: { articleId: number; quantity: string }[]) {
  await queryRows(ex, sql`delete from mt_service_parts where service_id = ${serviceId}`);
  if (!parts.length) return;
  const values = parts.map((p, i) => sql`(${serviceId}, ${i + 1}, ${p.articleId}, ${p.quantity})`);
  await queryRows(ex, sql`insert into mt_service_parts (service_id, line_no, article_id, quantity) values ${sql.join(values, sql`, `)}`);
}

export type ServicePartRow = { serviceId: number; articleId: number; quantity: string };

/** The parts of these services (article names and costs come from Almacén's service). */
export async function serviceParts(ex: Executor, serviceIds: number[]): Promise<ServicePartRow[]> {
  if (!serviceIds.length) return [];
  const rows = await queryRows<ServicePartRow>(
    ex,
    sql`select service_id as "serviceId", article_id as "articleId", quantity::text as quantity from mt_service_parts where service_id in ${ids(serviceIds)} order by service_id, line_no`,
  );
  return rows.map((r) => ({ ...r, serviceId: Number(r.serviceId), articleId: Number(r.articleId) }));
}

// ---- settings --------------------------------------------------------------------------------

export type SettingsRow = { marginKm: number; marginDays: number; version: number };

export async function readSettings(ex: Executor): Promise<SettingsRow> {
  const rows = await queryRows<SettingsRow>(ex, sql`select margin_km as "marginKm", margin_days as "marginDays", version from mt_settings where id = 1`);
  return rows[0] ?? { marginKm: DEFAULT_DUE_MARGIN.km, marginDays: DEFAULT_DUE_MARGIN.days, version: 0 };
}

/** Upserts the one settings row when `version` is current (0: never saved). */
export async function saveSettings(ex: Executor, version: number, v: { marginKm: number; marginDays: number }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    version === 0
      ? sql`insert into mt_settings (id, margin_km, margin_days) values (1, ${v.marginKm}, ${v.marginDays}) on conflict (id) do nothing returning id`
      : sql`update mt_settings set margin_km = ${v.marginKm}, margin_days = ${v.marginDays}, version = version + 1 where id = 1 and version = ${version} returning id`,
  );
  return rows.length === 1;
}

// ---- schedule --------------------------------------------------------------------------------

export type MtScheduleRow = {
  id: number;
  vehicleId: number;
  vehicleNumber: string;
  vehicleName: string;
  vehicleStatus: string;
  currentKm: number;
  serviceId: number;
  serviceName: string;
  serviceKind: 'preventivo' | 'correctivo';
  everyKm: number | null;
  everyDays: number | null;
  lastDoneOn: string;
  lastDoneKm: number;
  nextDueKm: number | null;
  nextDueOn: string | null;
  kmLeft: number | null;
  daysLeft: number | null;
  status: ScheduleStatus;
  openOrderId: number | null;
  openOrderFolio: number | null;
  active: boolean;
  version: number;
};

/** Margins are numbers, or SQL reading them from mt_settings in the same statement (the Tablero). */
export type DueParams = { today: string; marginKm: number | SQL; marginDays: number | SQL };

/**
 * The due rule of schema/maintenance/due.ts (computeDue) in SQL, so the list
 * can filter and page by status: vencido once the km or the date is reached,
 * próximo within the margin, al corriente otherwise. A unit-free test runs
 * both over the same rows and expects the same answer.
 */
export function dueSql(p: DueParams) {
  const today = sql`${p.today}::date`;
  const nextKm = sql`(sc.last_done_km + s.every_km)`;
  const nextOn = sql`(sc.last_done_on + s.every_days)`;
  const kmLeft = sql`(${nextKm} - v.odometer_km)`;
  const daysLeft = sql`(${nextOn} - ${today})`;
  const status = sql`(case when (s.every_km is not null and ${kmLeft} <= 0) or (s.every_days is not null and ${daysLeft} <= 0) then 'vencido'
    when (s.every_km is not null and ${kmLeft} <= ${p.marginKm}) or (s.every_days is not null and ${daysLeft} <= ${p.marginDays}) then 'proximo'
    else 'al_corriente' end)`;
  return { nextKm, nextOn, kmLeft, daysLeft, status };
}

const scheduleFrom = sql`from mt_schedules sc join mt_services s on s.id = sc.service_id join vp_vehicles v on v.id = sc.vehicle_id`;

function scheduleSelect(p: DueParams) {
  const d = dueSql(p);
  return sql`select sc.id, sc.vehicle_id as "vehicleId", v.economic_number as "vehicleNumber", ${vehicleName} as "vehicleName", v.status as "vehicleStatus",
    v.odometer_km as "currentKm", sc.service_id as "serviceId", s.name as "serviceName", s.kind as "serviceKind", s.every_km as "everyKm", s.every_days as "everyDays",
    sc.last_done_on::text as "lastDoneOn", sc.last_done_km as "lastDoneKm", ${d.nextKm} as "nextDueKm", ${d.nextOn}::text as "nextDueOn",
    ${d.kmLeft} as "kmLeft", ${d.daysLeft} as "daysLeft", ${d.status} as status,
    oo.id as "openOrderId", oo.folio as "openOrderFolio", sc.active, sc.version`;
}

const openOrderJoin = sql`left join lateral (select o.id, o.folio from mt_order_services os join mt_orders o on o.id = os.order_id
    where os.service_id = sc.service_id and o.vehicle_id = sc.vehicle_id and o.status in ('abierta', 'en_proceso') order by o.id desc limit 1) oo on true`;

export const SCHEDULE_SORTS = ['due', 'vehicle', 'service', 'lastDoneOn', 'status'] as const;
export type ScheduleSort = (typeof SCHEDULE_SORTS)[number];

export type ScheduleFilter = { status: ScheduleStatus | null; vehicleId: number | null; serviceId: number | null };

function scheduleConds(p: DueParams, q: { search: string | null }, f: ScheduleFilter): SQL[] {
  const conds: SQL[] = [sql`sc.active`, sql`v.status <> 'baja'`];
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(sql`(v.economic_number ilike ${like} or v.plate ilike ${like} or s.name ilike ${like})`);
  }
  if (f.status) conds.push(sql`${dueSql(p).status} = ${f.status}`);
  if (f.vehicleId) conds.push(sql`sc.vehicle_id = ${f.vehicleId}`);
  if (f.serviceId) conds.push(sql`sc.service_id = ${f.serviceId}`);
  return conds;
}

export async function listSchedules(ex: Executor, p: DueParams, q: ListQuery<ScheduleSort>, f: ScheduleFilter) {
  const d = dueSql(p);
  // "due" orders by urgency: the smaller of km-left (as ‰ of the margin) and days-left (as ‰ of the margin) first.
  const urgency = sql`least(coalesce(${d.kmLeft}::numeric * 1000 / greatest(${p.marginKm}::int, 1), 1e12), coalesce(${d.daysLeft}::numeric * 1000 / greatest(${p.marginDays}::int, 1), 1e12))`;
  const col = {
    due: urgency,
    vehicle: sql`upper(v.economic_number)`,
    service: sql`lower(s.name)`,
    lastDoneOn: sql`sc.last_done_on`,
    status: sql`(case ${d.status} when 'vencido' then 0 when 'proximo' then 1 else 2 end)`,
  }[q.sortBy];
  const conds = scheduleConds(p, q, f);
  // The page's ids first (sort key only), then its rows with the open order: the lateral join runs 50 times, not once per schedule.
  const pageIds = sql`select sc.id, ${col} as k ${scheduleFrom} ${where(conds)} ${orderBy(col, q.desc, sql`sc.id`)} limit ${q.limit} offset ${q.offset}`;
  const [items, totals] = await Promise.all([
    queryRows<MtScheduleRow>(
      ex,
      sql`with pg as (${pageIds}) ${scheduleSelect(p)} from pg join mt_schedules sc on sc.id = pg.id join mt_services s on s.id = sc.service_id
          join vp_vehicles v on v.id = sc.vehicle_id ${openOrderJoin} ${orderBy(sql`pg.k`, q.desc, sql`pg.id`)}`,
    ),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${scheduleFrom} ${where(conds)}`),
  ]);
  return { items: items.map(normSchedule), total: totals[0].n };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const normSchedule = (r: MtScheduleRow): MtScheduleRow => ({
  ...r,
  id: Number(r.id),
  vehicleId: Number(r.vehicleId),
  serviceId: Number(r.serviceId),
  currentKm: Number(r.currentKm),
  lastDoneKm: Number(r.lastDoneKm),
  nextDueKm: num(r.nextDueKm),
  kmLeft: num(r.kmLeft),
  daysLeft: num(r.daysLeft),
  openOrderId: num(r.openOrderId),
  openOrderFolio: num(r.openOrderFolio),
});

export async function findSchedules(ex: Executor, p: DueParams, scheduleIds: number[]): Promise<MtScheduleRow[]> {
  if (!scheduleIds.length) return [];
  const rows = await queryRows<MtScheduleRow>(ex, sql`${scheduleSelect(p)} ${scheduleFrom} ${openOrderJoin} where sc.id in ${ids(scheduleIds)} order by sc.id`);
  return rows.map(normSchedule);
}

export async function scheduleCounts(ex: Executor, p: DueParams): Promise<Record<ScheduleStatus, number>> {
  const rows = await queryRows<{ status: ScheduleStatus; n: number }>(
    ex,
    sql`select ${dueSql(p).status} as status, count(*)::int as n ${scheduleFrom} where sc.active and v.status <> 'baja' group by 1`,
  );
  const out: Record<ScheduleStatus, number> = { al_corriente: 0, proximo: 0, vencido: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

/** Vencidos and próximos with the company's margin read in the same statement (one statement for the Tablero). */
/** Tablero: active services vencidos and próximos (as the Programación status filter counts them), as json { overdue, dueSoon }. */
export function scheduleDueSummarySql(today: string): SQL {
  const status = dueSql({
    today,
    marginKm: sql`coalesce((select margin_km from mt_settings where id = 1), ${DEFAULT_DUE_MARGIN.km})`,
    marginDays: sql`coalesce((select margin_days from mt_settings where id = 1), ${DEFAULT_DUE_MARGIN.days})`,
  }).status;
  return sql`(select json_build_object('overdue', count(*) filter (where x.status = 'vencido'), 'dueSoon', count(*) filter (where x.status = 'proximo'))
              from (select ${status} as status ${scheduleFrom} where sc.active and v.status <> 'baja') x)`;
}

export async function lockSchedule(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; vehicleId: number; serviceId: number; version: number }>(
    ex,
    sql`select id, vehicle_id as "vehicleId", service_id as "serviceId", version from mt_schedules where id = ${id} for update`,
  );
  return rows[0] ?? null;
}

export type ScheduleValues = { vehicleId: number; serviceId: number; lastDoneOn: string; lastDoneKm: number; active: boolean };

export async function scheduleTaken(ex: Executor, vehicleId: number, serviceId: number, exceptId?: number) {
  const rows = await queryRows<{ x: number }>(
    ex,
    sql`select 1 as x from mt_schedules where vehicle_id = ${vehicleId} and service_id = ${serviceId} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertSchedule(ex: Executor, v: ScheduleValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into mt_schedules (vehicle_id, service_id, last_done_on, last_done_km, active) values (${v.vehicleId}, ${v.serviceId}, ${v.lastDoneOn}, ${v.lastDoneKm}, ${v.active}) returning id`,
  );
  return Number(rows[0].id);
}

export async function updateSchedule(ex: Executor, id: number, version: number, v: ScheduleValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update mt_schedules set vehicle_id = ${v.vehicleId}, service_id = ${v.serviceId}, last_done_on = ${v.lastDoneOn}, last_done_km = ${v.lastDoneKm}, active = ${v.active},
          version = version + 1 where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** The order closed: its services' schedules of that vehicle were done on that date at that km (created when the service was not scheduled yet? no: only existing rows move). */
export async function markSchedulesDone(ex: Executor, orderId: number, vehicleId: number, serviceIds: number[], doneOn: string, doneKm: number): Promise<number[]> {
  if (!serviceIds.length) return [];
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update mt_schedules set last_done_on = ${doneOn}, last_done_km = ${doneKm}, last_order_id = ${orderId}, version = version + 1
        where vehicle_id = ${vehicleId} and service_id in ${ids(serviceIds)} returning id`,
  );
  return rows.map((r) => Number(r.id));
}

export type VehicleBrief = { id: number; economicNumber: string; status: string; odometerKm: number; odometerDate: string | null };

export async function findVehicle(ex: Executor, id: number): Promise<VehicleBrief | null> {
  const rows = await queryRows<VehicleBrief>(
    ex,
    sql`select id, economic_number as "economicNumber", status, odometer_km as "odometerKm", odometer_date::text as "odometerDate" from vp_vehicles where id = ${id}`,
  );
  return rows[0] ? { ...rows[0], id: Number(rows[0].id), odometerKm: Number(rows[0].odometerKm) } : null;
}

// ---- orders ----------------------------------------------------------------------------------

export type MtOrderRow = {
  id: number;
  folio: number;
  vehicleId: number;
  vehicleNumber: string;
  vehicleName: string;
  status: OrderStatus;
  openedOn: string;
  odometerIn: number;
  mechanicEmployeeId: number | null;
  mechanicName: string | null;
  supplierId: number | null;
  supplierName: string | null;
  labourHours: string;
  labourRate: string;
  externalCost: string;
  externalInvoice: string;
  notes: string;
  partsCost: string | null;
  total: string | null;
  closedOn: string | null;
  cancelReason: string;
  version: number;
};

const orderSelect = sql`select o.id, o.folio, o.vehicle_id as "vehicleId", v.economic_number as "vehicleNumber", ${vehicleName} as "vehicleName", o.status,
  o.opened_on::text as "openedOn", o.odometer_in as "odometerIn", o.mechanic_employee_id as "mechanicEmployeeId", ${employeeName('e')} as "mechanicName",
  o.supplier_id as "supplierId", sp.name as "supplierName", o.labour_hours::text as "labourHours", o.labour_rate::text as "labourRate",
  o.external_cost::text as "externalCost", o.external_invoice as "externalInvoice", o.notes, o.parts_cost::text as "partsCost", o.total::text as total,
  o.closed_on::text as "closedOn", o.cancel_reason as "cancelReason", o.version`;
const orderFrom = sql`from mt_orders o join vp_vehicles v on v.id = o.vehicle_id left join rh_employees e on e.id = o.mechanic_employee_id left join suppliers sp on sp.id = o.supplier_id`;

const normOrder = (r: MtOrderRow): MtOrderRow => ({
  ...r,
  id: Number(r.id),
  folio: Number(r.folio),
  vehicleId: Number(r.vehicleId),
  odometerIn: Number(r.odometerIn),
  mechanicEmployeeId: num(r.mechanicEmployeeId),
  supplierId: num(r.supplierId),
});

export const ORDER_SORTS = ['folio', 'openedOn', 'vehicle', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export async function listOrders(ex: Executor, q: ListQuery<OrderSort>, f: { status: string | null; vehicleId: number | null; withSupplier?: boolean; range?: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(sql`(('OM-' || lpad(o.folio::text, 6, '0')) ilike ${like} or v.economic_number ilike ${like} or v.plate ilike ${like} or coalesce(sp.name, '') ilike ${like})`);
  }
  if (f.status) conds.push(sql`o.status = ${f.status}`);
  if (f.vehicleId) conds.push(sql`o.vehicle_id = ${f.vehicleId}`);
  if (f.withSupplier) conds.push(sql`o.supplier_id is not null`);
  if (f.range) conds.push(...withinDates(sql`o.opened_on`, f.range));
  const col = { folio: sql`o.folio`, openedOn: sql`o.opened_on`, vehicle: sql`upper(v.economic_number)`, status: sql`o.status` }[q.sortBy];
  const r = await page<MtOrderRow>(ex, orderSelect, orderFrom, conds, orderBy(col, q.desc, sql`o.id`), q);
  return { items: r.items.map(normOrder), total: r.total };
}

export async function findOrder(ex: Executor, id: number): Promise<MtOrderRow | null> {
  const rows = await queryRows<MtOrderRow>(ex, sql`${orderSelect} ${orderFrom} where o.id = ${id}`);
  return rows[0] ? normOrder(rows[0]) : null;
}

export async function lockOrder(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; folio: number; vehicleId: number; status: OrderStatus; openedOn: string; odometerIn: number; version: number } & Pick<MtOrderRow, 'labourHours' | 'labourRate' | 'externalCost' | 'supplierId' | 'externalInvoice'>>(
    ex,
    sql`select id, folio, vehicle_id as "vehicleId", status, opened_on::text as "openedOn", odometer_in as "odometerIn", labour_hours::text as "labourHours",
          labour_rate::text as "labourRate", external_cost::text as "externalCost", supplier_id as "supplierId", external_invoice as "externalInvoice", version
        from mt_orders where id = ${id} for update`,
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), folio: Number(r.folio), vehicleId: Number(r.vehicleId), odometerIn: Number(r.odometerIn), supplierId: num(r.supplierId) } : null;
}

export type OrderInsert = {
  folio: number;
  vehicleId: number;
  openedOn: string;
  odometerIn: number;
  mechanicEmployeeId: number | null;
  supplierId: number | null;
  notes: string;
  createdBy: number | null;
};

export async function insertOrder(ex: Executor, o: OrderInsert, services: { serviceId: number; scheduleId: number | null }[]): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into mt_orders (folio, vehicle_id, opened_on, odometer_in, mechanic_employee_id, supplier_id, notes, created_by)
        values (${o.folio}, ${o.vehicleId}, ${o.openedOn}, ${o.odometerIn}, ${o.mechanicEmployeeId}, ${o.supplierId}, ${o.notes}, ${o.createdBy}) returning id`,
  );
  const id = Number(rows[0].id);
  const values = services.map((s) => sql`(${id}, ${s.serviceId}, ${s.scheduleId})`);
  await queryRows(ex, sql`insert into mt_order_services (order_id, service_id, schedule_id) values ${sql.join(values, sql`, `)}`);
  return id;
}

/** Schedules of this vehicle for these services (to link the order's services to them). */
export async function schedulesOf(ex: Executor, vehicleId: number, serviceIds: number[]) {
  if (!serviceIds.length) return [];
  const rows = await queryRows<{ id: number; serviceId: number }>(
    ex,
    sql`select id, service_id as "serviceId" from mt_schedules where vehicle_id = ${vehicleId} and service_id in ${ids(serviceIds)}`,
  );
  return rows.map((r) => ({ id: Number(r.id), serviceId: Number(r.serviceId) }));
}

export type OrderChanges = Partial<{
  status: OrderStatus;
  mechanicEmployeeId: number | null;
  supplierId: number | null;
  labourHours: string;
  labourRate: string;
  externalCost: string;
  externalInvoice: string;
  notes: string;
  partsCost: string;
  total: string;
  closedOn: string;
  cancelReason: string;
}>;

const ORDER_COLUMNS: Record<keyof OrderChanges, string> = {
  status: 'status',
  mechanicEmployeeId: 'mechanic_employee_id',
  supplierId: 'supplier_id',
  labourHours: 'labour_hours',
  labourRate: 'labour_rate',
  externalCost: 'external_cost',
  externalInvoice: 'external_invoice',
  notes: 'notes',
  partsCost: 'parts_cost',
  total: 'total',
  closedOn: 'closed_on',
  cancelReason: 'cancel_reason',
};

/** Applies the changes and bumps the version when `version` is current. */
export async function updateOrder(ex: Executor, id: number, version: number, changes: OrderChanges): Promise<boolean> {
  const sets = Object.entries(changes).map(([k, v]) => sql`${sql.raw(ORDER_COLUMNS[k as keyof OrderChanges])} = ${v}`);
  sets.push(sql`version = version + 1`);
  const rows = await queryRows<{ id: number }>(ex, sql`update mt_orders set ${sql.join(sets, sql`, `)} where id = ${id} and version = ${version} returning id`);
  return rows.length === 1;
}

export type OrderServiceRow = { orderId: number; serviceId: number; name: string; kind: 'preventivo' | 'correctivo'; scheduleId: number | null };

export async function orderServices(ex: Executor, orderIds: number[]): Promise<OrderServiceRow[]> {
  if (!orderIds.length) return [];
  const rows = await queryRows<OrderServiceRow>(
    ex,
    sql`select os.order_id as "orderId", os.service_id as "serviceId", s.name, s.kind, os.schedule_id as "scheduleId"
        from mt_order_services os join mt_services s on s.id = os.service_id where os.order_id in ${ids(orderIds)} order by os.order_id, lower(s.name)`,
  );
  return rows.map((r) => ({ ...r, orderId: Number(r.orderId), serviceId: Number(r.serviceId), scheduleId: num(r.scheduleId) }));
}

export async function linkRequisition(ex: Executor, orderId: number, requisitionId: number) {
  await queryRows(ex, sql`insert into mt_order_requisitions (order_id, requisition_id) values (${orderId}, ${requisitionId})`);
}

export async function orderRequisitionIds(ex: Executor, orderIds: number[]): Promise<{ orderId: number; requisitionId: number }[]> {
  if (!orderIds.length) return [];
  const rows = await queryRows<{ orderId: number; requisitionId: number }>(
    ex,
    sql`select order_id as "orderId", requisition_id as "requisitionId" from mt_order_requisitions where order_id in ${ids(orderIds)} order by requisition_id`,
  );
  return rows.map((r) => ({ orderId: Number(r.orderId), requisitionId: Number(r.requisitionId) }));
}

export type OrderRequisitionLink = { orderId: number; orderFolio: number; vehicleNumber: string; requisitionId: number };

/** Every requisition of an order (newest first), with the order folio and vehicle, filtered by search on those. */
export async function requisitionLinks(ex: Executor, search: string | null): Promise<OrderRequisitionLink[]> {
  const like = search ? likePattern(search) : null;
  const rows = await queryRows<OrderRequisitionLink>(
    ex,
    sql`select r.order_id as "orderId", o.folio as "orderFolio", v.economic_number as "vehicleNumber", r.requisition_id as "requisitionId"
        from mt_order_requisitions r join mt_orders o on o.id = r.order_id join vp_vehicles v on v.id = o.vehicle_id
        ${like ? sql`where (('OM-' || lpad(o.folio::text, 6, '0')) ilike ${like} or v.economic_number ilike ${like})` : sql``}
        order by r.requisition_id desc`,
  );
  return rows.map((r) => ({ ...r, orderId: Number(r.orderId), orderFolio: Number(r.orderFolio), requisitionId: Number(r.requisitionId) }));
}

/** Other open orders of the vehicle (it stays en taller while one is open). */
export async function otherOpenOrders(ex: Executor, vehicleId: number, exceptOrderId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from mt_orders where vehicle_id = ${vehicleId} and id <> ${exceptOrderId} and status in ('abierta', 'en_proceso')`,
  );
  return Number(rows[0].n);
}

export async function employeeExists(ex: Executor, id: number): Promise<boolean> {
  return (await queryRows(ex, sql`select 1 from rh_employees where id = ${id} and status = 'activo'`)).length > 0;
}

export async function supplierExists(ex: Executor, id: number): Promise<boolean> {
  return (await queryRows(ex, sql`select 1 from suppliers where id = ${id} and active`)).length > 0;
}

export async function supplierOptions(ex: Executor) {
  return queryRows<{ id: number; name: string }>(ex, sql`select id, name from suppliers where active order by lower(name), id`);
}

// ---- failure reports ------------------------------------------------------------------------

export type MtFailureReportRow = {
  id: number;
  folio: number;
  source: string;
  sourceReference: string;
  vehicleId: number | null;
  vehicleNumber: string | null;
  location: string;
  title: string;
  description: string;
  reporterName: string | null;
  priority: string | null;
  assignedEmployeeId: number | null;
  assignedName: string | null;
  status: 'nuevo' | 'asignado' | 'en_orden' | 'atendido' | 'descartado';
  discardReason: string;
  orderId: number | null;
  orderFolio: number | null;
  createdAt: Date;
  version: number;
};

const reportSelect = sql`select r.id, r.folio, r.source, r.source_reference as "sourceReference", r.vehicle_id as "vehicleId", v.economic_number as "vehicleNumber",
  r.location, r.title, r.description, ${employeeName('re')} as "reporterName", r.priority, r.assigned_employee_id as "assignedEmployeeId",
  ${employeeName('ae')} as "assignedName", r.status, r.discard_reason as "discardReason", r.order_id as "orderId", o.folio as "orderFolio", r.created_at as "createdAt", r.version`;
const reportFrom = sql`from mt_failure_reports r left join vp_vehicles v on v.id = r.vehicle_id left join rh_employees re on re.id = r.reporter_employee_id
  left join rh_employees ae on ae.id = r.assigned_employee_id left join mt_orders o on o.id = r.order_id`;

const normReport = (r: MtFailureReportRow): MtFailureReportRow => ({
  ...r,
  id: Number(r.id),
  folio: Number(r.folio),
  vehicleId: num(r.vehicleId),
  assignedEmployeeId: num(r.assignedEmployeeId),
  orderId: num(r.orderId),
  orderFolio: num(r.orderFolio),
});

export const REPORT_SORTS = ['folio', 'createdAt', 'priority', 'status'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export async function listReports(ex: Executor, q: ListQuery<ReportSort>, f: { status: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(sql`(('REP-' || lpad(r.folio::text, 6, '0')) ilike ${like} or r.title ilike ${like} or r.location ilike ${like} or coalesce(v.economic_number, '') ilike ${like})`);
  }
  if (f.status) conds.push(sql`r.status = ${f.status}`);
  // Reported at an instant: the day is Mexico City's, whatever the server's zone.
  conds.push(...withinDates(sql`(r.created_at at time zone 'America/Mexico_City')::date`, f.range));
  const col = {
    folio: sql`r.folio`,
    createdAt: sql`r.created_at`,
    priority: sql`(case r.priority when 'urgente' then 0 when 'alta' then 1 when 'media' then 2 when 'baja' then 3 end)`,
    status: sql`r.status`,
  }[q.sortBy];
  const r = await page<MtFailureReportRow>(ex, reportSelect, reportFrom, conds, orderBy(col, q.desc, sql`r.id`), q);
  return { items: r.items.map(normReport), total: r.total };
}

export async function findReport(ex: Executor, id: number): Promise<MtFailureReportRow | null> {
  const rows = await queryRows<MtFailureReportRow>(ex, sql`${reportSelect} ${reportFrom} where r.id = ${id}`);
  return rows[0] ? normReport(rows[0]) : null;
}

export async function lockReport(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; folio: number; status: MtFailureReportRow['status']; vehicleId: number | null; title: string; version: number }>(
    ex,
    sql`select id, folio, status, vehicle_id as "vehicleId", title, version from mt_failure_reports where id = ${id} for update`,
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), vehicleId: num(r.vehicleId) } : null;
}

export type ReportChanges = Partial<{ status: string; priority: string; assignedEmployeeId: number; discardReason: string; orderId: number; triagedAt: Date; closedAt: Date }>;
const REPORT_COLUMNS: Record<keyof ReportChanges, string> = {
  status: 'status',
  priority: 'priority',
  assignedEmployeeId: 'assigned_employee_id',
  discardReason: 'discard_reason',
  orderId: 'order_id',
  triagedAt: 'triaged_at',
  closedAt: 'closed_at',
};

export async function updateReport(ex: Executor, id: number, version: number, changes: ReportChanges): Promise<boolean> {
  const sets = Object.entries(changes).map(([k, v]) => sql`${sql.raw(REPORT_COLUMNS[k as keyof ReportChanges])} = ${v}`);
  sets.push(sql`version = version + 1`);
  const rows = await queryRows<{ id: number }>(ex, sql`update mt_failure_reports set ${sql.join(sets, sql`, `)} where id = ${id} and version = ${version} returning id`);
  return rows.length === 1;
}

/** The order closed (atendido) or was cancelled (back to asignado) — its reports follow. */
export async function reportsOfOrderTo(ex: Executor, orderId: number, status: 'atendido' | 'asignado'): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    status === 'atendido'
      ? sql`update mt_failure_reports set status = 'atendido', closed_at = now(), version = version + 1 where order_id = ${orderId} and status = 'en_orden' returning id`
      : sql`update mt_failure_reports set status = 'asignado', order_id = null, version = version + 1 where order_id = ${orderId} and status = 'en_orden' returning id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function reportFoliosOfOrders(ex: Executor, orderIds: number[]) {
  if (!orderIds.length) return [];
  const rows = await queryRows<{ orderId: number; folio: number }>(ex, sql`select order_id as "orderId", folio from mt_failure_reports where order_id in ${ids(orderIds)} order by folio`);
  return rows.map((r) => ({ orderId: Number(r.orderId), folio: Number(r.folio) }));
}

export type VehicleCostRow = { vehicleId: number; orders: number; partsCost: string; labourCost: string; externalCost: string; total: string };

/**
 * Per vehicle, the orders closed from `from` to `to` (inclusive) and their
 * figures. Labour is rounded to cents per order before summing, as
 * orderCost does when the order closes.
 */
export async function maintenanceCostByVehicle(ex: Executor, from: string, to: string): Promise<VehicleCostRow[]> {
  const rows = await queryRows<VehicleCostRow>(
    ex,
    sql`select vehicle_id as "vehicleId", count(*)::int as orders, coalesce(sum(parts_cost), 0)::text as "partsCost",
          sum(round(labour_hours * labour_rate, 2))::text as "labourCost", sum(external_cost)::text as "externalCost", coalesce(sum(total), 0)::text as total
        from mt_orders
        where status = 'cerrada' and closed_on >= ${from}::date and closed_on <= ${to}::date
        group by vehicle_id order by vehicle_id`,
  );
  return rows.map((r) => ({ ...r, vehicleId: Number(r.vehicleId), orders: Number(r.orders) }));
}
