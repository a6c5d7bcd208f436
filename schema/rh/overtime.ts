// Overtime from the crew days of service orders (issue 28) split as the LFT pays it:
// art. 67, the first nine extra hours of a week are paid double; art. 68, the hours
// beyond nine in that week are paid triple. Weeks run Monday to Sunday. Hours of the
// same week that a payroll already took count first, so a week split across two
// quincenas still pays at most nine double hours.
import { addDays } from '../dates';
import { dec, type DecimalLike } from '../money';

/** Double hours a week pays at most (LFT art. 68). */
export const WEEKLY_DOUBLE_HOURS = 9;

/** The Monday of the week of an ISO date. */
export function weekStart(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(isoDate, -((day + 6) % 7));
}

export type OvertimeEntry<K> = { key: K; employeeId: number; date: string; hours: DecimalLike };
export type OvertimeSplit<K> = { key: K; employeeId: number; date: string; doubleHours: string; tripleHours: string };

/**
 * Splits each entry's overtime into double and triple hours, in date order, per employee and week.
 * `doubleTaken(employeeId, weekStart)` answers the double hours already paid that week (other entries).
 */
export function splitOvertime<K>(entries: readonly OvertimeEntry<K>[], doubleTaken: (employeeId: number, week: string) => DecimalLike = () => 0): OvertimeSplit<K>[] {
  const used = new Map<string, ReturnType<typeof dec>>();
  const sorted = [...entries].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));
  return sorted.map((e) => {
    const week = weekStart(e.date);
    const id = `${e.employeeId}|${week}`;
    const before = used.get(id) ?? dec(doubleTaken(e.employeeId, week));
    const room = dec(WEEKLY_DOUBLE_HOURS).minus(before);
    const hours = dec(e.hours);
    const double = room.lte(0) ? dec(0) : hours.lt(room) ? hours : room;
    used.set(id, before.plus(double));
    return { key: e.key, employeeId: e.employeeId, date: e.date, doubleHours: double.toFixed(2), tripleHours: hours.minus(double).toFixed(2) };
  });
}
