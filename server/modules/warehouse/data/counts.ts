// Almacén data layer: inventory counts (header, snapshot, capture, results).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { users } from '../../../db/tables';
import { articles, inventoryCountLines, inventoryCounts, stockLevels, warehouses } from '../tables';
import { exists, n } from './common';

export type CountRow = typeof inventoryCounts.$inferSelect & {
  openedByName: string | null;
  closedByName: string | null;
  lineCount: number;
  countedCount: number;
};

export const COUNT_SORTS = ['folio', 'openedAt', 'status'] as const;
export type CountSort = (typeof COUNT_SORTS)[number];

const countSelect = sql`
  select k.id, k.folio, k.warehouse_id as "warehouseId", k.status, k.notes, k.opened_by as "openedBy", k.opened_at as "openedAt",
         k.closed_by as "closedBy", k.closed_at as "closedAt", k.in_movement_id as "inMovementId", k.out_movement_id as "outMovementId",
         k.version, uo.name as "openedByName", uc.name as "closedByName",
         (select count(*)::int from ${inventoryCountLines} l where l.count_id = k.id) as "lineCount",
         (select count(*)::int from ${inventoryCountLines} l where l.count_id = k.id and l.counted_qty is not null) as "countedCount"
  from ${inventoryCounts} k
  join ${warehouses} w on w.id = k.warehouse_id
  left join ${users} uo on uo.id = k.opened_by
  left join ${users} uc on uc.id = k.closed_by`;

const normCount = (r: CountRow): CountRow => ({ ...r, id: n(r.id), warehouseId: n(r.warehouseId), lineCount: n(r.lineCount), countedCount: n(r.countedCount) });

export async function listCounts(ex: Executor, q: ListQuery<CountSort>, f: { warehouseId?: number | null; status?: string | null; range?: DateRange }) {
  const conds: SQL[] = [sql`true`];
  if (q.search) conds.push(sql`(w.name ilike ${likePattern(q.search)} or k.notes ilike ${likePattern(q.search)} or k.folio::text = ${q.search.replace(/^INV-0*/i, '')})`);
  if (f.warehouseId) conds.push(sql`k.warehouse_id = ${f.warehouseId}`);
  if (f.status) conds.push(sql`k.status = ${f.status}`);
  // Opened at an instant: its day is Mexico City's.
  if (f.range) conds.push(...withinDates(sql`(k.opened_at at time zone 'America/Mexico_City')::date`, f.range));
  const where = sql.join(conds, sql` and `);
  const dir = q.desc ? sql`desc` : sql`asc`;
  const order = { folio: sql`k.folio ${dir}`, openedAt: sql`k.opened_at ${dir}, k.id ${dir}`, status: sql`k.status ${dir}, k.id desc` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<CountRow>(ex, sql`${countSelect} where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from ${inventoryCounts} k left join ${warehouses} w on w.id = k.warehouse_id where ${where}`),
  ]);
  return { items: items.map(normCount), total: n(totals[0].n) };
}

export async function findCount(ex: Executor, id: number): Promise<CountRow | null> {
  const rows = await queryRows<CountRow>(ex, sql`${countSelect} where k.id = ${id}`);
  return rows[0] ? normCount(rows[0]) : null;
}

export async function lockCount(tx: Executor, id: number): Promise<(typeof inventoryCounts.$inferSelect) | null> {
  const rows = await tx.select().from(inventoryCounts).where(eq(inventoryCounts.id, id)).for('update');
  return rows[0] ?? null;
}

export async function openCountExists(ex: Executor, warehouseId: number): Promise<boolean> {
  return exists(ex, sql`select 1 as x from ${inventoryCounts} where warehouse_id = ${warehouseId} and status = 'ABIERTO'`);
}

export async function insertCount(tx: Executor, values: typeof inventoryCounts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(inventoryCounts).values(values).returning({ id: inventoryCounts.id });
  return row.id;
}

