// The payment complement's figures, worked out by hand: taxes in proportion to what was paid,
// retentions included, and the generic RFC's fiscal address (the Lugar de Expedición).
import { describe, expect, it } from 'vitest';
import { buildPaymentCfdiXml, documentTaxes, type RepDocument } from '../../../server/modules/sales/paymentCfdi';
import { receptorPostalCode } from '../../../server/modules/sales/cfdi';

// A persona física's invoice to a moral: base 10,000.00; IVA 16 % 1,600.00; ISR 10 % 1,000.00;
// IVA retained 2/3 of 16 % = 1,066.67; Total = 10,000 + 1,600 − 1,000 − 1,066.67 = 9,533.33.
const invoice = { total: '9533.33', base: '10000.00', ivaRate: '0.160000', iva: '1600.00', isrRetentionRate: '0.100000', isrRetained: '1000.00', ivaRetentionRate: '0.106667', ivaRetained: '1066.67' };
const doc: RepDocument = { uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF', serie: 'A', folio: 7, installment: 1, previousBalance: '9533.33', paid: '4000.00', remaining: '5533.33', invoice };
const parties = {
  emisor: { rfc: 'GOMA800101AB1', name: 'ANA GOMEZ MARTINEZ', regimen: '612', postalCode: '42501' },
  receptor: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimen: '601', postalCode: '86991' },
};

describe('payment complement figures', () => {
  it('a partial payment carries each tax × paid / total, rounded to cents', () => {
    // p = 4,000.00 / 9,533.33: base 4,195.8056… → 4,195.81; IVA 671.3289… → 671.33; ISR 419.5805… → 419.58; IVA ret. 447.5540… → 447.55.
    const { traslados, retenciones } = documentTaxes(doc);
    expect(traslados.map((t) => [t.impuesto, t.base.toFixed(2), t.amount.toFixed(2)])).toEqual([['002', '4195.81', '671.33']]);
    expect(retenciones.map((t) => [t.impuesto, t.rate, t.amount.toFixed(2)])).toEqual([['001', '0.100000', '419.58'], ['002', '0.106667', '447.55']]);
  });

  it('the Pago sums its documents and the Totales name each tax', () => {
    const xml = buildPaymentCfdiXml({ serie: 'CP', folio: 3, issuedAt: new Date('2026-11-27T18:00:00Z'), paymentDate: '2026-11-26', formaPago: '03', parties, documents: [doc] });
    expect(xml).toContain('Fecha="2026-11-27T12:00:00"');
    expect(xml).toContain('<pago20:Totales TotalRetencionesISR="419.58" TotalRetencionesIVA="447.55" TotalTrasladosBaseIVA16="4195.81" TotalTrasladosImpuestoIVA16="671.33" MontoTotalPagos="4000.00"/>');
    expect(xml).toContain('<pago20:RetencionesP><pago20:RetencionP ImpuestoP="001" ImporteP="419.58"/><pago20:RetencionP ImpuestoP="002" ImporteP="447.55"/></pago20:RetencionesP>');
    expect(xml).toContain('ImpSaldoAnt="9533.33" ImpPagado="4000.00" ImpSaldoInsoluto="5533.33" ObjetoImpDR="02"');
  });

  it('an invoice without taxed lines is ObjetoImpDR 01 with no taxes', () => {
    const untaxed = { ...doc, invoice: { ...invoice, base: '0', iva: '0', isrRetentionRate: '0', ivaRetentionRate: '0' } };
    expect(documentTaxes(untaxed)).toEqual({ traslados: [], retenciones: [] });
    const xml = buildPaymentCfdiXml({ serie: 'CP', folio: 4, issuedAt: new Date(), paymentDate: '2026-11-26', formaPago: '03', parties, documents: [untaxed] });
    expect(xml).toContain('ObjetoImpDR="01"></pago20:DoctoRelacionado>');
    expect(xml).not.toContain('ImpuestosP');
  });

  it('público en general and extranjero take the Lugar de Expedición as DomicilioFiscalReceptor', () => {
    expect(receptorPostalCode(parties)).toBe('86991');
    expect(receptorPostalCode({ ...parties, receptor: { ...parties.receptor, rfc: 'XAXX010101000' } })).toBe('42501');
    expect(receptorPostalCode({ ...parties, receptor: { ...parties.receptor, rfc: 'XEXX010101000' } })).toBe('42501');
  });
});
