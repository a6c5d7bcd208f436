// Aguinaldo, vacaciones, finiquito y liquidación and PTU (pure; the server's
// previews and the screens call these same functions). MX_FISCAL.md «Payroll
// legal rules» followed literally: exact decimals, day counts with both ends,
// a 365-day year, the UMA and minimum wage in force on the date, annual
// exemption caps, RLISR art. 174 and LISR art. 95 without rounding their
// intermediate figures. Each amount is rounded half-up to centavos once, at
// the point MX_FISCAL names; "taxable" is always amount − exempt after both
// are rounded. Every result carries the Spanish trace a person can check.
import { daysBetween, formatDateMx, isLeapYear } from '../dates';
import { Decimal, money, type DecimalLike } from '../money';
import { fiscalParametersFor, subsidyDetail, vacationDaysFor, yearsOfService, type FiscalParameters, type FiscalYearSet, type TariffRow, type TaxStep } from './fiscal';

/**
 * Wide precision for the unrounded chains (M, ISR1 − ISR2, the rate, service years):
 * a value that is exact as a fraction (e.g. 1,234.565) survives to the final rounding.
 */
const P = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
const x = (v: DecimalLike): Decimal => new P(v);
/** Drops the noise of a non-terminating division (60 digits) before the one legal rounding to centavos. */
const settle = (v: Decimal): Decimal => v.toDecimalPlaces(30, Decimal.ROUND_HALF_UP);
const cents = (v: Decimal): string => money(settle(v));
const lesser = (a: Decimal, b: Decimal) => (a.lt(b) ? a : b);
const greater = (a: Decimal, b: Decimal) => (a.gt(b) ? a : b);
/** An unrounded figure as the trace shows it (the calculation keeps every digit). */
const shown = (v: Decimal, places = 6): string => settle(v).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed();
/** A figure in pesos as the trace shows it: with 2 decimals when it has at most 2, else unrounded (shown). */
const pesos = (v: Decimal): string => (settle(v).decimalPlaces() <= 2 ? money(v) : shown(v));

/** LFT/LISR year divisor (also in leap years). */
export const YEAR_DAYS = 365;
/** The LISR/RLISR month (days). */
export const LISR_MONTH_DAYS = '30.4';
/** LFT art. 89: "3 months" of indemnity are 90 days. */
export const INDEMNITY_DAYS = 90;
/** LFT art. 50 fr. II: days per year of service. */
export const TWENTY_DAYS = 20;
/** LFT art. 162: days of prima de antigüedad per year of service. */
export const SENIORITY_DAYS = 12;
/** LFT art. 162 fr. III: years a resigning worker needs for the prima de antigüedad. */
export const SENIORITY_RESIGNATION_YEARS = 15;
/** LISR art. 93 fr. XIV: UMA exempt per calendar year (aguinaldo 30; prima vacacional and PTU 15 each). */
export const AGUINALDO_EXEMPT_UMA = 30;
export const PRIMA_EXEMPT_UMA = 15;
/**
 * The legal minima (LFT art. 87: 15 days of aguinaldo; art. 80: prima vacacional of 25 %). A company may grant more
 * (the fiscal year's aguinaldoDays / vacationPremiumPercent), but for a minimum-wage worker only the part within these
 * minima is exempt by art. 93 fr. I LISR; what the company adds above them uses the fr. XIV caps like anyone's.
 */
export const LEGAL_AGUINALDO_DAYS = 15;
export const LEGAL_PRIMA_VACACIONAL_PERCENT = 25;
export const PTU_EXEMPT_UMA = 15;
/** LISR art. 93 fr. XIII: UMA exempt per year of service on separation payments. */
export const SEPARATION_EXEMPT_UMA = 90;
/** LFT art. 127 fr. VIII: the PTU cap is 3 months of salary, 90 days (LFT month of 30 days). */
export const PTU_CAP_DAYS = 90;
/** LFT art. 127 fr. II: a confidence worker's salary counts at most the best-paid non-confidence worker's increased by 20 %. */
export const PTU_TRUST_SALARY_FACTOR = '1.2';

export type WageZone = 'general' | 'frontera';

/** Cross-field or table-dependent refusals, per field, in Spanish (the server answers BAD_USER_INPUT with them). */
export class CalculatorInputError extends Error {
  readonly fields: Record<string, string>;

  constructor(fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? 'Revisa los datos capturados.');
    this.name = 'CalculatorInputError';
    this.fields = fields;
  }
}

export const BENEFIT_MSG = {
  hireAfterPayment: 'La fecha de ingreso no puede ser posterior a la fecha de pago.',
  separationBeforeHire: 'La fecha de baja no puede ser anterior a la fecha de ingreso.',
  primaRate: 'La prima vacacional es al menos 25 % (escribe 25 para 25 %, o la fracción 0.25).',
  vacationYears: 'Las vacaciones se generan al cumplir el primer año de servicios (art. 76 LFT): al menos 1 año.',
  ptuKeyRepeated: 'Clave repetida.',
  ptuNoDays: 'Ningún trabajador tiene días trabajados: no hay a quién repartir.',
  sbcBelowMinimum: (wage: string) => `El SBC no puede ser menor que el salario mínimo vigente (${wage}).`,
  riskPremiumRange: (min: string, max: string) => `La prima de riesgo de trabajo va de ${min} % a ${max} % (arts. 72–74 LSS).`,
} as const;

// ---- figures by date ------------------------------------------------------------------

export type BenefitFigures = { params: FiscalParameters; set: FiscalYearSet };

/** The UMA and subsidy in force on `date` and the set of that date's year (minimum wage, aguinaldo days, prima %, art. 76 table). */
export function figuresOn(sets: readonly FiscalYearSet[], date: string): BenefitFigures {
  const params = fiscalParametersFor(sets, date);
  return { params, set: sets.find((s) => s.year === params.tableYear)! };
}

/** The minimum wage in force on the figures' date for the zone. */
export const minimumWageOf = (params: Pick<FiscalParameters, 'minimumWage'>, zone: WageZone = 'general'): string =>
  zone === 'frontera' ? params.minimumWage.borderZone : params.minimumWage.general;

const zoneLabel = (zone: WageZone) => (zone === 'frontera' ? 'de la Zona Libre de la Frontera Norte' : 'general');

// ---- dates ----------------------------------------------------------------------------

/** Calendar days from `from` to `to`, both included (2026-01-01 → 2026-12-31 = 365). */
export const daysInclusive = (from: string, to: string): number => daysBetween(from, to) + 1;

/** The n-th anniversary of a hire date (29 February → 1 March in non-leap years, as yearsOfService counts it). */
export function anniversary(hireDate: string, n: number): string {
  const year = Number(hireDate.slice(0, 4)) + n;
  const monthDay = hireDate.slice(5);
  return monthDay === '02-29' && !isLeapYear(year) ? `${year}-03-01` : `${year}-${monthDay}`;
}

