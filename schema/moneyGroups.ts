// "Agrupar por" on money lists (facturas, gastos): the month key both sides
// read ("AAAA-MM" of the document's calendar date, already Mexico's day) and
// its Spanish name, and the date range a month group drills into.
import { isIsoDate } from './dates';

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

export const isMonthKey = (key: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(key);

/** "2026-03" → "marzo de 2026". */
export const monthLabel = (key: string): string => (isMonthKey(key) ? `${MONTHS[Number(key.slice(5, 7)) - 1]} de ${key.slice(0, 4)}` : key);

/** The first and last calendar day of a month key ("2024-02" → 2024-02-01 … 2024-02-29). */
export function monthRange(key: string): { from: string; to: string } | null {
  if (!isMonthKey(key)) return null;
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const to = `${key}-${String(last).padStart(2, '0')}`;
  return isIsoDate(to) ? { from: `${key}-01`, to } : null;
}
