// Compras › Gastos: expenses, their lines, attachments and the balance payments move.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { dueSoonFrom, overdueOn } from '../../../lib/dues';
import { likePattern, orderBy, where, type ListQuery } from '../../../lib/list';
import { moneyGroups, type MoneyGroupPage } from '../../../lib/moneyGroups';
import { isUploadId, type AttachmentRow } from '../../../lib/attachments';

export type ExpenseRow = {
  id: number;
  contractId: number | null;
  serviceOrderId: number | null;
  contractFolio: number | null;
  serviceOrderFolio: number | null;
  folio: number;
  supplierId: number;
  supplierName: string;
  supplierRfc: string;
  date: string;
  dueDate: string;
  invoiceSerie: string;
  invoiceFolio: string;
  cfdiUuid: string | null;
  category: string;
  description: string;
  subtotal: string;
  ivaRate: string;
  iva: string;
  isrRetentionRate: string;
  isrRetention: string;
  ivaRetentionRate: string;
  ivaRetention: string;
  total: string;
  balance: string;
  status: 'pendiente' | 'pagado_parcial' | 'pagado' | 'cancelado';
  cancelReason: string | null;
  paymentRequestId: number | null;
  ivaExempt: boolean;
  purchaseOrderId: number | null;
  purchaseOrderFolio: number | null;
  matchAuthorizedDifference: string | null;
  matchAuthorizedReason: string | null;
  matchAuthorizedByName: string | null;
  matchAuthorizedAt: Date | null;
  satStatus: string | null;
  satCheckedAt: Date | null;
  daysOverdue: number;
  createdAt: Date;
  version: number;
};

const expenseSelect = (today: string) => sql`select e.id, e.folio, e.supplier_id as "supplierId", s.name as "supplierName", s.rfc as "supplierRfc",
    e.date::text as date, e.due_date::text as "dueDate", e.invoice_serie as "invoiceSerie", e.invoice_folio as "invoiceFolio",
    e.cfdi_uuid as "cfdiUuid", e.contract_id as "contractId", e.service_order_id as "serviceOrderId",
    (select folio from contracts c where c.id = e.contract_id) as "contractFolio", (select folio from service_orders so where so.id = e.service_order_id) as "serviceOrderFolio", e.category, e.description, e.subtotal::text as subtotal, e.iva_rate::text as "ivaRate", e.iva::text as iva,
    e.isr_retention_rate::text as "isrRetentionRate", e.isr_retention::text as "isrRetention",
    e.iva_retention_rate::text as "ivaRetentionRate", e.iva_retention::text as "ivaRetention",
    e.total::text as total, e.balance::text as balance, e.status, e.cancel_reason as "cancelReason",
    e.payment_request_id as "paymentRequestId", e.iva_exempt as "ivaExempt", e.purchase_order_id as "purchaseOrderId",
    (select folio from purchase_orders po where po.id = e.purchase_order_id) as "purchaseOrderFolio",
    e.match_authorized_difference::text as "matchAuthorizedDifference", e.match_authorized_reason as "matchAuthorizedReason",
    (select name from users mu where mu.id = e.match_authorized_by) as "matchAuthorizedByName", e.match_authorized_at as "matchAuthorizedAt",
    e.sat_status as "satStatus", e.sat_checked_at as "satCheckedAt",
    case when e.status in ('pendiente', 'pagado_parcial') and e.due_date < ${today}::date then (${today}::date - e.due_date) else 0 end as "daysOverdue",
    e.created_at as "createdAt", e.version
  from expenses e join suppliers s on s.id = e.supplier_id`;

export const EXPENSE_SORTS = ['folio', 'date', 'dueDate', 'supplier', 'total', 'balance', 'status', 'category'] as const;
export type ExpenseSort = (typeof EXPENSE_SORTS)[number];

export type ExpenseFilterValues = {
  status: string | null;
  supplierId: number | null;
  category: string | null;
  from: string | null;
  to: string | null;
  overdue: boolean;
  dueSoon: boolean;
};

/** Expenses still to pay: the ones "vencido" and "por vencer" are counted among. */
const OPEN_EXPENSE = sql`e.status in ('pendiente', 'pagado_parcial') and e.balance > 0`;

/** Locks the expense row: edits, cancellations and attachments queue on it. */
export async function lockExpense(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`select id from expenses where id = ${id} for update`);
}

export async function findExpense(ex: Executor, id: number, today: string, opts: { lock?: boolean } = {}): Promise<ExpenseRow | null> {
  if (opts.lock) await lockExpense(ex, id);
  const rows = await queryRows<ExpenseRow>(ex, sql`${expenseSelect(today)} where e.id = ${id}`);
  return rows[0] ?? null;
}

