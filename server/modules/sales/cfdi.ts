// CFDI 4.0 XML of an invoice (Anexo 20; MX_FISCAL.md): Comprobante with the
// SAT namespace and schemaLocation, Emisor, Receptor, Conceptos with their
// taxes and the document-level Impuestos summary. It is NOT sealed (no Sello,
// NoCertificado, Certificado) nor stamped by a PAC: that is out of scope, and
// a comment in the XML says so.
//
// Figures: concept amounts keep up to 6 decimals (as stored); document-level
// amounts are the sums rounded half-up to 2, so the Impuestos totals equal
// the sum of the concepts' taxes and Total = SubTotal − Descuento +
// traslados − retenciones.
import type { CompanyProfile } from '../../lib/company';
import { cfdiLocalTime } from '../../lib/cfdi/time';
import { CFDI_NS, CFDI_SCHEMA_LOCATION, XSI_NS } from '../../lib/cfdi/xml';
import { dec, Decimal } from '../../../schema/money';
import { cfdiRate } from '../../../schema/sales/currency';
import type { ClientRow, InvoiceLineRow, InvoiceRow } from './data';

export const UNSTAMPED_NOTE =
  ' CFDI 4.0 SIN SELLO NI TIMBRE: no incluye Sello, NoCertificado ni Certificado y no ha sido timbrado por un PAC; ' +
  'no tiene validez fiscal hasta sellarse con el CSD del emisor y timbrarse. ';

/** Between 2 and 6 decimals, trailing zeros beyond the second dropped. */
export function cfdiAmount(value: string | Decimal): string {
  const fixed = dec(value).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
  return fixed.replace(/(\.\d\d\d*?)0+$/, '$1');
}
const two = (v: Decimal): string => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const rate6 = (v: string): string => dec(v).toFixed(6);
const quantity = (v: string): string => dec(v).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();

/** Local date-time of the Lugar de Expedición (Mexico City time), without zone, as CFDI wants it. */
function cfdiDateTime(date: string, instant: Date | string): string {
  // Raw queries return timestamps as Date (node-postgres) or text (PGlite).
  const at = instant instanceof Date ? instant : new Date(instant);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(at);
  return `${date}T${time}`;
}

export type CfdiParties = {
  emisor: { rfc: string; name: string; regimen: string; postalCode: string };
  receptor: { rfc: string; name: string; regimen: string; postalCode: string };
};

/** Emitted invoices use the data frozen at emission; a borrador previews today's data. */
export function partiesOf(invoice: InvoiceRow, company: CompanyProfile, client: ClientRow): CfdiParties {
  const frozen = invoice.emisorRfc !== null;
  return {
    emisor: frozen
      ? { rfc: invoice.emisorRfc as string, name: invoice.emisorName as string, regimen: invoice.emisorRegimen as string, postalCode: invoice.lugarExpedicion as string }
      : { rfc: company.rfc, name: company.name, regimen: company.regimenFiscal, postalCode: company.postalCode },
    receptor: frozen
      ? { rfc: invoice.receptorRfc as string, name: invoice.receptorName as string, regimen: invoice.receptorRegimen as string, postalCode: invoice.receptorPostalCode as string }
      : { rfc: client.rfc, name: client.name, regimen: client.regimenFiscal, postalCode: client.postalCode },
  };
}

/** RFCs genéricos (público en general, extranjero): SAT wants the Lugar de Expedición as their fiscal address. */
const GENERIC_RFCS = new Set(['XAXX010101000', 'XEXX010101000']);
export const receptorPostalCode = (parties: CfdiParties): string =>
  GENERIC_RFCS.has(parties.receptor.rfc.toUpperCase()) ? parties.emisor.postalCode : parties.receptor.postalCode;

type TaxKey = { impuesto: '001' | '002'; rate: string };

/** The parties an emitted invoice froze at emission. */
export function frozenPartiesOf(invoice: InvoiceRow): CfdiParties {
  if (invoice.emisorRfc === null) throw new Error(`la factura ${invoice.id} no ha congelado sus datos fiscales`);
  return partiesOf(invoice, null as unknown as CompanyProfile, null as unknown as ClientRow);
}

/** What the Comprobante reads of its document: an invoice (tipo I) or a credit note (tipo E). */
export type CfdiDocument = Pick<InvoiceRow, 'serie' | 'folio' | 'date' | 'emittedAt' | 'formaPago' | 'metodoPago' | 'usoCfdi' | 'cancelReason' | 'ivaRate' | 'ivaFactor' | 'isrRetentionRate' | 'ivaRetentionRate'> & {
  status: string;
  /** Moneda (MXN when absent) and, for USD, TipoCambio in pesos per dollar; a credit note carries its invoice's. */
  currency?: 'MXN' | 'USD';
  exchangeRate?: string;
};
export type CfdiLine = Pick<
  InvoiceLineRow,
  'prodServKey' | 'quantity' | 'unitKey' | 'unitName' | 'description' | 'unitPrice' | 'amount' | 'discount' | 'objetoImp' | 'base' | 'iva' | 'isrRetained' | 'ivaRetained'
