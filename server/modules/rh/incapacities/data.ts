// Incapacidades data layer: every SQL statement of the IMSS incapacity certificates.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import type { IncapacityType } from '../../../../schema/rh/incapacities';
import { employeeNameSql } from '../data';

export type IncapacityRow = {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  type: IncapacityType;
  folio: string;
  startDate: string;
  endDate: string;
  days: number;
  notes: string;
  status: 'activa' | 'cancelada';
  cancelReason: string | null;
  /** Folio of a closed payroll whose period holds one of its days (then it cannot be cancelled). */
  closedPayrollFolio: number | null;
  version: number;
};

const select = sql`select i.id, i.employee_id as "employeeId", e.number as "employeeNumber", ${employeeNameSql('e')} as "employeeName",
    i.type, i.folio, i.start_date::text as "startDate", (i.start_date + i.days - 1)::text as "endDate", i.days, i.notes, i.status,
    i.cancel_reason as "cancelReason",
    (select min(p.folio) from rh_payroll_employees pe join rh_payrolls p on p.id = pe.payroll_id
      where pe.employee_id = i.employee_id and p.status = 'cerrada' and p.kind in ('semanal', 'quincenal')
        and p.period_start <= i.start_date + i.days - 1 and p.period_end >= i.start_date) as "closedPayrollFolio",
    i.version
  from rh_incapacities i join rh_employees e on e.id = i.employee_id`;

export async function findIncapacity(ex: Executor, id: number): Promise<IncapacityRow | null> {
  const rows = await queryRows<IncapacityRow>(ex, sql`${select} where i.id = ${id}`);
  return rows[0] ?? null;
}

/** An employee's certificates, the most recent first. */
export const incapacitiesOf = (ex: Executor, employeeId: number) => queryRows<IncapacityRow>(ex, sql`${select} where i.employee_id = ${employeeId} order by i.start_date desc, i.id desc`);

/** The employee row, locked: certificates of one employee queue here, so two overlapping ones cannot both pass. */
export async function lockEmployee(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; status: string; hireDate: string }>(ex, sql`select id, status, hire_date::text as "hireDate" from rh_employees where id = ${id} for update`);
  return rows[0] ?? null;
}

/** An active certificate with this folio (any employee). */
export async function activeFolio(ex: Executor, folio: string) {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from rh_incapacities where folio = ${folio} and status = 'activa' limit 1`);
  return rows[0] ?? null;
}

/** The employee's active certificate or approved/requested vacation sharing a day with [first, last]. */
export async function overlapOf(ex: Executor, employeeId: number, first: string, last: string): Promise<{ what: 'incapacidad' | 'vacaciones'; ref: string } | null> {
  const rows = await queryRows<{ what: 'incapacidad' | 'vacaciones'; ref: string }>(
    ex,
    sql`select 'incapacidad' as what, folio as ref from rh_incapacities
          where employee_id = ${employeeId} and status = 'activa' and start_date <= ${last} and start_date + days - 1 >= ${first}
        union all
        select 'vacaciones', folio::text from rh_vacation_requests
          where employee_id = ${employeeId} and status = 'aprobada' and first_day <= ${last} and last_day >= ${first}
        limit 1`,
  );
  return rows[0] ?? null;
}

export async function insertIncapacity(ex: Executor, v: { employeeId: number; type: string; folio: string; startDate: string; days: number; notes: string; createdBy: number | null }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_incapacities (employee_id, type, folio, start_date, days, notes, created_by)
        values (${v.employeeId}, ${v.type}, ${v.folio}, ${v.startDate}, ${v.days}, ${v.notes}, ${v.createdBy}) returning id`,
  );
  return rows[0].id;
}

/** activa → cancelada at this version; false when someone else changed it first. */
export async function cancelIncapacity(ex: Executor, id: number, version: number, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_incapacities set status = 'cancelada', cancel_reason = ${reason}, version = version + 1
        where id = ${id} and version = ${version} and status = 'activa' returning id`,
  );
  return rows.length === 1;
}

/** Active certificates of these employees touching [from, to], for a payroll's calculation. */
export async function activeInPeriod(ex: Executor, employeeIds: readonly number[], from: string, to: string) {
  if (!employeeIds.length) return [];
  return queryRows<{ employeeId: number; type: IncapacityType; folio: string; startDate: string; days: number }>(
    ex,
    sql`select employee_id as "employeeId", type, folio, start_date::text as "startDate", days from rh_incapacities
        where status = 'activa' and employee_id in (${sql.join(employeeIds.map((id) => sql`${id}`), sql`, `)})
          and start_date <= ${to} and start_date + days - 1 >= ${from}
        order by start_date, id`,
  );
}
