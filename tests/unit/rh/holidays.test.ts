// LFT art. 74 mandatory rest days, dates worked out by hand from the weekday of 1 January.
import { describe, expect, it } from 'vitest';
import { isMandatoryRestDay, mandatoryRestDays, restDaysBetween, restDaysOffSundays } from '../../../schema/rh/holidays';
import { imssDeadline } from '../../../schema/rh/imssMovements';
import { workingDaysBetween } from '../../../schema/rh/vacations';

describe('mandatory rest days (LFT art. 74)', () => {
  it('2026: 1 Jan is a Thursday, so 1 Feb and 1 Mar are Sundays → Mondays 2 Feb and 16 Mar; 1 Nov is a Sunday → third Monday 16 Nov', () => {
    expect(mandatoryRestDays(2026).map((d) => d.date)).toEqual(['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25']);
  });
  it('2024 (leap, 1 Jan a Monday): Feb 5, Mar 18, Nov 18, and 1 October for the new federal executive', () => {
    expect(mandatoryRestDays(2024).map((d) => d.date)).toEqual(['2024-01-01', '2024-02-05', '2024-03-18', '2024-05-01', '2024-09-16', '2024-10-01', '2024-11-18', '2024-12-25']);
  });
  it('the transfer of power: 1 Oct 2030, 1 Dec 2018, neither in 2025', () => {
    expect(isMandatoryRestDay('2030-10-01')).toBe(true);
    expect(isMandatoryRestDay('2018-12-01')).toBe(true);
    expect(isMandatoryRestDay('2025-10-01')).toBe(false);
    expect(isMandatoryRestDay('2024-12-01')).toBe(false);
  });
  it('a span across years, with an election day given as an extra', () => {
    expect(restDaysBetween('2026-12-20', '2027-02-10', ['2027-01-15'])).toEqual(['2026-12-25', '2027-01-01', '2027-01-15', '2027-02-01']);
  });
  it('rest days on a Sunday do not take a vacation day anyway', () => {
    // 2022: 25 Dec and 1 Jan 2023 are Sundays.
    expect(restDaysOffSundays('2022-12-19', '2023-01-07')).toEqual([]);
  });
});

describe('where the calendar applies', () => {
  it('IDSE deadline: from Friday 13 Nov 2026, Monday 16 is a rest day → Tue 17, Wed 18, Thu 19, Fri 20, Mon 23', () => {
    expect(imssDeadline('2026-11-13')).toBe('2026-11-23');
  });
  it('a vacation Monday 14 – Saturday 19 Sep 2026 takes 6 days less Wednesday 16 = 5', () => {
    expect(workingDaysBetween('2026-09-14', '2026-09-19')).toBe(5);
    expect(workingDaysBetween('2026-09-07', '2026-09-12')).toBe(6);
  });
});
