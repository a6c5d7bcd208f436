// Calendar dates of the company (America/Mexico_City), as the API expects them
// (AAAA-MM-DD), whatever the zone of the browser: one helper for every screen,
// built on the same day arithmetic the server uses (schema/dates.ts).
import { addDays, todayMx } from '../../schema/dates';

export const todayIso = (): string => todayMx();

export const addDaysIso = (iso: string, days: number): string => addDays(iso, days);

export const daysAgoIso = (days: number): string => addDays(todayMx(), -days);

export const firstOfMonthIso = (iso: string): string => `${iso.slice(0, 8)}01`;

export const monthStartIso = (): string => firstOfMonthIso(todayMx());

export const yearStartIso = (): string => `${todayMx().slice(0, 4)}-01-01`;

/** A positive integer id from the query string, or null. */
export const idParam = (raw: string | null): string | null => (raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? raw : null);

/** A quick choice of the date range filter, both ends included. */
export type DateRangePreset = { label: string; from: string; to: string };

const lastOfMonthIso = (iso: string): string => addDays(addMonthsIso(firstOfMonthIso(iso), 1), -1);

function addMonthsIso(firstOfMonth: string, months: number): string {
  const year = Number(firstOfMonth.slice(0, 4));
  const month = Number(firstOfMonth.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Hoy, Esta semana (lunes a domingo, as the calendar shows it), Este mes, Mes anterior and Este año, for `today` (AAAA-MM-DD, Mexico City's). */
export function dateRangePresets(today: string = todayMx()): DateRangePreset[] {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = domingo
  const monday = addDays(today, -((weekday + 6) % 7));
  const monthStart = firstOfMonthIso(today);
  const previousMonth = addMonthsIso(monthStart, -1);
  const year = today.slice(0, 4);
  return [
    { label: 'Hoy', from: today, to: today },
    { label: 'Esta semana', from: monday, to: addDays(monday, 6) },
    { label: 'Este mes', from: monthStart, to: lastOfMonthIso(today) },
    { label: 'Mes anterior', from: previousMonth, to: addDays(monthStart, -1) },
    { label: 'Este año', from: `${year}-01-01`, to: `${year}-12-31` },
  ];
}
