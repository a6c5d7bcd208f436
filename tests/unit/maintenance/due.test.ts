import { describe, expect, it } from 'vitest';
import { computeDue, DEFAULT_DUE_MARGIN, frequencyProblem, type DueInput } from '../../../schema/maintenance/due';
import { isRequisitionSettled, orderCost } from '../../../schema/maintenance/orders';

// Last done 2026-01-01 at 50,000 km; margin 1,000 km / 15 days.
const base: DueInput = { everyKm: null, everyDays: null, lastDoneOn: '2026-01-01', lastDoneKm: 50000, currentKm: 50000, today: '2026-01-01', marginKm: 1000, marginDays: 15 };

describe('computeDue: km only (every 10,000 km → due at 60,000)', () => {
  const km = (currentKm: number) => computeDue({ ...base, everyKm: 10000, currentKm, today: '2030-12-31' });
  it.each([
    [58999, 'al_corriente', 1001],
    [59000, 'proximo', 1000],
    [59999, 'proximo', 1],
    [60000, 'vencido', 0],
    [61500, 'vencido', -1500],
  ])('%i km → %s (%i km left)', (currentKm, status, left) => {
    const d = km(currentKm);
    expect(d).toMatchObject({ status, nextDueKm: 60000, kmLeft: left, nextDueOn: null, daysLeft: null });
  });
});

describe('computeDue: days only (every 90 days → due 2026-04-01)', () => {
  const days = (today: string) => computeDue({ ...base, everyDays: 90, currentKm: 999999, today });
  it.each([
    ['2026-03-16', 'al_corriente', 16],
    ['2026-03-17', 'proximo', 15],
    ['2026-03-31', 'proximo', 1],
    ['2026-04-01', 'vencido', 0],
    ['2026-05-01', 'vencido', -30],
  ])('%s → %s (%i days left)', (today, status, left) => {
    expect(days(today)).toMatchObject({ status, nextDueOn: '2026-04-01', daysLeft: left, nextDueKm: null, kmLeft: null });
  });
});

describe('computeDue: km and days, whichever comes first', () => {
  const both = (currentKm: number, today: string) => computeDue({ ...base, everyKm: 10000, everyDays: 180, currentKm, today });
  it('the km reach first', () => expect(both(60000, '2026-02-01').status).toBe('vencido'));
  it('the date reaches first', () => expect(both(51000, '2026-06-30').status).toBe('vencido'));
  it('neither near', () => expect(both(52000, '2026-03-01')).toMatchObject({ status: 'al_corriente', nextDueKm: 60000, nextDueOn: '2026-06-30', kmLeft: 8000, daysLeft: 121 }));
  it('only the date within the margin', () => expect(both(52000, '2026-06-15').status).toBe('proximo'));
  it('only the km within the margin', () => expect(both(59500, '2026-03-01').status).toBe('proximo'));
});

describe('computeDue: margin and readings', () => {
  it('a wider margin makes it próximo earlier', () => {
    const i = { ...base, everyKm: 10000, currentKm: 57000, today: '2026-02-01' };
    expect(computeDue(i).status).toBe('al_corriente');
    expect(computeDue({ ...i, marginKm: 3000 }).status).toBe('proximo');
  });
  it('a new odometer reading moves the status', () => {
    const i = { ...base, everyKm: 5000, today: '2026-02-01', ...DEFAULT_DUE_MARGIN, marginKm: DEFAULT_DUE_MARGIN.km, marginDays: DEFAULT_DUE_MARGIN.days };
    expect(computeDue({ ...i, currentKm: 53000 }).status).toBe('al_corriente');
    expect(computeDue({ ...i, currentKm: 54200 }).status).toBe('proximo');
    expect(computeDue({ ...i, currentKm: 55010 }).status).toBe('vencido');
  });
  it('doing the service again resets it', () => {
    const i = { ...base, everyKm: 5000, everyDays: 60, currentKm: 55010, today: '2026-03-15' };
    expect(computeDue(i).status).toBe('vencido');
    expect(computeDue({ ...i, lastDoneKm: 55010, lastDoneOn: '2026-03-15' })).toMatchObject({ status: 'al_corriente', nextDueKm: 60010, nextDueOn: '2026-05-14' });
  });
});

describe('orderCost', () => {
  it('adds parts at the cost of delivery, labour hours × rate and the external workshop, in exact cents', () => {
    // 2 × 187.3333 = 374.6666 and 1.5 × 0.1 → parts 374.8166 → 374.82; 3.25 h × 285.50 = 927.875 → 927.88
    expect(orderCost({ partAmounts: ['374.6666', '0.15'], labourHours: '3.25', labourRate: '285.50', externalCost: '1200.10' })).toEqual({
      parts: '374.82',
      labour: '927.88',
      external: '1200.10',
      total: '2502.80',
    });
  });
  it('is zero with nothing', () => expect(orderCost({ partAmounts: [], labourHours: 0, labourRate: 0, externalCost: 0 }).total).toBe('0.00'));
  it('0.1 + 0.2 is 0.30, not a float', () => expect(orderCost({ partAmounts: ['0.1', '0.2'], labourHours: 0, labourRate: 0, externalCost: 0 }).parts).toBe('0.30'));
  it('knows which requisitions are settled', () => expect(['PENDIENTE', 'AUTORIZADA', 'SURTIDA_PARCIAL', 'SURTIDA', 'RECHAZADA'].map(isRequisitionSettled)).toEqual([false, false, false, true, true]));
});

describe('frequencyProblem', () => {
  it('a preventive service needs km or days', () => {
    expect(frequencyProblem('preventivo', null, null)).toMatch(/kilómetros/);
    expect(frequencyProblem('preventivo', 5000, null)).toBeNull();
    expect(frequencyProblem('preventivo', null, 30)).toBeNull();
  });
  it('a corrective one may have none', () => expect(frequencyProblem('correctivo', null, null)).toBeNull());
});
