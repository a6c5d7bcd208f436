// Employer (patronal) IMSS, SAR and INFONAVIT quotas of one worker for a
// period (pure; the server's preview and the screens call it). The rates are
// data, one set per fiscal year (server/modules/rh/fiscal-tables/<year>.json,
// key employerQuotas), chosen by the payment date's year; the UMA and minimum
// wage come from the fiscal tables in force on that date. MX_FISCAL.md
// «Employer quotas»: SBC capped at 25 UMA; each branch = rate × base × days,
// rounded half-up to centavos; total = Σ of the rounded branches.
import { formatDateMx } from '../dates';
import { dec, money, sum } from '../money';
import { CalculatorInputError, BENEFIT_MSG, figuresOn, minimumWageOf, type WageZone } from './benefits';
import { FiscalError, type FiscalYearSet, type TaxStep } from './fiscal';

/** The employer branches with a fixed rate, in the order of the result (rates in percent). */
export const EMPLOYER_BRANCHES = [
  'emCuotaFija',
  'emExcedente',
  'emPrestacionesDinero',
  'emGastosMedicosPensionados',
  'invalidezVida',
  'guarderiasPrestacionesSociales',
  'retiro',
  'infonavit',
] as const;
export type EmployerBranch = (typeof EMPLOYER_BRANCHES)[number];

export const EMPLOYER_BRANCH_LABELS: Readonly<Record<EmployerBranch | 'riesgoTrabajo' | 'cesantiaVejez', string>> = {
  emCuotaFija: 'Enfermedad y maternidad, cuota fija (art. 106 fr. I LSS)',
  emExcedente: 'Enfermedad y maternidad, excedente de 3 UMA (art. 106 fr. II LSS)',
  emPrestacionesDinero: 'Enfermedad y maternidad, prestaciones en dinero (art. 107 LSS)',
  emGastosMedicosPensionados: 'Gastos médicos de pensionados (art. 25 LSS)',
  invalidezVida: 'Invalidez y vida (art. 147 LSS)',
  guarderiasPrestacionesSociales: 'Guarderías y prestaciones sociales (art. 211 LSS)',
  riesgoTrabajo: 'Riesgo de trabajo (arts. 71–74 LSS)',
  retiro: 'Retiro (art. 168 fr. I LSS)',
  cesantiaVejez: 'Cesantía en edad avanzada y vejez (art. 168 fr. II LSS)',
  infonavit: 'INFONAVIT (art. 29 fr. II LINFONAVIT)',
};

/** The year's employer rates as shipped data. */
export type EmployerQuotaSet = {
  year: number;
  notes: string[];
  rates: Record<EmployerBranch, string>;
  riskPremium: { minPercent: string; maxPercent: string; newCompanyPercent: string };
  cesantiaVejez: {
    /** Rate for an SBC equal to the minimum wage. */
    minimumWageRate: string;
    /** Ascending upper limits in UMA (the last one null: "and more"). */
    bands: { upToUma: string | null; rate: string }[];
    note: string;
  };
};

export type EmployerCostInput = {
  paymentDate: string;
  sbcDaily: string;
  days: number;
  riskPremiumPercent: string;
  wageZone?: WageZone | null;
  /**
   * Days retiro and INFONAVIT are charged on, when more than `days`: IMSS incapacity days are out of every
   * branch but retiro (LSS art. 31 fr. IV); INFONAVIT's 5 % is taken as still due (MX_FISCAL: believed due,
   * not confirmed). By default `days`.
   */
  incapacityDays?: number;
};

export type EmployerCostResult = Record<EmployerBranch | 'riesgoTrabajo' | 'cesantiaVejez' | 'total', string> & {
  /** SBC the quotas are computed on (capped). */
  sbc: string;
  cesantiaVejezRate: string;
  steps: TaxStep[];
};

/** The cesantía y vejez employer rate: SBC equal to the minimum wage → its row; else the first band whose upper limit (UMA) ≥ SBC ÷ UMA. */
export function cesantiaVejezRate(set: Pick<EmployerQuotaSet, 'cesantiaVejez'>, sbc: string, umaDaily: string, minimumWage: string): { rate: string; band: string; gap: boolean } {
  const c = set.cesantiaVejez;
  if (dec(sbc).eq(minimumWage)) return { rate: c.minimumWageRate, band: '1.00 salario mínimo', gap: false };
  // Compare SBC ≤ limit × UMA instead of dividing: the ratio stays exact.
  const index = c.bands.findIndex((b) => b.upToUma === null || dec(sbc).lte(dec(b.upToUma).times(umaDaily)));
  const band = c.bands[index];
  const fromUma = index === 0 ? null : dec(c.bands[index - 1].upToUma!).plus('0.01');
  const from = fromUma === null ? '1.01 salario mínimo' : `${fromUma.toFixed(2)} UMA`;
  // Between two printed rows (e.g. 3.005 UMA): the next row applies (MX_FISCAL's convention; IMSS's own treatment unconfirmed).
  const gap = fromUma !== null && dec(sbc).lt(fromUma.times(umaDaily));
  return { rate: band.rate, band: band.upToUma === null ? `${from} y más` : `${from} a ${dec(band.upToUma).toFixed(2)} UMA`, gap };
}

