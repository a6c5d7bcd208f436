// Movimientos: capture and post a movement, cancel it with its reverse, and
// the shared checks every document that moves stock runs on its lines.
import type { Executor } from '../../db/database';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, found, notFound, type FieldMessages } from '../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import * as data from './data';
import { ENTITY, MSG } from './messages';
import { formatMovementFolio, postingTransaction, postMovements, PURCHASE_ORDER_SOURCE, type Direction, type PostedMovement, type PostingAudit, type PostingLine } from './posting';
import { unitByCode } from './units';
import { dateText, decimalsProblem, idOf, MAX_DOCUMENT_LINES, optionalId, optionalText, quantity, unitCost } from './validation';
import { todayMx } from '../../../schema/dates';

const db = (ctx: RequestContext) => ctx.app.database.db;

export type ArticleMap = Map<number, data.ArticleRow>;

/**
 * Loads the articles of a document's lines and checks each: it exists, is
 * active, and the quantity fits its unit's decimals. Adds `<prefix>.<i>.*`
 * messages to `fields` and returns the articles found.
 */
export async function checkLineArticles(
  ex: Executor,
  lines: { articleId: number; quantity?: string | null }[],
  fields: FieldMessages,
  prefix = 'lines',
  opts: { allowInactive?: Set<number> } = {},
): Promise<ArticleMap> {
  const found = await data.articlesByIds(ex, [...new Set(lines.map((l) => l.articleId))]);
  const map: ArticleMap = new Map(found.map((a) => [a.id, a]));
  checkLines(lines, map, fields, prefix, opts);
  return map;
}

/** The per-line checks of checkLineArticles on articles already read. */
function checkLines(
  lines: { articleId: number; quantity?: string | null }[],
  map: Map<number, { id: number; sku: string; unit: string; active: boolean }>,
  fields: FieldMessages,
  prefix = 'lines',
  opts: { allowInactive?: Set<number> } = {},
): void {
  lines.forEach((line, i) => {
    const a = map.get(line.articleId);
    if (!a) fields[`${prefix}.${i}.articleId`] = MSG.articleMissing;
    else if (!a.active && !opts.allowInactive?.has(a.id)) fields[`${prefix}.${i}.articleId`] = MSG.articleInactive(a.sku);
    else if (line.quantity) {
      const unit = unitByCode(a.unit);
      const problem = unit ? decimalsProblem(line.quantity, unit) : null;
      if (problem) fields[`${prefix}.${i}.quantity`] = problem;
    }
  });
}

/** The same check as checkWarehouse on a row already read. */
function checkWarehouseRow(w: data.WarehouseRow | undefined, fields: FieldMessages, field = 'warehouseId') {
  if (!w) fields[field] = MSG.warehouseMissing;
  else if (!w.active) fields[field] = MSG.warehouseInactive(w.name);
  return w ?? null;
}

/** The warehouse of a document: exists and is active. */
export async function checkWarehouse(ex: Executor, id: number, fields: FieldMessages, field = 'warehouseId') {
  const w = await data.findWarehouse(ex, id);
  if (!w) fields[field] = MSG.warehouseMissing;
  else if (!w.active) fields[field] = MSG.warehouseInactive(w.name);
  return w;
}

export const throwIfAny = (fields: FieldMessages) => {
  if (Object.keys(fields).length) throw badInput(fields);
};

// ---- reads --------------------------------------------------------------------

export function listMovements(
  ctx: RequestContext,
  list: ListInput | null | undefined,
  filter: { kind?: string | null; warehouseId?: string | null; conceptId?: string | null; articleId?: string | null; status?: string | null; from?: string | null; to?: string | null } | null | undefined,
) {
  const q = readList(list, data.MOVEMENT_SORTS, 'date');
  const range = readDateRange(filter);
  // A list opens newest first unless the caller sorts otherwise.
  if (!list?.sortBy) q.desc = true;
  return data.listMovements(db(ctx), q, {
    kind: filter?.kind ?? null,
    warehouseId: filter?.warehouseId ? idOf(filter.warehouseId) : null,
    conceptId: filter?.conceptId ? idOf(filter.conceptId) : null,
    articleId: filter?.articleId ? idOf(filter.articleId) : null,
    status: filter?.status ?? null,
    ...range,
  });
}

export const getMovement = (ctx: RequestContext, id: string) => data.findMovement(db(ctx), idOf(id));
export const movementLinesOf = (ctx: RequestContext, ids: number[]) => data.movementLines(db(ctx), ids);
export const movementRefsOf = (ctx: RequestContext, ids: number[]) => data.movementRefs(db(ctx), ids);