/** `months` calendar months later, the day kept or clamped to the month's end (31/08 + 6 months = 28 or 29/02). */
export function addMonths(date: string, months: number): string {
  const total = Number(date.slice(5, 7)) - 1 + months;
  const year = Number(date.slice(0, 4)) + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
}

export type ServiceTime = {
  completedYears: number;
  /** The last anniversary on or before the date (the hire date in the first year). */
  lastAnniversary: string;
  /** Days of the running service year, from the last anniversary to the date, both included. */
  runningDays: number;
  /** Service years = completed + runningDays ÷ 365, unrounded. */
  years: Decimal;
  /** LISR art. 93 fr. XIII: completed years + 1 when the date is on or after the last anniversary + 6 months. */
  exemptionYears: number;
};

export function serviceTime(hireDate: string, date: string): ServiceTime {
  const completedYears = yearsOfService(hireDate, date);
  const lastAnniversary = anniversary(hireDate, completedYears);
  const runningDays = daysInclusive(lastAnniversary, date);
  return {
    completedYears,
    lastAnniversary,
    runningDays,
    years: x(completedYears).plus(x(runningDays).dividedBy(YEAR_DAYS)),
    exemptionYears: completedYears + (date >= addMonths(lastAnniversary, 6) ? 1 : 0),
  };
}

// ---- ISR methods ----------------------------------------------------------------------

/** Art. 96 tariff at full precision (nothing rounded): cuota fija + (base − LI) × % ÷ 100; 0 for a base ≤ 0. */
export function tariffExact(rows: readonly TariffRow[], base: DecimalLike): Decimal {
  const b = x(base);
  if (b.lte(0)) return x(0);
  const row = rows.reduce<TariffRow | null>((best, r) => (x(r.lowerLimit).lte(b) && (!best || x(r.lowerLimit).gt(best.lowerLimit)) ? r : best), null);
  return row ? b.minus(row.lowerLimit).times(row.rate).dividedBy(100).plus(row.fixedFee) : x(0);
}

export type IsrOutcome = { isr: string; steps: TaxStep[] };

/**
 * RLISR art. 174 for an annual payment (aguinaldo, PTU, prima vacacional):
 * M = taxable ÷ 365 × 30.4; ISR1 = tariff(monthly ordinary income + M);
 * ISR2 = tariff(monthly ordinary income); rate = (ISR1 − ISR2) ÷ M;
 * ISR = taxable × rate, rounded once. Nothing before the last step is rounded.
 */
export function isrArt174(monthlyTariff: readonly TariffRow[], taxable: DecimalLike, monthlyOrdinaryIncome: DecimalLike, concept: string): IsrOutcome {
  const t = x(taxable);
  if (t.lte(0)) return { isr: '0.00', steps: [{ label: `ISR ${concept} (art. 174 RLISR): no hay parte gravada`, amount: '0.00' }] };
  const ordinary = x(monthlyOrdinaryIncome);
  const m = t.dividedBy(YEAR_DAYS).times(LISR_MONTH_DAYS);
  const isr1 = tariffExact(monthlyTariff, ordinary.plus(m));
  const isr2 = tariffExact(monthlyTariff, ordinary);
  const rate = isr1.minus(isr2).dividedBy(m);
  const isr = cents(t.times(rate));
  return {
    isr,
    steps: [
      { label: `Art. 174 RLISR, 1: mensualización M = ${money(t)} ÷ ${YEAR_DAYS} × ${LISR_MONTH_DAYS} (sin redondear)`, amount: shown(m) },
      { label: `2: ISR1 = tarifa mensual del art. 96 sobre ${ordinary.toFixed()} + M (antes de subsidio, sin redondear)`, amount: shown(isr1) },
      { label: `3: ISR2 = tarifa mensual sobre el ingreso ordinario mensual ${ordinary.toFixed()} (sin redondear)`, amount: shown(isr2) },
      { label: '4: tasa = (ISR1 − ISR2) ÷ M (sin redondear)', amount: shown(rate, 10) },
      { label: `5: ISR ${concept} = ${money(t)} × tasa, redondeado`, amount: isr },
    ],
  };
}

// ---- exemptions -------------------------------------------------------------------------

export type Exemption = { exempt: string; taxable: string; steps: TaxStep[] };

/**
 * Exempt part against an annual cap of `capUma` UMA (art. 93 fr. XIV), minus
 * what the year's earlier payments already used. For a minimum-wage worker
 * the part within the legal minimum (`legalMinimumPart`) is exempt first by
 * art. 93 fr. I and does not use the cap.
 */
export function annualExemption(amount: string, capUma: number, umaDaily: string, usedThisYear: DecimalLike, legalMinimumPart: string | null, concept: string): Exemption {
  const steps: TaxStep[] = [];
  let rest = x(amount);
  let exempt = x(0);
  if (legalMinimumPart !== null) {
    const frI = lesser(rest, x(legalMinimumPart));
    steps.push({ label: `Trabajador de salario mínimo: ${concept} dentro del mínimo legal, exento (art. 93 fr. I LISR)`, amount: money(frI) });
    exempt = frI;
    rest = rest.minus(frI);
  }
  const cap = x(umaDaily).times(capUma);
  const remaining = greater(x(0), cap.minus(x(usedThisYear)));
  steps.push({
    label: `Exención anual de ${concept}: ${capUma} UMA × ${umaDaily} = ${money(cap)}, menos lo ya exento en el año (${money(usedThisYear)}); tope anual, no por pago ni prorrateado`,
    amount: money(remaining),
  });
  exempt = exempt.plus(lesser(rest, remaining));
  const exemptText = money(exempt);
  const taxable = money(x(amount).minus(exemptText));
  steps.push({ label: `Exento ${concept}`, amount: exemptText }, { label: `Gravado ${concept} (importe − exento)`, amount: taxable });
  return { exempt: exemptText, taxable, steps };
}

// ---- aguinaldo ------------------------------------------------------------------------------

/** Days employed in `year` up to `until` (31 December, or the separation date), from the later of the hire date and 1 January. */
export function aguinaldoDaysEmployed(hireDate: string, year: number, until: string): number {
  const january = `${year}-01-01`;
  return Math.max(0, daysInclusive(hireDate > january ? hireDate : january, until));
}

type AguinaldoPart = { amount: string; exempt: string; taxable: string; steps: TaxStep[] };