/** The list's search and filter over `expenses e join suppliers s`: the list, its sums and its groups read the same rows. */
function expenseConds(search: string | null, f: ExpenseFilterValues, today: string): SQL[] {
  const conds: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(s.name ilike ${p} or s.rfc ilike ${p} or e.invoice_folio ilike ${p} or e.invoice_serie ilike ${p}
      or e.description ilike ${p} or e.category ilike ${p} or e.cfdi_uuid ilike ${p} or e.folio::text = ${search})`);
  }
  if (f.status) conds.push(sql`e.status = ${f.status}`);
  if (f.supplierId) conds.push(sql`e.supplier_id = ${f.supplierId}`);
  if (f.category) conds.push(sql`e.category = ${f.category}`);
  if (f.from) conds.push(sql`e.date >= ${f.from}`);
  if (f.to) conds.push(sql`e.date <= ${f.to}`);
  if (f.overdue) conds.push(sql`${OPEN_EXPENSE} and ${overdueOn(sql`e.due_date`, today)}`);
  if (f.dueSoon) conds.push(sql`${OPEN_EXPENSE} and ${dueSoonFrom(sql`e.due_date`, today)}`);
  return conds;
}

export async function listExpenses(ex: Executor, q: ListQuery<ExpenseSort>, f: ExpenseFilterValues, today: string) {
  const conds = expenseConds(q.search, f, today);
  const col = {
    folio: sql`e.folio`, date: sql`e.date`, dueDate: sql`e.due_date`, supplier: sql`s.name`, total: sql`e.total`,
    balance: sql`e.balance`, status: sql`e.status`, category: sql`e.category`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<ExpenseRow>(ex, sql`${expenseSelect(today)} ${where(conds)} ${orderBy(col, q.desc, sql`e.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number; sumTotal: string; sumBalance: string }>(
      ex,
      sql`select count(*)::int as n, coalesce(sum(e.total) filter (where e.status <> 'cancelado'), 0)::text as "sumTotal",
            coalesce(sum(e.balance) filter (where e.status <> 'cancelado'), 0)::text as "sumBalance"
          from expenses e left join suppliers s on s.id = e.supplier_id ${where(conds)}`,
    ),
  ]);
  return { items, total: totals[0].n, sumTotal: totals[0].sumTotal, sumBalance: totals[0].sumBalance };
}

export type ExpenseGroupBy = 'SUPPLIER' | 'STATUS' | 'MONTH';

/** Expenses of the list (same search and filter) grouped by supplier, status or month of their date; labels of status and month are the service's. */
export function expenseGroups(ex: Executor, groupBy: ExpenseGroupBy, q: ListQuery<string>, f: ExpenseFilterValues, today: string): Promise<MoneyGroupPage> {
  const key = { SUPPLIER: sql`e.supplier_id`, STATUS: sql`e.status`, MONTH: sql`to_char(e.date, 'YYYY-MM')` }[groupBy];
  return moneyGroups(
    ex,
    {
      from: sql`from expenses e join suppliers s on s.id = e.supplier_id`,
      where: where(expenseConds(q.search, f, today)),
      key,
      label: groupBy === 'SUPPLIER' ? sql`s.name` : sql`(${key})::text`,
      subtotal: sql`e.subtotal`,
      tax: sql`e.iva`,
      total: sql`e.total`,
      balance: sql`e.balance`,
      cancelled: sql`e.status = 'cancelado'`,
      order: groupBy === 'MONTH' ? 'keyAsc' : 'totalDesc',
    },
    q,
  );
}

export async function openExpenses(ex: Executor, supplierId: number, today: string): Promise<ExpenseRow[]> {
  return queryRows<ExpenseRow>(
    ex,
    sql`${expenseSelect(today)} where e.supplier_id = ${supplierId} and e.status in ('pendiente', 'pagado_parcial') order by e.due_date, e.id`,
  );
}

export type ExpenseValues = {
  supplierId: number;
  date: string;
  dueDate: string;
  invoiceSerie: string;
  invoiceFolio: string;
  cfdiUuid: string | null;
  category: string;
  description: string;
  subtotal: string;
  ivaRate: string;
  iva: string;
  isrRetentionRate: string;
  isrRetention: string;
  ivaRetentionRate: string;
  ivaRetention: string;
  total: string;
  /** Job cost assignment (issue 28); omitted = none. */
  contractId?: number | null;
  serviceOrderId?: number | null;
  ivaExempt?: boolean;
  /** Three-way match: the purchase order it pays; omitted = none. */
  purchaseOrderId?: number | null;
};

export type ExpenseLineValues = { description: string; quantity: string; unitPrice: string; amount: string };

export async function insertExpense(ex: Executor, folio: number, v: ExpenseValues, extra: { createdBy: number | null; paymentRequestId: number | null }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into expenses (folio, supplier_id, date, due_date, invoice_serie, invoice_folio, cfdi_uuid, category, description,
          subtotal, iva_rate, iva, isr_retention_rate, isr_retention, iva_retention_rate, iva_retention, total, balance, status,
          payment_request_id, created_by, contract_id, service_order_id, iva_exempt, purchase_order_id)
        values (${folio}, ${v.supplierId}, ${v.date}, ${v.dueDate}, ${v.invoiceSerie}, ${v.invoiceFolio}, ${v.cfdiUuid}, ${v.category},
          ${v.description}, ${v.subtotal}, ${v.ivaRate}, ${v.iva}, ${v.isrRetentionRate}, ${v.isrRetention}, ${v.ivaRetentionRate},
          ${v.ivaRetention}, ${v.total}, ${v.total}, 'pendiente', ${extra.paymentRequestId}, ${extra.createdBy}, ${v.contractId ?? null}, ${v.serviceOrderId ?? null},
          ${v.ivaExempt ?? false}, ${v.purchaseOrderId ?? null})
        returning id`,
  );
  return rows[0].id;
}

export async function updateExpense(ex: Executor, id: number, version: number, v: ExpenseValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update expenses set supplier_id = ${v.supplierId}, date = ${v.date}, due_date = ${v.dueDate}, invoice_serie = ${v.invoiceSerie},
          invoice_folio = ${v.invoiceFolio}, cfdi_uuid = ${v.cfdiUuid}, contract_id = ${v.contractId ?? null}, service_order_id = ${v.serviceOrderId ?? null}, category = ${v.category}, description = ${v.description},
          subtotal = ${v.subtotal}, iva_rate = ${v.ivaRate}, iva = ${v.iva}, isr_retention_rate = ${v.isrRetentionRate},
          isr_retention = ${v.isrRetention}, iva_retention_rate = ${v.ivaRetentionRate}, iva_retention = ${v.ivaRetention},
          total = ${v.total}, balance = ${v.total}, iva_exempt = ${v.ivaExempt ?? false}, purchase_order_id = ${v.purchaseOrderId ?? null},
          match_authorized_difference = null, match_authorized_reason = null, match_authorized_by = null, match_authorized_at = null,
          version = version + 1
        where id = ${id} and version = ${version} and status = 'pendiente' and balance = total
        returning id`,
  );
  return rows.length === 1;
}

export async function replaceExpenseLines(ex: Executor, expenseId: number, lines: ExpenseLineValues[]): Promise<void> {
  await ex.execute(sql`delete from expense_lines where expense_id = ${expenseId}`);
  if (!lines.length) return;
  const values = lines.map((l, i) => sql`(${expenseId}, ${i + 1}, ${l.description}, ${l.quantity}, ${l.unitPrice}, ${l.amount})`);
  await ex.execute(sql`insert into expense_lines (expense_id, position, description, quantity, unit_price, amount) values ${sql.join(values, sql`, `)}`);
}

export async function expenseLines(ex: Executor, expenseId: number) {
  return queryRows<{ id: number; description: string; quantity: string; unitPrice: string; amount: string }>(
    ex,
    sql`select id, description, quantity::text as quantity, unit_price::text as "unitPrice", amount::text as amount
        from expense_lines where expense_id = ${expenseId} order by position`,
  );
}

export async function cancelExpense(ex: Executor, id: number, version: number, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update expenses set status = 'cancelado', cancel_reason = ${reason}, balance = total, version = version + 1
        where id = ${id} and version = ${version} and status = 'pendiente' and balance = total returning id`,
  );
  return rows.length === 1;
}

