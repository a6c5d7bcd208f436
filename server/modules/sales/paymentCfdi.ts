// The payment complement (CFDI 4.0 tipo P with Pagos 2.0, "REP") of a client payment applied to
// PPD invoices: one Pago covering every stamped PPD invoice the payment settles, each a
// DoctoRelacionado with its parcialidad, previous balance, amount paid and remaining balance,
// and the invoice's taxes in proportion to what was paid.
//
// Figures: for each document, in ITS currency (MonedaDR), p = ImpPagado / the invoice's Total;
// BaseDR = the invoice's taxed base × p and ImporteDR = each tax of the invoice × p, rounded
// half-up to 2 decimals (the currency's decimals). EquivalenciaDR = units of MonedaDR per unit of
// MonedaP (1 when they are the same), so each document's figures in the payment's currency are
// its figures / EquivalenciaDR: Monto = Σ ImpPagado / EquivalenciaDR (each rounded to cents) and
// ImpuestosP = Σ BaseDR (ImporteDR) / EquivalenciaDR, rounded at the end. Totales are in pesos:
// the Pago's figures × TipoCambioP (1 for MXN), half-up to cents.
import { dec, Decimal } from '../../../schema/money';
import { cfdiLocalTime } from '../../lib/cfdi/time';
import { escapeAttr } from '../../lib/cfdi/xml';
import { receptorPostalCode, type CfdiParties } from './cfdi';
import { cfdiRate, inPaymentCurrency } from '../../../schema/sales/currency';

export type RepDocument = {
  uuid: string;
  serie: string;
  folio: number;
  installment: number;
  previousBalance: string;
  paid: string;
  remaining: string;
  /** MonedaDR and EquivalenciaDR (units of it per unit of the payment's currency); MXN and 1 when absent. */
  currency?: 'MXN' | 'USD';
  equivalence?: string;
  /** The invoice's figures: taxed base (lines with ObjetoImp 02), taxes and rates, total. */
  invoice: { total: string; base: string; ivaRate: string; ivaFactor?: string; iva: string; isrRetentionRate: string; isrRetained: string; ivaRetentionRate: string; ivaRetained: string };
};

export type RepInput = {
  serie: string;
  folio: number;
  /** The instant the complement is issued (its Fecha). */
  issuedAt: Date;
  /** The day the money was received (FechaPago, at noon). */
  paymentDate: string;
  formaPago: string;
  /** MonedaP (MXN when absent) and, for USD, TipoCambioP: pesos per dollar on the payment's day. */
  currency?: 'MXN' | 'USD';
  exchangeRate?: string;
  parties: CfdiParties;
  documents: RepDocument[];
};

const two = (v: Decimal): string => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const rate6 = (v: string): string => dec(v).toFixed(6);
const attrs = (values: Record<string, string>): string =>
  Object.entries(values)
    .map(([k, v]) => `${k}="${escapeAttr(v)}"`)
    .join(' ');

/** rate 'Exento': TipoFactor Exento, no TasaOCuota nor Importe. */
type TaxLine = { impuesto: '001' | '002'; rate: string; base: Decimal; amount: Decimal };
const EXENTO = 'Exento';

/** The proportional taxes of one related document (empty when the invoice had no taxed lines). */
export function documentTaxes(d: RepDocument): { traslados: TaxLine[]; retenciones: TaxLine[] } {
  const inv = d.invoice;
  if (dec(inv.base).isZero()) return { traslados: [], retenciones: [] };
  const p = dec(d.paid).dividedBy(inv.total);
  const base = dec(two(dec(inv.base).times(p)));
  const part = (amount: string) => dec(two(dec(amount).times(p)));
  const traslados: TaxLine[] = [{ impuesto: '002', rate: inv.ivaFactor === EXENTO ? EXENTO : inv.ivaRate, base, amount: part(inv.iva) }];
  const retenciones: TaxLine[] = [];
  if (dec(inv.isrRetentionRate).gt(0)) retenciones.push({ impuesto: '001', rate: inv.isrRetentionRate, base, amount: part(inv.isrRetained) });
  if (dec(inv.ivaRetentionRate).gt(0)) retenciones.push({ impuesto: '002', rate: inv.ivaRetentionRate, base, amount: part(inv.ivaRetained) });
  return { traslados, retenciones };
}

