// Solicitud PDM: a request to buy maintenance parts that are not in stock.
//   pendiente → enviada (a Compras) | rechazada
// Compras turns a sent request into a maintenance payment request; that hand-
// off belongs in sendPdm (one function, one transaction).
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import type { Indicator } from '../../lib/indicators';
import { assertAction } from '../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { dec, money } from '../../../schema/money';
import { parseInput, rules, z } from '../../lib/validation';
import * as data from './data';
import { ENTITY, MSG, pdmLifecycle, type PdmStatus } from './messages';
import { checkLineArticles, throwIfAny } from './movements';
import { createPaymentRequestForPdm } from '../shopping/service';
import { idOf, MAX_DOCUMENT_LINES, optionalText, quantity, reasonText, unitCost } from './validation';

const db = (ctx: RequestContext) => ctx.app.database.db;

export const PDM_FOLIO_KEY = 'wh-pdm';
export const formatPdmFolio = (folio: number) => `PDM-${String(folio).padStart(6, '0')}`;

/** Tablero: the requests PENDIENTE that wait for `autorizar` (send to Compras or reject). */
export const pdmToSendIndicator = (): Indicator<number> => ({ sql: data.pendingPdmSql(), read: Number });

export function listPdm(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  const q = readList(list, data.PDM_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  return data.listPdm(db(ctx), q, { status: filter?.status ?? null, range: readDateRange(filter) });
}

export const getPdm = (ctx: RequestContext, id: string) => data.findPdm(db(ctx), idOf(id));
export const pdmLinesOf = (ctx: RequestContext, ids: number[]) => data.pdmLines(db(ctx), ids);

const pdmInput = z.object({
  supplier: optionalText(200),
  justification: rules.requiredText(2000),
  lines: z
    .array(z.object({ articleId: rules.id(), quantity: quantity(), estimatedUnitCost: unitCost() }))
    .min(1, MSG.linesRequired)
    .max(MAX_DOCUMENT_LINES, MSG.linesTooMany(MAX_DOCUMENT_LINES)),
});

async function checkPdm(tx: Executor, v: z.infer<typeof pdmInput>) {
  const fields: FieldMessages = {};
  await checkLineArticles(tx, v.lines, fields);
  throwIfAny(fields);
  const lines = v.lines.map((l) => ({
    articleId: l.articleId,
    quantity: l.quantity,
    estimatedUnitCost: l.estimatedUnitCost,
    estimatedAmount: money(dec(l.quantity).times(l.estimatedUnitCost)),
  }));
  return { lines, total: money(lines.reduce((s, l) => s.plus(l.estimatedAmount), dec(0))) };
}

export async function createPdm(ctx: RequestContext, input: unknown) {
  const v = parseInput(pdmInput, input);
  const requestedBy = ctx.auth?.id;
  if (!requestedBy) throw badInput({ requestedBy: 'La solicitud PDM necesita un usuario que la solicite.' });
  const id = await db(ctx).transaction(async (tx) => {
    const { lines, total } = await checkPdm(tx, v);
    const folio = await nextFolio(tx, PDM_FOLIO_KEY);
    const newId = await data.insertPdm(tx, { folio, supplier: v.supplier, justification: v.justification, estimatedTotal: total, requestedBy });
    await data.replacePdmLines(tx, newId, lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'pdm_request', entityId: newId, action: 'create', after: { folio: formatPdmFolio(folio), ...v, estimatedTotal: total } });
    return newId;
  });
  return found(await data.findPdm(db(ctx), id), ENTITY.pdm);
}

async function lockPdm(tx: Executor, id: number, version: number) {
  const r = await data.lockPdm(tx, id);
  if (!r) throw notFound(ENTITY.pdm);
  if (r.version !== version) throw conflict();
  return r;
}

export async function updatePdm(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(pdmInput, input);
  const pdmId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockPdm(tx, pdmId, version);
    if (before.status !== 'PENDIENTE') throw appError('CONFLICT', MSG.onlyPendingEditable);
    const { lines, total } = await checkPdm(tx, v);
    if (!(await data.updatePdm(tx, pdmId, version, { supplier: v.supplier, justification: v.justification, estimatedTotal: total }))) throw conflict();
    await data.replacePdmLines(tx, pdmId, lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'pdm_request', entityId: pdmId, action: 'update', before, after: { ...v, estimatedTotal: total } });
  });
  return found(await data.findPdm(db(ctx), pdmId), ENTITY.pdm);
}

/**
 * Sends a pending request to Compras, inside the caller's transaction: the
 * one place where the hand-off happens (Compras' payment request for the
 * maintenance purchase belongs here, so both commit or roll back together).
 */
export async function sendPdm(tx: Executor, ctx: RequestContext, id: number, version: number): Promise<void> {
  const before = await lockPdm(tx, id, version);
  assertAction(pdmLifecycle, 'enviar', before.status as PdmStatus, 'ENVIADA');
  if (!(await data.updatePdm(tx, id, version, { status: 'ENVIADA', sentBy: ctx.auth?.id ?? null, sentAt: new Date() }))) throw conflict();
  // Compras hand-off (issue 4, owned by Compras): the PDM becomes a maintenance payment request in this same transaction.
  await createPaymentRequestForPdm(tx, actorOf(ctx), { id, folio: formatPdmFolio(before.folio), supplier: before.supplier, justification: before.justification, estimatedTotal: before.estimatedTotal });
  await writeAudit(tx, actorOf(ctx), { entity: 'pdm_request', entityId: id, action: 'send', before: { status: before.status }, after: { status: 'ENVIADA' } });
}

export async function sendPdmMutation(ctx: RequestContext, id: string, version: number) {
  const pdmId = idOf(id);
  await db(ctx).transaction((tx) => sendPdm(tx, ctx, pdmId, version));
  return found(await data.findPdm(db(ctx), pdmId), ENTITY.pdm);
}

export async function rejectPdm(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(z.object({ reason: reasonText() }), { reason: reasonRaw });
  const pdmId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockPdm(tx, pdmId, version);
    assertAction(pdmLifecycle, 'rechazar', before.status as PdmStatus, 'RECHAZADA');
    if (!(await data.updatePdm(tx, pdmId, version, { status: 'RECHAZADA', rejectionReason: reason }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'pdm_request', entityId: pdmId, action: 'reject', before: { status: before.status }, after: { status: 'RECHAZADA', reason } });
  });
  return found(await data.findPdm(db(ctx), pdmId), ENTITY.pdm);
}
