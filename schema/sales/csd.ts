// When the company's CSD needs attention (issue 26): the Tablero and the CSD dialog warn
// CSD_WARNING_DAYS before it expires, and an expired one cannot seal. Pure: both sides read it.

/** Days before the CSD's end of validity when the Tablero starts warning. */
export const CSD_WARNING_DAYS = 30;

export type CsdExpiry = 'vigente' | 'por_vencer' | 'vencido';

const DAY_MS = 86_400_000;

/** Whole days from `now` until the certificate's end of validity (negative once expired; 0 = the last day). One rule for the CSD dialog and the Tablero. */
export function daysToExpiry(validTo: Date, now: Date = new Date()): number {
  return Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
}

/** `daysToExpiry` as the API gives it (negative once expired; 0 = the last day). */
export function csdExpiry(daysToExpiry: number): CsdExpiry {
  if (daysToExpiry < 0) return 'vencido';
  return daysToExpiry <= CSD_WARNING_DAYS ? 'por_vencer' : 'vigente';
}
