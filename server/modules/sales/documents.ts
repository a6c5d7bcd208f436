// Printed Ventas documents (cotización, factura) described for the shared
// PDF builder, plus the "importe con letra" every Mexican invoice carries.
import type { CompanyProfile } from '../../lib/company';
import { cfdiRate } from '../../../schema/sales/currency';
import { dec, Decimal } from '../../../schema/money';
import { formatDateMx, type PdfBlock, type PdfDocumentSpec } from '../../lib/pdf';
import type { ClientRow, CreditNoteLineRow, CreditNoteRow, InvoiceLineRow, InvoiceRow, QuoteLineRow, QuoteRow } from './data';
import { partiesOf } from './cfdi';
import { parseCfdi, type ParsedNode, type TimbreData } from '../../lib/cfdi/xml';
import { SANDBOX_LEGEND, timbrePdfBlocks } from '../../lib/cfdiPdf';
import { CREDIT_NOTE_LIFECYCLE, folioLabel, INVOICE_LIFECYCLE, QUOTE_LIFECYCLE } from '../../../schema/sales/labels';
import { catalogLabel, catalogName, FORMAS_PAGO, METODOS_PAGO, OBJETOS_IMPUESTO, REGIMENES_FISCALES, USOS_CFDI } from '../../../schema/sat';

// ---- importe con letra -------------------------------------------------------------------

const UNITS = ['', 'UN', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE', 'DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE',
  'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE', 'VEINTE', 'VEINTIÚN', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO',
  'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE'];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'];

