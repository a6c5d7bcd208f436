// SUA (IMSS's Sistema Único de Autodeterminación) for one registro patronal and
// one bimester (issue 27): the fixed-width files of SUA's «Importación de datos»
// (asegurados and movimientos) and the bimester's quotas as SUA works them out
// from those same data — day by day from the affiliation movements, beside the
// figures the payrolls stored — so a payroll clerk can reconcile both. Pure;
// dates are YYYY-MM-DD strings, money decimal strings.
//
// Where the layouts come from. IMSS's own description (the SUA manual's
// «Importación de datos» chapter) could not be read from here: the public
// copies found are the manual's text without its tables. The widths and order
// below are the ones independent public implementations agree on:
//   - Vauxoo's l10n_mx_edi_payslip (Odoo), reports hr.sua.report and
//     hr.sua.mov.report, with a whole asegurados line in their tests;
//   - a Node payroll's SUA export that cites IMSS's «Guía rápida» (ASEG 164,
//     MOVT 49, CRED 52 characters; alta only through ASEG, 08 = reingreso);
//   - a second Odoo module (hr.payroll.sua.reports) with the same positions;
//   - TOTVS Protheus's SUA generator, whose validation messages give the
//     domains: tipo de trabajador 1–3, jornada 0–6, tipo de descuento 1–3,
//     salario up to 99999.99, valor de descuento up to 9999.9999.
// Not produced: the separate incapacidades file and the créditos INFONAVIT
// movements file (CRED): each was seen in one implementation only, and two
// readings of them disagree. Incapacities go to the movimientos file as type 12
// (all sources agree); a worker's credit goes in the asegurados line.
import { addDays, daysBetween } from '../dates';
import { Decimal, dec, money, sum } from '../money';
import { figuresOn, minimumWageOf, type WageZone } from './benefits';
import { cesantiaVejezRate, type EmployerQuotaSet } from './employerQuotas';
import { FiscalError, type FiscalYearSet } from './fiscal';
import { blanks, ddmmyyyy, imssText, type ImssMovementType } from './imssMovements';
import { bimesterMonths } from './employerRegistrations';

// ---- layouts ----------------------------------------------------------------------------

export const SUA_WORKER_LINE_LENGTH = 164;
export const SUA_MOVEMENT_LINE_LENGTH = 49;

/** SUA's movement codes this product writes: 02 baja, 07 modificación de salario, 08 reingreso, 12 incapacidad (11 ausentismo: the product keeps no dated absences). */
export type SuaMovementCode = '02' | '07' | '08' | '12';

/** SUA's «tipo de descuento» of an INFONAVIT credit. */
export type SuaDiscountType = '1' | '2' | '3';
export const SUA_DISCOUNT_TYPES: Readonly<Record<'porcentaje' | 'cuota_fija' | 'factor', SuaDiscountType>> = { porcentaje: '1', cuota_fija: '2', factor: '3' };

export type SuaCredit = { number: string; startDate: string; discountType: SuaDiscountType; value: string };

export type SuaWorkerLineInput = {
  registro: string;
  nss: string;
  rfc: string;
  curp: string;
  lastName: string;
  secondLastName: string;
  names: string;
  /** 1 permanente, 2 eventual, 3 eventual de la construcción. */
  workerType: '1' | '2' | '3';
  /** Fecha de alta (or reingreso) SUA takes the worker from. */
  altaDate: string;
  /** Salario diario integrado SUA starts from (pesos). */
  sdi: string;
  /** «Clave de ubicación»: the employer's own key; here the employee number. */
  locationKey: string;
  credit?: SuaCredit | null;
};

/** Digits only, zero-filled on the left (a longer value keeps its last digits, as the other numeric fields). */
const digits = (v: string, width: number): string => v.replace(/\D/g, '').slice(-width).padStart(width, '0');
/** An amount with `decimals` implied decimals, no point, zero-filled: 600.00 in 7 with 2 → 0060000. */
export const suaAmount = (v: string, width: number, decimals: number): string =>
  dec(v)
    .times(dec(10).pow(decimals))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toFixed(0)
    .padStart(width, '0')
    .slice(-width);

