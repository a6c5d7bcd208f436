// Ventas data layer: the crew of a service order (issue 28) — its employees
// (Recursos Humanos) and vehicles (Parque Vehicular), read from their modules'
// tables — and its days on site with each person's hours and overtime. Nómina
// takes the overtime once (rh_payroll_overtime_sources); a day with taken
// overtime is no longer changed.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { serviceOrderCrew, serviceOrderCrewDayVehicles, serviceOrderCrewDays, serviceOrderCrewHours, serviceOrderVehicles } from '../tables';
import { inList } from './common';

const fullName = (a: string) => sql.raw(`concat_ws(' ', ${a}.last_name, nullif(${a}.second_last_name, ''), ${a}.names)`);

export type CrewMemberRow = { orderId: number; id: number; number: string; fullName: string; positionName: string; active: boolean };
export type OrderVehicleRow = { orderId: number; id: number; economicNumber: string; plate: string; brand: string; model: string };
export type CrewDayRow = { id: number; orderId: number; date: string; notes: string; version: number; payrollFolio: number | null };
export type CrewHoursRow = { id: number; dayId: number; employeeId: number; employeeNumber: string; employeeName: string; hours: string; overtimeHours: string };

export async function crewOfOrders(ex: Executor, orderIds: readonly number[]): Promise<CrewMemberRow[]> {
  if (!orderIds.length) return [];
  return queryRows<CrewMemberRow>(
    ex,
    sql`select c.order_id as "orderId", e.id, e.number, ${fullName('e')} as "fullName", coalesce(p.name, '') as "positionName", e.status = 'activo' as active
        from service_order_crew c join rh_employees e on e.id = c.employee_id left join rh_positions p on p.id = e.position_id
        where c.order_id in ${inList(orderIds)} order by e.last_name, e.second_last_name, e.names, e.id`,
  );
}

export async function vehiclesOfOrders(ex: Executor, orderIds: readonly number[]): Promise<OrderVehicleRow[]> {
  if (!orderIds.length) return [];
  return queryRows<OrderVehicleRow>(
    ex,
    sql`select ov.order_id as "orderId", v.id, v.economic_number as "economicNumber", v.plate, v.brand, v.model
        from service_order_vehicles ov join vp_vehicles v on v.id = ov.vehicle_id where ov.order_id in ${inList(orderIds)} order by v.economic_number, v.id`,
  );
}

