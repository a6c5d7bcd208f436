// Moving-average costing of one stock row (warehouse × article), pure so the
// posting service, the demo seed and the unit tests share one definition.
//
// - An entrada adds q1 units at c1: amount = q1·c1 (2 decimals), value grows by
//   it and the average becomes (q·c + q1·c1)/(q + q1), kept to 6 decimals.
// - An exit takes q units at the current average; the average does not move.
// - The reversal of an entrada takes its units back out carrying the value
//   they came in with, so the average returns to what the other entries make.
//   The exit that empties the row takes exactly the value left, so rounding
//   never leaves value without quantity (nor the reverse).
import { Decimal, dec, type DecimalLike } from '../../../schema/money';

export type StockState = { quantity: Decimal; value: Decimal; avgCost: Decimal };

export type StockEffect = {
  /** Unit cost the effect was valued at. */
  unitCost: Decimal;
  /** Value moved (2 decimals). */
  amount: Decimal;
  after: StockState;
};

export const COST_PLACES = 6;
export const AMOUNT_PLACES = 2;

const roundAmount = (v: Decimal) => v.toDecimalPlaces(AMOUNT_PLACES, Decimal.ROUND_HALF_UP);
const roundCost = (v: Decimal) => v.toDecimalPlaces(COST_PLACES, Decimal.ROUND_HALF_UP);

export const emptyState = (): StockState => ({ quantity: dec(0), value: dec(0), avgCost: dec(0) });

export const stateOf = (row: { quantity: DecimalLike; value: DecimalLike; avgCost: DecimalLike }): StockState => ({
  quantity: dec(row.quantity),
  value: dec(row.value),
  avgCost: dec(row.avgCost),
});

/** Entrada of `quantity` at `unitCost`. */
export function applyIn(state: StockState, quantity: DecimalLike, unitCost: DecimalLike): StockEffect {
  const cost = roundCost(dec(unitCost));
  return { ...applyInValue(state, quantity, roundAmount(dec(quantity).times(cost))), unitCost: cost };
}

/**
 * Entrada of `quantity` carrying exactly `amount` of value: the receiving side
 * of a traspaso and the reversal of an exit, where value moves, not a price.
 */
export function applyInValue(state: StockState, quantity: DecimalLike, amount: DecimalLike): StockEffect {
  const q = dec(quantity);
  const value = dec(amount);
  const quantityAfter = state.quantity.plus(q);
  const valueAfter = state.value.plus(value);
  const avgCost = quantityAfter.isZero() ? state.avgCost : roundCost(valueAfter.dividedBy(quantityAfter));
  const unitCost = q.isZero() ? state.avgCost : roundCost(value.dividedBy(q));
  return { unitCost, amount: value, after: { quantity: quantityAfter, value: valueAfter, avgCost } };
}

/** Exit of `quantity` at the current average; null when the row holds less. */
export function applyOut(state: StockState, quantity: DecimalLike): StockEffect | null {
  const q = dec(quantity);
  if (q.greaterThan(state.quantity)) return null;
  const quantityAfter = state.quantity.minus(q);
  const amount = quantityAfter.isZero() ? state.value : Decimal.min(state.value, roundAmount(q.times(state.avgCost)));
  return { unitCost: state.avgCost, amount, after: { quantity: quantityAfter, value: state.value.minus(amount), avgCost: state.avgCost } };
}

/**
 * Exit of `quantity` carrying `amount` of value (the reversal of an entrada,
 * at the cost it came in with): the average is recomputed on what is left.
 * Never takes more value than the row holds, and the exit that empties the
 * row takes exactly what is left; null when the row holds less quantity.
 */
export function applyOutValue(state: StockState, quantity: DecimalLike, amount: DecimalLike): StockEffect | null {
  const q = dec(quantity);
  if (q.greaterThan(state.quantity)) return null;
  const quantityAfter = state.quantity.minus(q);
  const taken = quantityAfter.isZero() ? state.value : Decimal.min(state.value, dec(amount));
  const valueAfter = state.value.minus(taken);
  const avgCost = quantityAfter.isZero() ? state.avgCost : roundCost(valueAfter.dividedBy(quantityAfter));
  const unitCost = q.isZero() ? state.avgCost : roundCost(taken.dividedBy(q));
  return { unitCost, amount: taken, after: { quantity: quantityAfter, value: valueAfter, avgCost } };
}
