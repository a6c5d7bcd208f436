// Tablero SQL: one statement per indicator, each an aggregate over the other
// modules' tables (read-only), so the dashboard costs a fixed number of
// statements whatever the data. The predicates mirror the lists the cards
// link to (Existencias flag BAJO_MINIMO; Gastos and Facturas overdue and due
// soon share server/lib/dues.ts with those lists' filters).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { dueSoonFrom, overdueOn } from '../../lib/dues';

export type AmountRow = { count: number; amount: string };
export type DuesRow = { dueSoon: AmountRow; overdue: AmountRow };
export type MonthTotalRow = { month: string; total: string };
export type OpenCashPeriodRow = { id: number; folio: number; cashBoxName: string; openedOn: string; balance: string };

/** Months in the charts, the current one included. */
export const CHART_MONTHS = 6;

export async function belowMinimumCount(ex: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from wh_stock s join wh_articles a on a.id = s.article_id
        where a.min_stock > 0 and s.quantity < a.min_stock`,
  );
  return Number(rows[0].n);
}

export async function pendingRequisitions(ex: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n from wh_requisitions where status = 'PENDIENTE'`);
  return Number(rows[0].n);
}

export async function pendingPaymentRequests(ex: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n from payment_requests where status = 'pendiente'`);
  return Number(rows[0].n);
}

type DuesSqlRow = { soonN: number; soonAmount: string; overdueN: number; overdueAmount: string };

/** Count and balance of the open documents of `table` due soon and overdue (the same predicates as the lists' filters). */
async function dues(ex: Executor, today: string, table: SQL, open: SQL): Promise<DuesRow> {
  const soon = dueSoonFrom(sql`due_date`, today);
  const late = overdueOn(sql`due_date`, today);
  const rows = await queryRows<DuesSqlRow>(
    ex,
    sql`select count(*) filter (where ${soon})::int as "soonN", coalesce(sum(balance) filter (where ${soon}), 0)::text as "soonAmount",
               count(*) filter (where ${late})::int as "overdueN", coalesce(sum(balance) filter (where ${late}), 0)::text as "overdueAmount"
        from ${table} where ${open} and balance > 0`,
  );
  const r = rows[0];
  return { dueSoon: { count: Number(r.soonN), amount: r.soonAmount }, overdue: { count: Number(r.overdueN), amount: r.overdueAmount } };
}

/** Open invoices (emitida / pagada_parcial) with a balance, by due date. */
export const receivables = (ex: Executor, today: string) => dues(ex, today, sql`invoices`, sql`status in ('emitida', 'pagada_parcial')`);

/** Open expenses (pendiente / pagado_parcial) with a balance, by due date. */
export const payables = (ex: Executor, today: string) => dues(ex, today, sql`expenses`, sql`status in ('pendiente', 'pagado_parcial')`);

/** Every month of the chart window (zero when nothing happened), oldest first. */
const monthWindow = (today: string) =>
  sql`generate_series(date_trunc('month', ${today}::date::timestamp) - make_interval(months => ${CHART_MONTHS - 1}::int),
                      date_trunc('month', ${today}::date::timestamp), interval '1 month')`;

export async function invoicedByMonth(ex: Executor, today: string): Promise<MonthTotalRow[]> {
  return queryRows<MonthTotalRow>(
    ex,
    sql`select to_char(m.month, 'YYYY-MM') as month, coalesce(sum(i.total), 0)::text as total
        from ${monthWindow(today)} as m(month)
        left join invoices i on i.status in ('emitida', 'pagada_parcial', 'pagada') and date_trunc('month', i.date::timestamp) = m.month
        group by m.month order by m.month`,
  );
}

export async function spentByMonth(ex: Executor, today: string): Promise<MonthTotalRow[]> {
  return queryRows<MonthTotalRow>(
    ex,
    sql`select to_char(m.month, 'YYYY-MM') as month, coalesce(sum(e.total), 0)::text as total
        from ${monthWindow(today)} as m(month)
        left join expenses e on e.status <> 'cancelado' and date_trunc('month', e.date::timestamp) = m.month
        group by m.month order by m.month`,
  );
}

export async function openCashPeriods(ex: Executor): Promise<OpenCashPeriodRow[]> {
  const rows = await queryRows<OpenCashPeriodRow>(
    ex,
    sql`select p.id, p.folio, b.name as "cashBoxName", p.opened_on::text as "openedOn", p.balance::text as balance
        from cash_periods p join cash_boxes b on b.id = p.cash_box_id
        where p.status = 'abierto' order by b.name, p.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), folio: Number(r.folio) }));
}