/**
 * One line of the asegurados (trabajadores) file, 164 characters:
 *
 *   pos.     width  field
 *   1–11     11     registro patronal
 *   12–22    11     NSS
 *   23–35    13     RFC
 *   36–53    18     CURP
 *   54–103   50     nombre: primer apellido $ segundo apellido $ nombre(s), blank-filled
 *   104      1      tipo de trabajador: 1 permanente, 2 eventual, 3 eventual de la construcción
 *   105      1      jornada / semana reducida: 0 semana completa (1–5 días, 6 jornada reducida)
 *   106–113  8      fecha de alta DDMMAAAA
 *   114–120  7      salario diario integrado, 5 enteros y 2 decimales sin punto
 *   121–137  17     clave de ubicación (libre del patrón)
 *   138–147  10     número de crédito INFONAVIT (blancos sin crédito)
 *   148–155  8      fecha de inicio del descuento DDMMAAAA (ceros sin crédito)
 *   156      1      tipo de descuento: 1 porcentaje, 2 cuota fija, 3 factor (0 sin crédito)
 *   157–164  8      valor del descuento, 4 enteros y 4 decimales sin punto (ceros sin crédito)
 *
 * Unconfirmed: the valor del descuento of a cuota fija (one implementation writes 5 enteros and 3
 * decimales; TOTVS's limit 9999.9999 and the other two types read 4 + 4); the zeros of the empty credit
 * fields (two implementations); the product does not capture a reduced week, so jornada is always 0.
 */
export function suaWorkerLine(w: SuaWorkerLineInput): string {
  const name = imssText(`${w.lastName.trim()}$${w.secondLastName.trim()}$${w.names.trim()}`, 50, '$');
  const credit = w.credit
    ? imssText(w.credit.number, 10) + ddmmyyyy(w.credit.startDate) + w.credit.discountType + suaAmount(w.credit.value, 8, 4)
    : blanks(10) + '00000000' + '0' + '00000000';
  return (
    imssText(w.registro, 11) +
    digits(w.nss, 11) +
    imssText(w.rfc, 13) +
    imssText(w.curp, 18) +
    name +
    w.workerType +
    '0' +
    ddmmyyyy(w.altaDate) +
    suaAmount(w.sdi, 7, 2) +
    imssText(w.locationKey, 17) +
    credit
  );
}

export type SuaMovementLineInput = {
  registro: string;
  nss: string;
  code: SuaMovementCode;
  date: string;
  /** 07 and 08: the new salario diario integrado. */
  sdi?: string | null;
  /** 12: the certificate's folio and its days. */
  folio?: string | null;
  days?: number | null;
};

/**
 * One line of the movimientos file, 49 characters:
 *
 *   pos.     width  field
 *   1–11     11     registro patronal
 *   12–22    11     NSS
 *   23–24    2      tipo de movimiento: 02 baja, 07 modificación de salario, 08 reingreso, 11 ausentismo, 12 incapacidad
 *   25–32    8      fecha del movimiento DDMMAAAA (an incapacidad: its first day)
 *   33–40    8      folio de la incapacidad (12 only)
 *   41–42    2      días de la incidencia (11 and 12)
 *   43–49    7      salario diario integrado, 5 enteros y 2 decimales (07 and 08)
 *
 * Unconfirmed: what fills the fields a type does not use. One implementation writes blanks in all
 * three, another zeros in the numeric ones; this writes blanks in the folio and zeros in días and
 * salario («numéricos con ceros a la izquierda» of the Node export that cites the guía).
 */
export function suaMovementLine(m: SuaMovementLineInput): string {
  const withSalary = m.code === '07' || m.code === '08';
  return (
    imssText(m.registro, 11) +
    digits(m.nss, 11) +
    m.code +
    ddmmyyyy(m.date) +
    (m.code === '12' ? imssText(m.folio ?? '', 8) : blanks(8)) +
    (m.code === '12' ? digits(String(m.days ?? 0), 2) : '00') +
    (withSalary ? suaAmount(m.sdi ?? '0', 7, 2) : '0000000')
  );
}

/** A whole file: CRLF after every line (SUA runs on Windows); empty when there are no lines. */
export const suaFile = (lines: readonly string[]): string => lines.map((l) => `${l}\r\n`).join('');

// ---- the bimester from the affiliation movements ---------------------------------------------

/** One affiliation movement as IDSE received it (or as derived from the employment history). */
export type SuaAffiliation = { type: ImssMovementType; date: string; sbc: string };
export type SuaIncapacity = { folio: string; startDate: string; days: number };

