// Cuadrillas of service orders (issue 28): the crew (active employees of
// Recursos Humanos) and vehicles (Parque Vehicular) an order names, and its
// days on site — who was there, hours worked and overtime among them. Rules:
// a day is not in the future nor before the order's start, one per order and
// date; each person is in the crew, employed that date, 0–24 h with overtime ≤
// hours, and under 24 h that date across every order (days naming the same
// employee queue on an advisory lock per employee); overtime is refused on a
// date whose ordinary payroll is already closed (it would never be paid).
// Nómina takes the overtime
// once (crewOvertimeToClaim); after that the day is not changed.
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { dec } from '../../../schema/money';
import { todayMx } from '../../../schema/dates';
import { folioLabel } from '../../../schema/sales/labels';
import { CREW_MSG, validateCrewDate, validateCrewPeople } from '../../../schema/sales/crews';
import * as data from './data';
import { crewDayInput } from './inputs';

const db = (ctx: RequestContext) => ctx.app.database.db;
const idOf = (id: string | number): number => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

export const crewOfOrders = (ctx: RequestContext, ids: number[]) => data.crewOfOrders(db(ctx), ids);
export const vehiclesOfOrders = (ctx: RequestContext, ids: number[]) => data.vehiclesOfOrders(db(ctx), ids);
export const crewDaysOfOrders = (ctx: RequestContext, ids: number[]) => data.daysOfOrders(db(ctx), ids);
export const crewHoursOfDays = (ctx: RequestContext, ids: number[]) => data.hoursOfDays(db(ctx), ids);
export const vehicleKmOfDays = (ctx: RequestContext, ids: number[]) => data.vehicleKmOfDays(db(ctx), ids);

/**
 * Stores the crew and vehicles an order's input names (null/undefined = keep what is stored). Employees must
 * be active, vehicles not in baja; nobody who already has days in the order leaves the crew.
 */
export async function saveOrderCrew(tx: Executor, orderId: number, crew: readonly number[] | null | undefined, vehicles: readonly number[] | null | undefined): Promise<void> {
  const fields: FieldMessages = {};
  if (crew) {
    const active = await data.activeEmployeeIds(tx, crew);
    const seen = new Set<number>();
    crew.forEach((id, i) => {
      if (seen.has(id)) fields[`crewEmployeeIds.${i}`] = CREW_MSG.crewRepeated;
      else if (!active.has(id)) fields[`crewEmployeeIds.${i}`] = CREW_MSG.crewEmployee;
      seen.add(id);
    });
    const leaving = (await data.crewWithDays(tx, orderId)).find((m) => !seen.has(Number(m.employeeId)));
    if (leaving) fields.crewEmployeeIds = CREW_MSG.crewHasDays(leaving.fullName);
  }
  if (vehicles) {
    const usable = await data.usableVehicleIds(tx, vehicles);
    const seen = new Set<number>();
    vehicles.forEach((id, i) => {
      if (seen.has(id)) fields[`vehicleIds.${i}`] = CREW_MSG.vehicleRepeated;
      else if (!usable.has(id)) fields[`vehicleIds.${i}`] = CREW_MSG.vehicle;
      seen.add(id);
    });
  }
  if (Object.keys(fields).length) throw badInput(fields);
  if (crew) await data.replaceCrew(tx, orderId, [...new Set(crew)]);
  if (vehicles) await data.replaceVehicles(tx, orderId, [...new Set(vehicles)]);
}

type DayValues = ReturnType<typeof crewDayInput.parse>;

/** Every rule of a day that needs the database; throws BAD_USER_INPUT with all the messages found. */
async function checkDay(tx: Executor, order: data.OrderRow, v: DayValues, exceptDayId: number | null): Promise<void> {
  const fields: FieldMessages = { ...validateCrewPeople(v.people) };
  const wrongDate = validateCrewDate(v.date, order.scheduledStart, todayMx());
  if (wrongDate) fields.date = wrongDate;
  else if (await data.dayOnDate(tx, order.id, v.date, exceptDayId)) fields.date = CREW_MSG.dayTaken;
  const ids = v.people.map((p) => p.employeeId);
  await data.lockEmployeesForCrewDays(tx, [...new Set(ids)]);
  const crew = new Set((await data.crewOfOrders(tx, [order.id])).map((m) => Number(m.id)));
  const employed = await data.employedOn(tx, ids, v.date);
  const elsewhere = await data.hoursElsewhere(tx, ids, v.date, exceptDayId);
  const closed = await data.closedPayrollOn(tx, v.people.filter((p) => dec(p.overtimeHours).gt(0)).map((p) => p.employeeId), v.date);
  v.people.forEach((p, i) => {
    const key = `people.${i}.employeeId`;
    if (fields[key]) return;
    if (!crew.has(p.employeeId)) fields[key] = CREW_MSG.notInCrew;
    else if (!employed.has(p.employeeId)) fields[key] = CREW_MSG.notActive(v.date);
    else {
      const other = elsewhere.get(p.employeeId);
      if (other && !fields[`people.${i}.hours`] && dec(other.hours).plus(p.hours).gt(24)) {
        fields[`people.${i}.hours`] = CREW_MSG.over24(v.date, dec(other.hours).toFixed(), other.folios.map((f) => folioLabel('order', f)).join(', '));
      }
      const folio = closed.get(p.employeeId);
      if (folio !== undefined && !fields[`people.${i}.overtimeHours`]) fields[`people.${i}.overtimeHours`] = CREW_MSG.payrollClosed(folio);
    }
  });
  const orderVehicles = new Set((await data.vehiclesOfOrders(tx, [order.id])).map((x) => Number(x.id)));
  const seenVehicles = new Set<number>();
  (v.vehicles ?? []).forEach((x, i) => {
    if (seenVehicles.has(x.vehicleId)) fields[`vehicles.${i}.vehicleId`] = CREW_MSG.vehicleDayRepeated;
    else if (!orderVehicles.has(x.vehicleId)) fields[`vehicles.${i}.vehicleId`] = CREW_MSG.vehicleNotInOrder;
    seenVehicles.add(x.vehicleId);
  });
  if (Object.keys(fields).length) throw badInput(fields);
}

