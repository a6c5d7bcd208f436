import { describe, expect, it } from 'vitest';
import { computeTotals, ivaKindOf, ivaRetentionKindOf, lineTotals, retentionRates, taxChoiceErrors } from '../../../schema/sales/totals';

const NO_RET = { iva: '0.160000', isrRetention: '0', ivaRetention: '0' };
const FULL_RET = { iva: '0.160000', isrRetention: '0.100000', ivaRetention: '0.106667' };

describe('CFDI totals', () => {
  it('3 × 1,234.56 with IVA, ISR 10 % and IVA retained 2/3 gives 3,530.84', () => {
    const { totals, lines } = computeTotals([{ quantity: '3', unitPrice: '1234.56' }], FULL_RET);
    expect(lines[0]).toEqual({ amount: '3703.680000', discount: '0.000000', base: '3703.680000', iva: '592.588800', isrRetained: '370.368000', ivaRetained: '395.060435' });
    expect(totals).toEqual({ subtotal: '3703.68', discount: '0.00', taxBase: '3703.68', iva: '592.59', isrRetained: '370.37', ivaRetained: '395.06', total: '3530.84' });
  });

  it('rounds once at the end, not per line', () => {
    // Three lines of 0.125 IVA each (base 0.78125): per-line rounding would give 3 × 0.13 = 0.39; full precision 0.375 → 0.38.
    const line = { quantity: '1', unitPrice: '0.78125' };
    const { totals } = computeTotals([line, line, line], NO_RET);
    expect(totals.iva).toBe('0.38');
    // Subtotal 2.34375 → 2.34; total = 2.34 + 0.38
    expect(totals).toMatchObject({ subtotal: '2.34', total: '2.72' });
  });

  it('applies the discount percent before taxes and leaves "01" lines untaxed', () => {
    const { totals, lines } = computeTotals(
      [
        { quantity: '2.5', unitPrice: '99.99', discountPercent: '5' },
        { quantity: '1', unitPrice: '350', objetoImp: '01' },
      ],
      FULL_RET,
    );
    expect(lines[0]).toMatchObject({ amount: '249.975000', discount: '12.498750', base: '237.476250', iva: '37.996200', isrRetained: '23.747625' });
    expect(lines[1]).toMatchObject({ base: '350.000000', iva: '0.000000', isrRetained: '0.000000', ivaRetained: '0.000000' });
    // Subtotal 599.975 → 599.98; discount 12.50; IVA 38.00; ISR 23.75; IVA ret 25.330600… → 25.33
    expect(totals).toEqual({ subtotal: '599.98', discount: '12.50', taxBase: '237.48', iva: '38.00', isrRetained: '23.75', ivaRetained: '25.33', total: '576.40' });
  });

  it('treats empty or malformed numbers as zero instead of throwing (live form preview)', () => {
    expect(lineTotals({ quantity: '', unitPrice: 'abc' }, NO_RET).amount).toBe('0.000000');
    expect(computeTotals([], NO_RET).totals.total).toBe('0.00');
  });
});

describe('retention rule (MX_FISCAL.md)', () => {
  it('persona física emisor → persona moral receptor withholds ISR 10 % and 2/3 of IVA', () => {
    expect(retentionRates({ personType: 'fisica', regimenFiscal: '612' }, 'moral')).toEqual({ iva: '0.160000', ivaFactor: 'Tasa', isrRetention: '0.100000', ivaRetention: '0.106667' });
  });
  it('RESICO (626) withholds ISR 1.25 %', () => {
    expect(retentionRates({ personType: 'fisica', regimenFiscal: '626' }, 'moral').isrRetention).toBe('0.012500');
  });
  it('no withholding to a persona física or público en general, nor from a persona moral', () => {
    expect(retentionRates({ personType: 'fisica', regimenFiscal: '612' }, 'fisica')).toMatchObject({ isrRetention: '0.000000', ivaRetention: '0.000000' });
    expect(retentionRates({ personType: 'fisica', regimenFiscal: '612' }, 'generico')).toMatchObject({ isrRetention: '0.000000', ivaRetention: '0.000000' });
    expect(retentionRates({ personType: 'moral', regimenFiscal: '601' }, 'moral')).toMatchObject({ isrRetention: '0.000000', ivaRetention: '0.000000' });
  });
  it('the user choice overrides the rule either way', () => {
    expect(retentionRates({ personType: 'moral', regimenFiscal: '601' }, 'moral', { isr: true, iva: null })).toMatchObject({ isrRetention: '0.100000', ivaRetention: '0.000000' });
    expect(retentionRates({ personType: 'fisica', regimenFiscal: '612' }, 'moral', { isr: false, iva: true })).toMatchObject({ isrRetention: '0.000000', ivaRetention: '0.106667' });
  });
});

