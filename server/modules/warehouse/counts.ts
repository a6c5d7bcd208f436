// Inventario: physical counts per warehouse. Opening snapshots what the
// system says is there; counted quantities are captured (by hand or from a
// spreadsheet); closing compares them with the stock AT THAT MOMENT (so
// movements posted while the count was open are taken into account) and
// posts one ajuste entrada and one ajuste salida for the differences.
import { writeAudit } from '../../db/audit';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { dec } from '../../../schema/money';
import { parseInput, rules, z } from '../../lib/validation';
import { applyIn, applyOut, stateOf } from './costing';
import * as data from './data';
import { assertAction } from '../../lib/lifecycle';
import { countLifecycle, ENTITY, MSG, type CountStatus } from './messages';
import { checkWarehouse, throwIfAny } from './movements';
import { postingTransaction, postMovements, type PostingLine } from './posting';
import { unitByCode } from './units';
import { cleanNumberText, dateText, decimalsProblem, idOf, isDecimalText, MAX_QUANTITY, optionalId, optionalText } from './validation';
import { todayMx } from '../../../schema/dates';

const db = (ctx: RequestContext) => ctx.app.database.db;

export const COUNT_FOLIO_KEY = 'wh-count';
export const MAX_COUNT_ENTRIES = 5000;
export const formatCountFolio = (folio: number) => `INV-${String(folio).padStart(6, '0')}`;

export const COUNT_CONCEPTS = {
  in: { systemKey: 'count_in', code: 'AJ-INV-E', name: 'Ajuste por inventario (entrada)', kind: 'AJUSTE', direction: 'IN', affectsCost: false, active: true },
  out: { systemKey: 'count_out', code: 'AJ-INV-S', name: 'Ajuste por inventario (salida)', kind: 'AJUSTE', direction: 'OUT', affectsCost: false, active: true },
} as const;

