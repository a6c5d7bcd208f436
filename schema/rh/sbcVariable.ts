// SBC variable part (issue 27): the bimonthly update of the salario base de
// cotización with the variable perceptions of the previous bimester, as NOI
// and CONTPAQi do it (LSS art. 30 fr. II and III, art. 34 fr. II; exclusions
// of art. 27). Pure; dates are YYYY-MM-DD strings, money decimal strings.
//
//   variable daily part = integrable variable perceptions paid in the
//                         bimester's closed payrolls ÷ days of salary accrued
//                         in the bimester, rounded half-up to cents
//   new SBC             = fixed SDI + variable daily part, capped at 25 UMA
//   effective date      = first day of the month after the bimester
//                         (IDSE «modificación de salario», 07)
import { addDays, daysBetween } from '../dates';
import { dec, money } from '../money';

export const SBC_VARIABLE_MSG = {
  year: 'Indica un año entre 2020 y 2100.',
  bimester: 'El bimestre va de 1 (enero–febrero) a 6 (noviembre–diciembre).',
  bimesterOpen: 'El bimestre aún no termina: la modificación se calcula con el bimestre cerrado.',
  alreadyApplied: 'La actualización del SBC de ese bimestre ya se aplicó.',
  nothingChanges: 'Nadie cambia de SBC en ese bimestre: no hay modificaciones de salario (07) que aplicar.',
} as const;

/** How a perception counts for the variable part (LSS art. 27). */
export type VariableRule =
  /** Integrates in full (commissions, prima dominical, rest days worked, triple overtime, bonuses). */
  | 'integra'
  /** Part of the fixed SDI already (salary, aguinaldo and prima vacacional through the factor). */
  | 'fijo'
  /** Excluded by art. 27 (PTU, double overtime within the LFT limit, separation payments, reimbursements…). */
  | 'excluida'
  /** Premio de puntualidad / asistencia: integrates only the part above 10 % of the SBC (fr. VII), each. */
  | 'premio_puntualidad'
  | 'premio_asistencia'
  /** Despensa: integrates only the part above 40 % of the UMA (fr. VI). */
  | 'despensa';

export const VARIABLE_RULE_LABELS: Record<VariableRule, string> = {
  integra: 'Integra (art. 27 LSS, primer párrafo)',
  fijo: 'Parte fija del SDI (factor de integración)',
  excluida: 'Excluida (art. 27 LSS)',
  premio_puntualidad: 'Premio de puntualidad: integra lo que excede el 10 % del SBC (art. 27 fr. VII)',
  premio_asistencia: 'Premio de asistencia: integra lo que excede el 10 % del SBC (art. 27 fr. VII)',
  despensa: 'Despensa: integra lo que excede el 40 % de la UMA (art. 27 fr. VI)',
};

/** The payroll's own concepts, by system key. */
const BY_SYSTEM_KEY: Record<string, VariableRule> = {
  SUELDO: 'fijo',
  VACACIONES: 'fijo',
  AGUINALDO: 'fijo',
  PRIMA_VACACIONAL: 'fijo',
  PRIMA_DOMINICAL: 'integra',
  DESCANSO_LABORADO: 'integra',
  HORAS_EXTRA_TRIPLES: 'integra',
  // Double hours are the 9 weekly hours of LFT art. 66–68: excluded by fr. IX.
  HORAS_EXTRA_DOBLES: 'excluida',
  PTU: 'excluida',
  INDEMNIZACION: 'excluida',
  INDEMNIZACION_20_DIAS: 'excluida',
  PRIMA_ANTIGUEDAD: 'excluida',
};

/**
 * Captured concepts, by SAT code (c_TipoPercepcion). Anything not listed
 * integrates (art. 27 first paragraph: every payment for the work).
 */
