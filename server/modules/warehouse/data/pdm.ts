// Almacén data layer: PDM (purchase) requests and their lines.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { users } from '../../../db/tables';
import { articles, pdmRequestLines, pdmRequests } from '../tables';
import { n } from './common';

export type PdmRow = typeof pdmRequests.$inferSelect & { requestedByName: string; sentByName: string | null };
export const PDM_SORTS = ['folio', 'createdAt', 'status', 'estimatedTotal', 'supplier'] as const;
export type PdmSort = (typeof PDM_SORTS)[number];

const pdmSelect = sql`
  select p.id, p.folio, p.supplier, p.justification, p.status, p.rejection_reason as "rejectionReason",
         p.estimated_total::text as "estimatedTotal", p.requested_by as "requestedBy", p.sent_by as "sentBy", p.sent_at as "sentAt",
         p.created_at as "createdAt", p.version, u.name as "requestedByName", us.name as "sentByName"
  from ${pdmRequests} p
  join ${users} u on u.id = p.requested_by
  left join ${users} us on us.id = p.sent_by`;

const normPdm = (r: PdmRow): PdmRow => ({ ...r, id: n(r.id) });

export async function listPdm(ex: Executor, q: ListQuery<PdmSort>, f: { status?: string | null; range?: DateRange }) {
  const conds: SQL[] = [sql`true`];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(p.supplier ilike ${p} or p.justification ilike ${p} or ('PDM-' || lpad(p.folio::text, 6, '0')) ilike ${p})`);
  }
  if (f.status) conds.push(sql`p.status = ${f.status}`);
  if (f.range) conds.push(...withinDates(sql`(p.created_at at time zone 'America/Mexico_City')::date`, f.range));
  const where = sql.join(conds, sql` and `);
  const dir = q.desc ? sql`desc` : sql`asc`;
  const order = {
    folio: sql`p.folio ${dir}`,
    createdAt: sql`p.created_at ${dir}, p.id ${dir}`,
    status: sql`p.status ${dir}, p.id desc`,
    estimatedTotal: sql`p.estimated_total ${dir}, p.id desc`,
    supplier: sql`p.supplier ${dir}, p.id desc`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<PdmRow>(ex, sql`${pdmSelect} where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from ${pdmRequests} p where ${where}`),
  ]);
  return { items: items.map(normPdm), total: n(totals[0].n) };
}

/** Tablero: requests PENDIENTE, waiting for someone with `autorizar` to send them to Compras or reject them. */
export const pendingPdmSql = (): SQL => sql`(select count(*)::int from wh_pdm_requests where status = 'PENDIENTE')`;

export async function findPdm(ex: Executor, id: number): Promise<PdmRow | null> {
  const rows = await queryRows<PdmRow>(ex, sql`${pdmSelect} where p.id = ${id}`);
  return rows[0] ? normPdm(rows[0]) : null;
}

export async function lockPdm(tx: Executor, id: number): Promise<(typeof pdmRequests.$inferSelect) | null> {
  const rows = await tx.select().from(pdmRequests).where(eq(pdmRequests.id, id)).for('update');
  return rows[0] ?? null;
}

export async function insertPdm(tx: Executor, values: typeof pdmRequests.$inferInsert): Promise<number> {
  const [row] = await tx.insert(pdmRequests).values(values).returning({ id: pdmRequests.id });
  return row.id;
}

export async function updatePdm(tx: Executor, id: number, version: number, values: Partial<typeof pdmRequests.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(pdmRequests)
    .set({ ...values, version: sql`${pdmRequests.version} + 1` })
    .where(and(eq(pdmRequests.id, id), eq(pdmRequests.version, version)))
    .returning({ id: pdmRequests.id });
  return rows.length === 1;
}

export async function replacePdmLines(tx: Executor, requestId: number, lines: { articleId: number; quantity: string; estimatedUnitCost: string; estimatedAmount: string }[]): Promise<void> {
  await tx.delete(pdmRequestLines).where(eq(pdmRequestLines.requestId, requestId));
  for (let i = 0; i < lines.length; i += 500) {
    await tx.insert(pdmRequestLines).values(lines.slice(i, i + 500).map((l, j) => ({ requestId, lineNo: i + j + 1, ...l })));
  }
}

export type PdmLineRow = {
  requestId: number;
  lineNo: number;
  articleId: number;
  quantity: string;
  estimatedUnitCost: string;
  estimatedAmount: string;
  sku: string;
  name: string;
  unit: string;
  active: boolean;
};

export async function pdmLines(ex: Executor, requestIds: number[]): Promise<PdmLineRow[]> {
  if (!requestIds.length) return [];
  const rows = await queryRows<PdmLineRow>(
    ex,
    sql`select l.request_id as "requestId", l.line_no as "lineNo", l.article_id as "articleId", l.quantity::text as quantity,
               l.estimated_unit_cost::text as "estimatedUnitCost", l.estimated_amount::text as "estimatedAmount", a.sku, a.name, a.unit, a.active
        from ${pdmRequestLines} l join ${articles} a on a.id = l.article_id
        where l.request_id in (${sql.join(requestIds.map((i) => sql`${i}`), sql`, `)})
        order by l.request_id, l.line_no`,
  );
  return rows.map((r) => ({ ...r, requestId: n(r.requestId), articleId: n(r.articleId) }));
}
