// Nota de crédito (CFDI 4.0 tipo E, Egreso) of a stamped invoice: the fixed SAT values and the
// defaults both sides use. Pure: the SPA previews with the same rules the server applies.
//
// SAT's Guía de llenado del CFDI 4.0 (Anexo 20): an egreso related to the invoice it reduces
// carries CfdiRelacionados TipoRelacion 01 ("Nota de crédito de los documentos relacionados")
// with the invoice's UUID, MetodoPago PUE, UsoCFDI G02 ("Devoluciones, descuentos o
// bonificaciones"; S01 for público en general), and the FormaPago with which the discount or
// bonus is settled: the invoice's own when it was paid with one, 15 Condonación when the invoice
// was PPD (99: nothing to return, the debt is forgiven). A discount or bonus concept uses
// ClaveProdServ 84111506 "Servicios de facturación" with ClaveUnidad ACT (actividad); a return
// repeats the invoice's concept with its own keys. Taxes: the same rates as the invoice.
import { computeTotals, type DocumentTotals, type TaxRates, type TotalsLineInput } from './totals';

export const CREDIT_NOTE_SERIE = 'NC';
export const CREDIT_NOTE_TIPO_RELACION = '01';
export const CREDIT_NOTE_USO = 'G02';
export const CREDIT_NOTE_USO_GENERIC = 'S01';
export const CREDIT_NOTE_METODO = 'PUE';
/** 15 Condonación: the debt of a PPD invoice (forma 99) is forgiven, no money goes back. */
export const CREDIT_NOTE_FORMA_PPD = '15';
export const BONUS_PROD_SERV = '84111506';
export const BONUS_UNIT = { key: 'ACT', name: 'Actividad' } as const;

/** The FormaPago a credit note of this invoice carries unless the user chooses another (never 99). */
export const defaultCreditNoteForma = (invoiceForma: string): string => (invoiceForma === '99' ? CREDIT_NOTE_FORMA_PPD : invoiceForma);

/** UsoCFDI of the receptor of an egreso: G02, or S01 for the generic RFCs. */
export const creditNoteUso = (receptorRfc: string): string =>
  ['XAXX010101000', 'XEXX010101000'].includes(receptorRfc.toUpperCase()) ? CREDIT_NOTE_USO_GENERIC : CREDIT_NOTE_USO;

/** The invoice's rates: a credit note never changes the tax treatment of what it reduces. */
export type InvoiceRates = { ivaRate: string; ivaFactor?: string | null; isrRetentionRate: string; ivaRetentionRate: string };
export const creditNoteRates = (invoice: InvoiceRates): TaxRates => ({
  iva: invoice.ivaRate,
  ivaFactor: invoice.ivaFactor === 'Exento' ? 'Exento' : 'Tasa',
  isrRetention: invoice.isrRetentionRate,
  ivaRetention: invoice.ivaRetentionRate,
});

export function creditNoteTotals(lines: TotalsLineInput[], invoice: InvoiceRates): DocumentTotals {
  return computeTotals(lines, creditNoteRates(invoice)).totals;
}
