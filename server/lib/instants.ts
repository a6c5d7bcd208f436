// An instant as the API writes it (the DateTime scalar): Date#toISOString's text,
// 'YYYY-MM-DDTHH:MM:SS.sssZ'. A list answer carries one per timestamp of every
// row (two per row on the users list), so the way there is kept short (issue 24):
// V8's toISOString took about 340 ns per instant and its parser of PostgreSQL's
// text about 225 ns, against about 100 ns for isoInstant and a few dozen for a
// UTC text rearranged by pgInstantToIso.
import { daysInMonth } from '../../schema/dates';

/** Two- and three-digit zero-padded numbers. */
const PAD2 = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
const DAY_MS = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: toISOString's four-digit years. */
const FOUR_DIGIT_YEARS = [-62_167_219_200_000, 253_402_300_800_000] as const;

/**
 * What `d.toISOString()` returns. The calendar day comes from the epoch day by Howard Hinnant's
 * civil_from_days; the six-digit years toISOString writes (before year 0 or after 9999) and an
 * invalid date (which throws) are left to it.
 */
export function isoInstant(d: Date): string {
  const ms = d.getTime();
  if (!(ms >= FOUR_DIGIT_YEARS[0] && ms < FOUR_DIGIT_YEARS[1])) return d.toISOString();
  const epochDay = Math.floor(ms / DAY_MS);
  let rest = ms - epochDay * DAY_MS;
  // Days since 0000-03-01, in 400-year eras that start on a March 1st.
  const shifted = epochDay + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${PAD2[Math.floor(year / 100)]}${PAD2[year % 100]}-${PAD2[month]}-${PAD2[day]}T${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[millis]}Z`;
}

/** The number written by text[from, to) in decimal digits, or -1 when one of them is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Whether `text` is exactly what isoInstant writes for some instant: then it can be written as it is. */
export function isCanonicalInstant(text: string): boolean {
  if (text.length !== 24) return false;
  // '-' '-' 'T' ':' ':' '.' 'Z'
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58) return false;
  if (text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46 || text.charCodeAt(23) !== 90) return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hours = digits(text, 11, 13);
  const minutes = digits(text, 14, 16);
  const seconds = digits(text, 17, 19);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return false;
  if (digits(text, 20, 23) < 0) return false;
  return day <= daysInMonth(year, month);
}

/**
 * A timestamptz as PostgreSQL's text protocol writes it with DateStyle ISO
 * ('2026-11-29 13:20:15.123456+00'), in the API's form ('2026-11-29T13:20:15.123Z'): what
 * `isoInstant(new Date(text))` gives (drizzle's mapping of the column, then the scalar), without
 * the Date. Digits past the millisecond are cut, as Date's parser cuts them. A text in UTC (offset
 * +00, the server's usual TimeZone) is rearranged; any other offset or form goes through Date. (The
 * rearranged text keeps years below 100 as written, which Date's parser reads as 1950-2049.)
 */
export function pgInstantToIso(text: string): string {
  const { length } = text;
  // 'YYYY-MM-DD HH:MM:SS', an optional fraction of 1 to 6 digits, '+00'.
  const utc =
    length >= 22 &&
    length !== 23 &&
    length <= 29 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(length - 3) === 43 &&
    text.charCodeAt(length - 2) === 48 &&
    text.charCodeAt(length - 1) === 48 &&
    (length === 22 || text.charCodeAt(19) === 46);
  if (utc) {
    const fraction = length === 22 ? '000' : `${text.slice(20, length - 3)}00`.slice(0, 3);
    const iso = `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
    if (isCanonicalInstant(iso)) return iso;
  }
  return isoInstant(new Date(text));
}
