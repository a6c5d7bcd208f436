// Vacaciones data layer: every SQL statement of the vacation requests and of the prima vacacional a payroll pays.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import type { VacationStatus } from '../../../../schema/rh/vacations';
import { employeeNameSql } from '../data';

export type VacationRequestRow = {
  id: number;
  folio: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  firstDay: string;
  lastDay: string;
  days: number;
  note: string;
  status: VacationStatus;
  decisionNote: string | null;
  primaPayrollFolio: number | null;
  version: number;
};

const requestSelect = sql`select v.id, v.folio, v.employee_id as "employeeId", e.number as "employeeNumber", ${employeeNameSql('e')} as "employeeName",
    v.first_day::text as "firstDay", v.last_day::text as "lastDay", v.days, v.note, v.status, v.decision_note as "decisionNote",
    (select p.folio from rh_payroll_vacation_sources s join rh_payroll_employees pe on pe.id = s.payroll_employee_id join rh_payrolls p on p.id = pe.payroll_id
      where s.vacation_request_id = v.id) as "primaPayrollFolio", v.version
  from rh_vacation_requests v join rh_employees e on e.id = v.employee_id`;

export const VACATION_SORTS = ['folio', 'employee', 'firstDay', 'days', 'status'] as const;
export type VacationSort = (typeof VACATION_SORTS)[number];

export async function findRequest(ex: Executor, id: number): Promise<VacationRequestRow | null> {
  const rows = await queryRows<VacationRequestRow>(ex, sql`${requestSelect} where v.id = ${id}`);
  return rows[0] ?? null;
}

export async function listRequests(ex: Executor, q: ListQuery<VacationSort>, f: { employeeId: number | null; status: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(v.folio::text = ${q.search} or e.number ilike ${p} or ${employeeNameSql('e')} ilike ${p} or v.note ilike ${p})`);
  }
  if (f.employeeId) conds.push(sql`v.employee_id = ${f.employeeId}`);
  if (f.status) conds.push(sql`v.status = ${f.status}`);
  conds.push(...withinDates(sql`v.first_day`, f.range));
  const col = { folio: sql`v.folio`, employee: sql`e.last_name || ' ' || e.names`, firstDay: sql`v.first_day`, days: sql`v.days`, status: sql`v.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<VacationRequestRow>(ex, sql`${requestSelect} ${where(conds)} ${orderBy(col, q.desc, sql`v.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_vacation_requests v join rh_employees e on e.id = v.employee_id ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

/** The employee row, locked when asked: approvals of one employee queue on it so two cannot spend the same days. */
export async function findEmployee(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  const rows = await queryRows<{ id: number; status: string; number: string; hireDate: string }>(
    ex,
    sql`select id, status, number, hire_date::text as "hireDate" from rh_employees where id = ${id} ${opts.lock ? sql`for update` : sql``}`,
  );
  return rows[0] ?? null;
}

/** Another solicitada or aprobada request of the employee sharing a day with [firstDay, lastDay]. */
export async function overlappingRequest(ex: Executor, v: { employeeId: number; firstDay: string; lastDay: string; exceptId?: number }) {
  const rows = await queryRows<{ folio: number; firstDay: string; lastDay: string }>(
    ex,
    sql`select folio, first_day::text as "firstDay", last_day::text as "lastDay" from rh_vacation_requests
        where employee_id = ${v.employeeId} and status in ('solicitada', 'aprobada') and first_day <= ${v.lastDay} and last_day >= ${v.firstDay}
          ${v.exceptId ? sql`and id <> ${v.exceptId}` : sql``}
        order by first_day limit 1`,
  );
  return rows[0] ?? null;
}

export async function approvedOf(ex: Executor, employeeId: number) {
  return queryRows<{ firstDay: string; lastDay: string; days: number }>(
    ex,
    sql`select first_day::text as "firstDay", last_day::text as "lastDay", days from rh_vacation_requests where employee_id = ${employeeId} and status = 'aprobada' order by first_day, id`,
  );
}

export async function insertRequest(ex: Executor, v: { folio: number; employeeId: number; firstDay: string; lastDay: string; days: number; note: string; createdBy: number | null }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_vacation_requests (folio, employee_id, first_day, last_day, days, note, status, created_by)
        values (${v.folio}, ${v.employeeId}, ${v.firstDay}, ${v.lastDay}, ${v.days}, ${v.note}, 'solicitada', ${v.createdBy}) returning id`,
  );
  return rows[0].id;
}

/** Moves a request from `from` to `to` if nobody changed it since `version`. */
export async function setStatus(ex: Executor, id: number, version: number, from: VacationStatus, to: VacationStatus, v: { note: string | null; by: number | null }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_vacation_requests set status = ${to}, decision_note = ${v.note}, decided_by = ${v.by}, decided_at = now(), version = version + 1
        where id = ${id} and version = ${version} and status = ${from} returning id`,
  );
  return rows.length === 1;
}

// ---- payroll: the prima vacacional of approved requests, paid once ----------------------------

/** Approved requests of these employees whose first day falls in the period and that no payroll paid yet. */
export async function unpaidApprovedStartingIn(ex: Executor, employeeIds: number[], periodStart: string, periodEnd: string) {
  if (!employeeIds.length) return [];
  return queryRows<{ id: number; folio: number; employeeId: number; firstDay: string; lastDay: string; days: number }>(
    ex,
    sql`select v.id, v.folio, v.employee_id as "employeeId", v.first_day::text as "firstDay", v.last_day::text as "lastDay", v.days
        from rh_vacation_requests v
        where v.status = 'aprobada' and v.first_day between ${periodStart} and ${periodEnd}
          and v.employee_id in ${sql`(${sql.join(employeeIds.map((id) => sql`${id}`), sql`, `)})`}
          and not exists (select 1 from rh_payroll_vacation_sources s where s.vacation_request_id = v.id)
        order by v.first_day, v.id`,
  );
}

/** Claims requests for a payroll employee; returns the ids this call stored (a parallel payroll took the rest). */
export async function insertVacationSources(ex: Executor, rows: { payrollEmployeeId: number; vacationRequestId: number; days: number }[]): Promise<number[]> {
  if (!rows.length) return [];
  const stored = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_payroll_vacation_sources (payroll_employee_id, vacation_request_id, days)
        values ${sql.join(rows.map((r) => sql`(${r.payrollEmployeeId}, ${r.vacationRequestId}, ${r.days})`), sql`, `)}
        on conflict (vacation_request_id) do nothing returning vacation_request_id as id`,
  );
  return stored.map((r) => r.id);
}

/** The requests whose prima this payroll's employees already claimed (a recalculation pays them again from here). */
export async function vacationSourcesOfPayroll(ex: Executor, payrollId: number) {
  return queryRows<{ payrollEmployeeId: number; vacationRequestId: number; folio: number; days: number }>(
    ex,
    sql`select s.payroll_employee_id as "payrollEmployeeId", s.vacation_request_id as "vacationRequestId", v.folio, s.days
        from rh_payroll_vacation_sources s join rh_payroll_employees pe on pe.id = s.payroll_employee_id join rh_vacation_requests v on v.id = s.vacation_request_id
        where pe.payroll_id = ${payrollId} order by v.folio`,
  );
}
