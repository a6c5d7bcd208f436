// Payroll rules (pure; the server and the SPA import them): the days of a
// period, the default days worked, who earns only the minimum wage, the
// validation of incidents, and one employee's calculation — sueldo, overtime
// with its exempt part, the prima dominical and the rest days worked
// (./restDaysWorked.ts), captured extras by their concept's rule, the taxes
// (the fiscal engine is passed in, so this file never reads tables), the
// convenio installments and the net. decimal.js throughout; every line is
// rounded half-up to centavos once.
import { addDays, daysBetween, formatDateMx, isIsoDate } from '../dates';
import { defineLifecycle } from '../lifecycle';
import { Decimal, dec, formatMxn, money, sum, type DecimalLike } from '../money';
import { capToNet, pensionBase, periodDiscount, type DiscountMethod, type TraceStep } from './agreementDiscounts';
import { fractionIExempt, PRIMA_DOMINICAL_PERCENT, primaDominical, REST_DAY_WORKED_FACTOR, restDaysWorkedPay } from './restDaysWorked';

export type PayrollKind = 'semanal' | 'quincenal' | 'extraordinaria' | 'aguinaldo' | 'finiquito' | 'ptu';
/** How an aguinaldo payroll withholds ISR (MX_FISCAL «Aguinaldo»): RLISR art. 174, or art. 96 with the payment added to the month's ordinary income. */
export type AguinaldoIsrMethod = 'art174' | 'art96';
export type PayFrequency = 'semanal' | 'quincenal';
export type ConceptKind = 'percepcion' | 'deduccion' | 'otro_pago';
export type TaxableRule = 'gravado' | 'exento' | 'exento_uma';
export type AgreementKind = 'prestamo' | 'descuento' | 'pension_alimenticia' | 'fonacot' | 'infonavit';
export type LineSource = 'captura' | 'calculo' | 'convenio';

export const PAYROLL_KIND_LABELS: Readonly<Record<PayrollKind, string>> = { semanal: 'Semanal', quincenal: 'Quincenal', extraordinaria: 'Extraordinaria', aguinaldo: 'Aguinaldo', finiquito: 'Finiquito', ptu: 'PTU' };
export const PAYROLL_STATUS_LABELS = { borrador: 'Borrador', calculada: 'Calculada', cerrada: 'Cerrada' } as const;
export const AGUINALDO_ISR_METHOD_LABELS: Readonly<Record<AguinaldoIsrMethod, string>> = {
  art174: 'Art. 174 RLISR (tasa mensualizada)',
  art96: 'Art. 96 LISR (sumado al mes)',
};

/** How an extraordinaria withholds ISR: the employer chooses (art. 96 unless art. 174 is chosen). */
export const EXTRAORDINARY_ISR_METHOD_LABELS: Readonly<Record<AguinaldoIsrMethod, string>> = {
  art96: 'Art. 96 LISR (sumado al periodo)',
  art174: 'Art. 174 RLISR (tasa mensualizada)',
};

/** The payroll's ISR method as its screens and documents name it; '—' for a kind that has none. */
export function isrMethodLabel(kind: PayrollKind, method: AguinaldoIsrMethod | null | undefined): string {
  if (kind === 'extraordinaria') return EXTRAORDINARY_ISR_METHOD_LABELS[method ?? 'art96'];
  return method ? AGUINALDO_ISR_METHOD_LABELS[method] : '—';
}

/** Ordinary payrolls (semanal, quincenal): one per employee and period; the others may share its dates. */
export const isOrdinaryPayroll = (kind: PayrollKind): kind is PayFrequency => kind === 'semanal' || kind === 'quincenal';

// ---- the receipts' CFDI de nómina ----------------------------------------------------

/**
 * A receipt's stamping once its payroll is closed (sin_timbrar = the column is null: closed before
 * stamping existed, or never sealed). The close or «Timbrar» seals it (pendiente, or rechazada when a
 * datum or the CSD is missing); the PAC's answer stamps or refuses it; «Excluir del timbrado» leaves a
 * receipt that cannot be stamped out, with a reason, for good. A pendiente receipt is never excluded:
 * the PAC may have stamped it already, and «Timbrar» finds out. The payroll is stamped in full
 * (stampingCompletedAt) when every receipt is timbrada or excluida.
 * A timbrada receipt of a closed payroll is corrected («Corregir recibo»: new figures, a new CFDI
 * related 04 to the old UUID, sealed → pendiente; the old UUID is cancelled with motivo 01 once the
 * new one is stamped) or cancelled without substitute («Cancelar recibo», motivo 02/03, final).
 */
export const RECEIPT_STAMP_LIFECYCLE = defineLifecycle({
  labels: { sin_timbrar: 'Sin timbrar', pendiente: 'Pendiente', timbrada: 'Timbrada', rechazada: 'Rechazada', excluida: 'Excluida', cancelada: 'Cancelada' },
  actions: {
    sellar: { label: 'Timbrar', edges: { sin_timbrar: ['pendiente', 'rechazada'], rechazada: ['pendiente', 'rechazada'] } },
    respuestaPac: { label: 'Respuesta del PAC', edges: { pendiente: ['timbrada', 'rechazada'] } },
    excluir: { label: 'Excluir del timbrado', edges: { sin_timbrar: ['excluida'], rechazada: ['excluida'] } },
    corregir: { label: 'Corregir recibo', edges: { timbrada: ['pendiente'] } },
    cancelar: { label: 'Cancelar recibo', edges: { timbrada: ['cancelada'] } },
  },
});
export type ReceiptStampState = keyof typeof RECEIPT_STAMP_LIFECYCLE.labels;

/** A stored stamp_status (null before sealing) as a lifecycle state. */
export const receiptStampState = (status: string | null): ReceiptStampState => (status ?? 'sin_timbrar') as ReceiptStampState;

