// The rules of the one number input (SPEC §1 "Number input") as pure string
// functions, so every screen and the tests share them. What the person typed
// is read, never rewritten: es-MX text ("1,234.5": comma for thousands, point
// for decimals) becomes a plain decimal string for the API, and anything that
// would need a guess — "1,5", a fraction in a whole-unit field, a figure past
// its bound, more decimals than the field keeps — is refused in Spanish with
// the text left as typed. Arithmetic goes through decimal.js, never floats.
import { toDecimal, type UiDecimalValue } from './decimal';
import { formatMoney, formatNumber } from './format';

export type NumberRules = {
  /** Decimal places the field keeps: money 2, quantities as their unit says, 0 for whole units. */
  precision: number;
  /** Lower bound; only a bound below 0 admits negative figures. */
  min?: number | string;
  max?: number | string;
  /** Bounds are said as money ("$9,533.33") and the shown value keeps its scale ("1234.50"). */
  money?: boolean;
  /** What the upper bound is, for its message: "el saldo" → «No puede ser mayor que el saldo ($9,533.33).» */
  maxLabel?: string;
  minLabel?: string;
};

/**
 * What a text says: nothing, a number (canonical decimal string, maybe with a
 * refusal), or not a number. `pending` marks a refusal that more typing may
 * lift ("1,2" on its way to "1,234"; "2" on its way to "25" when min is 10),
 * so the field shows it only once the person stops typing.
 */
export type ReadNumber =
  | { kind: 'empty'; value: ''; error: null; pending: false }
  | { kind: 'number'; value: string; error: string | null; pending: boolean }
  | { kind: 'invalid'; value: ''; error: string; pending: boolean };

export const NUMBER_TEXTS = {
  notANumber: 'Escribe solo cifras y punto decimal, por ejemplo 1234.50.',
  decimalComma: (suggestion: string) => `Usa punto para decimales: ${suggestion}`,
  grouping: 'Las comas separan miles de tres en tres, por ejemplo 1,234.50.',
  negative: 'No puede ser negativo.',
  integer: 'Debe ser un número entero.',
  decimals: (places: number) => (places === 1 ? 'Máximo 1 decimal.' : `Máximo ${places} decimales.`),
  above: (bound: string) => `No puede ser mayor que ${bound}.`,
  below: (bound: string) => `No puede ser menor que ${bound}.`,
} as const;

const MAX_PRECISION = 20;

function placesOf(precision: number): number {
  if (!Number.isFinite(precision)) return 2;
  return Math.min(MAX_PRECISION, Math.max(0, Math.trunc(precision)));
}

function boundOf(value: number | string | undefined): UiDecimalValue | null {
  return value === undefined || value === '' ? null : toDecimal(value);
}

function sayBound(bound: UiDecimalValue, rules: NumberRules, label: string | undefined): string {
  const text = bound.toFixed();
  const figure = rules.money ? formatMoney(text) : formatNumber(text, Math.max(bound.decimalPlaces(), 0));
  return label ? `${label} (${figure})` : figure;
}

const EMPTY: ReadNumber = { kind: 'empty', value: '', error: null, pending: false };
const invalid = (error: string, pending = false): ReadNumber => ({ kind: 'invalid', value: '', error, pending });

