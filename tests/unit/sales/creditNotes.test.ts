// Nota de crédito rules (schema/sales/creditNotes) and its CFDI shape: tipo E, CfdiRelacionados 01
// before the Emisor, the invoice's own rates — retentions included — with figures worked by hand.
import { describe, expect, it } from 'vitest';
import { buildCfdiXml } from '../../../server/modules/sales/cfdi';
import { computeTotals } from '../../../schema/sales/totals';
import { creditNoteRates, creditNoteTotals, creditNoteUso, defaultCreditNoteForma } from '../../../schema/sales/creditNotes';

// A persona física's invoice to a persona moral: IVA 16 %, ISR retained 10 %, IVA retained 2/3 of 16 %.
const rates = { ivaRate: '0.160000', ivaFactor: 'Tasa' as const, isrRetentionRate: '0.100000', ivaRetentionRate: '0.106667' };
const bonus = { description: 'Bonificación sobre la factura A-7', prodServKey: '84111506', unitKey: 'ACT', unitName: 'Actividad', quantity: '1', unitPrice: '1000', discountPercent: '0', objetoImp: '02' };

describe('credit note rules', () => {
  it('forma de pago: the invoice’s own, or 15 Condonación for a PPD (99) one; uso G02, S01 for the generic RFCs', () => {
    expect(defaultCreditNoteForma('03')).toBe('03');
    expect(defaultCreditNoteForma('99')).toBe('15');
    expect(creditNoteUso('URE180429TM6')).toBe('G02');
    expect(creditNoteUso('XAXX010101000')).toBe('S01');
  });

  it('the invoice’s rates: 1,000.00 + IVA 160.00 − ISR 100.00 − IVA ret. 106.67 = 953.33', () => {
    // 1,000 × 0.106667 = 106.667 → 106.67.
    expect(creditNoteTotals([bonus], rates)).toMatchObject({ subtotal: '1000.00', iva: '160.00', isrRetained: '100.00', ivaRetained: '106.67', total: '953.33' });
  });

  it('the XML is tipo E, relates the invoice’s UUID with 01 before the Emisor, and carries the retentions', async () => {
    const { lines, totals } = computeTotals([bonus], creditNoteRates(rates));
    expect(totals.total).toBe('953.33');
    const xml = await buildCfdiXml(
      { serie: 'NC', folio: 3, date: '2026-11-27', emittedAt: new Date('2026-11-27T18:00:00Z'), formaPago: '15', metodoPago: 'PUE', usoCfdi: 'G02', cancelReason: null, status: 'vigente', ...rates },
      lines.map((l) => ({ ...bonus, ...l })),
      {
        emisor: { rfc: 'GOMA800101AB1', name: 'ANA GOMEZ MARTINEZ', regimen: '612', postalCode: '42501' },
        receptor: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimen: '601', postalCode: '86991' },
      },
      { sealed: true, tipo: 'E', relacionados: { tipoRelacion: '01', uuids: ['5FB2822E-396D-4725-8521-CDC4BDD20CCF'] } },
    );
    expect(xml).toMatch(/TipoDeComprobante="E"/);
    expect(xml).toMatch(/Fecha="2026-11-27T12:00:00" FormaPago="15" SubTotal="1000.00" Moneda="MXN" Total="953.33"/);
    expect(xml).toMatch(/<cfdi:CfdiRelacionados TipoRelacion="01">\s*<cfdi:CfdiRelacionado UUID="5FB2822E-396D-4725-8521-CDC4BDD20CCF"\/>\s*<\/cfdi:CfdiRelacionados>\s*<cfdi:Emisor/);
    expect(xml).toContain('UsoCFDI="G02"');
    expect(xml).toContain('<cfdi:Impuestos TotalImpuestosRetenidos="206.67" TotalImpuestosTrasladados="160.00">');
    expect(xml).toContain('<cfdi:Retencion Impuesto="001" Importe="100.00"/>');
    expect(xml).toContain('<cfdi:Retencion Impuesto="002" Importe="106.67"/>');
    expect(xml).not.toContain('<!--');
  });
});
