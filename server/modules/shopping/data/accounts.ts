// Compras › Cuentas: company accounts, their statements, and the ledger postings
// ledger.ts makes (account lock, entry insert, balance, reversal links).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, type ListQuery } from '../../../lib/list';

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
  kind: 'apertura' | 'pago_proveedor' | 'cobro_cliente' | 'otro_ingreso' | 'traspaso' | 'ajuste' | 'viatico';
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
