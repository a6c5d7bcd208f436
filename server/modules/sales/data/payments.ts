// Ventas data layer: client payments, their applications to invoices and deposit accounts.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { clientPaymentApplications, clientPayments } from '../tables';
import type { IncomeStatus, InvoiceStatus } from '../../../../schema/sales/labels';
import type { Page, Ref } from './types';
import { count, inList, invoiceLabelSql, order, page, ref, whereAll } from './common';

export type PaymentRow = {
  id: number;
  folio: number;
  client: Ref;
  date: string;
  formaPago: string;
  accountId: number;
  accountName: string;
  amount: string;
  appliedAmount: string;
  reference: string;
  notes: string;
  status: IncomeStatus;
  cancelReason: string | null;
  ledgerEntryId: number | null;
  stampStatus: 'pendiente' | 'timbrada' | null;
  cfdiUuid: string | null;
  stampedAt: Date | string | null;
  stampSandbox: boolean | null;
  needsComplement: boolean;
  createdAt: Date | string;
  version: number;
  /** The PAC's last refusal of the complement (client_payments.refusal_*), cleared once it is sealed again. */
  refusalCode: string | null;
  refusalMessage: string | null;
  refusedAt: Date | string | null;
  /** MonedaP and the pesos per dollar of its day (1 when nothing was in dollars). */
  currency: 'MXN' | 'USD';
  exchangeRate: string;
};
export type ApplicationRow = {
  id: number;
  paymentId: number;
  invoiceId: number;
  invoiceLabel: string;
  invoiceTotal: string;
  metodoPago: string;
  amount: string;
  installment: number;
  previousBalance: string;
  remainingBalance: string;
  isPpd: boolean;
  /** The invoice's currency (amount and balances are in it) and EquivalenciaDR to the payment's. */
  invoiceCurrency: 'MXN' | 'USD';
  equivalence: string;
};

export const PAYMENT_SORTS = ['folio', 'date', 'client', 'amount', 'status'] as const;

const paymentSelect = sql`select p.id, p.folio, p.client_id, cl.name as client_name, cl.rfc as client_rfc, p.date::text as date,
  p.forma_pago as "formaPago", p.account_id as "accountId", a.name as "accountName", p.amount::text as amount,
  coalesce((select sum(round(x.amount / x.equivalence, 2)) from client_payment_applications x where x.payment_id = p.id), 0)::text as "appliedAmount",
  p.currency, p.exchange_rate::text as "exchangeRate",
  p.reference, p.notes, p.status, p.cancel_reason as "cancelReason", p.ledger_entry_id as "ledgerEntryId",
  p.stamp_status as "stampStatus", p.cfdi_uuid as "cfdiUuid", p.stamped_at as "stampedAt", p.stamp_sandbox as "stampSandbox",
  exists(select 1 from client_payment_applications x join invoices i on i.id = x.invoice_id
    where x.payment_id = p.id and x.is_ppd and i.stamp_status = 'timbrada') as "needsComplement",
  p.created_at as "createdAt", p.version,
  p.refusal_code as "refusalCode", p.refusal_message as "refusalMessage", p.refused_at as "refusedAt"
  from client_payments p join clients cl on cl.id = p.client_id join company_accounts a on a.id = p.account_id`;

type PaymentDbRow = Omit<PaymentRow, 'client'> & { client_id: number; client_name: string; client_rfc: string };
const toPayment = ({ client_id, client_name, client_rfc, ...r }: PaymentDbRow): PaymentRow => ({
  ...r,
  ledgerEntryId: r.ledgerEntryId === null ? null : Number(r.ledgerEntryId),
  client: ref(client_id, client_name, client_rfc),
});

export async function listPayments(
  ex: Executor,
  q: ListQuery<(typeof PAYMENT_SORTS)[number]>,
  filter: { status?: IncomeStatus | null; clientId?: number | null; dateFrom?: string | null; dateTo?: string | null },
): Promise<Page<PaymentRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(cl.name ilike ${p} or p.reference ilike ${p} or p.folio::text = ${q.search})`,
    filter.status && sql`p.status = ${filter.status}`,
    filter.clientId && sql`p.client_id = ${filter.clientId}`,
    filter.dateFrom && sql`p.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`p.date <= ${filter.dateTo}`,
  ]);
  const cols = { folio: 'p.folio', date: 'p.date', client: 'cl.name', amount: 'p.amount', status: 'p.status' };
  const [items, total] = await Promise.all([
    queryRows<PaymentDbRow>(ex, sql`${paymentSelect} ${where} ${order(cols, q, 'p.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from client_payments p left join clients cl on cl.id = p.client_id ${where}`),
  ]);
  return { items: items.map(toPayment), total };
}

