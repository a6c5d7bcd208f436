// Informes de RH, the shared rules: when a birthday or work anniversary comes
// round next (29 February, end of year, the look-ahead's last day, less than a
// year of service) and the totals of the payroll cost and headcount reports,
// all worked by hand.
import { describe, expect, it } from 'vitest';
import { headcountTotals, nextOccurrence, payrollCostTotals, upcomingAnniversaries } from '../../../schema/rh/reports';

describe('nextOccurrence', () => {
  it('is this year when the day has not passed (today included), next year otherwise', () => {
    expect(nextOccurrence('1990-11-25', '2026-11-25')).toEqual({ date: '2026-11-25', years: 36 });
    expect(nextOccurrence('1990-11-24', '2026-11-25')).toEqual({ date: '2027-11-24', years: 37 });
    expect(nextOccurrence('1990-01-02', '2026-12-30')).toEqual({ date: '2027-01-02', years: 37 });
  });
  it('29 February falls on 1 March in a common year and on 29 February in a leap year', () => {
    expect(nextOccurrence('2000-02-29', '2026-02-10')).toEqual({ date: '2026-03-01', years: 26 });
    expect(nextOccurrence('2000-02-29', '2027-03-02')).toEqual({ date: '2028-02-29', years: 28 });
  });
});

describe('upcomingAnniversaries', () => {
  const people = [
    { id: 1, number: 'E-1', fullName: 'Zamora Ruiz Ana', birthDate: '1990-12-01', firstHireDate: '2020-11-25' },
    { id: 2, number: 'E-2', fullName: 'Acosta Gil Beto', birthDate: '1985-11-30', firstHireDate: '2026-11-26' },
    { id: 3, number: 'E-3', fullName: 'Bravo Paz Carla', birthDate: '1979-06-01', firstHireDate: '2025-12-01' },
  ];
  it('lists birthdays and anniversaries from today to today + N, by date; a first year not yet completed is no anniversary', () => {
    expect(upcomingAnniversaries(people, '2026-11-25', 6).map((r) => [r.employeeNumber, r.kind, r.date, r.years])).toEqual([
      ['E-1', 'aniversario', '2026-11-25', 6],
      ['E-2', 'cumpleaños', '2026-11-30', 41],
      // Same day: by name (Bravo before Zamora).
      ['E-3', 'aniversario', '2026-12-01', 1],
      ['E-1', 'cumpleaños', '2026-12-01', 36],
    ]);
    expect(upcomingAnniversaries(people, '2026-11-25', 5).map((r) => r.date)).toEqual(['2026-11-25', '2026-11-30']);
    expect(upcomingAnniversaries(people, '2026-11-25', 0).map((r) => r.kind)).toEqual(['aniversario']);
  });
});

describe('report totals', () => {
  it('payroll cost: each concept over the payrolls, and each kind', () => {
    const rows = [
      { conceptCode: 'SUELDO', conceptName: 'Sueldo', kind: 'percepcion' as const, amount: '1000.10' },
      { conceptCode: 'ISR', conceptName: 'ISR', kind: 'deduccion' as const, amount: '80.05' },
      { conceptCode: 'SUBSIDIO', conceptName: 'Subsidio para el empleo', kind: 'otro_pago' as const, amount: '12.00' },
      { conceptCode: 'SUELDO', conceptName: 'Sueldo', kind: 'percepcion' as const, amount: '2000.20' },
      { conceptCode: 'BONO', conceptName: 'Bono', kind: 'percepcion' as const, amount: '0.10' },
      { conceptCode: 'ISR', conceptName: 'ISR', kind: 'deduccion' as const, amount: '90.00' },
    ];
    const t = payrollCostTotals(rows);
    expect(t.byConcept.map((r) => [r.conceptCode, r.amount])).toEqual([
      ['BONO', '0.10'],
      ['SUELDO', '3000.30'], // 1,000.10 + 2,000.20
      ['ISR', '170.05'], // 80.05 + 90.00
      ['SUBSIDIO', '12.00'],
    ]);
    expect([t.perceptions, t.deductions, t.otherPayments]).toEqual(['3000.40', '170.05', '12.00']);
    expect(payrollCostTotals([])).toEqual({ byConcept: [], perceptions: '0.00', deductions: '0.00', otherPayments: '0.00' });
  });
  it('headcount: employees and the monthly cost as the rows show it', () => {
    expect(headcountTotals([{ active: 2, monthlyCost: '28070.45' }, { active: 1, monthlyCost: '19775.20' }])).toEqual({ active: 3, monthlyCost: '47845.65' });
  });
});
