// SBC variable part (LSS art. 30 fr. II, art. 27): figures worked out by hand in each case.
import { describe, expect, it } from 'vitest';
import { accruedDays, bimesterInputError, bimesterOf, bimesterRange, sbcVariable, variableRuleOf } from '../../../schema/rh/sbcVariable';

const p = (concept: string, systemKey: string | null, satCode: string, amount: string) => ({ concept, systemKey, satCode, amount });

describe('bimesters', () => {
  it('January–February 2026 has 59 days and the modification takes effect 1 March', () => {
    expect(bimesterRange(2026, 1)).toEqual({ from: '2026-01-01', to: '2026-02-28', days: 59, effectiveDate: '2026-03-01' });
  });
  it('a leap January–February has 60 days; November–December takes effect 1 January of the next year', () => {
    expect(bimesterRange(2028, 1).days).toBe(60);
    expect(bimesterRange(2026, 6)).toEqual({ from: '2026-11-01', to: '2026-12-31', days: 61, effectiveDate: '2027-01-01' });
  });
  it('bimesterOf and the input checks', () => {
    expect([bimesterOf('2026-01-31'), bimesterOf('2026-04-01'), bimesterOf('2026-12-31')]).toEqual([1, 2, 6]);
    expect(bimesterInputError(2026, 7)?.field).toBe('bimester');
    expect(bimesterInputError(1999, 1)?.field).toBe('year');
    expect(bimesterInputError(2026, 3)).toBeNull();
  });
});

describe('accruedDays', () => {
  it('hired 20 January: 12 + 28 = 40 days employed, minus 2 absences and 3 incapacity days = 35', () => {
    expect(accruedDays({ from: '2026-01-01', to: '2026-02-28', hireDate: '2026-01-20', absences: '2', incapacityDays: 3 })).toBe('35');
  });
  it('a baja on 10 February: 31 + 10 = 41 days', () => {
    expect(accruedDays({ from: '2026-01-01', to: '2026-02-28', hireDate: '2020-05-01', terminationDate: '2026-02-10', absences: 0, incapacityDays: 0 })).toBe('41');
  });
});

describe('variableRuleOf (art. 27 LSS)', () => {
  it('maps the payroll concepts and SAT codes', () => {
    expect(variableRuleOf({ systemKey: 'PRIMA_DOMINICAL', satCode: '020' })).toBe('integra');
    expect(variableRuleOf({ systemKey: 'HORAS_EXTRA_TRIPLES', satCode: '019' })).toBe('integra');
    expect(variableRuleOf({ systemKey: 'HORAS_EXTRA_DOBLES', satCode: '019' })).toBe('excluida');
    expect(variableRuleOf({ systemKey: 'DESCANSO_LABORADO', satCode: '038' })).toBe('integra');
    expect(variableRuleOf({ systemKey: 'AGUINALDO', satCode: '002' })).toBe('fijo');
    expect(variableRuleOf({ systemKey: 'PTU', satCode: '003' })).toBe('excluida');
    expect(variableRuleOf({ systemKey: null, satCode: '028' })).toBe('integra');
    expect(variableRuleOf({ systemKey: null, satCode: '010' })).toBe('premio_puntualidad');
    expect(variableRuleOf({ systemKey: null, satCode: '049' })).toBe('premio_asistencia');
    expect(variableRuleOf({ systemKey: null, satCode: '029' })).toBe('despensa');
    expect(variableRuleOf({ systemKey: null, satCode: '023' })).toBe('excluida');
    expect(variableRuleOf({ systemKey: null, satCode: '004' })).toBe('excluida');
  });
});

describe('sbcVariable', () => {
  it('2 Sundays of prima dominical (2 × 125) and 3 triple hours (3 × 187.50) in 59 days on SDI 524.66 → 538.43', () => {
    // Integrable 250.00 + 562.50 = 812.50 (salary and double hours do not count); 812.50 / 59 = 13.7711… → 13.77.
    const r = sbcVariable({
      fixedSdi: '524.66',
      umaDaily: '117.31',
      sbcCapUma: '25',
      days: '59',
      perceptions: [p('Sueldo', 'SUELDO', '001', '29500.00'), p('Prima dominical', 'PRIMA_DOMINICAL', '020', '250.00'), p('Horas extra triples', 'HORAS_EXTRA_TRIPLES', '019', '562.50'), p('Horas extra dobles', 'HORAS_EXTRA_DOBLES', '019', '375.00')],
    });
    expect(r.integrable).toBe('812.50');
    expect(r.variableDaily).toBe('13.77');
    expect(r.sbc).toBe('538.43');
    expect(r.capped).toBe(false);
    expect(r.lines.find((l) => l.concept === 'Horas extra dobles')?.integrable).toBe('0.00');
    expect(r.steps.at(-1)).toMatchObject({ label: 'SBC', value: '538.43' });
  });

  it('premio de puntualidad integrates above 10 % of the SBC; despensa below 40 % UMA does not', () => {
    // Limit premio 10 % × 300 × 60 = 1,800 → 2,000 − 1,800 = 200. Despensa limit 40 % × 113.14 × 60 = 2,715.36 > 1,500 → 0.
    // Commission 400 integrates in full: (200 + 400) / 60 = 10.00 → SBC 310.00.
    const r = sbcVariable({
      fixedSdi: '300.00',
      umaDaily: '113.14',
      sbcCapUma: '25',
      days: '60',
      perceptions: [p('Bono de puntualidad', null, '010', '2000.00'), p('Vales de despensa', null, '029', '1500.00'), p('Comisiones', null, '028', '400.00')],
    });
    expect(r.lines.map((l) => [l.concept, l.integrable])).toEqual([
      ['Bono de puntualidad', '200.00'],
      ['Vales de despensa', '0.00'],
      ['Comisiones', '400.00'],
    ]);
    expect(r.variableDaily).toBe('10.00');
    expect(r.sbc).toBe('310.00');
  });

  it('caps at 25 UMA: 2,800 + 6,000 / 60 = 2,900 > 25 × 113.14 = 2,828.50', () => {
    const r = sbcVariable({ fixedSdi: '2800.00', umaDaily: '113.14', sbcCapUma: '25', days: '60', perceptions: [p('Comisiones', null, '028', '6000.00')] });
    expect(r.sbcUncapped).toBe('2900.00');
    expect(r.sbc).toBe('2828.50');
    expect(r.capped).toBe(true);
  });

  it('rounds half-up: 0.30 / 60 = 0.005 → 0.01; no days → no variable part', () => {
    expect(sbcVariable({ fixedSdi: '300.00', umaDaily: '113.14', sbcCapUma: '25', days: '60', perceptions: [p('Comisiones', null, '028', '0.30')] }).variableDaily).toBe('0.01');
    expect(sbcVariable({ fixedSdi: '300.00', umaDaily: '113.14', sbcCapUma: '25', days: '0', perceptions: [p('Comisiones', null, '028', '50.00')] }).sbc).toBe('300.00');
  });
});