/** Receipts that keep a closed payroll from being stamped in full. */
export const isReceiptUnsettled = (status: string | null): boolean => status !== 'timbrada' && status !== 'excluida' && status !== 'cancelada';

/** Motivos SAT accepts for cancelling a payroll receipt without substitute (01 goes with «Corregir recibo»). */
export const RECEIPT_CANCEL_MOTIVOS = ['02', '03'] as const;
export type ReceiptCancelMotivo = (typeof RECEIPT_CANCEL_MOTIVOS)[number];
export const AGREEMENT_KIND_LABELS: Readonly<Record<AgreementKind, string>> = {
  prestamo: 'Préstamo',
  descuento: 'Descuento',
  pension_alimenticia: 'Pensión alimenticia',
  fonacot: 'FONACOT',
  infonavit: 'INFONAVIT',
};
export const AGREEMENT_STATUS_LABELS = { activo: 'Activo', liquidado: 'Liquidado', cancelado: 'Cancelado' } as const;
export const CONCEPT_KIND_LABELS: Readonly<Record<ConceptKind, string>> = { percepcion: 'Percepción', deduccion: 'Deducción', otro_pago: 'Otro pago' };

/** Concepts the calculation posts itself; they cannot be captured by hand. */
export const SYSTEM_CONCEPTS = [
  { key: 'SUELDO', code: 'SUELDO', name: 'Sueldo', kind: 'percepcion', satCode: '001', taxableRule: 'gravado', exemptUma: null },
  // The exempt part of double overtime (art. 93 fr. I LISR) is computed by the calculation; the 5 UMA are per week.
  { key: 'HORAS_EXTRA_DOBLES', code: 'HE-DOBLES', name: 'Horas extra dobles', kind: 'percepcion', satCode: '019', taxableRule: 'exento_uma', exemptUma: '5' },
  // The aguinaldo payroll's (issue 27): exempt up to 30 UMA a calendar year, computed by the calculation (schema/rh/benefits.ts).
  { key: 'AGUINALDO', code: 'AGUINALDO', name: 'Gratificación anual (aguinaldo)', kind: 'percepcion', satCode: '002', taxableRule: 'exento_uma', exemptUma: '30' },
  // The finiquito payroll's (issue 27; MX_FISCAL «Finiquito and liquidación»), amounts and exempt parts by separation() of schema/rh/benefits.ts.
  { key: 'VACACIONES', code: 'VACACIONES', name: 'Vacaciones no disfrutadas', kind: 'percepcion', satCode: '001', taxableRule: 'gravado', exemptUma: null },
  { key: 'PRIMA_VACACIONAL', code: 'PRIMA-VAC', name: 'Prima vacacional', kind: 'percepcion', satCode: '021', taxableRule: 'exento_uma', exemptUma: '15' },
  { key: 'INDEMNIZACION', code: 'INDEMNIZACION', name: 'Indemnización (3 meses)', kind: 'percepcion', satCode: '025', taxableRule: 'exento_uma', exemptUma: '90' },
  { key: 'INDEMNIZACION_20_DIAS', code: 'INDEM-20-DIAS', name: 'Indemnización (20 días por año)', kind: 'percepcion', satCode: '025', taxableRule: 'exento_uma', exemptUma: '90' },
  { key: 'PRIMA_ANTIGUEDAD', code: 'PRIMA-ANT', name: 'Prima de antigüedad', kind: 'percepcion', satCode: '022', taxableRule: 'exento_uma', exemptUma: '90' },
  // The PTU payroll's (issue 27; MX_FISCAL «PTU»): exempt up to 15 UMA a calendar year, computed by the calculation (ptuPayroll of schema/rh/benefits.ts).
  { key: 'PTU', code: 'PTU', name: 'Participación de los trabajadores en las utilidades (PTU)', kind: 'percepcion', satCode: '003', taxableRule: 'exento_uma', exemptUma: '15' },
  { key: 'HORAS_EXTRA_TRIPLES', code: 'HE-TRIPLES', name: 'Horas extra triples', kind: 'percepcion', satCode: '019', taxableRule: 'gravado', exemptUma: null },
  // Sundays and rest days worked (issue 27; ./restDaysWorked.ts), their exempt parts computed by the calculation:
  // the prima dominical up to 1 UMA per Sunday (art. 93 fr. XIV LISR); the rest days' double salary shares the
  // overtime's art. 93 fr. I cap. c_TipoPercepcion has no code of its own for a rest day worked: 038 «Otros
  // ingresos por salarios» (019 is overtime hours, with its HorasExtra node; 001 the ordinary salary).
  { key: 'PRIMA_DOMINICAL', code: 'PRIMA-DOM', name: 'Prima dominical', kind: 'percepcion', satCode: '020', taxableRule: 'exento_uma', exemptUma: '1' },
  { key: 'DESCANSO_LABORADO', code: 'DESCANSO-LAB', name: 'Días de descanso trabajados (salario doble)', kind: 'percepcion', satCode: '038', taxableRule: 'exento_uma', exemptUma: '5' },
  { key: 'ISR', code: 'ISR', name: 'ISR', kind: 'deduccion', satCode: '002', taxableRule: 'gravado', exemptUma: null },
  { key: 'IMSS', code: 'IMSS', name: 'Seguridad social (IMSS)', kind: 'deduccion', satCode: '001', taxableRule: 'gravado', exemptUma: null },
  // Informative since May 2024: it lowers the ISR, it is not paid in cash.
  { key: 'SUBSIDIO', code: 'SUBSIDIO', name: 'Subsidio para el empleo', kind: 'otro_pago', satCode: '002', taxableRule: 'exento', exemptUma: null },
  { key: 'CONVENIO_PRESTAMO', code: 'CONV-PRESTAMO', name: 'Préstamo (convenio)', kind: 'deduccion', satCode: '004', taxableRule: 'gravado', exemptUma: null },
  { key: 'CONVENIO_DESCUENTO', code: 'CONV-DESCUENTO', name: 'Descuento (convenio)', kind: 'deduccion', satCode: '004', taxableRule: 'gravado', exemptUma: null },
  { key: 'CONVENIO_PENSION', code: 'CONV-PENSION', name: 'Pensión alimenticia', kind: 'deduccion', satCode: '007', taxableRule: 'gravado', exemptUma: null },
  { key: 'CONVENIO_FONACOT', code: 'CONV-FONACOT', name: 'Abono FONACOT', kind: 'deduccion', satCode: '011', taxableRule: 'gravado', exemptUma: null },
  { key: 'CONVENIO_INFONAVIT', code: 'CONV-INFONAVIT', name: 'Crédito INFONAVIT', kind: 'deduccion', satCode: '010', taxableRule: 'gravado', exemptUma: null },
] as const satisfies readonly { key: string; code: string; name: string; kind: ConceptKind; satCode: string; taxableRule: TaxableRule; exemptUma: string | null }[];