/** Amount = daily × days × days employed ÷ 365, rounded once (a whole year, also a leap one, pays the whole days); 30 UMA annual exemption. */
function aguinaldoPart(figures: BenefitFigures, daily: string, aguinaldoDays: DecimalLike, daysEmployed: number, exemptUsed: DecimalLike, minimumWage: string | null): AguinaldoPart {
  const counted = Math.min(daysEmployed, YEAR_DAYS);
  const steps: TaxStep[] = [];
  if (counted < daysEmployed) steps.push({ label: `Año completo (${daysEmployed} días en año bisiesto): se pagan los días completos (${YEAR_DAYS} ÷ ${YEAR_DAYS})`, amount: String(YEAR_DAYS) });
  const amount = cents(x(daily).times(x(aguinaldoDays)).times(counted).dividedBy(YEAR_DAYS));
  steps.push({ label: `Aguinaldo = ${money(daily)} × ${x(aguinaldoDays).toFixed()} días × ${counted} ÷ ${YEAR_DAYS} (art. 87 LFT; se redondea una vez)`, amount });
  const legalDays = lesser(x(aguinaldoDays), x(LEGAL_AGUINALDO_DAYS));
  const legal = minimumWage === null ? null : cents(x(daily).times(legalDays).times(counted).dividedBy(YEAR_DAYS));
  const ex = annualExemption(amount, AGUINALDO_EXEMPT_UMA, figures.params.uma.daily, exemptUsed, legal, 'del aguinaldo');
  return { amount, exempt: ex.exempt, taxable: ex.taxable, steps: [...steps, ...ex.steps] };
}

/** The minimum wage when the daily salary is at or under it (the worker earns only the minimum wage), else null. */
function minimumWageWorker(params: FiscalParameters, daily: DecimalLike, zone: WageZone): string | null {
  const wage = minimumWageOf(params, zone);
  return x(daily).lte(wage) ? wage : null;
}

export type AguinaldoInput = {
  dailySalary: string;
  hireDate: string;
  /** Chooses the UMA, minimum wage and tariff; the year counted is this date's calendar year, to 31 December. */
  paymentDate: string;
  aguinaldoDays: DecimalLike;
  /** Regular monthly salary for art. 174; by default daily × 30.4. */
  monthlyOrdinaryIncome?: string | null;
  exemptUsedThisYear: string;
  wageZone?: WageZone | null;
  /**
   * The ISR the employer withholds (MX_FISCAL «Aguinaldo», the retenedor chooses): art174 (default) or
   * art96, the taxable part added to the month's ordinary income with the monthly tariff and the subsidio
   * rules on the total, withholding what it adds (isrArt96Accumulated).
   */
  isrMethod?: 'art174' | 'art96' | null;
};

export type AguinaldoResult = {
  daysInYear: number;
  amount: string;
  exempt: string;
  taxable: string;
  isrArt174: string;
  /** The ISR withheld by the chosen method (isrArt174 unless art96 was chosen). */
  isr: string;
  steps: TaxStep[];
};

/** Art. 96 LISR on an amount alone: the monthly tariff (before subsidy) on the taxable part, rounded once (the finiquito's ordinary part). */
export function isrArt96Alone(monthlyTariff: readonly TariffRow[], taxable: DecimalLike, concept: string): IsrOutcome {
  const t = x(taxable);
  if (t.lte(0)) return { isr: '0.00', steps: [{ label: `ISR ${concept} (art. 96 LISR): no hay parte gravada`, amount: '0.00' }] };
  const isr = cents(tariffExact(monthlyTariff, t));
  return { isr, steps: [{ label: `ISR ${concept} (art. 96 LISR): tarifa mensual sobre la parte gravada del pago, ${money(t)}, sola y antes de subsidio; redondeado`, amount: isr }] };
}

/** The period art. 96 accumulates over: the month by default (aguinaldo, PTU); an extraordinaria's pay period. */
export type Art96Period = { tariff: readonly TariffRow[]; days: DecimalLike; name: string };

/**
 * Art. 96 LISR for a payment made apart from the ordinary payrolls (MX_FISCAL «Aguinaldo» (a)): its taxable
 * part joins the period's ordinary taxable income (the month's by default), and the period's tariff and the
 * subsidio rules apply to the total. The payment withholds what the total adds to the ordinary income alone:
 * max(0, ISR − subsidio) of the total less the same of the ordinary income, so a total past the subsidy's cap
 * also takes back the subsidy the ordinary payrolls gave. Exact throughout, rounded once. `subsidy: false` for
 * a minimum-wage worker, whose ordinary income is exempt (pass 0) and who gets no subsidy.
 */
export function isrArt96Accumulated(
  params: Pick<FiscalParameters, 'tariffs' | 'subsidy'>,
  taxable: DecimalLike,
  ordinaryIncome: DecimalLike,
  concept: string,
  opts: { subsidy?: boolean; period?: Art96Period } = {},
): IsrOutcome {
  const t = x(taxable);
  if (t.lte(0)) return { isr: '0.00', steps: [{ label: `ISR ${concept} (art. 96 LISR): no hay parte gravada`, amount: '0.00' }] };
  const period = opts.period ?? { tariff: params.tariffs.MENSUAL, days: LISR_MONTH_DAYS, name: 'mes' };
  const withSubsidy = opts.subsidy ?? true;
  const ordinary = x(ordinaryIncome);
  const total = ordinary.plus(t);
  const net = (base: Decimal) => {
    const tax = tariffExact(period.tariff, base);
    const subsidy = withSubsidy ? subsidyDetail(params, base, period.days) : null;
    const amount = x(subsidy?.subsidy ?? 0);
    return { tax, subsidy, amount, net: Decimal.max(0, tax.minus(amount)) };
  };
  const withPayment = net(total);
  const alone = net(ordinary);
  // Exact, with the cents always shown (daily × 30.4 may carry more places).
  const exact = (v: Decimal) => (v.decimalPlaces() <= 2 ? v.toFixed(2) : v.toFixed());
  const isr = cents(withPayment.net.minus(alone.net));
  const subsidyLabel = !withPayment.subsidy
    ? `3: subsidio para el empleo: no aplica (salario mínimo)`
    : withPayment.subsidy.eligible
      ? `3: subsidio para el empleo del ${period.name} (el ingreso no pasa del tope de ${withPayment.subsidy.cap})`
      : `3: subsidio para el empleo del ${period.name}: el ingreso pasa del tope de ${withPayment.subsidy.cap}, no hay`;
  return {
    isr,
    steps: [
      { label: `Art. 96 LISR, 1: ingreso gravado del ${period.name} = ordinario ${exact(ordinary)} + parte gravada ${money(t)}`, amount: exact(total) },
      { label: `2: ISR = tarifa del ${period.name} sobre ese ingreso (sin redondear)`, amount: shown(withPayment.tax) },
      { label: subsidyLabel, amount: money(withPayment.amount) },
      { label: `4: ISR del ${period.name} con el pago = ISR − subsidio, sin bajar de 0 (sin redondear)`, amount: shown(withPayment.net) },
      { label: `5: ISR del ingreso ordinario solo = tarifa sobre ${exact(ordinary)} − subsidio ${money(alone.amount)}, sin bajar de 0 (sin redondear)`, amount: shown(alone.net) },
      { label: `6: ISR ${concept} = (4) − (5), redondeado`, amount: isr },
    ],
  };
}

