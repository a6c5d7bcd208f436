// When a scheduled service is due: every N km and/or every N days from the
// last time it was done, whichever comes first. Pure, so the server (which
// also writes the same rule in SQL for paging and filtering, see
// server/modules/maintenance/data/schedules.ts, tested to agree) and the SPA share it.
import { addDays, daysBetween } from '../dates';

export type ScheduleStatus = 'al_corriente' | 'proximo' | 'vencido';

export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = { al_corriente: 'Al corriente', proximo: 'Próximo', vencido: 'Vencido' };

/** The "próximo" margin when the company has not set its own. */
export const DEFAULT_DUE_MARGIN = { km: 1000, days: 15 } as const;

export type DueInput = {
  everyKm: number | null;
  everyDays: number | null;
  lastDoneOn: string;
  lastDoneKm: number;
  /** The vehicle's latest odometer reading (km). */
  currentKm: number;
  today: string;
  marginKm: number;
  marginDays: number;
};

export type Due = {
  status: ScheduleStatus;
  nextDueKm: number | null;
  nextDueOn: string | null;
  /** Km left before it is due (negative: km past due); null when the service is not km-based. */
  kmLeft: number | null;
  /** Days left before it is due (negative: days past due); null when the service is not day-based. */
  daysLeft: number | null;
};

/**
 * Vencido once the odometer reaches the next km or today reaches the next
 * date; próximo when either is within the margin (km ≤ marginKm left, or
 * days ≤ marginDays left); al corriente otherwise.
 */
export function computeDue(i: DueInput): Due {
  const nextDueKm = i.everyKm ? i.lastDoneKm + i.everyKm : null;
  const nextDueOn = i.everyDays ? addDays(i.lastDoneOn, i.everyDays) : null;
  const kmLeft = nextDueKm === null ? null : nextDueKm - i.currentKm;
  const daysLeft = nextDueOn === null ? null : daysBetween(i.today, nextDueOn);
  let status: ScheduleStatus = 'al_corriente';
  if ((kmLeft !== null && kmLeft <= 0) || (daysLeft !== null && daysLeft <= 0)) status = 'vencido';
  else if ((kmLeft !== null && kmLeft <= i.marginKm) || (daysLeft !== null && daysLeft <= i.marginDays)) status = 'proximo';
  return { status, nextDueKm, nextDueOn, kmLeft, daysLeft };
}

/** A preventive service needs a frequency (km, days or both); a corrective one may have none (it is not scheduled). */
export function frequencyProblem(kind: 'preventivo' | 'correctivo', everyKm: number | null, everyDays: number | null): string | null {
  if (kind === 'preventivo' && everyKm === null && everyDays === null) return 'Indica cada cuántos kilómetros, cada cuántos días o ambos.';
  return null;
}

export const hasFrequency = (s: { everyKm: number | null; everyDays: number | null }) => s.everyKm !== null || s.everyDays !== null;
