// Ventas reports (sales per client and month, receivables aging as of a
// date, quote conversion, contract progress) and the printed documents
// (quote/invoice PDF, CFDI XML). The screen exports XLSX itself from the
// same rows; the PDFs come from the shared builder.
import type { RequestContext } from '../../context';
import { getCompanyProfile } from '../../lib/company';
import { appError, badInput, found } from '../../lib/errors';
import { dec, money, sum } from '../../../schema/money';
import { bulkIds } from '../../lib/bulk';
import { formatDateMx, renderPdf, renderPdfBase64, renderPdfBundleBase64, type PdfColumn } from '../../lib/pdf';
import { parseInput } from '../../lib/validation';
import { todayMx } from '../../../schema/dates';
import { buildCfdiXml, partiesOf } from './cfdi';
import { invoiceCfdiOptions } from './stamping';
import * as data from './data';
import { invoicePdfSpec, paymentPdfSpec, quotePdfSpec } from './documents';
import { zipFiles, type ZipEntry } from '../../lib/zip';
import { cfdiFileBase, PAYMENT_CFDI_SERIE } from '../../../schema/sales/paymentComplement';
import { timbreOf } from '../../lib/cfdi/xml';
import { periodInput } from './inputs';
import { CONTRACT_LIFECYCLE, folioLabel } from '../../../schema/sales/labels';
import { MSG } from './messages';
import { db } from './service';

const idOf = (id: string): number => (Number.isInteger(Number(id)) && Number(id) > 0 ? Number(id) : 0);
const percent = (part: string, whole: string): string => (dec(whole).gt(0) ? money(dec(part).times(100).dividedBy(whole)) : '0.00');

// ---- documents -----------------------------------------------------------------------------

export async function quotePdf(ctx: RequestContext, id: string): Promise<string> {
  const ex = db(ctx);
  const quote = found(await data.findQuote(ex, idOf(id), todayMx()), 'La cotización');
  const [lines, client, company] = [await data.quoteLinesOf(ex, [quote.id]), await data.findClient(ex, quote.client.id), await getCompanyProfile(ex)];
  return renderPdfBase64(quotePdfSpec(company, quote, lines, found(client, 'El cliente')));
}

async function invoiceParts(ctx: RequestContext, id: string) {
  const ex = db(ctx);
  const invoice = found(await data.findInvoice(ex, idOf(id)), 'La factura');
  const lines = await data.invoiceLinesOf(ex, [invoice.id]);
  const client = found(await data.findClient(ex, invoice.clientId), 'El cliente');
  const company = await getCompanyProfile(ex);
  // The CFDI as sealed (pendiente) or stamped (timbrada); null for a borrador or an invoice emitted before stamping existed.
  const cfdiXml = invoice.stampStatus ? await data.invoiceCfdiXml(ex, invoice.id) : null;
  return { invoice, lines, client, company, cfdiXml, timbre: cfdiXml ? timbreOf(cfdiXml) : null };
}

/** A payment's complement (tipo P) as stamped, or as sealed while pendiente; null when it has none. */
export async function paymentXml(ctx: RequestContext, id: string): Promise<string | null> {
  const payment = found(await data.findPayment(db(ctx), idOf(id)), 'El cobro');
  return payment.stampStatus ? data.paymentCfdiXml(db(ctx), payment.id) : null;
}

/** The complement's printed form (from its XML, as sealed or stamped); null when the payment has none. */
export async function paymentPdf(ctx: RequestContext, id: string): Promise<string | null> {
  const ex = db(ctx);
  const payment = found(await data.findPayment(ex, idOf(id)), 'El cobro');
  const xml = payment.stampStatus ? await data.paymentCfdiXml(ex, payment.id) : null;
  if (!xml) return null;
  return renderPdfBase64(paymentPdfSpec(await getCompanyProfile(ex), xml, timbreOf(xml), payment.stampSandbox === true, payment.status === 'cancelado'));
}

