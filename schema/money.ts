// Money and quantities: decimal.js everywhere, NUMERIC in the database,
// strings on the wire. Compute with full precision, round at the end
// (MX_FISCAL.md: amounts in MXN to 2 decimals, half-up).
import Decimal from 'decimal.js';

export { Decimal };

export type DecimalLike = Decimal | string | number;

export const dec = (v: DecimalLike | null | undefined): Decimal => new Decimal(v ?? 0);

/** Round half-up to `places` (default 2) and return the wire/database string. */
export const money = (v: DecimalLike, places = 2): string => dec(v).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);

export const sum = (values: DecimalLike[]): Decimal => values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0));

/** Number of decimals a string/Decimal carries (for "too many decimals" validation). */
export const decimalPlaces = (v: DecimalLike): number => dec(v).decimalPlaces();

/** "$1,234.50" for messages (same format as the SPA). */
export const formatMxn = (value: DecimalLike): string => {
  const d = dec(value);
  const [int, frac] = d.abs().toFixed(2).split('.');
  return `${d.isNegative() ? '-' : ''}$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};
