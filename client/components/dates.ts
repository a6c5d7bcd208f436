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