/** «Descargar XML y PDF» of a payment: its stamped complement's two files in one ZIP. */
export async function paymentArchive(ctx: RequestContext, id: string): Promise<{ fileName: string; base64: string }> {
  const ex = db(ctx);
  const payment = found(await data.findPayment(ex, idOf(id)), 'El cobro');
  const xml = payment.stampStatus === 'timbrada' ? await data.paymentCfdiXml(ex, payment.id) : null;
  if (!xml) throw appError('CONFLICT', MSG.complementNotStamped);
  const base = cfdiFileBase('ComplementoPago', PAYMENT_CFDI_SERIE, payment.folio, payment.cfdiUuid);
  const pdf = await renderPdf(paymentPdfSpec(await getCompanyProfile(ex), xml, timbreOf(xml), payment.stampSandbox === true, payment.status === 'cancelado'));
  return { fileName: `${base}.zip`, base64: zipFiles([{ name: `${base}.xml`, data: xml }, { name: `${base}.pdf`, data: pdf }]).toString('base64') };
}

/**
 * «Descargar XML y PDF» of stamped invoices: each one's XML as the PAC returned it and its
 * printed form, in the order of `ids`. One that is not stamped refuses the whole file, naming it.
 */
export async function invoicesArchive(ctx: RequestContext, ids: readonly string[]): Promise<{ fileName: string; base64: string }> {
  const entries: ZipEntry[] = [];
  const unstamped: string[] = [];
  let single = '';
  for (const id of bulkIds(ids, INVOICE_BUNDLE_MAX)) {
    const { invoice, lines, client, company, cfdiXml, timbre } = await invoiceParts(ctx, id);
    if (invoice.stampStatus !== 'timbrada' || !cfdiXml) {
      unstamped.push(invoice.folio ? `${invoice.serie}-${invoice.folio}` : `borrador ${invoice.id}`);
      continue;
    }
    const base = cfdiFileBase('Factura', invoice.serie, invoice.folio, invoice.cfdiUuid);
    single = base;
    entries.push({ name: `${base}.xml`, data: cfdiXml }, { name: `${base}.pdf`, data: await renderPdf(invoicePdfSpec(company, invoice, lines, client, timbre)) });
  }
  if (unstamped.length) throw badInput({ ids: MSG.invoicesNotStamped(unstamped) }, MSG.invoicesNotStamped(unstamped));
  const count = entries.length / 2;
  return { fileName: count === 1 ? `${single}.zip` : `Facturas-XML-PDF-${count}.zip`, base64: zipFiles(entries).toString('base64') };
}

/** The stamped CFDI as the PAC returned it; a borrador gets a preview (not sealed, says so in a comment). */
export async function invoiceXml(ctx: RequestContext, id: string): Promise<string> {
  const { invoice, lines, client, company, cfdiXml } = await invoiceParts(ctx, id);
  return cfdiXml ?? buildCfdiXml(invoice, lines, partiesOf(invoice, company, client), await invoiceCfdiOptions(db(ctx), invoice));
}

export async function invoicePdf(ctx: RequestContext, id: string): Promise<string> {
  const { invoice, lines, client, company, timbre } = await invoiceParts(ctx, id);
  return renderPdfBase64(invoicePdfSpec(company, invoice, lines, client, timbre));
}

/** Most invoices printed in one file (a PDF of hundreds of pages helps nobody and holds the server). */
export const INVOICE_BUNDLE_MAX = 100;

/** The invoices of `ids` in one PDF, in that order; any missing one refuses the whole file (NOT_FOUND). */
export async function invoicesPdf(ctx: RequestContext, ids: readonly string[]): Promise<string> {
  const specs = [];
  for (const id of bulkIds(ids, INVOICE_BUNDLE_MAX)) {
    const { invoice, lines, client, company, timbre } = await invoiceParts(ctx, id);
    specs.push(invoicePdfSpec(company, invoice, lines, client, timbre));
  }
  return renderPdfBundleBase64(specs, specs.length === 1 ? (specs[0]?.title ?? 'Facturas') : 'Facturas');
}

