// Días de descanso obligatorio (LFT art. 74), shared by client and server: the IDSE deadline's
// business days, the default days of a vacation request, and the payroll's «días festivos».
// Fractions I–VIII are fixed dates or «n-th Monday» rules; fraction IX (election days) is set by
// the electoral laws each time and is not computable, so a caller may pass those dates as extras.
const iso = (year: number, month: number, day: number): string => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The n-th Monday of a month (1-based month). */
function nthMonday(year: number, month: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 = Sunday
  const firstMonday = 1 + ((8 - first) % 7);
  return iso(year, month, firstMonday + 7 * (n - 1));
}

export type RestDay = { date: string; label: string };

/**
 * The mandatory rest days of a year, in date order. The transfer of the federal executive is
 * 1 October every six years from 2024 (constitutional reform of 2014, in force from that term),
 * 1 December every six years before it (…, 2012, 2018).
 */
export function mandatoryRestDays(year: number): RestDay[] {
  const days: RestDay[] = [
    { date: iso(year, 1, 1), label: 'Año Nuevo (1 de enero)' },
    { date: nthMonday(year, 2, 1), label: 'Día de la Constitución (primer lunes de febrero)' },
    { date: nthMonday(year, 3, 3), label: 'Natalicio de Benito Juárez (tercer lunes de marzo)' },
    { date: iso(year, 5, 1), label: 'Día del Trabajo (1 de mayo)' },
    { date: iso(year, 9, 16), label: 'Día de la Independencia (16 de septiembre)' },
    { date: nthMonday(year, 11, 3), label: 'Día de la Revolución (tercer lunes de noviembre)' },
    { date: iso(year, 12, 25), label: 'Navidad (25 de diciembre)' },
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push({ date: iso(year, 10, 1), label: 'Transmisión del Poder Ejecutivo Federal (1 de octubre)' });
  if (year < 2024 && (year - 2018) % 6 === 0) days.push({ date: iso(year, 12, 1), label: 'Transmisión del Poder Ejecutivo Federal (1 de diciembre)' });
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

/** Every mandatory rest day from `from` to `to` (inclusive), plus the extra dates given (election days). */
export function restDaysBetween(from: string, to: string, extra: readonly string[] = []): string[] {
  const out = new Set<string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) for (const d of mandatoryRestDays(y)) out.add(d.date);
  for (const d of extra) out.add(d);
  return [...out].filter((d) => d >= from && d <= to).sort();
}

/** Whether a date is a mandatory rest day. */
export const isMandatoryRestDay = (isoDate: string): boolean => mandatoryRestDays(Number(isoDate.slice(0, 4))).some((d) => d.date === isoDate);

/** Mandatory rest days of a span falling on a weekday other than Sunday (the days a vacation request does not count). */
export function restDaysOffSundays(from: string, to: string): string[] {
  return restDaysBetween(from, to).filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0);
}
