// Ventas data layer: other income.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { otherIncomes } from '../tables';
import type { IncomeStatus } from '../../../../schema/sales/labels';
import type { Page } from './types';
import { count, order, page, whereAll } from './common';

export type OtherIncomeRow = {
  id: number;
  folio: number;
  date: string;
  concept: string;
  amount: string;
  accountId: number;
  accountName: string;
  reference: string;
  notes: string;
  status: IncomeStatus;
  cancelReason: string | null;
  ledgerEntryId: number | null;
  createdAt: Date | string;
  version: number;
};

export const OTHER_INCOME_SORTS = ['folio', 'date', 'concept', 'amount', 'status'] as const;

const otherIncomeSelect = sql`select o.id, o.folio, o.date::text as date, o.concept, o.amount::text as amount, o.account_id as "accountId",
  a.name as "accountName", o.reference, o.notes, o.status, o.cancel_reason as "cancelReason", o.ledger_entry_id as "ledgerEntryId",
  o.created_at as "createdAt", o.version
  from other_incomes o join company_accounts a on a.id = o.account_id`;

const toOtherIncome = (r: OtherIncomeRow): OtherIncomeRow => ({ ...r, ledgerEntryId: r.ledgerEntryId === null ? null : Number(r.ledgerEntryId) });

export async function listOtherIncomes(
  ex: Executor,
  q: ListQuery<(typeof OTHER_INCOME_SORTS)[number]>,
  filter: { status?: IncomeStatus | null; dateFrom?: string | null; dateTo?: string | null },
): Promise<Page<OtherIncomeRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(o.concept ilike ${p} or o.reference ilike ${p} or a.name ilike ${p} or o.folio::text = ${q.search})`,
    filter.status && sql`o.status = ${filter.status}`,
    filter.dateFrom && sql`o.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`o.date <= ${filter.dateTo}`,
  ]);
  const cols = { folio: 'o.folio', date: 'o.date', concept: 'o.concept', amount: 'o.amount', status: 'o.status' };
  const [items, total] = await Promise.all([
    queryRows<OtherIncomeRow>(ex, sql`${otherIncomeSelect} ${where} ${order(cols, q, 'o.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from other_incomes o left join company_accounts a on a.id = o.account_id ${where}`),
  ]);
  return { items: items.map(toOtherIncome), total };
}

export async function findOtherIncome(ex: Executor, id: number, lock = false): Promise<OtherIncomeRow | null> {
  if (lock) await ex.execute(sql`select id from other_incomes where id = ${id} for update`);
  const rows = await queryRows<OtherIncomeRow>(ex, sql`${otherIncomeSelect} where o.id = ${id}`);
  return rows[0] ? toOtherIncome(rows[0]) : null;
}

export async function insertOtherIncome(ex: Executor, folio: number, values: Omit<typeof otherIncomes.$inferInsert, 'id' | 'folio'>): Promise<number> {
  const [row] = await ex.insert(otherIncomes).values({ ...values, folio }).returning({ id: otherIncomes.id });
  return row.id;
}

export async function updateOtherIncome(
  ex: Executor,
  id: number,
  version: number | null,
  values: { status?: IncomeStatus; cancelReason?: string; ledgerEntryId?: number },
): Promise<boolean> {
  const rows = await ex
    .update(otherIncomes)
    .set({ ...values, version: sql`${otherIncomes.version} + 1` })
    .where(version === null ? eq(otherIncomes.id, id) : and(eq(otherIncomes.id, id), eq(otherIncomes.version, version)))
    .returning({ id: otherIncomes.id });
  return rows.length === 1;
}