export type SystemKey = (typeof SYSTEM_CONCEPTS)[number]['key'];

export const AGREEMENT_CONCEPT: Readonly<Record<AgreementKind, SystemKey>> = {
  prestamo: 'CONVENIO_PRESTAMO',
  descuento: 'CONVENIO_DESCUENTO',
  pension_alimenticia: 'CONVENIO_PENSION',
  fonacot: 'CONVENIO_FONACOT',
  infonavit: 'CONVENIO_INFONAVIT',
};

/** Days a payroll pays: semanal 7, quincenal 15 (whatever the calendar), extraordinaria (and aguinaldo) its own dates. */
export function payrollPeriodDays(kind: PayrollKind, periodStart: string, periodEnd: string): number {
  if (kind === 'semanal') return 7;
  if (kind === 'quincenal') return 15;
  return daysBetween(periodStart, periodEnd) + 1;
}

/** The fortnight (1–15, or 16 to the month's end) that contains `date`: the default period of a new quincenal payroll. */
export function quincenaOf(date: string): { start: string; end: string } {
  const month = date.slice(0, 8);
  if (Number(date.slice(8, 10)) <= 15) return { start: `${month}01`, end: `${month}15` };
  const nextMonth = addDays(`${month}28`, 4).slice(0, 8);
  return { start: `${month}16`, end: addDays(`${nextMonth}01`, -1) };
}

/** The art. 96 tariff a payroll uses: the one of its frequency (an extraordinaria names one). */
export const taxPeriodOf = (frequency: PayFrequency): 'SEMANAL' | 'QUINCENAL' => (frequency === 'semanal' ? 'SEMANAL' : 'QUINCENAL');

/**
 * Days of the period the employee was employed. Employed the whole period: the period's days (a
 * 16-day second fortnight and a 13-day second half of February both pay 15). Hired inside it: the
 * calendar days from the hire date to the period end, never more than the period's days, never negative.
 */
export function employedDays(periodStart: string, periodEnd: string, periodDays: number, hireDate: string): number {
  if (hireDate <= periodStart) return periodDays;
  const calendar = daysBetween(hireDate, periodEnd) + 1;
  return Math.max(0, Math.min(periodDays, calendar));
}

export type ImssDaysInput = {
  periodStart: string;
  periodEnd: string;
  periodDays: number;
  hireDate: string;
  daysWorked: DecimalLike;
  absences: DecimalLike;
  /** Days of IMSS incapacity certificates inside the period (LSS art. 31 fr. IV). */
  incapacityDays?: number;
};

/**
 * IMSS quota days of an ordinary period. ISR and the subsidy keep the period's fixed days (15 for a
 * quincena), but IMSS charges the calendar days as SUA liquidates them (a quincena 13–16, a month
 * 28–31): the calendar days employed, less the days captured as not worked below the days employed,
 * the absences and the incapacity days. Never negative.
 */
export function imssQuotaDays(p: ImssDaysInput): string {
  const from = p.hireDate > p.periodStart ? p.hireDate : p.periodStart;
  const calendar = Math.max(0, daysBetween(from, p.periodEnd) + 1);
  const notWorked = Decimal.max(0, dec(employedDays(p.periodStart, p.periodEnd, p.periodDays, p.hireDate)).minus(p.daysWorked));
  const days = dec(calendar).minus(notWorked).minus(p.absences).minus(p.incapacityDays ?? 0);
  return Decimal.max(0, days).toString();
}

/** Art. 96 LISR: a worker whose daily salary is at or under the minimum wage of their zone has no ISR withheld. */
export function isMinimumWageOnly(dailySalary: DecimalLike, zone: 'general' | 'frontera', minimumWage: { general: string; borderZone: string }): boolean {
  return dec(dailySalary).lte(zone === 'frontera' ? minimumWage.borderZone : minimumWage.general);
}

// ---- one payroll per employee and period -------------------------------------------

export type PeriodRange = { periodStart: string; periodEnd: string };

/** Two periods share at least one day. */
export const periodsOverlap = (a: PeriodRange, b: PeriodRange): boolean => a.periodStart <= b.periodEnd && b.periodStart <= a.periodEnd;

/** "la nómina 12 (01/11/2026 al 15/11/2026)": how messages name another payroll (its folio and dates, as the receipts do). */
export const payrollReference = (p: { folio: number } & PeriodRange): string => `la nómina ${p.folio} (${formatDateMx(p.periodStart)} al ${formatDateMx(p.periodEnd)})`;

