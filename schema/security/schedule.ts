// Programación: recurrence of planned inspections. The next date keeps the
// day of the month the plan started on (its anchor) and clamps to the last
// day of shorter months: 31 Jan + 1 month = 28 Feb (29 in leap years), and
// the month after goes back to 31 Mar.
import { daysInMonth } from '../dates';

export const RECURRENCES = ['none', 'weekly', 'monthly', 'quarterly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_LABELS: Record<Recurrence, string> = { none: 'Sin repetición', weekly: 'Semanal', monthly: 'Mensual', quarterly: 'Trimestral' };

export const SCHEDULE_STATUSES = ['pendiente', 'realizada', 'cancelada'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = { pendiente: 'Pendiente', realizada: 'Realizada', cancelada: 'Cancelada' };

const pad = (n: number) => String(n).padStart(2, '0');

/** `iso` plus `months` calendar months on day `anchorDay` (default: the date's own day), clamped to the month's end. */
export function addMonthsClamped(iso: string, months: number, anchorDay?: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const day = anchorDay ?? Number(iso.slice(8, 10));
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return `${ny}-${pad(nm)}-${pad(Math.min(day, daysInMonth(ny, nm)))}`;
}

/** The occurrence after `iso`, or null when the plan does not repeat. */
export function nextOccurrence(iso: string, recurrence: Recurrence, anchorDay?: number): string | null {
  if (recurrence === 'none') return null;
  if (recurrence === 'weekly') return new Date(Date.parse(`${iso}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return addMonthsClamped(iso, recurrence === 'monthly' ? 1 : 3, anchorDay);
}

/** A pending plan whose date is before today. */
export const isOverdue = (status: ScheduleStatus, dueOn: string, today: string) => status === 'pendiente' && dueOn < today;
