// Órdenes de compra: an order to a supplier, drafted by hand or from an
// authorised Almacén requisition or a Solicitud PDM; authorised by a user
// whose role's limit covers its total; received into Almacén in one or more
// receipts, each posting an entrada at the order's unit prices through
// Almacén's posting engine (moving average). Lifecycle in
// schema/shopping/lifecycles.ts; totals and receipt rules in
// schema/shopping/purchaseOrders.ts.
//
// Receipts take no version: two receipts against the same order queue on
// its row lock, and the second one is judged on what the first left, so
// together they never exceed the ordered quantity (plus the tolerance).
//
// A partly received order may be closed short (cerrada): what is missing is
// no longer expected. A receipt posted in error is reversed (never deleted):
// a salida of the same quantities at the value they entered with, through
// Almacén's posting engine, only while the stock is still there; the order
// gets its quantities back as pending. Reversals also queue on the order's
// lock (two of the same receipt: the second finds it reversed) and on the
// stock rows (a salida at the same time cannot take what the reversal takes).
// A reversal is refused while an expense's three-way match authorisation is
// in force on the order: it was given for what the receipts took (matching.ts);
// cancel that expense first (or register it again) to reverse the receipt.
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, forbidden, found, notFound, type FieldMessages } from '../../lib/errors';
import { assertAction } from '../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { renderPdfBase64, formatDateMx, type PdfDocumentSpec } from '../../lib/pdf';
import { getCompanyProfile, type CompanyProfile } from '../../lib/company';
import { parseInput, rules, z } from '../../lib/validation';
import { isIsoDate, todayMx } from '../../../schema/dates';
import { dec, decimalPlaces, formatMxn } from '../../../schema/money';
import { ISR_RETENTION_RATES, IVA_RATES, IVA_RETENTION_RATES } from '../../../schema/shopping/fiscal';
import { PURCHASE_ORDER_LIFECYCLE, type PurchaseOrderStatus } from '../../../schema/shopping/lifecycles';
import {
  computePurchaseOrderTotals,
  formatPurchaseOrderFolio,
  limitCovers,
  MAX_TOLERANCE_PERCENT,
  pendingQty,
  PURCHASE_ORDER_FOLIO_KEY,
  receivableNow,
  statusAfterReceipt,
} from '../../../schema/shopping/purchaseOrders';
import * as warehouse from '../warehouse/service';
import * as data from './data';
import { expensesWithAuthorizedMatch } from './matching';

export const PO_MSG = {
  notFound: 'La orden de compra',
  supplierMissing: 'El proveedor no existe.',
  supplierInactive: 'El proveedor está inactivo.',
  deliveryBeforeDate: 'La fecha de entrega no puede ser anterior a la fecha de la orden.',
  linesRequired: 'Agrega al menos una partida.',
  serviceDescription: 'Describe el servicio o elige un artículo.',
  warehouseRequired: 'Elige el almacén que recibirá los artículos.',
  totalPositive: 'El total de la orden debe ser mayor a cero.',
  originRequired: 'Indica el documento de origen.',
  originMissing: (what: string) => `${what} no existe.`,
  tolerance: `La tolerancia debe estar entre 0 y ${MAX_TOLERANCE_PERCENT} %.`,
  onlyDraftEditable: 'Solo se puede modificar una orden en borrador.',
  overLimit: (role: string, limit: string, folio: string, total: string) =>
    `Tu rol (${role}) puede autorizar órdenes de compra hasta ${formatMxn(limit)}; la orden ${folio} es por ${formatMxn(total)}. Pide a alguien con un límite mayor que la autorice.`,
  noRole: 'No se pudo leer el límite de autorización de tu rol.',
  receiveSomething: 'Captura la cantidad recibida de al menos una partida.',
  lineNotInOrder: 'La partida no pertenece a esta orden.',
  lineRepeated: 'La partida está repetida en la recepción.',
  overReceipt: (left: string) => `Excede lo pendiente de la orden: se pueden recibir como máximo ${left}.`,
  overReceiptTolerance: (left: string, tolerance: string) => `Excede lo pendiente de la orden más su tolerancia (${tolerance} %): se pueden recibir como máximo ${left}.`,
  dateFuture: 'La fecha de recepción no puede ser futura.',
  dateBeforeOrder: 'La fecha de recepción no puede ser anterior a la de la orden.',
  closedNoReceipts: (folio: string) => `La orden ${folio} está cerrada con faltante: ya no admite recepciones.`,
  receiptMissing: 'La recepción no existe en esta orden.',
  receiptReversed: 'La recepción ya está revertida.',
  reverseClosed: (folio: string) => `La orden ${folio} está cerrada con faltante: sus recepciones ya no se revierten.`,
  reverseMatchAuthorized: (order: string, expenses: string) =>
    `No se puede revertir la recepción: ${expenses} de la orden ${order} tiene autorizada su diferencia de conciliación, que se dio sobre lo recibido. Cancela ese gasto antes de revertir.`,
} as const;

