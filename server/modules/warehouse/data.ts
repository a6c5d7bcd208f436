// Almacén data layer: every SQL statement of the module (drizzle builder or
// parameterised `sql` templates, never concatenated text).
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../lib/list';
import { auditLog, users } from '../../db/tables';
import {
  articles,
  inventoryCountLines,
  inventoryCounts,
  pdmRequestLines,
  pdmRequests,
  productLines,
  stockConcepts,
  stockLedger,
  stockLevels,
  stockMovementLines,
  stockMovements,
  warehouseRequisitionLines,
  warehouseRequisitions,
  warehouses,
} from './tables';

const exists = async (ex: Executor, query: SQL): Promise<boolean> => (await queryRows<{ x: number }>(ex, query)).length > 0;
const n = (v: unknown): number => Number(v ?? 0);

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

// ---- stock rows and postings ------------------------------------------------------------

export type StockRow = {
  warehouseId: number;
  articleId: number;
  quantity: string;
  value: string;
  avgCost: string;
  lastMovementDate: string | null;
};

export const stockKey = (warehouseId: number, articleId: number) => `${warehouseId}:${articleId}`;

/**
 * Locks the stock rows of a posting, creating the missing ones, always in
 * (warehouse, article) order so concurrent postings queue instead of
 * deadlocking: one statement, an insert whose conflict takes the row lock and
 * returns the latest committed balance (a no-op update of a column no index
 * covers, so the row stays on its page). The insert waits for another
 * transaction inserting or updating the same row.
 */
export async function lockStockRows(tx: Executor, keys: { warehouseId: number; articleId: number }[]): Promise<Map<string, StockRow>> {
  const unique = [...new Map(keys.map((k) => [stockKey(k.warehouseId, k.articleId), k])).values()].sort(
    (a, b) => a.warehouseId - b.warehouseId || a.articleId - b.articleId,
  );
  const out = new Map<string, StockRow>();
  if (!unique.length) return out;
  const rows = await queryRows<StockRow>(
    tx,
    sql`insert into ${stockLevels} as s (warehouse_id, article_id)
        select k.w, k.a from jsonb_to_recordset(${JSON.stringify(unique.map((k) => ({ w: k.warehouseId, a: k.articleId })))}::jsonb) as k(w int, a int)
        order by k.w, k.a
        on conflict (warehouse_id, article_id) do update set quantity = s.quantity
        returning s.warehouse_id as "warehouseId", s.article_id as "articleId", s.quantity::text as quantity, s.value::text as value,
                  s.avg_cost::text as "avgCost", s.last_movement_date::text as "lastMovementDate"`,
  );
  for (const r of rows) out.set(stockKey(n(r.warehouseId), n(r.articleId)), { ...r, warehouseId: n(r.warehouseId), articleId: n(r.articleId) });
  return out;
}

export async function writeStockRows(tx: Executor, rows: StockRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`update ${stockLevels} s set quantity = v.q, value = v.val, avg_cost = v.c, last_movement_date = v.d from ${stockValues(rows)} where s.warehouse_id = v.w and s.article_id = v.a`);
}

const stockValues = (rows: StockRow[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ w: r.warehouseId, a: r.articleId, q: r.quantity, val: r.value, c: r.avgCost, d: r.lastMovementDate })))}::jsonb)
      as v(w int, a int, q numeric, val numeric, c numeric, d date)`;

/** The catalogue rows a captured movement checks, read in one statement. */
export type PostingArticle = { id: number; sku: string; name: string; unit: string; active: boolean };

const idsJson = (ids: number[]) => sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`;

