// Caja business rules: one open period per cash box (the database enforces
// it), movements only inside the open period and never below zero cash,
// cancellation by a reversing movement, closing with an arqueo.
//
// Other modules' documents (a viático paid from a caja) move cash through
// postSourceMovement / reverseSourceMovement, under the same rules and the
// same lock (the box's open period row; the caller locks its document first),
// with the abilities of Caja › Movimientos; such a movement is cancelled from
// its document, never from Caja.
import { writeAudit } from '../../db/audit';
import { isUniqueViolation, type Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, forbidden, found, notFound } from '../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { dec, decimalPlaces, money } from '../../../schema/money';
import { parseInput, rules, z } from '../../lib/validation';
import { claimUpload, detachUpload, removeUploadBytes, storageOf } from '../../lib/attachments';
import { isIsoDate, todayMx } from '../../../schema/dates';
import { formatMxn } from '../../../schema/money';
import { ARQUEO_MESSAGES, computeArqueo, isDenomination } from '../../../schema/cash/arqueo';
import * as data from './data';

export const MSG = {
  conceptTaken: 'Ya existe un concepto con ese nombre y tipo.',
  conceptKindLocked: 'El concepto ya tiene movimientos; no se puede cambiar su tipo.',
  kind: 'Elige ingreso o egreso.',
  noBox: 'La caja no existe.',
  boxTaken: 'Ya existe una caja con ese nombre.',
  boxInactive: 'La caja está inactiva; actívala en Caja › Períodos › Cajas para abrir un período.',
  boxHasOpenPeriod: (folio: number) => `La caja tiene abierto el período ${folio}; ciérralo con su arqueo antes de desactivarla.`,
  lastActiveBox: 'Es la única caja activa; activa otra antes de desactivar esta.',
  periodOpen: 'Ya hay un período abierto en esta caja; ciérralo antes de abrir otro.',
  openingCarried: (amount: string) => `El saldo inicial se toma del arqueo del período anterior (${amount}).`,
  noOpenPeriod: 'No hay un período abierto en la caja; abre uno para registrar movimientos.',
  periodClosed: 'El período está cerrado; sus movimientos no se pueden modificar.',
  dateBeforeOpening: (d: string) => `La fecha es anterior a la apertura del período (${d}).`,
  dateInFuture: 'La fecha no puede ser futura.',
  conceptMissing: 'El concepto no existe.',
  conceptInactive: 'El concepto está inactivo.',
  noCash: (available: string) => `El egreso excede el efectivo en caja (disponible ${available}).`,
  reversalNoCash: (available: string) => `Cancelar este ingreso dejaría la caja en negativo (disponible ${available}).`,
  alreadyCancelled: 'El movimiento ya está cancelado.',
  reversalNotCancellable: 'Un movimiento de cancelación no se puede cancelar.',
  denomination: 'Denominación no válida.',
  count: 'La cantidad debe ser un entero entre 0 y 1,000,000.',
  repeatedDenomination: 'Denominación repetida.',
  differenceReason: ARQUEO_MESSAGES.differenceReason,
  closeBeforeMovements: (d: string) => `La fecha de cierre es anterior al último movimiento (${d}).`,
  closeBeforeOpening: (d: string) => `La fecha de cierre es anterior a la apertura (${d}).`,
  noOpenPeriodIn: (box: string) => `No hay un período abierto en ${box}; ábrelo en Caja › Períodos.`,
  fromDocument: (reference: string) => `Este movimiento es del documento ${reference}: se cancela desde ese documento.`,
  notFromDocument: 'El movimiento de caja no pertenece a este documento.',
  systemConceptLocked: 'Este concepto lo registran los viáticos de Compras: no se puede desactivar ni cambiar de tipo.',
  systemConceptManual: 'Este concepto lo registran los viáticos desde Compras; elige otro.',
  mayNotPost: 'Mover efectivo de la caja requiere el permiso «crear» de Caja › Movimientos.',
  mayNotCancel: 'Cancelar un movimiento de caja requiere el permiso «eliminar» de Caja › Movimientos.',
} as const;

