// The stock ledger engine: turns movement specs into stock effects inside the
// caller's transaction. Every path that moves stock (captured movements,
// cancellations, requisition deliveries, count adjustments, the demo seed's
// checks) goes through postMovements, so the rules live once:
//   1. lock every stock row involved, in (warehouse, article) order;
//   2. refuse the whole posting if a date goes backwards or any row would
//      end below zero (Spanish message naming the article and what is there);
//   3. value each line (moving average) in memory, exactly (decimal.js);
//   4. write each movement in one statement that also takes its folio (the
//      last movement's statement writes the stock balances and, when asked,
//      the caller's audit entry), so the per-kind counter row is locked only
//      for that statement and the commit.
// A captured movement costs: one read of its catalogues, one lock, one write.
import { auditRow, noteAudited, type Actor } from '../../db/audit';
import { inCommitGroup } from '../../db/commitGroup';
import type { Db, Executor, Tx } from '../../db/database';
import { appError, badInput, type FieldMessages } from '../../lib/errors';
import { Decimal, dec } from '../../../schema/money';
import { applyIn, applyInValue, applyOut, applyOutValue, stateOf, type StockState } from './costing';
import * as data from './data';
import { MSG } from './messages';
import type { stockLedger } from './tables';
import { unitOf } from './units';

/**
 * The transaction of every path that posts stock (captured movements, their
 * cancellations, requisition deliveries, count closings). Postings that arrive
 * while one is committing share the next transaction and its one disk flush,
 * each in a savepoint of its own (server/db/commitGroup.ts): the folio counter
 * and the stock rows stop being a queue of one commit per posting. One group
 * for all of them, so two groups never hold each other's stock rows.
 */
export const postingTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => inCommitGroup(db, 'almacen:existencias', work);

export type Direction = 'IN' | 'OUT' | 'TRANSFER';
export type ConceptKind = 'ENTRADA' | 'SALIDA' | 'TRASPASO' | 'AJUSTE';

export const SERIES: Record<ConceptKind, string> = { ENTRADA: 'E', SALIDA: 'S', TRASPASO: 'T', AJUSTE: 'A' };

/** The movements' source type that points back at a Compras Orden de compra (its receipts and their reversals). */
export const PURCHASE_ORDER_SOURCE = 'ORDEN_COMPRA';

export const formatMovementFolio = (series: string, folio: number): string => `${series}-${String(folio).padStart(6, '0')}`;

export type PostingLine = {
  articleId: number;
  quantity: string;
  /** IN: price per unit. Without it (and without amount) the line enters at the row's average cost. */
  unitCost?: string | null;
  /**
   * IN: exact value carried in (the reversal of an exit gives back what left).
   * OUT: exact value carried out (the reversal of an entrada takes back what it brought).
   */
  amount?: string | null;
  /** Index in the caller's input, for `lines.<i>.quantity` messages. */
  inputIndex: number;
};

export type PostingSpec = {
  date: string;
  concept: data.ConceptRow;
  direction: Direction;
  warehouse: { id: number; name: string };
  target: { id: number; name: string } | null;
  reference: string;
  notes: string;
  lines: PostingLine[];
  sourceType?: string | null;
  sourceId?: number | null;
  reversesId?: number | null;
  /** Field prefix of the caller's lines (`lines`, `entries`...). */
  fieldPrefix?: string;
  /** How to word a shortage (a cancellation, or the reversal of a purchase receipt, says so). Both reversals are refused as a CONFLICT. */
  shortage?: 'movement' | 'reversal' | 'receiptReversal';
};

export type PostedMovement = { id: number; series: string; folio: number; totalAmount: string; row: data.MovementCore };

/**
 * The audit entry of a one-movement posting, written by the statement that
 * takes the folio. `entityId` omitted audits the new movement; `folioField`
 * names the key of `after` that receives the new movement's folio text.
 */
export type PostingAudit = { actor: Actor; entity: string; entityId?: number | string; action: string; before?: unknown; after: (movement: { totalAmount: string }) => Record<string, unknown>; folioField: string };

type ArticleInfo = { id: number; sku: string; name: string; unit: string };

const effectsOf = (spec: PostingSpec, line: PostingLine) => {
  const out: { warehouseId: number; articleId: number; sign: 'IN' | 'OUT' }[] = [];
  if (spec.direction === 'IN') out.push({ warehouseId: spec.warehouse.id, articleId: line.articleId, sign: 'IN' });
  else out.push({ warehouseId: spec.warehouse.id, articleId: line.articleId, sign: 'OUT' });
  if (spec.direction === 'TRANSFER') out.push({ warehouseId: (spec.target as { id: number }).id, articleId: line.articleId, sign: 'IN' });
  return out;
};