/** First and last day of the bimester. */
export function bimesterRange(year: number, bimester: number): { from: string; to: string; months: [string, string] } {
  const [m1, m2] = bimesterMonths(bimester);
  const first = (m: number) => `${year}-${String(m).padStart(2, '0')}-01`;
  const nextMonth = m2 === 12 ? `${year + 1}-01-01` : first(m2 + 1);
  return { from: first(m1), to: addDays(nextMonth, -1), months: [first(m1).slice(0, 7), first(m2).slice(0, 7)] };
}

/** The affiliation on a day: vigente from an alta (or reingreso) through its baja's date, with the SBC of the last alta or modificación. */
export function suaStateOn(movements: readonly SuaAffiliation[], date: string): { active: boolean; sbc: string | null } {
  let active = false;
  let sbc: string | null = null;
  for (const m of movements) {
    if (m.date > date) break;
    if (m.type === 'alta') {
      active = true;
      sbc = m.sbc;
    } else if (m.type === 'modificacion') {
      if (active) sbc = m.sbc;
    } else if (m.date < date) active = false; // the baja's own day is still cotizado
  }
  return { active, sbc };
}

/** Movements in date order (stable: same-day ones keep their order). */
export const sortedAffiliations = <T extends SuaAffiliation>(movements: readonly T[]): T[] => [...movements].sort((a, b) => a.date.localeCompare(b.date));

export type SuaPlan = {
  /** The alta SUA needs (asegurados file): its date and the SDI it starts from. */
  alta: { date: string; sdi: string };
  /** The bimester's movements for the movimientos file, in date order. */
  movements: { code: Exclude<SuaMovementCode, '12'>; date: string; sdi: string | null }[];
};

/**
 * What SUA needs of a worker to compute the bimester: if vigente on its first day, the alta in force
 * then with the SBC of that day (so a worker new to SUA computes the same) and every later movement; if
 * not, the first alta (or reingreso) inside the bimester and what follows it. Null when the worker is
 * not vigente on any day of the bimester.
 */
export function suaPlan(movements: readonly SuaAffiliation[], from: string, to: string): SuaPlan | null {
  const list = sortedAffiliations(movements);
  const opening = suaStateOn(list, from);
  let alta: SuaPlan['alta'];
  let rest: SuaAffiliation[];
  if (opening.active) {
    const lastAlta = [...list].filter((m) => m.type === 'alta' && m.date <= from).at(-1)!;
    alta = { date: lastAlta.date, sdi: opening.sbc! };
    // A modificación on the first day is already in the alta's SDI; a baja that day still has to be told.
    rest = list.filter((m) => m.date > from || (m.date === from && m.type === 'baja'));
  } else {
    const index = list.findIndex((m) => m.type === 'alta' && m.date >= from && m.date <= to);
    if (index < 0) return null;
    alta = { date: list[index].date, sdi: list[index].sbc };
    rest = list.slice(index + 1);
  }
  const CODES: Record<ImssMovementType, Exclude<SuaMovementCode, '12'>> = { alta: '08', baja: '02', modificacion: '07' };
  return {
    alta,
    movements: rest.filter((m) => m.date <= to).map((m) => ({ code: CODES[m.type], date: m.date, sdi: m.type === 'baja' ? null : m.sbc })),
  };
}

/** The certificates whose first day is in the bimester, as SUA's type-12 movements. */
export const suaIncapacityMovements = (list: readonly SuaIncapacity[], from: string, to: string) =>
  list.filter((i) => i.startDate >= from && i.startDate <= to).map((i) => ({ code: '12' as const, date: i.startDate, folio: i.folio, days: i.days }));

const MONTHLY = ['emCuotaFija', 'emExcedente', 'emPrestacionesDinero', 'emGastosMedicosPensionados', 'invalidezVida', 'guarderiasPrestacionesSociales', 'riesgoTrabajo'] as const;
const BIMONTHLY = ['retiro', 'cesantiaVejez', 'infonavit'] as const;
type MonthlyBranch = (typeof MONTHLY)[number];
type BimonthlyBranch = (typeof BIMONTHLY)[number];

export type SuaQuotaInput = {
  year: number;
  bimester: number;
  /** The registro's riesgo de trabajo premium, percent. */
  riskPremiumPercent: string;
  wageZone?: WageZone | null;
  movements: readonly SuaAffiliation[];
  incapacities: readonly SuaIncapacity[];
};