/**
 * Days of an extraordinary payroll's period, from `from` (the hire date, when later) to its end, that no
 * closed ordinary payroll of the employee already paid: the salary days (and so the IMSS days) it may still pay.
 */
export function unpaidDays(period: PeriodRange, paid: readonly PeriodRange[], from: string | null = null): number {
  let days = 0;
  for (let d = from && from > period.periodStart ? from : period.periodStart; d <= period.periodEnd; d = addDays(d, 1)) {
    if (!paid.some((p) => p.periodStart <= d && d <= p.periodEnd)) days++;
  }
  return days;
}

// ---- validation (Spanish messages per field) ----------------------------------------

export const PAYROLL_MSG = {
  periodOrder: 'El fin del periodo no puede ser anterior a su inicio.',
  paymentBeforeStart: 'La fecha de pago no puede ser anterior al inicio del periodo.',
  frequencyRequired: 'Indica si la nómina extraordinaria es para empleados semanales o quincenales.',
  aguinaldoFrequencyRequired: 'Indica si la nómina de aguinaldo es para empleados semanales o quincenales.',
  periodTooLong: 'El periodo de una nómina extraordinaria no puede pasar de 31 días.',
  absencesOverDays: 'Las faltas no pueden ser más que los días trabajados.',
  daysOverPeriod: (days: number) => `Los días trabajados no pueden ser más que los ${days} días del periodo.`,
  notNegative: 'No puede ser negativo.',
  halfDays: 'Captura días completos o medios días (p. ej. 1.5).',
  overtimeDaysNeeded: (kind: 'dobles' | 'triples') => `Indica en cuántos días trabajó las horas extra ${kind} (el CFDI de nómina lo pide).`,
  overtimeDaysWithoutHours: (kind: 'dobles' | 'triples') => `Sin horas extra ${kind} no hay días de horas extra ${kind}.`,
  overtimeDaysOverPeriod: (days: number) => `No pueden ser más que los ${days} días del periodo.`,
  overtimeDaysWhole: 'Captura días enteros.',
  hours: 'Máximo 2 decimales.',
  amountPositive: 'El importe debe ser mayor a cero.',
  aguinaldoDeadline: 'El aguinaldo se paga a más tardar el 20 de diciembre (art. 87 LFT).',
  aguinaldoDays: 'Los días de aguinaldo van de 15 (art. 87 LFT) a 365.',
  exclusionReason: 'Escribe por qué el recibo no se timbra.',
  ptuYear: 'Indica el ejercicio (año) cuyas utilidades se reparten.',
  ptuAmount: 'Captura la PTU a repartir: un importe mayor a cero con hasta 2 decimales.',
  ptuPaymentAfterYear: (year: number) => `La PTU se paga después del cierre del ejercicio: la fecha de pago debe ser posterior al 31/12/${year}.`,
  finiquitoFromBaja: 'La nómina de finiquito se crea desde la baja del empleado («Calcular finiquito»).',
  finiquitoNotTerminated: 'El empleado no está dado de baja: registra su baja antes de calcular el finiquito.',
  finiquitoPaymentBeforeBaja: (baja: string) => `La fecha de pago no puede ser anterior a la fecha de baja (${formatDateMx(baja)}).`,
  finiquitoDays: 'Días devengados de 0 a 31, completos o medios (p. ej. 1.5).',
  finiquitoVacationDays: 'Días de vacaciones pendientes de 0 a 365 (máximo 2 decimales).',
  finiquitoTwentyDays: 'Los 20 días por año solo aplican en un despido injustificado.',
} as const;

/** pendingVacationDaysFromPastYears empty or absent: the server takes the employee's vacation balance on the baja date. */
export type SeparationPayrollValues = { kind: 'RENUNCIA' | 'DESPIDO_INJUSTIFICADO'; salaryOwedDays: string; pendingVacationDaysFromPastYears?: string | null; twentyDaysPerYear: boolean; paymentDate: string };

/** Cross-field checks of a finiquito payroll against the employee's baja (the per-field formats are the caller's schema). */
export function validateSeparationPayroll(v: SeparationPayrollValues, separationDate: string): FieldMessages {
  const fields: FieldMessages = {};
  const owed = dec(v.salaryOwedDays);
  if (owed.isNegative() || owed.gt(31) || !owed.times(2).isInteger()) fields.salaryOwedDays = PAYROLL_MSG.finiquitoDays;
  const pending = v.pendingVacationDaysFromPastYears ? dec(v.pendingVacationDaysFromPastYears) : dec(0);
  if (pending.isNegative() || pending.gt(365)) fields.pendingVacationDaysFromPastYears = PAYROLL_MSG.finiquitoVacationDays;
  if (v.twentyDaysPerYear && v.kind !== 'DESPIDO_INJUSTIFICADO') fields.twentyDaysPerYear = PAYROLL_MSG.finiquitoTwentyDays;
  if (isIsoDate(v.paymentDate) && v.paymentDate < separationDate) fields.paymentDate = PAYROLL_MSG.finiquitoPaymentBeforeBaja(separationDate);
  return fields;
}

/**
 * The period a finiquito's receipt reports (FechaInicialPago–FechaFinalPago): the salary days owed up to the
 * baja, counted back from it (never before the hire date); the baja day alone when no salary is owed.
 */
export function separationPeriod(hireDate: string, separationDate: string, salaryOwedDays: DecimalLike): PeriodRange {
  const days = Math.ceil(dec(salaryOwedDays).toNumber());
  const start = days > 1 ? addDays(separationDate, -(days - 1)) : separationDate;
  return { periodStart: start < hireDate ? hireDate : start, periodEnd: separationDate };
}

