// The prima vacacional (SAT 021) of approved vacations in an ordinary payroll. When a semanal/quincenal
// payroll is calculated, the approved requests of its employees whose first day falls in its period and
// that no payroll claimed yet are stored as sources (unique per request, so two payrolls never pay the
// same one, also in parallel); every request a payroll holds is paid by it on each calculation, through
// the same calculator as vacationPreview (schema/rh/benefits.ts vacation(): prima on the unrounded pay,
// exempt up to 15 UMA a calendar year less what closed payrolls of the year already exempted). Deleting
// the payroll (its employees) releases the requests.
import type { Executor } from '../../../db/database';
import { money } from '../../../../schema/money';
import { vacation } from '../../../../schema/rh/benefits';
import { yearsOfService, type FiscalYearSet } from '../../../../schema/rh/fiscal';
import type { ComputedPerception } from '../../../../schema/rh/payroll';
import * as vacations from '../vacations/service';
import * as data from './data';

export type VacationPrima = { computed: ComputedPerception[]; trace: { label: string; amount: string }[] };

export async function vacationPrimas(
  tx: Executor,
  payroll: { id: number; periodStart: string; periodEnd: string; paymentDate: string },
  sets: readonly FiscalYearSet[],
  employees: readonly { id: number; employeeId: number; dailySalary: string }[],
): Promise<Map<number, VacationPrima>> {
  const peOf = new Map(employees.map((e) => [e.employeeId, e.id]));
  const unclaimed = await vacations.unpaidApprovedStartingIn(tx, [...peOf.keys()], payroll.periodStart, payroll.periodEnd);
  await vacations.insertVacationSources(tx, unclaimed.map((r) => ({ payrollEmployeeId: peOf.get(r.employeeId)!, vacationRequestId: r.id, days: r.days })));
  const sources = await vacations.vacationSourcesOfPayroll(tx, payroll.id);
  const out = new Map<number, VacationPrima>();
  if (!sources.length) return out;
  const ids = employees.filter((e) => sources.some((s) => s.payrollEmployeeId === e.id)).map((e) => e.employeeId);
  const files = await data.employeeFiles(tx, ids);
  const used = await data.aguinaldoExemptUsed(tx, ids, Number(payroll.paymentDate.slice(0, 4)), payroll.id, '021');
  for (const e of employees) {
    const mine = sources.filter((s) => s.payrollEmployeeId === e.id);
    if (!mine.length) continue;
    const file = files.get(e.employeeId)!;
    const days = mine.reduce((n, s) => n + s.days, 0);
    const r = vacation(sets, {
      dailySalary: e.dailySalary,
      yearsOfServiceCompleted: Math.max(1, yearsOfService(file.hireDate, payroll.paymentDate)),
      primaExemptUsedThisYear: used.get(e.employeeId) ?? '0',
      paymentDate: payroll.paymentDate,
      wageZone: file.wageZone,
      days,
    });
    const folios = mine.map((s) => s.folio).join(', ');
    out.set(e.id, {
      computed: [{ systemKey: 'PRIMA_VACACIONAL', amount: r.primaVacacional, taxable: r.primaTaxable, exempt: r.primaExempt, quantity: String(days), description: `Vacaciones ${folios}: ${days} días × ${money(e.dailySalary)} × prima` }],
      trace: r.steps.map((s) => ({ label: `Prima vacacional (solicitud ${folios}): ${s.label}`, amount: s.amount })),
    });
  }
  return out;
}
