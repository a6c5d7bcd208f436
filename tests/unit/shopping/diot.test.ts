// DIOT lines and TXT (schema/shopping/diot.ts): shares of partial payments, rounding to whole
// pesos once per line, tipo de tercero from the RFC, the 24 fields of the classic layout (periods
// up to 2024) and the 54 fields of the 2025 layout (periods from January 2025), each in its order.
import { describe, expect, it } from 'vitest';
import { diotFields, diotFields2025, diotLayoutFor, diotLines, diotThirdPartyType, diotTxt, isDiotMonth, type DiotPaidShare } from '../../../schema/shopping/diot';

const share = (over: Partial<DiotPaidShare>): DiotPaidShare => ({
  supplierId: 1, supplierRfc: 'AAA010101AAA', supplierName: 'Alfa', operation: '85', applied: '116', total: '116', subtotal: '100', iva: '16', ivaRate: '0.16', ivaExempt: false, ivaRetention: '0', ...over,
});

describe('diotLines', () => {
  it('sums shares at full precision and rounds once: two halves of 0.50 make 1 peso, not 2', () => {
    // 0.25 + 0.25 = 0.50 → 1 (half up); rounding each share first would give 0 + 0.
    const lines = diotLines([share({ applied: '0.25', total: '0.25', subtotal: '0.25', iva: '0', ivaRate: '0' }), share({ applied: '0.25', total: '0.25', subtotal: '0.25', iva: '0', ivaRate: '0' })]);
    expect(lines.map((l) => [l.base0, l.paid])).toEqual([['1', '0.50']]);
  });

  it('a partial payment pays its share of base and IVA retenido; 8 % and exento go to their own fields', () => {
    // 11,600 expense (10,000 + 1,600 IVA), IVA retenido 1,066.67; 5,800 paid = half: base 5,000, retenido 533.335 → 533.
    const [l] = diotLines([
      share({ applied: '5800', total: '11600', subtotal: '10000', iva: '1600', ivaRetention: '1066.67' }),
      share({ applied: '1080', total: '1080', subtotal: '1000', iva: '80', ivaRate: '0.08' }),
      share({ applied: '300', total: '300', subtotal: '300', iva: '0', ivaRate: '0', ivaExempt: true }),
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

describe('the 2025 layout (54 fields)', () => {
  // A month of 2026 with the same kind of data as the classic test above and as the API test:
  //   Alfa (04|85|DAA150101AB1): 10,000.00 at 16 % (IVA 1,600.00) paid whole; 2,500.50 at 0 % paid whole;
  //     1,000.00 at 8 % (IVA 80.00, total 1,080.00) half paid (540.00): base 500, IVA 40.
  //   González (04|03|GOLR800101AB3): 3,000.00 exento, a third paid (1,000.00) → exento 1,000;
  //     5,000.00 at 16 % (IVA 800.00), ISR retenido 500.00, IVA retenido 533.34, total 4,766.66 paid whole.
  const alfa = [
    share({ applied: '11600', total: '11600', subtotal: '10000', iva: '1600' }),
    share({ applied: '2500.50', total: '2500.50', subtotal: '2500.50', iva: '0', ivaRate: '0' }),
    share({ applied: '540', total: '1080', subtotal: '1000', iva: '80', ivaRate: '0.08' }),
  ].map((x) => ({ ...x, supplierRfc: 'DAA150101AB1', supplierName: 'Distribuidora Alfa' }));
  const gonzalez = [
    share({ applied: '1000', total: '3000', subtotal: '3000', iva: '0', ivaRate: '0', ivaExempt: true }),
    share({ applied: '4766.66', total: '4766.66', subtotal: '5000', iva: '800', ivaRetention: '533.34' }),
  ].map((x) => ({ ...x, supplierId: 2, supplierRfc: 'GOLR800101AB3', supplierName: 'Rocío González', operation: '03' as const }));

  it('writes each figure in its field: 53 separators a line, manifiesto 01', () => {
    const [a, g] = diotLines([...alfa, ...gonzalez]);
    expect([a.base16, a.iva16, a.base8, a.iva8, a.base0, a.exempt, a.ivaRetained]).toEqual(['10000', '1600', '500', '40', '2501', '0', '0']);
    expect([g.base16, g.iva16, g.base8, g.iva8, g.base0, g.exempt, g.ivaRetained]).toEqual(['5000', '800', '0', '0', '0', '1000', '533']);
    // Alfa, by field (1-based): 1 04, 2 85, 3 RFC, 4–7 empty, 8 RFN 500, 9–11 empty, 12 16 % 10000,
    // 13–17 empty, 18 IVA acreditable RFN 40, 19–21 empty, 22 IVA acreditable 16 % 1600, 23–50 empty
    // (28 fields: 29 separators), 51 tasa 0 % 2501, 52–53 empty, 54 manifiesto 01.
    // Separators: 2 + 5 + 4 + 6 + 4 + 29 + 3 = 53.
    const lineA = `04|85|DAA150101AB1|||||500||||10000||||||40||||1600${'|'.repeat(29)}2501|||01`;
    // González: 1 04, 2 03, 3 RFC, 4–11 empty (8 fields: 9 separators), 12 16 % 5000, 13–21 empty
    // (9: 10 separators), 22 IVA acreditable 16 % 800, 23–47 empty (25: 26 separators), 48 IVA retenido 533,
    // 49 empty, 50 exento 1000, 51–53 empty, 54 01. Separators: 2 + 9 + 10 + 26 + 2 + 4 = 53.
    const lineG = `04|03|GOLR800101AB3${'|'.repeat(9)}5000${'|'.repeat(10)}800${'|'.repeat(26)}533||1000||||01`;
    expect([...lineA].filter((c) => c === '|')).toHaveLength(53);
    expect([...lineG].filter((c) => c === '|')).toHaveLength(53);
    expect(diotFields2025(a).join('|')).toBe(lineA);
    expect(diotFields2025(g).join('|')).toBe(lineG);
    expect(diotTxt([a, g], 'BATCH_54')).toBe(`${lineA}\r\n${lineG}\r\n`);
    // The same lines in the classic layout keep 24 fields and no IVA acreditable.
    expect(diotTxt([a, g]).split('\r\n')[0]).toBe('04|85|DAA150101AB1|||||10000|||||500||||||||2501|||');
  });

  it('a foreign supplier: no RFC, its name, 16 % as import of intangibles and services (16, 26), exento as exempt import (49)', () => {
    const [l] = diotLines([
      share({ supplierRfc: 'XEXX010101000', supplierName: 'Acme Inc', applied: '1160', total: '1160', subtotal: '1000', iva: '160' }),
      share({ supplierRfc: 'XEXX010101000', supplierName: 'Acme Inc', applied: '200', total: '200', subtotal: '200', iva: '0', ivaRate: '0', ivaExempt: true }),
    ]);
    const f = diotFields2025(l);
    expect(f).toHaveLength(54);
    expect(f.slice(0, 7)).toEqual(['05', '85', '', '', 'ACME INC', '', '']);
    // Only fields 16 (1000), 26 (160), 49 (200) and 54 (01) carry a figure after the identification.
    expect(Object.fromEntries(f.map((v, i) => [i + 1, v]).filter(([i, v]) => Number(i) > 7 && v !== ''))).toEqual({ 16: '1000', 26: '160', 49: '200', 54: '01' });
  });

  it('the layout follows the period: up to December 2024 the classic one, from January 2025 the new one', () => {
    expect(['2019-03', '2024-12', '2025-01', '2026-11'].map(diotLayoutFor)).toEqual(['CLASSIC_24', 'CLASSIC_24', 'BATCH_54', 'BATCH_54']);
  });
});

describe('DIOT helpers', () => {
  it('tipo de tercero and the month', () => {
    expect([diotThirdPartyType('AAA010101AAA'), diotThirdPartyType('xexx010101000'), diotThirdPartyType('XAXX010101000')]).toEqual(['04', '05', '15']);
    expect(['2026-11', '2026-13', '2026-1', ''].map(isDiotMonth)).toEqual([true, false, false, false]);
  });
});