/** Reads what was typed into a field with these rules. */
export function readNumberInput(raw: string, rules: NumberRules): ReadNumber {
  const places = placesOf(rules.precision);
  const min = boundOf(rules.min);
  const max = boundOf(rules.max);
  const text = raw.trim();
  if (text === '') return EMPTY;

  const negative = text.startsWith('-');
  // A pasted "$1,234.50" (or "-$12") reads as the figure it shows.
  const body = (negative ? text.slice(1) : text).replace(/^\$\s*/, '');
  const negativeAllowed = min !== null && min.isNegative() && !min.isZero();
  if (negative && !negativeAllowed && /^[\d,.]*$/.test(body)) return invalid(NUMBER_TEXTS.negative);
  if (body === '') return invalid(NUMBER_TEXTS.notANumber, true);
  // A lone "." is the start of ".5".
  if (!/\d/.test(body)) return invalid(NUMBER_TEXTS.notANumber, body === '.');
  if (!/^[\d,]*(\.\d*)?$/.test(body)) return invalid(NUMBER_TEXTS.notANumber);

  const dot = body.indexOf('.');
  const integerText = dot === -1 ? body : body.slice(0, dot);
  const fraction = dot === -1 ? '' : body.slice(dot + 1);

  let integer = integerText;
  if (integerText.includes(',')) {
    const groups = integerText.split(',');
    const last = groups[groups.length - 1];
    const headOk = /^\d{1,3}$/.test(groups[0]) && groups.slice(1, -1).every((g) => /^\d{3}$/.test(g));
    if (!headOk || last.length !== 3) {
      // "1,5" is a decimal comma (es-MX writes 1.5); guessing 15 or 1.5 would store a number not typed.
      if (dot === -1 && headOk && (last.length === 1 || last.length === 2)) {
        const suggestion = `${negative ? '-' : ''}${groups.slice(0, -1).join('')}.${last}`;
        return invalid(NUMBER_TEXTS.decimalComma(suggestion), true);
      }
      // "1," or "1,23" may still become "1,234".
      return invalid(NUMBER_TEXTS.grouping, dot === -1 && headOk && last.length < 3);
    }
    integer = groups.join('');
  }

  integer = integer.replace(/^0+(?=\d)/, '') || '0';
  const significant = fraction.replace(/0+$/, '');
  const kept = fraction.length > places ? significant : fraction;
  let value = kept === '' ? integer : `${integer}.${kept}`;
  const decimal = toDecimal(value);
  if (decimal === null) return invalid(NUMBER_TEXTS.notANumber);
  if (negative && !decimal.isZero()) value = `-${value}`;
  const signed = negative ? decimal.negated() : decimal;
  const number = (error: string | null, pending = false): ReadNumber => ({ kind: 'number', value, error, pending });

  if (places === 0 && significant !== '') return number(NUMBER_TEXTS.integer);
  if (significant.length > places) return number(NUMBER_TEXTS.decimals(places));
  if (max !== null && signed.greaterThan(max)) return number(NUMBER_TEXTS.above(sayBound(max, rules, rules.maxLabel)));
  // Below a positive minimum, more digits may reach it ("2" → "25" with min 10).
  if (min !== null && signed.lessThan(min)) return number(NUMBER_TEXTS.below(sayBound(min, rules, rules.minLabel)), !negative && min.greaterThan(0));
  return number(null);
}

/**
 * The text a field shows for a value it did not get from typing (a record
 * loaded, a reset, «Liquidar»): the value itself, money with its scale
 * ("1234.5" → "1234.50"). Never a different number: more decimals than the
 * scale are shown as they are.
 */
export function displayNumber(value: string, rules: Pick<NumberRules, 'precision' | 'money'>): string {
  const text = value.trim();
  if (!rules.money || !/^-?\d+(\.\d*)?$/.test(text)) return value;
  const places = placesOf(rules.precision);
  const [integer, fraction = ''] = text.split('.');
  if (fraction.length >= places) return text;
  return `${integer}.${fraction.padEnd(places, '0')}`;
}

/** The same padding on what the person typed, when they leave a money field: "1,234.5" → "1,234.50". */
export function showScale(typed: string, rules: NumberRules): string {
  if (!rules.money || readNumberInput(typed, rules).kind !== 'number') return typed;
  const text = typed.trim();
  const places = placesOf(rules.precision);
  const dot = text.indexOf('.');
  const fraction = dot === -1 ? '' : text.slice(dot + 1);
  if (places === 0 || fraction.length >= places) return text;
  return `${dot === -1 ? `${text}.` : text}${'0'.repeat(places - fraction.length)}`;
}
