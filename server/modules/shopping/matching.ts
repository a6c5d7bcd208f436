// Three-way match (issue 28): an expense that pays a purchase order is compared
// with the order's lines and what its receipts took, and with the supplier's
// CFDI attached to the expense (its seal checked again when read; the expense's
// own figures while no XML is attached). The rules are pure, in
// schema/shopping/threeWayMatch.ts. An expense whose invoice differs from what
// was received cannot be paid until someone who may authorise purchase orders
// authorises that difference, with a reason (audited); the authorisation holds
// for that difference only: another receipt or another CFDI that changes it
// needs a new one.
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, found, notFound } from '../../lib/errors';
import { parseInput, rules, z } from '../../lib/validation';
import { todayMx } from '../../../schema/dates';
import { dec, formatMxn } from '../../../schema/money';
import { formatPurchaseOrderFolio } from '../../../schema/shopping/purchaseOrders';
import { threeWayMatch, type MatchResult } from '../../../schema/shopping/threeWayMatch';
import type { PurchaseOrderStatus } from '../../../schema/shopping/lifecycles';
import * as data from './data';
import { readCfdiUpload } from './service';

export const MATCH_MSG = {
  orderMissing: 'La orden de compra no existe.',
  orderOtherSupplier: 'La orden de compra es de otro proveedor.',
  orderNotAuthorized: 'La orden de compra debe estar autorizada o recibida (no en borrador ni cancelada).',
  noOrder: 'El gasto no está ligado a una orden de compra: no hay diferencias que autorizar.',
  noDifferences: 'La factura coincide con lo recibido: no hay diferencias que autorizar.',
  alreadyAuthorized: 'Esa diferencia ya está autorizada.',
  notPayable: (folio: number, order: string, difference: string) =>
    `El gasto ${folio} no coincide con la orden ${order} y sus recepciones (diferencia de ${formatMxn(difference)}): pide a quien autoriza órdenes de compra que autorice la diferencia antes de pagarlo.`,
} as const;

export type ExpenseMatch = MatchResult & {
  orderId: string;
  orderFolio: string;
  orderStatus: PurchaseOrderStatus;
  invoicedSource: 'cfdi' | 'gasto';
  authorized: boolean;
  payable: boolean;
  authorizedReason: string | null;
  authorizedByName: string | null;
  authorizedAt: Date | null;
  authorizedDifference: string | null;
};

/** The expense's match with its order; null when it pays no order. */
export async function matchOfExpense(ctx: RequestContext, ex: Executor, expense: data.ExpenseRow): Promise<ExpenseMatch | null> {
  if (expense.purchaseOrderId === null) return null;
  const order = found(await data.findPurchaseOrder(ex, expense.purchaseOrderId), 'La orden de compra');
  const lines = await data.purchaseOrderLines(ex, [order.id]);
  const key = await data.expenseCfdiStorageKey(ex, expense.id);
  const cfdi = key ? await readCfdiUpload(ctx, key) : null;
  const invoiced = cfdi ? { subtotal: dec(cfdi.subtotal).minus(cfdi.descuento), iva: cfdi.iva, total: cfdi.total } : { subtotal: expense.subtotal, iva: expense.iva, total: expense.total };
  const result = threeWayMatch({
    lines: lines.map((l) => ({ position: l.position, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, receivedQty: l.receivedQty })),
    ivaRate: order.ivaRate,
    isrRetentionRate: order.isrRetentionRate,
    ivaRetentionRate: order.ivaRetentionRate,
    invoiced,
  });
  const authorized = result.hasDifferences && expense.matchAuthorizedDifference !== null && dec(expense.matchAuthorizedDifference).eq(result.difference.total);
  return {
    ...result,
    orderId: String(order.id),
    orderFolio: formatPurchaseOrderFolio(order.folio),
    orderStatus: order.status,
    invoicedSource: cfdi ? 'cfdi' : 'gasto',
    authorized,
    payable: !result.hasDifferences || authorized,
    authorizedReason: expense.matchAuthorizedReason,
    authorizedByName: expense.matchAuthorizedByName,
    authorizedAt: expense.matchAuthorizedAt,
    authorizedDifference: expense.matchAuthorizedDifference,
  };
}

