// Ventas data layer: invoices, their lines, generadores and payments.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { updateWithNextFolio } from '../../../db/folios';
import { queryRows, type Executor } from '../../../db/database';
import { dueSoonFrom, overdueOn } from '../../../lib/dues';
import { likePattern, type ListQuery } from '../../../lib/list';
import { moneyGroups, type MoneyGroupPage } from '../../../lib/moneyGroups';
import { generators, invoiceAnticipos, invoiceLines, invoices } from '../tables';
import type { GeneratorStatus, IncomeStatus, InvoiceStatus } from '../../../../schema/sales/labels';
import type { Page, Ref } from './types';
import { count, inList, invoiceBalanceSql, invoiceLabelSql, OPEN_INVOICE, order, page, ref, whereAll } from './common';

export type InvoiceRow = {
  id: number;
  serie: string;
  folio: number | null;
  label: string;
  client: Ref;
  clientId: number;
  contractId: number | null;
  date: string;
  dueDate: string;
  formaPago: string;
  metodoPago: 'PUE' | 'PPD';
  usoCfdi: string;
  status: InvoiceStatus;
  ivaRate: string;
  /** TipoFactor of the IVA traslado: Tasa or Exento. */
  ivaFactor: 'Tasa' | 'Exento';
  isrRetentionRate: string;
  ivaRetentionRate: string;
  subtotal: string;
  discount: string;
  iva: string;
  isrRetained: string;
  ivaRetained: string;
  total: string;
  balance: string;
  notes: string;
  emisorRfc: string | null;
  emisorName: string | null;
  emisorRegimen: string | null;
  lugarExpedicion: string | null;
  receptorRfc: string | null;
  receptorName: string | null;
  receptorRegimen: string | null;
  receptorPostalCode: string | null;
  emittedAt: Date | string | null;
  cancelReason: string | null;
  cancelledAt: Date | string | null;
  stampStatus: 'pendiente' | 'timbrada' | null;
  cfdiUuid: string | null;
  stampedAt: Date | string | null;
  stampSandbox: boolean | null;
  satCancelStatus: 'solicitada' | 'cancelada' | 'rechazada' | null;
  satCancelMotivo: string | null;
  satCancelSubstitute: string | null;
  kind: 'normal' | 'anticipo' | 'global';
  globalPeriodicidad: string | null;
  globalMeses: string | null;
  globalAnio: number | null;
  /** Moneda and TipoCambio (pesos per unit; 1 for MXN): every amount above is in this currency. */
  currency: 'MXN' | 'USD';
  exchangeRate: string;
  createdAt: Date | string;
  version: number;
};
export type InvoiceLineRow = Omit<typeof invoiceLines.$inferSelect, never>;

export const INVOICE_SORTS = ['folio', 'date', 'dueDate', 'client', 'total', 'balance', 'status'] as const;

const invoiceSelect = sql`select i.id, i.serie, i.folio, ${invoiceLabelSql('i')} as label, i.client_id as "clientId", cl.name as client_name,
  cl.rfc as client_rfc, i.contract_id as "contractId", i.date::text as date, i.due_date::text as "dueDate", i.forma_pago as "formaPago",
  i.metodo_pago as "metodoPago", i.uso_cfdi as "usoCfdi", i.status, i.iva_rate::text as "ivaRate", i.iva_factor as "ivaFactor",
  i.isr_retention_rate::text as "isrRetentionRate", i.iva_retention_rate::text as "ivaRetentionRate", i.subtotal::text as subtotal,
  i.discount::text as discount, i.iva::text as iva, i.isr_retained::text as "isrRetained", i.iva_retained::text as "ivaRetained",
  i.total::text as total, ${invoiceBalanceSql()}::text as balance, i.notes, i.emisor_rfc as "emisorRfc", i.emisor_name as "emisorName",
  i.emisor_regimen as "emisorRegimen", i.lugar_expedicion as "lugarExpedicion", i.receptor_rfc as "receptorRfc",
  i.receptor_name as "receptorName", i.receptor_regimen as "receptorRegimen", i.receptor_postal_code as "receptorPostalCode",
  i.emitted_at as "emittedAt", i.cancel_reason as "cancelReason", i.cancelled_at as "cancelledAt",
  i.stamp_status as "stampStatus", i.cfdi_uuid as "cfdiUuid", i.stamped_at as "stampedAt", i.stamp_sandbox as "stampSandbox",
  i.sat_cancel_status as "satCancelStatus", i.sat_cancel_motivo as "satCancelMotivo", i.sat_cancel_substitute as "satCancelSubstitute",
  i.kind, i.global_periodicidad as "globalPeriodicidad", i.global_meses as "globalMeses", i.global_anio as "globalAnio", i.currency, i.exchange_rate::text as "exchangeRate", i.created_at as "createdAt", i.version
  from invoices i join clients cl on cl.id = i.client_id`;

