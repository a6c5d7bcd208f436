// The rules of the one number input (SPEC §1 "Number input") as pure string
// functions, so every screen and the tests share them. Values stay strings end
// to end (the API's Decimal scalar is a string) and all arithmetic goes
// through decimal.js, never binary floats.
import { toDecimal, UiDecimal, type UiDecimalValue } from './decimal';

export type NumberInputOptions = {
  /** Decimal places kept; default 2, 0 means integers only. */
  precision?: number;
  /** Lower bound; a value below 0 is what allows typing a minus sign. */
  min?: number | string;
  max?: number | string;
  /** While typing: an integer field keeps a just-typed decimal mark (see sanitizePartialNumberInput). */
  keepTrailingMark?: boolean;
};

const DEFAULT_PRECISION = 2;
const MAX_PRECISION = 20;

export function normalizePrecision(precision: number | undefined): number {
  if (precision === undefined || !Number.isFinite(precision)) return DEFAULT_PRECISION;
  return Math.min(MAX_PRECISION, Math.max(0, Math.trunc(precision)));
}

function bound(value: number | string | undefined): UiDecimalValue | null {
  return value === undefined ? null : toDecimal(value);
}

/**
 * Cleans what the user typed or pasted: digits and one '.', a leading '-'
 * only when min < 0, decimals beyond `precision` rounded half-up, and the
 * result clamped to [min, max]. Unfinished input ("", "-", "12.") is kept so
 * typing is not interrupted.
 */
export function sanitizeNumberInput(raw: string, opts: NumberInputOptions = {}): string {
  const precision = normalizePrecision(opts.precision);
  const min = bound(opts.min);
  const max = bound(opts.max);
  const text = raw.trim();
  const negative = min !== null && min.isNegative() && !min.isZero() && text.startsWith('-');

  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  let integer = (dot === -1 ? kept : kept.slice(0, dot)).replace(/^0+(?=\d)/, '');
  // Later decimal marks are dropped, not treated as separators: "1.2.3" → "1.23".
  const fraction = dot === -1 ? null : kept.slice(dot + 1).replace(/\./g, '');

  if (integer === '' && fraction === null) return negative ? '-' : '';
  if (integer === '') integer = '0';

  let unsigned: string;
  if (fraction === '' && precision === 0 && opts.keepTrailingMark) {
    // "1." in an integer field while typing: keep the mark so the next digit
    // rounds ("1.5" → "2") instead of being appended ("15", ten times the value).
    unsigned = `${integer}.`;
  } else if (fraction !== null && fraction.length > precision) {
    unsigned = new UiDecimal(`${integer}.${fraction}`).toFixed(precision, UiDecimal.ROUND_HALF_UP);
  } else if (fraction !== null && precision > 0) {
    unsigned = `${integer}.${fraction}`;
  } else {
    unsigned = integer;
  }
  const result = negative ? `-${unsigned}` : unsigned;

  const value = new UiDecimal(result.endsWith('.') ? result.slice(0, -1) : result);
  if (max !== null && value.greaterThan(max)) return max.toDecimalPlaces(precision).toFixed();
  if (min !== null && value.lessThan(min)) return min.toDecimalPlaces(precision).toFixed();
  return result;
}

/**
 * The variant applied on every keystroke: a bound that is on the far side of
 * zero (min > 0, max < 0) is left for blur, otherwise typing "25" with min 10
 * would turn the first "2" into "10".
 */
export function sanitizePartialNumberInput(raw: string, opts: NumberInputOptions = {}): string {
  const min = bound(opts.min);
  const max = bound(opts.max);
  return sanitizeNumberInput(raw, {
    keepTrailingMark: true,
    precision: opts.precision,
    min: min !== null && min.greaterThan(0) ? undefined : opts.min,
    max: max !== null && max.lessThan(0) ? undefined : opts.max,
  });
}

/** The value kept when the field loses focus: complete and clamped ("12." → "12", "-" → ""). */
export function finalizeNumberInput(raw: string, opts: NumberInputOptions = {}): string {
  let value = sanitizeNumberInput(raw, opts);
  if (value === '-') return '';
  if (value.endsWith('.')) value = value.slice(0, -1);
  if (/^-0(\.0*)?$/.test(value)) value = value.slice(1);
  return value;
}