/** The subject whose abilities move cash, from Caja's own screen or from another module's document. */
export const CASH_MOVEMENTS_SUBJECT = 'Caja-Movimientos';

const db = (ctx: RequestContext) => ctx.app.database.db;

const isoDate = () => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, 'Fecha no válida.');
const moneyText = (opts: { positive?: boolean }) =>
  z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), 'Importe no válido.')
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || decimalPlaces(v) <= 2, 'Máximo 2 decimales.')
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || (opts.positive ? dec(v).gt(0) : dec(v).gte(0)), opts.positive ? 'Debe ser mayor a cero.' : 'No puede ser negativo.')
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || dec(v).lt('1e13'), 'Importe demasiado grande.');

// ---- boxes and concepts ----------------------------------------------------------------

export const cashBoxes = (ctx: RequestContext) => data.cashBoxes(db(ctx));
export const activeCashBoxes = (ctx: RequestContext) => data.cashBoxes(db(ctx), { activeOnly: true });

const boxInput = z.object({
  name: rules.requiredText(80),
  description: z.string().trim().max(300, 'Máximo 300 caracteres.').nullish().transform((v) => v ?? ''),
  active: z.boolean({ error: 'Este campo es obligatorio.' }),
});

/** Two people saving the same name at once: the unique index on lower(name) lets one in. */
const boxNameRace = (err: unknown) => (isUniqueViolation(err, 'cash_boxes_name_uq') ? badInput({ name: MSG.boxTaken }) : err);

export async function createCashBox(ctx: RequestContext, input: unknown) {
  const v = parseInput(boxInput, input);
  let id: number;
  try {
    id = await db(ctx).transaction(async (tx) => {
      if (await data.cashBoxNameTaken(tx, v.name)) throw badInput({ name: MSG.boxTaken });
      const newId = await data.insertCashBox(tx, v);
      await writeAudit(tx, actorOf(ctx), { entity: 'cash_box', entityId: newId, action: 'create', after: v });
      return newId;
    });
  } catch (err) {
    throw boxNameRace(err);
  }
  return found(await data.findCashBoxDetail(db(ctx), id), 'La caja');
}

/**
 * Renames, describes, activates or deactivates a box. Deactivating locks every box row first:
 * a period being opened in it (openPeriod locks its row) and another box being deactivated at
 * the same time wait, so it never leaves an open period in an inactive box nor no active box.
 */
export async function updateCashBox(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(boxInput, input);
  const boxId = Number(id);
  try {
    await db(ctx).transaction(async (tx) => {
      if (!v.active) await data.lockCashBoxes(tx);
      const before = await data.findCashBoxDetail(tx, boxId);
      if (!before) throw notFound('La caja');
      if (before.version !== version) throw conflict();
      if (await data.cashBoxNameTaken(tx, v.name, boxId)) throw badInput({ name: MSG.boxTaken });
      if (before.active && !v.active) {
        if (before.openPeriodFolio !== null) throw appError('CONFLICT', MSG.boxHasOpenPeriod(before.openPeriodFolio));
        if ((await data.activeCashBoxCount(tx)) <= 1) throw appError('CONFLICT', MSG.lastActiveBox);
      }
      if (!(await data.updateCashBox(tx, boxId, version, v))) throw conflict();
      const { name, description, active } = before;
      await writeAudit(tx, actorOf(ctx), { entity: 'cash_box', entityId: boxId, action: 'update', before: { name, description, active }, after: v });
    });
  } catch (err) {
    throw boxNameRace(err);
  }
  return found(await data.findCashBoxDetail(db(ctx), boxId), 'La caja');
}

const conceptInput = z.object({
  name: rules.requiredText(80),
  kind: z.enum(['ingreso', 'egreso'], { error: MSG.kind }),
  active: z.boolean({ error: 'Este campo es obligatorio.' }),
});

