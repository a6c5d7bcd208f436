// Almacén data layer: catalogues (warehouses, product lines, articles and stock concepts).
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import {
  articles,
  inventoryCountLines,
  inventoryCounts,
  pdmRequestLines,
  productLines,
  stockConcepts,
  stockLevels,
  stockMovementLines,
  stockMovements,
  warehouseRequisitionLines,
  warehouseRequisitions,
  warehouses,
} from '../tables';
import { exists, n } from './common';

// ---- warehouses ---------------------------------------------------------------

export type WarehouseRow = typeof warehouses.$inferSelect;
export const WAREHOUSE_SORTS = ['code', 'name', 'location', 'responsible'] as const;
export type WarehouseSort = (typeof WAREHOUSE_SORTS)[number];

export async function listWarehouses(ex: Executor, q: ListQuery<WarehouseSort>, filter: { active?: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(or(ilike(warehouses.code, p), ilike(warehouses.name, p), ilike(warehouses.location, p), ilike(warehouses.responsible, p)) as SQL);
  }
  if (filter.active !== null && filter.active !== undefined) conds.push(eq(warehouses.active, filter.active));
  const where = conds.length ? and(...conds) : undefined;
  const col = { code: warehouses.code, name: warehouses.name, location: warehouses.location, responsible: warehouses.responsible }[q.sortBy];
  const [items, totals] = await Promise.all([
    ex.select().from(warehouses).where(where).orderBy(q.desc ? desc(col) : asc(col), asc(warehouses.id)).limit(q.limit).offset(q.offset),
    ex.select({ n: count() }).from(warehouses).where(where),
  ]);
  return { items, total: n(totals[0].n) };
}

export async function findWarehouse(ex: Executor, id: number): Promise<WarehouseRow | null> {
  const rows = await ex.select().from(warehouses).where(eq(warehouses.id, id));
  return rows[0] ?? null;
}

/** Serialises documents that must be unique per warehouse (one open count). */
export async function lockWarehouse(tx: Executor, id: number): Promise<WarehouseRow | null> {
  const rows = await tx.select().from(warehouses).where(eq(warehouses.id, id)).for('update');
  return rows[0] ?? null;
}

export async function warehousesByIds(ex: Executor, ids: number[]): Promise<WarehouseRow[]> {
  if (!ids.length) return [];
  return ex.select().from(warehouses).where(inArray(warehouses.id, ids));
}

export async function warehouseCodeTaken(ex: Executor, code: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(sql`lower(${warehouses.code}) = lower(${code})`, exceptId ? ne(warehouses.id, exceptId) : undefined));
  return rows.length > 0;
}

type WarehouseValues = Pick<typeof warehouses.$inferInsert, 'code' | 'name' | 'location' | 'responsible' | 'active'>;

export async function insertWarehouse(ex: Executor, values: WarehouseValues): Promise<number> {
  const [row] = await ex.insert(warehouses).values(values).returning({ id: warehouses.id });
  return row.id;
}

export async function updateWarehouse(ex: Executor, id: number, version: number, values: Partial<WarehouseValues>): Promise<boolean> {
  const rows = await ex
    .update(warehouses)
    .set({ ...values, version: sql`${warehouses.version} + 1` })
    .where(and(eq(warehouses.id, id), eq(warehouses.version, version)))
    .returning({ id: warehouses.id });
  return rows.length === 1;
}

export async function deleteWarehouse(ex: Executor, id: number): Promise<void> {
  await ex.delete(warehouses).where(eq(warehouses.id, id));
}

export function warehouseReferenced(ex: Executor, id: number): Promise<boolean> {
  return exists(
    ex,
    sql`select 1 as x where exists (select 1 from ${stockLevels} where warehouse_id = ${id})
        or exists (select 1 from ${stockMovements} where warehouse_id = ${id} or target_warehouse_id = ${id})
        or exists (select 1 from ${inventoryCounts} where warehouse_id = ${id})
        or exists (select 1 from ${warehouseRequisitions} where warehouse_id = ${id})`,
  );
}

// ---- product lines -----------------------------------------------------------------

export type ProductLineRow = typeof productLines.$inferSelect & { articleCount: number };
export const LINE_SORTS = ['code', 'name', 'articleCount'] as const;
export type LineSort = (typeof LINE_SORTS)[number];

const articleCountSql = sql<number>`(select count(*)::int from "wh_articles" a where a.line_id = "wh_product_lines"."id")`;
const lineColumns = {
  id: productLines.id,
  code: productLines.code,
  name: productLines.name,
  description: productLines.description,
  active: productLines.active,
  createdAt: productLines.createdAt,
  version: productLines.version,
  articleCount: articleCountSql,
};