export function aguinaldo(sets: readonly FiscalYearSet[], input: AguinaldoInput): AguinaldoResult {
  if (input.hireDate > input.paymentDate) throw new CalculatorInputError({ hireDate: BENEFIT_MSG.hireAfterPayment });
  const figures = figuresOn(sets, input.paymentDate);
  const { params } = figures;
  const zone = input.wageZone ?? 'general';
  const year = Number(input.paymentDate.slice(0, 4));
  const daysInYear = aguinaldoDaysEmployed(input.hireDate, year, `${year}-12-31`);
  const wage = minimumWageWorker(params, input.dailySalary, zone);
  // Not rounded: MX_FISCAL rounds only at the points it names.
  const monthly = input.monthlyOrdinaryIncome ?? x(input.dailySalary).times(LISR_MONTH_DAYS).toFixed();
  const steps: TaxStep[] = [
    { label: `Tablas de ${params.tableYear}; UMA vigente al ${formatDateMx(input.paymentDate)}`, amount: params.uma.daily },
    { label: `Días del año ${year} con empleo (del ${formatDateMx(input.hireDate > `${year}-01-01` ? input.hireDate : `${year}-01-01`)} al 31/12/${year}, ambos incluidos)`, amount: String(daysInYear) },
  ];
  const part = aguinaldoPart(figures, input.dailySalary, input.aguinaldoDays, daysInYear, input.exemptUsedThisYear, wage);
  steps.push(...part.steps);
  if (wage !== null) steps.push({ label: `Salario diario no mayor al mínimo ${zoneLabel(zone)} (${wage}): solo lo que exceda el mínimo legal se grava`, amount: part.taxable });
  const isr = isrArt174(params.tariffs.MENSUAL, part.taxable, monthly, 'del aguinaldo');
  const monthlyStep = { label: input.monthlyOrdinaryIncome ? 'Ingreso ordinario mensual' : `Ingreso ordinario mensual = ${money(input.dailySalary)} × ${LISR_MONTH_DAYS}`, amount: x(monthly).toFixed() };
  if (input.isrMethod === 'art96') {
    // A minimum-wage worker's ordinary income is exempt (art. 93 fr. I) and causes no subsidy.
    const accumulated = wage === null ? isrArt96Accumulated(params, part.taxable, monthly, 'del aguinaldo') : isrArt96Accumulated(params, part.taxable, 0, 'del aguinaldo', { subsidy: false });
    steps.push(...(wage === null ? [monthlyStep] : []), ...accumulated.steps);
    return { daysInYear, amount: part.amount, exempt: part.exempt, taxable: part.taxable, isrArt174: isr.isr, isr: accumulated.isr, steps };
  }
  steps.push(monthlyStep, ...isr.steps);
  return { daysInYear, amount: part.amount, exempt: part.exempt, taxable: part.taxable, isrArt174: isr.isr, isr: isr.isr, steps };
}

// ---- vacaciones y prima vacacional ----------------------------------------------------------

/** Prima vacacional in percent from 25 (percent) or 0.25 (fraction); null when under the legal 25 %. */
export function primaPercentOf(rate: DecimalLike): Decimal | null {
  const r = x(rate);
  const percent = r.lte(1) ? r.times(100) : r;
  return percent.gte(25) ? percent : null;
}

export type VacationInput = {
  dailySalary: string;
  yearsOfServiceCompleted: number;
  /** Percent (25) or fraction (0.25); by default the fiscal year's prima (25 %). */
  primaRate?: string | null;
  primaExemptUsedThisYear: string;
  paymentDate: string;
  wageZone?: WageZone | null;
  /** The days an approved request takes (an ordinary payroll pays its prima); by default the year's full entitlement. */
  days?: number | null;
};

export type VacationResult = { vacationDays: number; vacationPay: string; primaVacacional: string; primaExempt: string; primaTaxable: string; steps: TaxStep[] };

export function vacation(sets: readonly FiscalYearSet[], input: VacationInput): VacationResult {
  const fields: Record<string, string> = {};
  if (input.yearsOfServiceCompleted < 1) fields.yearsOfServiceCompleted = BENEFIT_MSG.vacationYears;
  const figures = figuresOn(sets, input.paymentDate);
  const { params, set } = figures;
  const percent = primaPercentOf(input.primaRate ?? set.vacationPremiumPercent);
  if (!percent) fields.primaRate = BENEFIT_MSG.primaRate;
  if (Object.keys(fields).length || !percent) throw new CalculatorInputError(fields);
  const zone = input.wageZone ?? 'general';
  const vacationDays = input.days ?? vacationDaysFor(set, input.yearsOfServiceCompleted);
  const pay = x(input.dailySalary).times(vacationDays);
  const vacationPay = money(pay);
  const primaVacacional = cents(pay.times(percent).dividedBy(100));
  const wage = minimumWageWorker(params, input.dailySalary, zone);
  const legal = wage === null ? null : cents(pay.times(lesser(percent, x(LEGAL_PRIMA_VACACIONAL_PERCENT))).dividedBy(100));
  const ex = annualExemption(primaVacacional, PRIMA_EXEMPT_UMA, params.uma.daily, input.primaExemptUsedThisYear, legal, 'de la prima vacacional');
  const steps: TaxStep[] = [
    input.days
      ? { label: `Días de vacaciones de la solicitud (${input.yearsOfServiceCompleted} año(s) de servicio cumplidos)`, amount: String(vacationDays) }
      : { label: `Días de vacaciones por ${input.yearsOfServiceCompleted} año(s) de servicio cumplidos (art. 76 LFT, tabla 2023)`, amount: String(vacationDays) },
    { label: `Pago de vacaciones = ${money(input.dailySalary)} × ${vacationDays} días (salario ordinario gravado)`, amount: vacationPay },
    { label: `Prima vacacional = ${vacationPay} × ${percent.toFixed()} % (art. 80 LFT)`, amount: primaVacacional },
    { label: `UMA vigente al ${formatDateMx(input.paymentDate)}`, amount: params.uma.daily },
    ...ex.steps,
  ];
  return { vacationDays, vacationPay, primaVacacional, primaExempt: ex.exempt, primaTaxable: ex.taxable, steps };
}

// ---- finiquito y liquidación ------------------------------------------------------------------

export const SEPARATION_KINDS = ['RENUNCIA', 'DESPIDO_INJUSTIFICADO'] as const;
export type SeparationKind = (typeof SEPARATION_KINDS)[number];

