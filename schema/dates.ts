// Calendar dates as the API and the database take them (YYYY-MM-DD strings).
// The company's calendar is Mexico City's, whatever the server's time zone;
// day arithmetic is done in UTC so DST never shifts a date. Pure, so the SPA
// may import it too. (The SPA's own "today" uses dayjs in the user's local
// day; the server has no dayjs dependency and does not need one for this.)

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const toUtc = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Gregorian leap year. */
export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days of month `month` (1-12) of `year`. */
export const daysInMonth = (year: number, month: number): number => (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]);

/** True for a real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export const isIsoDate = (value: string): boolean => {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** Built once: constructing an Intl formatter costs far more than formatting with it (todayMx runs on every request). */
const MX_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Mexico City (the company's calendar), YYYY-MM-DD. */
export function todayMx(now: Date = new Date()): string {
  return MX_DAY.format(now);
}

/** YYYY-MM-DD plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  return new Date(toUtc(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** "Por vencer": due from today to this many days later (Tablero cards and the lists they open). */
export const DUE_SOON_DAYS = 7;

/** A YYYY-MM-DD date as people read it in Mexico: DD/MM/AAAA (for server messages; screens use client/components). */
export const formatDateMx = (isoDate: string): string => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** A list's date range (both ends inclusive, company calendar days); null = open end. */
export type DateRange = { from: string | null; to: string | null };

/** The one message for a range whose end is before its start (SPA and API say the same). */
export const DATE_RANGE_MESSAGE = 'La fecha final no puede ser anterior a la inicial.';

/** What is wrong with a range, on which end: `to` before `from`, or an end that is not a real AAAA-MM-DD date; null when fine. */
export function dateRangeError(from: string | null | undefined, to: string | null | undefined): { end: 'from' | 'to'; message: string } | null {
  if (from && !isIsoDate(from)) return { end: 'from', message: 'Fecha inicial no válida.' };
  if (to && !isIsoDate(to)) return { end: 'to', message: 'Fecha final no válida.' };
  if (from && to && from > to) return { end: 'to', message: DATE_RANGE_MESSAGE };
  return null;
}
