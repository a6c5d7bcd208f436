// The SPA's one date helper counts days on Mexico City's calendar, whatever the browser's zone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDaysIso, daysAgoIso, firstOfMonthIso, idParam, monthStartIso, todayIso, yearStartIso } from '../../../client/components/dates';

beforeEach(() => {
  vi.useFakeTimers();
  // 03:30 UTC on 1 January is still 31 December, 21:30, in Mexico City (UTC−6).
  vi.setSystemTime(new Date('2027-01-01T03:30:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('company dates', () => {
  it('today, a month start and a year start are Mexico City days', () => {
    expect(todayIso()).toBe('2026-12-31');
    expect(monthStartIso()).toBe('2026-12-01');
    expect(yearStartIso()).toBe('2026-01-01');
    expect(daysAgoIso(30)).toBe('2026-12-01');
  });

  it('adds calendar days across months and leap days', () => {
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
    expect(firstOfMonthIso('2026-11-24')).toBe('2026-11-01');
  });

  it('reads only positive integer ids from the query string', () => {
    expect(idParam('42')).toBe('42');
    expect(idParam('0')).toBeNull();
    expect(idParam('4a')).toBeNull();
    expect(idParam(null)).toBeNull();
  });
});
