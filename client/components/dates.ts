// Calendar dates of the company (America/Mexico_City), as the API expects them (AAAA-MM-DD).
export const todayIso = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const firstOfMonthIso = (iso: string): string => `${iso.slice(0, 8)}01`;

/** A positive integer id from the query string, or null. */
export const idParam = (raw: string | null): string | null => (raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? raw : null);