export async function listProductLines(ex: Executor, q: ListQuery<LineSort>, filter: { active?: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(or(ilike(productLines.code, p), ilike(productLines.name, p), ilike(productLines.description, p)) as SQL);
  }
  if (filter.active !== null && filter.active !== undefined) conds.push(eq(productLines.active, filter.active));
  const where = conds.length ? and(...conds) : undefined;
  const col = { code: productLines.code, name: productLines.name, articleCount: articleCountSql }[q.sortBy];
  const [items, totals] = await Promise.all([
    ex.select(lineColumns).from(productLines).where(where).orderBy(q.desc ? desc(col) : asc(col), asc(productLines.id)).limit(q.limit).offset(q.offset),
    ex.select({ n: count() }).from(productLines).where(where),
  ]);
  return { items: items.map((r) => ({ ...r, articleCount: n(r.articleCount) })), total: n(totals[0].n) };
}

export async function findProductLine(ex: Executor, id: number): Promise<ProductLineRow | null> {
  const rows = await ex.select(lineColumns).from(productLines).where(eq(productLines.id, id));
  return rows[0] ? { ...rows[0], articleCount: n(rows[0].articleCount) } : null;
}

export async function productLinesByIds(ex: Executor, ids: number[]): Promise<ProductLineRow[]> {
  if (!ids.length) return [];
  const rows = await ex.select(lineColumns).from(productLines).where(inArray(productLines.id, ids));
  return rows.map((r) => ({ ...r, articleCount: n(r.articleCount) }));
}

export async function allProductLines(ex: Executor): Promise<(typeof productLines.$inferSelect)[]> {
  return ex.select().from(productLines);
}

export async function lineCodeTaken(ex: Executor, code: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: productLines.id })
    .from(productLines)
    .where(and(sql`lower(${productLines.code}) = lower(${code})`, exceptId ? ne(productLines.id, exceptId) : undefined));
  return rows.length > 0;
}

type LineValues = Pick<typeof productLines.$inferInsert, 'code' | 'name' | 'description' | 'active'>;

export async function insertProductLine(ex: Executor, values: LineValues): Promise<number> {
  const [row] = await ex.insert(productLines).values(values).returning({ id: productLines.id });
  return row.id;
}

export async function updateProductLine(ex: Executor, id: number, version: number, values: Partial<LineValues>): Promise<boolean> {
  const rows = await ex
    .update(productLines)
    .set({ ...values, version: sql`${productLines.version} + 1` })
    .where(and(eq(productLines.id, id), eq(productLines.version, version)))
    .returning({ id: productLines.id });
  return rows.length === 1;
}

export async function deleteProductLine(ex: Executor, id: number): Promise<void> {
  await ex.delete(productLines).where(eq(productLines.id, id));
}

export const productLineReferenced = (ex: Executor, id: number) => exists(ex, sql`select 1 as x from ${articles} where line_id = ${id} limit 1`);

// ---- articles ---------------------------------------------------------------------

