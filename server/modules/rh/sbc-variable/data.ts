// SBC variable part data layer (issue 27): every SQL statement of the feature.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';

export type SbcEmployeeRow = { id: number; number: string; name: string; dailySalary: string; hireDate: string; firstHireDate: string; terminationDate: string | null };

/** Employees with some employment inside the bimester (active, or with a baja after its first day). */
export async function employeesOfBimester(ex: Executor, from: string, to: string): Promise<SbcEmployeeRow[]> {
  return queryRows<SbcEmployeeRow>(
    ex,
    sql`select id, number, trim(replace(last_name || ' ' || second_last_name || ' ' || names, '  ', ' ')) as name, daily_salary::text as "dailySalary",
        hire_date::text as "hireDate", first_hire_date::text as "firstHireDate", termination_date::text as "terminationDate"
      from rh_employees where hire_date <= ${to}::date and (termination_date is null or termination_date >= ${from}::date) and status = 'activo'
      order by number, id`,
  );
}

export type PaidPerceptionRow = { employeeId: number; systemKey: string | null; satCode: string; concept: string; amount: string };

/** Perceptions of closed payrolls whose period ends in the bimester; a cancelled receipt does not count. */
export async function paidPerceptions(ex: Executor, from: string, to: string): Promise<PaidPerceptionRow[]> {
  return queryRows<PaidPerceptionRow>(
    ex,
    sql`select pe.employee_id as "employeeId", c.system_key as "systemKey", c.sat_code as "satCode", c.name as concept, sum(l.amount)::text as amount
      from rh_payroll_lines l join rh_payroll_employees pe on pe.id = l.payroll_employee_id join rh_payrolls p on p.id = pe.payroll_id
        join rh_concepts c on c.id = l.concept_id
      where p.status = 'cerrada' and pe.stamp_status is distinct from 'cancelada' and c.kind = 'percepcion'
        and p.period_end between ${from}::date and ${to}::date
      group by pe.employee_id, c.system_key, c.sat_code, c.name, c.id order by pe.employee_id, c.id`,
  );
}

/** Unpaid absences captured in those payrolls, per employee. */
export async function absences(ex: Executor, from: string, to: string): Promise<Map<number, string>> {
  const rows = await queryRows<{ employeeId: number; days: string }>(
    ex,
    sql`select pe.employee_id as "employeeId", sum(pe.absences)::text as days
      from rh_payroll_employees pe join rh_payrolls p on p.id = pe.payroll_id
      where p.status = 'cerrada' and pe.stamp_status is distinct from 'cancelada' and p.period_end between ${from}::date and ${to}::date
      group by pe.employee_id`,
  );
  return new Map(rows.map((r) => [r.employeeId, r.days]));
}

/** Days of active IMSS incapacities inside the bimester, per employee. */
export async function incapacityDays(ex: Executor, from: string, to: string): Promise<Map<number, number>> {
  const rows = await queryRows<{ employeeId: number; days: number }>(
    ex,
    sql`select employee_id as "employeeId",
        sum(greatest(0, least(start_date + days - 1, ${to}::date) - greatest(start_date, ${from}::date) + 1))::int as days
      from rh_incapacities where status = 'activa' and start_date <= ${to}::date and start_date + days - 1 >= ${from}::date
      group by employee_id`,
  );
  return new Map(rows.map((r) => [r.employeeId, r.days]));
}

export type SbcUpdateRow = { employeeId: number; sbc: string; variableDaily: string; movementId: number | null };

export async function updatesOfBimester(ex: Executor, year: number, bimester: number): Promise<SbcUpdateRow[]> {
  return queryRows<SbcUpdateRow>(
    ex,
    sql`select employee_id as "employeeId", sbc::text as sbc, variable_daily::text as "variableDaily", movement_id as "movementId"
      from rh_sbc_updates where year = ${year} and bimester = ${bimester}`,
  );
}