export function listConcepts(ctx: RequestContext, list: ListInput | null | undefined, filter: { kind?: string | null; active?: boolean | null } | null | undefined) {
  return data.listConcepts(db(ctx), readList(list, data.CONCEPT_SORTS, 'name'), { kind: filter?.kind ?? null, active: filter?.active ?? null });
}
export const getConcept = (ctx: RequestContext, id: string) => data.findConcept(db(ctx), Number(id));
export const conceptOptions = (ctx: RequestContext, kind: string | null | undefined) => data.conceptOptions(db(ctx), kind ?? null);

export async function createConcept(ctx: RequestContext, input: unknown) {
  const v = parseInput(conceptInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    if (await data.conceptNameTaken(tx, v.name, v.kind)) throw badInput({ name: MSG.conceptTaken });
    const newId = await data.insertConcept(tx, v);
    await writeAudit(tx, actorOf(ctx), { entity: 'cash_concept', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findConcept(db(ctx), id), 'El concepto');
}

export async function updateConcept(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(conceptInput, input);
  const conceptId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findConcept(tx, conceptId);
    if (!before) throw notFound('El concepto');
    if (before.version !== version) throw conflict();
    if (await data.conceptNameTaken(tx, v.name, v.kind, conceptId)) throw badInput({ name: MSG.conceptTaken });
    // Past movements were recorded as ingreso/egreso under this concept.
    if (before.kind !== v.kind && (await data.conceptInUse(tx, conceptId))) throw badInput({ kind: MSG.conceptKindLocked });
    // Documents post under it by its key: it must keep existing as it is.
    if (before.systemKey && before.kind !== v.kind) throw badInput({ kind: MSG.systemConceptLocked });
    if (before.systemKey && !v.active) throw badInput({ active: MSG.systemConceptLocked });
    if (!(await data.updateConcept(tx, conceptId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'cash_concept', entityId: conceptId, action: 'update', before, after: v });
  });
  return found(await data.findConcept(db(ctx), conceptId), 'El concepto');
}

// ---- periods -------------------------------------------------------------------------------

export function listPeriods(ctx: RequestContext, list: ListInput | null | undefined, filter: { cashBoxId?: string | null; status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  return data.listPeriods(db(ctx), readList(list, data.PERIOD_SORTS, 'folio'), {
    cashBoxId: filter?.cashBoxId ? Number(filter.cashBoxId) : null,
    status: filter?.status ?? null,
    range: readDateRange(filter),
  });
}
export const getPeriod = (ctx: RequestContext, id: string) => data.findPeriod(db(ctx), Number(id));

async function boxIdOr(ex: Executor, id: string | number | null | undefined): Promise<number> {
  if (id !== null && id !== undefined && id !== '') {
    const box = await data.findCashBox(ex, Number(id));
    if (!box) throw badInput({ cashBoxId: MSG.noBox });
    return box.id;
  }
  const fallback = await data.defaultCashBoxId(ex);
  if (fallback === null) throw badInput({ cashBoxId: MSG.noBox });
  return fallback;
}

export async function currentPeriod(ctx: RequestContext, cashBoxId: string | null | undefined) {
  const boxId = await boxIdOr(db(ctx), cashBoxId);
  return data.openPeriodOf(db(ctx), boxId);
}

/** What a new period would start with: the last arqueo's counted cash, or a typed fund for the first period. */
export async function openingPreview(ctx: RequestContext, cashBoxId: string) {
  const boxId = await boxIdOr(db(ctx), cashBoxId);
  const [last, open] = await Promise.all([data.lastClosedPeriod(db(ctx), boxId), data.openPeriodOf(db(ctx), boxId)]);
  return { cashBoxId: boxId, openingBalance: money(last?.countedTotal ?? '0'), carried: last !== null, openPeriodId: open?.id ?? null };
}

const openInput = z.object({
  cashBoxId: rules.id(),
  date: isoDate(),
  openingBalance: moneyText({}).nullish(),
  notes: z.string().trim().max(500, 'Máximo 500 caracteres.').nullish().transform((v) => v ?? ''),
});

export async function openPeriod(ctx: RequestContext, input: unknown) {
  const v = parseInput(openInput, input);
  if (v.date > todayMx()) throw badInput({ date: MSG.dateInFuture });
  let id: number;
  try {
    id = await db(ctx).transaction(async (tx) => {
      // The box row is locked so it cannot be deactivated while its period is being opened.
      const box = await data.findCashBox(tx, v.cashBoxId, { lock: true });
      if (!box) throw badInput({ cashBoxId: MSG.noBox });
      if (!box.active) throw badInput({ cashBoxId: MSG.boxInactive });
      if (await data.openPeriodOf(tx, box.id)) throw appError('CONFLICT', MSG.periodOpen);
      const last = await data.lastClosedPeriod(tx, box.id);
      let openingBalance = money(v.openingBalance ?? '0');
      if (last) {
        // The cash counted at the last close is what physically starts the new period.
        const carried = money(last.countedTotal ?? '0');
        if (v.openingBalance !== null && v.openingBalance !== undefined && !dec(v.openingBalance).eq(carried)) throw badInput({ openingBalance: MSG.openingCarried(formatMxn(carried)) });
        if (last.closedOn && v.date < last.closedOn) throw badInput({ date: `La fecha es anterior al cierre del período anterior (${last.closedOn}).` });
        openingBalance = carried;
      }
      const folio = await nextFolio(tx, 'cash.period');
      const newId = await data.insertPeriod(tx, { folio, cashBoxId: box.id, openedOn: v.date, openedBy: ctx.auth?.id ?? null, openingBalance, notes: v.notes });
      await writeAudit(tx, actorOf(ctx), { entity: 'cash_period', entityId: newId, action: 'open', after: { folio, cashBoxId: box.id, openedOn: v.date, openingBalance, carriedFrom: last?.id ?? null } });
      return newId;
    });
  } catch (err) {
    // Two people opening at once on PostgreSQL: both pass the check, the partial unique index lets one in.
    if (isUniqueViolation(err, 'cash_periods_one_open_uq')) throw appError('CONFLICT', MSG.periodOpen);
    throw err;
  }
  return found(await data.findPeriod(db(ctx), id), 'El período');
}

const closeInput = z.object({
  date: isoDate(),
  denominations: z
    .array(
      z.object({
        value: z.string({ error: MSG.denomination }).refine(isDenomination, MSG.denomination),
        count: z.number({ error: MSG.count }).int(MSG.count).min(0, MSG.count).max(1_000_000, MSG.count),
      }),
    )
    .max(20, 'Demasiadas denominaciones.'),
  differenceReason: z.string().trim().max(500, 'Máximo 500 caracteres.').nullish().transform((v) => v || null),
});

export async function closePeriod(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(closeInput, input);
  const seen = new Set<string>();
  v.denominations.forEach((d, i) => {
    const key = dec(d.value).toFixed(2);
    if (seen.has(key)) throw badInput({ [`denominations.${i}.value`]: MSG.repeatedDenomination });
    seen.add(key);
  });
  if (v.date > todayMx()) throw badInput({ date: MSG.dateInFuture });
  const periodId = Number(id);
  await db(ctx).transaction(async (tx) => {
    await data.lockPeriod(tx, periodId);
    const before = await data.findPeriod(tx, periodId);
    if (!before) throw notFound('El período');
    if (before.version !== version) throw conflict();
    if (before.status !== 'abierto') throw appError('CONFLICT', MSG.periodClosed);
    if (v.date < before.openedOn) throw badInput({ date: MSG.closeBeforeOpening(before.openedOn) });
    const lastMove = await data.lastMovementDate(tx, periodId);
    if (lastMove && v.date < lastMove) throw badInput({ date: MSG.closeBeforeMovements(lastMove) });
    const arqueo = computeArqueo(v.denominations, before.balance);
    if (!dec(arqueo.difference).isZero() && !v.differenceReason) throw badInput({ differenceReason: MSG.differenceReason });
    const ok = await data.closePeriod(tx, periodId, version, {
      closedOn: v.date,
      closedBy: ctx.auth?.id ?? null,
      countDetail: arqueo.lines,
      countedTotal: arqueo.counted,
      difference: arqueo.difference,
      differenceReason: v.differenceReason,
    });
    if (!ok) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'cash_period', entityId: periodId, action: 'close', before, after: { closedOn: v.date, ...arqueo, differenceReason: v.differenceReason } });
  });
  return found(await data.findPeriod(db(ctx), periodId), 'El período');
}

