// Almacén data layer: posted movement reads (list, detail, lines) and the document-line parent types.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { users } from '../../../db/tables';
import { articles, stockConcepts, stockMovementLines, stockMovements } from '../tables';
import { n } from './common';
import type { KardexRow } from './stock';
import type { CountLineRow } from './counts';
import type { RequisitionLineRow } from './requisitions';
import type { PdmLineRow } from './pdm';

export type MovementRow = typeof stockMovements.$inferSelect & {
  conceptCode: string;
  conceptName: string;
  conceptKind: string;
  conceptDirection: string;
  conceptAffectsCost: boolean;
  conceptSystemKey: string | null;
  conceptActive: boolean;
  conceptVersion: number;
  createdByName: string | null;
  reversesSeries: string | null;
  reversesFolio: number | null;
  reversedBySeries: string | null;
  reversedByFolio: number | null;
};

export const MOVEMENT_SORTS = ['date', 'folio', 'concept', 'totalAmount'] as const;
export type MovementSort = (typeof MOVEMENT_SORTS)[number];

export type MovementFilter = {
  kind?: string | null;
  warehouseId?: number | null;
  conceptId?: number | null;
  articleId?: number | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
  sourceType?: string | null;
  sourceId?: number | null;
};

function movementWhere(q: { search: string | null }, f: MovementFilter): SQL {
  const conds: SQL[] = [sql`true`];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(
      sql`(m.reference ilike ${p} or m.notes ilike ${p} or c.name ilike ${p}
           or (m.series || '-' || lpad(m.folio::text, 6, '0')) ilike ${p})`,
    );
  }
  if (f.kind) conds.push(sql`m.kind = ${f.kind}`);
  if (f.warehouseId) conds.push(sql`(m.warehouse_id = ${f.warehouseId} or m.target_warehouse_id = ${f.warehouseId})`);
  if (f.conceptId) conds.push(sql`m.concept_id = ${f.conceptId}`);
  if (f.status) conds.push(sql`m.status = ${f.status}`);
  if (f.from) conds.push(sql`m.date >= ${f.from}::date`);
  if (f.to) conds.push(sql`m.date <= ${f.to}::date`);
  if (f.articleId) conds.push(sql`exists (select 1 from ${stockMovementLines} l where l.movement_id = m.id and l.article_id = ${f.articleId})`);
  if (f.sourceType) conds.push(sql`m.source_type = ${f.sourceType} and m.source_id = ${f.sourceId ?? 0}`);
  return sql.join(conds, sql` and `);
}

const movementSelect = sql`
  select m.id, m.series, m.folio, m.date::text as date, m.concept_id as "conceptId", m.kind, m.direction,
         m.warehouse_id as "warehouseId", m.target_warehouse_id as "targetWarehouseId", m.reference, m.notes, m.status,
         m.reverses_id as "reversesId", m.reversed_by_id as "reversedById", m.source_type as "sourceType", m.source_id as "sourceId",
         m.total_amount::text as "totalAmount", m.line_count as "lineCount", m.created_by as "createdBy", m.created_at as "createdAt",
         c.code as "conceptCode", c.name as "conceptName", c.kind as "conceptKind", c.direction as "conceptDirection",
         c.affects_cost as "conceptAffectsCost", c.system_key as "conceptSystemKey", c.active as "conceptActive", c.version as "conceptVersion",
         u.name as "createdByName",
         rv.series as "reversesSeries", rv.folio as "reversesFolio", rb.series as "reversedBySeries", rb.folio as "reversedByFolio"
  from ${stockMovements} m
  join ${stockConcepts} c on c.id = m.concept_id
  left join ${users} u on u.id = m.created_by
  left join ${stockMovements} rv on rv.id = m.reverses_id
  left join ${stockMovements} rb on rb.id = m.reversed_by_id`;

export async function listMovements(ex: Executor, q: ListQuery<MovementSort>, f: MovementFilter) {
  const where = movementWhere(q, f);
  const dir = q.desc ? sql`desc` : sql`asc`;
  const order = {
    date: sql`m.date ${dir}, m.id ${dir}`,
    folio: sql`m.series ${dir}, m.folio ${dir}`,
    concept: sql`c.name ${dir}, m.id desc`,
    totalAmount: sql`m.total_amount ${dir}, m.id desc`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<MovementRow>(ex, sql`${movementSelect} where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from ${stockMovements} m left join ${stockConcepts} c on c.id = m.concept_id where ${where}`),
  ]);
  return { items: items.map(normMovement), total: n(totals[0].n) };
}

const normMovement = (r: MovementRow): MovementRow => ({ ...r, id: n(r.id), folio: n(r.folio), warehouseId: n(r.warehouseId) });

export async function findMovement(ex: Executor, id: number): Promise<MovementRow | null> {
  const rows = await queryRows<MovementRow>(ex, sql`${movementSelect} where m.id = ${id}`);
  return rows[0] ? normMovement(rows[0]) : null;
}

export async function movementsBySource(ex: Executor, sourceType: string, sourceIds: number[]): Promise<{ id: number; series: string; folio: number; sourceId: number }[]> {
  if (!sourceIds.length) return [];
  return ex
    .select({ id: stockMovements.id, series: stockMovements.series, folio: stockMovements.folio, sourceId: sql<number>`${stockMovements.sourceId}` })
    .from(stockMovements)
    .where(and(eq(stockMovements.sourceType, sourceType), inArray(stockMovements.sourceId, sourceIds)))
    .orderBy(asc(stockMovements.id));
}

export async function movementRefs(ex: Executor, ids: number[]): Promise<{ id: number; series: string; folio: number }[]> {
  if (!ids.length) return [];
  return ex.select({ id: stockMovements.id, series: stockMovements.series, folio: stockMovements.folio }).from(stockMovements).where(inArray(stockMovements.id, ids));
}

/** Document lines carry the warehouse they are read in, so their article shows what is on hand there. */
export type InWarehouse<T> = T & { ctxWarehouseId: number | null };
export type MovementLineParent = InWarehouse<MovementLineRow>;
export type CountLineParent = InWarehouse<CountLineRow>;
/** A requisition line also carries its requisition's status: a closed one owes nothing. */
export type RequisitionLineParent = InWarehouse<RequisitionLineRow> & { ctxStatus: string };
export type PdmLineParent = InWarehouse<PdmLineRow>;
export type KardexEntryParent = KardexRow & { folioText: string };

export type MovementLineRow = {
  movementId: number;
  lineNo: number;
  articleId: number;
  quantity: string;
  unitCost: string;
  amount: string;
  sku: string;
  name: string;
  unit: string;
  active: boolean;
};

export async function movementLines(ex: Executor, movementIds: number[]): Promise<MovementLineRow[]> {
  if (!movementIds.length) return [];
  const rows = await queryRows<MovementLineRow>(
    ex,
    sql`select l.movement_id as "movementId", l.line_no as "lineNo", l.article_id as "articleId", l.quantity::text as quantity,
               l.unit_cost::text as "unitCost", l.amount::text as amount, a.sku, a.name, a.unit, a.active
        from ${stockMovementLines} l join ${articles} a on a.id = l.article_id
        where l.movement_id in (${sql.join(movementIds.map((i) => sql`${i}`), sql`, `)})
        order by l.movement_id, l.line_no`,
  );
  return rows.map((r) => ({ ...r, movementId: n(r.movementId), articleId: n(r.articleId) }));
}