export function listCounts(ctx: RequestContext, list: ListInput | null | undefined, filter: { warehouseId?: string | null; status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  const q = readList(list, data.COUNT_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  return data.listCounts(db(ctx), q, { warehouseId: filter?.warehouseId ? idOf(filter.warehouseId) : null, status: filter?.status ?? null, range: readDateRange(filter) });
}

export const getCount = (ctx: RequestContext, id: string) => data.findCount(db(ctx), idOf(id));
export const countLinesOf = (ctx: RequestContext, count: { id: number; warehouseId: number }) => data.countLines(db(ctx), count.id, count.warehouseId);

const openInput = z.object({ warehouseId: rules.id(), notes: optionalText(1000) });

export async function openCount(ctx: RequestContext, input: unknown) {
  const v = parseInput(openInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    const fields: FieldMessages = {};
    const w = await checkWarehouse(tx, v.warehouseId, fields);
    throwIfAny(fields);
    // The warehouse row lock makes "one open count per warehouse" hold under parallel requests.
    await data.lockWarehouse(tx, v.warehouseId);
    if (await data.openCountExists(tx, v.warehouseId)) throw appError('CONFLICT', MSG.countOpenExists);
    const folio = await nextFolio(tx, COUNT_FOLIO_KEY);
    const newId = await data.insertCount(tx, { folio, warehouseId: v.warehouseId, notes: v.notes, openedBy: ctx.auth?.id ?? null });
    const lines = await data.snapshotCountLines(tx, newId, v.warehouseId);
    await writeAudit(tx, actorOf(ctx), { entity: 'inventory_count', entityId: newId, action: 'open', after: { folio: formatCountFolio(folio), warehouse: w?.code, lines, notes: v.notes } });
    return newId;
  });
  return found(await data.findCount(db(ctx), id), ENTITY.count);
}

const entryShape = z.object({
  articleId: optionalId(),
  sku: z.string().trim().max(40, 'Máximo 40 caracteres.').nullish(),
  countedQuantity: z.string().max(30, 'Máximo 30 caracteres.').nullish(),
});
const entriesInput = z.array(entryShape).min(1, 'Captura al menos un renglón.').max(MAX_COUNT_ENTRIES, MSG.countEntriesTooMany(MAX_COUNT_ENTRIES));

async function lockOpenCount(tx: Parameters<typeof data.lockCount>[0], id: number, version: number) {
  const count = await data.lockCount(tx, id);
  if (!count) throw notFound(ENTITY.count);
  if (count.status !== 'ABIERTO') throw appError('CONFLICT', MSG.countNotOpen);
  if (count.version !== version) throw conflict();
  return count;
}

export async function captureCount(ctx: RequestContext, id: string, version: number, entriesRaw: unknown) {
  const { entries } = parseInput(z.object({ entries: entriesInput }), { entries: entriesRaw });
  const countId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const count = await lockOpenCount(tx, countId, version);
    const fields: FieldMessages = {};
    const bySku = new Map((await data.articlesBySkus(tx, entries.filter((e) => !e.articleId && e.sku).map((e) => e.sku as string))).map((a) => [a.sku.toLowerCase(), a.id]));
    const resolved = entries.map((e, i) => {
      const articleId = e.articleId || (e.sku ? bySku.get(e.sku.toLowerCase()) : undefined);
      if (!e.articleId && !e.sku) fields[`entries.${i}.articleId`] = MSG.countArticleOrSku;
      else if (!articleId) fields[`entries.${i}.${e.sku ? 'sku' : 'articleId'}`] = MSG.countArticleMissing;
      return articleId ?? 0;
    });
    const inCount = await data.countLineArticleIds(tx, countId);
    const articles = new Map((await data.articlesByIds(tx, [...new Set(resolved.filter(Boolean))])).map((a) => [a.id, a]));
    const values: { articleId: number; countedQty: string | null }[] = [];
    const seen = new Set<number>();
    entries.forEach((e, i) => {
      const articleId = resolved[i];
      if (!articleId) return;
      const a = articles.get(articleId);
      if (!a) {
        fields[`entries.${i}.articleId`] ??= MSG.countArticleMissing;
        return;
      }
      if (!a.active && !inCount.has(a.id)) {
        fields[`entries.${i}.articleId`] = MSG.articleInactive(a.sku);
        return;
      }
      if (seen.has(a.id)) {
        fields[`entries.${i}.articleId`] = MSG.articleRepeated;
        return;
      }
      seen.add(a.id);
      const text = cleanNumberText(e.countedQuantity ?? '');
      if (text === '') {
        values.push({ articleId: a.id, countedQty: null });
        return;
      }
      const key = `entries.${i}.countedQuantity`;
      if (!isDecimalText(text)) fields[key] = MSG.invalidNumber;
      else if (dec(text).isNegative()) fields[key] = MSG.quantityNotNegative;
      else if (dec(text).greaterThan(MAX_QUANTITY)) fields[key] = MSG.quantityTooLarge;
      else {
        const unit = unitByCode(a.unit);
        const problem = unit ? decimalsProblem(text, unit) : null;
        if (problem) fields[key] = problem;
        else values.push({ articleId: a.id, countedQty: dec(text).toFixed() });
      }
    });
    if (Object.keys(fields).length) throw badInput(fields);
    // Articles found on the shelves but not in the snapshot join the count with what the system has now.
    const added = values.filter((v) => !inCount.has(v.articleId)).map((v) => v.articleId);
    const snapshot = await data.stockQuantities(tx, count.warehouseId, added);
    await data.captureCountLines(tx, countId, values, snapshot);
    if (!(await data.updateCount(tx, countId, version, {}))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'inventory_count', entityId: countId, action: 'capture', after: { entries: values.length, added: added.length } });
  });
  return found(await data.findCount(db(ctx), countId), ENTITY.count);
}

