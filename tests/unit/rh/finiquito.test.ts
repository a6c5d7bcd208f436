// The finiquito payroll's pure rules (issue 27): the exemption of the separation payments laid over each
// percepción, the ordinary ISR separation() adds, the checks and period of a finiquito payroll, and the
// CFDI's SeparacionIndemnizacion. Figures worked out by hand in the comments.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { separation, splitSeparationExempt } from '../../../schema/rh/benefits';
import type { FiscalYearSet } from '../../../schema/rh/fiscal';
import { separationPeriod, validateSeparationPayroll } from '../../../schema/rh/payroll';
import { separacionIndemnizacion, type NominaLine } from '../../../server/modules/rh/payroll/cfdi';

const load = (year: number): FiscalYearSet =>
  JSON.parse(readFileSync(new URL(`../../../server/modules/rh/fiscal-tables/${year}.json`, import.meta.url), 'utf8'));
const SETS = [load(2025), load(2026)];

describe('splitSeparationExempt', () => {
  it('fills each payment in order until the exemption runs out; the parts add up to the totals', () => {
    // Exempt 105,579.00 over 47,527.20 / 105,616.00 / 63,369.60: 47,527.20 | 58,051.80 (+47,564.20 taxable) | 0 (+63,369.60).
    const parts = splitSeparationExempt(
      [
        { key: 'indemnizacion3Meses', amount: '47527.20' },
        { key: 'veinteDiasPorAnio', amount: '105616.00' },
        { key: 'primaAntiguedad', amount: '63369.60' },
      ],
      '105579.00',
    );
    expect(parts.map((p) => [p.key, p.exempt, p.taxable])).toEqual([
      ['indemnizacion3Meses', '47527.20', '0.00'],
      ['veinteDiasPorAnio', '58051.80', '47564.20'],
      ['primaAntiguedad', '0.00', '63369.60'],
    ]);
  });

  it('an exemption larger than the payments leaves nothing taxable; zero payments stay zero', () => {
    expect(splitSeparationExempt([{ key: 'indemnizacion3Meses', amount: '0.00' }, { key: 'primaAntiguedad', amount: '1000.00' }], '5000.00').map((p) => [p.exempt, p.taxable])).toEqual([
      ['0.00', '0.00'],
      ['1000.00', '0.00'],
    ]);
  });
});

describe('separation(): ordinary ISR, net and the CFDI figures', () => {
  it('a resignation: art. 96 monthly tariff on the ordinary taxable part alone, no art. 95', () => {
    // Hired 01/07/2021, baja 30/06/2026, 500.00, 10 days owed: ordinary taxable 5,000.00 + 10,000.00 + 199.88 + 740.35 = 15,940.23;
    // 1,339.14 + (15,940.23 − 14,644.65) × 17.92 % = 1,571.307936 → 1,571.31; net 21,219.18 − 1,571.31 = 19,647.87.
    const r = separation(SETS, {
      kind: 'RENUNCIA', hireDate: '2021-07-01', separationDate: '2026-06-30', dailySalary: '500.00', salaryOwedDays: '10', pendingVacationDaysFromPastYears: '0',
      aguinaldoExemptUsedThisYear: '0', primaVacacionalExemptUsedThisYear: '0', twentyDaysPerYear: false,
    });
    expect([r.ordinaryTaxable, r.isrOrdinary, r.isrArt95, r.isrTotal, r.total, r.net, r.exemptionYears, r.lastMonthlySalary]).toEqual([
      '15940.23', '1571.31', '0.00', '1571.31', '21219.18', '19647.87', 5, '15200.00',
    ]);
  });

  it('a minimum-wage worker: no ISR on the salary and vacations, only on the benefits over the legal minimum', () => {
    // 300.00 ≤ 315.04. Hired 01/01/2024, baja 30/06/2026: 2 completed years, running year 3 (16 days) of 181 days.
    // Sueldo 300 × 15 = 4,500.00; vacaciones 300 × 16 × 181 ÷ 365 = 2,380.2739… → 2,380.27 (taxable);
    // aguinaldo 300 × 15 × 181 ÷ 365 = 2,231.51 and prima 595.07 lie within the legal minimum: exempt by fr. I.
    // Ordinary taxable 4,500.00 + 2,380.27 = 6,880.27, but the ISR base leaves out salary and vacations → 0, ISR 0.00.
    const r = separation(SETS, {
      kind: 'RENUNCIA', hireDate: '2024-01-01', separationDate: '2026-06-30', dailySalary: '300.00', salaryOwedDays: '15', pendingVacationDaysFromPastYears: '0',
      aguinaldoExemptUsedThisYear: '0', primaVacacionalExemptUsedThisYear: '0', twentyDaysPerYear: false,
    });
    expect(r.isrOrdinary).toBe('0.00');
    expect([r.aguinaldoProp, r.exemptAguinaldo, r.vacations, r.primaVacacional, r.exemptPrimaVacacional]).toEqual(['2231.51', '2231.51', '2380.27', '595.07', '595.07']);
    expect(r.ordinaryTaxable).toBe('6880.27');
  });
});