const db = (ctx: RequestContext) => ctx.app.database.db;

// ---- input ---------------------------------------------------------------------------

const decimalText = (opts: { positive?: boolean; places: number }) =>
  z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => /^\d+(\.\d+)?$/.test(v), 'Cantidad no válida.')
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || decimalPlaces(v) <= opts.places, `Máximo ${opts.places} decimales.`)
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || !opts.positive || dec(v).gt(0), 'Debe ser mayor a cero.')
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || dec(v).lt('1e12'), 'Cantidad demasiado grande.');
const isoDate = () => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, 'Fecha no válida.');
const rateOf = (allowed: readonly string[]) =>
  z.string({ error: 'Este campo es obligatorio.' }).refine((v) => /^\d+(\.\d+)?$/.test(v) && allowed.some((a) => dec(a).eq(v)), 'Tasa no válida.');
const optionalId = () => z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null));

const orderInput = z.object({
  supplierId: rules.id(),
  date: isoDate(),
  deliveryDate: isoDate(),
  warehouseId: optionalId(),
  origin: z.enum(['manual', 'requisicion', 'pdm'], { error: 'Origen no válido.' }).nullish().transform((v) => v ?? 'manual'),
  originId: optionalId(),
  notes: z.string().trim().max(1000, 'Máximo 1000 caracteres.').nullish().transform((v) => v ?? ''),
  ivaRate: rateOf(IVA_RATES),
  isrRetentionRate: rateOf(ISR_RETENTION_RATES).nullish().transform((v) => v ?? '0'),
  ivaRetentionRate: rateOf(IVA_RETENTION_RATES).nullish().transform((v) => v ?? '0'),
  tolerancePercent: decimalText({ places: 2 })
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || dec(v).lte(MAX_TOLERANCE_PERCENT), PO_MSG.tolerance)
    .nullish()
    .transform((v) => v ?? '0'),
  lines: z
    .array(
      z.object({
        articleId: optionalId(),
        description: z.string().trim().max(300, 'Máximo 300 caracteres.').nullish().transform((v) => v ?? ''),
        quantity: decimalText({ positive: true, places: 4 }),
        unitPrice: decimalText({ places: 6 }),
      }),
      { error: PO_MSG.linesRequired },
    )
    .min(1, PO_MSG.linesRequired)
    .max(200, 'Máximo 200 partidas.'),
});
type OrderInput = z.infer<typeof orderInput>;

