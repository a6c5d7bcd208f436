// Mantenimiento data layer: SQL helpers the feature files share (not re-exported).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import type { ListQuery } from '../../../lib/list';

export const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);
export const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL => (desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`);
export const ids = (values: number[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

export async function page<T>(ex: Executor, select: SQL, from: SQL, conds: SQL[], order: SQL, q: ListQuery<string>): Promise<{ items: T[]; total: number }> {
  const [items, totals] = await Promise.all([
    queryRows<T>(ex, sql`${select} ${from} ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${from} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export const vehicleName = sql`trim(v.brand || ' ' || v.model || case when v.plate <> '' then ' · ' || v.plate else '' end)`;
export const employeeName = (alias: string) => sql.raw(`trim(${alias}.last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.names)`);

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