// ---- posting ----------------------------------------------------------------------

const movementInput = z.object({
  date: dateText(),
  conceptId: rules.id(),
  warehouseId: rules.id(),
  targetWarehouseId: optionalId(),
  reference: optionalText(100),
  notes: optionalText(1000),
  lines: z
    .array(z.object({ articleId: rules.id(), quantity: quantity(), unitCost: unitCost().nullish() }))
    .min(1, MSG.linesRequired)
    .max(MAX_DOCUMENT_LINES, MSG.linesTooMany(MAX_DOCUMENT_LINES)),
});

export async function postMovement(ctx: RequestContext, input: unknown) {
  const v = parseInput(movementInput, input);
  if (v.date > todayMx()) throw badInput({ date: MSG.dateFuture });
  // Concept, warehouses and articles in one read, checked before the posting joins the queue of
  // postings (commit group): the catalogues take no lock, and read committed, a read inside the
  // transaction saw no more than this one does; a refused input never holds the group up.
  const fields: FieldMessages = {};
  const catalogs = await data.postingCatalogs(
    db(ctx),
    v.conceptId,
    v.targetWarehouseId ? [v.warehouseId, v.targetWarehouseId] : [v.warehouseId],
    [...new Set(v.lines.map((l) => l.articleId))],
  );
  const concept = catalogs.concept;
  const warehouseOf = (id: number) => catalogs.warehouses.find((w) => w.id === id);
  if (!concept) fields.conceptId = MSG.conceptMissing;
  else if (!concept.active) fields.conceptId = MSG.conceptInactive;
  const warehouse = checkWarehouseRow(warehouseOf(v.warehouseId), fields);
  let target: data.WarehouseRow | null = null;
  if (concept?.kind === 'TRASPASO') {
    if (!v.targetWarehouseId) fields.targetWarehouseId = MSG.targetRequired;
    else if (v.targetWarehouseId === v.warehouseId) fields.targetWarehouseId = MSG.targetSame;
    else target = checkWarehouseRow(warehouseOf(v.targetWarehouseId), fields, 'targetWarehouseId');
  } else if (concept && v.targetWarehouseId) fields.targetWarehouseId = MSG.targetNotAllowed;
  const articles = new Map(catalogs.articles.map((a) => [a.id, a]));
  checkLines(v.lines, articles, fields);
  const pricedEntry = concept?.direction === 'IN' && concept.affectsCost;
  if (pricedEntry) v.lines.forEach((l, i) => {
    if (l.unitCost === null || l.unitCost === undefined) fields[`lines.${i}.unitCost`] ??= MSG.costRequired;
  });
  throwIfAny(fields);
  const c = concept as data.ConceptRow;
  const w = warehouse as data.WarehouseRow;
  const lines: PostingLine[] = v.lines.map((l, i) => ({ articleId: l.articleId, quantity: l.quantity, unitCost: pricedEntry ? l.unitCost : null, inputIndex: i }));
  return postingTransaction(db(ctx), async (tx) => {
    // The audit entry is written by the statement that takes the folio, which it records.
    const [posted] = await postMovements(
      tx,
      [{ date: v.date, concept: c, direction: c.direction as Direction, warehouse: w, target, reference: v.reference, notes: v.notes, lines }],
      articles,
      ctx.auth?.id ?? null,
      { actor: actorOf(ctx), entity: 'stock_movement', action: 'post', after: ({ totalAmount }) => ({ ...v, totalAmount }), folioField: 'folio' },
    );
    return asMovementRow(posted.row, c, ctx.auth?.id ? ctx.auth.name : null);
  });
}

/** The answer of a new movement from what its posting returned (no re-read): nothing reverses it yet. */
const asMovementRow = (m: data.MovementCore, c: data.ConceptRow, createdByName: string | null): data.MovementRow => ({
  ...m,
  conceptCode: c.code,
  conceptName: c.name,
  conceptKind: c.kind,
  conceptDirection: c.direction,
  conceptAffectsCost: c.affectsCost,
  conceptSystemKey: c.systemKey,
  conceptActive: c.active,
  conceptVersion: c.version,
  createdByName,
  reversesSeries: null,
  reversesFolio: null,
  reversedBySeries: null,
  reversedByFolio: null,
});

const reversed: Record<Direction, Direction> = { IN: 'OUT', OUT: 'IN', TRANSFER: 'TRANSFER' };