/** Everything an order's input must satisfy against the database; returns what gets written. */
async function checkOrder(tx: Executor, v: OrderInput, opts: { keepSupplierId?: number }) {
  const fields: FieldMessages = {};
  const supplier = await data.findSupplier(tx, v.supplierId);
  if (!supplier) fields.supplierId = PO_MSG.supplierMissing;
  else if (!supplier.active && supplier.id !== opts.keepSupplierId) fields.supplierId = PO_MSG.supplierInactive;
  if (v.deliveryDate < v.date) fields.deliveryDate = PO_MSG.deliveryBeforeDate;
  const articleLines = v.lines.flatMap((l, i) => (l.articleId ? [{ articleId: l.articleId, quantity: l.quantity, inputIndex: i }] : []));
  v.lines.forEach((l, i) => {
    if (!l.articleId && !l.description) fields[`lines.${i}.description`] = PO_MSG.serviceDescription;
  });
  let names = new Map<number, string>();
  if (articleLines.length) {
    if (!v.warehouseId) fields.warehouseId = PO_MSG.warehouseRequired;
    else {
      const { articles } = await warehouse.checkPurchaseLines(tx, v.warehouseId, articleLines, fields);
      names = new Map([...articles.values()].map((a) => [a.id, a.name]));
    }
  }
  const totals = computePurchaseOrderTotals({ lines: v.lines, ivaRate: v.ivaRate, isrRetentionRate: v.isrRetentionRate, ivaRetentionRate: v.ivaRetentionRate });
  if (!Object.keys(fields).length && !dec(totals.total).gt(0)) fields.lines = PO_MSG.totalPositive;
  if (Object.keys(fields).length) throw badInput(fields);
  const lines: data.PurchaseOrderLineValues[] = v.lines.map((l, i) => ({
    articleId: l.articleId,
    description: l.description || (l.articleId ? (names.get(l.articleId) ?? '') : ''),
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: totals.lineAmounts[i],
  }));
  const values = {
    supplierId: v.supplierId,
    date: v.date,
    deliveryDate: v.deliveryDate,
    warehouseId: v.warehouseId,
    notes: v.notes,
    subtotal: totals.subtotal,
    ivaRate: v.ivaRate,
    iva: totals.iva,
    isrRetentionRate: v.isrRetentionRate,
    isrRetention: totals.isrRetention,
    ivaRetentionRate: v.ivaRetentionRate,
    ivaRetention: totals.ivaRetention,
    total: totals.total,
    tolerancePercent: v.tolerancePercent,
  };
  return { values, lines };
}

// ---- reads ---------------------------------------------------------------------------

type OrderFilter = { status?: string | null; origin?: string | null; originId?: string | null; supplierId?: string | null; from?: string | null; to?: string | null; open?: boolean | null } | null | undefined;

export function listPurchaseOrders(ctx: RequestContext, list: ListInput | null | undefined, filter: OrderFilter) {
  const q = readList(list, data.PURCHASE_ORDER_SORTS, 'folio');
  if (!list?.sortBy) q.desc = true;
  return data.listPurchaseOrders(db(ctx), q, {
    status: filter?.status ?? null,
    origin: filter?.origin ?? null,
    originId: filter?.originId ? idOf(filter.originId) : null,
    supplierId: filter?.supplierId ? Number(filter.supplierId) : null,
    ...readDateRange(filter),
    open: filter?.open ?? false,
  });
}

const idOf = (id: string): number => (/^\d{1,9}$/.test(id) ? Number(id) : 0);

export const getPurchaseOrder = (ctx: RequestContext, id: string) => data.findPurchaseOrder(db(ctx), idOf(id));
export const purchaseOrderLines = (ctx: RequestContext, id: number) => data.purchaseOrderLines(db(ctx), [id]);

export async function purchaseOrderReceipts(ctx: RequestContext, id: number) {
  const receipts = await data.purchaseReceipts(db(ctx), id);
  const lines = await data.purchaseReceiptLines(db(ctx), receipts.map((r) => r.id));
  return receipts.map((r) => ({ ...r, lines: lines.filter((l) => l.receiptId === r.id) }));
}

export async function purchaseWarehouseOptions(ctx: RequestContext) {
  const page = await warehouse.listWarehouses(ctx, { pageSize: 200, sortBy: 'name' }, { active: true });
  return page.items.map((w) => ({ id: String(w.id), code: w.code, name: w.name }));
}

export const purchaseArticleOptions = (ctx: RequestContext, search: string | null | undefined, limit: number | null | undefined) => warehouse.articleOptions(ctx, { search, limit });

/** The draft of an order from an Almacén requisition or a Solicitud PDM (what the form pre-fills). */
export async function purchaseOrderSource(ctx: RequestContext, origin: 'manual' | 'requisicion' | 'pdm', id: string) {
  if (origin === 'manual') throw badInput({ origin: 'Elige una requisición o una Solicitud PDM.' });
  const source = await warehouse.purchaseSource(db(ctx), origin, idOf(id));
  if (!source) throw notFound(origin === 'pdm' ? 'La solicitud PDM' : 'La requisición');
  if ('refused' in source) throw appError('CONFLICT', source.refused);
  return {
    origin,
    originId: String(source.id),
    originFolio: source.folio,
    warehouseId: source.warehouseId === null ? null : String(source.warehouseId),
    supplierText: source.supplierText,
    notes: source.notes,
    lines: source.lines.map((l) => ({ articleId: String(l.articleId), sku: l.sku, description: l.name, quantity: l.quantity, unitPrice: l.unitCost })),
  };
}