// ---- movements ----------------------------------------------------------------------------------

export function listMovements(ctx: RequestContext, list: ListInput | null | undefined, filter: { periodId?: string | null; kind?: string | null; conceptId?: string | null; status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  return data.listMovements(db(ctx), readList(list, data.MOVEMENT_SORTS, 'folio'), {
    range: readDateRange(filter),
    periodId: filter?.periodId ? Number(filter.periodId) : null,
    kind: filter?.kind ?? null,
    conceptId: filter?.conceptId ? Number(filter.conceptId) : null,
    status: filter?.status ?? null,
  });
}
export const getMovement = (ctx: RequestContext, id: string) => data.findMovement(db(ctx), Number(id));

const movementInput = z.object({
  cashBoxId: z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null)),
  conceptId: rules.id(),
  date: isoDate(),
  amount: moneyText({ positive: true }),
  description: rules.requiredText(300),
  reference: z.string().trim().max(100, 'Máximo 100 caracteres.').nullish().transform((v) => v ?? ''),
});

type MovementDraft = {
  date: string;
  conceptId: number;
  kind: data.CashKind;
  amount: string;
  description: string;
  reference: string;
  reversalOf: number | null;
  sourceEntity: string | null;
  sourceId: number | null;
};

/** A refusal of a document's action (no form of Caja's on screen): the message itself says what is wrong. */
const refuse = (field: string, message: string) => badInput({ [field]: message }, message);