export type SuaQuotas = {
  /** Days cotizados of each month: vigente days less incapacity days. */
  days1: number;
  days2: number;
  /** Incapacity days in the bimester (out of every branch but retiro and INFONAVIT). */
  incapacityDays: number;
  /** SBC (capped at 25 UMA) of the first and the last vigente day; null when not vigente. */
  sbcStart: string | null;
  sbcEnd: string | null;
  /** Σ SBC × días cotizados (the base of the SBC branches), to compare with the payrolls'. */
  sbcDays: string;
  em1: string;
  iv1: string;
  gps1: string;
  rt1: string;
  monthly1: string;
  em2: string;
  iv2: string;
  gps2: string;
  rt2: string;
  monthly2: string;
  retiro: string;
  cesantiaVejez: string;
  infonavit: string;
  bimonthly: string;
  total: string;
};

/**
 * The bimester's employer quotas of one worker as SUA works them out: every vigente day with the SBC
 * in force that day (a modificación splits the month), capped at 25 UMA of that day, the UMA, minimum
 * wage and rates in force that day (MX_FISCAL «Employer quotas»); incapacity days out of every branch
 * but retiro and INFONAVIT (LSS art. 31 fr. IV; MX_FISCAL: INFONAVIT believed due). Each monthly
 * branch is rounded half-up once per month and each bimonthly one once per bimester; EM is the sum
 * of its four rounded branches, as the product's bimester shows it. SUA's own rounding points are
 * not documented publicly: a cent of difference against the payrolls (rounded per payroll) can be
 * this. Throws FiscalError when a day has no fiscal tables.
 */
export function suaBimesterQuotas(sets: readonly FiscalYearSet[], quotaSets: readonly EmployerQuotaSet[], input: SuaQuotaInput): SuaQuotas {
  const { from, to, months } = bimesterRange(input.year, input.bimester);
  const list = sortedAffiliations(input.movements);
  const incapacityDays = new Set<string>();
  for (const i of input.incapacities) for (let k = 0; k < i.days; k += 1) incapacityDays.add(addDays(i.startDate, k));
  const monthly = months.map(() => Object.fromEntries(MONTHLY.map((b) => [b, [] as Decimal[]])) as Record<MonthlyBranch, Decimal[]>);
  const bimonthly = Object.fromEntries(BIMONTHLY.map((b) => [b, [] as Decimal[]])) as Record<BimonthlyBranch, Decimal[]>;
  const days = [0, 0];
  const sbcDays: Decimal[] = [];
  let incapacity = 0;
  let sbcStart: string | null = null;
  let sbcEnd: string | null = null;
  for (let k = 0; k <= daysBetween(from, to); k += 1) {
    const date = addDays(from, k);
    const state = suaStateOn(list, date);
    if (!state.active || state.sbc === null) continue;
    const { params, set } = figuresOn(sets, date);
    const quotas = quotaSets.find((q) => q.year === params.tableYear);
    if (!quotas) throw new FiscalError('missing-employer-quotas', String(params.tableYear));
    const uma = dec(params.uma.daily);
    const cap = uma.times(set.sbcCapUma);
    const sbc = dec(state.sbc).gt(cap) ? money(cap) : money(state.sbc);
    sbcStart ??= sbc;
    sbcEnd = sbc;
    const rate = (r: string, base: string | Decimal) => dec(r).times(base);
    bimonthly.retiro.push(rate(quotas.rates.retiro, sbc));
    bimonthly.infonavit.push(rate(quotas.rates.infonavit, sbc));
    if (incapacityDays.has(date)) {
      incapacity += 1;
      continue;
    }
    const m = date.slice(0, 7) === months[0] ? 0 : 1;
    days[m] += 1;
    sbcDays.push(dec(sbc));
    const threshold = uma.times(set.excessThresholdUma);
    const excess = dec(sbc).gt(threshold) ? money(dec(sbc).minus(threshold)) : '0';
    const month = monthly[m];
    month.emCuotaFija.push(rate(quotas.rates.emCuotaFija, params.uma.daily));
    month.emExcedente.push(rate(quotas.rates.emExcedente, excess));
    month.emPrestacionesDinero.push(rate(quotas.rates.emPrestacionesDinero, sbc));
    month.emGastosMedicosPensionados.push(rate(quotas.rates.emGastosMedicosPensionados, sbc));
    month.invalidezVida.push(rate(quotas.rates.invalidezVida, sbc));
    month.guarderiasPrestacionesSociales.push(rate(quotas.rates.guarderiasPrestacionesSociales, sbc));
    month.riesgoTrabajo.push(rate(input.riskPremiumPercent, sbc));
    const cv = cesantiaVejezRate(quotas, sbc, params.uma.daily, minimumWageOf(params, input.wageZone ?? 'general'));
    bimonthly.cesantiaVejez.push(rate(cv.rate, sbc));
  }
  const rounded = (parts: Decimal[]) => money(sum(parts).dividedBy(100));
  const ofMonth = (i: number) => {
    const r = Object.fromEntries(MONTHLY.map((b) => [b, rounded(monthly[i][b])])) as Record<MonthlyBranch, string>;
    const em = money(sum([r.emCuotaFija, r.emExcedente, r.emPrestacionesDinero, r.emGastosMedicosPensionados]));
    return { em, iv: r.invalidezVida, gps: r.guarderiasPrestacionesSociales, rt: r.riesgoTrabajo, monthly: money(sum([em, r.invalidezVida, r.guarderiasPrestacionesSociales, r.riesgoTrabajo])) };
  };
  const [a, b] = [ofMonth(0), ofMonth(1)];
  const retiro = rounded(bimonthly.retiro);
  const cesantiaVejez = rounded(bimonthly.cesantiaVejez);
  const infonavit = rounded(bimonthly.infonavit);
  const bimonthlyTotal = money(sum([retiro, cesantiaVejez, infonavit]));
  return {
    days1: days[0],
    days2: days[1],
    incapacityDays: incapacity,
    sbcStart,
    sbcEnd,
    sbcDays: money(sum(sbcDays)),
    em1: a.em,
    iv1: a.iv,
    gps1: a.gps,
    rt1: a.rt,
    monthly1: a.monthly,
    em2: b.em,
    iv2: b.iv,
    gps2: b.gps,
    rt2: b.rt,
    monthly2: b.monthly,
    retiro,
    cesantiaVejez,
    infonavit,
    bimonthly: bimonthlyTotal,
    total: money(sum([a.monthly, b.monthly, bimonthlyTotal])),
  };
}

