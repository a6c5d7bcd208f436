// Informes de Recursos Humanos: the rules the server and the SPA share —
// the report kinds and their Spanish names, the month of 30.4 days the
// headcount cost uses, the range of days a report may look ahead, and when a
// birthday or a work anniversary comes round next (29 February falls on
// 1 March in other years, as addYears does for the employee rules), and the
// totals of the payroll cost report. Pure; money through decimal.js.
import { addDays } from '../dates';
import { money, sum } from '../money';
import { addYears } from './employees';
import type { ConceptKind } from './payroll';

export type RhReportKind = 'plantilla' | 'documentos' | 'aniversarios' | 'costo_nomina';

export const RH_REPORT_TITLES: Readonly<Record<RhReportKind, string>> = {
  plantilla: 'Plantilla por área y puesto',
  documentos: 'Alertas de documentos',
  aniversarios: 'Aniversarios y cumpleaños',
  costo_nomina: 'Costo de nómina por concepto',
};

/** Average days of a month (365 ÷ 12, as IMSS and the subsidy decree round it): daily salary × 30.4 = monthly. */
export const MONTH_DAYS = '30.4';

/** How far ahead the document and anniversary reports may look. */
export const MAX_WITHIN_DAYS = 366;
export const DEFAULT_WITHIN_DAYS = 30;

export type AnniversaryKind = 'aniversario' | 'cumpleaños';

export const ANNIVERSARY_KIND_LABELS: Readonly<Record<AnniversaryKind, string>> = {
  aniversario: 'Aniversario laboral',
  cumpleaños: 'Cumpleaños',
};

/** The first day on or after `today` that `date` comes round again, and the years completed on it. */
export function nextOccurrence(date: string, today: string): { date: string; years: number } {
  let years = Number(today.slice(0, 4)) - Number(date.slice(0, 4));
  let next = addYears(date, years);
  if (next < today) {
    years += 1;
    next = addYears(date, years);
  }
  return { date: next, years };
}

export type AnniversaryPerson = { id: number; number: string; fullName: string; birthDate: string; firstHireDate: string };
export type Anniversary = { employeeId: number; employeeNumber: string; employeeName: string; kind: AnniversaryKind; date: string; years: number };

/**
 * Birthdays and work anniversaries (counted from the first hire, so a
 * reingreso keeps the seniority) from `today` to `today + withinDays`, both
 * days included, by date. A hire date that has not completed a year yet is no
 * anniversary.
 */
export function upcomingAnniversaries(people: readonly AnniversaryPerson[], today: string, withinDays: number): Anniversary[] {
  const last = addDays(today, withinDays);
  const out: Anniversary[] = [];
  for (const p of people) {
    const events: [AnniversaryKind, string][] = [
      ['cumpleaños', p.birthDate],
      ['aniversario', p.firstHireDate],
    ];
    for (const [kind, from] of events) {
      const next = nextOccurrence(from, today);
      if (next.years < 1 || next.date > last) continue;
      out.push({ employeeId: p.id, employeeNumber: p.number, employeeName: p.fullName, kind, date: next.date, years: next.years });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.employeeName.localeCompare(b.employeeName, 'es') || a.kind.localeCompare(b.kind));
}

export type PayrollCostLine = { conceptCode: string; conceptName: string; kind: ConceptKind; amount: string };
export type PayrollCostTotals = { byConcept: PayrollCostLine[]; perceptions: string; deductions: string; otherPayments: string };

const KIND_ORDER: Readonly<Record<ConceptKind, number>> = { percepcion: 0, deduccion: 1, otro_pago: 2 };

/**
 * The period's totals of the payroll cost report: each concept over every
 * payroll, and each kind. Otros pagos include the subsidio causado, which the
 * receipt reports but does not pay in cash.
 */
export function payrollCostTotals(rows: readonly PayrollCostLine[]): PayrollCostTotals {
  const byCode = new Map<string, { line: PayrollCostLine; amounts: string[] }>();
  for (const r of rows) {
    const key = `${r.kind}|${r.conceptCode.toUpperCase()}`;
    const entry = byCode.get(key) ?? { line: { conceptCode: r.conceptCode, conceptName: r.conceptName, kind: r.kind, amount: '0.00' }, amounts: [] };
    entry.amounts.push(r.amount);
    byCode.set(key, entry);
  }
  const byConcept = [...byCode.values()]
    .map(({ line, amounts }) => ({ ...line, amount: money(sum(amounts)) }))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.conceptCode.localeCompare(b.conceptCode, 'es'));
  const ofKind = (kind: ConceptKind) => money(sum(rows.filter((r) => r.kind === kind).map((r) => r.amount)));
  return { byConcept, perceptions: ofKind('percepcion'), deductions: ofKind('deduccion'), otherPayments: ofKind('otro_pago') };
}

/** The headcount report's total row: employees and the sum of the rows' monthly cost (what the table shows adds up). */
export function headcountTotals(rows: readonly { active: number; monthlyCost: string }[]): { active: number; monthlyCost: string } {
  return { active: rows.reduce((n, r) => n + r.active, 0), monthlyCost: money(sum(rows.map((r) => r.monthlyCost))) };
}