// ---- writes --------------------------------------------------------------------------

export async function createPurchaseOrder(ctx: RequestContext, input: unknown) {
  const v = parseInput(orderInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    let originFolio = '';
    if (v.origin !== 'manual') {
      if (!v.originId) throw badInput({ originId: PO_MSG.originRequired });
      const source = await warehouse.purchaseSource(tx, v.origin, v.originId);
      if (!source) throw badInput({ originId: PO_MSG.originMissing(v.origin === 'pdm' ? 'La solicitud PDM' : 'La requisición') });
      if ('refused' in source) throw badInput({ originId: source.refused });
      originFolio = source.folio;
    }
    const { values, lines } = await checkOrder(tx, v, {});
    // The folio is taken last, once every check passed: a refused order never holds the counter.
    const folio = await nextFolio(tx, PURCHASE_ORDER_FOLIO_KEY);
    const orderId = await data.insertPurchaseOrder(tx, folio, { ...values, origin: v.origin, originId: v.origin === 'manual' ? null : v.originId, originFolio }, ctx.auth?.id ?? null);
    await data.replacePurchaseOrderLines(tx, orderId, lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'purchase_order', entityId: orderId, action: 'create', after: { folio: formatPurchaseOrderFolio(folio), ...values, origin: v.origin, originFolio, lines } });
    return orderId;
  });
  return found(await data.findPurchaseOrder(db(ctx), id), PO_MSG.notFound);
}

async function lockOrder(tx: Executor, id: number, version: number | null) {
  const order = await data.lockPurchaseOrder(tx, id);
  if (!order) throw notFound(PO_MSG.notFound);
  if (version !== null && order.version !== version) throw conflict();
  return order;
}

export async function updatePurchaseOrder(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(orderInput, input);
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    if (before.status !== 'borrador') throw appError('CONFLICT', PO_MSG.onlyDraftEditable);
    const { values, lines } = await checkOrder(tx, v, { keepSupplierId: before.supplierId });
    if (!(await data.updatePurchaseOrder(tx, orderId, version, values))) throw conflict();
    await data.replacePurchaseOrderLines(tx, orderId, lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'purchase_order', entityId: orderId, action: 'update', before, after: { ...values, lines } });
  });
  return found(await data.findPurchaseOrder(db(ctx), orderId), PO_MSG.notFound);
}

/** Autorizar: borrador → autorizada, only within the limit of the user's role. */
export async function authorizePurchaseOrder(ctx: RequestContext, id: string, version: number) {
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    assertAction(PURCHASE_ORDER_LIFECYCLE, 'autorizar', before.status, 'autorizada');
    const role = ctx.auth ? await data.purchaseOrderLimitOfRole(tx, ctx.auth.roleId) : null;
    if (!role) throw forbidden(PO_MSG.noRole);
    if (!limitCovers(role.limit, before.total)) throw forbidden(PO_MSG.overLimit(role.roleName, role.limit as string, formatPurchaseOrderFolio(before.folio), before.total));
    await data.setPurchaseOrderStatus(tx, orderId, 'autorizada', { authorizedBy: ctx.auth?.id ?? null });
    await writeAudit(tx, actorOf(ctx), { entity: 'purchase_order', entityId: orderId, action: 'authorize', before: { status: before.status }, after: { status: 'autorizada', total: before.total, roleLimit: role.limit } });
  });
  return found(await data.findPurchaseOrder(db(ctx), orderId), PO_MSG.notFound);
}

export async function cancelPurchaseOrder(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(z.object({ reason: rules.requiredText(500) }), { reason: reasonRaw });
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    assertAction(PURCHASE_ORDER_LIFECYCLE, 'cancelar', before.status, 'cancelada');
    await data.setPurchaseOrderStatus(tx, orderId, 'cancelada', { cancelReason: reason });
    await writeAudit(tx, actorOf(ctx), { entity: 'purchase_order', entityId: orderId, action: 'cancel', before: { status: before.status }, after: { status: 'cancelada', cancelReason: reason } });
  });
  return found(await data.findPurchaseOrder(db(ctx), orderId), PO_MSG.notFound);
}

