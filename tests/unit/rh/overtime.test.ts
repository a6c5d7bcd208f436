// Overtime of crew days split as the LFT pays it (arts. 67–68): nine double hours per week (Monday–Sunday), the rest triple.
import { describe, expect, it } from 'vitest';
import { splitOvertime, weekStart } from '../../../schema/rh/overtime';

const row = (key: number, date: string, hours: string, employeeId = 1) => ({ key, employeeId, date, hours });
const pairs = (r: ReturnType<typeof splitOvertime<number>>) => r.map((x) => [x.key, x.doubleHours, x.tripleHours]);

describe('splitOvertime', () => {
  it('weeks start on Monday', () => {
    expect([weekStart('2026-11-02'), weekStart('2026-11-05'), weekStart('2026-11-08'), weekStart('2026-11-09')]).toEqual(['2026-11-02', '2026-11-02', '2026-11-02', '2026-11-09']);
  });
  it('the first nine hours of a week are double, the rest triple, in date order', () => {
    expect(pairs(splitOvertime([row(2, '2026-11-05', '8'), row(1, '2026-11-03', '3'), row(3, '2026-11-07', '1.5')]))).toEqual([
      [1, '3.00', '0.00'],
      [2, '6.00', '2.00'],
      [3, '0.00', '1.50'],
    ]);
  });
  it('a new week and another employee start again', () => {
    expect(pairs(splitOvertime([row(1, '2026-11-08', '10'), row(2, '2026-11-09', '4'), row(3, '2026-11-08', '2', 2)]))).toEqual([
      [1, '9.00', '1.00'],
      [3, '2.00', '0.00'],
      [2, '4.00', '0.00'],
    ]);
  });
  it('hours another payroll took in the week count first', () => {
    expect(pairs(splitOvertime([row(1, '2026-11-16', '3')], (_e, week) => (week === '2026-11-16' ? '7.5' : 0)))).toEqual([[1, '1.50', '1.50']]);
  });
});