/** The SBC each employee had before the bimester's update: their last applied update before `effectiveDate`. */
export async function previousUpdates(ex: Executor, effectiveDate: string): Promise<Map<number, { sbc: string; variableDaily: string }>> {
  const rows = await queryRows<{ employeeId: number; sbc: string; variableDaily: string }>(
    ex,
    sql`select distinct on (u.employee_id) u.employee_id as "employeeId", u.sbc::text as sbc, u.variable_daily::text as "variableDaily"
      from rh_sbc_updates u join rh_employees e on e.id = u.employee_id and u.effective_date >= e.hire_date
      where u.effective_date < ${effectiveDate}::date order by u.employee_id, u.effective_date desc, u.id desc`,
  );
  return new Map(rows.map((r) => [r.employeeId, { sbc: r.sbc, variableDaily: r.variableDaily }]));
}

/**
 * The variable daily part in force on a date, per employee (for the payrolls). Only updates of the current
 * employment count (effective on or after its hire date): after a reingreso the SBC starts fixed again.
 */
export async function variablePartsOn(ex: Executor, date: string, employeeIds: number[]): Promise<Map<number, string>> {
  if (!employeeIds.length) return new Map();
  const rows = await queryRows<{ employeeId: number; variableDaily: string }>(
    ex,
    sql`select distinct on (u.employee_id) u.employee_id as "employeeId", u.variable_daily::text as "variableDaily"
      from rh_sbc_updates u join rh_employees e on e.id = u.employee_id and u.effective_date >= e.hire_date
      where u.effective_date <= ${date}::date and u.employee_id in (${sql.join(employeeIds.map((id) => sql`${id}`), sql`, `)})
      order by u.employee_id, u.effective_date desc, u.id desc`,
  );
  return new Map(rows.map((r) => [r.employeeId, r.variableDaily]));
}

/**
 * The variable daily part in force per employee, each on their own date (a PTU pays a worker given baja with the
 * SBC of their termination date, the others with the one of the payment date). One statement for all of them.
 */
export async function variablePartsAt(ex: Executor, refs: readonly { employeeId: number; date: string }[]): Promise<Map<number, string>> {
  if (!refs.length) return new Map();
  const rows = await queryRows<{ employeeId: number; variableDaily: string }>(
    ex,
    sql`select distinct on (r.employee_id) r.employee_id as "employeeId", u.variable_daily::text as "variableDaily"
      from (values ${sql.join(refs.map((r) => sql`(${r.employeeId}::int, ${r.date}::date)`), sql`, `)}) as r(employee_id, on_date)
        join rh_sbc_updates u on u.employee_id = r.employee_id and u.effective_date <= r.on_date
        join rh_employees e on e.id = u.employee_id and u.effective_date >= e.hire_date
      order by r.employee_id, u.effective_date desc, u.id desc`,
  );
  return new Map(rows.map((r) => [r.employeeId, r.variableDaily]));
}

export async function lockBimester(ex: Executor, year: number, bimester: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(27030, ${year * 10 + bimester})`);
}

export type NewUpdate = { employeeId: number; year: number; bimester: number; effectiveDate: string; days: string; integrable: string; variableDaily: string; fixedSdi: string; sbc: string; movementId: number | null; createdBy: number | null };

/** A bimester's updates, one statement for every employee. */
export async function insertUpdates(ex: Executor, rows: NewUpdate[]): Promise<void> {
  if (!rows.length) return;
  await ex.execute(
    sql`insert into rh_sbc_updates (employee_id, year, bimester, effective_date, days, integrable, variable_daily, fixed_sdi, sbc, movement_id, created_by)
      values ${sql.join(
        rows.map((v) => sql`(${v.employeeId}, ${v.year}, ${v.bimester}, ${v.effectiveDate}, ${v.days}, ${v.integrable}, ${v.variableDaily}, ${v.fixedSdi}, ${v.sbc}, ${v.movementId}, ${v.createdBy})`),
        sql`, `,
      )}`,
  );
}
