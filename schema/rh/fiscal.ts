// Payroll fiscal engine (pure; the server and the SPA import it): ISR withheld
// under art. 96 LISR, subsidio para el empleo, IMSS employee (obrero) quotas and
// the SDI. The figures are data (server/modules/rh/fiscal-tables/<year>.json,
// later the RH configuration tables), one FiscalYearSet per fiscal year, chosen
// by the payment date. decimal.js throughout; each figure is computed with full
// precision and rounded half-up to centavos once, at the end of its own formula.
import { daysInMonth, formatDateMx, isIsoDate } from '../dates';
import { Decimal, dec, money, sum, type DecimalLike } from '../money';

export const PAY_PERIODS = ['DIARIO', 'SEMANAL', 'DECENAL', 'QUINCENAL', 'MENSUAL'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

export const PAY_PERIOD_LABELS: Readonly<Record<PayPeriod, string>> = {
  DIARIO: 'Diario',
  SEMANAL: 'Semanal',
  DECENAL: 'Decenal',
  QUINCENAL: 'Quincenal',
  MENSUAL: 'Mensual',
};

/** One row of an art. 96 tariff; the upper limit is the next row's lower limit − 0.01. Rate in percent. */
export type TariffRow = { lowerLimit: string; fixedFee: string; rate: string };

export type SubsidyRow = {
  validFrom: string;
  umaPercent: string;
  monthlyUma: string;
  monthlyAmount: string;
  monthlyCap: string;
  note: string | null;
};

export type UmaRow = { validFrom: string; daily: string; monthly: string; note?: string | null };

export type MinimumWage = { validFrom: string; general: string; borderZone: string };

/** SBC: the whole (capped) SBC; EXCESS_3_UMA: what the SBC exceeds excessThresholdUma × UMA. */
export type ImssBase = 'SBC' | 'EXCESS_3_UMA';
export type ImssRate = { code: string; label: string; rate: string; base: ImssBase };

export type VacationDaysRow = { fromYear: number; toYear: number; days: number };

/** Every fiscal figure of one fiscal year; money and rates are decimal strings, rates in percent. */
export type FiscalYearSet = {
  year: number;
  notes: string[];
  tariffs: Record<PayPeriod, TariffRow[]>;
  /** Rows starting in this year; a date uses the latest row of any year that started on or before it. */
  subsidies: SubsidyRow[];
  /** Same lookup as subsidies (January uses the previous year's UMA until 1 February). */
  uma: UmaRow[];
  minimumWage: MinimumWage;
  imssEmployeeRates: ImssRate[];
  sbcCapUma: string;
  excessThresholdUma: string;
  aguinaldoDays: number;
  vacationPremiumPercent: string;
  vacationDays: VacationDaysRow[];
};

/** What applies to a payment made on `paymentDate`. */
export type FiscalParameters = {
  paymentDate: string;
  tableYear: number;
  tariffs: Record<PayPeriod, TariffRow[]>;
  subsidy: SubsidyRow;
  uma: UmaRow;
  minimumWage: MinimumWage;
  imssEmployeeRates: ImssRate[];
  sbcCapUma: string;
  excessThresholdUma: string;
};

export type TaxStep = { label: string; amount: string };

export type PayrollTaxInput = {
  /** YYYY-MM-DD; chooses the fiscal year's tables, the subsidy and the UMA. */
  paymentDate: string;
  period: PayPeriod;
  /** Taxable wage income of the period (gravado). */
  taxableIncome: string;
  /** Daily SBC; without it no IMSS quota is computed (imssEmployee = null). */
  sbcDaily?: string | null;
  /** Paid days: the minimum wage exempt is figured on them, and the IMSS quotas too when imssDays is not given; by default the period's days. The subsidy always uses the period's days. */
  days?: number | null;
  /** Days the IMSS quotas are computed on (a payroll's calendar days, see imssQuotaDays); by default `days`, else periodDays(...).imssDays. */
  imssDays?: number | null;
  /**
   * Worker on the minimum wage: the minimum wage itself (daily minimum wage × days) is exempt (art. 93
   * fr. I, art. 96 LISR); what the taxable income has beyond it (bonuses, commissions, triple overtime)
   * is taxed with the tariff and the subsidy like anyone's.
   */
  minimumWageOnly?: boolean;
  /** The daily minimum wage the worker earns (a payroll passes the worker's own daily salary); by default the zone's from the tables. */
  minimumWageDaily?: string | null;
  /** Zone of the default minimum wage: general (default) or frontera. */
  wageZone?: 'general' | 'frontera' | null;
};

export type PayrollTaxResult = {
  tableYear: number;
  isr: string;
  /** Subsidio para el empleo causado (what the CFDI reports as SubsidioCausado). */
  subsidy: string;
  /** max(0, ISR − subsidio): the excess subsidy is neither paid nor carried forward. */
  withheld: string;
  imssEmployee: string | null;
  steps: TaxStep[];
  /** The IMSS part of `steps` (SBC, days, each branch, total), also on its own: a receipt whose ISR goes another way shows only these. */
  imssSteps: TaxStep[];
};

export type FiscalErrorCode = 'missing-year' | 'missing-subsidy' | 'missing-uma' | 'missing-employer-quotas' | 'invalid-date' | 'invalid-amount';

const dmy = formatDateMx;

export const FISCAL_MESSAGES: Readonly<Record<FiscalErrorCode, (value: string) => string>> = {
  'missing-year': (year) => `No hay tablas fiscales para ${year}; captúrelas en Configuración RH.`,
  'missing-subsidy': (date) => `No hay subsidio para el empleo vigente al ${dmy(date)}; captúrelo en Configuración RH.`,
  'missing-uma': (date) => `No hay UMA vigente al ${dmy(date)}; captúrela en Configuración RH.`,
  'missing-employer-quotas': (year) => `No hay cuotas patronales del IMSS e INFONAVIT para ${year} en las tablas fiscales.`,
  'invalid-date': (value) => `La fecha «${value}» no es válida (AAAA-MM-DD).`,
  'invalid-amount': (value) => `El importe «${value}» no es un número válido.`,
};

export class FiscalError extends Error {
  readonly code: FiscalErrorCode;

  constructor(code: FiscalErrorCode, value: string) {
    super(FISCAL_MESSAGES[code](value));
    this.name = 'FiscalError';
    this.code = code;
  }
}

export const isFiscalError = (error: unknown, code?: FiscalErrorCode): error is FiscalError =>
  error instanceof FiscalError && (code === undefined || error.code === code);

const amount = (value: DecimalLike) => {
  try {
    return dec(value);
  } catch {
    throw new FiscalError('invalid-amount', String(value));
  }
};

/** The row with the latest validFrom on or before `date` (ISO strings compare as dates). */
const inForceOn = <R extends { validFrom: string }>(rows: readonly R[], date: string): R | undefined =>
  rows.reduce<R | undefined>((best, r) => (r.validFrom <= date && (!best || r.validFrom > best.validFrom) ? r : best), undefined);

/**
 * The figures for a payment on `paymentDate`: the tariffs, minimum wage and
 * IMSS rates of that date's year; the subsidy and UMA rows in force that day,
 * looked up across all sets (January 2026 uses the 2026-01-01 subsidy and the
 * 2025 UMA). Throws FiscalError with a Spanish message when something is missing.
 */
export function fiscalParametersFor(sets: readonly FiscalYearSet[], paymentDate: string): FiscalParameters {
  if (!isIsoDate(paymentDate)) throw new FiscalError('invalid-date', paymentDate);
  const year = Number(paymentDate.slice(0, 4));
  const set = sets.find((s) => s.year === year);
  if (!set) throw new FiscalError('missing-year', String(year));
  const subsidy = inForceOn(sets.flatMap((s) => s.subsidies), paymentDate);
  if (!subsidy) throw new FiscalError('missing-subsidy', paymentDate);
  const uma = inForceOn(sets.flatMap((s) => s.uma), paymentDate);
  if (!uma) throw new FiscalError('missing-uma', paymentDate);
  return {
    paymentDate,
    tableYear: set.year,
    tariffs: set.tariffs,
    subsidy,
    uma,
    minimumWage: set.minimumWage,
    imssEmployeeRates: set.imssEmployeeRates,
    sbcCapUma: set.sbcCapUma,
    excessThresholdUma: set.excessThresholdUma,
  };
}

/** The subsidy decree's month: monthly figures ÷ 30.4 × days for shorter periods. */
const SUBSIDY_MONTH_DAYS = '30.4';

export type PeriodDays = { subsidyDays: string; imssDays: number };

const FIXED_DAYS: Record<Exclude<PayPeriod, 'MENSUAL'>, number> = { DIARIO: 1, SEMANAL: 7, DECENAL: 10, QUINCENAL: 15 };

/**
 * Days of a pay period. Subsidy proration: 1, 7, 10, 15, or 30.4 for MENSUAL
 * (the decree's month, so a monthly payroll gets exactly the monthly amount).
 * IMSS days: the same fixed days, but for MENSUAL the calendar days of the
 * payment date's month, because IMSS liquidates each calendar month on its
 * real days (SUA), so the employee quota matches the employer's liquidation.
 * A caller with other days (absences, a 16-day fortnight) passes `days`.
 */
export function periodDays(period: PayPeriod, paymentDate: string): PeriodDays {
  if (period === 'MENSUAL') {
    if (!isIsoDate(paymentDate)) throw new FiscalError('invalid-date', paymentDate);
    return { subsidyDays: SUBSIDY_MONTH_DAYS, imssDays: daysInMonth(Number(paymentDate.slice(0, 4)), Number(paymentDate.slice(5, 7))) };
  }
  return { subsidyDays: String(FIXED_DAYS[period]), imssDays: FIXED_DAYS[period] };
}

export type IsrDetail = { row: TariffRow | null; excess: string; marginalTax: string; isr: string };

/**
 * Art. 96: the row with the largest lower limit ≤ base; ISR = cuota fija +
 * (base − límite inferior) × % ÷ 100, rounded once at the end. The cuota fija
 * has 2 decimals, so ISR = cuota fija + the rounded marginal tax exactly, and
 * the trace adds up. Base ≤ 0 (or below the first row) → no tax.
 */
export function isrDetail(tariffRows: readonly TariffRow[], base: DecimalLike): IsrDetail {
  const b = amount(base);
  const row = b.lte(0)
    ? null
    : tariffRows.reduce<TariffRow | null>((best, r) => (dec(r.lowerLimit).lte(b) && (!best || dec(r.lowerLimit).gt(best.lowerLimit)) ? r : best), null);
  if (!row) return { row: null, excess: '0.00', marginalTax: '0.00', isr: '0.00' };
  const excess = b.minus(row.lowerLimit);
  const marginal = excess.times(row.rate).dividedBy(100);
  return { row, excess: money(excess), marginalTax: money(marginal), isr: money(marginal.plus(row.fixedFee)) };
}

export const isrFor = (tariffRows: readonly TariffRow[], base: DecimalLike): string => isrDetail(tariffRows, base).isr;

export type SubsidyDetail = {
  /** Prorated cap rounded DOWN to centavos: the largest income in centavos that still qualifies. */
  cap: string;
  eligible: boolean;
  subsidy: string;
};

/**
 * Subsidio para el empleo: monthlyAmount ÷ 30.4 × days when the income is ≤
 * monthlyCap ÷ 30.4 × days. The comparison is exact (income × 30.4 ≤ cap ×
 * days, no division), the amount is rounded half-up once at the end.
 */
export function subsidyDetail(params: Pick<FiscalParameters, 'subsidy'>, taxableIncome: DecimalLike, days: DecimalLike): SubsidyDetail {
  const { monthlyAmount, monthlyCap } = params.subsidy;
  const d = amount(days);
  const eligible = amount(taxableIncome).times(SUBSIDY_MONTH_DAYS).lte(dec(monthlyCap).times(d));
  const cap = dec(monthlyCap).times(d).dividedBy(SUBSIDY_MONTH_DAYS).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
  return { cap, eligible, subsidy: eligible ? money(dec(monthlyAmount).times(d).dividedBy(SUBSIDY_MONTH_DAYS)) : '0.00' };
}

export const subsidyFor = (params: Pick<FiscalParameters, 'subsidy'>, taxableIncome: DecimalLike, days: DecimalLike): string =>
  subsidyDetail(params, taxableIncome, days).subsidy;

export type ImssConcept = { code: string; label: string; rate: string; base: ImssBase; dailyBase: string; amount: string };

export type ImssEmployeeQuota = {
  /** The daily SBC the quotas are computed on (capped at sbcCapUma × UMA). */
  sbc: string;
  sbcCap: string;
  capped: boolean;
  /** excessThresholdUma × UMA daily. */
  excessThreshold: string;
  days: number;
  concepts: ImssConcept[];
  /** Σ of the rounded concepts (each one is its own deduction line). */
  total: string;
};

/**
 * IMSS employee quotas: SBC capped at sbcCapUma × UMA daily; the excedente
 * rate on (SBC − excessThresholdUma × UMA daily) when positive, the others on
 * the SBC; each concept = round2(base × rate ÷ 100 × days); total = Σ concepts.
 * The UMA is the one in force on the payment date.
 */
export function imssEmployeeQuota(
  params: Pick<FiscalParameters, 'uma' | 'imssEmployeeRates' | 'sbcCapUma' | 'excessThresholdUma'>,
  sbcDaily: DecimalLike,
  days: number,
): ImssEmployeeQuota {
  const umaDaily = dec(params.uma.daily);
  const cap = umaDaily.times(params.sbcCapUma);
  const given = amount(sbcDaily);
  const sbc = given.gt(cap) ? cap : given;
  const threshold = umaDaily.times(params.excessThresholdUma);
  const excess = sbc.gt(threshold) ? sbc.minus(threshold) : dec(0);
  const concepts = params.imssEmployeeRates.map((r) => {
    const base = r.base === 'EXCESS_3_UMA' ? excess : sbc;
    return { code: r.code, label: r.label, rate: r.rate, base: r.base, dailyBase: money(base), amount: money(base.times(r.rate).dividedBy(100).times(days)) };
  });
  return {
    sbc: money(sbc),
    sbcCap: money(cap),
    capped: given.gt(cap),
    excessThreshold: money(threshold),
    days,
    concepts,
    total: money(sum(concepts.map((c) => c.amount))),
  };
}

/**
 * ISR to withhold, subsidio para el empleo and IMSS employee quotas of one
 * payment, with the Spanish trace a person can check by hand.
 */
export function payrollTax(sets: readonly FiscalYearSet[], input: PayrollTaxInput): PayrollTaxResult {
  const params = fiscalParametersFor(sets, input.paymentDate);
  const { period } = input;
  const { subsidyDays, imssDays } = periodDays(period, input.paymentDate);
  const income = amount(input.taxableIncome);
  const steps: TaxStep[] = [
    { label: 'Tabla de ISR (art. 96 LISR): año y periodo', amount: `${params.tableYear} ${PAY_PERIOD_LABELS[period]}` },
    { label: 'Base gravable del periodo', amount: money(income) },
  ];
  let base = income;
  if (input.minimumWageOnly) {
    // Only the minimum wage itself is exempt; bonuses, commissions and triple overtime on top of it are taxed.
    const wage = input.minimumWageDaily ?? (input.wageZone === 'frontera' ? params.minimumWage.borderZone : params.minimumWage.general);
    const wageDays = input.days ?? subsidyDays;
    const wageAmount = dec(money(dec(wage).times(wageDays)));
    const exemptWage = income.lt(wageAmount) ? income : wageAmount;
    base = income.minus(exemptWage);
    steps.push(
      { label: `Salario mínimo exento (arts. 93 fr. I y 96 LISR): ${money(wage)} × ${wageDays} días`, amount: money(exemptWage) },
      { label: 'Base gravable sin el salario mínimo (bonos, comisiones, horas extra triples y demás percepciones gravadas)', amount: money(base) },
    );
  }
  let isr = '0.00';
  let subsidy = '0.00';
  let withheld = '0.00';
  if (input.minimumWageOnly && base.lte(0)) {
    steps.push(
      { label: 'Trabajador de salario mínimo sin otras percepciones gravadas: no se le retiene ISR ni se le aplica subsidio para el empleo (art. 96 LISR)', amount: '0.00' },
      { label: 'ISR a retener', amount: '0.00' },
    );
  } else {
    const detail = isrDetail(params.tariffs[period], base);
    isr = detail.isr;
    steps.push(
      { label: 'Límite inferior', amount: detail.row ? detail.row.lowerLimit : '0.00' },
      { label: 'Excedente sobre el límite inferior', amount: detail.excess },
      { label: '% sobre el excedente', amount: detail.row ? detail.row.rate : '0.00' },
      { label: 'Impuesto marginal (excedente × %)', amount: detail.marginalTax },
      { label: 'Cuota fija', amount: detail.row ? detail.row.fixedFee : '0.00' },
      { label: 'ISR (cuota fija + impuesto marginal)', amount: isr },
    );
    const s = subsidyDetail(params, base, subsidyDays);
    subsidy = s.subsidy;
    const { monthlyAmount, monthlyCap } = params.subsidy;
    steps.push(
      { label: `Tope de subsidio prorrateado (${monthlyCap} ÷ ${SUBSIDY_MONTH_DAYS} × ${subsidyDays} días)`, amount: s.cap },
      {
        label: s.eligible
          ? `Subsidio para el empleo causado (${monthlyAmount} ÷ ${SUBSIDY_MONTH_DAYS} × ${subsidyDays} días)`
          : 'Subsidio para el empleo causado (la base gravable rebasa el tope)',
        amount: subsidy,
      },
    );
    const net = dec(isr).minus(subsidy);
    withheld = money(net.isNegative() ? 0 : net);
    steps.push({ label: 'ISR a retener (ISR − subsidio; el subsidio que exceda al ISR no se entrega)', amount: withheld });
  }

  let imssEmployee: string | null = null;
  const imssSteps: TaxStep[] = [];
  if (input.sbcDaily !== null && input.sbcDaily !== undefined && input.sbcDaily.trim() !== '') {
    const q = imssEmployeeQuota(params, input.sbcDaily, input.imssDays ?? input.days ?? imssDays);
    imssEmployee = q.total;
    imssSteps.push(
      {
        label: q.capped
          ? `SBC diario topado a ${params.sbcCapUma} UMA (${params.sbcCapUma} × ${params.uma.daily}; SBC capturado ${money(input.sbcDaily)})`
          : `SBC diario (tope ${params.sbcCapUma} UMA = ${q.sbcCap})`,
        amount: q.sbc,
      },
      { label: 'Días cotizados IMSS', amount: String(q.days) },
      ...q.concepts.map((c) => ({
        label:
          c.base === 'EXCESS_3_UMA'
            ? `${c.label}: ${c.rate} % × (SBC − ${params.excessThresholdUma} UMA = ${c.dailyBase}) × ${q.days} días`
            : `${c.label}: ${c.rate} % × ${c.dailyBase} × ${q.days} días`,
        amount: c.amount,
      })),
      { label: 'Total cuotas obreras IMSS', amount: q.total },
    );
    if (input.minimumWageOnly) {
      // Art. 36 LSS: for a worker on the minimum wage the employer pays the worker's quota too.
      imssEmployee = '0.00';
      imssSteps.push({ label: 'Cuotas obreras a cargo del patrón (art. 36 LSS: salario mínimo); no se descuentan al trabajador', amount: '0.00' });
    }
  }
  steps.push(...imssSteps);

  return { tableYear: params.tableYear, isr, subsidy, withheld, imssEmployee, steps, imssSteps };
}

/**
 * Vacation days for completed years of service (LFT art. 76). Less than one
 * year uses the first row. Past the last row the law keeps adding the same
 * days per band (2 days every 5 years), so the last band is extended.
 */
export function vacationDaysFor(set: Pick<FiscalYearSet, 'vacationDays'>, yearsOfService: number): number {
  const rows = [...set.vacationDays].sort((a, b) => a.fromYear - b.fromYear);
  const row = rows.reduce<VacationDaysRow>((best, r) => (r.fromYear <= yearsOfService ? r : best), rows[0]);
  const last = rows[rows.length - 1];
  if (row !== last || yearsOfService <= last.toYear) return row.days;
  const previous = rows.length > 1 ? rows[rows.length - 2] : last;
  const width = last.toYear - last.fromYear + 1;
  return last.days + (last.days - previous.days) * Math.ceil((yearsOfService - last.toYear) / width);
}

/** 1 + (aguinaldo days + vacation days × prima vacacional %) ÷ 365, rounded half-up to 4 decimals. */
export function integrationFactor(set: Pick<FiscalYearSet, 'vacationDays' | 'aguinaldoDays' | 'vacationPremiumPercent'>, yearsOfService: number): string {
  const vacation = vacationDaysFor(set, yearsOfService);
  return money(dec(vacation).times(set.vacationPremiumPercent).dividedBy(100).plus(set.aguinaldoDays).dividedBy(365).plus(1), 4);
}

export type SdiResult = { sdi: string; factor: string; vacationDays: number; formula: string };

/** Salario diario integrado = round2(daily salary × integration factor), with the formula spelled out. */
export function sdiFor(
  set: Pick<FiscalYearSet, 'vacationDays' | 'aguinaldoDays' | 'vacationPremiumPercent'>,
  dailySalary: DecimalLike,
  yearsOfService: number,
): SdiResult {
  const vacationDays = vacationDaysFor(set, yearsOfService);
  const factor = integrationFactor(set, yearsOfService);
  const daily = amount(dailySalary);
  const sdi = money(daily.times(factor));
  const formula = `SDI = ${money(daily)} × ${factor} = ${sdi} (factor = 1 + (${set.aguinaldoDays} + ${vacationDays} × ${set.vacationPremiumPercent} %) ÷ 365)`;
  return { sdi, factor, vacationDays, formula };
}

/**
 * Completed years between two ISO dates (0 before the first anniversary or
 * before the hire date). Someone hired on 29 February completes a year on
 * 1 March in non-leap years.
 */
export function yearsOfService(hireDate: string, onDate: string): number {
  for (const d of [hireDate, onDate]) if (!isIsoDate(d)) throw new FiscalError('invalid-date', d);
  const years = Number(onDate.slice(0, 4)) - Number(hireDate.slice(0, 4)) - (onDate.slice(5) < hireDate.slice(5) ? 1 : 0);
  return Math.max(0, years);
}