// ---- reconciliation ---------------------------------------------------------------------------

/** What the closed ordinary payrolls of the bimester stored for the worker (zeros when none). */
export type PayrollBimester = {
  days1: string;
  days2: string;
  monthly1: string;
  monthly2: string;
  bimonthly: string;
  /** Σ SBC × días of the payrolls. */
  sbcDays: string;
  /** Faltas the payrolls discounted. */
  absences: string;
};

export type SuaDifference = {
  diffDays1: string;
  diffDays2: string;
  diffMonthly1: string;
  diffMonthly2: string;
  diffBimonthly: string;
  diffTotal: string;
  matches: boolean;
  causes: string[];
};

export const SUA_MSG = {
  absences: (n: string) => `La nómina descontó ${n} ${n === '1' ? 'día' : 'días'} de faltas; SUA los cobra mientras no se capturen como ausentismos (movimiento 11).`,
  uncovered: (n: string) => `${n} ${n === '1' ? 'día' : 'días'} del bimestre sin nómina ordinaria cerrada.`,
  extraDays: (n: string) => `La nómina cobró ${n} ${n === '1' ? 'día' : 'días'} más de los que el trabajador estuvo vigente según sus movimientos afiliatorios.`,
  monthSplit: 'Una nómina cruza de mes: la nómina cuenta sus días en el mes en que termina; SUA, en el mes de cada día.',
  sbc: (payroll: string, sua: string) =>
    `El SBC de la nómina no es el de los movimientos afiliatorios (SBC × días: ${payroll} en nómina, ${sua} en SUA): un cambio de salario dentro de un periodo de nómina, o un SDI que cambió sin movimiento.`,
  rounding: 'Redondeo: la nómina redondea cada rama por nómina; SUA, por mes (ramas mensuales) o por bimestre.',
  missingTables: (message: string) => `Sin tablas fiscales para calcular el bimestre como SUA: ${message}`,
  registrationMissing: 'El registro patronal no existe.',
  creditNumber: (employee: string) => `El convenio INFONAVIT de ${employee} no tiene en su referencia un número de crédito de 10 dígitos: el crédito no va en el archivo; captúralo en SUA.`,
  folioLong: (folio: string, employee: string) => `El folio ${folio} de la incapacidad de ${employee} tiene más de 8 caracteres: el archivo lo lleva recortado.`,
  daysLong: (folio: string, employee: string, days: number) => `La incapacidad ${folio} de ${employee} es de ${days} días y el archivo admite 99: captúrala en SUA.`,
} as const;