/** Applies a movement to the locked open period; refuses to leave less than zero cash (on `field`). */
async function postMovement(tx: Executor, ctx: RequestContext, period: data.CashPeriodRow, m: MovementDraft, noCash: (available: string) => string, field = 'amount'): Promise<number> {
  const signed = m.kind === 'ingreso' ? dec(m.amount) : dec(m.amount).negated();
  const balance = money(dec(period.balance).plus(signed));
  if (dec(balance).isNegative()) throw field === 'amount' ? badInput({ amount: noCash(formatMxn(period.balance)) }) : refuse(field, noCash(formatMxn(period.balance)));
  const income = money(m.kind === 'ingreso' ? dec(period.income).plus(m.amount) : period.income);
  const expense = money(m.kind === 'egreso' ? dec(period.expense).plus(m.amount) : period.expense);
  const folio = await nextFolio(tx, 'cash.movement');
  const id = await data.insertMovement(tx, { folio, periodId: period.id, cashBoxId: period.cashBoxId, ...m, balanceAfter: balance, createdBy: ctx.auth?.id ?? null });
  await data.setPeriodFigures(tx, period.id, { income, expense, balance });
  await writeAudit(tx, actorOf(ctx), { entity: 'cash_movement', entityId: id, action: m.reversalOf === null ? 'create' : 'reverse', after: { folio, periodId: period.id, ...m, balanceAfter: balance } });
  return id;
}

export async function createMovement(ctx: RequestContext, input: unknown) {
  const v = parseInput(movementInput, input);
  if (v.date > todayMx()) throw badInput({ date: MSG.dateInFuture });
  const id = await db(ctx).transaction(async (tx) => {
    const boxId = await boxIdOr(tx, v.cashBoxId);
    // The open period row is the lock every movement of the box queues on.
    const period = await data.openPeriodOf(tx, boxId, { lock: true });
    if (!period) throw badInput({ cashBoxId: MSG.noOpenPeriod });
    if (v.date < period.openedOn) throw badInput({ date: MSG.dateBeforeOpening(period.openedOn) });
    const concept = await data.findConcept(tx, v.conceptId);
    if (!concept) throw badInput({ conceptId: MSG.conceptMissing });
    if (!concept.active) throw badInput({ conceptId: MSG.conceptInactive });
    if (concept.systemKey) throw badInput({ conceptId: MSG.systemConceptManual });
    const draft = { date: v.date, conceptId: concept.id, kind: concept.kind, amount: money(v.amount), description: v.description, reference: v.reference, reversalOf: null, sourceEntity: null, sourceId: null };
    return postMovement(tx, ctx, period, draft, MSG.noCash);
  });
  return found(await data.findMovement(db(ctx), id), 'El movimiento');
}

