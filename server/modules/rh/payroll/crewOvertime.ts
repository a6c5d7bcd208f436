// Overtime from the crew days of service orders (issue 28) into an ordinary
// payroll's incidencias. When a semanal/quincenal payroll is created or
// calculated, the overtime its employees have in crew days of its period that
// no payroll took yet is split by schema/rh/overtime.ts (nine double hours a
// week, the rest triple; hours of the week other payrolls took count first),
// stored as sources (one per crew-day row: unique, so two payrolls never take
// the same one, also in parallel) and added to the employee's double and
// triple hours. Deleting the payroll deletes its sources and releases them.
import DataLoader from 'dataloader';
import type { Executor } from '../../../db/database';
import type { RequestContext } from '../../../context';
import { addDays, daysBetween } from '../../../../schema/dates';
import { dec, sum } from '../../../../schema/money';
import { splitOvertime, weekStart } from '../../../../schema/rh/overtime';
import { crewOvertimeToClaim } from '../../sales/service';
import * as data from './data';

export type ClaimedOvertime = { employeeId: number; doubleHours: string; tripleHours: string; days: number };

export async function claimCrewOvertime(tx: Executor, payroll: { id: number; periodStart: string; periodEnd: string }): Promise<ClaimedOvertime[]> {
  const employees = await data.payrollEmployees(tx, payroll.id);
  const peOf = new Map(employees.map((e) => [e.employeeId, e.id]));
  const rows = await crewOvertimeToClaim(tx, [...peOf.keys()], payroll.periodStart, payroll.periodEnd);
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.employeeId))];
  const taken = new Map<string, ReturnType<typeof dec>>();
  for (const t of await data.overtimeTakenBetween(tx, ids, weekStart(payroll.periodStart), addDays(weekStart(payroll.periodEnd), 6))) {
    const key = `${t.employeeId}|${weekStart(t.date)}`;
    taken.set(key, (taken.get(key) ?? dec(0)).plus(t.doubleHours));
  }
  const byRow = new Map(rows.map((r) => [r.crewHoursId, r]));
  const split = splitOvertime(
    rows.map((r) => ({ key: r.crewHoursId, employeeId: r.employeeId, date: r.date, hours: r.overtimeHours })),
    (employeeId, week) => taken.get(`${employeeId}|${week}`) ?? 0,
  );
  const stored = new Set(
    await data.insertOvertimeSources(
      tx,
      split.map((s) => {
        const r = byRow.get(s.key)!;
        return { payrollEmployeeId: peOf.get(s.employeeId)!, crewHoursId: s.key, employeeId: s.employeeId, date: s.date, orderId: r.orderId, orderFolio: r.orderFolio, doubleHours: s.doubleHours, tripleHours: s.tripleHours };
      }),
    ),
  );
  const claimed: ClaimedOvertime[] = [];
  for (const employeeId of ids) {
    const mine = split.filter((s) => s.employeeId === employeeId && stored.has(s.key));
    if (!mine.length) continue;
    const doubleHours = sum(mine.map((s) => s.doubleHours)).toFixed(2);
    const tripleHours = sum(mine.map((s) => s.tripleHours)).toFixed(2);
    // The days those hours were worked (the CFDI's HorasExtra Dias): distinct dates with hours of each kind.
    const daysWith = (kind: 'doubleHours' | 'tripleHours') => new Set(mine.filter((s) => dec(s[kind]).gt(0)).map((s) => s.date)).size;
    await data.addOvertimeHours(tx, peOf.get(employeeId)!, {
      doubleHours,
      tripleHours,
      doubleDays: daysWith('doubleHours'),
      tripleDays: daysWith('tripleHours'),
      periodDays: daysBetween(payroll.periodStart, payroll.periodEnd) + 1,
    });
    claimed.push({ employeeId, doubleHours, tripleHours, days: mine.length });
  }
  return claimed;
}

/** Hours (and the days they were worked) an employee's incidencias took from crew days: their double and triple hours and days cannot go below them. */
export async function crewOvertimeFloor(tx: Executor, payrollEmployeeId: number): Promise<{ doubleHours: string; tripleHours: string; doubleDays: number; tripleDays: number }> {
  const rows = await data.overtimeSourcesOf(tx, [payrollEmployeeId]);
  const daysWith = (kind: 'doubleHours' | 'tripleHours') => new Set(rows.filter((r) => dec(r[kind]).gt(0)).map((r) => r.date)).size;
  return { doubleHours: sum(rows.map((r) => r.doubleHours)).toFixed(2), tripleHours: sum(rows.map((r) => r.tripleHours)).toFixed(2), doubleDays: daysWith('doubleHours'), tripleDays: daysWith('tripleHours') };
}

const loaders = new WeakMap<object, DataLoader<number, data.OvertimeSourceRow[]>>();

/** The sources of a payroll employee's overtime, batched per request (a payroll lists all its employees). */
export function overtimeSourcesOf(ctx: RequestContext, payrollEmployeeId: number): Promise<data.OvertimeSourceRow[]> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const rows = await data.overtimeSourcesOf(ctx.app.database.db, ids);
      return ids.map((id) => rows.filter((r) => Number(r.payrollEmployeeId) === id));
    });
    loaders.set(ctx, loader);
  }
  return loader.load(payrollEmployeeId);
}
