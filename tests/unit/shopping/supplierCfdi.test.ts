// A supplier's CFDI fills an expense (rates that reproduce its amounts) and what the expense says
// differently, figures written by hand.
import { describe, expect, it } from 'vitest';
import { cfdiDifferences, expenseFromCfdi, type CfdiFigures } from '../../../schema/shopping/supplierCfdi';

const cfdi: CfdiFigures = {
  emisorRfc: 'EKU9003173C9', serie: 'A', folio: '101', fecha: '2026-11-20T10:15:00',
  subtotal: '2469.12', descuento: '0', iva: '395.06', ivaRate: '0.16', isrRetention: '0.00', ivaRetention: '0.00', total: '2864.18',
};

describe('expenseFromCfdi', () => {
  it('serie, folio, the day of Fecha, the base and the rates that give its amounts', () => {
    expect(expenseFromCfdi(cfdi)).toEqual({ invoiceSerie: 'A', invoiceFolio: '101', date: '2026-11-20', subtotal: '2469.12', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0', unmatched: [] });
  });

  it('honorarios: 10,000.00 + IVA 1,600.00 − ISR 1,000.00 − IVA 2/3 1,066.67 = 9,533.33; the discount lowers the base', () => {
    const h = { ...cfdi, subtotal: '10500.00', descuento: '500.00', iva: '1600.00', isrRetention: '1000.00', ivaRetention: '1066.67', total: '9533.33' };
    // 10,000 × 0.106667 = 1,066.67; × 0.10 = 1,000.00.
    expect(expenseFromCfdi(h)).toMatchObject({ subtotal: '10000.00', ivaRate: '0.16', isrRetentionRate: '0.10', ivaRetentionRate: '0.106667', unmatched: [] });
  });

  it('an amount no allowed rate gives is reported, and the expense then differs', () => {
    const odd = { ...cfdi, ivaRate: null, iva: '100.00', isrRetention: '7.00', total: '2562.12' };
    const values = expenseFromCfdi(odd);
    expect(values).toMatchObject({ ivaRate: '0', isrRetentionRate: '0', unmatched: ['IVA', 'ISR retenido'] });
    // The expense as filled: 2,469.12, IVA 0, no retentions, total 2,469.12.
    expect(cfdiDifferences(odd, { supplierRfc: 'eku9003173c9', subtotal: '2469.12', iva: '0.00', isrRetention: '0.00', ivaRetention: '0.00', total: '2469.12' })).toEqual([
      'IVA: el CFDI dice $100.00; el gasto, $0.00.',
      'ISR retenido: el CFDI dice $7.00; el gasto, $0.00.',
      'Total: el CFDI dice $2,562.12; el gasto, $2,469.12.',
    ]);
  });

  it('another supplier is a difference too', () => {
    expect(cfdiDifferences(cfdi, { supplierRfc: 'URE180429TM6', subtotal: '2469.12', iva: '395.06', isrRetention: '0', ivaRetention: '0', total: '2864.18' })).toEqual([
      'RFC del emisor: el CFDI es de EKU9003173C9; el proveedor del gasto es URE180429TM6.',
    ]);
  });
});
