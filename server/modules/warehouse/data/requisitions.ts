// Almacén data layer: warehouse requisitions and their lines.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { users } from '../../../db/tables';
import { articles, warehouseRequisitionLines, warehouseRequisitions } from '../tables';
import { n } from './common';

export type RequisitionRow = typeof warehouseRequisitions.$inferSelect & { requesterName: string; authorizedByName: string | null; closedByName: string | null; serviceOrderFolio: number | null };
export const REQUISITION_SORTS = ['folio', 'neededDate', 'createdAt', 'status', 'area'] as const;
export type RequisitionSort = (typeof REQUISITION_SORTS)[number];

const requisitionSelect = sql`
  select r.id, r.folio, r.requester_id as "requesterId", r.area, r.origin_reference as "originReference", r.warehouse_id as "warehouseId",
         r.needed_date::text as "neededDate", r.notes, r.status, r.rejection_reason as "rejectionReason", r.authorized_by as "authorizedBy",
         r.authorized_at as "authorizedAt", r.close_reason as "closeReason", r.closed_by as "closedBy", r.closed_at as "closedAt",
         r.service_order_id as "serviceOrderId", (select folio from service_orders so where so.id = r.service_order_id) as "serviceOrderFolio",
         r.created_at as "createdAt", r.version, u.name as "requesterName", ua.name as "authorizedByName", uc.name as "closedByName"
  from ${warehouseRequisitions} r
  join ${users} u on u.id = r.requester_id
  left join ${users} ua on ua.id = r.authorized_by
  left join ${users} uc on uc.id = r.closed_by`;

const normRequisition = (r: RequisitionRow): RequisitionRow => ({ ...r, id: n(r.id), warehouseId: n(r.warehouseId), requesterId: n(r.requesterId) });

export async function listRequisitions(ex: Executor, q: ListQuery<RequisitionSort>, f: { status?: string | null; warehouseId?: number | null; range?: DateRange }) {
  const conds: SQL[] = [sql`true`];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(r.area ilike ${p} or r.origin_reference ilike ${p} or r.notes ilike ${p} or u.name ilike ${p} or ('REQ-' || lpad(r.folio::text, 6, '0')) ilike ${p})`);
  }
  if (f.status) conds.push(sql`r.status = ${f.status}`);
  if (f.warehouseId) conds.push(sql`r.warehouse_id = ${f.warehouseId}`);
  if (f.range) conds.push(...withinDates(sql`(r.created_at at time zone 'America/Mexico_City')::date`, f.range));
  const where = sql.join(conds, sql` and `);
  const dir = q.desc ? sql`desc` : sql`asc`;
  const order = {
    folio: sql`r.folio ${dir}`,
    neededDate: sql`r.needed_date ${dir}, r.id desc`,
    createdAt: sql`r.created_at ${dir}, r.id ${dir}`,
    status: sql`r.status ${dir}, r.id desc`,
    area: sql`r.area ${dir}, r.id desc`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<RequisitionRow>(ex, sql`${requisitionSelect} where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from ${warehouseRequisitions} r left join ${users} u on u.id = r.requester_id where ${where}`),
  ]);
  return { items: items.map(normRequisition), total: n(totals[0].n) };
}

export async function findRequisition(ex: Executor, id: number): Promise<RequisitionRow | null> {
  const rows = await queryRows<RequisitionRow>(ex, sql`${requisitionSelect} where r.id = ${id}`);
  return rows[0] ? normRequisition(rows[0]) : null;
}

export async function lockRequisition(tx: Executor, id: number): Promise<(typeof warehouseRequisitions.$inferSelect) | null> {
  const rows = await tx.select().from(warehouseRequisitions).where(eq(warehouseRequisitions.id, id)).for('update');
  return rows[0] ?? null;
}

export async function insertRequisition(tx: Executor, values: typeof warehouseRequisitions.$inferInsert): Promise<number> {
  const [row] = await tx.insert(warehouseRequisitions).values(values).returning({ id: warehouseRequisitions.id });
  return row.id;
}

export async function updateRequisition(tx: Executor, id: number, version: number, values: Partial<typeof warehouseRequisitions.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(warehouseRequisitions)
    .set({ ...values, version: sql`${warehouseRequisitions.version} + 1` })
    .where(and(eq(warehouseRequisitions.id, id), eq(warehouseRequisitions.version, version)))
    .returning({ id: warehouseRequisitions.id });
  return rows.length === 1;
}

export async function replaceRequisitionLines(tx: Executor, requisitionId: number, lines: { articleId: number; requestedQty: string }[]): Promise<void> {
  await tx.delete(warehouseRequisitionLines).where(eq(warehouseRequisitionLines.requisitionId, requisitionId));
  for (let i = 0; i < lines.length; i += 500) {
    await tx.insert(warehouseRequisitionLines).values(lines.slice(i, i + 500).map((l, j) => ({ requisitionId, lineNo: i + j + 1, articleId: l.articleId, requestedQty: l.requestedQty })));
  }
}

export type RequisitionLineRow = {
  id: number;
  requisitionId: number;
  lineNo: number;
  articleId: number;
  requestedQty: string;
  authorizedQty: string | null;
  deliveredQty: string;
  sku: string;
  name: string;
  unit: string;
  active: boolean;
};

export async function requisitionLines(ex: Executor, requisitionIds: number[], forUpdate = false): Promise<RequisitionLineRow[]> {
  if (!requisitionIds.length) return [];
  const rows = await queryRows<RequisitionLineRow>(
    ex,
    sql`select l.id, l.requisition_id as "requisitionId", l.line_no as "lineNo", l.article_id as "articleId",
               l.requested_qty::text as "requestedQty", l.authorized_qty::text as "authorizedQty", l.delivered_qty::text as "deliveredQty",
               a.sku, a.name, a.unit, a.active
        from ${warehouseRequisitionLines} l join ${articles} a on a.id = l.article_id
        where l.requisition_id in (${sql.join(requisitionIds.map((i) => sql`${i}`), sql`, `)})
        order by l.requisition_id, l.line_no
        ${forUpdate ? sql`for update of l` : sql``}`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), requisitionId: n(r.requisitionId), articleId: n(r.articleId) }));
}

export async function setRequisitionLineQuantities(tx: Executor, updates: { id: number; authorizedQty?: string; deliveredQty?: string }[]): Promise<void> {
  for (const u of updates) {
    await tx
      .update(warehouseRequisitionLines)
      .set({ ...(u.authorizedQty !== undefined ? { authorizedQty: u.authorizedQty } : {}), ...(u.deliveredQty !== undefined ? { deliveredQty: u.deliveredQty } : {}) })
      .where(eq(warehouseRequisitionLines.id, u.id));
  }
}
