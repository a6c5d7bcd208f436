// The IMSS bimester pickers of RH (Cuotas patronales por bimestre, Actualización bimestral del SBC):
// the same years and bimester labels in both.
import { BIMESTER_LABELS } from '../../../schema/rh/employerRegistrations';
import { todayIso } from '../../components/dates';

export const YEAR_NOW = Number(todayIso().slice(0, 4));
/** Next year and the five before it, newest first. */
export const YEAR_OPTIONS = Array.from({ length: 6 }, (_, i) => String(YEAR_NOW + 1 - i));
export const BIMESTER_OPTIONS = BIMESTER_LABELS.map((label, i) => ({ value: String(i + 1), label: `${i + 1} · ${label}` }));
/** Today's bimester, 1–6. */
export const currentBimester = (): number => Math.ceil(Number(todayIso().slice(5, 7)) / 2);
/** The last closed bimester: the one before today's. */
export function lastClosedBimester(): { year: number; bimester: number } {
  const current = currentBimester();
  return current === 1 ? { year: YEAR_NOW - 1, bimester: 6 } : { year: YEAR_NOW, bimester: current - 1 };
}