export type SeparationInput = {
  kind: SeparationKind;
  hireDate: string;
  separationDate: string;
  dailySalary: string;
  salaryOwedDays: DecimalLike;
  pendingVacationDaysFromPastYears: DecimalLike;
  aguinaldoExemptUsedThisYear: string;
  primaVacacionalExemptUsedThisYear: string;
  /** Art. 50 fr. II applies (the employer refuses reinstatement, art. 49, or the worker rescinds, art. 52). */
  twentyDaysPerYear: boolean;
  wageZone?: WageZone | null;
  /**
   * Other regular pay per day that integrates the salary for indemnities (LFT art. 84: commissions, primas…).
   * The finiquito payroll passes the SBC's variable part in force on the separation date (the bimonthly
   * average of those perceptions); absent = none.
   */
  otherDailyBenefits?: DecimalLike | null;
};

export type SeparationResult = {
  salaryOwed: string;
  aguinaldoProp: string;
  vacations: string;
  primaVacacional: string;
  indemnizacion3Meses: string;
  veinteDiasPorAnio: string;
  primaAntiguedad: string;
  separationTotal: string;
  exemptAguinaldo: string;
  exemptPrimaVacacional: string;
  exemptSeparation: string;
  exemptTotal: string;
  taxableTotal: string;
  taxableSeparation: string;
  isrArt95: string;
  /** The art. 93 fr. XIII exemption laid over the separation payments in order (indemnización, 20 días, prima de antigüedad). */
  separationParts: SeparationPart[];
  /** Years for the exemption and for the CFDI's NumAñosServicio (a fraction of more than six months counts as a year). */
  exemptionYears: number;
  /** Último sueldo mensual ordinario = daily × 30.4, rounded (CFDI UltimoSueldoMensOrd). */
  lastMonthlySalary: string;
  /** The ordinary taxable part: salary owed, vacations, taxable aguinaldo and taxable prima vacacional. */
  ordinaryTaxable: string;
  /** ISR on the ordinary taxable part: the art. 96 monthly tariff on it alone, before subsidy. */
  isrOrdinary: string;
  /** ISR withheld: ordinary + art. 95. */
  isrTotal: string;
  total: string;
  /** Total − ISR withheld. */
  net: string;
  steps: TaxStep[];
};

export type SeparationPart = { key: 'indemnizacion3Meses' | 'veinteDiasPorAnio' | 'primaAntiguedad'; amount: string; exempt: string; taxable: string };

/**
 * Lays the separation payments' exempt total over each payment in order (indemnización of 3 months,
 * 20 días por año, prima de antigüedad): each takes what is left of the exemption up to its amount,
 * so the parts add up to the exempt and taxable totals exactly (the CFDI needs them per percepción).
 */
export function splitSeparationExempt(payments: readonly { key: SeparationPart['key']; amount: string }[], exempt: string): SeparationPart[] {
  let left = x(exempt);
  return payments.map((p) => {
    const e = lesser(x(p.amount), left);
    left = left.minus(e);
    return { key: p.key, amount: money(p.amount), exempt: money(e), taxable: money(x(p.amount).minus(e)) };
  });
}

/**
 * LISR art. 95 on the taxable separation payments: with a taxable part of at
 * least one last ordinary monthly salary (USMO = daily × 30.4), rate = ISR of
 * the monthly tariff on USMO (rounded to cents) ÷ USMO, withholding = taxable ×
 * rate rounded. Below one USMO the payment is added to the month's ordinary
 * income (the usual reading; MX_FISCAL marks it unconfirmed).
 */
export function isrArt95(monthlyTariff: readonly TariffRow[], taxable: DecimalLike, dailySalary: DecimalLike): IsrOutcome {
  const t = x(taxable);
  const usmo = x(dailySalary).times(LISR_MONTH_DAYS);
  const steps: TaxStep[] = [{ label: `Último sueldo mensual ordinario (USMO) = ${money(dailySalary)} × ${LISR_MONTH_DAYS}`, amount: shown(usmo) }];
  if (t.lte(0)) return { isr: '0.00', steps: [...steps, { label: 'ISR art. 95 LISR: no hay parte gravada de los pagos por separación', amount: '0.00' }] };
  if (t.gte(usmo)) {
    const isrUsmo = cents(tariffExact(monthlyTariff, usmo));
    const rate = x(isrUsmo).dividedBy(usmo);
    const isr = cents(t.times(rate));
    steps.push(
      { label: 'ISR del USMO con la tarifa mensual del art. 96 (antes de subsidio, redondeado)', amount: isrUsmo },
      { label: 'Tasa efectiva = ISR del USMO ÷ USMO (sin redondear)', amount: shown(rate, 10) },
      { label: `ISR art. 95 LISR = ${money(t)} × tasa efectiva, redondeado`, amount: isr },
      { label: `Ingreso acumulable = el USMO; no acumulable = gravado − USMO`, amount: money(t.minus(usmo)) },
    );
    return { isr, steps };
  }
  const isr = cents(tariffExact(monthlyTariff, usmo.plus(t)).minus(tariffExact(monthlyTariff, usmo)));
  steps.push({
    label: 'Gravado menor que el USMO: se suma al ingreso ordinario del mes y se aplica la tarifa del art. 96 (lectura usual, NO CONFIRMADA en MX_FISCAL.md); ISR = tarifa(USMO + gravado) − tarifa(USMO)',
    amount: isr,
  });
  return { isr, steps };
}

