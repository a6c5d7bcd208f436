// Requisiciones: an area (or a maintenance order) asks the warehouse for
// articles; someone with `autorizar` sets what may be delivered; the
// warehouse delivers (surte) in one or more goes, each posting a salida.
//   pendiente → autorizada → surtida parcial → surtida, or pendiente → rechazada;
// an autorizada or surtida parcial one can be closed short (cerrada).
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { runBulk } from '../../lib/bulk';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import { assertAction, canAct } from '../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { dec } from '../../../schema/money';
import { parseInput, rules, z } from '../../lib/validation';
import * as data from './data';
import { ENTITY, MSG, requisitionLifecycle, type RequisitionStatus } from './messages';
import { checkLineArticles, checkWarehouse, throwIfAny } from './movements';
import { postingTransaction, postMovements, type PostingLine } from './posting';
import { unitByCode } from './units';
import { dateText, decimalsProblem, idOf, MAX_DOCUMENT_LINES, optionalText, quantity, quantityOrZero, reasonText } from './validation';
import { todayMx } from '../../../schema/dates';
import { checkCostAssignment } from '../sales/service';

const db = (ctx: RequestContext) => ctx.app.database.db;

export const REQUISITION_FOLIO_KEY = 'wh-requisition';
export const formatRequisitionFolio = (folio: number) => `REQ-${String(folio).padStart(6, '0')}`;

export const REQUISITION_CONCEPT = {
  systemKey: 'requisition_out',
  code: 'SAL-REQ',
  name: 'Salida por requisición',
  kind: 'SALIDA',
  direction: 'OUT',
  affectsCost: false,
  active: true,
} as const;

export function listRequisitions(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: string | null; warehouseId?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  const q = readList(list, data.REQUISITION_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  return data.listRequisitions(db(ctx), q, { status: filter?.status ?? null, warehouseId: filter?.warehouseId ? idOf(filter.warehouseId) : null, range: readDateRange(filter) });
}

export const getRequisition = (ctx: RequestContext, id: string) => data.findRequisition(db(ctx), idOf(id));
export const requisitionLinesOf = (ctx: RequestContext, ids: number[]) => data.requisitionLines(db(ctx), ids);
export const requisitionMovementsOf = (ctx: RequestContext, ids: number[]) => data.movementsBySource(db(ctx), 'REQUISICION', ids);

const requisitionInput = z.object({
  area: rules.requiredText(120),
  originReference: optionalText(120),
  warehouseId: rules.id(),
  neededDate: dateText(),
  notes: optionalText(1000),
  /** Ventas service order the material is for (job cost); omitted = none. */
  serviceOrderId: rules.id().nullish().transform((v) => v ?? null),
  lines: z
    .array(z.object({ articleId: rules.id(), quantity: quantity() }))
    .min(1, MSG.linesRequired)
    .max(MAX_DOCUMENT_LINES, MSG.linesTooMany(MAX_DOCUMENT_LINES)),
});

export type RequisitionInput = z.input<typeof requisitionInput>;

async function checkRequisition(tx: Executor, v: z.infer<typeof requisitionInput>) {
  const fields: FieldMessages = {};
  if (v.neededDate < todayMx()) fields.neededDate = MSG.neededDatePast;
  await checkWarehouse(tx, v.warehouseId, fields);
  await checkLineArticles(tx, v.lines, fields);
  await checkCostAssignment(tx, { serviceOrderId: v.serviceOrderId }, fields);
  const seen = new Set<number>();
  v.lines.forEach((l, i) => {
    if (seen.has(l.articleId)) fields[`lines.${i}.articleId`] ??= MSG.articleRepeated;
    seen.add(l.articleId);
  });
  throwIfAny(fields);
}

/**
 * Creates a requisition inside the caller's transaction, requested by the
 * signed-in user. The GraphQL mutation and Mantenimiento (parts for an
 * order: area "Mantenimiento", originReference = the order folio) both call
 * this. Validates the raw input (BAD_USER_INPUT with Spanish per-field
 * messages); returns the new id and folio.
 */
export async function createRequisition(tx: Executor, ctx: RequestContext, input: unknown): Promise<{ id: number; folio: string }> {
  const v = parseInput(requisitionInput, input);
  await checkRequisition(tx, v);
  const requesterId = ctx.auth?.id;
  if (!requesterId) throw badInput({ requesterId: 'La requisición necesita un usuario que la solicite.' });
  const folio = await nextFolio(tx, REQUISITION_FOLIO_KEY);
  const id = await data.insertRequisition(tx, {
    folio,
    requesterId,
    area: v.area,
    originReference: v.originReference,
    warehouseId: v.warehouseId,
    neededDate: v.neededDate,
    notes: v.notes,
    serviceOrderId: v.serviceOrderId,
  });
  await data.replaceRequisitionLines(tx, id, v.lines.map((l) => ({ articleId: l.articleId, requestedQty: l.quantity })));
  await writeAudit(tx, actorOf(ctx), { entity: 'requisition', entityId: id, action: 'create', after: { folio: formatRequisitionFolio(folio), ...v } });
  return { id, folio: formatRequisitionFolio(folio) };
}

export async function createRequisitionMutation(ctx: RequestContext, input: unknown) {
  const { id } = await db(ctx).transaction((tx) => createRequisition(tx, ctx, input));
  return found(await data.findRequisition(db(ctx), id), ENTITY.requisition);
}

async function lockRequisition(tx: Executor, id: number, version: number) {
  const r = await data.lockRequisition(tx, id);
  if (!r) throw notFound(ENTITY.requisition);
  if (r.version !== version) throw conflict();
  return r;
}

export async function updateRequisition(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(requisitionInput, input);
  const reqId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockRequisition(tx, reqId, version);
    if (before.status !== 'PENDIENTE') throw appError('CONFLICT', MSG.onlyPendingEditable);
    await checkRequisition(tx, v);
    const ok = await data.updateRequisition(tx, reqId, version, {
      area: v.area,
      originReference: v.originReference,
      warehouseId: v.warehouseId,
      neededDate: v.neededDate,
      notes: v.notes,
      serviceOrderId: v.serviceOrderId,
    });
    if (!ok) throw conflict();
    await data.replaceRequisitionLines(tx, reqId, v.lines.map((l) => ({ articleId: l.articleId, requestedQty: l.quantity })));
    await writeAudit(tx, actorOf(ctx), { entity: 'requisition', entityId: reqId, action: 'update', before, after: v });
  });
  return found(await data.findRequisition(db(ctx), reqId), ENTITY.requisition);
}