export async function expenseMatch(ctx: RequestContext, expense: data.ExpenseRow) {
  return matchOfExpense(ctx, ctx.app.database.db, expense);
}

/**
 * The expenses (not cancelled) of an order whose match difference is
 * authorised and still in force: that authorisation was given for what the
 * receipts took, so a receipt of the order may not be reversed under it.
 */
export async function expensesWithAuthorizedMatch(ctx: RequestContext, tx: Executor, orderId: number): Promise<data.ExpenseRow[]> {
  const relying: data.ExpenseRow[] = [];
  for (const id of await data.expenseIdsOfOrder(tx, orderId)) {
    const expense = await data.findExpense(tx, id, todayMx());
    if (!expense || expense.matchAuthorizedDifference === null) continue;
    const match = await matchOfExpense(ctx, tx, expense);
    if (match?.authorized) relying.push(expense);
  }
  return relying;
}

/** The order an expense is to pay must exist, be the same supplier's and be authorised or received. */
export async function checkExpenseOrder(tx: Executor, orderId: number | null, supplierId: number, fields: Record<string, string>): Promise<void> {
  if (orderId === null) return;
  const order = await data.findPurchaseOrder(tx, orderId);
  if (!order) fields.purchaseOrderId = MATCH_MSG.orderMissing;
  else if (order.supplierId !== supplierId) fields.purchaseOrderId = MATCH_MSG.orderOtherSupplier;
  else if (!['autorizada', 'recibida_parcial', 'recibida'].includes(order.status)) fields.purchaseOrderId = MATCH_MSG.orderNotAuthorized;
}

/** Inside a payment's transaction, after the expenses are locked: refuses one whose match has an unauthorised difference. */
export async function assertExpensesPayable(ctx: RequestContext, tx: Executor, expenseIds: number[]): Promise<void> {
  for (const id of expenseIds) {
    const expense = await data.findExpense(tx, id, todayMx());
    if (!expense || expense.purchaseOrderId === null) continue;
    const match = await matchOfExpense(ctx, tx, expense);
    if (match && !match.payable) throw appError('CONFLICT', MATCH_MSG.notPayable(expense.folio, match.orderFolio, match.difference.total));
  }
}

/** «Autorizar diferencia»: the current difference of the expense's match may be paid; reason required; audited. */
export async function authorizeExpenseMatch(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(z.object({ reason: rules.requiredText(500) }), { reason: reasonRaw });
  const expenseId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  await ctx.app.database.db.transaction(async (tx) => {
    const before = await data.findExpense(tx, expenseId, todayMx(), { lock: true });
    if (!before) throw notFound('El gasto');
    if (before.version !== version) throw conflict();
    if (before.status === 'cancelado') throw appError('CONFLICT', 'El gasto está cancelado.');
    const match = await matchOfExpense(ctx, tx, before);
    if (!match) throw badInput({ id: MATCH_MSG.noOrder }, MATCH_MSG.noOrder);
    if (!match.hasDifferences) throw appError('CONFLICT', MATCH_MSG.noDifferences);
    if (match.authorized) throw appError('CONFLICT', MATCH_MSG.alreadyAuthorized);
    if (!(await data.authorizeExpenseMatch(tx, expenseId, version, { difference: match.difference.total, reason, userId: ctx.auth?.id ?? null }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), {
      entity: 'expense',
      entityId: expenseId,
      action: 'authorize_difference',
      before: { matchAuthorizedDifference: before.matchAuthorizedDifference },
      after: { order: match.orderFolio, invoiced: match.invoiced, received: match.received, difference: match.difference, reason },
    });
  });
  return found(await data.findExpense(ctx.app.database.db, expenseId, todayMx()), 'El gasto');
}
