// Mantenimiento data layer: SQL helpers the feature files share (not re-exported).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { where, type ListQuery } from '../../../lib/list';

export { orderBy, where } from '../../../lib/list';
export const ids = (values: number[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

/**
 * `countFrom`, when given, is the FROM of the total: the list's own table when
 * the conditions read no joined table (each join is to a NOT NULL foreign key
 * or a left join to a primary key, so it cannot change the count and only
 * costs a pass over the joined rows).
 */
export async function page<T>(ex: Executor, select: SQL, from: SQL, conds: SQL[], order: SQL, q: ListQuery<string>, countFrom: SQL = from): Promise<{ items: T[]; total: number }> {
  const [items, totals] = await Promise.all([
    queryRows<T>(ex, sql`${select} ${from} ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${countFrom} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export const vehicleName = sql`trim(v.brand || ' ' || v.model || case when v.plate <> '' then ' · ' || v.plate else '' end)`;
export const employeeName = (alias: string) => sql.raw(`trim(${alias}.last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.names)`);

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
