// Sundays and rest days worked (issue 27), pure: the server's calculation and the SPA's incidencias
// capture both use it. Prima dominical (LFT art. 71): at least 25 % of the daily salary for each
// Sunday worked, exempt up to 1 UMA per Sunday (LISR art. 93 fr. XIV), the rest taxable. A rest day
// worked — the weekly one without another in exchange (LFT art. 73) or a día de descanso obligatorio
// (arts. 74–75, ./holidays.ts) — pays double salary on top of that day's own; its exempt part follows
// LISR art. 93 fr. I as double overtime does, sharing the same cap (5 UMA per week of the period):
// all exempt for a minimum-wage worker, otherwise 50 % up to what the overtime left of the cap.
// decimal.js throughout; each amount is rounded half-up to centavos once.
import { formatDateMx } from '../dates';
import { Decimal, dec, money, type DecimalLike } from '../money';
import { mandatoryRestDays } from './holidays';

/** LFT art. 71: the prima dominical is at least 25 % of the ordinary daily salary. */
export const PRIMA_DOMINICAL_PERCENT = '25';
/** LISR art. 93 fr. XIV: the prima dominical is exempt up to 1 UMA per Sunday worked. */
export const PRIMA_DOMINICAL_EXEMPT_UMA = '1';
/** LFT arts. 73 and 75: a rest day worked pays a double salary on top of the day's own. */
export const REST_DAY_WORKED_FACTOR = '2';
/** LISR art. 93 fr. I: overtime and rest days worked are exempt together up to 5 UMA per week of service. */
export const FRACTION_I_WEEKLY_UMA = '5';

export type Step = { label: string; amount: string };

export const isSunday = (isoDate: string): boolean => new Date(`${isoDate}T00:00:00Z`).getUTCDay() === 0;

export type RestDayKind = 'obligatorio' | 'semanal';

/**
 * What a rest day worked was: a día de descanso obligatorio of art. 74 (by its date; `holiday` names it) or
 * the weekly rest day (art. 73). Election days (art. 74 fr. IX) are not computable and read as weekly: the
 * pay is the same.
 */