/** Cancelling posts the opposite movement (dated today) in the same open period; nothing is deleted. */
async function reverseMovement(tx: Executor, ctx: RequestContext, head: data.CashMovementRow, reason: string): Promise<number> {
  await data.lockPeriod(tx, head.periodId);
  const period = found(await data.findPeriod(tx, head.periodId), 'El período');
  if (period.status !== 'abierto') throw appError('CONFLICT', MSG.periodClosed);
  const m = found(await data.findMovement(tx, head.id, { lock: true }), 'El movimiento');
  if (m.reversalOf !== null) throw appError('CONFLICT', MSG.reversalNotCancellable);
  if (m.status !== 'vigente') throw appError('CONFLICT', MSG.alreadyCancelled);
  const today = todayMx();
  const newId = await postMovement(
    tx,
    ctx,
    period,
    {
      date: today < period.openedOn ? period.openedOn : today,
      conceptId: m.conceptId,
      kind: m.kind === 'ingreso' ? 'egreso' : 'ingreso',
      amount: m.amount,
      description: `Cancelación del movimiento ${m.folio}: ${reason}`.slice(0, 300),
      reference: m.reference,
      reversalOf: m.id,
      sourceEntity: m.sourceEntity,
      sourceId: m.sourceId,
    },
    MSG.reversalNoCash,
  );
  if (!(await data.markMovementCancelled(tx, m.id, newId, reason))) throw appError('CONFLICT', MSG.alreadyCancelled);
  await writeAudit(tx, actorOf(ctx), { entity: 'cash_movement', entityId: m.id, action: 'cancel', before: m, after: { status: 'cancelado', cancelReason: reason, reversedBy: newId } });
  return newId;
}

export async function cancelMovement(ctx: RequestContext, id: string, reasonRaw: unknown) {
  const reason = parseInput(z.object({ reason: rules.requiredText(300) }), { reason: reasonRaw }).reason;
  const reversalId = await db(ctx).transaction(async (tx) => {
    const head = await data.findMovement(tx, Number(id));
    if (!head) throw notFound('El movimiento');
    // Its document (a viático) would still say it was paid.
    if (head.sourceEntity !== null) throw appError('CONFLICT', MSG.fromDocument(head.reference));
    return reverseMovement(tx, ctx, head, reason);
  });
  return found(await data.findMovement(db(ctx), reversalId), 'El movimiento');
}

export async function attachReceipt(ctx: RequestContext, movementId: string, fileId: string) {
  const id = Number(movementId);
  const m = found(await data.findMovement(db(ctx), id), 'El movimiento');
  if (m.periodStatus !== 'abierto') throw appError('CONFLICT', MSG.periodClosed);
  const replaced = await db(ctx).transaction(async (tx) => {
    await data.lockPeriod(tx, m.periodId);
    const period = found(await data.findPeriod(tx, m.periodId), 'El período');
    if (period.status !== 'abierto') throw appError('CONFLICT', MSG.periodClosed);
    const current = found(await data.findMovement(tx, id, { lock: true }), 'El movimiento');
    const upload = await claimUpload(tx, ctx, fileId, { allowed: ['pdf', 'png', 'jpg', 'webp'], subject: 'Caja-Movimientos', ownerEntity: 'cashMovement', ownerId: id, field: 'fileId' });
    await data.setReceipt(tx, id, upload.id);
    const old = await detachUpload(tx, current.receiptUploadId);
    await writeAudit(tx, actorOf(ctx), { entity: 'cash_movement', entityId: id, action: 'attach', before: { receipt: current.receipt?.fileName ?? null }, after: { receipt: upload.fileName, fileId: upload.id, size: upload.size, sha256: upload.sha256 } });
    return old;
  });
  // The replaced receipt's bytes are no longer referenced.
  await removeUploadBytes(storageOf(ctx), replaced);
  return found(await data.findMovement(db(ctx), id), 'El movimiento');
}

