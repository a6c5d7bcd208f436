// The date range filter: its presets are whole Mexico City days computed from
// a fixed "today", and the range rule the SPA and the API share.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateRangePresets } from '../../../client/components/dates';
import { dateRangeDefaults, dateRangeFilter, dateRangeText } from '../../../client/components/DateRangeFilter';
import { DATE_RANGE_MESSAGE, dateRangeError } from '../../../schema/dates';

const asMap = (today?: string) => Object.fromEntries(dateRangePresets(today).map((p) => [p.label, [p.from, p.to]]));

describe('date range presets', () => {
  it('for Wednesday 25 November 2026: today, Monday to Sunday, the month, October and the year', () => {
    expect(asMap('2026-11-25')).toEqual({
      Hoy: ['2026-11-25', '2026-11-25'],
      'Esta semana': ['2026-11-23', '2026-11-29'],
      'Este mes': ['2026-11-01', '2026-11-30'],
      'Mes anterior': ['2026-10-01', '2026-10-31'],
      'Este año': ['2026-01-01', '2026-12-31'],
    });
  });

  it('a Sunday belongs to the week that started on Monday; January looks back to December; February of a leap year has 29 days', () => {
    expect(asMap('2027-01-03')['Esta semana']).toEqual(['2026-12-28', '2027-01-03']);
    expect(asMap('2027-01-03')['Mes anterior']).toEqual(['2026-12-01', '2026-12-31']);
    expect(asMap('2028-02-10')['Este mes']).toEqual(['2028-02-01', '2028-02-29']);
    expect(asMap('2028-03-01')['Mes anterior']).toEqual(['2028-02-01', '2028-02-29']);
    // A Monday starts its own week.
    expect(asMap('2026-11-23')['Esta semana']).toEqual(['2026-11-23', '2026-11-29']);
  });

  describe('without a date, today is Mexico City’s', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      // 03:30 UTC on 1 December is still 30 November, 21:30, in Mexico City.
      vi.setSystemTime(new Date('2026-12-01T03:30:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    it('Hoy is 30 November and Este mes is November', () => {
      expect(asMap().Hoy).toEqual(['2026-11-30', '2026-11-30']);
      expect(asMap()['Este mes']).toEqual(['2026-11-01', '2026-11-30']);
    });
  });
});

describe('the range rule (schema/dates.ts)', () => {
  it('accepts open ends and a single day; refuses an end before the start on the end, with the Spanish message', () => {
    expect(dateRangeError(null, null)).toBeNull();
    expect(dateRangeError('2026-11-01', null)).toBeNull();
    expect(dateRangeError('', '2026-11-30')).toBeNull();
    expect(dateRangeError('2026-11-10', '2026-11-10')).toBeNull();
    expect(dateRangeError('2026-11-11', '2026-11-10')).toEqual({ end: 'to', message: DATE_RANGE_MESSAGE });
    expect(DATE_RANGE_MESSAGE).toBe('La fecha final no puede ser anterior a la inicial.');
  });

  it('refuses a date that does not exist on its own end', () => {
    expect(dateRangeError('2026-02-30', null)).toEqual({ end: 'from', message: 'Fecha inicial no válida.' });
    expect(dateRangeError(null, '2026-13-01')).toEqual({ end: 'to', message: 'Fecha final no válida.' });
  });
});

describe('the filter in the URL', () => {
  it('keeps empty defaults, leaves empty ends out of the query filter and reads as DD/MM/AAAA', () => {
    expect(dateRangeDefaults()).toEqual({ from: '', to: '' });
    expect(dateRangeDefaults({ from: 'dateFrom', to: 'dateTo' })).toEqual({ dateFrom: '', dateTo: '' });
    expect(dateRangeFilter({ from: '2026-11-01', to: '', status: 'x' })).toEqual({ from: '2026-11-01' });
    expect(dateRangeFilter({ dateFrom: '2026-11-01', dateTo: '2026-11-30' }, { from: 'dateFrom', to: 'dateTo' })).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-30' });
    expect(dateRangeText('2026-11-01', '2026-11-30')).toBe('01/11/2026 – 30/11/2026');
    expect(dateRangeText('2026-11-05', '2026-11-05')).toBe('05/11/2026');
    expect(dateRangeText('2026-11-01', '')).toBe('Desde 01/11/2026');
    expect(dateRangeText('', '2026-11-30')).toBe('Hasta 30/11/2026');
    expect(dateRangeText('', '')).toBe('');
  });
});