export function separation(sets: readonly FiscalYearSet[], input: SeparationInput): SeparationResult {
  if (input.separationDate < input.hireDate) throw new CalculatorInputError({ separationDate: BENEFIT_MSG.separationBeforeHire });
  const date = input.separationDate;
  const figures = figuresOn(sets, date);
  const { params, set } = figures;
  const zone = input.wageZone ?? 'general';
  const daily = x(input.dailySalary);
  const dismissal = input.kind === 'DESPIDO_INJUSTIFICADO';
  const service = serviceTime(input.hireDate, date);
  const wage = minimumWageWorker(params, input.dailySalary, zone);
  const percent = x(set.vacationPremiumPercent);
  const steps: TaxStep[] = [
    { label: `Tablas de ${params.tableYear}; UMA vigente al ${formatDateMx(date)}`, amount: params.uma.daily },
    { label: `Años de servicio cumplidos al ${formatDateMx(date)}`, amount: String(service.completedYears) },
    { label: `Días del año de servicio en curso (del ${formatDateMx(service.lastAnniversary)} al ${formatDateMx(date)}, ambos incluidos)`, amount: String(service.runningDays) },
    { label: `Antigüedad = ${service.completedYears} + ${service.runningDays} ÷ ${YEAR_DAYS} años (sin redondear)`, amount: shown(service.years) },
  ];

  // Finiquito: salary owed, proportional aguinaldo, vacations and their prima.
  const salaryOwed = cents(daily.times(x(input.salaryOwedDays)));
  steps.push({ label: `Salario devengado no pagado = ${money(daily)} × ${x(input.salaryOwedDays).toFixed()} días`, amount: salaryOwed });

  const year = Number(date.slice(0, 4));
  const employed = aguinaldoDaysEmployed(input.hireDate, year, date);
  steps.push({ label: `Días del año ${year} con empleo hasta la baja (ambos incluidos)`, amount: String(employed) });
  const ag = aguinaldoPart(figures, input.dailySalary, set.aguinaldoDays, employed, input.aguinaldoExemptUsedThisYear, wage);
  steps.push(...ag.steps);

  const runningVacationDays = vacationDaysFor(set, service.completedYears + 1);
  const vacationDays = x(input.pendingVacationDaysFromPastYears).plus(x(runningVacationDays).times(service.runningDays).dividedBy(YEAR_DAYS));
  const vacationAmount = daily.times(vacationDays);
  const vacations = cents(vacationAmount);
  const primaVacacional = cents(vacationAmount.times(percent).dividedBy(100));
  steps.push(
    { label: `Vacaciones del año de servicio ${service.completedYears + 1} (art. 76 LFT)`, amount: String(runningVacationDays) },
    {
      label: `Días de vacaciones = ${x(input.pendingVacationDaysFromPastYears).toFixed()} pendientes + ${runningVacationDays} × ${service.runningDays} ÷ ${YEAR_DAYS} (art. 79 LFT, sin redondear)`,
      amount: shown(vacationDays),
    },
    { label: `Vacaciones = ${money(daily)} × días de vacaciones`, amount: vacations },
    { label: `Prima vacacional = vacaciones sin redondear × ${percent.toFixed()} %`, amount: primaVacacional },
  );
  const primaLegal = wage === null ? null : cents(vacationAmount.times(lesser(percent, x(LEGAL_PRIMA_VACACIONAL_PERCENT))).dividedBy(100));
  const prima = annualExemption(primaVacacional, PRIMA_EXEMPT_UMA, params.uma.daily, input.primaVacacionalExemptUsedThisYear, primaLegal, 'de la prima vacacional');
  steps.push(...prima.steps);

  // Liquidación: indemnities on the integrated salary (art. 89 with art. 84).
  const factor = x(set.aguinaldoDays).plus(x(runningVacationDays).times(percent).dividedBy(100)).dividedBy(YEAR_DAYS).plus(1);
  const other = x(input.otherDailyBenefits ?? 0);
  const integrated = cents(daily.times(factor).plus(other));
  steps.push(
    { label: `Factor de integración = 1 + (${set.aguinaldoDays} + ${runningVacationDays} × ${percent.toFixed()} %) ÷ ${YEAR_DAYS} (sin redondear)`, amount: shown(factor, 10) },
    {
      label: other.gt(0)
        ? `Salario diario integrado para indemnizaciones = ${money(daily)} × factor + ${money(other)} de otras percepciones regulares (parte variable del SBC en vigor; arts. 84 y 89 LFT)`
        : `Salario diario integrado para indemnizaciones = ${money(daily)} × factor (arts. 84 y 89 LFT)`,
      amount: integrated,
    },
  );
  const indemnizacion3Meses = dismissal ? money(x(integrated).times(INDEMNITY_DAYS)) : '0.00';
  steps.push({
    label: dismissal ? `Indemnización constitucional: ${integrated} × ${INDEMNITY_DAYS} días (3 meses, arts. 48 y 50 fr. III LFT)` : 'Indemnización de 3 meses: no aplica en una renuncia',
    amount: indemnizacion3Meses,
  });
  const twenty = dismissal && input.twentyDaysPerYear;
  const veinteDiasPorAnio = twenty ? cents(x(integrated).times(TWENTY_DAYS).times(service.years)) : '0.00';
  steps.push({
    label: twenty
      ? `20 días por año (art. 50 fr. II LFT): ${integrated} × ${TWENTY_DAYS} × antigüedad`
      : dismissal
        ? '20 días por año: no se indicó que aplique el art. 50 (arts. 49 o 52 LFT)'
        : '20 días por año: no aplica en una renuncia',
    amount: veinteDiasPorAnio,
  });
  const primaDue = dismissal || service.years.gte(SENIORITY_RESIGNATION_YEARS);
  const wageForSeniority = minimumWageOf(params, zone);
  const seniorityBase = lesser(greater(x(integrated), x(wageForSeniority)), x(wageForSeniority).times(2));
  const primaAntiguedad = primaDue ? cents(seniorityBase.times(SENIORITY_DAYS).times(service.years)) : '0.00';
  steps.push(
    {
      label: `Salario para prima de antigüedad: ${integrated} entre el mínimo ${zoneLabel(zone)} ${wageForSeniority} y el doble ${money(x(wageForSeniority).times(2))} (arts. 485–486 LFT)`,
      amount: money(seniorityBase),
    },
    {
      label: primaDue
        ? `Prima de antigüedad = ${money(seniorityBase)} × ${SENIORITY_DAYS} días × antigüedad (art. 162 LFT)`
        : `Prima de antigüedad: no se paga en una renuncia con menos de ${SENIORITY_RESIGNATION_YEARS} años de servicio (art. 162 fr. III LFT)`,
      amount: primaAntiguedad,
    },
  );

  // Separation payments: art. 93 fr. XIII exemption and art. 95 ISR.
  const separationTotal = money(x(indemnizacion3Meses).plus(veinteDiasPorAnio).plus(primaAntiguedad));
  const exemptCap = x(params.uma.daily).times(SEPARATION_EXEMPT_UMA).times(service.exemptionYears);
  const exemptSeparation = money(lesser(x(separationTotal), exemptCap));
  const taxableSeparation = money(x(separationTotal).minus(exemptSeparation));
  steps.push(
    { label: 'Total de pagos por separación (indemnización + 20 días por año + prima de antigüedad)', amount: separationTotal },
    {
      label: `Años para la exención: ${service.completedYears} cumplidos${service.exemptionYears > service.completedYears ? ' + 1 (fracción de más de seis meses)' : ' (fracción de seis meses o menos no cuenta)'}`,
      amount: String(service.exemptionYears),
    },
    { label: `Tope exento = ${SEPARATION_EXEMPT_UMA} UMA × ${params.uma.daily} × ${service.exemptionYears} años (art. 93 fr. XIII LISR)`, amount: money(exemptCap) },
    { label: 'Exento de los pagos por separación', amount: exemptSeparation },
    { label: 'Gravado de los pagos por separación', amount: taxableSeparation },
  );
  const isr = isrArt95(params.tariffs.MENSUAL, taxableSeparation, input.dailySalary);
  steps.push(...isr.steps);
  const separationParts = splitSeparationExempt(
    [
      { key: 'indemnizacion3Meses', amount: indemnizacion3Meses },
      { key: 'veinteDiasPorAnio', amount: veinteDiasPorAnio },
      { key: 'primaAntiguedad', amount: primaAntiguedad },
    ],
    exemptSeparation,
  );

  // The ordinary part keeps its own treatment (MX_FISCAL «ISR on separation payments»): art. 96.
  const ordinaryTaxable = money(x(salaryOwed).plus(vacations).plus(ag.taxable).plus(prima.taxable));
  // A minimum-wage worker has no ISR withheld on the salary (art. 96): only the benefits over the legal minimum are taxed.
  const ordinaryBase = wage === null ? ordinaryTaxable : money(x(ag.taxable).plus(prima.taxable));
  steps.push({ label: 'Gravado ordinario (salario devengado + vacaciones + aguinaldo gravado + prima vacacional gravada)', amount: ordinaryTaxable });
  if (wage !== null) steps.push({ label: 'Trabajador de salario mínimo: sin retención sobre el salario y las vacaciones (art. 96 LISR); base del ISR ordinario', amount: ordinaryBase });
  const isrOrdinary = isrArt96Alone(params.tariffs.MENSUAL, ordinaryBase, 'ordinario del finiquito');
  steps.push(...isrOrdinary.steps);
  const isrTotal = money(x(isrOrdinary.isr).plus(isr.isr));

  const exemptTotal = money(x(ag.exempt).plus(prima.exempt).plus(exemptSeparation));
  const total = money(x(salaryOwed).plus(ag.amount).plus(vacations).plus(primaVacacional).plus(separationTotal));
  const taxableTotal = money(x(total).minus(exemptTotal));
  const net = money(x(total).minus(isrTotal));
  steps.push(
    { label: 'Total exento (aguinaldo + prima vacacional + pagos por separación)', amount: exemptTotal },
    { label: 'Total gravado (el salario y las vacaciones se gravan completos; su ISR es el del art. 96 LISR)', amount: taxableTotal },
    { label: 'Total de percepciones del finiquito', amount: total },
    { label: 'ISR retenido = ISR ordinario + ISR art. 95', amount: isrTotal },
    { label: 'Neto a pagar = percepciones − ISR retenido', amount: net },
  );
  return {
    salaryOwed,
    aguinaldoProp: ag.amount,
    vacations,
    primaVacacional,
    indemnizacion3Meses,
    veinteDiasPorAnio,
    primaAntiguedad,
    separationTotal,
    exemptAguinaldo: ag.exempt,
    exemptPrimaVacacional: prima.exempt,
    exemptSeparation,
    exemptTotal,
    taxableTotal,
    taxableSeparation,
    isrArt95: isr.isr,
    separationParts,
    exemptionYears: service.exemptionYears,
    lastMonthlySalary: money(daily.times(LISR_MONTH_DAYS)),
    ordinaryTaxable,
    isrOrdinary: isrOrdinary.isr,
    isrTotal,
    total,
    net,
    steps,
  };
}