const BY_SAT_CODE: Record<string, VariableRule> = {
  '001': 'fijo', // sueldo: the fixed salary
  '002': 'fijo', // aguinaldo: in the factor
  '021': 'fijo', // prima vacacional: in the factor
  '003': 'excluida', // PTU (fr. IV)
  '004': 'excluida', // reembolso de gastos médicos
  '005': 'excluida', // fondo de ahorro (fr. II)
  '006': 'excluida', // caja de ahorro (fr. II)
  '009': 'excluida', // contribuciones a cargo del trabajador pagadas por el patrón (fr. III, cuotas)
  '014': 'excluida', // subsidio por incapacidad (paid by the IMSS)
  '019': 'excluida', // overtime captured by hand: without hours, taken as within the LFT limit (fr. IX)
  '022': 'excluida', // prima de antigüedad (separation)
  '023': 'excluida', // pagos por separación
  '025': 'excluida', // indemnizaciones
  '026': 'excluida', // reembolso por funeral
  '027': 'excluida', // cuotas de seguridad social pagadas por el patrón (fr. III)
  '039': 'excluida', // pensiones
  '044': 'excluida',
  '046': 'excluida', // asimilados: not a salary
  '010': 'premio_puntualidad',
  '049': 'premio_asistencia',
  '029': 'despensa',
};

export function variableRuleOf(p: { systemKey: string | null; satCode: string }): VariableRule {
  if (p.systemKey && BY_SYSTEM_KEY[p.systemKey]) return BY_SYSTEM_KEY[p.systemKey];
  return BY_SAT_CODE[p.satCode] ?? 'integra';
}

/** Bimester (1–6) of an ISO date. */
export const bimesterOf = (isoDate: string): number => Math.floor((Number(isoDate.slice(5, 7)) - 1) / 2) + 1;

/** First and last day of a bimester, its calendar days and the date the modification takes effect. */
export function bimesterRange(year: number, bimester: number): { from: string; to: string; days: number; effectiveDate: string } {
  const m = (bimester - 1) * 2 + 1;
  const from = `${year}-${String(m).padStart(2, '0')}-01`;
  const effectiveDate = bimester === 6 ? `${year + 1}-01-01` : `${year}-${String(m + 2).padStart(2, '0')}-01`;
  const to = addDays(effectiveDate, -1);
  return { from, to, days: daysBetween(from, to) + 1, effectiveDate };
}

export type BimesterInputError = { field: 'year' | 'bimester'; message: string } | null;
export function bimesterInputError(year: number, bimester: number): BimesterInputError {
  if (!Number.isInteger(year) || year < 2020 || year > 2100) return { field: 'year', message: SBC_VARIABLE_MSG.year };
  if (!Number.isInteger(bimester) || bimester < 1 || bimester > 6) return { field: 'bimester', message: SBC_VARIABLE_MSG.bimester };
  return null;
}

/**
 * Days of salary accrued in the bimester: calendar days employed (from the
 * hire date, to the termination date) minus unpaid absences and IMSS
 * incapacity days (art. 30 fr. II: «número de días de salario devengados»).
 */
export function accruedDays(v: { from: string; to: string; hireDate: string; terminationDate?: string | null; absences: string | number; incapacityDays: string | number }): string {
  const start = v.hireDate > v.from ? v.hireDate : v.from;
  const end = v.terminationDate && v.terminationDate < v.to ? v.terminationDate : v.to;
  const employed = start > end ? 0 : daysBetween(start, end) + 1;
  const d = dec(employed).minus(v.absences).minus(v.incapacityDays);
  return (d.isNegative() ? dec(0) : d).toString();
}

export type VariablePerception = { systemKey: string | null; satCode: string; concept: string; amount: string };
export type VariableStep = { label: string; value: string; detail: string };
export type SbcVariableInput = {
  /** The fixed SDI, as the product computes it on the effective date. */
  fixedSdi: string;
  /** UMA daily value in force on the effective date. */
  umaDaily: string;
  /** SBC cap in UMA (25). */
  sbcCapUma: string;
  /** Days of salary accrued in the bimester (accruedDays). */
  days: string;
  perceptions: readonly VariablePerception[];
};
export type SbcVariableLine = { concept: string; rule: VariableRule; ruleLabel: string; paid: string; integrable: string };
export type SbcVariableResult = {
  lines: SbcVariableLine[];
  integrable: string;
  variableDaily: string;
  sbcUncapped: string;
  sbc: string;
  capped: boolean;
  steps: VariableStep[];
};

