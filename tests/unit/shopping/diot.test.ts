// DIOT lines and TXT (schema/shopping/diot.ts): shares of partial payments, rounding to whole
// pesos once per line, tipo de tercero from the RFC, the 24 fields in the layout's order.
import { describe, expect, it } from 'vitest';
import { diotFields, diotLines, diotThirdPartyType, diotTxt, isDiotMonth, type DiotPaidShare } from '../../../schema/shopping/diot';

const share = (over: Partial<DiotPaidShare>): DiotPaidShare => ({
  supplierId: 1, supplierRfc: 'AAA010101AAA', supplierName: 'Alfa', operation: '85', applied: '116', total: '116', subtotal: '100', ivaRate: '0.16', ivaExempt: false, ivaRetention: '0', ...over,
});

describe('diotLines', () => {
  it('sums shares at full precision and rounds once: two halves of 0.50 make 1 peso, not 2', () => {
    // 0.25 + 0.25 = 0.50 → 1 (half up); rounding each share first would give 0 + 0.
    const lines = diotLines([share({ applied: '0.25', total: '0.25', subtotal: '0.25', ivaRate: '0' }), share({ applied: '0.25', total: '0.25', subtotal: '0.25', ivaRate: '0' })]);
    expect(lines.map((l) => [l.base0, l.paid])).toEqual([['1', '0.50']]);
  });

  it('a partial payment pays its share of base and IVA retenido; 8 % and exento go to their own fields', () => {
    // 11,600 expense (10,000 + 1,600 IVA), IVA retenido 1,066.67; 5,800 paid = half: base 5,000, retenido 533.335 → 533.
    const [l] = diotLines([
      share({ applied: '5800', total: '11600', subtotal: '10000', ivaRetention: '1066.67' }),
      share({ applied: '1080', total: '1080', subtotal: '1000', ivaRate: '0.08' }),
      share({ applied: '300', total: '300', subtotal: '300', ivaRate: '0', ivaExempt: true }),
    ]);
    expect([l.base16, l.base8, l.base0, l.exempt, l.ivaRetained]).toEqual(['5000', '1000', '0', '300', '533']);
    expect(diotFields(l)).toEqual(['04', '85', 'AAA010101AAA', '', '', '', '', '5000', '', '', '', '', '1000', '', '', '', '', '', '', '', '', '300', '533', '']);
  });

  it('separates operation types of one supplier and names a foreign supplier instead of an RFC', () => {
    const lines = diotLines([share({ operation: '03' }), share({ operation: '06' }), share({ supplierId: 2, supplierRfc: 'XEXX010101000', supplierName: 'Acme Inc' })]);
    expect(lines.map((l) => [l.thirdPartyType, l.operation, l.rfc])).toEqual([
      ['04', '03', 'AAA010101AAA'],
      ['04', '06', 'AAA010101AAA'],
      ['05', '85', 'XEXX010101000'],
    ]);
    expect(diotFields(lines[2]).slice(0, 5)).toEqual(['05', '85', '', '', 'ACME INC']);
    expect(diotTxt(lines).split('\r\n')).toHaveLength(4);
  });
});

describe('DIOT helpers', () => {
  it('tipo de tercero and the month', () => {
    expect([diotThirdPartyType('AAA010101AAA'), diotThirdPartyType('xexx010101000'), diotThirdPartyType('XAXX010101000')]).toEqual(['04', '05', '15']);
    expect(['2026-11', '2026-13', '2026-1', ''].map(isDiotMonth)).toEqual([true, false, false, false]);
  });
});
