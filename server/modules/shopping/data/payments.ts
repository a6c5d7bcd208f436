// Compras › Pagos: supplier payments and how they are applied to expenses.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, type ListQuery } from '../../../lib/list';

export type SupplierPaymentRow = {
  id: number;
  folio: number;
  accountId: number;
  accountName: string;
  supplierId: number;
  supplierName: string;
  date: string;
  amount: string;
  applied: string;
  paymentForm: string;
  reference: string;
  notes: string;
  status: 'aplicado' | 'cancelado';
  accountEntryId: number | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
};

const paymentSelect = sql`select p.id, p.folio, p.account_id as "accountId", a.name as "accountName", p.supplier_id as "supplierId",
    s.name as "supplierName", p.date::text as date, p.amount::text as amount, p.applied::text as applied, p.payment_form as "paymentForm",
    p.reference, p.notes, p.status, p.account_entry_id as "accountEntryId", p.cancel_reason as "cancelReason",
    p.cancelled_at as "cancelledAt", p.created_at as "createdAt"
  from supplier_payments p join company_accounts a on a.id = p.account_id join suppliers s on s.id = p.supplier_id`;

export const PAYMENT_SORTS = ['folio', 'date', 'supplier', 'account', 'amount', 'status'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

const paymentOut = (r: SupplierPaymentRow): SupplierPaymentRow => ({ ...r, accountEntryId: r.accountEntryId === null ? null : Number(r.accountEntryId) });

export async function findPayment(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<SupplierPaymentRow | null> {
  if (opts.lock) await ex.execute(sql`select id from supplier_payments where id = ${id} for update`);
  const rows = await queryRows<SupplierPaymentRow>(ex, sql`${paymentSelect} where p.id = ${id}`);
  return rows[0] ? paymentOut(rows[0]) : null;
}

export async function listPayments(
  ex: Executor,
  q: ListQuery<PaymentSort>,
  f: { supplierId: number | null; accountId: number | null; status: string | null; from: string | null; to: string | null },
) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(s.name ilike ${p} or s.rfc ilike ${p} or a.name ilike ${p} or p.reference ilike ${p} or p.folio::text = ${q.search})`);
  }
  if (f.supplierId) conds.push(sql`p.supplier_id = ${f.supplierId}`);
  if (f.accountId) conds.push(sql`p.account_id = ${f.accountId}`);
  if (f.status) conds.push(sql`p.status = ${f.status}`);
  if (f.from) conds.push(sql`p.date >= ${f.from}`);
  if (f.to) conds.push(sql`p.date <= ${f.to}`);
  const col = { folio: sql`p.folio`, date: sql`p.date`, supplier: sql`s.name`, account: sql`a.name`, amount: sql`p.amount`, status: sql`p.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<SupplierPaymentRow>(ex, sql`${paymentSelect} ${where(conds)} ${orderBy(col, q.desc, sql`p.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from supplier_payments p left join company_accounts a on a.id = p.account_id left join suppliers s on s.id = p.supplier_id ${where(conds)}`,
    ),
  ]);
  return { items: items.map(paymentOut), total: totals[0].n };
}

export async function insertPayment(
  ex: Executor,
  v: { folio: number; accountId: number; supplierId: number; date: string; amount: string; applied: string; paymentForm: string; reference: string; notes: string; createdBy: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into supplier_payments (folio, account_id, supplier_id, date, amount, applied, payment_form, reference, notes, created_by)
        values (${v.folio}, ${v.accountId}, ${v.supplierId}, ${v.date}, ${v.amount}, ${v.applied}, ${v.paymentForm}, ${v.reference}, ${v.notes}, ${v.createdBy})
        returning id`,
  );
  return rows[0].id;
}

export async function insertApplications(ex: Executor, paymentId: number, apps: { expenseId: number; amount: string }[]): Promise<void> {
  const values = apps.map((a) => sql`(${paymentId}, ${a.expenseId}, ${a.amount})`);
  await ex.execute(sql`insert into payment_applications (payment_id, expense_id, amount) values ${sql.join(values, sql`, `)}`);
}

export async function setPaymentEntry(ex: Executor, paymentId: number, entryId: number): Promise<void> {
  await ex.execute(sql`update supplier_payments set account_entry_id = ${entryId} where id = ${paymentId}`);
}

export async function markPaymentCancelled(ex: Executor, id: number, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update supplier_payments set status = 'cancelado', cancel_reason = ${reason}, cancelled_at = now()
        where id = ${id} and status = 'aplicado' returning id`,
  );
  return rows.length === 1;
}

export async function paymentApplications(ex: Executor, paymentIds: number[]) {
  if (!paymentIds.length) return [];
  return queryRows<{ paymentId: number; expenseId: number; expenseFolio: number; invoiceRef: string; amount: string }>(
    ex,
    sql`select pa.payment_id as "paymentId", pa.expense_id as "expenseId", e.folio as "expenseFolio",
          trim(both '-' from concat_ws('-', nullif(e.invoice_serie, ''), nullif(e.invoice_folio, ''))) as "invoiceRef", pa.amount::text as amount
        from payment_applications pa join expenses e on e.id = pa.expense_id
        where pa.payment_id in (${sql.join(paymentIds.map((id) => sql`${id}`), sql`, `)}) order by pa.payment_id, e.due_date, e.id`,
  );
}