// ---- PTU --------------------------------------------------------------------------------------

export type PtuWorkerInput = {
  key: string;
  dailySalary: string;
  daysWorked: number;
  averageLastThreeYears?: string | null;
  /**
   * The salary earned in the year (cuota diaria only, art. 124 LFT) when it is known, e.g. the payroll's sum of
   * the year's sueldo lines; by default daily salary × days worked.
   */
  salaryOfYear?: string | null;
  /** PTU already exempt in the payment's calendar year (the 15 UMA are annual); by default 0. */
  exemptUsedThisYear?: string | null;
  /** Trabajador de confianza (art. 127 fr. II LFT): the salary part uses their capped salary; by default no. */
  trustWorker?: boolean | null;
};
export type PtuInput = { amount: string; paymentDate: string; workers: readonly PtuWorkerInput[] };
export type PtuWorkerResult = { key: string; salaryCounted: string; daysPart: string; salaryPart: string; share: string; cap: string; paid: string; exempt: string; taxable: string; steps: TaxStep[] };
export type PtuResult = { workers: PtuWorkerResult[]; steps: TaxStep[] };

/**
 * Art. 123 LFT: half by days worked, half by salary earned (cuota diaria ×
 * days, or the salary of the year given); each share at full precision,
 * rounded once; the residue is not redistributed. Cap (art. 127 fr. VIII): the
 * larger of 90 days of salary and the 3-year average. Exempt 15 UMA a calendar
 * year, less what the year already exempted (art. 93 fr. XIV). Each worker's
 * steps come with the result; `steps` holds the common ones and then every worker's.
 */
export function ptu(sets: readonly FiscalYearSet[], input: PtuInput): PtuResult {
  const fields: Record<string, string> = {};
  input.workers.forEach((w, i) => {
    if (input.workers.findIndex((o) => o.key === w.key) !== i) fields[`workers.${i}.key`] = BENEFIT_MSG.ptuKeyRepeated;
  });
  const totalDays = input.workers.reduce((acc, w) => acc + w.daysWorked, 0);
  if (totalDays <= 0) fields.workers = BENEFIT_MSG.ptuNoDays;
  if (Object.keys(fields).length) throw new CalculatorInputError(fields);
  const { params } = figuresOn(sets, input.paymentDate);
  const half = x(input.amount).dividedBy(2);
  const earned = input.workers.map((w) => (w.salaryOfYear != null ? x(w.salaryOfYear) : x(w.dailySalary).times(w.daysWorked)));
  const trust = ptuTrustCaps(input.workers, earned);
  const salaries = trust.map((t) => t.salary);
  const totalSalary = salaries.reduce((acc, s) => acc.plus(s), x(0));
  const exemptCap = x(params.uma.daily).times(PTU_EXEMPT_UMA);
  const steps: TaxStep[] = [
    { label: 'PTU a repartir', amount: money(input.amount) },
    { label: 'Mitad por días trabajados y mitad por salarios (art. 123 LFT)', amount: shown(half) },
    { label: 'Suma de días trabajados', amount: String(totalDays) },
    { label: 'Suma de salarios del año (cuota diaria, art. 124 LFT)', amount: money(totalSalary) },
    { label: `Exento por trabajador: ${PTU_EXEMPT_UMA} UMA × ${params.uma.daily} al año (art. 93 fr. XIV LISR)`, amount: money(exemptCap) },
  ];
  let cut = x(0);
  const workers = input.workers.map((w, i) => {
    const daysPart = half.times(w.daysWorked).dividedBy(totalDays);
    const salaryPart = half.times(salaries[i]).dividedBy(totalSalary);
    const share = cents(daysPart.plus(salaryPart));
    const ninety = x(w.dailySalary).times(PTU_CAP_DAYS);
    const average = x(w.averageLastThreeYears ?? 0);
    const cap = money(greater(ninety, average));
    const paid = money(lesser(x(share), x(cap)));
    cut = cut.plus(x(share).minus(paid));
    const used = x(w.exemptUsedThisYear ?? 0);
    const exemptLeft = greater(x(0), exemptCap.minus(used));
    const exempt = money(lesser(x(paid), exemptLeft));
    const taxable = money(x(paid).minus(exempt));
    const own: TaxStep[] = [
      { label: `${w.key}: parte por días = mitad × ${w.daysWorked} ÷ ${totalDays}`, amount: shown(daysPart) },
      ...(trust[i].step ? [trust[i].step!] : []),
      { label: `${w.key}: parte por salario = mitad × ${money(salaries[i])} ÷ ${money(totalSalary)}`, amount: shown(salaryPart) },
      { label: `${w.key}: PTU (suma sin redondear, redondeada una vez)`, amount: share },
      {
        label: `${w.key}: tope = mayor de 90 días de salario (${money(ninety)}; meses de 30 días: criterio no confirmado) y promedio de 3 años (${money(average)}) (art. 127 fr. VIII LFT)`,
        amount: cap,
      },
      { label: `${w.key}: PTU a pagar (la menor de la PTU y el tope)`, amount: paid },
      ...(used.gt(0) ? [{ label: `${w.key}: exención de PTU ya usada en el año (${money(used)}); queda`, amount: money(exemptLeft) }] : []),
      { label: `${w.key}: exento`, amount: exempt },
      { label: `${w.key}: gravado (ISR por el art. 96 o el art. 174 RLISR)`, amount: taxable },
    ];
    steps.push(...own);
    return { key: w.key, salaryCounted: pesos(salaries[i]), daysPart: money(settle(daysPart)), salaryPart: money(settle(salaryPart)), share, cap, paid, exempt, taxable, steps: own };
  });
  if (cut.gt(0)) steps.push({ label: 'Importe recortado por el tope (su destino no está confirmado en MX_FISCAL.md; no se reparte aquí)', amount: money(cut) });
  return { workers, steps };
}