const receiptInput = z.object({
  date: isoDate().nullish(),
  notes: z.string().trim().max(500, 'Máximo 500 caracteres.').nullish().transform((v) => v ?? ''),
  lines: z
    .array(z.object({ lineId: rules.id(), quantity: decimalText({ places: 4 }) }), { error: PO_MSG.receiveSomething })
    .min(1, PO_MSG.receiveSomething)
    .max(200, 'Máximo 200 partidas.'),
});

/**
 * Registers a receipt: each line at most what is still receivable (ordered
 * plus the order's tolerance, less what earlier receipts took). The article
 * lines enter the order's warehouse at the order's unit price in one
 * entrada; service lines are only counted as received.
 */
export async function receivePurchaseOrder(ctx: RequestContext, id: string, input: unknown) {
  const v = parseInput(receiptInput, input);
  const date = v.date ?? todayMx();
  if (date > todayMx()) throw badInput({ date: PO_MSG.dateFuture });
  const orderId = idOf(id);
  await warehouse.postingTransaction(db(ctx), async (tx) => {
    const before = await lockOrder(tx, orderId, null);
    const from = before.status;
    if (from === 'cerrada') throw appError('CONFLICT', PO_MSG.closedNoReceipts(formatPurchaseOrderFolio(before.folio)));
    if (from !== 'autorizada' && from !== 'recibida_parcial') assertAction(PURCHASE_ORDER_LIFECYCLE, 'recibir', from, 'recibida');
    if (date < before.date) throw badInput({ date: PO_MSG.dateBeforeOrder });
    const lines = await data.purchaseOrderLines(tx, [orderId]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const fields: FieldMessages = {};
    const seen = new Set<number>();
    const receiving: { index: number; line: data.PurchaseOrderLineRow; quantity: string }[] = [];
    const tolerance = dec(before.tolerancePercent);
    v.lines.forEach((r, i) => {
      const line = byId.get(r.lineId);
      if (!line) return void (fields[`lines.${i}.lineId`] = PO_MSG.lineNotInOrder);
      if (seen.has(r.lineId)) return void (fields[`lines.${i}.lineId`] = PO_MSG.lineRepeated);
      seen.add(r.lineId);
      if (dec(r.quantity).isZero()) return;
      const left = receivableNow(line, before.tolerancePercent);
      if (dec(r.quantity).greaterThan(left)) {
        fields[`lines.${i}.quantity`] = tolerance.isZero() ? PO_MSG.overReceipt(left) : PO_MSG.overReceiptTolerance(left, tolerance.toFixed());
      }
      receiving.push({ index: i, line, quantity: r.quantity });
    });
    if (Object.keys(fields).length) throw badInput(fields);
    if (!receiving.length) throw badInput({ lines: PO_MSG.receiveSomething }, PO_MSG.receiveSomething);

    const stockLines = receiving.filter((r) => r.line.articleId !== null);
    let movement: { id: number; folio: string; totalAmount: string } | null = null;
    if (stockLines.length) {
      movement = await warehouse.postPurchaseReceipt(tx, ctx.auth?.id ?? null, {
        date,
        warehouseId: before.warehouseId as number,
        reference: formatPurchaseOrderFolio(before.folio),
        notes: before.supplierName,
        orderId,
        lines: stockLines.map((r) => ({ articleId: r.line.articleId as number, quantity: r.quantity, unitCost: r.line.unitPrice, inputIndex: r.index })),
      });
    }
    const received = receiving.map((r) => ({ lineId: r.line.id, quantity: r.quantity }));
    await data.addReceivedQuantities(tx, received);
    const receiptId = await data.insertReceipt(tx, { orderId, date, movementId: movement?.id ?? null, notes: v.notes, createdBy: ctx.auth?.id ?? null }, received);
    const after = lines.map((l) => {
      const got = receiving.find((r) => r.line.id === l.id);
      return { quantity: l.quantity, receivedQty: got ? dec(l.receivedQty).plus(got.quantity).toFixed() : l.receivedQty };
    });
    const status: PurchaseOrderStatus = statusAfterReceipt(after);
    assertAction(PURCHASE_ORDER_LIFECYCLE, 'recibir', from, status);
    await data.setPurchaseOrderStatus(tx, orderId, status);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'purchase_order',
      entityId: orderId,
      action: 'receive',
      before: { status: from },
      after: { status, receiptId, movement: movement?.folio ?? null, lines: received },
    });
  });
  return found(await data.findPurchaseOrder(db(ctx), orderId), PO_MSG.notFound);
}

