// Incapacidades IMSS: validation, overlaps and the effect on a pay period; figures by hand (MX_FISCAL
// «Incapacidades IMSS»: the employer pays no incapacity day, IMSS quota days exclude them but retiro).
import { describe, expect, it } from 'vitest';
import { calendarDays, daysInside, incapacityEffect, incapacityEnd, INCAPACITY_MSG, spansOverlap, validateIncapacity } from '../../../schema/rh/incapacities';

describe('validation', () => {
  it('accepts a well formed certificate', () => {
    expect(validateIncapacity({ type: '02', folio: 'AB123456', startDate: '2026-12-20', days: 3 })).toEqual({});
  });
  it('names every bad field in Spanish', () => {
    expect(validateIncapacity({ type: '04', folio: ' ', startDate: '2026-02-30', days: 0 })).toEqual({
      type: INCAPACITY_MSG.type, folio: INCAPACITY_MSG.folio, startDate: INCAPACITY_MSG.startDate, days: INCAPACITY_MSG.days,
    });
    expect(validateIncapacity({ type: '01', folio: 'X1', startDate: '2026-01-01', days: 1.5 }).days).toBe(INCAPACITY_MSG.days);
    expect(validateIncapacity({ type: '01', folio: 'X1', startDate: '2026-01-01', days: 547 }).days).toBe(INCAPACITY_MSG.days);
  });
});

describe('dates', () => {
  it('a 3-day certificate from 20 Dec ends on 22 Dec; 84 days of maternidad from 1 Dec end on 22 Feb', () => {
    expect(incapacityEnd({ startDate: '2026-12-20', days: 3 })).toBe('2026-12-22');
    // December 1–31 = 31 days, January 32 more = 63, then 21 of February → 84
    expect(incapacityEnd({ startDate: '2026-12-01', days: 84 })).toBe('2027-02-22');
  });
  it('spans sharing a single day overlap; adjacent spans do not', () => {
    expect(spansOverlap({ first: '2026-12-20', last: '2026-12-22' }, { first: '2026-12-22', last: '2026-12-24' })).toBe(true);
    expect(spansOverlap({ first: '2026-12-20', last: '2026-12-22' }, { first: '2026-12-23', last: '2026-12-24' })).toBe(false);
  });
  it('quincena calendar days as SUA charges them: 16–31 Dec = 16, 16–28 Feb = 13, 1–15 = 15', () => {
    expect(calendarDays('2026-12-16', '2026-12-31')).toBe(16);
    expect(calendarDays('2026-02-16', '2026-02-28')).toBe(13);
    expect(calendarDays('2026-12-01', '2026-12-15')).toBe(15);
    expect(daysInside('2026-12-14', '2026-12-18', '2026-12-16', '2026-12-31')).toBe(3);
    expect(daysInside('2026-12-01', '2026-12-05', '2026-12-16', '2026-12-31')).toBe(0);
  });
});

describe('effect on the quincena 16–31 Dec 2026', () => {
  it('3 days of enfermedad general: none paid by the employer, all out of the IMSS days', () => {
    // 500.00 daily, ISR 15 days, IMSS 16 calendar days. 3 days of incapacity (20–22 Dec):
    // paid days 15 − 3 = 12 → salary 12 × 500.00 = 6,000.00; IMSS quota days 16 − 3 = 13 (retiro keeps 16).
    const e = incapacityEffect([{ type: '02', folio: 'AB123456', startDate: '2026-12-20', days: 3 }], '2026-12-16', '2026-12-31');
    expect(e).toEqual({ nodes: [{ type: '02', days: 3, folio: 'AB123456' }], unpaidDays: 3, imssDaysOut: 3 });
  });
  it('only the days inside the period count, one node per certificate', () => {
    // riesgo 12–17 Dec: 16 and 17 inside = 2; maternidad from 30 Dec: 30 and 31 = 2; total 4
    const e = incapacityEffect([
      { type: '03', folio: 'MAT1', startDate: '2026-12-30', days: 84 },
      { type: '01', folio: 'RT1', startDate: '2026-12-12', days: 6 },
      { type: '02', folio: 'EG0', startDate: '2026-11-01', days: 3 },
    ], '2026-12-16', '2026-12-31');
    expect(e.nodes).toEqual([{ type: '01', days: 2, folio: 'RT1' }, { type: '03', days: 2, folio: 'MAT1' }]);
    expect(e.unpaidDays).toBe(4);
  });
});
