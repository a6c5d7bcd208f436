// Seguridad data layer: SQL helpers the feature files share (not re-exported).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { where } from '../../../lib/list';

export { orderBy } from '../../../lib/list';
/** "PÉREZ LÓPEZ JUAN": surnames then names, as RH lists people. */
export const nameOf = (alias: string): SQL => sql.raw(`concat_ws(' ', ${alias}.last_name, nullif(${alias}.second_last_name, ''), ${alias}.names)`);

/**
 * `countFrom`, when given, is the FROM of the total: the list's own table when
 * the conditions read no joined table (each join is to a NOT NULL foreign key
 * or a left join to a primary key, so it cannot change the count and only
 * costs a pass over the joined rows).
 */
export async function page<T>(ex: Executor, select: SQL, from: SQL, conds: SQL[], order: SQL, q: { limit: number; offset: number }, countFrom: SQL = from) {
  const [items, totals] = await Promise.all([
    queryRows<T>(ex, sql`${select} ${from} ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${countFrom} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}
