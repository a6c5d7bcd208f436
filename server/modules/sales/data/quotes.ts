// Ventas data layer: cotizaciones and their lines.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { quoteLines, quotes } from '../tables';
import type { QuoteStatus } from '../../../../schema/sales/labels';
import type { Page, Ref } from './types';
import { count, effectiveQuoteStatus, inList, order, page, ref, whereAll } from './common';

export type QuoteRow = {
  id: number;
  folio: number;
  client: Ref;
  date: string;
  validUntil: string;
  status: QuoteStatus;
  storedStatus: QuoteStatus;
  subject: string;
  notes: string;
  ivaRate: string;
  isrRetentionRate: string;
  ivaRetentionRate: string;
  subtotal: string;
  discount: string;
  iva: string;
  isrRetained: string;
  ivaRetained: string;
  total: string;
  rejectionReason: string | null;
  sourceQuoteId: number | null;
  contractId: number | null;
  createdAt: Date | string;
  version: number;
};
export type QuoteLineRow = typeof quoteLines.$inferSelect;

export const QUOTE_SORTS = ['folio', 'date', 'validUntil', 'client', 'total', 'status'] as const;



const quoteSelect = (today: string) => sql`select q.id, q.folio, q.client_id, cl.name as client_name, cl.rfc as client_rfc, q.date::text as date,
  q.valid_until::text as "validUntil", ${effectiveQuoteStatus(today)} as status, q.status as "storedStatus", q.subject, q.notes,
  q.iva_rate::text as "ivaRate", q.isr_retention_rate::text as "isrRetentionRate", q.iva_retention_rate::text as "ivaRetentionRate",
  q.subtotal::text as subtotal, q.discount::text as discount, q.iva::text as iva, q.isr_retained::text as "isrRetained",
  q.iva_retained::text as "ivaRetained", q.total::text as total, q.rejection_reason as "rejectionReason",
  q.source_quote_id as "sourceQuoteId", (select ct.id from contracts ct where ct.quote_id = q.id) as "contractId",
  q.created_at as "createdAt", q.version
  from quotes q join clients cl on cl.id = q.client_id`;

type QuoteDbRow = Omit<QuoteRow, 'client'> & { client_id: number; client_name: string; client_rfc: string };
const toQuote = ({ client_id, client_name, client_rfc, ...r }: QuoteDbRow): QuoteRow => ({ ...r, client: ref(client_id, client_name, client_rfc) });

export type QuoteFilter = { status?: QuoteStatus | null; clientId?: number | null; dateFrom?: string | null; dateTo?: string | null };

export async function listQuotes(ex: Executor, q: ListQuery<(typeof QUOTE_SORTS)[number]>, filter: QuoteFilter, today: string): Promise<Page<QuoteRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(cl.name ilike ${p} or q.subject ilike ${p} or q.folio::text = ${q.search})`,
    filter.status && sql`${effectiveQuoteStatus(today)} = ${filter.status}`,
    filter.clientId && sql`q.client_id = ${filter.clientId}`,
    filter.dateFrom && sql`q.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`q.date <= ${filter.dateTo}`,
  ]);
  const cols = { folio: 'q.folio', date: 'q.date', validUntil: 'q.valid_until', client: 'cl.name', total: 'q.total', status: 'status' };
  const [items, total] = await Promise.all([
    queryRows<QuoteDbRow>(ex, sql`${quoteSelect(today)} ${where} ${order(cols, q, 'q.id')} ${page(q)}`),
    // The client join is only needed to search by its name.
    count(ex, sql`select count(*)::int as n from quotes q ${p ? sql`join clients cl on cl.id = q.client_id` : sql``} ${where}`),
  ]);
  return { items: items.map(toQuote), total };
}

export async function findQuote(ex: Executor, id: number, today: string, lock = false): Promise<QuoteRow | null> {
  if (lock) await ex.execute(sql`select id from quotes where id = ${id} for update`);
  const rows = await queryRows<QuoteDbRow>(ex, sql`${quoteSelect(today)} where q.id = ${id}`);
  return rows[0] ? toQuote(rows[0]) : null;
}

export async function quoteLinesOf(ex: Executor, quoteIds: number[]): Promise<QuoteLineRow[]> {
  if (!quoteIds.length) return [];
  return queryRows<QuoteLineRow>(
    ex,
    sql`select id, quote_id as "quoteId", line_no as "lineNo", description, prod_serv_key as "prodServKey", unit_key as "unitKey",
        unit_name as "unitName", quantity::text as quantity, unit_price::text as "unitPrice", discount_percent::text as "discountPercent",
        amount::text as amount, discount::text as discount, base::text as base, iva::text as iva
        from quote_lines where quote_id in ${inList(quoteIds)} order by quote_id, line_no`,
  );
}

export type QuoteValues = Omit<typeof quotes.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;
export type LineValues = Omit<typeof quoteLines.$inferInsert, 'id' | 'quoteId'>;

export async function insertQuote(ex: Executor, folio: number, values: QuoteValues): Promise<number> {
  const [row] = await ex.insert(quotes).values({ ...values, folio }).returning({ id: quotes.id });
  return row.id;
}

export async function updateQuote(ex: Executor, id: number, version: number, values: Partial<QuoteValues> & { status?: QuoteStatus }): Promise<boolean> {
  const rows = await ex
    .update(quotes)
    .set({ ...values, version: sql`${quotes.version} + 1` })
    .where(and(eq(quotes.id, id), eq(quotes.version, version)))
    .returning({ id: quotes.id });
  return rows.length === 1;
}

export async function replaceQuoteLines(ex: Executor, quoteId: number, lines: LineValues[]): Promise<void> {
  await ex.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  if (lines.length) await ex.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId })));
}

export async function deleteQuote(ex: Executor, id: number): Promise<void> {
  await ex.delete(quotes).where(eq(quotes.id, id));
}
