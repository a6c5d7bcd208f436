// Informes de Recursos Humanos: plantilla (headcount and monthly cost by área
// and puesto), alertas de documentos, aniversarios y cumpleaños, and the cost
// of the closed payrolls per concept. Parameters are checked here with Spanish
// messages per field; the document state is the employee record's own rule
// (schema/rh/employees.ts documentState), only the look-ahead widens.
import type { RequestContext } from '../../../context';
import { badInput } from '../../../lib/errors';
import { isIsoDate, todayMx } from '../../../../schema/dates';
import { documentState, type DocumentState } from '../../../../schema/rh/employees';
import { DEFAULT_WITHIN_DAYS, MAX_WITHIN_DAYS, upcomingAnniversaries } from '../../../../schema/rh/reports';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

export const MSG = {
  withinDays: `Indica de 0 a ${MAX_WITHIN_DAYS} días.`,
  dateInvalid: 'Fecha no válida.',
  dateRequired: 'Indica la fecha.',
  rangeOrder: 'La fecha final es anterior a la inicial.',
};

export function checkWithinDays(value: number | null | undefined): number {
  const n = value ?? DEFAULT_WITHIN_DAYS;
  if (!Number.isInteger(n) || n < 0 || n > MAX_WITHIN_DAYS) throw badInput({ withinDays: MSG.withinDays }, MSG.withinDays);
  return n;
}

export function checkRange(from: string | null | undefined, to: string | null | undefined): { from: string; to: string } {
  const fields: Record<string, string> = {};
  if (!from) fields.from = MSG.dateRequired;
  else if (!isIsoDate(from)) fields.from = MSG.dateInvalid;
  if (!to) fields.to = MSG.dateRequired;
  else if (!isIsoDate(to)) fields.to = MSG.dateInvalid;
  if (!Object.keys(fields).length && (to as string) < (from as string)) fields.to = MSG.rangeOrder;
  if (Object.keys(fields).length) throw badInput(fields);
  return { from: from as string, to: to as string };
}

export const headcount = (ctx: RequestContext) => data.headcount(db(ctx));

export type DocumentAlert = {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  documentTypeName: string;
  state: Exclude<DocumentState, 'vigente'>;
  expiresOn: string | null;
};

export async function documentAlerts(ctx: RequestContext, withinDays: number | null | undefined): Promise<DocumentAlert[]> {
  const days = checkWithinDays(withinDays);
  const today = todayMx();
  const out: DocumentAlert[] = [];
  for (const r of await data.documentCandidates(db(ctx), today, days)) {
    // The record's rule, with "por vencer" reaching as far as the report asks when that is further than the type's warning.
    const state = documentState({ expires: r.expires, warningDays: Math.max(r.warningDays, days) }, r.documentId === null ? null : { expiresOn: r.expiresOn }, today);
    if (state === 'vigente') continue;
    out.push({ employeeId: r.employeeId, employeeNumber: r.employeeNumber, employeeName: r.employeeName, documentTypeName: r.documentTypeName, state, expiresOn: r.expiresOn });
  }
  // Missing first, then by expiry; names in Spanish order (Álvarez with the A's), which the database's collation may not give.
  const byName = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' });
  return out.sort((a, b) => (a.expiresOn ?? '').localeCompare(b.expiresOn ?? '') || byName(a.documentTypeName, b.documentTypeName) || byName(a.employeeName, b.employeeName));
}

export async function anniversaries(ctx: RequestContext, withinDays: number | null | undefined) {
  const days = checkWithinDays(withinDays);
  return upcomingAnniversaries(await data.activeEmployeeDates(db(ctx)), todayMx(), days);
}

export async function payrollCosts(ctx: RequestContext, from: string | null | undefined, to: string | null | undefined) {
  const range = checkRange(from, to);
  return data.payrollCosts(db(ctx), range.from, range.to);
}
