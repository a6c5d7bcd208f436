// The payment complement (CFDI 4.0 tipo P with Pagos 2.0, "REP") of a client payment applied to
// PPD invoices: one Pago covering every stamped PPD invoice the payment settles, each a
// DoctoRelacionado with its parcialidad, previous balance, amount paid and remaining balance,
// and the invoice's taxes in proportion to what was paid.
//
// Figures (MXN, EquivalenciaDR 1): for each document, p = ImpPagado / the invoice's Total;
// BaseDR = the invoice's taxed base × p and ImporteDR = each tax of the invoice × p, rounded
// half-up to 2 decimals (the currency's decimals); the Pago's ImpuestosP and the Totales are the
// sums of those rounded figures; Monto = MontoTotalPagos = the sum of ImpPagado.
import { dec, Decimal } from '../../../schema/money';
import { cfdiLocalTime } from '../../lib/cfdi/time';
import { escapeAttr } from '../../lib/cfdi/xml';
import { receptorPostalCode, type CfdiParties } from './cfdi';

export type RepDocument = {
  uuid: string;
  serie: string;
  folio: number;
  installment: number;
  previousBalance: string;
  paid: string;
  remaining: string;
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
  let monto = dec(0);
  const trasladosP = new Map<string, TaxLine>();
  const retencionesP = new Map<string, Decimal>();
  const docs: string[] = [];
  for (const d of input.documents) {
    monto = monto.plus(d.paid);
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
        sum.base = sum.base.plus(t.base);
        sum.amount = sum.amount.plus(t.amount);
        trasladosP.set(key, sum);
      }
      for (const r of retenciones) retencionesP.set(r.impuesto, (retencionesP.get(r.impuesto) ?? dec(0)).plus(r.amount));
    }
    docs.push(
      `<pago20:DoctoRelacionado ${attrs({
        IdDocumento: d.uuid,
        Serie: d.serie,
        Folio: String(d.folio),
        MonedaDR: 'MXN',
        EquivalenciaDR: '1',
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
  for (const [impuesto, amount] of retenidos) totales[impuesto === '002' ? 'TotalRetencionesIVA' : 'TotalRetencionesISR'] = two(amount);
  for (const t of trasladosP.values()) {
    const names = IVA_TOTALS[t.rate];
    if (t.rate === EXENTO) totales.TotalTrasladosBaseIVAExento = two(t.base);
    else if (names) {
      totales[names[0]] = two(t.base);
      totales[names[1]] = two(t.amount);
    }
  }
  totales.MontoTotalPagos = two(monto);

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
  const pago = attrs({ FechaPago: `${input.paymentDate}T12:00:00`, FormaDePagoP: input.formaPago, MonedaP: 'MXN', TipoCambioP: '1', Monto: two(monto) });
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
