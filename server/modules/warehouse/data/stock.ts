// Almacén data layer: existencias (stock levels, totals, one row) and the kardex.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern } from '../../../lib/list';
import { articles, productLines, stockConcepts, stockLedger, stockLevels, stockMovements, warehouses } from '../tables';
import { n } from './common';
import type { StockRow } from './posting';

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

/**
 * The FROM of the total: the article only when the filter reads it (every
 * stock row has one article, warehouse and line, so the other joins cannot
 * change the count and only cost a pass over 50,000 rows each).
 */
const countFrom = (search: string | null, f: StockLevelFilter) =>
  search || f.lineId || f.flag ? sql`from ${stockLevels} s join ${articles} a on a.id = s.article_id` : sql`from ${stockLevels} s`;

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
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${countFrom(q.search, f)} where ${where}`),
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