describe('a finiquito payroll', () => {
  const V = { kind: 'RENUNCIA' as const, salaryOwedDays: '10', pendingVacationDaysFromPastYears: '0', twentyDaysPerYear: false, paymentDate: '2026-07-03' };

  it('validateSeparationPayroll: days owed 0–31 in halves, pending vacations 0–365, 20 días only on a dismissal, paid on or after the baja', () => {
    expect(validateSeparationPayroll(V, '2026-06-30')).toEqual({});
    expect(validateSeparationPayroll({ ...V, salaryOwedDays: '10.5', kind: 'DESPIDO_INJUSTIFICADO', twentyDaysPerYear: true, paymentDate: '2026-06-30' }, '2026-06-30')).toEqual({});
    expect(validateSeparationPayroll({ ...V, salaryOwedDays: '1.25', pendingVacationDaysFromPastYears: '365.5', twentyDaysPerYear: true, paymentDate: '2026-06-29' }, '2026-06-30')).toEqual({
      salaryOwedDays: 'Días devengados de 0 a 31, completos o medios (p. ej. 1.5).',
      pendingVacationDaysFromPastYears: 'Días de vacaciones pendientes de 0 a 365 (máximo 2 decimales).',
      twentyDaysPerYear: 'Los 20 días por año solo aplican en un despido injustificado.',
      paymentDate: 'La fecha de pago no puede ser anterior a la fecha de baja (30/06/2026).',
    });
  });

  it('separationPeriod: the days owed counted back from the baja, never before the hire date; the baja day alone with none', () => {
    expect(separationPeriod('2021-07-01', '2026-06-30', '10')).toEqual({ periodStart: '2026-06-21', periodEnd: '2026-06-30' });
    expect(separationPeriod('2021-07-01', '2026-06-30', '2.5')).toEqual({ periodStart: '2026-06-28', periodEnd: '2026-06-30' });
    expect(separationPeriod('2021-07-01', '2026-06-30', '0')).toEqual({ periodStart: '2026-06-30', periodEnd: '2026-06-30' });
    expect(separationPeriod('2026-06-25', '2026-06-30', '15')).toEqual({ periodStart: '2026-06-25', periodEnd: '2026-06-30' });
  });

  it('separacionIndemnizacion: TotalPagado of 022/023/025, IngresoAcumulable = min(taxable, USMO), the rest no acumulable', () => {
    const line = (satCode: string, amount: string, exempt: string): NominaLine => ({ kind: 'percepcion', satCode, code: satCode, name: satCode, systemKey: null, amount, exempt, taxable: (Number(amount) - Number(exempt)).toFixed(2) });
    const lines = [line('001', '2500.00', '0.00'), line('025', '47527.20', '47527.20'), line('025', '105616.00', '58051.80'), line('022', '63369.60', '0.00')];
    // Taxable 47,564.20 + 63,369.60 = 110,933.80 ≥ 15,200.00 → acumulable 15,200.00, no acumulable 95,733.80.
    expect(separacionIndemnizacion(lines, { years: 10, lastMonthlySalary: '15200.00' })).toEqual({
      TotalPagado: '216512.80', NumAñosServicio: '10', UltimoSueldoMensOrd: '15200.00', IngresoAcumulable: '15200.00', IngresoNoAcumulable: '95733.80',
    });
    // Taxable 5,000.00 < USMO: all acumulable.
    expect(separacionIndemnizacion([line('022', '9000.00', '4000.00')], { years: 3, lastMonthlySalary: '9120.00' })).toMatchObject({ IngresoAcumulable: '5000.00', IngresoNoAcumulable: '0.00' });
  });
});