/** Of these employees, those active today (a crew names only active people). */
export async function activeEmployeeIds(ex: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(ex, sql`select id from rh_employees where id in ${inList(ids)} and status = 'activo'`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Of these vehicles, those not in baja. */
export async function usableVehicleIds(ex: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(ex, sql`select id from vp_vehicles where id in ${inList(ids)} and status <> 'baja'`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Crew members of the order that some day of it names (they stay in the crew). */
export async function crewWithDays(ex: Executor, orderId: number): Promise<{ employeeId: number; fullName: string }[]> {
  return queryRows(
    ex,
    sql`select distinct h.employee_id as "employeeId", ${fullName('e')} as "fullName"
        from service_order_crew_hours h join service_order_crew_days d on d.id = h.day_id join rh_employees e on e.id = h.employee_id
        where d.order_id = ${orderId}`,
  );
}

export async function replaceCrew(ex: Executor, orderId: number, employeeIds: readonly number[]): Promise<void> {
  await ex.execute(sql`delete from service_order_crew where order_id = ${orderId} ${employeeIds.length ? sql`and employee_id not in ${inList(employeeIds)}` : sql``}`);
  if (employeeIds.length) await ex.insert(serviceOrderCrew).values(employeeIds.map((employeeId) => ({ orderId, employeeId }))).onConflictDoNothing();
}

export async function replaceVehicles(ex: Executor, orderId: number, vehicleIds: readonly number[]): Promise<void> {
  await ex.execute(sql`delete from service_order_vehicles where order_id = ${orderId} ${vehicleIds.length ? sql`and vehicle_id not in ${inList(vehicleIds)}` : sql``}`);
  if (vehicleIds.length) await ex.insert(serviceOrderVehicles).values(vehicleIds.map((vehicleId) => ({ orderId, vehicleId }))).onConflictDoNothing();
}

/** The first payroll folio that took overtime of each day. */
const claimedFolio = sql`(select min(p.folio) from service_order_crew_hours h2 join rh_payroll_overtime_sources s on s.crew_hours_id = h2.id
  join rh_payroll_employees pe on pe.id = s.payroll_employee_id join rh_payrolls p on p.id = pe.payroll_id where h2.day_id = d.id)`;

const daySelect = sql`select d.id, d.order_id as "orderId", d.date::text as date, d.notes, d.version, ${claimedFolio} as "payrollFolio" from service_order_crew_days d`;

export async function daysOfOrders(ex: Executor, orderIds: readonly number[]): Promise<CrewDayRow[]> {
  if (!orderIds.length) return [];
  return queryRows<CrewDayRow>(ex, sql`${daySelect} where d.order_id in ${inList(orderIds)} order by d.date desc, d.id desc`);
}

export async function findCrewDay(ex: Executor, id: number, lock = false): Promise<CrewDayRow | null> {
  // Locks the day and its people first: Nómina's claim reads them FOR SHARE, so a claim and a change queue.
  if (lock) {
    await ex.execute(sql`select id from service_order_crew_days where id = ${id} for update`);
    await ex.execute(sql`select id from service_order_crew_hours where day_id = ${id} for update`);
  }
  return (await queryRows<CrewDayRow>(ex, sql`${daySelect} where d.id = ${id}`))[0] ?? null;
}

export async function hoursOfDays(ex: Executor, dayIds: readonly number[]): Promise<CrewHoursRow[]> {
  if (!dayIds.length) return [];
  return queryRows<CrewHoursRow>(
    ex,
    sql`select h.id, h.day_id as "dayId", h.employee_id as "employeeId", e.number as "employeeNumber", ${fullName('e')} as "employeeName",
          h.hours::text as hours, h.overtime_hours::text as "overtimeHours"
        from service_order_crew_hours h join rh_employees e on e.id = h.employee_id where h.day_id in ${inList(dayIds)}
        order by e.last_name, e.second_last_name, e.names, h.id`,
  );
}

export async function dayOnDate(ex: Executor, orderId: number, date: string, exceptId: number | null): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from service_order_crew_days where order_id = ${orderId} and date = ${date} ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
  return rows[0]?.id ?? null;
}

/** Serialises days that name the same employee (the 24 h rule across orders), in a fixed order against deadlocks. */
export async function lockEmployeesForCrewDays(ex: Executor, employeeIds: readonly number[]): Promise<void> {
  for (const id of [...employeeIds].sort((a, b) => a - b)) await ex.execute(sql`select pg_advisory_xact_lock(28028, ${id})`);
}

/** Of these employees, those employed on that date (hired on or before it, no baja before it). */
export async function employedOn(ex: Executor, ids: readonly number[], date: string): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from rh_employees where id in ${inList(ids)} and hire_date <= ${date} and (termination_date is null or termination_date >= ${date})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Hours each employee already has that date in other days (any order), with the orders' folios. */
export async function hoursElsewhere(ex: Executor, ids: readonly number[], date: string, exceptDayId: number | null): Promise<Map<number, { hours: string; folios: number[] }>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ employeeId: number; hours: string; folios: number[] }>(
    ex,
    sql`select h.employee_id as "employeeId", sum(h.hours)::text as hours, array_agg(distinct o.folio order by o.folio) as folios
        from service_order_crew_hours h join service_order_crew_days d on d.id = h.day_id join service_orders o on o.id = d.order_id
        where h.employee_id in ${inList(ids)} and h.date = ${date} ${exceptDayId ? sql`and h.day_id <> ${exceptDayId}` : sql``}
        group by h.employee_id`,
  );
  return new Map(rows.map((r) => [Number(r.employeeId), { hours: r.hours, folios: r.folios.map(Number) }]));
}

/** For each of these employees, the folio of a closed ordinary payroll whose period holds the date (its overtime could no longer be paid). */
export async function closedPayrollOn(ex: Executor, ids: readonly number[], date: string): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ employeeId: number; folio: number }>(
    ex,
    sql`select pe.employee_id as "employeeId", min(p.folio) as folio from rh_payrolls p join rh_payroll_employees pe on pe.payroll_id = p.id
        where p.kind in ('semanal', 'quincenal') and p.status = 'cerrada' and ${date} between p.period_start and p.period_end and pe.employee_id in ${inList(ids)}
        group by pe.employee_id`,
  );
  return new Map(rows.map((r) => [Number(r.employeeId), Number(r.folio)]));
}

