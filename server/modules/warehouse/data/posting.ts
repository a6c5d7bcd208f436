// Almacén data layer: posting a movement (stock rows locked and written, catalogue checks,
// average costs, the movement, its lines and ledger, reversals).
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor } from '../../../db/database';
import { auditLog } from '../../../db/tables';
import { articles, stockConcepts, stockLedger, stockLevels, stockMovementLines, stockMovements, warehouses } from '../tables';
import { n } from './common';
import type { ConceptRow, WarehouseRow } from './catalogs';
import type { MovementRow } from './movements';

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
  const rows = await queryPrepared<StockRow>(
    tx,
    'wh_lock_stock',
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

/**
 * `= any(...)` of the ids, passed as one JSON parameter. An array, so the
 * planner reads the rows through the primary key; `in (select ...)` over the
 * same list was planned as a hash join over a scan of the whole catalogue.
 */
const anyOfIds = (ids: number[]) => sql`any(array(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int))`;

export async function postingCatalogs(
  ex: Executor,
  conceptId: number,
  warehouseIds: number[],
  articleIds: number[],
): Promise<{ concept: ConceptRow | null; warehouses: WarehouseRow[]; articles: PostingArticle[] }> {
  const [row] = await queryPrepared<{ concept: string | null; warehouses: string; articles: string }>(
    ex,
    'wh_posting_catalogs',
    sql`select
          (select json_build_object('id', c.id, 'code', c.code, 'name', c.name, 'kind', c.kind, 'direction', c.direction, 'affectsCost', c.affects_cost,
                                    'systemKey', c.system_key, 'active', c.active, 'createdAt', c.created_at, 'version', c.version)::text
             from ${stockConcepts} c where c.id = ${conceptId}) as concept,
          (select coalesce(json_agg(json_build_object('id', w.id, 'code', w.code, 'name', w.name, 'location', w.location, 'responsible', w.responsible,
                                                      'active', w.active, 'createdAt', w.created_at, 'version', w.version)), '[]')::text
             from ${warehouses} w where w.id = ${anyOfIds(warehouseIds)}) as warehouses,
          (select coalesce(json_agg(json_build_object('id', a.id, 'sku', a.sku, 'name', a.name, 'unit', a.unit, 'active', a.active)), '[]')::text
             from ${articles} a where a.id = ${anyOfIds(articleIds)}) as articles`,
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
  // Named per shape (reversal, balances, audit): each shape's text is always the same.
  const shape = `${m.reversesId ? 'r' : ''}${w.stock.length ? 's' : ''}${a ? (a.folioField ? 'f' : 'a') : ''}`;
  const [row] = await queryPrepared<MovementCore>(
    tx,
    `wh_write_posting_${shape || 'plain'}`,
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
