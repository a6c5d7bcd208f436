// Convenio discount methods (issue 27; pure: the server, the payroll and the SPA import it).
// A convenio is discounted per payroll by one «método de descuento»:
//   monto       the installment each payroll until the total is paid (loans, FONACOT, descuentos);
//   factor      INFONAVIT «factor de descuento» of the aviso de retención (monthly times the daily unit);
//   porcentaje  INFONAVIT: % of the SBC; pensión alimenticia: % of the perceptions less the legal deductions;
//   cuota_fija  a fixed monthly amount (INFONAVIT «cuota fija» in pesos, or a pensión fixed by the court).
// Only «monto» has a total and a balance; the others never reach balance 0 and the payroll never
// settles them: they run until they are cancelled (the aviso de suspensión, a new court order).
import type { AgreementKind } from './payroll';
import { dec, money, type DecimalLike } from '../money';

export type DiscountMethod = 'monto' | 'factor' | 'porcentaje' | 'cuota_fija';
export const DISCOUNT_METHODS = ['monto', 'factor', 'porcentaje', 'cuota_fija'] as const satisfies readonly DiscountMethod[];

export const DISCOUNT_METHOD_LABELS: Readonly<Record<DiscountMethod, string>> = {
  monto: 'Abono por nómina hasta cubrir el total',
  factor: 'Factor de descuento (veces UMA)',
  porcentaje: 'Porcentaje',
  cuota_fija: 'Cuota fija mensual',
};

/** The methods each kind accepts; the first is the form's default. */
export const METHODS_BY_KIND: Readonly<Record<AgreementKind, readonly DiscountMethod[]>> = {
  prestamo: ['monto'],
  descuento: ['monto'],
  fonacot: ['monto'],
  infonavit: ['factor', 'porcentaje', 'cuota_fija', 'monto'],
  pension_alimenticia: ['porcentaje', 'cuota_fija', 'monto'],
};

/** Only an installment convenio has a total (and a balance the payroll lowers to 0). */
export const hasTotal = (method: DiscountMethod): boolean => method === 'monto';
/** factor and porcentaje carry a rate; cuota_fija and monto an amount (the «installment» column). */
export const usesRate = (method: DiscountMethod): boolean => method === 'factor' || method === 'porcentaje';

/** Days of the month a monthly amount is spread over (MX_FISCAL: the subsidy's 30.4-day month). */
export const MONTH_DAYS = '30.4';

export const DISCOUNT_MSG = {
  method: 'Elige un método de descuento válido para este tipo de convenio.',
  rateRequired: (method: DiscountMethod) => (method === 'factor' ? 'Captura el factor de descuento del aviso de retención.' : 'Captura el porcentaje de descuento.'),
  percentRange: 'El porcentaje debe ser mayor que 0 y no mayor que 100.',
  factorPositive: 'El factor debe ser mayor que cero.',
  rateDecimals: 'Máximo 4 decimales.',
  monthlyRequired: 'Captura la cuota fija mensual en pesos.',
  totalRequired: 'Captura el total del convenio.',
  installmentRequired: 'Captura el abono por nómina.',
  noTotal: 'Este método no lleva total: se descuenta hasta que se cancele el convenio.',
  noRate: 'Este método no usa factor ni porcentaje.',
} as const;

export type DiscountFields = { kind: AgreementKind; method: DiscountMethod; rate: string | null; total: string | null; installment: string | null };

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/**
 * Field messages for a method and its values (empty when valid). Amount formats (2 decimals,
 * positive, installment ≤ total) are the decimal fields' own rules; this checks what each
 * method needs and forbids.
 */
export function discountIssues(v: DiscountFields): Partial<Record<'method' | 'rate' | 'total' | 'installment', string>> {
  const issues: Partial<Record<'method' | 'rate' | 'total' | 'installment', string>> = {};
  if (!METHODS_BY_KIND[v.kind].includes(v.method)) return { method: DISCOUNT_MSG.method };
  if (hasTotal(v.method)) {
    if (blank(v.total)) issues.total = DISCOUNT_MSG.totalRequired;
    if (blank(v.installment)) issues.installment = DISCOUNT_MSG.installmentRequired;
  } else if (!blank(v.total)) issues.total = DISCOUNT_MSG.noTotal;
  if (usesRate(v.method)) {
    if (blank(v.rate)) issues.rate = DISCOUNT_MSG.rateRequired(v.method);
    else if (!/^\d+(\.\d{1,4})?$/.test(v.rate!.trim())) issues.rate = /^\d+\.\d{5,}$/.test(v.rate!.trim()) ? DISCOUNT_MSG.rateDecimals : v.method === 'porcentaje' ? DISCOUNT_MSG.percentRange : DISCOUNT_MSG.factorPositive;
    else if (v.method === 'porcentaje' && (dec(v.rate!).lte(0) || dec(v.rate!).gt(100))) issues.rate = DISCOUNT_MSG.percentRange;
    else if (v.method === 'factor' && dec(v.rate!).lte(0)) issues.rate = DISCOUNT_MSG.factorPositive;
  } else if (!blank(v.rate)) issues.rate = DISCOUNT_MSG.noRate;
  if (v.method === 'cuota_fija' && blank(v.installment)) issues.installment = DISCOUNT_MSG.monthlyRequired;
  return issues;
}

// ---- the amount of one payroll --------------------------------------------------------