/** Days of aguinaldo a payroll may pay: the legal 15 or more (contract), at most a year; whole or half days. */
export function validateAguinaldoDays(days: DecimalLike): string | null {
  const d = dec(days);
  return d.lt(15) || d.gt(365) || !d.times(2).isInteger() ? PAYROLL_MSG.aguinaldoDays : null;
}

export type FieldMessages = Record<string, string>;

export function validatePayrollDates(v: { kind: PayrollKind; frequency?: PayFrequency | null; periodStart: string; periodEnd: string; paymentDate: string }): FieldMessages {
  const fields: FieldMessages = {};
  if (!isIsoDate(v.periodStart) || !isIsoDate(v.periodEnd) || !isIsoDate(v.paymentDate)) return fields;
  if (v.periodEnd < v.periodStart) fields.periodEnd = PAYROLL_MSG.periodOrder;
  else if (v.kind === 'extraordinaria' && daysBetween(v.periodStart, v.periodEnd) + 1 > 31) fields.periodEnd = PAYROLL_MSG.periodTooLong;
  if (v.paymentDate < v.periodStart) fields.paymentDate = PAYROLL_MSG.paymentBeforeStart;
  if (v.kind === 'extraordinaria' && !v.frequency) fields.frequency = PAYROLL_MSG.frequencyRequired;
  if (v.kind === 'aguinaldo' && !v.frequency) fields.frequency = PAYROLL_MSG.aguinaldoFrequencyRequired;
  if (v.kind === 'aguinaldo' && v.paymentDate.slice(5) > '12-20') fields.paymentDate = PAYROLL_MSG.aguinaldoDeadline;
  return fields;
}

/**
 * c_TipoContrato of the eventual workers (obra or tiempo determinado), who share the PTU only with at least
 * PTU_EVENTUAL_MIN_DAYS days worked in the ejercicio (LFT art. 127 fr. VII).
 */
export const EVENTUAL_CONTRACT_TYPES: readonly string[] = ['02', '03'];
export const PTU_EVENTUAL_MIN_DAYS = 60;

export type EmploymentStint = { from: string; to: string | null };

/**
 * Days of the calendar year `year` within the stints of employment (both ends counted, each stint clipped to
 * 1 January – 31 December; an open stint runs to the year's end).
 */
export function daysEmployedInYear(stints: readonly EmploymentStint[], year: number): number {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  let days = 0;
  for (const s of stints) {
    const from = s.from > first ? s.from : first;
    const to = s.to === null || s.to > last ? last : s.to;
    if (from <= to) days += daysBetween(from, to) + 1;
  }
  return days;
}

/**
 * The stints of an employment history (alta or reingreso opens one, a baja closes it); a record kept before
 * the history has none: then its hire date to its baja.
 */
export function employmentStints(events: readonly { event: string; date: string }[], fallback: EmploymentStint): EmploymentStint[] {
  const stints: EmploymentStint[] = [];
  let open: string | null = null;
  for (const ev of events) {
    if (ev.event === 'alta' || ev.event === 'reingreso') open ??= ev.date;
    else if (ev.event === 'baja' && open !== null) {
      stints.push({ from: open, to: ev.date });
      open = null;
    }
  }
  if (open !== null) stints.push({ from: open, to: null });
  return stints.length ? stints : [fallback];
}

/** A PTU payroll's header (issue 27): the ejercicio, the amount to distribute (> 0) and a payment date after the ejercicio. */
export function validatePtuPayroll(v: { ptuYear?: number | null; ptuAmount?: string | null; paymentDate: string }): FieldMessages {
  const fields: FieldMessages = {};
  if (v.ptuYear == null || !Number.isInteger(v.ptuYear) || v.ptuYear < 2000 || v.ptuYear > 2999) fields.ptuYear = PAYROLL_MSG.ptuYear;
  if (v.ptuAmount == null || !dec(v.ptuAmount).gt(0) || !dec(v.ptuAmount).times(100).isInteger()) fields.ptuAmount = PAYROLL_MSG.ptuAmount;
  if (!fields.ptuYear && isIsoDate(v.paymentDate) && v.paymentDate <= `${v.ptuYear}-12-31`) fields.paymentDate = PAYROLL_MSG.ptuPaymentAfterYear(v.ptuYear!);
  return fields;
}

export type IncidentValues = {
  daysWorked: string;
  absences: string;
  overtimeDoubleHours: string;
  overtimeTripleHours: string;
  /** Days of the period on which the double / triple hours were worked (the CFDI's HorasExtra Dias); absent = 0. */
  overtimeDoubleDays?: number;
  overtimeTripleDays?: number;
};

/** Cross-field checks of an incident (the per-field number formats are checked by the caller's schema). */
export function validateIncident(v: IncidentValues, periodDays: number): FieldMessages {
  const fields: FieldMessages = {};
  const isHalf = (x: string) => dec(x).times(2).isInteger();
  for (const key of ['daysWorked', 'absences', 'overtimeDoubleHours', 'overtimeTripleHours'] as const) {
    if (dec(v[key]).isNegative()) fields[key] = PAYROLL_MSG.notNegative;
  }
  if (!fields.daysWorked && !isHalf(v.daysWorked)) fields.daysWorked = PAYROLL_MSG.halfDays;
  if (!fields.absences && !isHalf(v.absences)) fields.absences = PAYROLL_MSG.halfDays;
  if (!fields.daysWorked && dec(v.daysWorked).gt(periodDays)) fields.daysWorked = PAYROLL_MSG.daysOverPeriod(periodDays);
  if (!fields.absences && !fields.daysWorked && dec(v.absences).gt(v.daysWorked)) fields.absences = PAYROLL_MSG.absencesOverDays;
  // The days of the overtime (nomina12:HorasExtra Dias, an integer ≥ 1 for each kind of hours paid).
  for (const [hoursKey, daysKey, kind] of [
    ['overtimeDoubleHours', 'overtimeDoubleDays', 'dobles'],
    ['overtimeTripleHours', 'overtimeTripleDays', 'triples'],
  ] as const) {
    const days = v[daysKey] ?? 0;
    const hours = fields[hoursKey] ? dec(0) : dec(v[hoursKey]);
    if (!Number.isInteger(days)) fields[daysKey] = PAYROLL_MSG.overtimeDaysWhole;
    else if (days < 0) fields[daysKey] = PAYROLL_MSG.notNegative;
    else if (hours.gt(0) && days === 0) fields[daysKey] = PAYROLL_MSG.overtimeDaysNeeded(kind);
    else if (!fields[hoursKey] && hours.isZero() && days > 0) fields[daysKey] = PAYROLL_MSG.overtimeDaysWithoutHours(kind);
    else if (days > periodDays) fields[daysKey] = PAYROLL_MSG.overtimeDaysOverPeriod(periodDays);
  }
  return fields;
}

