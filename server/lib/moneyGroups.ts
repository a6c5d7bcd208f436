// "Agrupar por" for lists, written once: the list's own FROM and WHERE
// (so the groups always hold exactly the rows the list shows) grouped by one
// key in SQL with NUMERIC sums, one page of groups plus the grand total.
// Cancelled documents are shown by the list, so they count in `count`, but
// they add no money (the same rule as the Gastos list's own sums). A list
// without amounts (Empleados, Vehículos, Inspecciones) leaves the sums out:
// its groups only count, the four amounts are 0.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/database';

export type MoneyGroupRow = { key: string; label: string; count: number; subtotal: string; tax: string; total: string; balance: string };
export type MoneyGroupPage = { groups: MoneyGroupRow[]; totalGroups: number; grandTotal: MoneyGroupRow };

export type MoneyGroupSpec = {
  /** `from <table> <alias> join …` of the list. */
  from: SQL;
  /** The list's `where …` (search and filter), or empty. */
  where: SQL;
  /** Group key (cast to text) and its label (any row of the group gives the same one). */
  key: SQL;
  label: SQL;
  /** The four amounts; a list without money leaves them out (0). */
  subtotal?: SQL;
  tax?: SQL;
  total?: SQL;
  balance?: SQL;
  /** True for a cancelled document: counted, not summed (none when left out). */
  cancelled?: SQL;
  /** Months read in calendar order; anything else from the largest total (a list without money: the largest count) down. */
  order: 'totalDesc' | 'countDesc' | 'keyAsc';
};

const ZERO = sql`0::numeric`;
const money = (amount: SQL | undefined, cancelled: SQL | undefined) =>
  amount ? sql`coalesce(sum(${amount}) filter (where not (${cancelled ?? sql`false`})), 0)` : ZERO;

export async function moneyGroups(ex: Executor, spec: MoneyGroupSpec, page: { limit: number; offset: number }): Promise<MoneyGroupPage> {
  const grouped = sql`select (${spec.key})::text as key, min(${spec.label}) as label, count(*)::int as count,
      ${money(spec.subtotal, spec.cancelled)} as subtotal, ${money(spec.tax, spec.cancelled)} as tax,
      ${money(spec.total, spec.cancelled)} as total, ${money(spec.balance, spec.cancelled)} as balance
    ${spec.from} ${spec.where} group by 1`;
  // Qualified: the bare names would sort the text aliases of the select list.
  const order = spec.order === 'countDesc' ? sql`order by g.count desc, g.label asc, g.key asc` : spec.order === 'keyAsc' ? sql`order by g.key asc` : sql`order by g.total desc, g.label asc, g.key asc`;
  const [groups, totals] = await Promise.all([
    queryRows<MoneyGroupRow>(
      ex,
      sql`select key, label, count, subtotal::text as subtotal, tax::text as tax, total::text as total, balance::text as balance
          from (${grouped}) g ${order} limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ groups: number; count: number; subtotal: string; tax: string; total: string; balance: string }>(
      ex,
      sql`select count(*)::int as groups, coalesce(sum(count), 0)::int as count, coalesce(sum(subtotal), 0)::text as subtotal,
            coalesce(sum(tax), 0)::text as tax, coalesce(sum(total), 0)::text as total, coalesce(sum(balance), 0)::text as balance
          from (${grouped}) g`,
    ),
  ]);
  const { groups: totalGroups, ...sums } = totals[0];
  return { groups, totalGroups, grandTotal: { key: '', label: 'Total general', ...sums } };
}

/** Status and month groups carry their key as label from SQL; the Spanish name is the module's. */
export const labelGroups = (page: MoneyGroupPage, label: (key: string) => string): MoneyGroupPage => ({
  ...page,
  groups: page.groups.map((g) => ({ ...g, label: label(g.key) })),
});