export async function insertCrewDay(ex: Executor, values: typeof serviceOrderCrewDays.$inferInsert): Promise<number> {
  const [row] = await ex.insert(serviceOrderCrewDays).values(values).returning({ id: serviceOrderCrewDays.id });
  return row.id;
}

export async function updateCrewDay(ex: Executor, id: number, version: number, values: { date: string; notes: string }): Promise<boolean> {
  const rows = await queryRows(ex, sql`update service_order_crew_days set date = ${values.date}, notes = ${values.notes}, version = version + 1 where id = ${id} and version = ${version} returning id`);
  return rows.length === 1;
}

export async function replaceCrewHours(ex: Executor, dayId: number, date: string, people: readonly { employeeId: number; hours: string; overtimeHours: string }[]): Promise<void> {
  await ex.execute(sql`delete from service_order_crew_hours where day_id = ${dayId}`);
  if (people.length) await ex.insert(serviceOrderCrewHours).values(people.map((p) => ({ dayId, date, ...p })));
}

/** Km of each vehicle on a day (replaces what was stored). */
export async function replaceDayVehicles(ex: Executor, dayId: number, vehicles: readonly { vehicleId: number; km: number }[]): Promise<void> {
  await ex.execute(sql`delete from service_order_crew_day_vehicles where day_id = ${dayId}`);
  if (vehicles.length) await ex.insert(serviceOrderCrewDayVehicles).values(vehicles.map((x) => ({ dayId, vehicleId: x.vehicleId, km: x.km })));
}

export type DayVehicleKmRow = { id: number; dayId: number; vehicleId: number; economicNumber: string; km: number };

export async function vehicleKmOfDays(ex: Executor, dayIds: readonly number[]): Promise<DayVehicleKmRow[]> {
  if (!dayIds.length) return [];
  return queryRows<DayVehicleKmRow>(
    ex,
    sql`select d.id, d.day_id as "dayId", d.vehicle_id as "vehicleId", v.economic_number as "economicNumber", d.km
        from service_order_crew_day_vehicles d join vp_vehicles v on v.id = d.vehicle_id where d.day_id in ${inList(dayIds)} order by v.economic_number, d.id`,
  );
}

export async function deleteCrewDay(ex: Executor, id: number, version: number): Promise<boolean> {
  const rows = await queryRows(ex, sql`delete from service_order_crew_days where id = ${id} and version = ${version} returning id`);
  return rows.length === 1;
}

export type CrewOvertimeRow = { crewHoursId: number; employeeId: number; date: string; overtimeHours: string; orderId: number; orderFolio: number };

/**
 * Overtime of these employees in days within [from, to] that no payroll took yet, in date order. Read FOR
 * SHARE: a day being changed is waited for (and a deleted row skipped), and a read row cannot be changed
 * until the claiming transaction ends.
 */
export async function unclaimedCrewOvertime(ex: Executor, employeeIds: readonly number[], from: string, to: string): Promise<CrewOvertimeRow[]> {
  if (!employeeIds.length) return [];
  return queryRows<CrewOvertimeRow>(
    ex,
    sql`select h.id as "crewHoursId", h.employee_id as "employeeId", h.date::text as date, h.overtime_hours::text as "overtimeHours",
          d.order_id as "orderId", o.folio as "orderFolio"
        from service_order_crew_hours h join service_order_crew_days d on d.id = h.day_id join service_orders o on o.id = d.order_id
        where h.employee_id in ${inList(employeeIds)} and h.date between ${from} and ${to} and h.overtime_hours > 0
          and not exists (select 1 from rh_payroll_overtime_sources s where s.crew_hours_id = h.id)
        order by h.date, h.id
        for share of h`,
  );
}