export type ArticleRow = typeof articles.$inferSelect & { totalQuantity: string; totalValue: string };
export const ARTICLE_SORTS = ['sku', 'name', 'line', 'unit', 'totalQuantity'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

// Totals over every warehouse, read at query time (no per-article counter to contend on).
const totalQtySql = sql<string>`coalesce((select sum(s.quantity) from "wh_stock" s where s.article_id = "wh_articles"."id"), 0)`;
const totalValueSql = sql<string>`coalesce((select sum(s.value) from "wh_stock" s where s.article_id = "wh_articles"."id"), 0)`;
const articleColumns = {
  id: articles.id,
  sku: articles.sku,
  name: articles.name,
  lineId: articles.lineId,
  unit: articles.unit,
  minStock: articles.minStock,
  maxStock: articles.maxStock,
  reorderPoint: articles.reorderPoint,
  barcode: articles.barcode,
  active: articles.active,
  createdAt: articles.createdAt,
  version: articles.version,
  totalQuantity: totalQtySql,
  totalValue: totalValueSql,
};

export async function listArticles(ex: Executor, q: ListQuery<ArticleSort>, filter: { lineId?: number | null; active?: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(or(ilike(articles.sku, p), ilike(articles.name, p), ilike(articles.barcode, p)) as SQL);
  }
  if (filter.lineId) conds.push(eq(articles.lineId, filter.lineId));
  if (filter.active !== null && filter.active !== undefined) conds.push(eq(articles.active, filter.active));
  const where = conds.length ? and(...conds) : undefined;
  const col = { sku: articles.sku, name: articles.name, line: productLines.name, unit: articles.unit, totalQuantity: totalQtySql }[q.sortBy];
  const [items, totals] = await Promise.all([
    ex
      .select(articleColumns)
      .from(articles)
      .innerJoin(productLines, eq(productLines.id, articles.lineId))
      .where(where)
      .orderBy(q.desc ? desc(col) : asc(col), asc(articles.id))
      .limit(q.limit)
      .offset(q.offset),
    ex.select({ n: count() }).from(articles).where(where),
  ]);
  return { items: items.map(normArticle), total: n(totals[0].n) };
}

const normArticle = <T extends { totalQuantity: unknown; totalValue: unknown }>(r: T) => ({ ...r, totalQuantity: String(r.totalQuantity), totalValue: String(r.totalValue) });

export async function findArticle(ex: Executor, id: number): Promise<ArticleRow | null> {
  const rows = await ex.select(articleColumns).from(articles).where(eq(articles.id, id));
  return rows[0] ? normArticle(rows[0]) : null;
}

export async function articlesByIds(ex: Executor, ids: number[]): Promise<ArticleRow[]> {
  if (!ids.length) return [];
  const rows = await ex.select(articleColumns).from(articles).where(inArray(articles.id, ids));
  return rows.map(normArticle);
}

export async function articlesBySkus(ex: Executor, skus: string[]): Promise<{ id: number; sku: string }[]> {
  if (!skus.length) return [];
  const lowered = skus.map((s) => s.toLowerCase());
  return ex.select({ id: articles.id, sku: articles.sku }).from(articles).where(inArray(sql`lower(${articles.sku})`, lowered));
}

export async function skuTaken(ex: Executor, sku: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: articles.id })
    .from(articles)
    .where(and(sql`lower(${articles.sku}) = lower(${sku})`, exceptId ? ne(articles.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function barcodeTaken(ex: Executor, barcode: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.barcode, barcode), exceptId ? ne(articles.id, exceptId) : undefined));
  return rows.length > 0;
}

type ArticleValues = Pick<typeof articles.$inferInsert, 'sku' | 'name' | 'lineId' | 'unit' | 'minStock' | 'maxStock' | 'reorderPoint' | 'barcode' | 'active'>;

export async function insertArticle(ex: Executor, values: ArticleValues): Promise<number> {
  const [row] = await ex.insert(articles).values(values).returning({ id: articles.id });
  return row.id;
}

/** Bulk insert in chunks (imports and the demo seed). */
export async function insertArticles(ex: Executor, rows: ArticleValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const out = await ex.insert(articles).values(rows.slice(i, i + 500)).returning({ id: articles.id });
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

export async function updateArticle(ex: Executor, id: number, version: number, values: Partial<ArticleValues>): Promise<boolean> {
  const rows = await ex
    .update(articles)
    .set({ ...values, version: sql`${articles.version} + 1` })
    .where(and(eq(articles.id, id), eq(articles.version, version)))
    .returning({ id: articles.id });
  return rows.length === 1;
}

export async function deleteArticle(ex: Executor, id: number): Promise<void> {
  await ex.delete(articles).where(eq(articles.id, id));
}

export const articleHasMovements = (ex: Executor, id: number) => exists(ex, sql`select 1 as x from ${stockMovementLines} where article_id = ${id} limit 1`);

export function articleReferenced(ex: Executor, id: number): Promise<boolean> {
  return exists(
    ex,
    sql`select 1 as x where exists (select 1 from ${stockLevels} where article_id = ${id})
        or exists (select 1 from ${stockMovementLines} where article_id = ${id})
        or exists (select 1 from ${inventoryCountLines} where article_id = ${id})
        or exists (select 1 from ${warehouseRequisitionLines} where article_id = ${id})
        or exists (select 1 from ${pdmRequestLines} where article_id = ${id})`,
  );
}

export type ArticleOptionRow = {
  id: number;
  sku: string;
  name: string;
  unit: string;
  active: boolean;
  available: string;
  averageCost: string;
};

/** Pickers: active articles by SKU/name/barcode (or the given ids), with stock in one warehouse (all warehouses when none). */
export async function articleOptions(
  ex: Executor,
  opts: { search: string | null; warehouseId: number | null; ids: number[] | null; limit: number },
): Promise<ArticleOptionRow[]> {
  const whId = opts.warehouseId ?? 0;
  const searchCond = opts.search
    ? sql`and (a.sku ilike ${likePattern(opts.search)} or a.name ilike ${likePattern(opts.search)} or a.barcode = ${opts.search})`
    : sql``;
  // Given ids (a document's own lines) may be inactive by now; a search offers only active articles.
  const idCond = opts.ids ? sql`and a.id in (${sql.join(opts.ids.length ? opts.ids.map((i) => sql`${i}`) : [sql`0`], sql`, `)})` : sql`and a.active`;
  const rows = await queryRows<ArticleOptionRow>(
    ex,
    sql`select a.id, a.sku, a.name, a.unit, a.active,
               (${opts.warehouseId === null ? sql`coalesce(t.q, 0)` : sql`coalesce(s.quantity, 0)`})::text as available,
               coalesce(nullif(s.avg_cost, 0), case when t.q > 0 then round(t.v / t.q, 6) else 0 end)::text as "averageCost"
        from ${articles} a
        left join ${stockLevels} s on s.article_id = a.id and s.warehouse_id = ${whId}
        left join lateral (select sum(x.quantity) as q, sum(x.value) as v from ${stockLevels} x where x.article_id = a.id) t on true
        where true ${idCond} ${searchCond}
        order by (lower(a.sku) = lower(${opts.search ?? ''})) desc, a.sku
        limit ${opts.limit}`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id) }));
}