const peopleOf = (v: DayValues) => v.people.map((p) => ({ employeeId: p.employeeId, hours: dec(p.hours).toFixed(2), overtimeHours: dec(p.overtimeHours).toFixed(2) }));

export async function createCrewDay(ctx: RequestContext, orderIdRaw: string, input: unknown) {
  const v = parseInput(crewDayInput, input);
  const orderId = idOf(orderIdRaw);
  const id = await db(ctx).transaction(async (tx) => {
    const order = await data.findOrder(tx, orderId, true);
    if (!order) throw notFound('La orden de servicio');
    await checkDay(tx, order, v, null);
    const dayId = await data.insertCrewDay(tx, { orderId, date: v.date, notes: v.notes, createdBy: ctx.auth?.id ?? null });
    await data.replaceCrewHours(tx, dayId, v.date, peopleOf(v));
    if (v.vehicles) await data.replaceDayVehicles(tx, dayId, v.vehicles);
    await writeAudit(tx, actorOf(ctx), { entity: 'service_order', entityId: orderId, action: 'crew_day_create', after: { dayId, date: v.date, notes: v.notes, people: peopleOf(v), vehicles: v.vehicles } });
    return dayId;
  });
  return found(await data.findCrewDay(db(ctx), id), 'El día de la cuadrilla');
}

/** The day, locked, after checking it exists, has this version and no payroll took its overtime. */
async function lockedDay(tx: Executor, id: number, version: number): Promise<data.CrewDayRow> {
  const day = await data.findCrewDay(tx, id, true);
  if (!day) throw notFound('El día de la cuadrilla');
  if (day.version !== version) throw conflict();
  if (day.payrollFolio !== null) throw appError('CONFLICT', CREW_MSG.claimed(day.payrollFolio));
  return day;
}

export async function updateCrewDay(ctx: RequestContext, idRaw: string, version: number, input: unknown) {
  const v = parseInput(crewDayInput, input);
  const id = idOf(idRaw);
  await db(ctx).transaction(async (tx) => {
    const before = await lockedDay(tx, id, version);
    const order = found(await data.findOrder(tx, before.orderId, true), 'La orden de servicio');
    await checkDay(tx, order, v, id);
    const beforePeople = await data.hoursOfDays(tx, [id]);
    if (!(await data.updateCrewDay(tx, id, version, { date: v.date, notes: v.notes }))) throw conflict();
    await data.replaceCrewHours(tx, id, v.date, peopleOf(v));
    if (v.vehicles) await data.replaceDayVehicles(tx, id, v.vehicles);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'service_order',
      entityId: order.id,
      action: 'crew_day_update',
      before: { dayId: id, date: before.date, notes: before.notes, people: beforePeople.map((p) => ({ employeeId: p.employeeId, hours: p.hours, overtimeHours: p.overtimeHours })) },
      after: { dayId: id, date: v.date, notes: v.notes, people: peopleOf(v), vehicles: v.vehicles },
    });
  });
  return found(await data.findCrewDay(db(ctx), id), 'El día de la cuadrilla');
}

export async function deleteCrewDay(ctx: RequestContext, idRaw: string, version: number): Promise<boolean> {
  const id = idOf(idRaw);
  await db(ctx).transaction(async (tx) => {
    const before = await lockedDay(tx, id, version);
    const people = await data.hoursOfDays(tx, [id]);
    if (!(await data.deleteCrewDay(tx, id, version))) throw conflict();
    await writeAudit(tx, actorOf(ctx), {
      entity: 'service_order',
      entityId: before.orderId,
      action: 'crew_day_delete',
      before: { dayId: id, date: before.date, notes: before.notes, people: people.map((p) => ({ employeeId: p.employeeId, hours: p.hours, overtimeHours: p.overtimeHours })) },
    });
  });
  return true;
}