// ---- cash moved by other modules' documents ------------------------------------------------

/** The ability Caja › Movimientos asks for: `crear` to post cash, `eliminar` to cancel a movement. */
export function assertMayMoveCash(ctx: RequestContext, action: 'crear' | 'eliminar'): void {
  if (!ctx.auth?.ability.can(action, CASH_MOVEMENTS_SUBJECT)) throw forbidden(action === 'crear' ? MSG.mayNotPost : MSG.mayNotCancel);
}

export const cashBoxById = (ex: Executor, id: number) => data.findCashBox(ex, id);

/** Active boxes for another module's picker, with the open period's cash only for who may see Caja's movements. */
export async function cashBoxOptions(ctx: RequestContext) {
  const seesCash = ctx.auth?.ability.can('ver', CASH_MOVEMENTS_SUBJECT) ?? false;
  return (await data.cashBoxOptions(db(ctx))).map((b) => ({ id: b.id, name: b.name, open: b.openPeriodId !== null, balance: seesCash ? b.balance : null }));
}

export type SourceMovementInput = {
  cashBoxId: number;
  concept: data.SystemConceptKey;
  date: string;
  amount: string;
  description: string;
  reference: string;
  sourceEntity: string;
  sourceId: number;
};
export type PostedCashMovement = { movementId: number; folio: number; balanceAfter: string };

/**
 * The cash movement of another module's document, inside the caller's transaction: under its
 * system concept, in the box's open period, refused like any movement (no open period, a date
 * before its opening or in the future, less than zero cash: field `cashBoxId` or `date`, the
 * message saying it all) and FORBIDDEN to a person without `crear` on Caja › Movimientos.
 */
export async function postSourceMovement(tx: Executor, ctx: RequestContext, m: SourceMovementInput): Promise<PostedCashMovement> {
  assertMayMoveCash(ctx, 'crear');
  const box = await data.findCashBox(tx, m.cashBoxId);
  if (!box) throw refuse('cashBoxId', MSG.noBox);
  // The open period row is the lock every movement of the box queues on.
  const period = await data.openPeriodOf(tx, box.id, { lock: true });
  if (!period) throw refuse('cashBoxId', MSG.noOpenPeriodIn(box.name));
  if (m.date > todayMx()) throw refuse('date', MSG.dateInFuture);
  if (m.date < period.openedOn) throw refuse('date', MSG.dateBeforeOpening(period.openedOn));
  const concept = found(await data.findSystemConcept(tx, m.concept), 'El concepto de caja');
  const id = await postMovement(
    tx,
    ctx,
    period,
    { date: m.date, conceptId: concept.id, kind: concept.kind, amount: money(m.amount), description: m.description.slice(0, 300), reference: m.reference.slice(0, 100), reversalOf: null, sourceEntity: m.sourceEntity, sourceId: m.sourceId },
    MSG.noCash,
    'cashBoxId',
  );
  const row = found(await data.findMovement(tx, id), 'El movimiento');
  return { movementId: id, folio: row.folio, balanceAfter: row.balanceAfter };
}

/** Cancels a document's own movement by its reversal (Caja's rule: only while its period is open); `eliminar` on Caja › Movimientos. */
export async function reverseSourceMovement(tx: Executor, ctx: RequestContext, movementId: number, reason: string, source: { entity: string; id: number }): Promise<PostedCashMovement> {
  assertMayMoveCash(ctx, 'eliminar');
  const head = found(await data.findMovement(tx, movementId), 'El movimiento');
  if (head.sourceEntity !== source.entity || head.sourceId !== source.id) throw appError('CONFLICT', MSG.notFromDocument);
  const id = await reverseMovement(tx, ctx, head, reason.slice(0, 300));
  const row = found(await data.findMovement(tx, id), 'El movimiento');
  return { movementId: id, folio: row.folio, balanceAfter: row.balanceAfter };
}