// ---- reports -------------------------------------------------------------------------------

function period(from: string | null | undefined, to: string | null | undefined): { from: string; to: string } {
  if (!from || !to) throw badInput({ from: MSG.periodRequired }, MSG.periodRequired);
  return parseInput(periodInput, { from, to });
}

export async function salesByClient(ctx: RequestContext, from: string | null | undefined, to: string | null | undefined) {
  const p = period(from, to);
  return data.salesByClientMonth(db(ctx), p.from, p.to);
}

export type AgingRow = { clientId: number | null; clientName: string; current: string; days1to30: string; days31to60: string; days61to90: string; over90: string; total: string };

export async function receivablesAging(ctx: RequestContext, asOf: string | null | undefined): Promise<{ asOf: string; rows: AgingRow[]; totals: AgingRow }> {
  if (!asOf) throw badInput({ asOf: MSG.asOfRequired }, MSG.asOfRequired);
  const raw = await data.receivablesAging(db(ctx), asOf);
  const rows: AgingRow[] = raw.map((r) => ({
    clientId: r.clientId,
    clientName: r.clientName,
    current: money(r.current),
    days1to30: money(r.d1),
    days31to60: money(r.d31),
    days61to90: money(r.d61),
    over90: money(r.d91),
    total: money(r.total),
  }));
  const col = (k: keyof Omit<AgingRow, 'clientId' | 'clientName'>) => money(sum(rows.map((r) => r[k])));
  return {
    asOf,
    rows,
    totals: { clientId: null, clientName: 'Total', current: col('current'), days1to30: col('days1to30'), days31to60: col('days31to60'), days61to90: col('days61to90'), over90: col('over90'), total: col('total') },
  };
}

export async function quoteConversion(ctx: RequestContext, from: string | null | undefined, to: string | null | undefined) {
  const p = period(from, to);
  const rows = await data.quoteCounts(db(ctx), p.from, p.to, todayMx());
  const by = (s: data.QuoteStatus) => rows.find((r) => r.status === s) ?? { n: 0, amount: '0' };
  const decided = ['enviada', 'aceptada', 'rechazada', 'vencida'] as const;
  const offered = decided.reduce((acc, s) => acc + by(s).n, 0);
  const amountOffered = money(sum(decided.map((s) => by(s).amount)));
  return {
    total: rows.reduce((acc, r) => acc + r.n, 0),
    draft: by('borrador').n,
    sent: by('enviada').n,
    accepted: by('aceptada').n,
    rejected: by('rechazada').n,
    expired: by('vencida').n,
    // Conversion counts only quotes that reached the client (borradores never did).
    rate: offered ? money(dec(by('aceptada').n).times(100).dividedBy(offered)) : '0.00',
    amountOffered,
    amountAccepted: money(by('aceptada').amount),
    amountRate: percent(by('aceptada').amount, amountOffered),
  };
}

export async function contractProgress(ctx: RequestContext, status: data.ContractStatus | null | undefined) {
  const rows = await data.contractProgressRows(db(ctx), status ?? null);
  return rows.map((r) => ({
    ...r,
    authorizedPercent: percent(r.authorizedAmount, r.contractedAmount),
    billedPercent: percent(r.billedAmount, r.contractedAmount),
  }));
}

export type ReportKind = 'SALES_BY_CLIENT' | 'AGING' | 'QUOTE_CONVERSION' | 'CONTRACT_PROGRESS';