export type TraceStep = { label: string; amount: string };

export type PeriodDiscountInput = {
  method: Exclude<DiscountMethod, 'monto'>;
  kind: AgreementKind;
  folio: number;
  /** factor (veces) or percentage (e.g. "20" for 20 %). */
  rate: string | null;
  /** cuota_fija: the monthly amount. */
  monthly: string | null;
  /** Days of the payroll period (semanal 7, quincenal 15, extraordinaria its dates). */
  periodDays: number;
  /** Days the IMSS quota of the period is computed with (the paid days). */
  imssDays: DecimalLike;
  /** SBC daily of the employee as the quotas take it (the payroll passes it capped at 25 UMA). */
  sbcDaily: DecimalLike;
  /** Daily UMA in force on the payment date (product fiscal tables). */
  umaDaily: DecimalLike;
  /** Perceptions − ISR withheld − IMSS withheld of the receipt (see pensionBase). */
  pensionBase: DecimalLike;
};

/**
 * The pensión alimenticia base: «percepciones ordinarias y extraordinarias menos deducciones de
 * ley», i.e. every perception of the receipt (taxed and exempt) less the ISR and the IMSS quota
 * withheld. Other deductions (loans, INFONAVIT, captured ones) and the informative subsidy do not
 * lower it; cash «otros pagos» (viáticos, reimbursements) are not perceptions and do not raise it.
 * A court order that names another base is captured as a cuota fija.
 */
export const pensionBase = (perceptions: DecimalLike, isrWithheld: DecimalLike, imssWithheld: DecimalLike): string =>
  money(dec(perceptions).minus(isrWithheld).minus(imssWithheld));

/**
 * One payroll's discount of a convenio without total, rounded half-up to centavos once, with the
 * steps for the payroll's fiscal trace.
 *  - INFONAVIT porcentaje: % × SBC daily × the period's IMSS (paid) days — the aviso's «porcentaje»
 *    is over the salario diario integrado of the days cotizados (confirmed: published payroll guides
 *    compute SDI × días cotizados × %). Seguro de daños is not added (its amount is not confirmed).
 *  - cuota fija: monthly ÷ 30.4 × the period's days; not reduced for absences or incapacidades
 *    (INFONAVIT communiqué of 13-Mar-2025 for pesos and «cuota fija en VSM» avisos: the amount of the
 *    aviso is kept whole).
 *  - factor: the aviso's factor is monthly, in times the daily unit: factor × UMA daily ÷ 30.4 ×
 *    the period's days. UNCONFIRMED: INFONAVIT values credits in VSM with the UMI (Unidad Mixta
 *    INFONAVIT), not the UMA; the product has no UMI table, so the UMA of the payment date is used
 *    (as the issue asks) and the trace names it. Compare with the aviso before relying on it.
 *  - pensión porcentaje: % × pensionBase.
 */
export function periodDiscount(i: PeriodDiscountInput): { amount: string; trace: TraceStep[] } {
  const days = String(i.periodDays);
  const head = `Convenio ${i.folio}`;
  if (i.method === 'cuota_fija') {
    const amount = money(dec(i.monthly ?? 0).dividedBy(MONTH_DAYS).times(i.periodDays));
    return { amount, trace: [{ label: `${head}: cuota fija mensual ${money(i.monthly ?? 0)} ÷ ${MONTH_DAYS} × ${days} días del periodo`, amount }] };
  }
  const rate = dec(i.rate ?? 0);
  if (i.method === 'factor') {
    const amount = money(rate.times(i.umaDaily).dividedBy(MONTH_DAYS).times(i.periodDays));
    return {
      amount,
      trace: [{ label: `${head}: factor ${rate.toString()} × UMA diaria ${money(i.umaDaily)} ÷ ${MONTH_DAYS} × ${days} días del periodo (la UMA sustituye a la UMI de INFONAVIT)`, amount }],
    };
  }
  if (i.kind === 'pension_alimenticia') {
    const amount = money(rate.dividedBy(100).times(i.pensionBase));
    return {
      amount,
      trace: [
        { label: `${head}: base de la pensión = percepciones − ISR retenido − IMSS retenido`, amount: money(i.pensionBase) },
        { label: `${head}: ${rate.toString()} % de la base`, amount },
      ],
    };
  }
  const amount = money(rate.dividedBy(100).times(i.sbcDaily).times(i.imssDays));
  return { amount, trace: [{ label: `${head}: ${rate.toString()} % × SBC diario ${money(i.sbcDaily)} × ${dec(i.imssDays).toString()} días cotizados`, amount }] };
}

/**
 * Pensión and INFONAVIT are not subject to the LFT art. 110 limits, but a receipt never pays a
 * negative net: the discount is capped to what is left (the employer does not discount beyond the
 * salary paid), and the trace says so. Never below zero.
 */
export function capToNet(amount: DecimalLike, available: DecimalLike, folio: number): { amount: string; trace: TraceStep[] } {
  const left = dec(available).lt(0) ? dec(0) : dec(available);
  if (dec(amount).lte(left)) return { amount: money(amount), trace: [] };
  const capped = money(left);
  return { amount: capped, trace: [{ label: `Convenio ${folio}: limitado al neto disponible; no se descontaron ${money(dec(amount).minus(capped))} para no dejar el neto negativo`, amount: capped }] };
}