const IVA_TOTALS: Record<string, [base: string, amount: string]> = {
  '0.160000': ['TotalTrasladosBaseIVA16', 'TotalTrasladosImpuestoIVA16'],
  '0.080000': ['TotalTrasladosBaseIVA8', 'TotalTrasladosImpuestoIVA8'],
  '0.000000': ['TotalTrasladosBaseIVA0', 'TotalTrasladosImpuestoIVA0'],
};

export function buildPaymentCfdiXml(input: RepInput): string {
  const { parties } = input;
  const monedaP = input.currency ?? 'MXN';
  const tipoCambioP = monedaP === 'MXN' ? dec(1) : dec(input.exchangeRate as string);
  let monto = dec(0);
  const trasladosP = new Map<string, TaxLine>();
  const retencionesP = new Map<string, Decimal>();
  const docs: string[] = [];
  for (const d of input.documents) {
    const equiv = dec(d.equivalence ?? '1').toFixed();
    monto = monto.plus(inPaymentCurrency(d.paid, equiv));
    const { traslados, retenciones } = documentTaxes(d);
    const objeto = traslados.length ? '02' : '01';
    let impuestos = '';
    if (objeto === '02') {
      const ret = retenciones.length
        ? `<pago20:RetencionesDR>${retenciones.map((r) => `<pago20:RetencionDR ${attrs({ BaseDR: two(r.base), ImpuestoDR: r.impuesto, TipoFactorDR: 'Tasa', TasaOCuotaDR: rate6(r.rate), ImporteDR: two(r.amount) })}/>`).join('')}</pago20:RetencionesDR>`
        : '';
      const tra = `<pago20:TrasladosDR>${traslados
        .map((t) => `<pago20:TrasladoDR ${attrs(t.rate === EXENTO ? { BaseDR: two(t.base), ImpuestoDR: t.impuesto, TipoFactorDR: EXENTO } : { BaseDR: two(t.base), ImpuestoDR: t.impuesto, TipoFactorDR: 'Tasa', TasaOCuotaDR: rate6(t.rate), ImporteDR: two(t.amount) })}/>`)
        .join('')}</pago20:TrasladosDR>`;
      impuestos = `<pago20:ImpuestosDR>${ret}${tra}</pago20:ImpuestosDR>`;
      for (const t of traslados) {
        const key = t.rate === EXENTO ? EXENTO : rate6(t.rate);
        const sum = trasladosP.get(key) ?? { impuesto: '002', rate: key, base: dec(0), amount: dec(0) };
        sum.base = sum.base.plus(t.base.dividedBy(equiv));
        sum.amount = sum.amount.plus(t.amount.dividedBy(equiv));
        trasladosP.set(key, sum);
      }
      for (const r of retenciones) retencionesP.set(r.impuesto, (retencionesP.get(r.impuesto) ?? dec(0)).plus(r.amount.dividedBy(equiv)));
    }
    docs.push(
      `<pago20:DoctoRelacionado ${attrs({
        IdDocumento: d.uuid,
        Serie: d.serie,
        Folio: String(d.folio),
        MonedaDR: d.currency ?? 'MXN',
        EquivalenciaDR: equiv,
        NumParcialidad: String(d.installment),
        ImpSaldoAnt: two(dec(d.previousBalance)),
        ImpPagado: two(dec(d.paid)),
        ImpSaldoInsoluto: two(dec(d.remaining)),
        ObjetoImpDR: objeto,
      })}>${impuestos}</pago20:DoctoRelacionado>`,
    );
  }

  const totales: Record<string, string> = {};
  const retenidos = [...retencionesP.entries()].sort(([a], [b]) => a.localeCompare(b));
  // Totales in pesos: the Pago's (rounded) figures × TipoCambioP.
  const mxn = (v: Decimal): string => two(dec(two(v)).times(tipoCambioP));
  for (const [impuesto, amount] of retenidos) totales[impuesto === '002' ? 'TotalRetencionesIVA' : 'TotalRetencionesISR'] = mxn(amount);
  for (const t of trasladosP.values()) {
    const names = IVA_TOTALS[t.rate];
    if (t.rate === EXENTO) totales.TotalTrasladosBaseIVAExento = mxn(t.base);
    else if (names) {
      totales[names[0]] = mxn(t.base);
      totales[names[1]] = mxn(t.amount);
    }
  }
  totales.MontoTotalPagos = mxn(monto);

  let impuestosP = '';
  if (trasladosP.size || retenidos.length) {
    const ret = retenidos.length ? `<pago20:RetencionesP>${retenidos.map(([impuesto, amount]) => `<pago20:RetencionP ${attrs({ ImpuestoP: impuesto, ImporteP: two(amount) })}/>`).join('')}</pago20:RetencionesP>` : '';
    const tra = trasladosP.size
      ? `<pago20:TrasladosP>${[...trasladosP.values()].map((t) => `<pago20:TrasladoP ${attrs(t.rate === EXENTO ? { BaseP: two(t.base), ImpuestoP: '002', TipoFactorP: EXENTO } : { BaseP: two(t.base), ImpuestoP: '002', TipoFactorP: 'Tasa', TasaOCuotaP: t.rate, ImporteP: two(t.amount) })}/>`).join('')}</pago20:TrasladosP>`
      : '';
    impuestosP = `<pago20:ImpuestosP>${ret}${tra}</pago20:ImpuestosP>`;
  }

  const comprobante = attrs({
    'xmlns:cfdi': 'http://www.sat.gob.mx/cfd/4',
    'xmlns:pago20': 'http://www.sat.gob.mx/Pagos20',
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation':
      'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
    Version: '4.0',
    Serie: input.serie,
    Folio: String(input.folio),
    Fecha: cfdiLocalTime(input.issuedAt),
    SubTotal: '0',
    Moneda: 'XXX',
    Total: '0',
    TipoDeComprobante: 'P',
    Exportacion: '01',
    LugarExpedicion: parties.emisor.postalCode,
  });
  const pago = attrs({ FechaPago: `${input.paymentDate}T12:00:00`, FormaDePagoP: input.formaPago, MonedaP: monedaP, TipoCambioP: monedaP === 'MXN' ? '1' : cfdiRate(tipoCambioP), Monto: two(monto) });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<cfdi:Comprobante ${comprobante}>`,
    `  <cfdi:Emisor ${attrs({ Rfc: parties.emisor.rfc, Nombre: parties.emisor.name, RegimenFiscal: parties.emisor.regimen })}/>`,
    `  <cfdi:Receptor ${attrs({ Rfc: parties.receptor.rfc, Nombre: parties.receptor.name, DomicilioFiscalReceptor: receptorPostalCode(parties), RegimenFiscalReceptor: parties.receptor.regimen, UsoCFDI: 'CP01' })}/>`,
    '  <cfdi:Conceptos>',
    '    <cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0" ObjetoImp="01"/>',
    '  </cfdi:Conceptos>',
    '  <cfdi:Complemento>',
    `    <pago20:Pagos Version="2.0"><pago20:Totales ${attrs(totales)}/><pago20:Pago ${pago}>${docs.join('')}${impuestosP}</pago20:Pago></pago20:Pagos>`,
    '  </cfdi:Complemento>',
    '</cfdi:Comprobante>',
    '',
  ].join('\n');
}
