// Vacaciones: the LFT art. 76 table (2023 reform) as the 2026 fiscal year loads it, anniversaries and the
// balance per anniversary year; figures by hand from the law's table.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canAct } from '../../../schema/lifecycle';
import { vacationDaysFor } from '../../../schema/rh/fiscal';
import { anniversaryOf, grantByOf, spanDays, VACATION_LIFECYCLE, vacationBalance, workingDaysBetween } from '../../../schema/rh/vacations';

const set = JSON.parse(fs.readFileSync('server/modules/rh/fiscal-tables/2026.json', 'utf8')) as { vacationDays: { fromYear: number; toYear: number; days: number }[] };
const daysFor = (k: number) => vacationDaysFor(set, k);

describe('LFT art. 76 (2023): days per year of service', () => {
  it('12 the first year, +2 a year up to 20 in year 5, then +2 every five years', () => {
    const hand: [number, number][] = [[1, 12], [2, 14], [3, 16], [4, 18], [5, 20], [6, 22], [10, 22], [11, 24], [15, 24], [16, 26], [20, 26], [21, 28], [25, 28], [26, 30], [31, 32], [35, 32]];
    expect(hand.map(([k]) => [k, daysFor(k)])).toEqual(hand);
  });
  it('past the last row of the table the law keeps adding 2 days every 5 years', () => {
    expect([daysFor(36), daysFor(40), daysFor(41)]).toEqual([34, 34, 36]);
  });
});

describe('anniversaries and request days', () => {
  it('a 29 February hire completes its year on 1 March in a common year; art. 81 grants within six months', () => {
    expect([anniversaryOf('2020-02-29', 1), anniversaryOf('2020-02-29', 4), anniversaryOf('2021-03-15', 5)]).toEqual(['2021-03-01', '2024-02-29', '2026-03-15']);
    expect([grantByOf('2026-03-15'), grantByOf('2026-08-31'), grantByOf('2026-12-01')]).toEqual(['2026-09-15', '2027-02-28', '2027-06-01']);
  });
  it('a request counts its calendar days; its default vacation days leave out Sundays', () => {
    // Monday 2026-11-02 to Saturday 2026-11-14: 13 calendar days, one Sunday (8th).
    expect([spanDays('2026-11-02', '2026-11-14'), workingDaysBetween('2026-11-02', '2026-11-14'), workingDaysBetween('2026-11-08', '2026-11-08')]).toEqual([13, 12, 0]);
  });
});

describe('vacationBalance', () => {
  it('one row per anniversary reached; approved days come off the oldest year first', () => {
    // Hired 2023-06-10; on 2026-07-01 three anniversaries: 12 + 14 + 16 = 42 days. Approved 10 + 8 = 18:
    // year 1 gives 12 (10, then 2 of the 8), year 2 the other 6 → pending 0, 8, 16 = 24.
    const b = vacationBalance('2023-06-10', '2026-07-01', daysFor, [{ firstDay: '2025-08-01', days: 8 }, { firstDay: '2024-07-01', days: 10 }]);
    expect(b.years.map((y) => [y.serviceYear, y.anniversary, y.grantBy, y.earned, y.taken, y.pending])).toEqual([
      [1, '2024-06-10', '2024-12-10', 12, 12, 0],
      [2, '2025-06-10', '2025-12-10', 14, 6, 8],
      [3, '2026-06-10', '2026-12-10', 16, 0, 16],
    ]);
    expect([b.earned, b.taken, b.pending]).toEqual([42, 18, 24]);
  });
  it('before the first anniversary nothing is earned', () => {
    expect(vacationBalance('2026-03-01', '2027-02-28', daysFor, [])).toEqual({ years: [], earned: 0, taken: 0, pending: 0 });
  });
});

describe('request lifecycle', () => {
  it('solicitada → aprobada / rechazada; only an approved one is cancelled', () => {
    expect([canAct(VACATION_LIFECYCLE, 'approve', 'solicitada'), canAct(VACATION_LIFECYCLE, 'reject', 'solicitada'), canAct(VACATION_LIFECYCLE, 'cancel', 'aprobada')]).toEqual([true, true, true]);
    expect([canAct(VACATION_LIFECYCLE, 'approve', 'rechazada'), canAct(VACATION_LIFECYCLE, 'cancel', 'solicitada'), canAct(VACATION_LIFECYCLE, 'reject', 'aprobada')]).toEqual([false, false, false]);
  });
});
