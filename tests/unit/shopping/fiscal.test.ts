import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate } from '../../../schema/dates';
import { formatMxn } from '../../../schema/money';
import { catalogName, REGIMENES_FISCALES } from '../../../schema/sat';
import { agingBucket, computeExpenseTotals, dueDateFor } from '../../../schema/shopping/fiscal';

describe('expense totals (MX_FISCAL: full precision, round half-up at the end)', () => {
  it('taxes are computed on the unrounded base of the lines', () => {
    // Base 3 × 33.3333 + 2.5 × 10.005 = 125.0124; IVA 20.001984 → 20.00
    const t = computeExpenseTotals({ lines: [{ quantity: '3', unitPrice: '33.3333' }, { quantity: '2.5', unitPrice: '10.005' }], ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' });
    expect(t).toEqual({ lineAmounts: ['100.00', '25.01'], subtotal: '125.01', iva: '20.00', isrRetention: '0.00', ivaRetention: '0.00', total: '145.01' });
  });

  it('half-up: 0.125 → 0.13, not banker’s rounding', () => {
    // 0.78125 × 0.16 = 0.125
    expect(computeExpenseTotals({ subtotal: '0.78125', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' })).toMatchObject({ subtotal: '0.78', iva: '0.13', total: '0.91' });
  });

  it('honorarios of a persona física: ISR 10 % and IVA retenido 2/3', () => {
    const t = computeExpenseTotals({ subtotal: '6500', ivaRate: '0.16', isrRetentionRate: '0.10', ivaRetentionRate: '0.106667' });
    expect(t).toMatchObject({ iva: '1040.00', isrRetention: '650.00', ivaRetention: '693.34', total: '6196.66' });
  });

  it('total = subtotal + IVA − retenciones of the rounded figures', () => {
    for (const subtotal of ['0.01', '99.99', '1234.565', '100000.005']) {
      const t = computeExpenseTotals({ subtotal, ivaRate: '0.08', isrRetentionRate: '0.0125', ivaRetentionRate: '0.04' });
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(cents(t.total)).toBe(cents(t.subtotal) + cents(t.iva) - cents(t.isrRetention) - cents(t.ivaRetention));
    }
  });
});

describe('dates and aging buckets', () => {
  it('due date = invoice date + credit days (month and leap-year boundaries)', () => {
    expect(dueDateFor('2019-01-20', 45)).toBe('2019-03-06');
    expect(dueDateFor('2024-02-15', 15)).toBe('2024-03-01');
    expect(dueDateFor('2023-12-31', 0)).toBe('2023-12-31');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2019-02-09', '2019-06-30')).toBe(141);
  });

  it('bucket edges: due today is corriente; 30 → 1–30; 31 → 31–60; 90 → 61–90; 91 → >90', () => {
    const due = '2019-05-01';
    expect(agingBucket(due, '2019-04-30')).toBe('current');
    expect(agingBucket(due, '2019-05-01')).toBe('current');
    expect(agingBucket(due, '2019-05-02')).toBe('d1to30');
    expect(agingBucket(due, '2019-05-31')).toBe('d1to30');
    expect(agingBucket(due, '2019-06-01')).toBe('d31to60');
    expect(agingBucket(due, '2019-06-30')).toBe('d31to60');
    expect(agingBucket(due, '2019-07-01')).toBe('d61to90');
    expect(agingBucket(due, '2019-07-30')).toBe('d61to90');
    expect(agingBucket(due, '2019-07-31')).toBe('over90');
  });
});

describe('catalogues and formats', () => {
  it('the shared régimen fiscal catalogue keeps every code Compras offered, with Spanish names', () => {
    const codes = REGIMENES_FISCALES.map((r) => r.code);
    for (const code of ['601', '603', '605', '606', '612', '616', '621', '625', '626']) expect(codes).toContain(code);
    expect(catalogName(REGIMENES_FISCALES, '626')).toBe('Régimen Simplificado de Confianza');
  });

  it('money in messages and ISO dates', () => {
    expect(formatMxn('1234567.5')).toBe('$1,234,567.50');
    expect(formatMxn('-0.5')).toBe('-$0.50');
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-2-01')).toBe(false);
  });
});