/** Snapshot: every active article the warehouse holds or has held, with its quantity now. */
export async function snapshotCountLines(tx: Executor, countId: number, warehouseId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with ins as (
          insert into ${inventoryCountLines} (count_id, article_id, snapshot_qty)
          select ${countId}, s.article_id, s.quantity from ${stockLevels} s join ${articles} a on a.id = s.article_id
          where s.warehouse_id = ${warehouseId} and (a.active or s.quantity <> 0)
          returning 1)
        select count(*)::int as n from ins`,
  );
  return n(rows[0].n);
}

export type CountLineRow = {
  articleId: number;
  sku: string;
  name: string;
  unit: string;
  active: boolean;
  snapshotQty: string;
  countedQty: string | null;
  /** Closed: the stock at closing; open: the stock now. */
  expectedQty: string;
  differenceQty: string | null;
  unitCost: string;
  differenceValue: string | null;
};

export async function countLines(ex: Executor, countId: number, warehouseId: number): Promise<CountLineRow[]> {
  const rows = await queryRows<CountLineRow>(
    ex,
    sql`select l.article_id as "articleId", a.sku, a.name, a.unit, a.active, l.snapshot_qty::text as "snapshotQty",
               l.counted_qty::text as "countedQty",
               coalesce(l.expected_qty, s.quantity, 0)::text as "expectedQty",
               l.difference_qty::text as "differenceQty",
               coalesce(l.unit_cost, s.avg_cost, 0)::text as "unitCost",
               l.difference_value::text as "differenceValue"
        from ${inventoryCountLines} l
        join ${articles} a on a.id = l.article_id
        left join ${stockLevels} s on s.warehouse_id = ${warehouseId} and s.article_id = l.article_id
        where l.count_id = ${countId}
        order by a.sku`,
  );
  return rows.map((r) => ({ ...r, articleId: n(r.articleId) }));
}

export async function stockQuantities(ex: Executor, warehouseId: number, articleIds: number[]): Promise<Map<number, string>> {
  if (!articleIds.length) return new Map();
  const rows = await ex
    .select({ articleId: stockLevels.articleId, quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.warehouseId, warehouseId), inArray(stockLevels.articleId, articleIds)));
  return new Map(rows.map((r) => [r.articleId, r.quantity]));
}

export async function countLineArticleIds(ex: Executor, countId: number): Promise<Set<number>> {
  const rows = await ex.select({ articleId: inventoryCountLines.articleId }).from(inventoryCountLines).where(eq(inventoryCountLines.countId, countId));
  return new Set(rows.map((r) => r.articleId));
}

export async function captureCountLines(tx: Executor, countId: number, entries: { articleId: number; countedQty: string | null }[], newSnapshot: Map<number, string>): Promise<void> {
  for (let i = 0; i < entries.length; i += 300) {
    const chunk = entries.slice(i, i + 300);
    const values = sql.join(
      chunk.map((e) => sql`(${countId}::int, ${e.articleId}::int, ${newSnapshot.get(e.articleId) ?? '0'}::numeric, ${e.countedQty}::numeric)`),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${inventoryCountLines} (count_id, article_id, snapshot_qty, counted_qty) values ${values}
          on conflict (count_id, article_id) do update set counted_qty = excluded.counted_qty`,
    );
  }
}

export async function countedLines(tx: Executor, countId: number): Promise<{ articleId: number; countedQty: string }[]> {
  const rows = await queryRows<{ articleId: number; countedQty: string }>(
    tx,
    sql`select article_id as "articleId", counted_qty::text as "countedQty" from ${inventoryCountLines}
        where count_id = ${countId} and counted_qty is not null order by article_id`,
  );
  return rows.map((r) => ({ ...r, articleId: n(r.articleId) }));
}

export async function writeCountResults(
  tx: Executor,
  countId: number,
  results: { articleId: number; expectedQty: string; differenceQty: string; unitCost: string; differenceValue: string }[],
): Promise<void> {
  for (let i = 0; i < results.length; i += 300) {
    const values = sql.join(
      results
        .slice(i, i + 300)
        .map((r) => sql`(${r.articleId}::int, ${r.expectedQty}::numeric, ${r.differenceQty}::numeric, ${r.unitCost}::numeric, ${r.differenceValue}::numeric)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${inventoryCountLines} l set expected_qty = v.e, difference_qty = v.d, unit_cost = v.c, difference_value = v.dv
          from (values ${values}) as v(a, e, d, c, dv) where l.count_id = ${countId} and l.article_id = v.a`,
    );
  }
}

export async function updateCount(tx: Executor, id: number, version: number, values: Partial<typeof inventoryCounts.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(inventoryCounts)
    .set({ ...values, version: sql`${inventoryCounts.version} + 1` })
    .where(and(eq(inventoryCounts.id, id), eq(inventoryCounts.version, version)))
    .returning({ id: inventoryCounts.id });
  return rows.length === 1;
}
