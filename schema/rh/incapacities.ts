// Incapacidades IMSS (issue 27; MX_FISCAL «Incapacidades IMSS», LSS arts. 31, 58, 96–103, LFT art. 42).
// Pure rules shared by client and server: the SAT c_TipoIncapacidad kinds, input validation,
// overlaps, and the effect of the certificates on one pay period (paid days, IMSS quota days,
// the CFDI de nómina Incapacidades node).
import { addDays, daysBetween, isIsoDate } from '../dates';
import { dec } from '../money';

/** SAT c_TipoIncapacidad: 01 riesgo de trabajo, 02 enfermedad general, 03 maternidad. */
export const INCAPACITY_TYPES = ['01', '02', '03'] as const;
export type IncapacityType = (typeof INCAPACITY_TYPES)[number];
export const INCAPACITY_TYPE_LABEL: Record<IncapacityType, string> = {
  '01': 'Riesgo de trabajo',
  '02': 'Enfermedad general',
  '03': 'Maternidad',
};

export const INCAPACITY_MSG = {
  type: 'Elige el tipo de incapacidad',
  folio: 'Captura el folio del certificado IMSS (2 a 20 letras o números)',
  folioTaken: 'Ya existe una incapacidad con este folio IMSS',
  startDate: 'Captura la fecha de inicio',
  days: 'Los días deben ser un número entero entre 1 y 546',
  overlap: 'Se cruza con otra incapacidad o con vacaciones aprobadas del empleado',
} as const;

export type IncapacityInput = { type: string; folio: string; startDate: string; days: number };
export type Incapacity = { type: IncapacityType; folio: string; startDate: string; days: number };

/** Field → Spanish message for each invalid field (empty when valid). 546 days = 52 + 26 weeks (LSS art. 96). */
export function validateIncapacity(input: IncapacityInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(INCAPACITY_TYPES as readonly string[]).includes(input.type)) errors.type = INCAPACITY_MSG.type;
  if (!/^[A-Za-z0-9]{2,20}$/.test(input.folio.trim())) errors.folio = INCAPACITY_MSG.folio;
  if (!isIsoDate(input.startDate)) errors.startDate = INCAPACITY_MSG.startDate;
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 546) errors.days = INCAPACITY_MSG.days;
  return errors;
}

/** Last day covered by a certificate. */
export const incapacityEnd = (i: { startDate: string; days: number }): string => addDays(i.startDate, i.days - 1);

/** Two inclusive date spans share at least one day. */
export const spansOverlap = (a: { first: string; last: string }, b: { first: string; last: string }): boolean =>
  a.first <= b.last && b.first <= a.last;

/** Days of [first, last] that fall inside the period [from, to] (inclusive), 0 when disjoint. */
export function daysInside(first: string, last: string, from: string, to: string): number {
  const a = first > from ? first : from;
  const b = last < to ? last : to;
  return a > b ? 0 : daysBetween(a, b) + 1;
}

/**
 * IMSS quota days of a period: its calendar days (a quincena is 13–16 days, as SUA charges them),
 * while ISR and the subsidy keep the period's fixed days.
 */
export const calendarDays = (from: string, to: string): number => daysBetween(from, to) + 1;

export type IncapacityEffect = {
  /** Incapacity days inside the period, per type (the CFDI Incapacidades node: DiasIncapacidad, TipoIncapacidad). */
  nodes: { type: IncapacityType; days: number; folio: string }[];
  /** Days the employer does not pay (all incapacity days inside the period, LFT art. 42 fr. II). */
  unpaidDays: number;
  /** Days taken out of the quota days of every IMSS branch but retiro (LSS art. 31 fr. IV). */
  imssDaysOut: number;
};

/**
 * Effect of the employee's certificates on the period [from, to]. The employer pays none of the
 * incapacity days (days 1–3 of enfermedad general included: IMSS pays from day 4, nobody the first 3),
 * and every day covered by a certificate is out of the IMSS quota days except retiro.
 */
export function incapacityEffect(list: readonly Incapacity[], from: string, to: string): IncapacityEffect {
  const nodes: IncapacityEffect['nodes'] = [];
  let total = 0;
  for (const i of [...list].sort((x, y) => x.startDate.localeCompare(y.startDate))) {
    const days = daysInside(i.startDate, incapacityEnd(i), from, to);
    if (days === 0) continue;
    nodes.push({ type: i.type, days, folio: i.folio });
    total += days;
  }
  return { nodes, unpaidDays: total, imssDaysOut: total };
}

/**
 * Days a period pays once its incapacity days are taken out: the days worked less the incapacity days,
 * and none when the certificates cover every calendar day the employee was employed in it (a 13-day
 * second half of February wholly on incapacity pays 0, not 15 − 13 = 2). Never negative.
 */
export function incapacityPaidDays(daysWorked: string, incapacityDays: number, from: string, to: string, hireDate: string): string {
  if (incapacityDays === 0) return daysWorked;
  const employed = daysInside(hireDate > from ? hireDate : from, to, from, to);
  if (incapacityDays >= employed) return '0';
  const left = dec(daysWorked).minus(incapacityDays);
  return left.gt(0) ? left.toString() : '0';
}
