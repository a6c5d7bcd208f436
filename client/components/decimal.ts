// One decimal.js constructor for the UI kit: half-up rounding (what an
// accountant expects from "1.005" → "1.01") and enough significant digits that
// amounts with 20 decimals never lose precision. A clone keeps the global
// Decimal config untouched for other code.
import Decimal from 'decimal.js';

export const UiDecimal = Decimal.clone({
  precision: 80,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -100,
  toExpPos: 100,
});

export type UiDecimalValue = InstanceType<typeof UiDecimal>;

/** Parses a plain decimal string or finite number; null when it is not one. */
export function toDecimal(value: string | number | null | undefined): UiDecimalValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? new UiDecimal(value) : null;
  const text = value.trim();
  // Only plain notation: decimal.js would also accept hex, binary or "Infinity".
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  return new UiDecimal(text);
}
