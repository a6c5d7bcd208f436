// Three-way match (issue 28), pure and shared by the server and the SPA: the
// purchase order (lines × price), what its receipts took (received quantity ×
// the order's price) and what the supplier invoiced (the CFDI attached to the
// expense that pays the order, or the expense's own figures while it has none).
// What the supplier may charge is what was received; the difference is
// invoiced − received, per line where the CFDI's figures allow (the order's
// lines: ordered − received) and in total (subtotal, IVA, total).
import { dec, money, type DecimalLike } from '../money';
import { computePurchaseOrderTotals } from './purchaseOrders';

export type MatchOrderLine = { position: number; description: string; quantity: DecimalLike; unitPrice: DecimalLike; receivedQty: DecimalLike };
export type MatchFigures = { subtotal: string; iva: string; total: string };

export type MatchLine = {
  position: number;
  description: string;
  orderedQty: string;
  receivedQty: string;
  unitPrice: string;
  orderedAmount: string;
  receivedAmount: string;
  /** Ordered − received, valued at the order's price: what the supplier may not charge yet. */
  difference: string;
};

export type MatchResult = {
  lines: MatchLine[];
  ordered: MatchFigures;
  received: MatchFigures;
  invoiced: MatchFigures;
  /** Invoiced − received. */
  difference: MatchFigures;
  hasDifferences: boolean;
};

const fig = (v: { subtotal: DecimalLike; iva: DecimalLike; total: DecimalLike }): MatchFigures => ({ subtotal: money(v.subtotal), iva: money(v.iva), total: money(v.total) });

export function threeWayMatch(input: {
  lines: readonly MatchOrderLine[];
  ivaRate: DecimalLike;
  isrRetentionRate: DecimalLike;
  ivaRetentionRate: DecimalLike;
  invoiced: { subtotal: DecimalLike; iva: DecimalLike; total: DecimalLike };
}): MatchResult {
  const rates = { ivaRate: input.ivaRate, isrRetentionRate: input.isrRetentionRate, ivaRetentionRate: input.ivaRetentionRate };
  const ordered = computePurchaseOrderTotals({ lines: input.lines, ...rates });
  const received = computePurchaseOrderTotals({ lines: input.lines.map((l) => ({ quantity: l.receivedQty, unitPrice: l.unitPrice })), ...rates });
  const lines = input.lines.map((l, i) => {
    const receivedAmount = money(dec(l.receivedQty).times(l.unitPrice));
    return {
      position: l.position,
      description: l.description,
      orderedQty: dec(l.quantity).toFixed(),
      receivedQty: dec(l.receivedQty).toFixed(),
      unitPrice: dec(l.unitPrice).toFixed(),
      orderedAmount: ordered.lineAmounts[i],
      receivedAmount,
      difference: money(dec(ordered.lineAmounts[i]).minus(receivedAmount)),
    };
  });
  const invoiced = fig(input.invoiced);
  const difference = {
    subtotal: money(dec(invoiced.subtotal).minus(received.subtotal)),
    iva: money(dec(invoiced.iva).minus(received.iva)),
    total: money(dec(invoiced.total).minus(received.total)),
  };
  const hasDifferences = !dec(difference.subtotal).isZero() || !dec(difference.iva).isZero() || !dec(difference.total).isZero();
  return { lines, ordered: fig(ordered), received: fig(received), invoiced, difference, hasDifferences };
}