// ---- concepts -------------------------------------------------------------------------

export type ConceptRow = typeof stockConcepts.$inferSelect;
export const CONCEPT_SORTS = ['code', 'name', 'kind'] as const;
export type ConceptSort = (typeof CONCEPT_SORTS)[number];

export async function listConcepts(ex: Executor, q: ListQuery<ConceptSort>, filter: { kind?: string | null; active?: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(or(ilike(stockConcepts.code, p), ilike(stockConcepts.name, p)) as SQL);
  }
  if (filter.kind) conds.push(eq(stockConcepts.kind, filter.kind));
  if (filter.active !== null && filter.active !== undefined) conds.push(eq(stockConcepts.active, filter.active));
  const where = conds.length ? and(...conds) : undefined;
  const col = { code: stockConcepts.code, name: stockConcepts.name, kind: stockConcepts.kind }[q.sortBy];
  const [items, totals] = await Promise.all([
    ex.select().from(stockConcepts).where(where).orderBy(q.desc ? desc(col) : asc(col), asc(stockConcepts.id)).limit(q.limit).offset(q.offset),
    ex.select({ n: count() }).from(stockConcepts).where(where),
  ]);
  return { items, total: n(totals[0].n) };
}

export async function findConcept(ex: Executor, id: number): Promise<ConceptRow | null> {
  const rows = await ex.select().from(stockConcepts).where(eq(stockConcepts.id, id));
  return rows[0] ?? null;
}

export async function conceptsByIds(ex: Executor, ids: number[]): Promise<ConceptRow[]> {
  if (!ids.length) return [];
  return ex.select().from(stockConcepts).where(inArray(stockConcepts.id, ids));
}

export async function conceptCodeTaken(ex: Executor, code: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: stockConcepts.id })
    .from(stockConcepts)
    .where(and(sql`lower(${stockConcepts.code}) = lower(${code})`, exceptId ? ne(stockConcepts.id, exceptId) : undefined));
  return rows.length > 0;
}

type ConceptValues = Pick<typeof stockConcepts.$inferInsert, 'code' | 'name' | 'kind' | 'direction' | 'affectsCost' | 'active' | 'systemKey'>;

export async function insertConcept(ex: Executor, values: ConceptValues): Promise<number> {
  const [row] = await ex.insert(stockConcepts).values(values).returning({ id: stockConcepts.id });
  return row.id;
}

export async function updateConcept(ex: Executor, id: number, version: number, values: Partial<ConceptValues>): Promise<boolean> {
  const rows = await ex
    .update(stockConcepts)
    .set({ ...values, version: sql`${stockConcepts.version} + 1` })
    .where(and(eq(stockConcepts.id, id), eq(stockConcepts.version, version)))
    .returning({ id: stockConcepts.id });
  return rows.length === 1;
}

export async function deleteConcept(ex: Executor, id: number): Promise<void> {
  await ex.delete(stockConcepts).where(eq(stockConcepts.id, id));
}

export const conceptReferenced = (ex: Executor, id: number) => exists(ex, sql`select 1 as x from ${stockMovements} where concept_id = ${id} limit 1`);

/** The concept the module posts with for `systemKey`, created on first use (a company without the demo data has none). */
export async function ensureSystemConcept(ex: Executor, values: ConceptValues & { systemKey: string }): Promise<ConceptRow> {
  const find = async () => (await ex.select().from(stockConcepts).where(eq(stockConcepts.systemKey, values.systemKey)))[0] ?? null;
  const existing = await find();
  if (existing) return existing;
  // The code may already be used by a concept somebody captured: fall back to a suffixed one.
  const code = (await conceptCodeTaken(ex, values.code)) ? `${values.code}-SIS` : values.code;
  await ex.insert(stockConcepts).values({ ...values, code }).onConflictDoNothing();
  return (await find()) as ConceptRow;
}