function below1000(n: number): string {
  if (n === 0) return '';
  if (n === 100) return 'CIEN';
  const h = Math.floor(n / 100);
  const rest = n % 100;
  let text = HUNDREDS[h];
  if (rest > 0) {
    const part = rest < 30 ? UNITS[rest] : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` Y ${UNITS[rest % 10]}` : ''}`;
    text = text ? `${text} ${part}` : part;
  }
  return text;
}

/** Whole pesos in Spanish words ("UN MILLÓN DOSCIENTOS MIL …"); apocopated "UN" as money requires. */
export function integerInWords(n: number): string {
  if (n === 0) return 'CERO';
  const parts: string[] = [];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  if (millions > 0) parts.push(millions === 1 ? 'UN MILLÓN' : `${integerInWords(millions)} MILLONES`);
  if (thousands > 0) parts.push(thousands === 1 ? 'MIL' : `${below1000(thousands)} MIL`);
  if (rest > 0) parts.push(below1000(rest));
  return parts.join(' ');
}

/** "TRES MIL QUINIENTOS TREINTA PESOS 84/100 M.N."; in dollars "MIL CIENTO SESENTA DÓLARES 00/100 USD". */
export function amountInWords(value: string, currency: 'MXN' | 'USD' = 'MXN'): string {
  const d = dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const pesos = d.floor().toNumber();
  const cents = d.minus(d.floor()).times(100).toNumber();
  const words = integerInWords(pesos);
  const [one, many, tail] = currency === 'USD' ? ['DÓLAR', 'DÓLARES', 'USD'] : ['PESO', 'PESOS', 'M.N.'];
  const unit = pesos === 1 ? one : /MILLÓN$|MILLONES$/.test(words) ? `DE ${many}` : many;
  return `${words} ${unit} ${String(Math.round(cents)).padStart(2, '0')}/100 ${tail}`;
}

/** Moneda (and TipoCambio for dollars) of an invoice or of a credit note (its invoice's). */
const currencyFields = (doc: { currency: 'MXN' | 'USD'; exchangeRate: string }) =>
  doc.currency === 'USD'
    ? [
        { label: 'Moneda', value: 'USD - Dólar americano' },
        { label: 'Tipo de cambio', value: cfdiRate(doc.exchangeRate) },
      ]
    : [{ label: 'Moneda', value: 'MXN - Peso mexicano' }];


// ---- shared pieces ------------------------------------------------------------------------

const pct = (rate: string) => dec(rate).times(100).toDecimalPlaces(4).toFixed();

function totalsBlock(doc: { subtotal: string; discount: string; iva: string; isrRetained: string; ivaRetained: string; total: string; ivaRate: string; ivaFactor?: string; isrRetentionRate: string; ivaRetentionRate: string }): PdfBlock {
  const rows: { label: string; value: string; bold?: boolean }[] = [{ label: 'Subtotal', value: doc.subtotal }];
  if (dec(doc.discount).gt(0)) rows.push({ label: 'Descuento', value: `-${doc.discount}` });
  rows.push({ label: doc.ivaFactor === 'Exento' ? 'IVA exento' : `IVA trasladado ${pct(doc.ivaRate)} %`, value: doc.iva });
  if (dec(doc.isrRetentionRate).gt(0)) rows.push({ label: `ISR retenido ${pct(doc.isrRetentionRate)} %`, value: `-${doc.isrRetained}` });
  if (dec(doc.ivaRetentionRate).gt(0)) rows.push({ label: `IVA retenido ${pct(doc.ivaRetentionRate)} %`, value: `-${doc.ivaRetained}` });
  rows.push({ label: 'Total', value: doc.total, bold: true });
  return { kind: 'totals', rows };
}

// ---- cotización -----------------------------------------------------------------------------

export function quotePdfSpec(company: CompanyProfile, quote: QuoteRow, lines: QuoteLineRow[], client: ClientRow): PdfDocumentSpec {
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      title: 'Cliente',
      fields: [
        { label: 'Razón social', value: client.name },
        { label: 'RFC', value: client.rfc },
        { label: 'Régimen fiscal', value: catalogLabel(REGIMENES_FISCALES, client.regimenFiscal) },
        { label: 'C.P. fiscal', value: client.postalCode },
        { label: 'Domicilio', value: [client.address, client.city, client.state].filter(Boolean).join(', ') },
        { label: 'Asunto', value: quote.subject },
      ],
    },
    {
      kind: 'table',
      title: 'Conceptos',
      columns: [
        { header: '#', key: 'lineNo', width: 0.4, align: 'right' },
        { header: 'Clave SAT', key: 'prodServKey', width: 1 },
        { header: 'Descripción', key: 'description', width: 3.8 },
        { header: 'Unidad', key: 'unit', width: 1.1 },
        { header: 'Cantidad', key: 'quantity', width: 1.1, format: 'quantity' },
        { header: 'Precio unitario', key: 'unitPrice', width: 1.3, format: 'money' },
        { header: 'Desc. %', key: 'discountPercent', width: 0.8, format: 'number' },
        { header: 'Importe', key: 'base', width: 1.4, format: 'money' },
      ],
      rows: lines.map((l) => ({ ...l, unit: `${l.unitKey} ${l.unitName}` })),
    },
    totalsBlock(quote),
    { kind: 'text', text: `Importe con letra: ${amountInWords(quote.total)}` },
    {
      kind: 'text',
      title: 'Condiciones',
      text: [
        `Precios en pesos mexicanos (MXN). Cotización válida hasta el ${formatDateMx(quote.validUntil)}.`,
        quote.notes,
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
  const watermark = quote.status === 'borrador' ? 'BORRADOR' : quote.status === 'rechazada' ? 'RECHAZADA' : quote.status === 'vencida' ? 'VENCIDA' : undefined;
  return {
    company,
    title: 'Cotización',
    subtitle: folioLabel('quote', quote.folio),
    headerNotes: [`Fecha: ${formatDateMx(quote.date)}`, `Vigencia: ${formatDateMx(quote.validUntil)}`, `Estado: ${QUOTE_LIFECYCLE.labels[quote.status]}`],
    blocks,
    watermark,
    footerNote: `${company.name} · Cotización ${folioLabel('quote', quote.folio)}`,
  };
}

// ---- factura ----------------------------------------------------------------------------------

/** The CFDI's Conceptos as printed (invoices and credit notes). */
function conceptsBlock(lines: Pick<InvoiceLineRow, 'prodServKey' | 'description' | 'unitKey' | 'unitName' | 'quantity' | 'unitPrice' | 'discount' | 'objetoImp' | 'amount'>[]): PdfBlock {
  return {
    kind: 'table',
    title: 'Conceptos',
    columns: [
      { header: 'Clave SAT', key: 'prodServKey', width: 1 },
      { header: 'Descripción', key: 'description', width: 3.6 },
      { header: 'Unidad', key: 'unit', width: 1.1 },
      { header: 'Cantidad', key: 'quantity', width: 1.1, format: 'quantity' },
      { header: 'Valor unitario', key: 'unitPrice', width: 1.3, format: 'money' },
      { header: 'Descuento', key: 'discount', width: 1.2, format: 'money' },
      { header: 'Obj. imp.', key: 'objetoImp', width: 0.7 },
      { header: 'Importe', key: 'amount', width: 1.4, format: 'money' },
    ],
    rows: lines.map((l) => ({ ...l, unit: `${l.unitKey} ${l.unitName}`, discount: dec(l.discount).gt(0) ? l.discount : null })),
  };
}

/** The legend under a CFDI's body: its timbre and the fiscal-validity note, or why it has none. */
function fiscalBlocks(timbre: TimbreData | null, sandbox: boolean): PdfBlock[] {
  const objetos = `Objeto de impuesto: ${OBJETOS_IMPUESTO.map((o) => `${o.code} ${o.name}`).join('; ')}.`;
  if (timbre) return timbrePdfBlocks(timbre, sandbox ? `${SANDBOX_LEGEND} ${objetos}` : `Este documento es una representación impresa de un CFDI 4.0. ${objetos}`);
  return [
    {
      kind: 'text',
      size: 7.5,
      text: `Este documento es una representación impresa de un CFDI 4.0 que NO ha sido timbrado por un PAC; carece de folio fiscal (UUID) y de validez fiscal. ${objetos}`,
    },
  ];
}

export function invoicePdfSpec(company: CompanyProfile, invoice: InvoiceRow, lines: InvoiceLineRow[], client: ClientRow, timbre: TimbreData | null = null): PdfDocumentSpec {
  const parties = partiesOf(invoice, company, client);
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      title: 'Receptor',
      fields: [
        { label: 'Razón social', value: parties.receptor.name },
        { label: 'RFC', value: parties.receptor.rfc },
        { label: 'Régimen fiscal', value: catalogLabel(REGIMENES_FISCALES, parties.receptor.regimen) },
        { label: 'Domicilio fiscal (C.P.)', value: parties.receptor.postalCode },
        { label: 'Uso del CFDI', value: catalogLabel(USOS_CFDI, invoice.usoCfdi) },
      ],
    },
    {
      kind: 'fields',
      title: 'Comprobante',
      fields: [
        { label: 'Tipo', value: 'I - Ingreso' },
        { label: 'Lugar de expedición', value: parties.emisor.postalCode },
        { label: 'Forma de pago', value: catalogLabel(FORMAS_PAGO, invoice.formaPago) },
        { label: 'Método de pago', value: catalogLabel(METODOS_PAGO, invoice.metodoPago) },
        ...currencyFields(invoice),
        { label: 'Exportación', value: '01 - No aplica' },
        { label: 'Vencimiento', value: formatDateMx(invoice.dueDate) },
        { label: 'Saldo', value: invoice.balance, format: 'money' },
      ],
    },
    conceptsBlock(lines),
    totalsBlock(invoice),
    { kind: 'text', text: `Importe con letra: ${amountInWords(invoice.total, invoice.currency)}` },
  ];
  if (invoice.notes) blocks.push({ kind: 'text', title: 'Observaciones', text: invoice.notes });
  const sandbox = invoice.stampSandbox === true;
  blocks.push(...fiscalBlocks(timbre, sandbox));
  if (invoice.status === 'cancelada') blocks.push({ kind: 'text', title: 'Cancelación', text: invoice.cancelReason ?? '' });
  const label = invoice.folio ? `${invoice.serie}-${invoice.folio}` : `Serie ${invoice.serie} (sin folio)`;
  return {
    company: {
      ...company,
      rfc: parties.emisor.rfc,
      name: parties.emisor.name,
      regimenFiscal: parties.emisor.regimen,
      regimenName: catalogName(REGIMENES_FISCALES, parties.emisor.regimen),
      postalCode: parties.emisor.postalCode,
    },
    title: 'Factura',
    subtitle: label,
    headerNotes: [`Fecha: ${formatDateMx(invoice.date)}`, `Estado: ${INVOICE_LIFECYCLE.labels[invoice.status]}`, timbre ? `CFDI 4.0 · UUID ${timbre.uuid}` : 'CFDI 4.0 sin timbrar'],
    blocks,
    watermark: invoice.status === 'borrador' ? 'BORRADOR' : invoice.status === 'cancelada' ? 'CANCELADA' : sandbox ? 'SIN VALIDEZ FISCAL' : undefined,
    footerNote: `${parties.emisor.name} · Factura ${label}`,
  };
}

// ---- nota de crédito ------------------------------------------------------------------------------

export function creditNotePdfSpec(company: CompanyProfile, note: CreditNoteRow, lines: CreditNoteLineRow[], timbre: TimbreData | null): PdfDocumentSpec {
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      title: 'Receptor',
      fields: [
        { label: 'Razón social', value: note.receptorName },
        { label: 'RFC', value: note.receptorRfc },
        { label: 'Régimen fiscal', value: catalogLabel(REGIMENES_FISCALES, note.receptorRegimen) },
        { label: 'Domicilio fiscal (C.P.)', value: note.receptorPostalCode },
        { label: 'Uso del CFDI', value: catalogLabel(USOS_CFDI, note.usoCfdi) },
      ],
    },
    {
      kind: 'fields',
      title: 'Comprobante',
      fields: [
        { label: 'Tipo', value: 'E - Egreso' },
        { label: 'Lugar de expedición', value: note.lugarExpedicion },
        { label: 'Forma de pago', value: catalogLabel(FORMAS_PAGO, note.formaPago) },
        { label: 'Método de pago', value: catalogLabel(METODOS_PAGO, note.metodoPago) },
        ...currencyFields(note),
        { label: 'Exportación', value: '01 - No aplica' },
      ],
    },
    {
      kind: 'fields',
      title: 'CFDI relacionado',
      fields: [
        { label: 'Tipo de relación', value: '01 - Nota de crédito de los documentos relacionados' },
        { label: 'Factura', value: note.invoiceLabel },
        { label: 'Folio fiscal (UUID)', value: note.invoiceUuid ?? '' },
        { label: 'Saldo anterior', value: note.previousBalance, format: 'money' },
        { label: 'Saldo después de esta nota', value: note.remainingBalance, format: 'money' },
      ],
    },
    conceptsBlock(lines),
    totalsBlock(note),
    { kind: 'text', text: `Importe con letra: ${amountInWords(note.total, note.currency)}` },
  ];
  if (note.notes) blocks.push({ kind: 'text', title: 'Observaciones', text: note.notes });
  const sandbox = note.stampSandbox === true;
  blocks.push(...fiscalBlocks(timbre, sandbox));
  if (note.status !== 'vigente') blocks.push({ kind: 'text', title: 'Cancelación', text: note.cancelReason ?? '' });
  return {
    company: {
      ...company,
      rfc: note.emisorRfc,
      name: note.emisorName,
      regimenFiscal: note.emisorRegimen,
      regimenName: catalogName(REGIMENES_FISCALES, note.emisorRegimen),
      postalCode: note.lugarExpedicion,
    },
    title: 'Nota de crédito',
    subtitle: note.label,
    headerNotes: [`Fecha: ${formatDateMx(note.date)}`, `Estado: ${CREDIT_NOTE_LIFECYCLE.labels[note.status]}`, timbre ? `CFDI 4.0 · UUID ${timbre.uuid}` : 'CFDI 4.0 sin timbrar'],
    blocks,
    watermark: note.status !== 'vigente' ? 'CANCELADA' : sandbox ? 'SIN VALIDEZ FISCAL' : undefined,
    footerNote: `${note.emisorName} · Nota de crédito ${note.label}`,
  };
}

// ---- complemento de pago (CFDI tipo P) ------------------------------------------------------

const nodeOf = (n: ParsedNode | undefined, name: string): ParsedNode | undefined => (n && typeof n[name] === 'object' && !Array.isArray(n[name]) ? (n[name] as ParsedNode) : undefined);
const nodesOf = (n: ParsedNode | undefined, name: string): ParsedNode[] => {
  const v = n?.[name];
  return Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : [];
};
const attr = (n: ParsedNode | undefined, name: string): string => (n && typeof n[name] === 'string' ? (n[name] as string) : '');

/**
 * The printed form of a payment complement, read from its XML (what was sealed is what prints):
 * emisor and receptor, each Pago with its related invoices, and the timbre — or, while pendiente,
 * the legend that it has no folio fiscal yet.
 */
export function paymentPdfSpec(company: CompanyProfile, xml: string, timbre: TimbreData | null, sandbox: boolean, cancelled: boolean): PdfDocumentSpec {
  const doc = nodeOf(parseCfdi(xml), 'Comprobante');
  const emisor = nodeOf(doc, 'Emisor');
  const receptor = nodeOf(doc, 'Receptor');
  const pagos = nodesOf(nodeOf(nodeOf(doc, 'Complemento'), 'Pagos'), 'Pago');
  const label = `${attr(doc, 'Serie')}-${attr(doc, 'Folio')}`;
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      title: 'Receptor',
      fields: [
        { label: 'Razón social', value: attr(receptor, 'Nombre') },
        { label: 'RFC', value: attr(receptor, 'Rfc') },
        { label: 'Régimen fiscal', value: catalogLabel(REGIMENES_FISCALES, attr(receptor, 'RegimenFiscalReceptor')) },
        { label: 'Domicilio fiscal (C.P.)', value: attr(receptor, 'DomicilioFiscalReceptor') },
        { label: 'Uso del CFDI', value: catalogLabel(USOS_CFDI, attr(receptor, 'UsoCFDI')) },
      ],
    },
    {
      kind: 'fields',
      title: 'Comprobante',
      fields: [
        { label: 'Tipo', value: 'P - Pago' },
        { label: 'Fecha de emisión', value: attr(doc, 'Fecha') },
        { label: 'Lugar de expedición', value: attr(doc, 'LugarExpedicion') },
        { label: 'Moneda', value: 'XXX - Los códigos asignados para las transacciones en que intervenga ninguna moneda' },
        { label: 'Complemento', value: 'Recepción de pagos 2.0' },
      ],
    },
  ];
  pagos.forEach((pago, i) => {
    blocks.push({
      kind: 'fields',
      title: pagos.length > 1 ? `Pago ${i + 1}` : 'Pago',
      fields: [
        { label: 'Fecha de pago', value: attr(pago, 'FechaPago') },
        { label: 'Forma de pago', value: catalogLabel(FORMAS_PAGO, attr(pago, 'FormaDePagoP')) },
        { label: 'Moneda', value: attr(pago, 'MonedaP') },
        ...(attr(pago, 'MonedaP') !== 'MXN' ? [{ label: 'Tipo de cambio', value: attr(pago, 'TipoCambioP') }] : []),
        { label: 'Monto', value: attr(pago, 'Monto'), format: 'money' },
      ],
    });
    blocks.push({
      kind: 'table',
      title: 'Documentos relacionados',
      columns: [
        { header: 'Factura', key: 'label', width: 1 },
        { header: 'Folio fiscal (UUID)', key: 'uuid', width: 3 },
        { header: 'Parcialidad', key: 'installment', width: 0.9, align: 'right' },
        { header: 'Saldo anterior', key: 'previous', width: 1.3, format: 'money' },
        { header: 'Importe pagado', key: 'paid', width: 1.3, format: 'money' },
        { header: 'Saldo insoluto', key: 'remaining', width: 1.3, format: 'money' },
      ],
      rows: nodesOf(pago, 'DoctoRelacionado').map((d) => ({
        label: [attr(d, 'Serie'), attr(d, 'Folio')].filter(Boolean).join('-'),
        uuid: attr(d, 'IdDocumento'),
        installment: attr(d, 'NumParcialidad'),
        previous: attr(d, 'ImpSaldoAnt'),
        paid: attr(d, 'ImpPagado'),
        remaining: attr(d, 'ImpSaldoInsoluto'),
      })),
    });
    blocks.push({ kind: 'text', text: `Importe con letra: ${amountInWords(attr(pago, 'Monto') || '0', attr(pago, 'MonedaP') === 'USD' ? 'USD' : 'MXN')}` });
  });
  if (timbre) {
    blocks.push(...timbrePdfBlocks(timbre, sandbox ? SANDBOX_LEGEND : 'Este documento es una representación impresa de un CFDI 4.0 con complemento para recepción de pagos 2.0.'));
  } else {
    blocks.push({ kind: 'text', size: 7.5, text: 'Este complemento de pago está sellado pero NO ha sido timbrado por un PAC; carece de folio fiscal (UUID) y de validez fiscal.' });
  }
  return {
    company: { ...company, rfc: attr(emisor, 'Rfc') || company.rfc, name: attr(emisor, 'Nombre') || company.name, regimenFiscal: attr(emisor, 'RegimenFiscal') || company.regimenFiscal, regimenName: catalogName(REGIMENES_FISCALES, attr(emisor, 'RegimenFiscal') || company.regimenFiscal), postalCode: attr(doc, 'LugarExpedicion') || company.postalCode },
    title: 'Complemento de pago',
    subtitle: label,
    headerNotes: [`Fecha: ${attr(doc, 'Fecha')}`, timbre ? `CFDI 4.0 · UUID ${timbre.uuid}` : 'CFDI 4.0 sin timbrar'],
    blocks,
    watermark: cancelled ? 'CANCELADO' : !timbre ? 'SIN TIMBRAR' : sandbox ? 'SIN VALIDEZ FISCAL' : undefined,
    footerNote: `${attr(emisor, 'Nombre') || company.name} · Complemento de pago ${label}`,
  };
}
