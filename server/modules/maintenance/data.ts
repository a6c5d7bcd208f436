// Mantenimiento SQL. (Foundation: the failure reports that Seguridad raises
// through service.ts; the module's own screens add their queries here.)
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';

export type FailureReportInsert = {
  folio: number;
  source: 'conductor' | 'seguridad' | 'otro';
  sourceId: string | null;
  sourceReference: string;
  vehicleId: number | null;
  location: string;
  title: string;
  description: string;
  reportedBy: number | null;
  reporterEmployeeId: number | null;
};

export async function insertFailureReport(ex: Executor, r: FailureReportInsert): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into mt_failure_reports (folio, source, source_id, source_reference, vehicle_id, location, title, description, reported_by, reporter_employee_id)
        values (${r.folio}, ${r.source}, ${r.sourceId}, ${r.sourceReference}, ${r.vehicleId}, ${r.location}, ${r.title}, ${r.description}, ${r.reportedBy}, ${r.reporterEmployeeId})
        returning id`,
  );
  return Number(rows[0].id);
}

export type FailureReportOutcomeRow = {
  id: number;
  folio: number;
  sourceId: string;
  status: 'nuevo' | 'asignado' | 'en_orden' | 'atendido' | 'descartado';
  priority: string | null;
  discardReason: string;
  orderId: number | null;
  createdAt: Date;
  closedAt: Date | null;
  title: string;
  location: string;
  sourceReference: string;
};

export function failureReportsBySource(ex: Executor, source: string, sourceIds: string[]) {
  if (sourceIds.length === 0) return Promise.resolve([] as FailureReportOutcomeRow[]);
  return queryRows<FailureReportOutcomeRow>(
    ex,
    sql`select id, folio, source_id as "sourceId", status, priority, discard_reason as "discardReason", order_id as "orderId",
               created_at as "createdAt", closed_at as "closedAt", title, location, source_reference as "sourceReference"
        from mt_failure_reports where source = ${source} and source_id = any(${sql.param(sourceIds)}::text[]) order by id`,
  );
}


/** One page of the reports raised by `source` (newest first), optionally of one status, searching folio, title and reference. */
export async function failureReportsOfSource(ex: Executor, source: string, q: { limit: number; offset: number; status: string | null; search: string | null }) {
  const conds = [sql`source = ${source}`];
  if (q.status) conds.push(sql`status = ${q.status}`);
  if (q.search) {
    const p = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(folio::text = ${q.search} or title ilike ${p} or source_reference ilike ${p} or location ilike ${p})`);
  }
  const where = sql.join(conds, sql` and `);
  const [items, totals] = await Promise.all([
    queryRows<FailureReportOutcomeRow>(
      ex,
      sql`select id, folio, source_id as "sourceId", status, priority, discard_reason as "discardReason", order_id as "orderId", created_at as "createdAt",
                 closed_at as "closedAt", title, location, source_reference as "sourceReference"
          from mt_failure_reports where ${where} order by id desc limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from mt_failure_reports where ${where}`),
  ]);
  return { items, total: totals[0].n };
}
