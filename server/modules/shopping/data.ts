// Compras data layer: every SQL statement of the module (parameters always
// travel separately). Money columns come back as text and stay strings.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { dueSoonFrom, overdueOn } from '../../lib/dues';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../lib/list';
import { moneyGroups, type MoneyGroupPage } from '../../lib/moneyGroups';
import { isUploadId, type AttachmentRow } from '../../lib/attachments';

const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);
const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL => (desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`);

// ---- suppliers ------------------------------------------------------------

export type SupplierRow = {
  id: number;
  rfc: string;
  name: string;
  taxRegime: string;
  postalCode: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  bank: string;
  clabe: string;
  creditDays: number;
  category: string;
  active: boolean;
  payable: string;
  createdAt: Date;
  version: number;
};

export type SupplierValues = Omit<SupplierRow, 'id' | 'payable' | 'createdAt' | 'version'>;

export const SUPPLIER_SORTS = ['name', 'rfc', 'category', 'creditDays', 'payable', 'createdAt'] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];

const payableExpr = sql`coalesce((select sum(e.balance) from expenses e where e.supplier_id = s.id and e.status in ('pendiente', 'pagado_parcial')), 0)`;

const supplierSelect = sql`select s.id, s.rfc, s.name, s.tax_regime as "taxRegime", s.postal_code as "postalCode",
    s.contact_name as "contactName", s.contact_email as "contactEmail", s.contact_phone as "contactPhone",
    s.bank, s.clabe, s.credit_days as "creditDays", s.category, s.active, s.created_at as "createdAt", s.version,
    ${payableExpr}::text as payable
  from suppliers s`;

export async function findSupplier(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<SupplierRow | null> {
  if (opts.lock) await ex.execute(sql`select id from suppliers where id = ${id} for update`);
  const rows = await queryRows<SupplierRow>(ex, sql`${supplierSelect} where s.id = ${id}`);
  return rows[0] ?? null;
}

export async function listSuppliers(ex: Executor, q: ListQuery<SupplierSort>, filter: { active: boolean | null; category: string | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(s.name ilike ${p} or s.rfc ilike ${p} or s.contact_name ilike ${p} or s.category ilike ${p})`);
  }
  if (filter.active !== null) conds.push(sql`s.active = ${filter.active}`);
  if (filter.category) conds.push(sql`s.category = ${filter.category}`);
  const col = {
    name: sql`s.name`,
    rfc: sql`s.rfc`,
    category: sql`s.category`,
    creditDays: sql`s.credit_days`,
    payable: payableExpr,
    createdAt: sql`s.created_at`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<SupplierRow>(ex, sql`${supplierSelect} ${where(conds)} ${orderBy(col, q.desc, sql`s.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from suppliers s ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function supplierRfcTaken(ex: Executor, rfc: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from suppliers where rfc = ${rfc} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertSupplier(ex: Executor, v: SupplierValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into suppliers (rfc, name, tax_regime, postal_code, contact_name, contact_email, contact_phone, bank, clabe, credit_days, category, active)
        values (${v.rfc}, ${v.name}, ${v.taxRegime}, ${v.postalCode}, ${v.contactName}, ${v.contactEmail}, ${v.contactPhone},
                ${v.bank}, ${v.clabe}, ${v.creditDays}, ${v.category}, ${v.active})
        returning id`,
  );
  return rows[0].id;
}

/** Optimistic update: false when the version did not match. */
export async function updateSupplier(ex: Executor, id: number, version: number, v: Partial<SupplierValues>): Promise<boolean> {
  const sets: SQL[] = [];
  const cols: Record<keyof SupplierValues, string> = {
    rfc: 'rfc', name: 'name', taxRegime: 'tax_regime', postalCode: 'postal_code', contactName: 'contact_name',
    contactEmail: 'contact_email', contactPhone: 'contact_phone', bank: 'bank', clabe: 'clabe', creditDays: 'credit_days',
    category: 'category', active: 'active',
  };
  for (const [key, value] of Object.entries(v) as [keyof SupplierValues, unknown][]) {
    if (value !== undefined) sets.push(sql`${sql.identifier(cols[key])} = ${value}`);
  }
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update suppliers set ${sql.join([...sets, sql`version = version + 1`], sql`, `)}
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** The active supplier whose razón social (any case) or RFC is exactly `name`, lowest id first. */
export async function activeSupplierIdByNameOrRfc(ex: Executor, name: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from suppliers where active and (lower(name) = lower(${name}) or rfc = upper(${name})) order by id limit 1`);
  return rows[0]?.id ?? null;
}

export async function supplierOptions(ex: Executor, activeOnly: boolean) {
  return queryRows<{ id: number; name: string; rfc: string; creditDays: number; active: boolean }>(
    ex,
    sql`select id, name, rfc, credit_days as "creditDays", active from suppliers ${activeOnly ? sql`where active` : sql``} order by name, id`,
  );
}

export async function supplierCategories(ex: Executor): Promise<string[]> {
  const rows = await queryRows<{ c: string }>(ex, sql`select distinct category as c from suppliers where category <> '' order by 1`);
  return rows.map((r) => r.c);
}

// ---- accounts ---------------------------------------------------------------

export type AccountRow = {
  id: number;
  name: string;
  bank: string;
  number: string;
  clabe: string;
  currency: string;
  openingBalance: string;
  openingDate: string;
  balance: string;
  active: boolean;
  createdAt: Date;
  version: number;
};

const accountSelect = sql`select a.id, a.name, a.bank, a.number, a.clabe, a.currency, a.opening_balance::text as "openingBalance",
    a.opening_date::text as "openingDate", a.balance::text as balance, a.active, a.created_at as "createdAt", a.version
  from company_accounts a`;

export const ACCOUNT_SORTS = ['name', 'bank', 'balance', 'createdAt'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

/** With `lock`, the row is locked first (SELECT … FOR UPDATE), the lock every posting takes. */
export async function findAccount(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<AccountRow | null> {
  if (opts.lock) await ex.execute(sql`select id from company_accounts where id = ${id} for update`);
  const rows = await queryRows<AccountRow>(ex, sql`${accountSelect} where a.id = ${id}`);
  return rows[0] ?? null;
}

export async function listAccounts(ex: Executor, q: ListQuery<AccountSort>, filter: { active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(a.name ilike ${p} or a.bank ilike ${p} or a.number ilike ${p} or a.clabe ilike ${p})`);
  }
  if (filter.active !== null) conds.push(sql`a.active = ${filter.active}`);
  const col = { name: sql`a.name`, bank: sql`a.bank`, balance: sql`a.balance`, createdAt: sql`a.created_at` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<AccountRow>(ex, sql`${accountSelect} ${where(conds)} ${orderBy(col, q.desc, sql`a.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from company_accounts a ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function accountNameTaken(ex: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from company_accounts where lower(name) = lower(${name}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertAccount(ex: Executor, v: { name: string; bank: string; number: string; clabe: string; openingBalance: string; openingDate: string }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into company_accounts (name, bank, number, clabe, opening_balance, opening_date, balance)
        values (${v.name}, ${v.bank}, ${v.number}, ${v.clabe}, ${v.openingBalance}, ${v.openingDate}, 0) returning id`,
  );
  return rows[0].id;
}

export async function updateAccount(ex: Executor, id: number, version: number, v: { name: string; bank: string; number: string; clabe: string; active: boolean }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update company_accounts set name = ${v.name}, bank = ${v.bank}, number = ${v.number}, clabe = ${v.clabe}, active = ${v.active},
        version = version + 1 where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

export async function accountOptions(ex: Executor, activeOnly: boolean) {
  return queryRows<{ id: number; name: string; bank: string; number: string; balance: string; active: boolean }>(
    ex,
    sql`select id, name, bank, number, balance::text as balance, active from company_accounts ${activeOnly ? sql`where active` : sql``} order by name, id`,
  );
}

/** Both accounts of a transfer, locked in id order so two opposite transfers cannot deadlock; a missing one is absent. */
export async function lockTransferAccounts(ex: Executor, fromAccountId: number, toAccountId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from company_accounts where id in (${fromAccountId}, ${toAccountId}) order by id for update`,
  );
  return rows.map((r) => r.id);
}

export type AccountEntryRow = {
  id: number;
  accountId: number;
  date: string;
  kind: 'apertura' | 'pago_proveedor' | 'cobro_cliente' | 'otro_ingreso' | 'traspaso' | 'ajuste';
  amount: string;
  runningBalance: string;
  reference: string;
  sourceEntity: string | null;
  sourceId: string | null;
  reversalOf: number | null;
  reversedBy: number | null;
  reason: string | null;
  createdByName: string | null;
  createdAt: Date;
};

/** Entries in date order with the running balance (window over the whole account, so paging keeps it right). */
export async function accountStatement(ex: Executor, accountId: number, range: { from: string | null; to: string | null }, page: { limit: number; offset: number }) {
  const inRange: SQL[] = [];
  if (range.from) inRange.push(sql`date >= ${range.from}`);
  if (range.to) inRange.push(sql`date <= ${range.to}`);
  const running = sql`select e.id, e.account_id as "accountId", e.date::text as date, e.kind, e.amount, e.reference,
      e.source_entity as "sourceEntity", e.source_id as "sourceId", e.reversal_of as "reversalOf", e.reversed_by as "reversedBy",
      e.reason, e.created_at as "createdAt", u.name as "createdByName",
      sum(e.amount) over (order by e.date, e.id rows between unbounded preceding and current row) as running
    from account_entries e left join users u on u.id = e.created_by
    where e.account_id = ${accountId}`;
  const [items, totals] = await Promise.all([
    queryRows<AccountEntryRow & { amount: string }>(
      ex,
      sql`select id, "accountId", date, kind, amount::text as amount, running::text as "runningBalance", reference, "sourceEntity", "sourceId",
            "reversalOf", "reversedBy", reason, "createdAt", "createdByName"
          from (${running}) r ${where(inRange)} order by date, id limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number; opening: string; deposits: string; withdrawals: string }>(
      ex,
      sql`select count(*) filter (where ${inRange.length ? sql.join(inRange, sql` and `) : sql`true`})::int as n,
            coalesce(sum(amount) filter (where ${range.from ? sql`date < ${range.from}` : sql`false`}), 0)::text as opening,
            coalesce(sum(amount) filter (where amount > 0 and ${inRange.length ? sql.join(inRange, sql` and `) : sql`true`}), 0)::text as deposits,
            coalesce(-sum(amount) filter (where amount < 0 and ${inRange.length ? sql.join(inRange, sql` and `) : sql`true`}), 0)::text as withdrawals
          from account_entries where account_id = ${accountId}`,
    ),
  ]);
  return { items: items.map((r) => ({ ...r, id: Number(r.id), reversalOf: r.reversalOf === null ? null : Number(r.reversalOf), reversedBy: r.reversedBy === null ? null : Number(r.reversedBy) })), ...totals[0] };
}

export async function findEntry(ex: Executor, id: number): Promise<AccountEntryRow | null> {
  const rows = await queryRows<AccountEntryRow>(
    ex,
    sql`select e.id, e.account_id as "accountId", e.date::text as date, e.kind, e.amount::text as amount, e.balance_after::text as "runningBalance",
          e.reference, e.source_entity as "sourceEntity", e.source_id as "sourceId", e.reversal_of as "reversalOf",
          e.reversed_by as "reversedBy", e.reason, e.created_at as "createdAt", u.name as "createdByName"
        from account_entries e left join users u on u.id = e.created_by where e.id = ${id}`,
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), reversalOf: r.reversalOf === null ? null : Number(r.reversalOf), reversedBy: r.reversedBy === null ? null : Number(r.reversedBy) } : null;
}

// ---- ledger postings (ledger.ts) ---------------------------------------------------

/** The account as a posting reads it; see lockLedgerAccount. */
export type LedgerAccount = { id: number; balance: string; active: boolean; opening_date: string };

/** Locks the account row before its balance is read, so parallel postings queue on it and the balance check is exact. */
export async function lockLedgerAccount(ex: Executor, accountId: number): Promise<LedgerAccount | null> {
  const rows = await queryRows<LedgerAccount>(
    ex,
    sql`select id, balance::text as balance, active, opening_date::text as opening_date
        from company_accounts where id = ${accountId} for update`,
  );
  return rows[0] ?? null;
}

export async function insertAccountEntry(
  ex: Executor,
  e: {
    accountId: number;
    date: string;
    kind: AccountEntryRow['kind'];
    amount: string;
    balanceAfter: string;
    reference: string;
    sourceEntity: string | null;
    sourceId: string | null;
    reversalOf: number | null;
    reason: string | null;
    createdBy: number | null;
  },
): Promise<number> {
  const rows = await queryRows<{ id: number | string }>(
    ex,
    sql`insert into account_entries
          (account_id, date, kind, amount, balance_after, reference, source_entity, source_id, reversal_of, reason, created_by)
        values (${e.accountId}, ${e.date}, ${e.kind}, ${e.amount}, ${e.balanceAfter}, ${e.reference}, ${e.sourceEntity},
                ${e.sourceId}, ${e.reversalOf}, ${e.reason}, ${e.createdBy})
        returning id`,
  );
  return Number(rows[0].id);
}

export async function setAccountBalance(ex: Executor, accountId: number, balance: string): Promise<void> {
  await ex.execute(sql`update company_accounts set balance = ${balance} where id = ${accountId}`);
}

/** The account an entry belongs to, or null when there is no such entry. */
export async function entryAccountId(ex: Executor, entryId: number): Promise<number | null> {
  const rows = await queryRows<{ account_id: number }>(ex, sql`select account_id from account_entries where id = ${entryId}`);
  return rows[0]?.account_id ?? null;
}

export type ReversibleEntry = { kind: AccountEntryRow['kind']; amount: string; reference: string; reversal_of: number | null; reversed_by: number | null; source_entity: string | null; source_id: string | null };

/** Locks the entry a reversal cancels (after its account; the caller has seen it exists) and reads what the reversal copies. */
export async function lockEntryForReversal(ex: Executor, entryId: number): Promise<ReversibleEntry> {
  const rows = await queryRows<ReversibleEntry>(
    ex,
    sql`select kind, amount::text as amount, reference, reversal_of, reversed_by, source_entity, source_id
        from account_entries where id = ${entryId} for update`,
  );
  return rows[0];
}

export async function setEntryReversedBy(ex: Executor, entryId: number, reversedBy: number): Promise<void> {
  await ex.execute(sql`update account_entries set reversed_by = ${reversedBy} where id = ${entryId}`);
}

/** An adjustment keeps the reason it was typed with. */
export async function setEntryReason(ex: Executor, entryId: number, reason: string): Promise<void> {
  await ex.execute(sql`update account_entries set reason = ${reason} where id = ${entryId}`);
}

/** The two entries of a transfer not yet reversed, in account then id order (the order their accounts are locked in). */
export async function liveTransferEntries(ex: Executor, transferNo: string | null): Promise<{ id: number; accountId: number }[]> {
  const rows = await queryRows<{ id: number | string; account_id: number }>(
    ex,
    sql`select id, account_id from account_entries where source_entity = 'account_transfer' and source_id = ${transferNo}
                and reversal_of is null order by account_id, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), accountId: r.account_id }));
}

// ---- expenses --------------------------------------------------------------------

export type ExpenseRow = {
  id: number;
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
  daysOverdue: number;
  createdAt: Date;
  version: number;
};

const expenseSelect = (today: string) => sql`select e.id, e.folio, e.supplier_id as "supplierId", s.name as "supplierName", s.rfc as "supplierRfc",
    e.date::text as date, e.due_date::text as "dueDate", e.invoice_serie as "invoiceSerie", e.invoice_folio as "invoiceFolio",
    e.cfdi_uuid as "cfdiUuid", e.category, e.description, e.subtotal::text as subtotal, e.iva_rate::text as "ivaRate", e.iva::text as iva,
    e.isr_retention_rate::text as "isrRetentionRate", e.isr_retention::text as "isrRetention",
    e.iva_retention_rate::text as "ivaRetentionRate", e.iva_retention::text as "ivaRetention",
    e.total::text as total, e.balance::text as balance, e.status, e.cancel_reason as "cancelReason",
    e.payment_request_id as "paymentRequestId",
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
};

export type ExpenseLineValues = { description: string; quantity: string; unitPrice: string; amount: string };

export async function insertExpense(ex: Executor, folio: number, v: ExpenseValues, extra: { createdBy: number | null; paymentRequestId: number | null }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into expenses (folio, supplier_id, date, due_date, invoice_serie, invoice_folio, cfdi_uuid, category, description,
          subtotal, iva_rate, iva, isr_retention_rate, isr_retention, iva_retention_rate, iva_retention, total, balance, status,
          payment_request_id, created_by)
        values (${folio}, ${v.supplierId}, ${v.date}, ${v.dueDate}, ${v.invoiceSerie}, ${v.invoiceFolio}, ${v.cfdiUuid}, ${v.category},
          ${v.description}, ${v.subtotal}, ${v.ivaRate}, ${v.iva}, ${v.isrRetentionRate}, ${v.isrRetention}, ${v.ivaRetentionRate},
          ${v.ivaRetention}, ${v.total}, ${v.total}, 'pendiente', ${extra.paymentRequestId}, ${extra.createdBy})
        returning id`,
  );
  return rows[0].id;
}

export async function updateExpense(ex: Executor, id: number, version: number, v: ExpenseValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update expenses set supplier_id = ${v.supplierId}, date = ${v.date}, due_date = ${v.dueDate}, invoice_serie = ${v.invoiceSerie},
          invoice_folio = ${v.invoiceFolio}, cfdi_uuid = ${v.cfdiUuid}, category = ${v.category}, description = ${v.description},
          subtotal = ${v.subtotal}, iva_rate = ${v.ivaRate}, iva = ${v.iva}, isr_retention_rate = ${v.isrRetentionRate},
          isr_retention = ${v.isrRetention}, iva_retention_rate = ${v.ivaRetentionRate}, iva_retention = ${v.ivaRetention},
          total = ${v.total}, balance = ${v.total}, version = version + 1
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

// ---- supplier payments ---------------------------------------------------------

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

// ---- payment requests ----------------------------------------------------------------

export type RequestRow = {
  id: number;
  folio: number;
  origin: 'mantenimiento' | 'almacen_pdm' | 'manual';
  originId: string | null;
  originFolio: string;
  supplierId: number | null;
  supplierName: string | null;
  date: string;
  description: string;
  category: string;
  subtotal: string;
  ivaRate: string;
  total: string;
  status: 'pendiente' | 'aprobada' | 'rechazada';
  rejectReason: string | null;
  expenseId: number | null;
  expenseFolio: number | null;
  requestedByName: string | null;
  reviewedByName: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  version: number;
};

const requestSelect = sql`select r.id, r.folio, r.origin, r.origin_id as "originId", r.origin_folio as "originFolio", r.supplier_id as "supplierId",
    s.name as "supplierName", r.date::text as date, r.description, r.category, r.subtotal::text as subtotal, r.iva_rate::text as "ivaRate",
    r.total::text as total, r.status, r.reject_reason as "rejectReason", r.expense_id as "expenseId", e.folio as "expenseFolio",
    ru.name as "requestedByName", vu.name as "reviewedByName", r.reviewed_at as "reviewedAt", r.created_at as "createdAt", r.version
  from payment_requests r
  left join suppliers s on s.id = r.supplier_id
  left join expenses e on e.id = r.expense_id
  left join users ru on ru.id = r.requested_by
  left join users vu on vu.id = r.reviewed_by`;

export const REQUEST_SORTS = ['folio', 'date', 'origin', 'supplier', 'total', 'status'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

export async function findRequest(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<RequestRow | null> {
  if (opts.lock) await ex.execute(sql`select id from payment_requests where id = ${id} for update`);
  const rows = await queryRows<RequestRow>(ex, sql`${requestSelect} where r.id = ${id}`);
  return rows[0] ?? null;
}

export async function listRequests(ex: Executor, q: ListQuery<RequestSort>, f: { status: string | null; origin: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(r.description ilike ${p} or r.origin_folio ilike ${p} or s.name ilike ${p} or r.category ilike ${p} or r.folio::text = ${q.search})`);
  }
  if (f.status) conds.push(sql`r.status = ${f.status}`);
  if (f.origin) conds.push(sql`r.origin = ${f.origin}`);
  conds.push(...withinDates(sql`r.date`, f.range));
  const col = { folio: sql`r.folio`, date: sql`r.date`, origin: sql`r.origin`, supplier: sql`s.name`, total: sql`r.total`, status: sql`r.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<RequestRow>(ex, sql`${requestSelect} ${where(conds)} ${orderBy(col, q.desc, sql`r.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from payment_requests r left join suppliers s on s.id = r.supplier_id ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function insertRequest(
  ex: Executor,
  v: { folio: number; origin: string; originId: string | null; originFolio: string; supplierId: number | null; date: string; description: string; category: string; subtotal: string; ivaRate: string; total: string; requestedBy: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into payment_requests (folio, origin, origin_id, origin_folio, supplier_id, date, description, category, subtotal, iva_rate, total, requested_by)
        values (${v.folio}, ${v.origin}, ${v.originId}, ${v.originFolio}, ${v.supplierId}, ${v.date}, ${v.description}, ${v.category},
                ${v.subtotal}, ${v.ivaRate}, ${v.total}, ${v.requestedBy}) returning id`,
  );
  return rows[0].id;
}

export async function liveRequestForOrigin(ex: Executor, origin: string, originId: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from payment_requests where origin = ${origin} and origin_id = ${originId} and status <> 'rechazada' limit 1`,
  );
  return rows[0]?.id ?? null;
}

export async function requestsByOrigin(ex: Executor, origin: string, originIds: string[]): Promise<RequestRow[]> {
  if (!originIds.length) return [];
  return queryRows<RequestRow>(
    ex,
    sql`${requestSelect} where r.origin = ${origin} and r.origin_id in (${sql.join(originIds.map((id) => sql`${id}`), sql`, `)}) order by r.id`,
  );
}

export async function reviewRequest(
  ex: Executor,
  id: number,
  version: number,
  v: { status: 'aprobada' | 'rechazada'; rejectReason: string | null; expenseId: number | null; supplierId: number | null; reviewedBy: number | null },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update payment_requests set status = ${v.status}, reject_reason = ${v.rejectReason}, expense_id = ${v.expenseId},
          supplier_id = coalesce(${v.supplierId}::int, supplier_id), reviewed_by = ${v.reviewedBy}, reviewed_at = now(), version = version + 1
        where id = ${id} and version = ${version} and status = 'pendiente' returning id`,
  );
  return rows.length === 1;
}

// ---- reports ------------------------------------------------------------------------

export type AgingRowData = { supplierId: number; supplierName: string; current: string; d1to30: string; d31to60: string; d61to90: string; over90: string; total: string };

/**
 * Open balance per supplier as of `asOf`: each expense dated on or before the
 * day, minus the applications of payments (not cancelled) dated on or before
 * it, bucketed by days past its due date.
 */
export async function payablesAging(ex: Executor, asOf: string, supplierId: number | null): Promise<AgingRowData[]> {
  return queryRows<AgingRowData>(
    ex,
    sql`with paid as (
          select pa.expense_id, sum(pa.amount) as applied
          from payment_applications pa join supplier_payments p on p.id = pa.payment_id
          where p.status = 'aplicado' and p.date <= ${asOf}::date ${supplierId ? sql`and p.supplier_id = ${supplierId}` : sql``}
          group by pa.expense_id
        ),
        open_items as (
          select e.supplier_id, e.total - coalesce(paid.applied, 0) as open_balance, ${asOf}::date - e.due_date as late
          from expenses e left join paid on paid.expense_id = e.id
          where e.status <> 'cancelado' and e.date <= ${asOf}::date ${supplierId ? sql`and e.supplier_id = ${supplierId}` : sql``}
        )
        select o.supplier_id as "supplierId", s.name as "supplierName",
               coalesce(sum(open_balance) filter (where late <= 0), 0)::text as current,
               coalesce(sum(open_balance) filter (where late between 1 and 30), 0)::text as d1to30,
               coalesce(sum(open_balance) filter (where late between 31 and 60), 0)::text as d31to60,
               coalesce(sum(open_balance) filter (where late between 61 and 90), 0)::text as d61to90,
               coalesce(sum(open_balance) filter (where late > 90), 0)::text as over90,
               sum(open_balance)::text as total
        from open_items o join suppliers s on s.id = o.supplier_id
        where open_balance > 0
        group by o.supplier_id, s.name
        order by s.name, o.supplier_id`,
  );
}

export async function spendReport(ex: Executor, from: string, to: string, groupBy: 'SUPPLIER' | 'CATEGORY' | 'MONTH') {
  const key = { SUPPLIER: sql`e.supplier_id::text`, CATEGORY: sql`e.category`, MONTH: sql`to_char(e.date, 'YYYY-MM')` }[groupBy];
  const label = { SUPPLIER: sql`min(s.name)`, CATEGORY: sql`e.category`, MONTH: sql`to_char(e.date, 'YYYY-MM')` }[groupBy];
  return queryRows<{ key: string; label: string; count: number; subtotal: string; iva: string; total: string }>(
    ex,
    sql`select ${key} as key, ${label} as label, count(*)::int as count, sum(e.subtotal)::text as subtotal, sum(e.iva)::text as iva,
          sum(e.total)::text as total
        from expenses e join suppliers s on s.id = e.supplier_id
        where e.status <> 'cancelado' and e.date between ${from}::date and ${to}::date
        group by ${key}
        order by ${groupBy === 'MONTH' ? sql`1` : sql`sum(e.total) desc, 2`}`,
  );
}

export async function accountPaymentsReport(ex: Executor, from: string, to: string) {
  return queryRows<{ accountId: number; accountName: string; count: number; amount: string }>(
    ex,
    sql`select p.account_id as "accountId", a.name as "accountName", count(*)::int as count, sum(p.amount)::text as amount
        from supplier_payments p join company_accounts a on a.id = p.account_id
        where p.status = 'aplicado' and p.date between ${from}::date and ${to}::date
        group by p.account_id, a.name order by a.name`,
  );
}
