// Vacaciones (LFT arts. 76–81, 2023 table): a request's lifecycle, the days
// a request takes and the balance per anniversary year, computed from the
// hire date and the approved requests (never a stored counter). The days a
// year of service earns come from vacationDaysFor (the fiscal year's table),
// the same rule the SDI factor and vacationPreview use.
// Art. 81 asks the employer to grant them within six months after the
// anniversary; neither the law nor SPEC makes them expire, so a pending day
// stays pending (shown with its «otorgar antes del» date).
import { isMandatoryRestDay } from './holidays';
import { defineLifecycle } from '../lifecycle';
import { addDays, daysBetween, isLeapYear } from '../dates';

export const VACATION_STATUSES = ['solicitada', 'aprobada', 'rechazada', 'cancelada'] as const;
export type VacationStatus = (typeof VACATION_STATUSES)[number];

export const VACATION_LIFECYCLE = defineLifecycle({
  labels: { solicitada: 'Solicitada', aprobada: 'Aprobada', rechazada: 'Rechazada', cancelada: 'Cancelada' } satisfies Record<VacationStatus, string>,
  actions: {
    approve: { label: 'Aprobar', edges: { solicitada: ['aprobada'] } },
    reject: { label: 'Rechazar', edges: { solicitada: ['rechazada'] } },
    cancel: { label: 'Cancelar', edges: { aprobada: ['cancelada'] } },
  },
});

export const VACATION_MSG = {
  lastBeforeFirst: 'El último día no puede ser anterior al primero.',
  tooLong: 'Una solicitud abarca como máximo 60 días naturales.',
  daysRange: (max: number) => `Los días de vacaciones van de 1 a ${max} (los días naturales del periodo).`,
  employeeMissing: 'El empleado no existe.',
  employeeInactive: 'El empleado está dado de baja.',
  beforeHire: 'El primer día es anterior a la fecha de ingreso del empleado.',
  overlap: (folio: number, from: string, to: string) => `El empleado ya tiene la solicitud ${folio} del ${from} al ${to} en esas fechas.`,
  overdraw: (asked: number, available: number) =>
    `El empleado tiene ${available} ${available === 1 ? 'día disponible' : 'días disponibles'} de vacaciones; la solicitud pide ${asked}.`,
  primaPaid: (payrollFolio: number) => `La nómina ${payrollFolio} ya pagó la prima vacacional de esta solicitud; elimina esa nómina antes de cancelarla.`,
} as const;

/** Longest request in calendar days (a sanity limit; the balance is the real one). */
export const MAX_REQUEST_SPAN = 60;

/** Calendar days of a request, both ends included. */
export const spanDays = (firstDay: string, lastDay: string): number => daysBetween(firstDay, lastDay) + 1;

/**
 * Default vacation days of a period: its days but Sundays (the usual weekly rest day) and the
 * mandatory rest days of LFT art. 74, which are paid rest anyway and do not use up vacation.
 */
export function workingDaysBetween(firstDay: string, lastDay: string): number {
  let n = 0;
  for (let d = firstDay; d <= lastDay; d = addDays(d, 1)) if (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0 && !isMandatoryRestDay(d)) n += 1;
  return n;
}

/** The k-th anniversary of a hire date (29 February → 1 March in a common year), as yearsOfService counts it. */
export function anniversaryOf(hireDate: string, k: number): string {
  const year = Number(hireDate.slice(0, 4)) + k;
  const md = hireDate.slice(5);
  return md === '02-29' && !isLeapYear(year) ? `${year}-03-01` : `${year}-${md}`;
}

/** Six months after an anniversary (art. 81): the day the employer should have granted that year's days by. */
export function grantByOf(anniversary: string): string {
  let y = Number(anniversary.slice(0, 4));
  let mth = Number(anniversary.slice(5, 7)) + 6;
  if (mth > 12) {
    mth -= 12;
    y += 1;
  }
  const lastDay = new Date(Date.UTC(y, mth, 0)).getUTCDate();
  const day = Math.min(Number(anniversary.slice(8, 10)), lastDay);
  return `${y}-${String(mth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type VacationYear = {
  /** Year of service the anniversary completes (1 = first anniversary). */
  serviceYear: number;
  anniversary: string;
  grantBy: string;
  earned: number;
  taken: number;
  pending: number;
};

export type VacationBalance = { years: VacationYear[]; earned: number; taken: number; pending: number };

/**
 * The balance on `onDate`: one row per anniversary reached by then, each
 * earning daysFor(serviceYear); approved requests (oldest first) take their
 * days from the oldest year with days left. Days no reached year covers
 * (an approval against a later anniversary) still count as taken, so the
 * pending total can never be overstated.
 */
export function vacationBalance(hireDate: string, onDate: string, daysFor: (serviceYear: number) => number, approved: readonly { firstDay: string; days: number }[]): VacationBalance {
  const years: VacationYear[] = [];
  for (let k = 1; ; k += 1) {
    const anniversary = anniversaryOf(hireDate, k);
    if (anniversary > onDate) break;
    const earned = daysFor(k);
    years.push({ serviceYear: k, anniversary, grantBy: grantByOf(anniversary), earned, taken: 0, pending: earned });
  }
  let taken = 0;
  for (const r of [...approved].sort((a, b) => (a.firstDay < b.firstDay ? -1 : a.firstDay > b.firstDay ? 1 : 0))) {
    taken += r.days;
    let left = r.days;
    for (const y of years) {
      if (!left) break;
      const use = Math.min(left, y.pending);
      y.taken += use;
      y.pending -= use;
      left -= use;
    }
  }
  const earned = years.reduce((s, y) => s + y.earned, 0);
  return { years, earned, taken, pending: earned - taken };
}
