// Registros patronales, the state payroll tax (impuesto sobre nóminas) and the
// per-bimester view of the employer quotas stored with each payroll (issue 27).
// Pure rules shared by the server and the screens.
import { dec, money, sum } from '../money';
import { ESTADOS } from './satNomina';

export const EMPLOYER_REGISTRATION_MSG = {
  riskPremiumRange: (min: string, max: string, year: number) => `La prima de riesgo de trabajo debe estar entre ${min} % y ${max} % (mínimo y máximo legales de ${year}).`,
  riskPremiumFormat: 'Prima no válida: porcentaje con máximo 5 decimales (p. ej. 0.54355).',
  state: 'Elige la entidad federativa del catálogo del SAT.',
  isnRate: 'La tasa debe estar entre 0 y 100 %, con máximo 4 decimales.',
  bimester: 'El bimestre va del 1 al 6.',
} as const;

export const stateName = (code: string | null | undefined): string => (code ? (ESTADOS.find((e) => e.code === code)?.name ?? code) : '');

/** The premium is within the year's legal minimum and maximum (LSS art. 74; fiscal tables employerQuotas.riskPremium). */
export function riskPremiumInRange(premium: string, range: { minPercent: string; maxPercent: string }): boolean {
  return dec(premium).gte(range.minPercent) && dec(premium).lte(range.maxPercent);
}

export type StatePayrollTaxRate = { state: string; ratePercent: string; effectiveFrom: string };

/** The rate of a state in force on a date: the one with the latest effectiveFrom on or before it; null when none is captured. */
export function payrollTaxRateOn<T extends StatePayrollTaxRate>(rates: readonly T[], state: string | null, date: string): T | null {
  if (!state) return null;
  let best: T | null = null;
  for (const r of rates) if (r.state === state && r.effectiveFrom <= date && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  return best;
}

/** Impuesto sobre nóminas: rate % × base, rounded half-up to centavos. */
export const statePayrollTax = (base: string, ratePercent: string): string => money(dec(base).times(ratePercent).dividedBy(100));

/** Months (1–12) of an IMSS bimester (1 = enero–febrero … 6 = noviembre–diciembre). */
export const bimesterMonths = (bimester: number): [number, number] => [bimester * 2 - 1, bimester * 2];

export const BIMESTER_LABELS = ['Enero–febrero', 'Marzo–abril', 'Mayo–junio', 'Julio–agosto', 'Septiembre–octubre', 'Noviembre–diciembre'] as const;

/** The monthly IMSS groups of a liquidation (EM = the four enfermedad y maternidad branches). */
export type MonthlyQuotas = { em: string; iv: string; gps: string; rt: string };
export type BimonthlyQuotas = { retiro: string; cesantiaVejez: string; infonavit: string };

/** Totals of rows of money fields (each summed exactly, then rounded to cents). */
export function totalsOf<K extends string>(rows: readonly Record<K, string>[], keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, money(sum(rows.map((r) => r[k])))])) as Record<K, string>;
}
