// Mantenimiento data layer: the schedule (due rule in SQL for paging and filtering) and the vehicle it reads.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { DEFAULT_DUE_MARGIN, type ScheduleStatus } from '../../../../schema/maintenance/due';
import { ids, num, orderBy, vehicleName, where } from './common';

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

/** `active`: only active (true), only inactive (false) or both (null). */
export type ScheduleFilter = { status: ScheduleStatus | null; vehicleId: number | null; serviceId: number | null; active: boolean | null };

function scheduleConds(p: DueParams, q: { search: string | null }, f: ScheduleFilter): SQL[] {
  const conds: SQL[] = [sql`v.status <> 'baja'`];
  if (f.active !== null) conds.push(sql`sc.active = ${f.active}`);
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