const plainNumber = (v: Decimal): string => (v.isInteger() ? v.toFixed(0) : v.toString());
const smaller = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b);

/** SUA's figures against the payrolls', with the likely causes of a difference in Spanish. */
export function suaDifference(sua: Pick<SuaQuotas, 'days1' | 'days2' | 'monthly1' | 'monthly2' | 'bimonthly' | 'total' | 'sbcDays'>, payroll: PayrollBimester): SuaDifference {
  const payrollTotal = sum([payroll.monthly1, payroll.monthly2, payroll.bimonthly]);
  const d = {
    diffDays1: dec(sua.days1).minus(payroll.days1),
    diffDays2: dec(sua.days2).minus(payroll.days2),
    diffMonthly1: dec(sua.monthly1).minus(payroll.monthly1),
    diffMonthly2: dec(sua.monthly2).minus(payroll.monthly2),
    diffBimonthly: dec(sua.bimonthly).minus(payroll.bimonthly),
    diffTotal: dec(sua.total).minus(payrollTotal),
  };
  const matches = Object.values(d).every((v) => v.isZero());
  const causes: string[] = [];
  if (!matches) {
    const suaDays = dec(sua.days1).plus(sua.days2);
    const payrollDays = dec(payroll.days1).plus(payroll.days2);
    const absences = dec(payroll.absences);
    if (suaDays.gt(payrollDays)) {
      const charged = smaller(absences, suaDays.minus(payrollDays));
      if (charged.gt(0)) causes.push(SUA_MSG.absences(plainNumber(charged)));
      const uncovered = suaDays.minus(payrollDays).minus(charged);
      if (uncovered.gt(0)) causes.push(SUA_MSG.uncovered(plainNumber(uncovered)));
    } else if (payrollDays.gt(suaDays)) causes.push(SUA_MSG.extraDays(plainNumber(payrollDays.minus(suaDays))));
    else if (!d.diffDays1.isZero()) causes.push(SUA_MSG.monthSplit);
    else if (!dec(sua.sbcDays).eq(payroll.sbcDays)) causes.push(SUA_MSG.sbc(money(payroll.sbcDays), money(sua.sbcDays)));
    else causes.push(SUA_MSG.rounding);
  }
  const text = (v: Decimal) => money(v);
  return {
    diffDays1: plainNumber(d.diffDays1),
    diffDays2: plainNumber(d.diffDays2),
    diffMonthly1: text(d.diffMonthly1),
    diffMonthly2: text(d.diffMonthly2),
    diffBimonthly: text(d.diffBimonthly),
    diffTotal: text(d.diffTotal),
    matches,
    causes,
  };
}

/** SUA's tipo de trabajador from the SAT c_TipoContrato: obra, tiempo determinado or temporada → 2 eventual; else 1 permanente (3, construcción, is not captured). */
export const suaWorkerType = (contractType: string | null | undefined): '1' | '2' => (contractType === '02' || contractType === '03' || contractType === '04' ? '2' : '1');

/** A convenio INFONAVIT as SUA's credit fields: its reference must hold one 10-digit credit number (blanks and hyphens aside); null otherwise. */
export function suaCreditOf(c: { reference: string; method: string; rate: string | null; installment: string | null; startDate: string }): SuaCredit | null {
  const numbers = (c.reference.replace(/[\s-]/g, '').match(/\d+/g) ?? []).filter((n) => n.length === 10);
  if (numbers.length !== 1) return null;
  const number = numbers[0];
  const type = SUA_DISCOUNT_TYPES[c.method as keyof typeof SUA_DISCOUNT_TYPES];
  if (!type) return null;
  const value = c.method === 'cuota_fija' ? c.installment : c.rate;
  return value === null ? null : { number, startDate: c.startDate, discountType: type, value };
}