export async function cfdiUuidTaken(ex: Executor, uuid: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from expenses where upper(cfdi_uuid) = upper(${uuid}) and status <> 'cancelado' ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

/** The folio of the active expense that registered this CFDI UUID (other than exceptId), if any. */
export async function expenseFolioOfCfdi(ex: Executor, uuid: string, exceptId?: number | null): Promise<number | null> {
  const rows = await queryRows<{ folio: number }>(
    ex,
    sql`select folio from expenses where upper(cfdi_uuid) = upper(${uuid}) and status <> 'cancelado' ${exceptId ? sql`and id <> ${exceptId}` : sql``} order by id limit 1`,
  );
  return rows[0]?.folio ?? null;
}

/** The supplier's XML names the expense's CFDI: its UUID is kept (unique among active expenses). */
export async function setExpenseCfdiUuid(ex: Executor, id: number, uuid: string): Promise<void> {
  await ex.execute(sql`update expenses set cfdi_uuid = ${uuid}, version = version + 1 where id = ${id}`);
}

/** What SAT said of the expense's CFDI, and when (no version bump: it is not an edit of the expense). */
export async function setExpenseSatStatus(ex: Executor, id: number, status: string): Promise<void> {
  await ex.execute(sql`update expenses set sat_status = ${status}, sat_checked_at = now() where id = ${id}`);
}

/** The storage key of the expense's CFDI: the first XML attached (attaching checks it names the expense's UUID). */
export async function expenseCfdiStorageKey(ex: Executor, expenseId: number): Promise<string | null> {
  const rows = await queryRows<{ key: string }>(
    ex,
    sql`select u.storage_key as key from expense_files f join uploads u on u.id = f.upload_id where f.expense_id = ${expenseId} and u.file_type = 'xml' order by f.id limit 1`,
  );
  return rows[0]?.key ?? null;
}

export async function expenseCategories(ex: Executor): Promise<string[]> {
  const rows = await queryRows<{ c: string }>(ex, sql`select distinct category as c from expenses order by 1`);
  return rows.map((r) => r.c);
}

export async function expensePayments(ex: Executor, expenseId: number) {
  return queryRows<{ paymentId: number; paymentFolio: number; date: string; accountName: string; amount: string; status: string }>(
    ex,
    sql`select p.id as "paymentId", p.folio as "paymentFolio", p.date::text as date, a.name as "accountName", pa.amount::text as amount, p.status
        from payment_applications pa join supplier_payments p on p.id = pa.payment_id join company_accounts a on a.id = p.account_id
        where pa.expense_id = ${expenseId} order by p.date, p.id`,
  );
}

/** Locks the expenses (by id, a stable order) and returns their payable state. */
export async function lockExpenses(ex: Executor, ids: number[]) {
  if (!ids.length) return [];
  const sorted = [...ids].sort((a, b) => a - b);
  return queryRows<{ id: number; folio: number; supplierId: number; status: string; total: string; balance: string }>(
    ex,
    sql`select id, folio, supplier_id as "supplierId", status, total::text as total, balance::text as balance
        from expenses where id in (${sql.join(sorted.map((id) => sql`${id}`), sql`, `)}) order by id for update`,
  );
}

export async function setExpenseBalance(ex: Executor, id: number, balance: string, status: string): Promise<void> {
  await ex.execute(sql`update expenses set balance = ${balance}, status = ${status}, version = version + 1 where id = ${id}`);
}

// ---- expense files ---------------------------------------------------------------

/** An expense's attachment: the upload's fields (its id is the upload id). */
export type ExpenseFileRow = AttachmentRow & { expenseId: number };

const expenseFileSelect = sql`select u.id, f.expense_id as "expenseId", u.file_name as "fileName", u.file_type as "fileType",
    u.content_type as "contentType", u.size, u.uploaded_at as "uploadedAt"
  from expense_files f join uploads u on u.id = f.upload_id`;

export async function expenseFiles(ex: Executor, expenseId: number) {
  return queryRows<ExpenseFileRow>(ex, sql`${expenseFileSelect} where f.expense_id = ${expenseId} order by f.id`);
}

export async function findExpenseFile(ex: Executor, uploadId: string): Promise<ExpenseFileRow | null> {
  if (!isUploadId(uploadId)) return null;
  const rows = await queryRows<ExpenseFileRow>(ex, sql`${expenseFileSelect} where f.upload_id = ${uploadId}`);
  return rows[0] ?? null;
}

export async function insertExpenseFile(ex: Executor, expenseId: number, uploadId: string): Promise<void> {
  await ex.execute(sql`insert into expense_files (expense_id, upload_id) values (${expenseId}, ${uploadId})`);
}

export async function deleteExpenseFile(ex: Executor, uploadId: string): Promise<void> {
  await ex.execute(sql`delete from expense_files where upload_id = ${uploadId}`);
}

/** Records the authorisation of the expense's current three-way-match difference (its version advances). */
export async function authorizeExpenseMatch(ex: Executor, id: number, version: number, v: { difference: string; reason: string; userId: number | null }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update expenses set match_authorized_difference = ${v.difference}, match_authorized_reason = ${v.reason}, match_authorized_by = ${v.userId},
          match_authorized_at = now(), version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** Expenses that pay a purchase order (not cancelled), oldest first: the order screen lists their match. */
export async function expenseIdsOfOrder(ex: Executor, orderId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from expenses where purchase_order_id = ${orderId} and status <> 'cancelado' order by id`);
  return rows.map((r) => Number(r.id));
}
