// Seguridad data layer: report reads (compliance, open findings, equipment held, permit summary).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { nameOf } from './common';
import type { PermitRow } from './permits';

export function compliance(ex: Executor, from: string, to: string, by: 'tipo' | 'area' | 'mes') {
  const label = { tipo: sql`x.type_name`, area: sql`x.area`, mes: sql`to_char(x.inspected_on, 'YYYY-MM')` }[by];
  return queryRows<{ label: string; inspections: number; approved: number; failed: number; averageScore: string | null }>(
    ex,
    sql`select ${label} as label, count(*)::int as inspections, count(*) filter (where x.result = 'aprobada')::int as approved,
          count(*) filter (where x.result = 'reprobada')::int as failed, avg(x.score)::text as "averageScore"
        from sec_inspections x where x.status = 'cerrada' and x.inspected_on between ${from}::date and ${to}::date
        group by 1 order by 1`,
  );
}

export function openFindings(ex: Executor) {
  return queryRows<{
    inspectionId: number;
    folio: number;
    typeName: string;
    area: string;
    inspectedOn: string;
    text: string;
    critical: boolean;
    note: string;
    reportFolio: number | null;
    reportStatus: string | null;
  }>(
    ex,
    sql`select x.id as "inspectionId", x.folio, x.type_name as "typeName", x.area, x.inspected_on::text as "inspectedOn", a.text, a.critical, a.note,
          r.folio as "reportFolio", r.status as "reportStatus"
        from sec_inspection_answers a join sec_inspections x on x.id = a.inspection_id left join mt_failure_reports r on r.id = a.failure_report_id
        where a.answer = 'no_cumple' and (r.id is null or r.status not in ('atendido', 'descartado'))
        order by x.inspected_on desc, x.folio desc, a.position`,
  );
}

export function equipmentHeld(ex: Executor) {
  return queryRows<{
    employeeId: number;
    employeeNumber: string;
    employeeName: string;
    toolCode: string;
    toolName: string;
    category: 'herramienta' | 'epp';
    quantity: number;
    deliveredOn: string;
    deliveryFolio: number;
  }>(
    ex,
    sql`select e.id as "employeeId", e.number as "employeeNumber", ${nameOf('e')} as "employeeName", t.code as "toolCode", t.name as "toolName", t.category,
          (l.quantity - l.returned_quantity) as quantity, d.delivered_on::text as "deliveredOn", d.folio as "deliveryFolio"
        from sec_delivery_lines l join sec_deliveries d on d.id = l.delivery_id join rh_employees e on e.id = d.employee_id join sec_tools t on t.id = l.tool_id
        where l.returned_quantity < l.quantity order by e.last_name, e.names, e.id, d.delivered_on, t.code`,
  );
}

export function permitSummary(ex: Executor, from: string, to: string) {
  return queryRows<{ kind: PermitRow['kind']; status: PermitRow['status']; count: number }>(
    ex,
    sql`select kind, status, count(*)::int as count from sec_permits
        where (valid_from at time zone 'America/Mexico_City')::date between ${from}::date and ${to}::date group by kind, status order by kind, status`,
  );
}

/** The inspection of each answer id (to link a failure report back to its inspection). */
export async function inspectionsOfAnswers(ex: Executor, answerIds: number[]) {
  if (!answerIds.length) return new Map<number, number>();
  const rows = await queryRows<{ id: number; inspectionId: number }>(ex, sql`select id, inspection_id as "inspectionId" from sec_inspection_answers where id = any(${sql.param(answerIds)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.inspectionId]));
}