describe('IVA kinds and the 6 % IVA retention', () => {
  const fisica = { personType: 'fisica' as const, regimenFiscal: '612' };
  const moral = { personType: 'moral' as const, regimenFiscal: '601' };

  it('8 % frontera: two thirds are 5.3333 %; 6 % retention is 6 % of the base', () => {
    expect(retentionRates(fisica, 'moral', { ivaKind: 'TASA_8' })).toEqual({ iva: '0.080000', ivaFactor: 'Tasa', isrRetention: '0.100000', ivaRetention: '0.053333' });
    expect(retentionRates(moral, 'moral', { ivaKind: 'TASA_16', iva: true, ivaRetentionKind: 'SEIS' })).toMatchObject({ iva: '0.160000', ivaRetention: '0.060000' });
    // 1,000.00 at 16 % with 6 % withheld: 1,000 + 160 − 60 = 1,100.00.
    expect(computeTotals([{ quantity: '1', unitPrice: '1000' }], retentionRates(moral, 'moral', { iva: true, ivaRetentionKind: 'SEIS' })).totals).toMatchObject({ iva: '160.00', ivaRetained: '60.00', total: '1100.00' });
  });

  it('0 % and exento: no IVA, and the rule withholds no IVA of them (ISR still)', () => {
    expect(retentionRates(fisica, 'moral', { ivaKind: 'TASA_0' })).toEqual({ iva: '0.000000', ivaFactor: 'Tasa', isrRetention: '0.100000', ivaRetention: '0.000000' });
    expect(retentionRates(fisica, 'moral', { ivaKind: 'EXENTO' })).toEqual({ iva: '0.000000', ivaFactor: 'Exento', isrRetention: '0.100000', ivaRetention: '0.000000' });
  });

  it('refuses an IVA retention without IVA (0 % or exento) and a kind with no 02 line; ISR on exento stands', () => {
    const taxed = [{ objetoImp: '02' }];
    expect(taxChoiceErrors({ ivaKind: 'EXENTO', iva: true }, taxed)).toEqual({ ivaRetention: 'Una factura exenta de IVA no lleva retención de IVA.' });
    expect(taxChoiceErrors({ ivaKind: 'TASA_0', iva: true, ivaRetentionKind: 'SEIS' }, taxed)).toEqual({ ivaRetention: 'Con IVA 0 % no hay IVA que retener: quita la retención de IVA.' });
    expect(taxChoiceErrors({ ivaKind: 'EXENTO' }, [{ objetoImp: '03' }, { objetoImp: '04' }])).toEqual({ ivaKind: 'El tipo de IVA se aplica a renglones «Sí objeto de impuesto» (02) y ningún renglón lo es.' });
    expect(taxChoiceErrors({ ivaKind: 'TASA_8', iva: true, ivaRetentionKind: 'SEIS' }, taxed)).toEqual({});
    expect(taxChoiceErrors({ ivaKind: 'EXENTO', isr: true }, taxed)).toEqual({});
  });

  it('kinds read back from the stored rate and factor', () => {
    expect([ivaKindOf('0.160000', 'Tasa'), ivaKindOf('0.080000', 'Tasa'), ivaKindOf('0.000000', 'Tasa'), ivaKindOf('0.000000', 'Exento')]).toEqual(['TASA_16', 'TASA_8', 'TASA_0', 'EXENTO']);
    expect([ivaRetentionKindOf('0'), ivaRetentionKindOf('0.106667'), ivaRetentionKindOf('0.060000')]).toEqual([null, 'DOS_TERCIOS', 'SEIS']);
  });
});