export async function closeCount(ctx: RequestContext, id: string, version: number, dateRaw: unknown) {
  const date = dateRaw ? parseInput(z.object({ date: dateText() }), { date: dateRaw }).date : todayMx();
  if (date > todayMx()) throw badInput({ date: MSG.dateFuture });
  const countId = idOf(id);
  await postingTransaction(db(ctx), async (tx) => {
    const count = await lockOpenCount(tx, countId, version);
    assertAction(countLifecycle, 'cerrar', count.status as CountStatus, 'CERRADO');
    const counted = await data.countedLines(tx, countId);
    if (!counted.length) throw badInput({ lines: MSG.countNothingCounted }, MSG.countNothingCounted);
    const warehouse = (await data.findWarehouse(tx, count.warehouseId)) as data.WarehouseRow;
    // Expected = stock now, locked: whatever was posted while the count was open is already in it.
    const stock = await data.lockStockRows(tx, counted.map((c) => ({ warehouseId: count.warehouseId, articleId: c.articleId })));
    const articles = new Map((await data.articlesByIds(tx, counted.map((c) => c.articleId))).map((a) => [a.id, a]));
    const fallback = await data.globalAverageCosts(tx, counted.map((c) => c.articleId));
    const inLines: PostingLine[] = [];
    const outLines: PostingLine[] = [];
    const results = counted.map((c) => {
      const row = stock.get(data.stockKey(count.warehouseId, c.articleId)) as data.StockRow;
      const state = stateOf(row);
      const diff = dec(c.countedQty).minus(state.quantity);
      const cost = state.avgCost.isZero() ? dec(fallback.get(c.articleId) ?? '0') : state.avgCost;
      let value = dec(0);
      if (diff.greaterThan(0)) {
        value = applyIn(state, diff, cost).amount;
        inLines.push({ articleId: c.articleId, quantity: diff.toFixed(), unitCost: cost.toFixed(), inputIndex: inLines.length });
      } else if (diff.lessThan(0)) {
        value = (applyOut(state, diff.negated()) as NonNullable<ReturnType<typeof applyOut>>).amount.negated();
        outLines.push({ articleId: c.articleId, quantity: diff.negated().toFixed(), inputIndex: outLines.length });
      }
      return { articleId: c.articleId, expectedQty: state.quantity.toFixed(), differenceQty: diff.toFixed(), unitCost: cost.toFixed(), differenceValue: value.toFixed(2) };
    });
    const folioText = formatCountFolio(count.folio);
    const specs = [];
    if (inLines.length) {
      const concept = await data.ensureSystemConcept(tx, { ...COUNT_CONCEPTS.in });
      specs.push({ date, concept, direction: 'IN' as const, warehouse, target: null, reference: folioText, notes: '', lines: inLines, sourceType: 'INVENTARIO', sourceId: countId });
    }
    if (outLines.length) {
      const concept = await data.ensureSystemConcept(tx, { ...COUNT_CONCEPTS.out });
      specs.push({ date, concept, direction: 'OUT' as const, warehouse, target: null, reference: folioText, notes: '', lines: outLines, sourceType: 'INVENTARIO', sourceId: countId });
    }
    const posted = await postMovements(tx, specs, articles, ctx.auth?.id ?? null);
    const inMovement = inLines.length ? posted[0] : null;
    const outMovement = outLines.length ? posted[posted.length - 1] : null;
    await data.writeCountResults(tx, countId, results);
    const ok = await data.updateCount(tx, countId, version, {
      status: 'CERRADO',
      closedBy: ctx.auth?.id ?? null,
      closedAt: new Date(),
      inMovementId: inMovement?.id ?? null,
      outMovementId: outMovement?.id ?? null,
    });
    if (!ok) throw conflict();
    await writeAudit(tx, actorOf(ctx), {
      entity: 'inventory_count',
      entityId: countId,
      action: 'close',
      before: { status: 'ABIERTO' },
      after: { status: 'CERRADO', date, adjustmentsIn: inLines.length, adjustmentsOut: outLines.length, inMovementId: inMovement?.id ?? null, outMovementId: outMovement?.id ?? null },
    });
  });
  return found(await data.findCount(db(ctx), countId), ENTITY.count);
}

export async function cancelCount(ctx: RequestContext, id: string, version: number) {
  const countId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const count = await lockOpenCount(tx, countId, version);
    assertAction(countLifecycle, 'cancelar', count.status as CountStatus, 'CANCELADO');
    if (!(await data.updateCount(tx, countId, version, { status: 'CANCELADO', closedBy: ctx.auth?.id ?? null, closedAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'inventory_count', entityId: countId, action: 'cancel', before: { status: 'ABIERTO' }, after: { status: 'CANCELADO' } });
  });
  return found(await data.findCount(db(ctx), countId), ENTITY.count);
}