export function employerCost(sets: readonly FiscalYearSet[], quotaSets: readonly EmployerQuotaSet[], input: EmployerCostInput): EmployerCostResult {
  const { params, set } = figuresOn(sets, input.paymentDate);
  const quotas = quotaSets.find((q) => q.year === params.tableYear);
  if (!quotas) throw new FiscalError('missing-employer-quotas', String(params.tableYear));
  const zone = input.wageZone ?? 'general';
  const wage = minimumWageOf(params, zone);
  const fields: Record<string, string> = {};
  if (dec(input.sbcDaily).lt(wage)) fields.sbcDaily = BENEFIT_MSG.sbcBelowMinimum(wage);
  const { minPercent, maxPercent } = quotas.riskPremium;
  if (dec(input.riskPremiumPercent).lt(minPercent) || dec(input.riskPremiumPercent).gt(maxPercent)) fields.riskPremiumPercent = BENEFIT_MSG.riskPremiumRange(minPercent, maxPercent);
  if (Object.keys(fields).length) throw new CalculatorInputError(fields);

  const uma = dec(params.uma.daily);
  const cap = uma.times(set.sbcCapUma);
  const capped = dec(input.sbcDaily).gt(cap);
  const sbc = capped ? money(cap) : money(input.sbcDaily);
  const threshold = uma.times(set.excessThresholdUma);
  const excess = dec(sbc).gt(threshold) ? dec(sbc).minus(threshold) : dec(0);
  const days = input.days;
  const cv = cesantiaVejezRate(quotas, sbc, params.uma.daily, wage);
  const fullDays = days + (input.incapacityDays ?? 0);
  const daysOf = (b: EmployerBranch) => (b === 'retiro' || b === 'infonavit' ? fullDays : days);
  const branch = (rate: string, base: string, d = days) => money(dec(base).times(rate).dividedBy(100).times(d));
  const baseOf: Record<EmployerBranch, string> = {
    emCuotaFija: params.uma.daily,
    emExcedente: money(excess),
    emPrestacionesDinero: sbc,
    emGastosMedicosPensionados: sbc,
    invalidezVida: sbc,
    guarderiasPrestacionesSociales: sbc,
    retiro: sbc,
    infonavit: sbc,
  };
  const amounts = Object.fromEntries(EMPLOYER_BRANCHES.map((b) => [b, branch(quotas.rates[b], baseOf[b], daysOf(b))])) as Record<EmployerBranch, string>;
  const riesgoTrabajo = branch(input.riskPremiumPercent, sbc);
  const cesantiaVejez = branch(cv.rate, sbc);
  const all = { ...amounts, riesgoTrabajo, cesantiaVejez };
  const total = money(sum(Object.values(all)));

  const baseLabel = (b: EmployerBranch) => (b === 'emCuotaFija' ? `1 UMA (${params.uma.daily})` : b === 'emExcedente' ? `(SBC − ${set.excessThresholdUma} UMA = ${money(excess)})` : sbc);
  const steps: TaxStep[] = [
    { label: `Cuotas patronales ${quotas.year}; UMA vigente al ${formatDateMx(input.paymentDate)}`, amount: params.uma.daily },
    {
      label: capped ? `SBC diario topado a ${set.sbcCapUma} UMA (${set.sbcCapUma} × ${params.uma.daily}; SBC capturado ${money(input.sbcDaily)})` : `SBC diario (tope ${set.sbcCapUma} UMA = ${money(cap)})`,
      amount: sbc,
    },
    { label: 'Días cotizados', amount: String(days) },
    ...EMPLOYER_BRANCHES.filter((b) => b !== 'retiro' && b !== 'infonavit').map((b) => ({
      label: `${EMPLOYER_BRANCH_LABELS[b]}: ${quotas.rates[b]} % × ${baseLabel(b)} × ${days} días`,
      amount: amounts[b],
    })),
    { label: `${EMPLOYER_BRANCH_LABELS.riesgoTrabajo}: prima ${input.riskPremiumPercent} % × ${sbc} × ${days} días`, amount: riesgoTrabajo },
    { label: `${EMPLOYER_BRANCH_LABELS.retiro}: ${quotas.rates.retiro} % × ${sbc} × ${fullDays} días${fullDays !== days ? ' (con los días de incapacidad, art. 31 fr. IV LSS)' : ''}`, amount: amounts.retiro },
    {
      label: `${EMPLOYER_BRANCH_LABELS.cesantiaVejez}: SBC de ${cv.band}${cv.gap ? ' (entre dos renglones de la tabla: se usa el siguiente; el criterio del IMSS no está confirmado)' : ''} → ${cv.rate} % × ${sbc} × ${days} días (${quotas.cesantiaVejez.note})`,
      amount: cesantiaVejez,
    },
    { label: `${EMPLOYER_BRANCH_LABELS.infonavit}: ${quotas.rates.infonavit} % × ${sbc} × ${fullDays} días${fullDays !== days ? ' (con los días de incapacidad)' : ''}`, amount: amounts.infonavit },
    { label: 'Total cuotas patronales (suma de las ramas redondeadas)', amount: total },
  ];
  return { ...all, total, sbc, cesantiaVejezRate: cv.rate, steps };
}
