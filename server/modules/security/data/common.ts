// Seguridad data layer: SQL helpers the feature files share (not re-exported).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';

const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);
export const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL => (desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`);
/** "PÉREZ LÓPEZ JUAN": surnames then names, as RH lists people. */
export const nameOf = (alias: string): SQL => sql.raw(`concat_ws(' ', ${alias}.last_name, nullif(${alias}.second_last_name, ''), ${alias}.names)`);

export async function page<T>(ex: Executor, select: SQL, from: SQL, conds: SQL[], order: SQL, q: { limit: number; offset: number }) {
  const [items, totals] = await Promise.all([
    queryRows<T>(ex, sql`${select} ${from} ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${from} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}
