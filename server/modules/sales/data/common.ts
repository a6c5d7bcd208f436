// Ventas data layer: SQL helpers the feature files share (not re-exported).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import type { ListQuery } from '../../../lib/list';
import type { Ref } from './types';

export const whereAll = (conds: (SQL | undefined | false | null | '' | 0)[]): SQL => {
  const list = conds.filter((c): c is SQL => Boolean(c));
  return list.length ? sql`where ${sql.join(list, sql` and `)}` : sql``;
};
export const inList = (ids: readonly number[]): SQL => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
/**
 * Sort keys are whitelisted by readList; the map turns them into trusted
 * column SQL. Default NULLS placement and no tie-breaker on a unique key
 * (folio) let PostgreSQL walk an index backwards instead of sorting the table.
 */
export const order = (columns: Record<string, string>, q: ListQuery<string>, tie: string): SQL => {
  const dir = q.desc ? 'desc' : 'asc';
  const keys = columns[q.sortBy].split(',').map((c) => `${c.trim()} ${dir}`);
  const unique = q.sortBy === 'folio' && keys.length === 1;
  return sql.raw(`order by ${keys.join(', ')}${unique ? '' : `, ${tie} ${dir}`}`);
};
export const page = (q: ListQuery<string>): SQL => sql`limit ${q.limit} offset ${q.offset}`;
export const count = async (ex: Executor, query: SQL): Promise<number> => Number((await queryRows<{ n: number }>(ex, query))[0]?.n ?? 0);
export const ref = (id: number, name: string, rfc: string): Ref => ({ id, name, rfc });
export const OPEN_INVOICE = sql.raw(`('emitida', 'pagada_parcial')`);
export const LIVE_INVOICE = sql.raw(`('emitida', 'pagada_parcial', 'pagada')`);

/** A quote that was sent and outlived its validity reads as vencida (no background job needed). */
export const effectiveQuoteStatus = (today: string) => sql`(case when q.status = 'enviada' and q.valid_until < ${today} then 'vencida' else q.status end)`;

/**
 * What is owed on invoice `i`: the one source every screen reads (the list
 * and its filters, the saldo anterior a payment records for its complement,
 * the credit limit, Antigüedad de saldos). The posting code keeps it on the
 * row: the total at emission, less each payment applied and each vigente
 * credit note (CFDI tipo E), given back when a payment or credit note is
 * cancelled, zero once the invoice is cancelled. As of a past date (the aging)
 * it adds back what active payments and credit notes dated after that date
 * took off.
 */
export const invoiceBalanceSql = (asOf?: string): SQL =>
  asOf === undefined
    ? sql`i.balance`
    : sql`(i.balance + coalesce((select sum(a.amount) from client_payment_applications a join client_payments p on p.id = a.payment_id
                                  where a.invoice_id = i.id and p.status = 'aplicado' and p.date > ${asOf}), 0)
                     + coalesce((select sum(n.total) from credit_notes n where n.invoice_id = i.id and n.status = 'vigente' and n.date > ${asOf}), 0))`;

export const invoiceLabelSql = (alias: string) => sql.raw(`(case when ${alias}.folio is null then 'Borrador' else ${alias}.serie || '-' || ${alias}.folio end)`);
