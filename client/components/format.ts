// Display formats of SPEC §1 "Number format": "," thousands, "." decimals,
// "$1,234.50", dates DD/MM/AAAA. Written by hand instead of Intl so the
// output is identical in every browser and in tests, and numbers go through
// decimal.js because amounts arrive as Decimal strings.
// Empty or unreadable input formats as "" (the caller decides whether to show
// a dash); nothing here throws.
import dayjs from 'dayjs';
import { toDecimal, UiDecimal } from './decimal';

type NumberLike = string | number | null | undefined;
type DateLike = string | Date | null | undefined;

const MAX_PRECISION = 20;

function clampPrecision(precision: number): number {
  if (!Number.isFinite(precision)) return 2;
  return Math.min(MAX_PRECISION, Math.max(0, Math.trunc(precision)));
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Unsigned magnitude, grouped and rounded half-up; null when not a number. */
function formatParts(value: NumberLike, precision: number): { negative: boolean; text: string } | null {
  const parsed = typeof value === 'string' && value.trim() === '' ? null : toDecimal(value ?? null);
  if (parsed === null) return null;
  const fixed = parsed.abs().toFixed(clampPrecision(precision), UiDecimal.ROUND_HALF_UP);
  const [integer, fraction] = fixed.split('.');
  // "-0.001" rounds to zero: show "0.00", not "-0.00".
  const negative = parsed.isNegative() && /[1-9]/.test(fixed);
  return { negative, text: fraction === undefined ? groupThousands(integer) : `${groupThousands(integer)}.${fraction}` };
}

/** 1234567.891 → "1,234,567.89"; precision 0..20 (default 2). */
export function formatNumber(value: NumberLike, precision = 2): string {
  const parts = formatParts(value, precision);
  if (parts === null) return '';
  return parts.negative ? `-${parts.text}` : parts.text;
}

/** 1234.5 → "$1,234.50", -1234.5 → "-$1,234.50". */
export function formatMoney(value: NumberLike, precision = 2): string {
  const parts = formatParts(value, precision);
  if (parts === null) return '';
  return parts.negative ? `-$${parts.text}` : `$${parts.text}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "2026-11-21" or an ISO instant → "21/11/2026". A calendar date is never
 * turned into an instant, so it cannot shift a day in a negative-offset zone
 * such as America/Mexico_City; an instant shows in the browser's zone.
 */
export function formatDate(value: DateLike): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const calendar = CALENDAR_DATE.exec(value.trim());
    if (calendar) {
      const [, year, month, day] = calendar;
      // Only checks that the day exists (2026-02-30 rolls over to March).
      const check = dayjs(`${year}-${month}-${day}`);
      const exists = check.isValid() && check.month() + 1 === Number(month) && check.date() === Number(day);
      return exists ? `${day}/${month}/${year}` : '';
    }
  }
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY') : '';
}

/** ISO instant → "21/11/2026 14:05" in the browser's zone (24-hour clock). */
export function formatDateTime(value: DateLike): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY HH:mm') : '';
}