const reasonInput = z.object({ reason: rules.requiredText(500) });

/** «Cerrar con faltante»: a recibida parcial order stops expecting the rest; no more receipts. */
export async function closePurchaseOrder(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(reasonInput, { reason: reasonRaw });
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockOrder(tx, orderId, version);
    assertAction(PURCHASE_ORDER_LIFECYCLE, 'cerrar', before.status, 'cerrada');
    const lines = await data.purchaseOrderLines(tx, [orderId]);
    const missing = lines.filter((l) => dec(l.quantity).greaterThan(l.receivedQty)).map((l) => ({ lineId: l.id, missing: pendingQty(l) }));
    await data.setPurchaseOrderStatus(tx, orderId, 'cerrada', { close: { reason, by: ctx.auth?.id ?? null } });
    await writeAudit(tx, actorOf(ctx), { entity: 'purchase_order', entityId: orderId, action: 'close_short', before: { status: before.status }, after: { status: 'cerrada', closeReason: reason, missing } });
  });
  return found(await data.findPurchaseOrder(db(ctx), orderId), PO_MSG.notFound);
}

/**
 * «Revertir recepción»: the receipt's entrada leaves again at its cost (if
 * the stock is still there), its quantities are pending again and the order
 * goes back to recibida parcial, or autorizada when no receipt is left.
 */
export async function reversePurchaseReceipt(ctx: RequestContext, orderIdText: string, receiptIdText: string, reasonRaw: unknown) {
  const { reason } = parseInput(reasonInput, { reason: reasonRaw });
  const orderId = idOf(orderIdText);
  const receiptId = idOf(receiptIdText);
  await warehouse.postingTransaction(db(ctx), async (tx) => {
    const before = await lockOrder(tx, orderId, null);
    const folio = formatPurchaseOrderFolio(before.folio);
    const receipt = (await data.purchaseReceipts(tx, orderId)).find((r) => r.id === receiptId);
    if (!receipt) throw notFound('La recepción');
    if (receipt.reversed) throw appError('CONFLICT', PO_MSG.receiptReversed);
    if (before.status === 'cerrada') throw appError('CONFLICT', PO_MSG.reverseClosed(folio));
    const relying = await expensesWithAuthorizedMatch(ctx, tx, orderId);
    if (relying.length) throw appError('CONFLICT', PO_MSG.reverseMatchAuthorized(folio, relying.map((e) => `el gasto ${e.folio}`).join(', ')));
    const taken = await data.purchaseReceiptLines(tx, [receiptId]);
    const movement = receipt.movementId === null ? null : await warehouse.reversePurchaseReceipt(tx, ctx.auth?.id ?? null, receipt.movementId, `Reversión de recepción de ${folio}: ${reason}`);
    const back = taken.map((l) => ({ lineId: l.lineId, quantity: l.quantity }));
    await data.subtractReceivedQuantities(tx, back);
    if (!(await data.markReceiptReversed(tx, receiptId, { reason, by: ctx.auth?.id ?? null, movementId: movement?.id ?? null }))) throw appError('CONFLICT', PO_MSG.receiptReversed);
    const lines = await data.purchaseOrderLines(tx, [orderId]);
    const status: PurchaseOrderStatus = lines.every((l) => dec(l.receivedQty).isZero()) ? 'autorizada' : statusAfterReceipt(lines);
    assertAction(PURCHASE_ORDER_LIFECYCLE, 'revertirRecepcion', before.status, status);
    await data.setPurchaseOrderStatus(tx, orderId, status);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'purchase_order',
      entityId: orderId,
      action: 'reverse_receipt',
      before: { status: before.status, receiptId, movement: receipt.movementFolio },
      after: { status, reason, reversal: movement?.folio ?? null, reversalAmount: movement?.totalAmount ?? null, lines: back },
    });
  });
  return found(await data.findPurchaseOrder(db(ctx), orderId), PO_MSG.notFound);
}