const toRow = (warehouseId: number, articleId: number, s: StockState, lastMovementDate: string | null): data.StockRow => ({
  warehouseId,
  articleId,
  quantity: s.quantity.toFixed(4),
  value: s.value.toFixed(2),
  avgCost: s.avgCost.toFixed(6),
  lastMovementDate,
});

/**
 * Posts the specs in order inside `tx`. Articles must already be validated
 * (exist, active, decimals); this function owns stock, dates and valuation.
 */
export async function postMovements(
  tx: Executor,
  specs: PostingSpec[],
  articles: Map<number, ArticleInfo>,
  actorUserId: number | null,
  audit: PostingAudit | null = null,
): Promise<PostedMovement[]> {
  if (audit && specs.length !== 1) throw new Error('a posting audit belongs to exactly one movement');
  const keys = specs.flatMap((spec) => spec.lines.flatMap((line) => effectsOf(spec, line)));
  const locked = await data.lockStockRows(tx, keys);
  const state = new Map<string, { s: StockState; last: string | null }>();
  for (const [key, row] of locked) state.set(key, { s: stateOf(row), last: row.lastMovementDate });
  const warehouseNames = new Map<number, string>();
  for (const spec of specs) {
    warehouseNames.set(spec.warehouse.id, spec.warehouse.name);
    if (spec.target) warehouseNames.set(spec.target.id, spec.target.name);
  }
  const label = (articleId: number) => {
    const a = articles.get(articleId);
    return a ? `${a.sku} ${a.name}` : String(articleId);
  };
  // Entries "at cost" without a price fall back to the article's average over every warehouse; read only when some line may need it.
  const unpriced = specs.flatMap((s) => (s.direction === 'IN' ? s.lines.filter((l) => (l.amount ?? null) === null && (l.unitCost ?? null) === null) : []));
  const fallbackCosts = unpriced.length ? await data.globalAverageCosts(tx, [...new Set(unpriced.map((l) => l.articleId))]) : new Map<number, string>();

  const results: PostedMovement[] = [];
  const writes: Omit<data.PostingWrite, 'stock' | 'audit'>[] = [];
  for (const spec of specs) {
    const prefix = spec.fieldPrefix ?? 'lines';
    // Dates never go backwards on a row: the kardex is chronological and balances stay true.
    for (const line of spec.lines) {
      for (const e of effectsOf(spec, line)) {
        const last = state.get(data.stockKey(e.warehouseId, e.articleId))?.last ?? null;
        if (last && spec.date < last) {
          throw badInput({ date: MSG.dateBeforeLast(label(e.articleId), warehouseNames.get(e.warehouseId) ?? '', formatDay(last)) });
        }
      }
    }
    // Shortages are checked on the totals per row, so an article split across lines is judged as a whole.
    const needed = new Map<string, { qty: Decimal; indexes: number[]; articleId: number; warehouseId: number }>();
    if (spec.direction !== 'IN') {
      for (const line of spec.lines) {
        const key = data.stockKey(spec.warehouse.id, line.articleId);
        const entry = needed.get(key) ?? { qty: dec(0), indexes: [], articleId: line.articleId, warehouseId: spec.warehouse.id };
        entry.qty = entry.qty.plus(line.quantity);
        entry.indexes.push(line.inputIndex);
        needed.set(key, entry);
      }
    }
    const fields: FieldMessages = {};
    let first: string | null = null;
    for (const [key, need] of needed) {
      const available = state.get(key)?.s.quantity ?? dec(0);
      if (need.qty.greaterThan(available)) {
        const a = articles.get(need.articleId);
        const unit = unitOf(a?.unit ?? '');
        const words = spec.shortage === 'reversal' ? MSG.reversalInsufficient : spec.shortage === 'receiptReversal' ? MSG.receiptReversalInsufficient : MSG.insufficient;
        const message = words(label(need.articleId), warehouseNames.get(need.warehouseId) ?? '', plain(available), unit.name, plain(need.qty));
        first ??= message;
        for (const i of need.indexes) fields[`${prefix}.${i}.quantity`] = message;
      }
    }
    // A cancellation has no lines of its own to point at: it is refused as a conflict with the stock.
    if (first) throw spec.shortage === 'reversal' || spec.shortage === 'receiptReversal' ? appError('CONFLICT', first) : badInput(fields, first);

    const lineRows: { lineNo: number; articleId: number; quantity: string; unitCost: string; amount: string }[] = [];
    const ledgerRows: Omit<typeof stockLedger.$inferInsert, 'movementId'>[] = [];
    let total = dec(0);
    spec.lines.forEach((line, i) => {
      const lineNo = i + 1;
      const sourceKey = data.stockKey(spec.warehouse.id, line.articleId);
      const source = state.get(sourceKey) as { s: StockState; last: string | null };
      if (spec.direction === 'IN') {
        let effect;
        if (line.amount !== null && line.amount !== undefined) effect = applyInValue(source.s, line.quantity, line.amount);
        else {
          const cost = line.unitCost ?? (source.s.avgCost.isZero() ? (fallbackCosts.get(line.articleId) ?? '0') : source.s.avgCost);
          effect = applyIn(source.s, line.quantity, cost);
        }
        state.set(sourceKey, { s: effect.after, last: spec.date });
        ledgerRows.push(ledger(lineNo, spec, spec.warehouse.id, line, 'IN', effect));
        lineRows.push({ lineNo, articleId: line.articleId, quantity: line.quantity, unitCost: effect.unitCost.toFixed(6), amount: effect.amount.toFixed(2) });
        total = total.plus(effect.amount);
        return;
      }
      const carried = spec.direction === 'OUT' && line.amount !== null && line.amount !== undefined ? line.amount : null;
      const out = carried === null ? applyOut(source.s, line.quantity) : applyOutValue(source.s, line.quantity, carried);
      // Checked above on the totals; reaching this is a bug, and the CHECK constraint would refuse it anyway.
      if (!out) throw new Error(`stock check missed ${sourceKey}`);
      state.set(sourceKey, { s: out.after, last: spec.date });
      ledgerRows.push(ledger(lineNo, spec, spec.warehouse.id, line, 'OUT', out));
      if (spec.direction === 'TRANSFER') {
        const targetKey = data.stockKey((spec.target as { id: number }).id, line.articleId);
        const target = state.get(targetKey) as { s: StockState; last: string | null };
        const inEffect = applyInValue(target.s, line.quantity, out.amount);
        state.set(targetKey, { s: inEffect.after, last: spec.date });
        ledgerRows.push(ledger(lineNo, spec, (spec.target as { id: number }).id, line, 'IN', inEffect));
      }
      lineRows.push({ lineNo, articleId: line.articleId, quantity: line.quantity, unitCost: out.unitCost.toFixed(6), amount: out.amount.toFixed(2) });
      total = total.plus(out.amount);
    });

    const kind = spec.concept.kind as ConceptKind;
    const series = SERIES[kind];
    writes.push({
      folioKey: `wh-movement-${series}`,
      movement: {
        series,
        date: spec.date,
        conceptId: spec.concept.id,
        kind,
        direction: spec.direction,
        warehouseId: spec.warehouse.id,
        targetWarehouseId: spec.target?.id ?? null,
        reference: spec.reference,
        notes: spec.notes,
        reversesId: spec.reversesId ?? null,
        sourceType: spec.sourceType ?? null,
        sourceId: spec.sourceId ?? null,
        totalAmount: total.toFixed(2),
        lineCount: spec.lines.length,
        createdBy: actorUserId,
      },
      lines: lineRows,
      ledger: ledgerRows,
    });
  }

  // Every check passed and every figure is known: only now are folios taken, one statement per movement.
  const touched: data.StockRow[] = [];
  for (const [key, { s, last }] of state) {
    const [w, a] = key.split(':').map(Number);
    touched.push(toRow(w, a, s, last));
  }
  if (!writes.length) await data.writeStockRows(tx, touched);
  for (const [i, w] of writes.entries()) {
    const lastOne = i === writes.length - 1;
    const row = await data.writePosting(tx, {
      ...w,
      stock: lastOne ? touched : [],
      audit:
        lastOne && audit
          ? {
              ...auditRow(audit.actor, { entity: audit.entity, entityId: audit.entityId ?? '', action: audit.action, before: audit.before, after: audit.after({ totalAmount: String(w.movement.totalAmount) }) }),
              entityId: audit.entityId === undefined ? null : String(audit.entityId),
              folioField: audit.folioField,
            }
          : null,
    });
    if (lastOne && audit) noteAudited(tx, audit.actor, audit.entity, audit.entityId ?? row.id);
    results.push({ id: row.id, series: row.series, folio: row.folio, totalAmount: String(w.movement.totalAmount), row });
  }
  return results;
}

function ledger(
  lineNo: number,
  spec: PostingSpec,
  warehouseId: number,
  line: PostingLine,
  sign: 'IN' | 'OUT',
  effect: { unitCost: Decimal; amount: Decimal; after: StockState },
) {
  return {
    lineNo,
    date: spec.date,
    warehouseId,
    articleId: line.articleId,
    inQty: sign === 'IN' ? line.quantity : '0',
    outQty: sign === 'OUT' ? line.quantity : '0',
    unitCost: effect.unitCost.toFixed(6),
    amount: effect.amount.toFixed(2),
    balanceQty: effect.after.quantity.toFixed(4),
    balanceValue: effect.after.value.toFixed(2),
    balanceAvgCost: effect.after.avgCost.toFixed(6),
  };
}

/** 12.5000 → "12.5", 3.0000 → "3" (messages read like a person writes). */
export const plain = (v: Decimal | string): string => dec(v).toFixed();

const formatDay = (isoDate: string): string => {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
};