// ---- the calculation of one employee -----------------------------------------------

/** What the fiscal engine answers (payrollTax in ./fiscal). */
export type TaxOutcome = {
  tableYear: number;
  isr: string;
  subsidy: string;
  withheld: string;
  imssEmployee: string | null;
  steps: { label: string; amount: string }[];
  /** The IMSS part of `steps` (payrollTax's imssSteps). */
  imssSteps: { label: string; amount: string }[];
};

export type CapturedExtra = { conceptId: number; kind: ConceptKind; taxableRule: TaxableRule; exemptUma: string | null; amount: string; description: string };
export type ComputedPerception = { systemKey: SystemKey; amount: string; taxable: string; exempt: string; quantity: string | null; description: string };
/**
 * A convenio the payroll deducts. `method` absent = 'monto' (installment up to the balance); the
 * methods without total (agreementDiscounts.ts) carry `rate` (factor or %) or `installment` (the
 * cuota fija mensual) and no balance.
 */
export type AgreementDue = { agreementId: number; folio: number; kind: AgreementKind; installment: string | null; balance: string | null; method?: DiscountMethod; rate?: string | null };

export type EmployeeCalcInput = {
  dailySalary: string;
  minimumWageOnly: boolean;
  daysWorked: string;
  absences: string;
  overtimeDoubleHours: string;
  overtimeTripleHours: string;
  /** Sundays worked in the period (ISO dates): prima dominical, ./restDaysWorked.ts. */
  sundaysWorked?: readonly string[];
  /** Rest days worked in the period (weekly without another in exchange, or obligatorio): double salary. */
  restDaysWorked?: readonly string[];
  /** Days of the period (weeks for the overtime exemption = days ÷ 7). */
  periodDays: number;
  /** Daily UMA in force on the payment date. */
  umaDaily: string;
  extras: readonly CapturedExtra[];
  /** Perceptions figured elsewhere with their own exemption (the prima vacacional of approved vacations). */
  computed?: readonly ComputedPerception[];
  agreements: readonly AgreementDue[];
  /** SBC daily (INFONAVIT porcentaje convenios); 0 when absent. */
  sbcDaily?: string;
  /** IMSS quota days of the period (imssQuotaDays: calendar days less the days not paid); the paid days when absent. */
  imssDays?: string;
  /** ISR, subsidio and IMSS for the taxable income and the paid days. */
  tax: (taxableIncome: string, paidDays: number) => TaxOutcome;
  /**
   * An extraordinaria: the ISR of every taxable perception but the salary days (the bonus, the commission…)
   * by the method the employer chose (`method` names it in the trace): art. 96 added to the period's
   * ordinary income, or RLISR art. 174. The salary days it still pays stay ordinary income and keep `tax`,
   * the period's art. 96 tariff with its subsidy; the ISR withheld is the sum of both.
   */
  extraordinaryIsr?: { method: string; isr: (taxable: string) => { isr: string; steps: readonly TraceStep[] } };
};

export type CalcLine = {
  /** The system concept posted, or null for a captured concept (conceptId set). */
  systemKey: SystemKey | null;
  conceptId: number | null;
  kind: ConceptKind;
  source: LineSource;
  agreementId: number | null;
  description: string;
  amount: string;
  taxable: string;
  exempt: string;
  quantity: string | null;
};

export type EmployeeCalcResult = {
  paidDays: string;
  lines: CalcLine[];
  perceptions: string;
  taxable: string;
  exempt: string;
  isr: string;
  subsidy: string;
  isrWithheld: string;
  imssEmployee: string;
  /** ISR withheld + IMSS + captured deductions + convenio installments. */
  deductions: string;
  /** Other payments paid in cash (captured otro_pago concepts); the subsidio is informative and not included. */
  otherPayments: string;
  /** perceptions + otherPayments − deductions; may be negative (the close refuses it). */
  net: string;
  tableYear: number;
  fiscalTrace: { label: string; amount: string }[];
};

const ZERO = '0.00';
const minOf = (a: Decimal, b: Decimal) => (a.lt(b) ? a : b);

/** Exempt part of a captured perception by its concept's rule; exento_uma caps at exemptUma × UMA per period. */
export function exemptPart(amount: DecimalLike, rule: TaxableRule, exemptUma: string | null, umaDaily: DecimalLike): string {
  if (rule === 'gravado') return ZERO;
  if (rule === 'exento') return money(amount);
  return money(minOf(dec(amount), dec(exemptUma ?? 0).times(umaDaily)));
}

/**
 * Double overtime (art. 93 fr. I LISR): all exempt for minimum-wage workers;
 * otherwise 50 % of it is exempt up to 5 UMA per week of the period.
 */