export async function postingCatalogs(
  ex: Executor,
  conceptId: number,
  warehouseIds: number[],
  articleIds: number[],
): Promise<{ concept: ConceptRow | null; warehouses: WarehouseRow[]; articles: PostingArticle[] }> {
  const [row] = await queryRows<{ concept: string | null; warehouses: string; articles: string }>(
    ex,
    sql`select
          (select json_build_object('id', c.id, 'code', c.code, 'name', c.name, 'kind', c.kind, 'direction', c.direction, 'affectsCost', c.affects_cost,
                                    'systemKey', c.system_key, 'active', c.active, 'createdAt', c.created_at, 'version', c.version)::text
             from ${stockConcepts} c where c.id = ${conceptId}) as concept,
          (select coalesce(json_agg(json_build_object('id', w.id, 'code', w.code, 'name', w.name, 'location', w.location, 'responsible', w.responsible,
                                                      'active', w.active, 'createdAt', w.created_at, 'version', w.version)), '[]')::text
             from ${warehouses} w where w.id in ${idsJson(warehouseIds)}) as warehouses,
          (select coalesce(json_agg(json_build_object('id', a.id, 'sku', a.sku, 'name', a.name, 'unit', a.unit, 'active', a.active)), '[]')::text
             from ${articles} a where a.id in ${idsJson(articleIds)}) as articles`,
  );
  const withDate = <T extends { createdAt: Date | string }>(r: T): T => ({ ...r, createdAt: new Date(r.createdAt) });
  return {
    concept: row.concept ? withDate(JSON.parse(row.concept) as ConceptRow) : null,
    warehouses: (JSON.parse(row.warehouses) as WarehouseRow[]).map(withDate),
    articles: JSON.parse(row.articles) as PostingArticle[],
  };
}

/** Average cost of articles over every warehouse (value / quantity), for entries valued "at cost" where the row has none. */
export async function globalAverageCosts(ex: Executor, articleIds: number[]): Promise<Map<number, string>> {
  if (!articleIds.length) return new Map();
  const rows = await queryRows<{ articleId: number; cost: string }>(
    ex,
    sql`select article_id as "articleId", (case when sum(quantity) > 0 then round(sum(value) / sum(quantity), 6) else max(avg_cost) end)::text as cost
        from ${stockLevels} where article_id in ${sql`(${sql.join(articleIds.map((i) => sql`${i}`), sql`, `)})`} group by article_id`,
  );
  return new Map(rows.map((r) => [n(r.articleId), r.cost]));
}

export type MovementValues = typeof stockMovements.$inferInsert;

export async function insertMovement(tx: Executor, values: MovementValues): Promise<number> {
  const [row] = await tx.insert(stockMovements).values(values).returning({ id: stockMovements.id });
  return row.id;
}