export function restDayOf(isoDate: string): { kind: RestDayKind; holiday: string | null; label: string } {
  const mandatory = mandatoryRestDays(Number(isoDate.slice(0, 4))).find((d) => d.date === isoDate);
  return mandatory
    ? { kind: 'obligatorio', holiday: mandatory.label, label: `Descanso obligatorio: ${mandatory.label}` }
    : { kind: 'semanal', holiday: null, label: 'Descanso semanal sin otro en sustitución' };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const dateList = (dates: readonly string[]) => [...dates].sort().map(formatDateMx).join(', ');

// ---- validation ------------------------------------------------------------------------------

export const REST_DAY_MSG = {
  outsidePeriod: (date: string, start: string, end: string) => `El ${formatDateMx(date)} está fuera del periodo de la nómina (${formatDateMx(start)} al ${formatDateMx(end)}).`,
  notSunday: (date: string) => `El ${formatDateMx(date)} no es domingo.`,
  beforeHire: (date: string, hire: string) => `El ${formatDateMx(date)} es anterior a su fecha de ingreso (${formatDateMx(hire)}).`,
  repeated: 'Fecha repetida: captura cada día una sola vez.',
} as const;

export type RestDaysWorkedValues = { sundaysWorked: readonly string[]; restDaysWorked: readonly string[] };

/**
 * Per-field messages for the dates of Sundays and rest days worked (keys `sundaysWorked.N`, `restDaysWorked.N`):
 * each inside the payroll's period and not before the hire date, each listed once, a Sunday a Sunday.
 * The ISO format is the caller's schema's.
 */
export function validateRestDaysWorked(v: RestDaysWorkedValues, p: { periodStart: string; periodEnd: string; hireDate?: string | null }): Record<string, string> {
  const fields: Record<string, string> = {};
  const check = (list: readonly string[], key: 'sundaysWorked' | 'restDaysWorked') => {
    const seen = new Set<string>();
    list.forEach((date, i) => {
      const field = `${key}.${i}`;
      if (date < p.periodStart || date > p.periodEnd) fields[field] = REST_DAY_MSG.outsidePeriod(date, p.periodStart, p.periodEnd);
      else if (p.hireDate && date < p.hireDate) fields[field] = REST_DAY_MSG.beforeHire(date, p.hireDate);
      else if (key === 'sundaysWorked' && !isSunday(date)) fields[field] = REST_DAY_MSG.notSunday(date);
      else if (seen.has(date)) fields[field] = REST_DAY_MSG.repeated;
      seen.add(date);
    });
  };
  check(v.sundaysWorked, 'sundaysWorked');
  check(v.restDaysWorked, 'restDaysWorked');
  return fields;
}

// ---- prima dominical -------------------------------------------------------------------------

export type PrimaDominical = { sundays: number; perSunday: string; amount: string; exempt: string; taxable: string; steps: Step[] };

/**
 * Prima dominical of the Sundays worked: amount = daily × 25 % × Sundays; exempt = min(daily × 25 %, 1 UMA)
 * × Sundays (the UMA in force on the payment date); taxable = amount − exempt. Null without Sundays.
 */
export function primaDominical(dailySalary: DecimalLike, sundays: readonly string[], umaDaily: DecimalLike): PrimaDominical | null {
  if (!sundays.length) return null;
  const n = sundays.length;
  const perSunday = dec(dailySalary).times(PRIMA_DOMINICAL_PERCENT).dividedBy(100);
  const exemptPerSunday = Decimal.min(perSunday, dec(umaDaily).times(PRIMA_DOMINICAL_EXEMPT_UMA));
  const amount = money(perSunday.times(n));
  const exempt = money(exemptPerSunday.times(n));
  const taxable = money(dec(amount).minus(exempt));
  return {
    sundays: n,
    perSunday: money(perSunday),
    amount,
    exempt,
    taxable,
    steps: [
      { label: `Prima dominical (art. 71 LFT): ${PRIMA_DOMINICAL_PERCENT} % × ${money(dailySalary)} × ${plural(n, 'domingo', 'domingos')} (${dateList(sundays)})`, amount },
      { label: `Prima dominical exenta (art. 93 fr. XIV LISR): mín(${money(perSunday)}, ${PRIMA_DOMINICAL_EXEMPT_UMA} UMA = ${money(umaDaily)}) × ${plural(n, 'domingo', 'domingos')}`, amount: exempt },
      { label: 'Prima dominical gravada', amount: taxable },
    ],
  };
}

// ---- rest days worked ------------------------------------------------------------------------

export type RestDaysWorkedPay = { days: number; amount: string; steps: Step[] };

/** The double salary of the rest days worked (on top of the day's salary, already in the sueldo): daily × 2 × days. Null without days. */
export function restDaysWorkedPay(dailySalary: DecimalLike, days: readonly string[]): RestDaysWorkedPay | null {
  if (!days.length) return null;
  const amount = money(dec(dailySalary).times(REST_DAY_WORKED_FACTOR).times(days.length));
  const which = [...days].sort().map((d) => {
    const day = restDayOf(d);
    return `${formatDateMx(d)} descanso ${day.kind === 'obligatorio' ? `obligatorio, ${day.holiday}` : 'semanal'}`;
  });
  return {
    days: days.length,
    amount,
    steps: [{ label: `Días de descanso trabajados (arts. 73 y 75 LFT): salario doble ${REST_DAY_WORKED_FACTOR} × ${money(dailySalary)} × ${plural(days.length, 'día', 'días')}: ${which.join('; ')}`, amount }],
  };
}

// ---- the shared art. 93 fr. I exemption ----------------------------------------------------------

/** 5 UMA per week of the period (days ÷ 7), unrounded: the art. 93 fr. I cap of a payroll. */
export const fractionICap = (umaDaily: DecimalLike, periodDays: number): Decimal => dec(umaDaily).times(FRACTION_I_WEEKLY_UMA).times(periodDays).dividedBy(7);

export type FractionIExempt = { overtimeExempt: string; restDayExempt: string; steps: Step[] };

/**
 * Art. 93 fr. I LISR for double overtime and the double salary of rest days worked together: a minimum-wage
 * worker has both exempt; anyone else 50 % of each, the overtime first up to the cap (5 UMA × days ÷ 7),
 * then the rest days up to what it left. The steps are written only when there are rest days worked (the
 * overtime's exemption alone is its line's exempt part, as before).
 */
export function fractionIExempt(p: { overtimeDouble: DecimalLike; restDayPay: DecimalLike; minimumWageOnly: boolean; umaDaily: DecimalLike; periodDays: number }): FractionIExempt {
  const overtime = dec(p.overtimeDouble);
  const rest = dec(p.restDayPay);
  if (p.minimumWageOnly) {
    const steps = rest.gt(0) ? [{ label: 'Salario mínimo: el salario doble de los días de descanso trabajados está exento en su totalidad (art. 93 fr. I LISR)', amount: money(rest) }] : [];
    return { overtimeExempt: money(overtime), restDayExempt: money(rest), steps };
  }
  const cap = fractionICap(p.umaDaily, p.periodDays);
  const overtimeExempt = money(Decimal.min(overtime.dividedBy(2), cap));
  const left = Decimal.max(0, cap.minus(overtimeExempt));
  const restDayExempt = money(Decimal.min(rest.dividedBy(2), left));
  const steps: Step[] = [];
  if (rest.gt(0)) {
    steps.push({ label: `Tope exento de horas extra dobles y días de descanso trabajados (art. 93 fr. I LISR): ${FRACTION_I_WEEKLY_UMA} UMA × ${money(p.umaDaily)} × ${p.periodDays} días ÷ 7`, amount: money(cap) });
    if (overtime.gt(0)) steps.push({ label: `Horas extra dobles exentas: 50 % de ${money(overtime)}, hasta el tope`, amount: overtimeExempt });
    steps.push(
      { label: `Días de descanso trabajados exentos: 50 % de ${money(rest)}, hasta ${overtime.gt(0) ? 'lo que dejan del tope las horas extra' : 'el tope'}`, amount: restDayExempt },
      { label: 'Días de descanso trabajados gravados', amount: money(rest.minus(restDayExempt)) },
    );
  }
  return { overtimeExempt, restDayExempt, steps };
}
