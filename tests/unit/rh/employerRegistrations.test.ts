// Pure rules of registros patronales and the state payroll tax (issue 27), figures by hand.
import { describe, expect, it } from 'vitest';
import { bimesterMonths, payrollTaxRateOn, riskPremiumInRange, statePayrollTax, totalsOf } from '../../../schema/rh/employerRegistrations';

describe('risk premium range (2026: 0.50 % to 15 %)', () => {
  const range = { minPercent: '0.50', maxPercent: '15' };
  it('accepts the limits and the prima media, refuses outside', () => {
    expect(['0.50', '0.54355', '15', '15.00000'].map((p) => riskPremiumInRange(p, range))).toEqual([true, true, true, true]);
    expect(['0.49999', '15.00001', '0'].map((p) => riskPremiumInRange(p, range))).toEqual([false, false, false]);
  });
});

describe('state payroll tax', () => {
  const rates = [
    { state: 'QUE', ratePercent: '3.00', effectiveFrom: '2026-01-01' },
    { state: 'QUE', ratePercent: '2.50', effectiveFrom: '2026-03-01' },
    { state: 'JAL', ratePercent: '2.00', effectiveFrom: '2025-01-01' },
  ];
  it('takes the latest rate of the state on or before the date; none before the first or without state', () => {
    expect(payrollTaxRateOn(rates, 'QUE', '2026-02-28')?.ratePercent).toBe('3.00');
    expect(payrollTaxRateOn(rates, 'QUE', '2026-03-01')?.ratePercent).toBe('2.50');
    expect(payrollTaxRateOn(rates, 'QUE', '2025-12-31')).toBeNull();
    expect(payrollTaxRateOn(rates, 'CMX', '2026-06-01')).toBeNull();
    expect(payrollTaxRateOn(rates, null, '2026-06-01')).toBeNull();
  });
  it('rate × base rounded half-up to centavos', () => {
    // 8,577.15 × 2.5 % = 214.42875 → 214.43; 5,718.10 × 2.5 % = 142.9525 → 142.95; 100.10 × 2.5 % = 2.5025 → 2.50
    expect([statePayrollTax('8577.15', '2.50'), statePayrollTax('5718.10', '2.5'), statePayrollTax('100.10', '2.5'), statePayrollTax('0', '3')]).toEqual(['214.43', '142.95', '2.50', '0.00']);
  });
});

describe('bimesters and totals', () => {
  it('bimester n covers months 2n−1 and 2n', () => {
    expect([1, 2, 3, 4, 5, 6].map(bimesterMonths)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
      [11, 12],
    ]);
  });
  it('adds each column exactly', () => {
    expect(totalsOf([{ a: '0.10', b: '1' }, { a: '0.20', b: '2.005' }], ['a', 'b'])).toEqual({ a: '0.30', b: '3.01' });
  });
});