>;

export type CfdiBuildOptions = {
  /** TipoDeComprobante: I (ingreso, the default) or E (egreso: a credit note). */
  tipo?: 'I' | 'E';
  /** CfdiRelacionados: TipoRelacion 01 with the invoice a credit note reduces, 07 with the anticipos a final invoice applies. */
  relacionados?: { tipoRelacion: string; uuids: string[] };
  /** InformacionGlobal of a factura global (público en general). */
  informacionGlobal?: { periodicidad: string; meses: string; anio: number } | null;
  /** For a borrador's preview: the instant its Fecha shows. */
  now?: Date;
  /**
   * The document to seal and stamp: no explanatory comments, and Fecha is the emission instant
   * itself (SAT stamps only what was generated within the last 72 hours), whatever the invoice's
   * date says.
   */
  sealed?: boolean;
};

export async function buildCfdiXml(invoice: CfdiDocument, lines: CfdiLine[], parties: CfdiParties, options: CfdiBuildOptions = {}): Promise<string> {
  const now = options.now ?? new Date();
  // xmlbuilder2 loads on the first XML, not at every server start.
  const { create } = await import('xmlbuilder2');
  const taxed = lines.filter((l) => l.objetoImp === '02');
  const subtotal = lines.reduce((acc, l) => acc.plus(l.amount), dec(0));
  const discount = lines.reduce((acc, l) => acc.plus(l.discount), dec(0));

  // Document-level groups: traslados by impuesto/tasa (with base), retenciones by impuesto.
  // Exento (Anexo 20): the traslado carries Base, Impuesto and TipoFactor only, and when every
  // traslado is exento the Impuestos node has no TotalImpuestosTrasladados.
  const exento = invoice.ivaFactor === 'Exento';
  const traslados = new Map<string, { key: TaxKey; base: Decimal; amount: Decimal }>();
  const retenciones = new Map<string, { impuesto: '001' | '002'; amount: Decimal }>();
  for (const l of taxed) {
    const t = traslados.get(invoice.ivaRate) ?? { key: { impuesto: '002' as const, rate: invoice.ivaRate }, base: dec(0), amount: dec(0) };
    t.base = t.base.plus(l.base);
    t.amount = t.amount.plus(l.iva);
    traslados.set(invoice.ivaRate, t);
    if (dec(invoice.isrRetentionRate).gt(0)) {
      const r = retenciones.get('001') ?? { impuesto: '001' as const, amount: dec(0) };
      r.amount = r.amount.plus(l.isrRetained);
      retenciones.set('001', r);
    }
    if (dec(invoice.ivaRetentionRate).gt(0)) {
      const r = retenciones.get('002') ?? { impuesto: '002' as const, amount: dec(0) };
      r.amount = r.amount.plus(l.ivaRetained);
      retenciones.set('002', r);
    }
  }
  const totalTraslados = exento ? dec(0) : [...traslados.values()].reduce((acc, t) => acc.plus(two(t.amount)), dec(0));
  const totalRetenciones = [...retenciones.values()].reduce((acc, r) => acc.plus(two(r.amount)), dec(0));
  const subTotal = dec(two(subtotal));
  const descuento = dec(two(discount));
  const total = subTotal.minus(descuento).plus(totalTraslados).minus(totalRetenciones);

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  if (!options.sealed) doc.com(UNSTAMPED_NOTE);
  if (options.sealed) {
    /* a sealed CFDI carries nothing but the document */
  } else if (invoice.status === 'borrador') doc.com(' BORRADOR: la factura no ha sido emitida; el folio se asigna al emitirla. ');
  if (invoice.status === 'cancelada') doc.com(` CANCELADA: ${invoice.cancelReason ?? ''} `);

  const attrs: Record<string, string> = {
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': CFDI_SCHEMA_LOCATION,
    Version: '4.0',
    Serie: invoice.serie,
  };
  if (invoice.folio !== null) attrs.Folio = String(invoice.folio);
  Object.assign(attrs, {
    Fecha: options.sealed && invoice.emittedAt ? cfdiLocalTime(new Date(invoice.emittedAt)) : cfdiDateTime(invoice.date, invoice.emittedAt ?? now),
    FormaPago: invoice.formaPago,
    SubTotal: subTotal.toFixed(2),
  });
  if (descuento.gt(0)) attrs.Descuento = descuento.toFixed(2);
  Object.assign(attrs, {
    Moneda: invoice.currency ?? 'MXN',
    ...(invoice.currency === 'USD' ? { TipoCambio: cfdiRate(invoice.exchangeRate as string) } : {}),
    Total: total.toFixed(2),
    TipoDeComprobante: options.tipo ?? 'I',
    Exportacion: '01',
    MetodoPago: invoice.metodoPago,
    LugarExpedicion: parties.emisor.postalCode,
  });
  const root = doc.ele(CFDI_NS, 'cfdi:Comprobante', attrs);
  // The XSD's order: InformacionGlobal, CfdiRelacionados, Emisor, Receptor, Conceptos, Impuestos.
  if (options.informacionGlobal) {
    const g = options.informacionGlobal;
    root.ele(CFDI_NS, 'cfdi:InformacionGlobal', { Periodicidad: g.periodicidad, Meses: g.meses, Año: String(g.anio) });
  }
  if (options.relacionados?.uuids.length) {
    const rel = root.ele(CFDI_NS, 'cfdi:CfdiRelacionados', { TipoRelacion: options.relacionados.tipoRelacion });
    for (const uuid of options.relacionados.uuids) rel.ele(CFDI_NS, 'cfdi:CfdiRelacionado', { UUID: uuid });
  }
  root.ele(CFDI_NS, 'cfdi:Emisor', { Rfc: parties.emisor.rfc, Nombre: parties.emisor.name, RegimenFiscal: parties.emisor.regimen });
  root.ele(CFDI_NS, 'cfdi:Receptor', {
    Rfc: parties.receptor.rfc,
    Nombre: parties.receptor.name,
    DomicilioFiscalReceptor: receptorPostalCode(parties),
    RegimenFiscalReceptor: parties.receptor.regimen,
    UsoCFDI: invoice.usoCfdi,
  });
  const conceptos = root.ele(CFDI_NS, 'cfdi:Conceptos');
  for (const l of lines) {
    const c: Record<string, string> = {
      ClaveProdServ: l.prodServKey,
      Cantidad: quantity(l.quantity),
      ClaveUnidad: l.unitKey,
      Unidad: l.unitName,
      Descripcion: l.description,
      ValorUnitario: cfdiAmount(l.unitPrice),
      Importe: cfdiAmount(l.amount),
    };
    if (dec(l.discount).gt(0)) c.Descuento = cfdiAmount(l.discount);
    c.ObjetoImp = l.objetoImp;
    const concepto = conceptos.ele(CFDI_NS, 'cfdi:Concepto', c);
    if (l.objetoImp !== '02') continue;
    const impuestos = concepto.ele(CFDI_NS, 'cfdi:Impuestos');
    impuestos
      .ele(CFDI_NS, 'cfdi:Traslados')
      .ele(CFDI_NS, 'cfdi:Traslado', exento
        ? { Base: cfdiAmount(l.base), Impuesto: '002', TipoFactor: 'Exento' }
        : { Base: cfdiAmount(l.base), Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: rate6(invoice.ivaRate), Importe: cfdiAmount(l.iva) });
    const withheld: [string, string, string][] = [];
    if (dec(invoice.isrRetentionRate).gt(0)) withheld.push(['001', invoice.isrRetentionRate, l.isrRetained]);
    if (dec(invoice.ivaRetentionRate).gt(0)) withheld.push(['002', invoice.ivaRetentionRate, l.ivaRetained]);
    if (withheld.length) {
      const ret = impuestos.ele(CFDI_NS, 'cfdi:Retenciones');
      for (const [impuesto, rate, amount] of withheld) {
        ret.ele(CFDI_NS, 'cfdi:Retencion', { Base: cfdiAmount(l.base), Impuesto: impuesto, TipoFactor: 'Tasa', TasaOCuota: rate6(rate), Importe: cfdiAmount(amount) });
      }
    }
  }
  if (traslados.size || retenciones.size) {
    const summary: Record<string, string> = {};
    if (retenciones.size) summary.TotalImpuestosRetenidos = totalRetenciones.toFixed(2);
    if (traslados.size && !exento) summary.TotalImpuestosTrasladados = totalTraslados.toFixed(2);
    const impuestos = root.ele(CFDI_NS, 'cfdi:Impuestos', summary);
    if (retenciones.size) {
      const ret = impuestos.ele(CFDI_NS, 'cfdi:Retenciones');
      for (const r of [...retenciones.values()].sort((a, b) => a.impuesto.localeCompare(b.impuesto))) {
        ret.ele(CFDI_NS, 'cfdi:Retencion', { Impuesto: r.impuesto, Importe: two(r.amount) });
      }
    }
    if (traslados.size) {
      const tras = impuestos.ele(CFDI_NS, 'cfdi:Traslados');
      for (const t of traslados.values()) {
        tras.ele(CFDI_NS, 'cfdi:Traslado', exento
          ? { Base: two(t.base), Impuesto: t.key.impuesto, TipoFactor: 'Exento' }
          : { Base: two(t.base), Impuesto: t.key.impuesto, TipoFactor: 'Tasa', TasaOCuota: rate6(t.key.rate), Importe: two(t.amount) });
      }
    }
  }
  return doc.end({ prettyPrint: true });
}