/**
 * Art. 127 fr. II LFT: «si el salario que perciben [los trabajadores de confianza] es mayor del que corresponda al
 * trabajador sindicalizado de más alto salario dentro de la empresa, o a falta de éste al trabajador de planta con la
 * misma característica, se considerará este salario aumentado en un veinte por ciento, como salario máximo».
 * Our reading (MX_FISCAL «PTU»: «salary capped at the best-paid non-confidence worker's + 20 %»):
 * - the reference is the highest daily salary (cuota diaria, art. 124) among the workers of the distribution who are
 *   not de confianza (the records do not say who is sindicalizado, so every non-confidence worker taking part counts);
 * - the salaries compared are daily salaries: the confidence worker's cuota diaria against reference × 1.2;
 * - when it is higher, the salary of the year counted is the capped daily salary × the days worked in the year, but
 *   never more than the salary the worker actually earned in the year (it is a maximum: a raise late in the year
 *   must not inflate it); when it is not higher, the salary of the year counts whole;
 * - with no non-confidence worker in the distribution there is no reference and nothing is capped.
 * Full precision (reference × 1.2 is not rounded); the «por días» half is not affected.
 */
function ptuTrustCaps(workers: readonly PtuWorkerInput[], earned: readonly Decimal[]): { salary: Decimal; step: TaxStep | null }[] {
  let reference: { key: string; daily: Decimal } | null = null;
  for (const w of workers) {
    if (!w.trustWorker && (!reference || x(w.dailySalary).gt(reference.daily))) reference = { key: w.key, daily: x(w.dailySalary) };
  }
  return workers.map((w, i) => {
    if (!w.trustWorker) return { salary: earned[i], step: null };
    if (!reference) {
      return {
        salary: earned[i],
        step: { label: `${w.key}: trabajador de confianza; nadie en el reparto deja de serlo: sin salario de referencia, su salario del año cuenta completo (art. 127 fr. II LFT)`, amount: money(earned[i]) },
      };
    }
    const capDaily = reference.daily.times(PTU_TRUST_SALARY_FACTOR);
    const ref = `${money(reference.daily)} de ${reference.key}, el mejor pagado de quienes no son de confianza, + 20 % = ${pesos(capDaily)}`;
    if (!x(w.dailySalary).gt(capDaily)) {
      return { salary: earned[i], step: { label: `${w.key}: trabajador de confianza; su salario diario ${money(w.dailySalary)} no excede el tope (${ref}): su salario del año cuenta completo (art. 127 fr. II LFT)`, amount: money(earned[i]) } };
    }
    const capped = lesser(earned[i], capDaily.times(w.daysWorked));
    return {
      salary: capped,
      step: {
        label: `${w.key}: trabajador de confianza; su salario diario ${money(w.dailySalary)} excede el tope (${ref}): salario del año topado = ${pesos(capDaily)} × ${w.daysWorked} días, sin pasar de su salario del año ${money(earned[i])} (art. 127 fr. II LFT)`,
        amount: pesos(capped),
      },
    };
  });
}

export type PtuPayrollInput = PtuInput & { isrMethod: 'art174' | 'art96' };
export type PtuPayrollWorker = PtuWorkerResult & { isr: string; net: string };

/**
 * A PTU payroll's figures: the split of ptu() (the same code as the calculator) and, for each worker, the ISR
 * on the taxable part by the method the employer chose (MX_FISCAL «PTU», «Aguinaldo»): RLISR art. 174 with the
 * monthly ordinary income = daily salary × 30.4, or art. 96 with the payment added to that income (isrArt96Accumulated). Net = paid − ISR.
 * Each worker's steps: the common ones, then theirs.
 */
export function ptuPayroll(sets: readonly FiscalYearSet[], input: PtuPayrollInput): { workers: PtuPayrollWorker[]; steps: TaxStep[] } {
  const split = ptu(sets, input);
  const { params } = figuresOn(sets, input.paymentDate);
  const common = split.steps.slice(0, 5);
  const workers = split.workers.map((w, i) => {
    const daily = input.workers[i].dailySalary;
    let isr: IsrOutcome;
    const steps: TaxStep[] = [{ label: `Tablas de ${params.tableYear}; UMA vigente al ${formatDateMx(input.paymentDate)}`, amount: params.uma.daily }, ...common, ...w.steps];
    const monthly = x(daily).times(LISR_MONTH_DAYS);
    steps.push({ label: `Ingreso ordinario mensual = ${money(daily)} × ${LISR_MONTH_DAYS}`, amount: monthly.toFixed() });
    if (input.isrMethod === 'art96') isr = isrArt96Accumulated(params, w.taxable, monthly, 'de la PTU');
    else isr = isrArt174(params.tariffs.MENSUAL, w.taxable, monthly, 'de la PTU');
    const net = money(x(w.paid).minus(isr.isr));
    steps.push(...isr.steps, { label: 'Neto = PTU a pagar − ISR', amount: net });
    return { ...w, isr: isr.isr, net, steps };
  });
  return { workers, steps: split.steps };
}
