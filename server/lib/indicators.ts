// A Tablero indicator that a module offers: one SQL expression that yields a
// single value (a scalar subquery; json when the card has several figures)
// and how to read that value. The Tablero puts every indicator the user may
// see into ONE statement, so a module adds its card without adding a round
// trip. The expression comes from the module's data layer; the module
// declares the indicator in its registry entry (server/lib/contributions.ts).
// The shapes several cards share (dues by date, totals by month) are here.
import { sql, type SQL } from 'drizzle-orm';
import { money } from '../../schema/money';
import { dueSoonFrom, overdueOn } from './dues';

export type Indicator<T> = { sql: SQL; read: (value: unknown) => T };

/** A json object of counts ({ "a": 3, "b": 0 }) read as numbers. */
export const countsOf =
  <K extends string>(...keys: K[]) =>
  (value: unknown): Record<K, number> => {
    const o = (value ?? {}) as Record<string, unknown>;
    return Object.fromEntries(keys.map((k) => [k, Number(o[k] ?? 0)])) as Record<K, number>;
  };

export type AmountFigure = { count: number; amount: string };
export type DuesFigure = { dueSoon: AmountFigure; overdue: AmountFigure };
export type MonthTotal = { month: string; total: string };

/** Months in the charts, the current one included. */
export const CHART_MONTHS = 6;

/**
 * Count and balance of the open documents of `table` due soon and overdue
 * (the same predicates as the lists' filters, server/lib/dues.ts), as json;
 * read with `readDues`.
 */
export function duesSql(today: string, table: SQL, open: SQL): SQL {
  const soon = dueSoonFrom(sql`due_date`, today);
  const late = overdueOn(sql`due_date`, today);
  return sql`(select json_build_object(
                'soonN', count(*) filter (where ${soon}), 'soonAmount', coalesce(sum(balance) filter (where ${soon}), 0)::text,
                'overdueN', count(*) filter (where ${late}), 'overdueAmount', coalesce(sum(balance) filter (where ${late}), 0)::text)
              from ${table} where ${open} and balance > 0)`;
}

/** The figures of `duesSql`, amounts in pesos with two decimals. */
export function readDues(value: unknown): DuesFigure {
  const r = value as { soonN: number; soonAmount: string; overdueN: number; overdueAmount: string };
  return {
    dueSoon: { count: Number(r.soonN), amount: money(String(r.soonAmount)) },
    overdue: { count: Number(r.overdueN), amount: money(String(r.overdueAmount)) },
  };
}

/** Every month of the chart window (zero when nothing happened), oldest first. */
const monthWindow = (today: string) =>
  sql`generate_series(date_trunc('month', ${today}::date::timestamp) - make_interval(months => ${CHART_MONTHS - 1}::int),
                      date_trunc('month', ${today}::date::timestamp), interval '1 month')`;

/**
 * json array of { month, total } over the chart window, oldest first;
 * `totals` is a lateral subquery of one `total` for the month `m.month`.
 * Read with `readMonths`.
 */
export const byMonthSql = (today: string, totals: SQL): SQL =>
  sql`(select json_agg(json_build_object('month', to_char(m.month, 'YYYY-MM'), 'total', t.total::text) order by m.month)
       from ${monthWindow(today)} as m(month) cross join lateral ${totals} t)`;

/** The months of `byMonthSql`, totals in pesos with two decimals. */
export const readMonths = (value: unknown): MonthTotal[] =>
  ((value ?? []) as MonthTotal[]).map((r) => ({ month: String(r.month), total: money(String(r.total)) }));