export async function reportPdf(ctx: RequestContext, kind: ReportKind, from?: string | null, to?: string | null, asOf?: string | null): Promise<string> {
  const company = await getCompanyProfile(db(ctx));
  const money2 = (header: string, key: string): PdfColumn => ({ header, key, format: 'money', width: 1.2 });
  if (kind === 'SALES_BY_CLIENT') {
    const rows = await salesByClient(ctx, from, to);
    return renderPdfBase64({
      company,
      title: 'Ventas por cliente y mes',
      subtitle: `Del ${formatDateMx(from)} al ${formatDateMx(to)}`,
      orientation: 'portrait',
      blocks: [
        {
          kind: 'table',
          columns: [{ header: 'Cliente', key: 'clientName', width: 3.5 }, { header: 'Mes', key: 'month', width: 1 }, { header: 'Facturas', key: 'invoiceCount', width: 0.8, format: 'quantity' }, money2('Subtotal', 'subtotal'), money2('Total', 'total')],
          rows,
          footer: { clientName: 'Total', invoiceCount: rows.reduce((a, r) => a + r.invoiceCount, 0), subtotal: money(sum(rows.map((r) => r.subtotal))), total: money(sum(rows.map((r) => r.total))) },
          emptyText: 'Sin facturas emitidas en el periodo.',
        },
      ],
    });
  }
  if (kind === 'AGING') {
    const report = await receivablesAging(ctx, asOf);
    return renderPdfBase64({
      company,
      title: 'Antigüedad de saldos de clientes',
      subtitle: `Al ${formatDateMx(report.asOf)}`,
      orientation: 'landscape',
      blocks: [
        {
          kind: 'table',
          columns: [
            { header: 'Cliente', key: 'clientName', width: 3 },
            money2('Corriente', 'current'),
            money2('1 a 30 días', 'days1to30'),
            money2('31 a 60 días', 'days31to60'),
            money2('61 a 90 días', 'days61to90'),
            money2('Más de 90 días', 'over90'),
            money2('Total', 'total'),
          ],
          rows: report.rows,
          footer: report.totals,
          emptyText: 'Sin saldos pendientes a la fecha.',
        },
      ],
    });
  }
  if (kind === 'QUOTE_CONVERSION') {
    const r = await quoteConversion(ctx, from, to);
    return renderPdfBase64({
      company,
      title: 'Conversión de cotizaciones',
      subtitle: `Del ${formatDateMx(from)} al ${formatDateMx(to)}`,
      blocks: [
        {
          kind: 'fields',
          columns: 2,
          fields: [
            { label: 'Cotizaciones', value: r.total },
            { label: 'En borrador', value: r.draft },
            { label: 'Enviadas (en espera)', value: r.sent },
            { label: 'Aceptadas', value: r.accepted },
            { label: 'Rechazadas', value: r.rejected },
            { label: 'Vencidas', value: r.expired },
            { label: 'Tasa de conversión', value: r.rate, format: 'percent' },
            { label: 'Importe ofertado', value: r.amountOffered, format: 'money' },
            { label: 'Importe aceptado', value: r.amountAccepted, format: 'money' },
            { label: 'Conversión por importe', value: r.amountRate, format: 'percent' },
          ],
        },
      ],
    });
  }
  const rows = await contractProgress(ctx, null);
  return renderPdfBase64({
    company,
    title: 'Avance de contratos',
    orientation: 'landscape',
    blocks: [
      {
        kind: 'table',
        columns: [
          { header: 'Contrato', key: 'label', width: 0.9 },
          { header: 'Nombre', key: 'name', width: 2.5 },
          { header: 'Cliente', key: 'clientName', width: 2.2 },
          { header: 'Estado', key: 'statusLabel', width: 0.9 },
          money2('Contratado', 'contractedAmount'),
          money2('Autorizado', 'authorizedAmount'),
          { header: '% autorizado', key: 'authorizedPercent', format: 'percent', width: 0.9 },
          money2('Facturado', 'billedAmount'),
          { header: '% facturado', key: 'billedPercent', format: 'percent', width: 0.9 },
        ],
        rows: rows.map((r) => ({ ...r, label: folioLabel('contract', r.folio), statusLabel: CONTRACT_LIFECYCLE.labels[r.status] })),
        emptyText: 'Sin contratos.',
      },
    ],
  });
}