export function doubleOvertimeExempt(amount: DecimalLike, minimumWageOnly: boolean, umaDaily: DecimalLike, periodDays: number): string {
  return fractionIExempt({ overtimeDouble: amount, restDayPay: 0, minimumWageOnly, umaDaily, periodDays }).overtimeExempt;
}

/**
 * The ISR of an extraordinaria (EmployeeCalcInput.extraordinaryIsr): the salary days by the period's tariff
 * (with the subsidy, which only they cause), the rest by the employer's method; IMSS as always.
 */
function splitTax(input: EmployeeCalcInput, taxable: string, salary: string, paidDays: number): TaxOutcome {
  const ordinary = dec(salary);
  const rest = money(dec(taxable).minus(ordinary));
  const period = input.tax(money(ordinary), paidDays);
  const { method, isr: restIsr } = input.extraordinaryIsr!;
  const annual = restIsr(rest);
  const hasSalary = ordinary.gt(0);
  const isr = money(dec(hasSalary ? period.isr : 0).plus(annual.isr));
  const withheld = money(dec(hasSalary ? period.withheld : 0).plus(annual.isr));
  return {
    tableYear: period.tableYear,
    isr,
    subsidy: hasSalary ? period.subsidy : ZERO,
    withheld,
    imssEmployee: period.imssEmployee,
    imssSteps: period.imssSteps,
    steps: [
      { label: 'Sueldo de los días que paga esta nómina: tarifa del periodo (art. 96 LISR)', amount: money(ordinary) },
      ...(hasSalary
        ? period.steps
        : [{ label: 'Sin días de sueldo en esta nómina extraordinaria: no causa subsidio para el empleo (va con los días que paga la nómina ordinaria)', amount: ZERO }, ...period.imssSteps]),
      { label: `Demás percepciones gravadas: ${method}, que eligió el patrón`, amount: rest },
      ...annual.steps,
      { label: `ISR a retener (${hasSalary ? 'el del sueldo del periodo + ' : ''}el del ${method})`, amount: withheld },
    ],
  };
}