/** The new SBC of one employee for one bimester. */
export function sbcVariable(v: SbcVariableInput): SbcVariableResult {
  const days = dec(v.days);
  const premioLimit = dec(v.fixedSdi).times('0.10').times(days);
  const despensaLimit = dec(v.umaDaily).times('0.40').times(days);
  // Premios and despensa are measured on their bimester totals, each kind against its own limit.
  const totals = new Map<VariableRule, ReturnType<typeof dec>>();
  for (const p of v.perceptions) {
    const rule = variableRuleOf(p);
    totals.set(rule, (totals.get(rule) ?? dec(0)).plus(p.amount));
  }
  const limitOf = (rule: VariableRule) => (rule === 'despensa' ? despensaLimit : premioLimit);
  const lines: SbcVariableLine[] = [];
  const grouped = new Map<string, { concept: string; rule: VariableRule; paid: ReturnType<typeof dec> }>();
  for (const p of v.perceptions) {
    const rule = variableRuleOf(p);
    const key = `${p.concept}|${rule}`;
    const g = grouped.get(key) ?? { concept: p.concept, rule, paid: dec(0) };
    g.paid = g.paid.plus(p.amount);
    grouped.set(key, g);
  }
  for (const g of grouped.values()) {
    let integrable = dec(0);
    if (g.rule === 'integra') integrable = g.paid;
    else if (g.rule === 'premio_puntualidad' || g.rule === 'premio_asistencia' || g.rule === 'despensa') {
      // The excess of the kind's total over its limit, shared among its concepts pro rata.
      const total = totals.get(g.rule)!;
      const excess = total.minus(limitOf(g.rule));
      integrable = excess.gt(0) && total.gt(0) ? excess.times(g.paid).dividedBy(total) : dec(0);
    }
    lines.push({ concept: g.concept, rule: g.rule, ruleLabel: VARIABLE_RULE_LABELS[g.rule], paid: money(g.paid), integrable: money(integrable) });
  }
  const integrable = lines.reduce((s, l) => s.plus(l.integrable), dec(0));
  const variableDaily = days.gt(0) ? money(integrable.dividedBy(days)) : '0.00';
  const sbcUncapped = dec(v.fixedSdi).plus(variableDaily);
  const cap = dec(v.umaDaily).times(v.sbcCapUma);
  const capped = sbcUncapped.gt(cap);
  const sbc = money(capped ? cap : sbcUncapped);
  const steps: VariableStep[] = [
    ...lines.map((l) => ({ label: l.concept, value: l.integrable, detail: `Pagado ${l.paid}; ${l.ruleLabel}` })),
    { label: 'Percepciones variables integrables', value: money(integrable), detail: 'Suma de lo que integra (art. 30 fr. II LSS)' },
    { label: 'Días de salario devengados', value: days.toString(), detail: 'Días con empleo en el bimestre menos faltas e incapacidades' },
    { label: 'Parte variable diaria', value: variableDaily, detail: `${money(integrable)} ÷ ${days.toString()}, redondeado a centavos` },
    { label: 'SDI fijo', value: money(v.fixedSdi), detail: 'Salario diario × factor de integración' },
    { label: 'SBC', value: sbc, detail: capped ? `Topado a ${v.sbcCapUma} UMA (${money(cap)})` : `${money(v.fixedSdi)} + ${variableDaily}` },
  ];
  return { lines, integrable: money(integrable), variableDaily, sbcUncapped: money(sbcUncapped), sbc, capped, steps };
}