const lineQuantities = z
  .array(z.object({ lineId: rules.id(), quantity: quantityOrZero() }))
  .min(1, MSG.linesRequired)
  .max(MAX_DOCUMENT_LINES, MSG.linesTooMany(MAX_DOCUMENT_LINES));

/** Matches `lines` input to the document's lines; unknown or repeated lines and bad decimals become messages. */
function matchLines(input: { lineId: number; quantity: string }[], lines: data.RequisitionLineRow[], fields: FieldMessages) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const out: { index: number; line: data.RequisitionLineRow; quantity: string }[] = [];
  input.forEach((q, i) => {
    const line = byId.get(q.lineId);
    if (!line || seen.has(q.lineId)) {
      fields[`lines.${i}.lineId`] = MSG.lineNotInDocument;
      return;
    }
    seen.add(q.lineId);
    const unit = unitByCode(line.unit);
    const problem = unit ? decimalsProblem(q.quantity, unit) : null;
    if (problem) fields[`lines.${i}.quantity`] = problem;
    else out.push({ index: i, line, quantity: q.quantity });
  });
  return out;
}

export async function authorizeRequisition(ctx: RequestContext, id: string, version: number, linesRaw: unknown) {
  const { lines: input } = parseInput(z.object({ lines: lineQuantities }), { lines: linesRaw });
  const reqId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockRequisition(tx, reqId, version);
    assertAction(requisitionLifecycle, 'autorizar', before.status as RequisitionStatus, 'AUTORIZADA');
    const lines = await data.requisitionLines(tx, [reqId], true);
    const fields: FieldMessages = {};
    const matched = matchLines(input, lines, fields);
    for (const m of matched) if (dec(m.quantity).greaterThan(m.line.requestedQty)) fields[`lines.${m.index}.quantity`] = MSG.authorizedAboveRequested;
    throwIfAny(fields);
    const authorized = new Map(matched.map((m) => [m.line.id, m.quantity]));
    // A line the authoriser left out is not authorised.
    const updates = lines.map((l) => ({ id: l.id, authorizedQty: authorized.get(l.id) ?? '0' }));
    if (updates.every((u) => dec(u.authorizedQty).isZero())) throw badInput({ lines: MSG.authorizeSomething }, MSG.authorizeSomething);
    await data.setRequisitionLineQuantities(tx, updates);
    if (!(await data.updateRequisition(tx, reqId, version, { status: 'AUTORIZADA', authorizedBy: ctx.auth?.id ?? null, authorizedAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'requisition', entityId: reqId, action: 'authorize', before: { status: before.status }, after: { status: 'AUTORIZADA', lines: updates } });
  });
  return found(await data.findRequisition(db(ctx), reqId), ENTITY.requisition);
}