export async function insertMovementLines(tx: Executor, rows: (typeof stockMovementLines.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(stockMovementLines).values(rows.slice(i, i + 500));
}

export async function insertLedger(tx: Executor, rows: (typeof stockLedger.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(stockLedger).values(rows.slice(i, i + 500));
}

/** A posted movement's own columns, as the movement reads name them. */
export type MovementCore = Omit<
  MovementRow,
  | 'conceptCode'
  | 'conceptName'
  | 'conceptKind'
  | 'conceptDirection'
  | 'conceptAffectsCost'
  | 'conceptSystemKey'
  | 'conceptActive'
  | 'conceptVersion'
  | 'createdByName'
  | 'reversesSeries'
  | 'reversesFolio'
  | 'reversedBySeries'
  | 'reversedByFolio'
>;

export type PostingWrite = {
  folioKey: string;
  movement: Omit<MovementValues, 'folio'>;
  lines: Omit<typeof stockMovementLines.$inferInsert, 'movementId'>[];
  ledger: Omit<typeof stockLedger.$inferInsert, 'movementId'>[];
  /** Final balances of the locked rows, written by the same statement (the last movement of a posting). */
  stock: StockRow[];
  /**
   * The audit entry, inserted by the same statement: `entityId` null audits the
   * new movement, and `folioField` adds its folio text to `after`.
   */
  audit: (Omit<typeof auditLog.$inferInsert, 'entityId'> & { entityId: string | null; folioField: string | null }) | null;
};

/**
 * Writes one movement in a single statement: the folio (taken here, at the end
 * of the transaction, so the counter row stays locked only for this statement
 * and the commit), the header, its lines and ledger (in input order, so the
 * kardex keeps it), and optionally the stock balances and the audit entry.
 */
export async function writePosting(tx: Executor, w: PostingWrite): Promise<MovementCore> {
  const m = w.movement;
  const lines = JSON.stringify(w.lines.map((l) => ({ n: l.lineNo, a: l.articleId, q: l.quantity, c: l.unitCost, v: l.amount })));
  const ledger = JSON.stringify(
    w.ledger.map((l, i) => ({ s: i, n: l.lineNo, d: l.date, w: l.warehouseId, a: l.articleId, i: l.inQty ?? '0', o: l.outQty ?? '0', c: l.unitCost, v: l.amount, bq: l.balanceQty, bv: l.balanceValue, bc: l.balanceAvgCost })),
  );
  const parts: SQL[] = [
    sql`f as (insert into folio_counters (key, last_value) values (${w.folioKey}, 1)
              on conflict (key) do update set last_value = folio_counters.last_value + 1 returning last_value)`,
    sql`m as (insert into ${stockMovements} (series, folio, date, concept_id, kind, direction, warehouse_id, target_warehouse_id, reference, notes,
                                             reverses_id, source_type, source_id, total_amount, line_count, created_by)
              select ${m.series}, f.last_value, ${m.date}::date, ${m.conceptId}::int, ${m.kind}, ${m.direction}, ${m.warehouseId}::int, ${m.targetWarehouseId ?? null}::int,
                     ${m.reference ?? ''}, ${m.notes ?? ''}, ${m.reversesId ?? null}::int, ${m.sourceType ?? null}::text, ${m.sourceId ?? null}::int,
                     ${m.totalAmount ?? '0'}::numeric, ${m.lineCount ?? 0}::int, ${m.createdBy ?? null}::int
              from f
              returning *)`,
    sql`l as (insert into ${stockMovementLines} (movement_id, line_no, article_id, quantity, unit_cost, amount)
              select m.id, x.n, x.a, x.q, x.c, x.v from m, jsonb_to_recordset(${lines}::jsonb) as x(n int, a int, q numeric, c numeric, v numeric))`,
    sql`g as (insert into ${stockLedger} (movement_id, line_no, date, warehouse_id, article_id, in_qty, out_qty, unit_cost, amount, balance_qty, balance_value, balance_avg_cost)
              select m.id, x.n, x.d, x.w, x.a, x.i, x.o, x.c, x.v, x.bq, x.bv, x.bc
              from m, jsonb_to_recordset(${ledger}::jsonb) as x(s int, n int, d date, w int, a int, i numeric, o numeric, c numeric, v numeric, bq numeric, bv numeric, bc numeric)
              order by x.s)`,
  ];
  // A reversal marks the movement it cancels (locked by the caller) in the same statement.
  if (m.reversesId) {
    parts.push(sql`r as (update ${stockMovements} o set status = 'CANCELADO', reversed_by_id = m.id from m where o.id = m.reverses_id)`);
  }
  if (w.stock.length) {
    parts.push(sql`s as (update ${stockLevels} s set quantity = v.q, value = v.val, avg_cost = v.c, last_movement_date = v.d from ${stockValues(w.stock)}
                         where s.warehouse_id = v.w and s.article_id = v.a)`);
  }
  const a = w.audit;
  if (a) {
    const after = a.folioField
      ? sql`coalesce(${a.after === null || a.after === undefined ? null : JSON.stringify(a.after)}::jsonb, '{}'::jsonb)
              || jsonb_build_object(${a.folioField}::text, m.series || '-' || lpad(m.folio::text, greatest(6, length(m.folio::text)), '0'))`
      : sql`${a.after === null || a.after === undefined ? null : JSON.stringify(a.after)}::jsonb`;
    parts.push(sql`a as (insert into ${auditLog} (user_id, request_id, service_account_id, entity, entity_id, action, before, after)
                         select ${a.userId ?? null}::int, ${a.requestId ?? null}::text, ${a.serviceAccountId ?? null}::int, ${a.entity}, coalesce(${a.entityId}::text, m.id::text),
                                ${a.action}, ${a.before === null || a.before === undefined ? null : JSON.stringify(a.before)}::jsonb, ${after}
                         from m)`);
  }
  const [row] = await queryRows<MovementCore>(
    tx,
    sql`with ${sql.join(parts, sql`, `)}
        select m.id, m.series, m.folio, m.date::text as date, m.concept_id as "conceptId", m.kind, m.direction,
               m.warehouse_id as "warehouseId", m.target_warehouse_id as "targetWarehouseId", m.reference, m.notes, m.status,
               m.reverses_id as "reversesId", m.reversed_by_id as "reversedById", m.source_type as "sourceType", m.source_id as "sourceId",
               m.total_amount::text as "totalAmount", m.line_count as "lineCount", m.created_by as "createdBy", m.created_at as "createdAt"
        from m`,
  );
  return { ...row, id: n(row.id), folio: n(row.folio), warehouseId: n(row.warehouseId) };
}

export async function markReversed(tx: Executor, id: number, reversalId: number): Promise<void> {
  await tx.update(stockMovements).set({ status: 'CANCELADO', reversedById: reversalId }).where(eq(stockMovements.id, id));
}

export async function lockMovement(tx: Executor, id: number): Promise<(typeof stockMovements.$inferSelect) | null> {
  const rows = await tx.select().from(stockMovements).where(eq(stockMovements.id, id)).for('update');
  return rows[0] ?? null;
}

// ---- movement reads -----------------------------------------------------------------------

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
export type RequisitionLineParent = InWarehouse<RequisitionLineRow>;
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

// ---- existencias ------------------------------------------------------------------------------

export type StockLevelFilter = { warehouseId?: number | null; lineId?: number | null; flag?: string | null; includeZero?: boolean | null };
export const STOCK_SORTS = ['sku', 'name', 'warehouse', 'line', 'quantity', 'value', 'averageCost'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];

export type StockLevelRow = {
  warehouseId: number;
  articleId: number;
  quantity: string;
  avgCost: string;
  value: string;
  belowMinimum: boolean;
  aboveMaximum: boolean;
  atReorderPoint: boolean;
};

const belowMinSql = sql`(a.min_stock > 0 and s.quantity < a.min_stock)`;
const aboveMaxSql = sql`(a.max_stock > 0 and s.quantity > a.max_stock)`;
const reorderSql = sql`(a.reorder_point > 0 and s.quantity <= a.reorder_point)`;

function stockWhere(search: string | null, f: StockLevelFilter): SQL {
  const conds: SQL[] = [sql`true`];
  if (!f.includeZero) conds.push(sql`s.quantity <> 0`);
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(a.sku ilike ${p} or a.name ilike ${p} or a.barcode = ${search})`);
  }
  if (f.warehouseId) conds.push(sql`s.warehouse_id = ${f.warehouseId}`);
  if (f.lineId) conds.push(sql`a.line_id = ${f.lineId}`);
  if (f.flag === 'BAJO_MINIMO') conds.push(belowMinSql);
  if (f.flag === 'SOBRE_MAXIMO') conds.push(aboveMaxSql);
  if (f.flag === 'EN_REORDEN') conds.push(reorderSql);
  return sql.join(conds, sql` and `);
}

const stockFrom = sql`from ${stockLevels} s join ${articles} a on a.id = s.article_id join ${warehouses} w on w.id = s.warehouse_id join ${productLines} pl on pl.id = a.line_id`;

export async function listStockLevels(ex: Executor, q: { limit: number; offset: number; search: string | null; sortBy: StockSort; desc: boolean }, f: StockLevelFilter) {
  const where = stockWhere(q.search, f);
  const dir = q.desc ? sql`desc` : sql`asc`;
  const order = {
    sku: sql`a.sku ${dir}, w.code`,
    name: sql`a.name ${dir}, w.code`,
    warehouse: sql`w.name ${dir}, a.sku`,
    line: sql`pl.name ${dir}, a.sku`,
    quantity: sql`s.quantity ${dir}, a.sku`,
    value: sql`s.value ${dir}, a.sku`,
    averageCost: sql`s.avg_cost ${dir}, a.sku`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<StockLevelRow>(
      ex,
      sql`select s.warehouse_id as "warehouseId", s.article_id as "articleId", s.quantity::text as quantity, s.avg_cost::text as "avgCost",
                 s.value::text as value, ${belowMinSql} as "belowMinimum", ${aboveMaxSql} as "aboveMaximum", ${reorderSql} as "atReorderPoint"
          ${stockFrom} where ${where} order by ${order}, s.warehouse_id, s.article_id limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${stockFrom} where ${where}`),
  ]);
  return { items: items.map((r) => ({ ...r, warehouseId: n(r.warehouseId), articleId: n(r.articleId) })), total: n(totals[0].n) };
}

export type StockTotalRow = { warehouseId: number; articleCount: number; quantity: string; value: string; belowMinimumCount: number; aboveMaximumCount: number };

export async function stockTotals(ex: Executor, search: string | null, f: StockLevelFilter): Promise<StockTotalRow[]> {
  const rows = await queryRows<StockTotalRow>(
    ex,
    sql`select s.warehouse_id as "warehouseId", count(*)::int as "articleCount", coalesce(sum(s.quantity), 0)::text as quantity,
               coalesce(sum(s.value), 0)::text as value,
               count(*) filter (where ${belowMinSql})::int as "belowMinimumCount",
               count(*) filter (where ${aboveMaxSql})::int as "aboveMaximumCount"
        ${stockFrom} where ${stockWhere(search, f)}
        group by s.warehouse_id, w.code order by w.code`,
  );
  return rows.map((r) => ({ ...r, warehouseId: n(r.warehouseId), articleCount: n(r.articleCount), belowMinimumCount: n(r.belowMinimumCount), aboveMaximumCount: n(r.aboveMaximumCount) }));
}

/** Rows of one warehouse (every article it ever held), for inventory snapshots and the kardex header. */
export async function findStockRow(ex: Executor, warehouseId: number, articleId: number): Promise<StockRow | null> {
  const rows = await queryRows<StockRow>(
    ex,
    sql`select warehouse_id as "warehouseId", article_id as "articleId", quantity::text as quantity, value::text as value,
               avg_cost::text as "avgCost", last_movement_date::text as "lastMovementDate"
        from ${stockLevels} where warehouse_id = ${warehouseId} and article_id = ${articleId}`,
  );
  return rows[0] ?? null;
}

// ---- kardex --------------------------------------------------------------------------------------

export type KardexRow = {
  movementId: number;
  series: string;
  folio: number;
  date: string;
  conceptName: string;
  reference: string;
  inQty: string;
  outQty: string;
  unitCost: string;
  amount: string;
  balanceQty: string;
  balanceValue: string;
  balanceAvgCost: string;
};

export async function kardexOpening(ex: Executor, articleId: number, warehouseId: number, from: string) {
  const rows = await queryRows<{ balanceQty: string; balanceValue: string; balanceAvgCost: string }>(
    ex,
    sql`select balance_qty::text as "balanceQty", balance_value::text as "balanceValue", balance_avg_cost::text as "balanceAvgCost"
        from ${stockLedger}
        where article_id = ${articleId} and warehouse_id = ${warehouseId} and date < ${from}::date
        order by date desc, id desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function kardexEntries(ex: Executor, articleId: number, warehouseId: number, from: string, to: string, limit: number): Promise<KardexRow[]> {
  const rows = await queryRows<KardexRow>(
    ex,
    sql`select l.movement_id as "movementId", m.series, m.folio, l.date::text as date,
               case when m.reverses_id is not null then ${'Cancelación: '} || c.name else c.name end as "conceptName",
               m.reference, l.in_qty::text as "inQty", l.out_qty::text as "outQty", l.unit_cost::text as "unitCost",
               l.amount::text as amount, l.balance_qty::text as "balanceQty", l.balance_value::text as "balanceValue",
               l.balance_avg_cost::text as "balanceAvgCost"
        from ${stockLedger} l
        join ${stockMovements} m on m.id = l.movement_id
        join ${stockConcepts} c on c.id = m.concept_id
        where l.article_id = ${articleId} and l.warehouse_id = ${warehouseId} and l.date between ${from}::date and ${to}::date
        order by l.date, l.id
        limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, movementId: n(r.movementId), folio: n(r.folio) }));
}

// ---- inventory counts ------------------------------------------------------------------------------

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

// ---- requisitions -------------------------------------------------------------------------------------

export type RequisitionRow = typeof warehouseRequisitions.$inferSelect & { requesterName: string; authorizedByName: string | null };
export const REQUISITION_SORTS = ['folio', 'neededDate', 'createdAt', 'status', 'area'] as const;
export type RequisitionSort = (typeof REQUISITION_SORTS)[number];

const requisitionSelect = sql`
  select r.id, r.folio, r.requester_id as "requesterId", r.area, r.origin_reference as "originReference", r.warehouse_id as "warehouseId",
         r.needed_date::text as "neededDate", r.notes, r.status, r.rejection_reason as "rejectionReason", r.authorized_by as "authorizedBy",
         r.authorized_at as "authorizedAt", r.created_at as "createdAt", r.version, u.name as "requesterName", ua.name as "authorizedByName"
  from ${warehouseRequisitions} r
  join ${users} u on u.id = r.requester_id
  left join ${users} ua on ua.id = r.authorized_by`;

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

// ---- PDM requests ------------------------------------------------------------------------------------------

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
