// Informes de RH data layer: one statement per report, the grouping and the
// sums done by the database. `today` always comes from the caller (Mexico
// City's calendar), never from the database clock.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { MONTH_DAYS } from '../../../../schema/rh/reports';
import type { ConceptKind } from '../../../../schema/rh/payroll';

const fullName = sql`replace(trim(e.last_name || ' ' || e.second_last_name || ' ' || e.names), '  ', ' ')`;

export type HeadcountRow = { areaName: string; positionName: string; active: number; monthlyCost: string };

/** Active employees per área and puesto; monthly cost = Σ daily salary × 30.4, to centavos per row. */
export async function headcount(ex: Executor): Promise<HeadcountRow[]> {
  return queryRows<HeadcountRow>(
    ex,
    sql`select a.name as "areaName", p.name as "positionName", count(*)::int as active,
        round(sum(e.daily_salary) * ${MONTH_DAYS}::numeric, 2)::text as "monthlyCost"
      from rh_employees e join rh_areas a on a.id = e.area_id join rh_positions p on p.id = e.position_id
      where e.status = 'activo'
      group by a.id, a.name, p.id, p.name
      order by lower(a.name), a.id, lower(p.name), p.id`,
  );
}

export type DocumentCandidateRow = {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  documentTypeName: string;
  expires: boolean;
  warningDays: number;
  documentId: number | null;
  expiresOn: string | null;
};

/**
 * Active employee × active document type where the latest upload (the one the
 * employee record reads its state from) is missing for a required type, or
 * expires on or before today + the larger of the type's warning days and
 * `withinDays`. The service names the state with the record's own rule.
 */
export async function documentCandidates(ex: Executor, today: string, withinDays: number): Promise<DocumentCandidateRow[]> {
  return queryRows<DocumentCandidateRow>(
    ex,
    sql`select e.id as "employeeId", e.number as "employeeNumber", ${fullName} as "employeeName", t.name as "documentTypeName",
        t.expires, t.warning_days as "warningDays", l.id as "documentId", l.expires_on::text as "expiresOn"
      from rh_employees e cross join rh_document_types t
      left join lateral (select d.id, d.expires_on from rh_employee_documents d
        where d.employee_id = e.id and d.document_type_id = t.id order by d.id desc limit 1) l on true
      where e.status = 'activo' and t.active
        and ((l.id is null and t.required)
          or (l.id is not null and t.expires and l.expires_on <= ${today}::date + greatest(t.warning_days, ${withinDays}::int)))
      order by l.expires_on asc nulls first, lower(${fullName}), e.id, lower(t.name), t.id`,
  );
}

export type AnniversarySourceRow = { id: number; number: string; fullName: string; birthDate: string; firstHireDate: string };

export async function activeEmployeeDates(ex: Executor): Promise<AnniversarySourceRow[]> {
  return queryRows<AnniversarySourceRow>(
    ex,
    sql`select e.id, e.number, ${fullName} as "fullName", e.birth_date::text as "birthDate", e.first_hire_date::text as "firstHireDate"
      from rh_employees e where e.status = 'activo' order by e.id`,
  );
}

export type PayrollCostRow = {
  payrollId: number;
  folio: number;
  periodStart: string;
  periodEnd: string;
  paymentDate: string;
  conceptCode: string;
  conceptName: string;
  kind: ConceptKind;
  amount: string;
};

/** Closed payrolls paid from `from` to `to` (both included), the amount of each concept summed over their employees. */
export async function payrollCosts(ex: Executor, from: string, to: string): Promise<PayrollCostRow[]> {
  return queryRows<PayrollCostRow>(
    ex,
    sql`select p.id as "payrollId", p.folio, p.period_start::text as "periodStart", p.period_end::text as "periodEnd",
        p.payment_date::text as "paymentDate", c.code as "conceptCode", c.name as "conceptName", c.kind, sum(l.amount)::text as amount
      from rh_payrolls p join rh_payroll_employees pe on pe.payroll_id = p.id
      join rh_payroll_lines l on l.payroll_employee_id = pe.id join rh_concepts c on c.id = l.concept_id
      where p.status = 'cerrada' and p.payment_date between ${from}::date and ${to}::date
      group by p.id, p.folio, p.period_start, p.period_end, p.payment_date, c.id, c.code, c.name, c.kind
      order by p.payment_date, p.folio, case c.kind when 'percepcion' then 0 when 'deduccion' then 1 else 2 end, upper(c.code)`,
  );
}