type LockedMovement = NonNullable<Awaited<ReturnType<typeof data.lockMovement>>>;

/**
 * Posts the reverse of a locked movement, dated today: what left comes back
 * with the value it took, a traspaso goes back, and what entered leaves at
 * today's average, or with the very value it brought (`entryAtItsCost`, the
 * reversal of a purchase receipt). The statement that takes the reversal's
 * folio also marks the original CANCELADO and links it. A shortage is a
 * CONFLICT naming the article and what is there.
 */
export async function postReverse(
  tx: Executor,
  original: LockedMovement,
  opts: { notes: string; actorUserId: number | null; audit: PostingAudit | null; entryAtItsCost?: boolean; shortage?: 'reversal' | 'receiptReversal' },
): Promise<PostedMovement> {
  const catalogs = await data.postingCatalogs(tx, original.conceptId, original.targetWarehouseId ? [original.warehouseId, original.targetWarehouseId] : [original.warehouseId], []);
  const concept = catalogs.concept as data.ConceptRow;
  const source = catalogs.warehouses.find((w) => w.id === original.warehouseId) as data.WarehouseRow;
  const target = original.targetWarehouseId ? (catalogs.warehouses.find((w) => w.id === original.targetWarehouseId) ?? null) : null;
  const lines = await data.movementLines(tx, [original.id]);
  const articles = new Map(lines.map((l) => [l.articleId, { id: l.articleId, sku: l.sku, name: l.name, unit: l.unit }]));
  const direction = original.direction as Direction;
  const folio = formatMovementFolio(original.series, original.folio);
  const [posted] = await postMovements(
    tx,
    [
      {
        date: todayMx(),
        concept,
        direction: reversed[direction],
        warehouse: direction === 'TRANSFER' ? (target as data.WarehouseRow) : source,
        target: direction === 'TRANSFER' ? source : null,
        reference: `Cancelación de ${folio}`,
        notes: opts.notes,
        lines: lines.map((l, i) => ({
          articleId: l.articleId,
          quantity: l.quantity,
          // An exit reversed gives back exactly the value it took; an entry reversed at its cost takes back what it brought.
          amount: direction === 'OUT' || (direction === 'IN' && opts.entryAtItsCost) ? l.amount : null,
          inputIndex: i,
        })),
        reversesId: original.id,
        sourceType: opts.entryAtItsCost ? original.sourceType : null,
        sourceId: opts.entryAtItsCost ? original.sourceId : null,
        shortage: opts.shortage ?? 'reversal',
      },
    ],
    articles,
    opts.actorUserId,
    opts.audit,
  );
  return posted;
}

/**
 * Cancels by posting the reverse (postReverse). The original is never edited
 * beyond its status and the link to its reversal. Documents that moved stock
 * of their own (requisitions, counts, purchase receipts) are undone there.
 */
export async function cancelMovement(ctx: RequestContext, id: string, reasonRaw: unknown) {
  const { reason } = parseInput(z.object({ reason: optionalText(500) }), { reason: reasonRaw });
  const movementId = idOf(id);
  await postingTransaction(db(ctx), async (tx) => {
    const original = await data.lockMovement(tx, movementId);
    if (!original) throw notFound(ENTITY.movement);
    if (original.status === 'CANCELADO') throw appError('CONFLICT', MSG.alreadyCancelled);
    if (original.reversesId) throw appError('CONFLICT', MSG.reversalNotCancellable);
    if (original.sourceType === 'REQUISICION') throw appError('CONFLICT', 'Este movimiento surtió una requisición: no se cancela desde Movimientos.');
    if (original.sourceType === 'INVENTARIO') throw appError('CONFLICT', 'Este movimiento es el ajuste de un inventario cerrado: no se cancela desde Movimientos.');
    if (original.sourceType === PURCHASE_ORDER_SOURCE) throw appError('CONFLICT', MSG.purchaseReceiptNotCancellable);
    const folio = formatMovementFolio(original.series, original.folio);
    await postReverse(tx, original, {
      notes: reason,
      actorUserId: ctx.auth?.id ?? null,
      // The statement that takes the reversal's folio also marks the original (reversesId) and writes this entry.
      audit: {
        actor: actorOf(ctx),
        entity: 'stock_movement',
        entityId: movementId,
        action: 'cancel',
        before: { folio, status: original.status },
        after: () => ({ status: 'CANCELADO', reason }),
        folioField: 'reversal',
      },
    });
  });
  return found(await data.findMovement(db(ctx), movementId), ENTITY.movement);
}
