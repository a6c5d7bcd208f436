// Pure rules of the Órdenes de compra, shared by the server and the SPA:
// the folio's text, the totals (the same tax rules as a supplier invoice,
// fiscal.ts), the authorisation limit of a role and what a receipt may take
// (the ordered quantity plus the order's tolerance, less what was received).
import { dec, type DecimalLike } from '../money';
import { computeExpenseTotals, type ExpenseTotals } from './fiscal';
import type { PurchaseOrderStatus } from './lifecycles';

export const PURCHASE_ORDER_FOLIO_KEY = 'shopping.purchase_order';
export const formatPurchaseOrderFolio = (folio: number): string => `OC-${String(folio).padStart(6, '0')}`;

/** Highest over-receipt tolerance an order may carry, in percent. */
export const MAX_TOLERANCE_PERCENT = 20;

export type PurchaseOrderLineValues = { quantity: DecimalLike; unitPrice: DecimalLike };

/** Totals of an order: Σ quantity × unit price at full precision, taxes rounded once (computeExpenseTotals). */
export function computePurchaseOrderTotals(input: {
  lines: readonly PurchaseOrderLineValues[];
  ivaRate: DecimalLike;
  isrRetentionRate: DecimalLike;
  ivaRetentionRate: DecimalLike;
}): ExpenseTotals {
  return computeExpenseTotals({ lines: input.lines, subtotal: 0, ivaRate: input.ivaRate, isrRetentionRate: input.isrRetentionRate, ivaRetentionRate: input.ivaRetentionRate });
}

/**
 * Whether a role's limit covers an order's total. `null` is a role without
 * a limit (Administrador); a limit equal to the total covers it.
 */
export const limitCovers = (limit: DecimalLike | null | undefined, total: DecimalLike): boolean => limit === null || limit === undefined || dec(limit).greaterThanOrEqualTo(total);

/** The most a line may ever receive: what was ordered plus the order's tolerance. */
export const receivableCeiling = (ordered: DecimalLike, tolerancePercent: DecimalLike): string =>
  dec(ordered).times(dec(100).plus(tolerancePercent)).dividedBy(100).toFixed();

/** What a line may still receive (never negative). */
export function receivableNow(line: { quantity: DecimalLike; receivedQty: DecimalLike }, tolerancePercent: DecimalLike): string {
  const left = dec(receivableCeiling(line.quantity, tolerancePercent)).minus(line.receivedQty);
  return left.isNegative() ? '0' : left.toFixed();
}

/** What is still pending of a line, without the tolerance (what the list shows as open). */
export function pendingQty(line: { quantity: DecimalLike; receivedQty: DecimalLike }): string {
  const left = dec(line.quantity).minus(line.receivedQty);
  return left.isNegative() ? '0' : left.toFixed();
}

/** After a receipt: recibida once every line has at least what it ordered, recibida parcial otherwise. */
export function statusAfterReceipt(lines: readonly { quantity: DecimalLike; receivedQty: DecimalLike }[]): Extract<PurchaseOrderStatus, 'recibida' | 'recibida_parcial'> {
  return lines.every((l) => dec(l.receivedQty).greaterThanOrEqualTo(l.quantity)) ? 'recibida' : 'recibida_parcial';
}