// ---- PDF ------------------------------------------------------------------------------

const pct = (rate: string) => dec(rate).times(100).toDecimalPlaces(4).toFixed();

export function purchaseOrderPdfSpec(company: CompanyProfile, order: data.PurchaseOrderRow, lines: data.PurchaseOrderLineRow[], supplier: data.SupplierRow): PdfDocumentSpec {
  const totals: { label: string; value: string; bold?: boolean }[] = [{ label: 'Subtotal', value: order.subtotal }, { label: `IVA ${pct(order.ivaRate)} %`, value: order.iva }];
  if (dec(order.isrRetentionRate).gt(0)) totals.push({ label: `ISR retenido ${pct(order.isrRetentionRate)} %`, value: `-${order.isrRetention}` });
  if (dec(order.ivaRetentionRate).gt(0)) totals.push({ label: `IVA retenido ${pct(order.ivaRetentionRate)} %`, value: `-${order.ivaRetention}` });
  totals.push({ label: 'Total', value: order.total, bold: true });
  const folio = formatPurchaseOrderFolio(order.folio);
  return {
    company,
    title: 'Orden de compra',
    subtitle: folio,
    headerNotes: [`Fecha: ${formatDateMx(order.date)}`, `Entrega: ${formatDateMx(order.deliveryDate)}`, `Estado: ${PURCHASE_ORDER_LIFECYCLE.labels[order.status]}`],
    blocks: [
      {
        kind: 'fields',
        title: 'Proveedor',
        fields: [
          { label: 'Razón social', value: supplier.name },
          { label: 'RFC', value: supplier.rfc },
          { label: 'Contacto', value: [supplier.contactName, supplier.contactEmail, supplier.contactPhone].filter(Boolean).join(' · ') },
          { label: 'Días de crédito', value: String(supplier.creditDays) },
          { label: 'Entregar en', value: order.warehouseName ?? '—' },
          { label: 'Origen', value: order.originFolio || 'Captura directa' },
        ],
      },
      {
        kind: 'table',
        title: 'Partidas',
        columns: [
          { header: '#', key: 'position', width: 0.4, align: 'right' },
          { header: 'Clave', key: 'sku', width: 1.2 },
          { header: 'Descripción', key: 'description', width: 4 },
          { header: 'Cantidad', key: 'quantity', width: 1.1, format: 'quantity' },
          { header: 'Precio unitario', key: 'unitPrice', width: 1.4, format: 'money' },
          { header: 'Importe', key: 'amount', width: 1.4, format: 'money' },
        ],
        rows: lines.map((l) => ({ position: l.position, sku: l.sku ?? 'Servicio', description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount })),
      },
      { kind: 'totals', rows: totals },
      {
        kind: 'text',
        title: 'Condiciones',
        text: [
          `Precios en pesos mexicanos (MXN). Entregar a más tardar el ${formatDateMx(order.deliveryDate)}${order.warehouseName ? ` en ${order.warehouseName}` : ''}.`,
          dec(order.tolerancePercent).gt(0) ? `Se acepta una entrega hasta ${dec(order.tolerancePercent).toFixed()} % mayor a lo pedido.` : 'No se aceptan cantidades mayores a las pedidas.',
          'Facture a nombre de la empresa citando este folio.',
          order.notes,
        ]
          .filter(Boolean)
          .join('\n'),
      },
    ],
    watermark: order.status === 'borrador' ? 'BORRADOR' : order.status === 'cancelada' ? 'CANCELADA' : order.status === 'cerrada' ? 'CERRADA' : undefined,
    footerNote: `${company.name} · Orden de compra ${folio}`,
  };
}

export async function purchaseOrderPdf(ctx: RequestContext, id: string): Promise<string> {
  const ex = db(ctx);
  const order = found(await data.findPurchaseOrder(ex, idOf(id)), PO_MSG.notFound);
  const [lines, supplier, company] = [await data.purchaseOrderLines(ex, [order.id]), await data.findSupplier(ex, order.supplierId), await getCompanyProfile(ex)];
  return renderPdfBase64(purchaseOrderPdfSpec(company, order, lines, found(supplier, 'El proveedor')));
}