export function calculateEmployee(input: EmployeeCalcInput): EmployeeCalcResult {
  const lines: CalcLine[] = [];
  const post = (l: Omit<CalcLine, 'taxable' | 'exempt' | 'quantity' | 'agreementId' | 'description'> & Partial<CalcLine>) =>
    lines.push({ taxable: ZERO, exempt: ZERO, quantity: null, agreementId: null, description: '', ...l });

  const daily = dec(input.dailySalary);
  const paidDays = dec(input.daysWorked).minus(input.absences);
  const hourly = daily.dividedBy(8);

  const salary = money(daily.times(paidDays));
  post({ systemKey: 'SUELDO', conceptId: null, kind: 'percepcion', source: 'calculo', amount: salary, taxable: salary, quantity: paidDays.toString(), description: `${paidDays.toString()} días × ${money(daily)}` });

  // Double overtime and the rest days worked share the art. 93 fr. I exemption (overtime first).
  const doubles = dec(input.overtimeDoubleHours).gt(0) ? money(hourly.times(2).times(input.overtimeDoubleHours)) : ZERO;
  const restDays = restDaysWorkedPay(daily, input.restDaysWorked ?? []);
  const fractionI = fractionIExempt({ overtimeDouble: doubles, restDayPay: restDays?.amount ?? 0, minimumWageOnly: input.minimumWageOnly, umaDaily: input.umaDaily, periodDays: input.periodDays });
  if (dec(input.overtimeDoubleHours).gt(0)) {
    const exempt = fractionI.overtimeExempt;
    post({ systemKey: 'HORAS_EXTRA_DOBLES', conceptId: null, kind: 'percepcion', source: 'calculo', amount: doubles, exempt, taxable: money(dec(doubles).minus(exempt)), quantity: dec(input.overtimeDoubleHours).toString(), description: `${dec(input.overtimeDoubleHours).toString()} h × ${money(hourly.times(2))}` });
  }
  if (dec(input.overtimeTripleHours).gt(0)) {
    const amount = money(hourly.times(3).times(input.overtimeTripleHours));
    post({ systemKey: 'HORAS_EXTRA_TRIPLES', conceptId: null, kind: 'percepcion', source: 'calculo', amount, taxable: amount, quantity: dec(input.overtimeTripleHours).toString(), description: `${dec(input.overtimeTripleHours).toString()} h × ${money(hourly.times(3))}` });
  }
  const restSteps: TraceStep[] = [];
  const prima = primaDominical(daily, input.sundaysWorked ?? [], input.umaDaily);
  if (prima) {
    post({ systemKey: 'PRIMA_DOMINICAL', conceptId: null, kind: 'percepcion', source: 'calculo', amount: prima.amount, exempt: prima.exempt, taxable: prima.taxable, quantity: String(prima.sundays), description: `${prima.sundays} ${prima.sundays === 1 ? 'domingo' : 'domingos'} × ${prima.perSunday} (${PRIMA_DOMINICAL_PERCENT} % del salario diario)` });
    restSteps.push(...prima.steps);
  }
  if (restDays) {
    const exempt = fractionI.restDayExempt;
    post({ systemKey: 'DESCANSO_LABORADO', conceptId: null, kind: 'percepcion', source: 'calculo', amount: restDays.amount, exempt, taxable: money(dec(restDays.amount).minus(exempt)), quantity: String(restDays.days), description: `${restDays.days} ${restDays.days === 1 ? 'día' : 'días'} × ${money(daily.times(REST_DAY_WORKED_FACTOR))} (salario doble)` });
    restSteps.push(...restDays.steps, ...fractionI.steps);
  }

  for (const c of input.computed ?? []) post({ ...c, conceptId: null, kind: 'percepcion', source: 'calculo' });

  for (const x of input.extras) {
    const amount = money(x.amount);
    if (x.kind === 'percepcion') {
      const exempt = exemptPart(amount, x.taxableRule, x.exemptUma, input.umaDaily);
      post({ systemKey: null, conceptId: x.conceptId, kind: 'percepcion', source: 'captura', amount, exempt, taxable: money(dec(amount).minus(exempt)), description: x.description });
    }
  }

  const perceptionLines = lines.filter((l) => l.kind === 'percepcion');
  const taxable = money(sum(perceptionLines.map((l) => l.taxable)));
  const exempt = money(sum(perceptionLines.map((l) => l.exempt)));
  const perceptions = money(sum(perceptionLines.map((l) => l.amount)));

  const tax = input.extraordinaryIsr ? splitTax(input, taxable, salary, paidDays.toNumber()) : input.tax(taxable, paidDays.toNumber());
  const imss = money(tax.imssEmployee ?? 0);
  if (dec(tax.withheld).gt(0)) post({ systemKey: 'ISR', conceptId: null, kind: 'deduccion', source: 'calculo', amount: money(tax.withheld) });
  if (dec(imss).gt(0)) post({ systemKey: 'IMSS', conceptId: null, kind: 'deduccion', source: 'calculo', amount: imss });
  for (const x of input.extras) {
    if (x.kind === 'deduccion') post({ systemKey: null, conceptId: x.conceptId, kind: 'deduccion', source: 'captura', amount: money(x.amount), description: x.description });
  }
  // Issue 27: convenios without total first — the pensión alimenticia (preferred, LFT art. 97 and 110
  // fr. V), then INFONAVIT — each capped to the net left; then the installments by folio.
  const discountTrace: TraceStep[] = [];
  const base = pensionBase(perceptions, tax.withheld, imss);
  const cashOther = sum(input.extras.filter((x) => x.kind === 'otro_pago').map((x) => money(x.amount)));
  const priority = (a: AgreementDue) => ((a.method ?? 'monto') === 'monto' ? 2 : a.kind === 'pension_alimenticia' ? 0 : 1);
  for (const a of [...input.agreements].sort((x, y) => priority(x) - priority(y))) {
    const label = `Convenio ${a.folio} (${AGREEMENT_KIND_LABELS[a.kind]})`;
    if (a.method && a.method !== 'monto') {
      const d = periodDiscount({ method: a.method, kind: a.kind, folio: a.folio, rate: a.rate ?? null, monthly: a.installment, periodDays: input.periodDays, imssDays: input.imssDays ?? paidDays, sbcDaily: input.sbcDaily ?? 0, umaDaily: input.umaDaily, pensionBase: base });
      const available = dec(perceptions).plus(cashOther).minus(sum(lines.filter((l) => l.kind === 'deduccion').map((l) => l.amount)));
      const capped = capToNet(d.amount, available, a.folio);
      discountTrace.push(...d.trace, ...capped.trace);
      if (dec(capped.amount).gt(0)) post({ systemKey: AGREEMENT_CONCEPT[a.kind], conceptId: null, kind: 'deduccion', source: 'convenio', agreementId: a.agreementId, amount: capped.amount, description: label });
      continue;
    }
    const amount = money(minOf(dec(a.installment ?? 0), dec(a.balance ?? 0)));
    if (dec(amount).gt(0)) {
      post({ systemKey: AGREEMENT_CONCEPT[a.kind], conceptId: null, kind: 'deduccion', source: 'convenio', agreementId: a.agreementId, amount, description: `${label}, saldo ${formatMxn(a.balance ?? 0)}` });
    }
  }
  for (const x of input.extras) {
    if (x.kind === 'otro_pago') post({ systemKey: null, conceptId: x.conceptId, kind: 'otro_pago', source: 'captura', amount: money(x.amount), exempt: money(x.amount), description: x.description });
  }
  const cashOtherPayments = money(sum(lines.filter((l) => l.kind === 'otro_pago').map((l) => l.amount)));
  // Informative: SubsidioCausado for the receipt; it already lowered the ISR. Nothing earned, nothing caused.
  const subsidy = dec(taxable).gt(0) ? money(tax.subsidy) : ZERO;
  if (dec(subsidy).gt(0)) post({ systemKey: 'SUBSIDIO', conceptId: null, kind: 'otro_pago', source: 'calculo', amount: subsidy, exempt: subsidy, description: 'Subsidio causado (aplicado al ISR, no se paga en efectivo)' });

  const deductions = money(sum(lines.filter((l) => l.kind === 'deduccion').map((l) => l.amount)));
  const net = money(dec(perceptions).plus(cashOtherPayments).minus(deductions));
  return {
    paidDays: paidDays.toString(),
    lines,
    perceptions,
    taxable,
    exempt,
    isr: money(tax.isr),
    subsidy,
    isrWithheld: money(tax.withheld),
    imssEmployee: imss,
    deductions,
    otherPayments: cashOtherPayments,
    net,
    tableYear: tax.tableYear,
    fiscalTrace: [...restSteps, ...tax.steps, ...discountTrace],
  };
}

/** "1,234.50" / "−120.50" for messages (no currency sign; a true minus). */
export function formatAmount(value: DecimalLike): string {
  const d = dec(value);
  const [int, frac] = d.abs().toFixed(2).split('.');
  return `${d.isNegative() ? '−' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

export function negativeNetMessage(e: { employeeNumber: string; employeeName: string; net: string; perceptions: string; otherPayments: string; deductions: string }): string {
  const other = dec(e.otherPayments).gt(0) ? `, otros pagos ${formatAmount(e.otherPayments)}` : '';
  return `No se puede cerrar: el neto de ${e.employeeNumber} ${e.employeeName} sería ${formatAmount(e.net)} (percepciones ${formatAmount(e.perceptions)}${other}, deducciones ${formatAmount(e.deductions)}).`;
}