export async function findPayment(ex: Executor, id: number, lock = false): Promise<PaymentRow | null> {
  if (lock) await ex.execute(sql`select id from client_payments where id = ${id} for update`);
  const rows = await queryRows<PaymentDbRow>(ex, sql`${paymentSelect} where p.id = ${id}`);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function applicationsOf(ex: Executor, paymentIds: number[]): Promise<ApplicationRow[]> {
  if (!paymentIds.length) return [];
  return queryRows<ApplicationRow>(
    ex,
    sql`select a.id, a.payment_id as "paymentId", a.invoice_id as "invoiceId", ${invoiceLabelSql('i')} as "invoiceLabel",
          i.total::text as "invoiceTotal", i.metodo_pago as "metodoPago", a.amount::text as amount, a.installment,
          a.previous_balance::text as "previousBalance", a.remaining_balance::text as "remainingBalance", a.is_ppd as "isPpd",
          i.currency as "invoiceCurrency", a.equivalence::text as equivalence
        from client_payment_applications a join invoices i on i.id = a.invoice_id
        where a.payment_id in ${inList(paymentIds)} order by a.payment_id, a.id`,
  );
}

/** Active payments already applied to an invoice (the next parcialidad is this + 1). */
export async function installmentsSoFar(ex: Executor, invoiceId: number): Promise<number> {
  return count(
    ex,
    sql`select count(*)::int as n from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id = ${invoiceId} and p.status = 'aplicado'`,
  );
}

/** installmentsSoFar of several invoices in one statement (0 for an invoice without applied payments). */
export async function installmentsOf(ex: Executor, invoiceIds: number[]): Promise<Map<number, number>> {
  if (!invoiceIds.length) return new Map();
  const rows = await queryRows<{ invoiceId: number; n: number }>(
    ex,
    sql`select a.invoice_id as "invoiceId", count(*)::int as n from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id in ${inList(invoiceIds)} and p.status = 'aplicado' group by a.invoice_id`,
  );
  return new Map(rows.map((r) => [Number(r.invoiceId), Number(r.n)]));
}

export type PaymentValues = Omit<typeof clientPayments.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;

export async function insertPayment(ex: Executor, folio: number, values: PaymentValues): Promise<number> {
  const [row] = await ex.insert(clientPayments).values({ ...values, folio }).returning({ id: clientPayments.id });
  return row.id;
}

export async function insertApplications(ex: Executor, rows: (typeof clientPaymentApplications.$inferInsert)[]): Promise<void> {
  if (rows.length) await ex.insert(clientPaymentApplications).values(rows);
}

export async function updatePayment(
  ex: Executor,
  id: number,
  version: number | null,
  values: { status?: IncomeStatus; cancelReason?: string; cancelledAt?: Date; ledgerEntryId?: number },
): Promise<boolean> {
  const rows = await ex
    .update(clientPayments)
    .set({ ...values, version: sql`${clientPayments.version} + 1` })
    .where(version === null ? eq(clientPayments.id, id) : and(eq(clientPayments.id, id), eq(clientPayments.version, version)))
    .returning({ id: clientPayments.id });
  return rows.length === 1;
}

/** Moves an invoice balance by `delta` (negative = paid) and sets its status from the result. */
export async function setInvoiceBalance(ex: Executor, invoiceId: number, balance: string, status: InvoiceStatus): Promise<void> {
  await ex.execute(sql`update invoices set balance = ${balance}, status = ${status}, version = version + 1 where id = ${invoiceId}`);
}

/** Company accounts (owned by Compras) as deposit targets: read-only here. */
export async function findAccount(ex: Executor, id: number): Promise<{ id: number; active: boolean } | null> {
  return (await queryRows<{ id: number; active: boolean }>(ex, sql`select id, active from company_accounts where id = ${id}`))[0] ?? null;
}

export async function depositAccounts(ex: Executor): Promise<{ id: number; name: string; bank: string; number: string }[]> {
  return queryRows(ex, sql`select id, name, bank, number from company_accounts where active order by name, id`);
}

// ---- payment complement (paymentStamping.ts) ---------------------------------------------------

/** What the complement needs of each stamped PPD invoice a payment settles, in application order. */
export async function repDocumentsOf(ex: Executor, paymentId: number) {
  return queryRows<{
    uuid: string; serie: string; folio: number; installment: number; previousBalance: string; paid: string; remaining: string; currency: 'MXN' | 'USD'; equivalence: string;
    total: string; base: string; ivaRate: string; ivaFactor: string; iva: string; isrRetentionRate: string; isrRetained: string; ivaRetentionRate: string; ivaRetained: string;
  }>(
    ex,
    sql`select i.cfdi_uuid as uuid, i.serie, i.folio, a.installment, a.previous_balance::text as "previousBalance", a.amount::text as paid,
          a.remaining_balance::text as remaining, i.total::text as total, i.currency, a.equivalence::text as equivalence,
          coalesce((select sum(l.base) from invoice_lines l where l.invoice_id = i.id and l.objeto_imp = '02'), 0)::text as base,
          i.iva_rate::text as "ivaRate", i.iva_factor as "ivaFactor", i.iva::text as iva, i.isr_retention_rate::text as "isrRetentionRate", i.isr_retained::text as "isrRetained",
          i.iva_retention_rate::text as "ivaRetentionRate", i.iva_retained::text as "ivaRetained"
        from client_payment_applications a join invoices i on i.id = a.invoice_id
        where a.payment_id = ${paymentId} and a.is_ppd and i.stamp_status = 'timbrada'
        order by a.id`,
  );
}

export async function paymentCfdiXml(ex: Executor, id: number): Promise<string | null> {
  const rows = await ex.select({ xml: clientPayments.cfdiXml }).from(clientPayments).where(eq(clientPayments.id, id));
  return rows[0]?.xml ?? null;
}

export async function markPaymentSealed(ex: Executor, id: number, sealedXml: string): Promise<void> {
  // Sealed again: a previous refusal no longer describes it.
  await ex.update(clientPayments).set({ stampStatus: 'pendiente', cfdiXml: sealedXml, refusalCode: null, refusalMessage: null, refusedAt: null }).where(eq(clientPayments.id, id));
}

/** pendiente → timbrada, once. */
export async function savePaymentStamp(ex: Executor, id: number, stamp: { xml: string; uuid: string; stampedAt: Date; sandbox: boolean }): Promise<boolean> {
  const rows = await ex
    .update(clientPayments)
    .set({
      stampStatus: 'timbrada', cfdiXml: stamp.xml, cfdiUuid: stamp.uuid, stampedAt: stamp.stampedAt, stampSandbox: stamp.sandbox,
      refusalCode: null, refusalMessage: null, refusedAt: null, version: sql`${clientPayments.version} + 1`,
    })
    .where(and(eq(clientPayments.id, id), eq(clientPayments.stampStatus, 'pendiente')))
    .returning({ id: clientPayments.id });
  return rows.length === 1;
}

/** The PAC refused the complement: the payment stands, without one (it can be issued again), and keeps why. */
export async function clearPaymentSeal(ex: Executor, id: number, refusal: { code: string; message: string; at: Date }): Promise<boolean> {
  const rows = await ex
    .update(clientPayments)
    .set({ stampStatus: null, cfdiXml: null, refusalCode: refusal.code, refusalMessage: refusal.message, refusedAt: refusal.at })
    .where(and(eq(clientPayments.id, id), eq(clientPayments.stampStatus, 'pendiente')))
    .returning({ id: clientPayments.id });
  return rows.length === 1;
}

export async function pendingPaymentStampIds(ex: Executor): Promise<number[]> {
  const rows = await ex.select({ id: clientPayments.id }).from(clientPayments).where(eq(clientPayments.stampStatus, 'pendiente')).orderBy(clientPayments.id);
  return rows.map((r) => r.id);
}