/**
 * Bulk "Autorizar" of the Requisiciones list: each requisition authorised in
 * full (every line for what it asked) through authorizeRequisition with the
 * version read just before, so the lifecycle, the lock and the audit entry are
 * the single action's. One that is no longer pending fails alone.
 */
export function authorizeRequisitionsInFull(ctx: RequestContext, ids: readonly string[]) {
  return runBulk(
    ctx,
    ids,
    async (id) => {
      const requisition = found(await data.findRequisition(db(ctx), idOf(id)), ENTITY.requisition);
      const lines = await data.requisitionLines(db(ctx), [requisition.id]);
      await authorizeRequisition(ctx, id, requisition.version, lines.map((l) => ({ lineId: String(l.id), quantity: l.requestedQty })));
    },
    { references: (failed) => requisitionFolios(ctx, failed) },
  );
}

async function requisitionFolios(ctx: RequestContext, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of ids) {
    const r = await data.findRequisition(db(ctx), idOf(id));
    if (r) out.set(id, formatRequisitionFolio(r.folio));
  }
  return out;
}

export async function rejectRequisition(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(z.object({ reason: reasonText() }), { reason: reasonRaw });
  const reqId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockRequisition(tx, reqId, version);
    assertAction(requisitionLifecycle, 'rechazar', before.status as RequisitionStatus, 'RECHAZADA');
    if (!(await data.updateRequisition(tx, reqId, version, { status: 'RECHAZADA', rejectionReason: reason, authorizedBy: ctx.auth?.id ?? null, authorizedAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'requisition', entityId: reqId, action: 'reject', before: { status: before.status }, after: { status: 'RECHAZADA', reason } });
  });
  return found(await data.findRequisition(db(ctx), reqId), ENTITY.requisition);
}

/**
 * "Cerrar requisición" (close short): an authorised or partly delivered
 * requisition whose remainder will not be delivered is closed with a reason.
 * What was delivered stays delivered (its salidas and the lines' delivered
 * quantities are untouched; nothing is reversed); the undelivered remainder
 * is cancelled and the requisition becomes CERRADA, a terminal state, so an
 * order waiting on it (Mantenimiento) may close. From AUTORIZADA nothing was
 * delivered: it amounts to cancelling the whole authorisation.
 */
export async function closeRequisition(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(z.object({ reason: reasonText() }), { reason: reasonRaw });
  const reqId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockRequisition(tx, reqId, version);
    const from = before.status as RequisitionStatus;
    if (!canAct(requisitionLifecycle, 'cerrar', from, 'CERRADA')) throw appError('CONFLICT', MSG.closeOnlyOpen(requisitionLifecycle.labels[from] ?? before.status));
    const lines = await data.requisitionLines(tx, [reqId]);
    const cancelled = lines
      .map((l) => ({ lineId: l.id, authorized: dec(l.authorizedQty ?? 0).toFixed(), delivered: dec(l.deliveredQty).toFixed(), cancelled: dec(l.authorizedQty ?? 0).minus(l.deliveredQty).toFixed() }))
      .filter((l) => dec(l.cancelled).greaterThan(0));
    if (!(await data.updateRequisition(tx, reqId, version, { status: 'CERRADA', closeReason: reason, closedBy: ctx.auth?.id ?? null, closedAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'requisition', entityId: reqId, action: 'close', before: { status: before.status }, after: { status: 'CERRADA', reason, cancelled } });
  });
  return found(await data.findRequisition(db(ctx), reqId), ENTITY.requisition);
}

