// Tablero SQL. Every indicator is one scalar SQL expression (a subquery; json
// when a card has several figures), and the Tablero selects all the ones the
// user may see in ONE statement, prepared: a request costs one round trip and
// no planning after the first on each pooled connection, however many cards.
// The predicates mirror the lists the cards link to (Existencias flag
// BAJO_MINIMO; Gastos and Facturas overdue and due soon share
// server/lib/dues.ts with those lists' filters). Other modules' indicators
// come from their own data layers through their services.
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Executor } from '../../db/database';
import { dueSoonFrom, overdueOn } from '../../lib/dues';

export type AmountRow = { count: number; amount: string };
export type DuesRow = { dueSoon: AmountRow; overdue: AmountRow };
export type MonthTotalRow = { month: string; total: string };
export type OpenCashPeriodRow = { id: number; folio: number; cashBoxName: string; openedOn: string; balance: string };

/** Months in the charts, the current one included. */
export const CHART_MONTHS = 6;

export const belowMinimumCount = (): SQL =>
  sql`(select count(*)::int from wh_stock s join wh_articles a on a.id = s.article_id
       where a.min_stock > 0 and s.quantity < a.min_stock)`;

export const pendingRequisitions = (): SQL => sql`(select count(*)::int from wh_requisitions where status = 'PENDIENTE')`;

export const pendingPaymentRequests = (): SQL => sql`(select count(*)::int from payment_requests where status = 'pendiente')`;

/** Count and balance of the open documents of `table` due soon and overdue (the same predicates as the lists' filters), as json. */
function dues(today: string, table: SQL, open: SQL): SQL {
  const soon = dueSoonFrom(sql`due_date`, today);
  const late = overdueOn(sql`due_date`, today);
  return sql`(select json_build_object(
                'soonN', count(*) filter (where ${soon}), 'soonAmount', coalesce(sum(balance) filter (where ${soon}), 0)::text,
                'overdueN', count(*) filter (where ${late}), 'overdueAmount', coalesce(sum(balance) filter (where ${late}), 0)::text)
              from ${table} where ${open} and balance > 0)`;
}

export function readDues(value: unknown): DuesRow {
  const r = value as { soonN: number; soonAmount: string; overdueN: number; overdueAmount: string };
  return { dueSoon: { count: Number(r.soonN), amount: String(r.soonAmount) }, overdue: { count: Number(r.overdueN), amount: String(r.overdueAmount) } };
}

/** Open invoices (emitida / pagada_parcial) with a balance, by due date. */
export const receivables = (today: string) => dues(today, sql`invoices`, sql`status in ('emitida', 'pagada_parcial')`);

/** Open expenses (pendiente / pagado_parcial) with a balance, by due date. */
export const payables = (today: string) => dues(today, sql`expenses`, sql`status in ('pendiente', 'pagado_parcial')`);

/** Every month of the chart window (zero when nothing happened), oldest first. */
const monthWindow = (today: string) =>
  sql`generate_series(date_trunc('month', ${today}::date::timestamp) - make_interval(months => ${CHART_MONTHS - 1}::int),
                      date_trunc('month', ${today}::date::timestamp), interval '1 month')`;

/** json array of { month, total } over the chart window, oldest first. */
const byMonth = (today: string, totals: SQL) =>
  sql`(select json_agg(json_build_object('month', to_char(m.month, 'YYYY-MM'), 'total', t.total::text) order by m.month)
       from ${monthWindow(today)} as m(month) cross join lateral ${totals} t)`;

export const invoicedByMonth = (today: string): SQL =>
  byMonth(today, sql`(select coalesce(sum(i.total), 0) as total from invoices i
                      where i.status in ('emitida', 'pagada_parcial', 'pagada') and date_trunc('month', i.date::timestamp) = m.month)`);

export const spentByMonth = (today: string): SQL =>
  byMonth(today, sql`(select coalesce(sum(e.total), 0) as total from expenses e
                      where e.status <> 'cancelado' and date_trunc('month', e.date::timestamp) = m.month)`);

export const readMonths = (value: unknown): MonthTotalRow[] =>
  ((value ?? []) as MonthTotalRow[]).map((r) => ({ month: String(r.month), total: String(r.total) }));

export const openCashPeriods = (): SQL =>
  sql`(select coalesce(json_agg(json_build_object('id', p.id, 'folio', p.folio, 'cashBoxName', b.name, 'openedOn', p.opened_on::text, 'balance', p.balance::text)
                                order by b.name, p.id), '[]')
       from cash_periods p join cash_boxes b on b.id = p.cash_box_id where p.status = 'abierto')`;

export const readCashPeriods = (value: unknown): OpenCashPeriodRow[] =>
  ((value ?? []) as OpenCashPeriodRow[]).map((r) => ({ ...r, id: Number(r.id), folio: Number(r.folio), balance: String(r.balance) }));

/**
 * Runs the `parts` (name → scalar expression) as one prepared statement and
 * returns each part's value by name. `key` names the combination of parts
 * (the same key always brings the same expressions, so the same SQL text).
 */
export async function readIndicators(ex: Executor, key: string, parts: [string, SQL][]): Promise<Record<string, unknown>> {
  if (parts.length === 0) return {};
  const columns = sql.join(
    parts.map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const rows = await queryPrepared<Record<string, unknown>>(ex, `erp_tablero_${key}`, sql`select ${columns}`);
  return rows[0];
}
