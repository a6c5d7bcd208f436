// Ventas data layer: report reads (sales by client and month, receivables aging, quote counts).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import type { QuoteStatus } from '../../../../schema/sales/labels';
import { effectiveQuoteStatus, invoiceBalanceSql, LIVE_INVOICE } from './common';

export async function salesByClientMonth(ex: Executor, from: string, to: string) {
  return queryRows<{ clientId: number; clientName: string; month: string; invoiceCount: number; subtotal: string; total: string }>(
    ex,
    sql`select i.client_id as "clientId", cl.name as "clientName", to_char(i.date, 'YYYY-MM') as month, count(*)::int as "invoiceCount",
          sum(round((i.subtotal - i.discount) * i.exchange_rate, 2))::text as subtotal, sum(round(i.total * i.exchange_rate, 2))::text as total
        from invoices i join clients cl on cl.id = i.client_id
        where i.status in ${LIVE_INVOICE} and i.date between ${from} and ${to}
        group by i.client_id, cl.name, to_char(i.date, 'YYYY-MM')
        order by cl.name, month`,
  );
}

export type AgingDbRow = { clientId: number; clientName: string; current: string; d1: string; d31: string; d61: string; d91: string; total: string };

/**
 * Receivables as of a date: invoices emitted on or before it (not
 * cancelled), each with its balance as of that date (invoiceBalanceSql, the
 * same figure the list and the payments read), bucketed by days past the due
 * date.
 */
export async function receivablesAging(ex: Executor, asOf: string): Promise<AgingDbRow[]> {
  return queryRows<AgingDbRow>(
    ex,
    sql`with open_items as (
          select i.client_id, (${asOf}::date - i.due_date) as late, round(${invoiceBalanceSql(asOf)} * i.exchange_rate, 2) as balance
          from invoices i
          where i.status in ${LIVE_INVOICE} and i.date <= ${asOf}
        )
        select o.client_id as "clientId", cl.name as "clientName",
          coalesce(sum(o.balance) filter (where o.late <= 0), 0)::text as current,
          coalesce(sum(o.balance) filter (where o.late between 1 and 30), 0)::text as d1,
          coalesce(sum(o.balance) filter (where o.late between 31 and 60), 0)::text as d31,
          coalesce(sum(o.balance) filter (where o.late between 61 and 90), 0)::text as d61,
          coalesce(sum(o.balance) filter (where o.late > 90), 0)::text as d91,
          sum(o.balance)::text as total
        from open_items o join clients cl on cl.id = o.client_id
        where o.balance > 0
        group by o.client_id, cl.name
        order by cl.name`,
  );
}

export async function quoteCounts(ex: Executor, from: string, to: string, today: string) {
  return queryRows<{ status: QuoteStatus; n: number; amount: string }>(
    ex,
    sql`select ${effectiveQuoteStatus(today)} as status, count(*)::int as n, coalesce(sum(q.total), 0)::text as amount
        from quotes q where q.date between ${from} and ${to} group by 1`,
  );
}