/**
 * Delivers (surte) quantities of an authorised requisition: never more than
 * what is authorised and still pending, never more than the stock (the salida
 * refuses it whole). Posts one salida per delivery, linked to the requisition.
 */
export async function fulfillRequisition(ctx: RequestContext, id: string, version: number, linesRaw: unknown, dateRaw: unknown) {
  const { lines: input } = parseInput(z.object({ lines: lineQuantities }), { lines: linesRaw });
  const date = dateRaw ? parseInput(z.object({ date: dateText() }), { date: dateRaw }).date : todayMx();
  if (date > todayMx()) throw badInput({ date: MSG.dateFuture });
  const reqId = idOf(id);
  await postingTransaction(db(ctx), async (tx) => {
    const before = await lockRequisition(tx, reqId, version);
    if (!canAct(requisitionLifecycle, 'surtir', before.status as RequisitionStatus)) assertAction(requisitionLifecycle, 'surtir', before.status as RequisitionStatus, 'SURTIDA');
    const lines = await data.requisitionLines(tx, [reqId], true);
    const fields: FieldMessages = {};
    const matched = matchLines(input, lines, fields);
    for (const m of matched) {
      const pending = dec(m.line.authorizedQty ?? 0).minus(m.line.deliveredQty);
      if (dec(m.quantity).greaterThan(pending)) fields[`lines.${m.index}.quantity`] = MSG.deliverAboveAuthorized(pending.toFixed());
    }
    const warehouse = await checkWarehouse(tx, before.warehouseId, fields);
    throwIfAny(fields);
    const delivering = matched.filter((m) => dec(m.quantity).greaterThan(0));
    if (!delivering.length) throw badInput({ lines: MSG.deliverSomething }, MSG.deliverSomething);
    const concept = await data.ensureSystemConcept(tx, { ...REQUISITION_CONCEPT });
    const postingLines: PostingLine[] = delivering.map((m) => ({ articleId: m.line.articleId, quantity: m.quantity, inputIndex: m.index }));
    const articles = new Map(delivering.map((m) => [m.line.articleId, { id: m.line.articleId, sku: m.line.sku, name: m.line.name, unit: m.line.unit }]));
    const folio = formatRequisitionFolio(before.folio);
    const [posted] = await postMovements(
      tx,
      [
        {
          date,
          concept,
          direction: 'OUT',
          warehouse: warehouse as data.WarehouseRow,
          target: null,
          reference: folio,
          notes: before.area,
          lines: postingLines,
          sourceType: 'REQUISICION',
          sourceId: reqId,
        },
      ],
      articles,
      ctx.auth?.id ?? null,
    );
    const delivered = new Map(delivering.map((m) => [m.line.id, dec(m.line.deliveredQty).plus(m.quantity)]));
    await data.setRequisitionLineQuantities(tx, [...delivered].map(([lineId, qty]) => ({ id: lineId, deliveredQty: qty.toFixed() })));
    const complete = lines.every((l) => (delivered.get(l.id) ?? dec(l.deliveredQty)).greaterThanOrEqualTo(l.authorizedQty ?? 0));
    const status: RequisitionStatus = complete ? 'SURTIDA' : 'SURTIDA_PARCIAL';
    assertAction(requisitionLifecycle, 'surtir', before.status as RequisitionStatus, status);
    if (!(await data.updateRequisition(tx, reqId, version, { status }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), {
      entity: 'requisition',
      entityId: reqId,
      action: 'fulfill',
      before: { status: before.status },
      after: { status, movementId: posted.id, lines: delivering.map((m) => ({ lineId: m.line.id, quantity: m.quantity })) },
    });
  });
  return found(await data.findRequisition(db(ctx), reqId), ENTITY.requisition);
}