type InvoiceDbRow = Omit<InvoiceRow, 'client'> & { client_name: string; client_rfc: string };
const toInvoice = ({ client_name, client_rfc, ...r }: InvoiceDbRow): InvoiceRow => ({ ...r, client: ref(r.clientId, client_name, client_rfc) });

export type InvoiceFilter = {
  status?: InvoiceStatus | null;
  clientId?: number | null;
  serie?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  openOnly?: boolean | null;
  /** Only open invoices due before this date (the service passes today when the filter asks for overdue). */
  overdueOn?: string | null;
  /** Only open invoices due from this date to DUE_SOON_DAYS later (today when the filter asks for due soon). */
  dueSoonFrom?: string | null;
  /** InvoiceKind: 'normal' (ingreso), 'anticipo' or 'global'. */
  kind?: 'normal' | 'anticipo' | 'global' | null;
  currency?: 'MXN' | 'USD' | null;
};

/** The list's search and filter over `invoices i join clients cl`: the list and its groups read the same rows. */
function invoiceWhere(search: string | null, filter: InvoiceFilter): SQL {
  const p = search ? likePattern(search) : null;
  return whereAll([
    p && sql`(cl.name ilike ${p} or cl.rfc ilike ${p} or (i.serie || '-' || i.folio) ilike ${p} or i.folio::text = ${search})`,
    filter.status && sql`i.status = ${filter.status}`,
    filter.clientId && sql`i.client_id = ${filter.clientId}`,
    filter.serie && sql`i.serie = ${filter.serie}`,
    filter.kind && sql`i.kind = ${filter.kind}`,
    filter.currency && sql`i.currency = ${filter.currency}`,
    filter.dateFrom && sql`i.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`i.date <= ${filter.dateTo}`,
    filter.openOnly && sql`i.status in ${OPEN_INVOICE} and ${invoiceBalanceSql()} > 0`,
    filter.overdueOn && sql`i.status in ${OPEN_INVOICE} and ${invoiceBalanceSql()} > 0 and ${overdueOn(sql`i.due_date`, filter.overdueOn)}`,
    filter.dueSoonFrom && sql`i.status in ${OPEN_INVOICE} and ${invoiceBalanceSql()} > 0 and ${dueSoonFrom(sql`i.due_date`, filter.dueSoonFrom)}`,
  ]);
}

export async function listInvoices(ex: Executor, q: ListQuery<(typeof INVOICE_SORTS)[number]>, filter: InvoiceFilter): Promise<Page<InvoiceRow>> {
  const where = invoiceWhere(q.search, filter);
  const cols = { folio: 'i.serie, i.folio', date: 'i.date', dueDate: 'i.due_date', client: 'cl.name', total: 'i.total', balance: 'i.balance', status: 'i.status' };
  const [items, total] = await Promise.all([
    queryRows<InvoiceDbRow>(ex, sql`${invoiceSelect} ${where} ${order(cols, q, 'i.id')} ${page(q)}`),
    // Every invoice has a client (NOT NULL FK): the join only serves a search by its name or RFC.
    count(ex, sql`select count(*)::int as n from invoices i ${q.search ? sql`join clients cl on cl.id = i.client_id` : sql``} ${where}`),
  ]);
  return { items: items.map(toInvoice), total };
}

export type InvoiceGroupBy = 'CLIENT' | 'STATUS' | 'MONTH';

/** Invoices of the list (same search and filter) grouped by client, status or month of their date; labels of status and month are the service's. */
export function invoiceGroups(ex: Executor, groupBy: InvoiceGroupBy, q: ListQuery<string>, filter: InvoiceFilter): Promise<MoneyGroupPage> {
  const key = { CLIENT: sql`i.client_id`, STATUS: sql`i.status`, MONTH: sql`to_char(i.date, 'YYYY-MM')` }[groupBy];
  return moneyGroups(
    ex,
    {
      from: sql`from invoices i join clients cl on cl.id = i.client_id`,
      where: invoiceWhere(q.search, filter),
      key,
      label: groupBy === 'CLIENT' ? sql`cl.name` : sql`(${key})::text`,
      // Groups add invoices of both currencies: each in pesos at its own TipoCambio.
      subtotal: sql`round((i.subtotal - i.discount) * i.exchange_rate, 2)`,
      tax: sql`round(i.iva * i.exchange_rate, 2)`,
      total: sql`round(i.total * i.exchange_rate, 2)`,
      balance: sql`round(${invoiceBalanceSql()} * i.exchange_rate, 2)`,
      cancelled: sql`i.status = 'cancelada'`,
      order: groupBy === 'MONTH' ? 'keyAsc' : 'totalDesc',
    },
    q,
  );
}

export async function findInvoice(ex: Executor, id: number): Promise<InvoiceRow | null> {
  const rows = await queryRows<InvoiceDbRow>(ex, sql`${invoiceSelect} where i.id = ${id}`);
  return rows[0] ? toInvoice(rows[0]) : null;
}

export async function openInvoicesOf(ex: Executor, clientId: number): Promise<InvoiceRow[]> {
  return (
    await queryRows<InvoiceDbRow>(ex, sql`${invoiceSelect} where i.client_id = ${clientId} and i.status in ${OPEN_INVOICE} and ${invoiceBalanceSql()} > 0 order by i.due_date, i.id`)
  ).map(toInvoice);
}

/** Row locks on invoices in id order; payments lock these BEFORE the account (ledger.ts contract). */
export async function lockInvoices(ex: Executor, ids: number[]): Promise<{ id: number; clientId: number; status: InvoiceStatus; total: string; balance: string; metodoPago: string; currency: 'MXN' | 'USD'; version: number }[]> {
  if (!ids.length) return [];
  return queryRows(
    ex,
    sql`select i.id, i.client_id as "clientId", i.status, i.total::text as total, ${invoiceBalanceSql()}::text as balance, i.metodo_pago as "metodoPago", i.currency, i.version
        from invoices i where i.id in ${inList(ids)} order by i.id for update`,
  );
}

export async function invoiceLinesOf(ex: Executor, invoiceIds: number[]): Promise<InvoiceLineRow[]> {
  if (!invoiceIds.length) return [];
  return queryRows<InvoiceLineRow>(
    ex,
    sql`select id, invoice_id as "invoiceId", line_no as "lineNo", generator_id as "generatorId", concept_id as "conceptId", description,
          prod_serv_key as "prodServKey", unit_key as "unitKey", unit_name as "unitName", quantity::text as quantity,
          unit_price::text as "unitPrice", discount_percent::text as "discountPercent", objeto_imp as "objetoImp", amount::text as amount,
          discount::text as discount, base::text as base, iva::text as iva, isr_retained::text as "isrRetained", iva_retained::text as "ivaRetained"
        from invoice_lines where invoice_id in ${inList(invoiceIds)} order by invoice_id, line_no`,
  );
}

export async function generatorsOfInvoices(ex: Executor, invoiceIds: number[]): Promise<{ id: number; invoiceId: number; folio: number; amount: string }[]> {
  if (!invoiceIds.length) return [];
  return queryRows(
    ex,
    sql`select id, invoice_id as "invoiceId", folio, amount::text as amount from generators where invoice_id in ${inList(invoiceIds)} order by folio`,
  );
}

export type InvoicePaymentRefRow = {
  invoiceId: number;
  paymentId: number;
  paymentFolio: number;
  date: string;
  amount: string;
  installment: number;
  previousBalance: string;
  remainingBalance: string;
  status: IncomeStatus;
};

export async function paymentsOfInvoices(ex: Executor, invoiceIds: number[]): Promise<InvoicePaymentRefRow[]> {
  if (!invoiceIds.length) return [];
  return queryRows<InvoicePaymentRefRow>(
    ex,
    sql`select a.invoice_id as "invoiceId", p.id as "paymentId", p.folio as "paymentFolio", p.date::text as date, a.amount::text as amount,
          a.installment, a.previous_balance::text as "previousBalance", a.remaining_balance::text as "remainingBalance", p.status
        from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id in ${inList(invoiceIds)} order by a.invoice_id, p.date, a.id`,
  );
}

export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt' | 'version' | 'status' | 'folio'>;
export type InvoiceLineValues = Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId'>;

export async function insertInvoice(ex: Executor, values: InvoiceValues): Promise<number> {
  const [row] = await ex.insert(invoices).values(values).returning({ id: invoices.id });
  return row.id;
}

/**
 * Emission's write: the invoice's new values and the serie's next folio in
 * one statement (the counter row stays locked only from here to the commit).
 * Null when the version moved (the caller rolls back: the number comes back).
 */
export function emitInvoiceRow(ex: Executor, id: number, version: number, serie: string, values: Partial<InvoiceValues> & { status: InvoiceStatus }): Promise<number | null> {
  return updateWithNextFolio(ex, invoices, `invoice:${serie}`, invoices.folio, { ...values, version: sql`${invoices.version} + 1` }, and(eq(invoices.id, id), eq(invoices.version, version)) as SQL);
}

/** Every generador of an invoice becomes facturado, in one statement. */
/** The generadores an invoice carries, with their status (emission and cancellation move them). */
export async function generatorsOfInvoice(ex: Executor, invoiceId: number): Promise<{ id: number; status: GeneratorStatus }[]> {
  return queryRows(ex, sql`select id, status from generators where invoice_id = ${invoiceId} order by id for update`);
}

export async function markGeneratorsInvoiced(ex: Executor, invoiceId: number): Promise<void> {
  await ex.update(generators).set({ status: 'facturado', version: sql`${generators.version} + 1` }).where(eq(generators.invoiceId, invoiceId));
}

export async function updateInvoice(
  ex: Executor,
  id: number,
  version: number | null,
  values: Partial<InvoiceValues> & { status?: InvoiceStatus; folio?: number | null },
): Promise<boolean> {
  const rows = await ex
    .update(invoices)
    .set({ ...values, version: sql`${invoices.version} + 1` })
    .where(version === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.version, version)))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

export async function replaceInvoiceLines(ex: Executor, invoiceId: number, lines: InvoiceLineValues[]): Promise<void> {
  await ex.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length) await ex.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId })));
}

export async function activePaymentsCount(ex: Executor, invoiceId: number): Promise<number> {
  return count(
    ex,
    sql`select count(*)::int as n from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id = ${invoiceId} and p.status = 'aplicado'`,
  );
}

// ---- stamping (stamping.ts) ------------------------------------------------------------------

/** The CFDI XML kept for an invoice: the sealed one while pendiente, the stamped one after. */
export async function invoiceCfdiXml(ex: Executor, id: number): Promise<string | null> {
  const rows = await ex.select({ xml: invoices.cfdiXml }).from(invoices).where(eq(invoices.id, id));
  return rows[0]?.xml ?? null;
}

/** Invoices sealed and sent whose PAC answer was never saved (a crash, a PAC that did not answer). */
export async function pendingStampIds(ex: Executor): Promise<number[]> {
  const rows = await ex.select({ id: invoices.id }).from(invoices).where(eq(invoices.stampStatus, 'pendiente')).orderBy(invoices.id);
  return rows.map((r) => r.id);
}

/** pendiente → timbrada, once: false when another request saved it first. */
export async function saveInvoiceStamp(ex: Executor, id: number, stamp: { xml: string; uuid: string; stampedAt: Date; sandbox: boolean }): Promise<boolean> {
  const rows = await ex
    .update(invoices)
    .set({ stampStatus: 'timbrada', cfdiXml: stamp.xml, cfdiUuid: stamp.uuid, stampedAt: stamp.stampedAt, stampSandbox: stamp.sandbox, version: sql`${invoices.version} + 1` })
    .where(and(eq(invoices.id, id), eq(invoices.stampStatus, 'pendiente')))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

/** Emission sealed the CFDI: it waits for the PAC's answer with the XML that was sent. */
export async function markInvoiceSealed(ex: Executor, id: number, sealedXml: string): Promise<void> {
  await ex.update(invoices).set({ stampStatus: 'pendiente', cfdiXml: sealedXml }).where(eq(invoices.id, id));
}

/** A PAC refused the document: back to borrador with its folio, generadores back to autorizado; false if no longer pendiente. */
export async function returnInvoiceToDraft(ex: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update invoices set status = 'borrador', stamp_status = null, cfdi_xml = null, balance = 0, emitted_at = null,
        emisor_rfc = null, emisor_name = null, emisor_regimen = null, lugar_expedicion = null,
        receptor_rfc = null, receptor_name = null, receptor_regimen = null, receptor_postal_code = null, version = version + 1
      where id = ${id} and stamp_status = 'pendiente' returning id`,
  );
  if (!rows.length) return false;
  await ex.update(generators).set({ status: 'autorizado', version: sql`${generators.version} + 1` }).where(and(eq(generators.invoiceId, id), eq(generators.status, 'facturado')));
  return true;
}

// ---- anticipos (TipoRelacion 07) ---------------------------------------------------------------

/** The anticipos a final invoice relates (07), replaced while it is a borrador. */
export async function replaceInvoiceAnticipos(ex: Executor, invoiceId: number, anticipoIds: number[]): Promise<void> {
  await ex.delete(invoiceAnticipos).where(eq(invoiceAnticipos.invoiceId, invoiceId));
  if (anticipoIds.length) await ex.insert(invoiceAnticipos).values(anticipoIds.map((anticipoId) => ({ invoiceId, anticipoId })));
}

/** Subtotal of anticipo `x` that vigente egresos (07) already applied. */
const appliedSql = sql`(select coalesce(sum(n.subtotal), 0) from credit_notes n where n.anticipo_id = x.id and n.status = 'vigente')`;

export type AnticipoRow = InvoiceRow & { applied: string; relatedTo: number | null };
type AnticipoDbRow = InvoiceDbRow & { applied: string; relatedTo: number | null };
const toAnticipo = ({ applied, relatedTo, ...r }: AnticipoDbRow): AnticipoRow => ({ ...toInvoice(r), applied, relatedTo: relatedTo ?? null });

/** The anticipos final invoices relate (07), with what is applied of each. */
export async function anticiposOfInvoices(ex: Executor, invoiceIds: number[]): Promise<AnticipoRow[]> {
  if (!invoiceIds.length) return [];
  const rows = await queryRows<AnticipoDbRow>(
    ex,
    sql`select x.*, ${appliedSql}::text as applied, a.invoice_id as "relatedTo"
        from invoice_anticipos a join (${invoiceSelect}) x on x.id = a.anticipo_id
        where a.invoice_id in ${inList(invoiceIds)} order by a.invoice_id, a.anticipo_id`,
  );
  return rows.map(toAnticipo);
}

/** Anticipos by id, with what is applied of each (the row lock is the caller's). */
export async function findAnticipos(ex: Executor, ids: number[]): Promise<AnticipoRow[]> {
  if (!ids.length) return [];
  return (await queryRows<AnticipoDbRow>(ex, sql`select x.*, ${appliedSql}::text as applied from (${invoiceSelect}) x where x.id in ${inList(ids)}`)).map(toAnticipo);
}

/** A client's stamped, vigente facturas de anticipo with something left to apply, oldest first. */
export async function availableAnticiposOf(ex: Executor, clientId: number): Promise<AnticipoRow[]> {
  const rows = await queryRows<AnticipoDbRow>(
    ex,
    sql`select x.*, ${appliedSql}::text as applied from (${invoiceSelect}) x
        where x."clientId" = ${clientId} and x.kind = 'anticipo' and x."stampStatus" = 'timbrada' and x.status <> 'cancelada'
          and x."satCancelStatus" is null and x.subtotal::numeric > ${appliedSql}
        order by x.date, x.id`,
  );
  return rows.map(toAnticipo);
}

/** Vigente egresos that apply this anticipo (it cannot be cancelled while any exists). */
export async function activeAnticipoApplications(ex: Executor, anticipoId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n from credit_notes where anticipo_id = ${anticipoId} and status = 'vigente'`);
  return Number(rows[0]?.n ?? 0);
}
