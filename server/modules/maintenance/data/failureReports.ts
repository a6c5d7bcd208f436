// Mantenimiento data layer: failure reports, raised here or by other modules (conductor, Seguridad).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { employeeName, ids, num, orderBy, page } from './common';

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


/** Urgente first going up, then alta, media, baja (the order a person triages in). */
const priorityRank = (column: SQL) => sql`(case ${column} when 'urgente' then 0 when 'alta' then 1 when 'media' then 2 when 'baja' then 3 end)`;

/** How another module may sort the reports raised from it (failureReportsOfSource). */
export const SOURCE_REPORT_SORTS = ['folio', 'createdAt', 'status', 'priority', 'location', 'sourceReference'] as const;
export type SourceReportSort = (typeof SOURCE_REPORT_SORTS)[number];
const sourceReportColumn: Record<SourceReportSort, SQL> = {
  folio: sql`folio`,
  createdAt: sql`created_at`,
  status: sql`status`,
  priority: priorityRank(sql`priority`),
  location: sql`location`,
  sourceReference: sql`source_reference`,
};

/** One page of the reports raised by `source`, optionally of one status, searching folio, title and reference; ties by id. */
export async function failureReportsOfSource(
  ex: Executor,
  source: string,
  q: { limit: number; offset: number; status: string | null; search: string | null; sortBy: SourceReportSort; desc: boolean },
) {
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
          from mt_failure_reports where ${where} ${orderBy(sourceReportColumn[q.sortBy], q.desc, sql`id`)} limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from mt_failure_reports where ${where}`),
  ]);
  return { items, total: totals[0].n };
}

export type MtFailureReportRow = {
  id: number;
  folio: number;
  source: string;
  sourceReference: string;
  vehicleId: number | null;
  vehicleNumber: string | null;
  location: string;
  title: string;
  description: string;
  reporterName: string | null;
  priority: string | null;
  assignedEmployeeId: number | null;
  assignedName: string | null;
  status: 'nuevo' | 'asignado' | 'en_orden' | 'atendido' | 'descartado';
  discardReason: string;
  orderId: number | null;
  orderFolio: number | null;
  createdAt: Date;
  version: number;
};

const reportSelect = sql`select r.id, r.folio, r.source, r.source_reference as "sourceReference", r.vehicle_id as "vehicleId", v.economic_number as "vehicleNumber",
  r.location, r.title, r.description, ${employeeName('re')} as "reporterName", r.priority, r.assigned_employee_id as "assignedEmployeeId",
  ${employeeName('ae')} as "assignedName", r.status, r.discard_reason as "discardReason", r.order_id as "orderId", o.folio as "orderFolio", r.created_at as "createdAt", r.version`;
const reportFrom = sql`from mt_failure_reports r left join vp_vehicles v on v.id = r.vehicle_id left join rh_employees re on re.id = r.reporter_employee_id
  left join rh_employees ae on ae.id = r.assigned_employee_id left join mt_orders o on o.id = r.order_id`;

const normReport = (r: MtFailureReportRow): MtFailureReportRow => ({
  ...r,
  id: Number(r.id),
  folio: Number(r.folio),
  vehicleId: num(r.vehicleId),
  assignedEmployeeId: num(r.assignedEmployeeId),
  orderId: num(r.orderId),
  orderFolio: num(r.orderFolio),
});

export const REPORT_SORTS = ['folio', 'createdAt', 'priority', 'status'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export async function listReports(ex: Executor, q: ListQuery<ReportSort>, f: { status: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(sql`(('REP-' || lpad(r.folio::text, 6, '0')) ilike ${like} or r.title ilike ${like} or r.location ilike ${like} or coalesce(v.economic_number, '') ilike ${like})`);
  }
  if (f.status) conds.push(sql`r.status = ${f.status}`);
  // Reported at an instant: the day is Mexico City's, whatever the server's zone.
  conds.push(...withinDates(sql`(r.created_at at time zone 'America/Mexico_City')::date`, f.range));
  const col = {
    folio: sql`r.folio`,
    createdAt: sql`r.created_at`,
    priority: priorityRank(sql`r.priority`),
    status: sql`r.status`,
  }[q.sortBy];
  const r = await page<MtFailureReportRow>(ex, reportSelect, reportFrom, conds, orderBy(col, q.desc, sql`r.id`), q);
  return { items: r.items.map(normReport), total: r.total };
}

export async function findReport(ex: Executor, id: number): Promise<MtFailureReportRow | null> {
  const rows = await queryRows<MtFailureReportRow>(ex, sql`${reportSelect} ${reportFrom} where r.id = ${id}`);
  return rows[0] ? normReport(rows[0]) : null;
}

export async function lockReport(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; folio: number; status: MtFailureReportRow['status']; vehicleId: number | null; title: string; version: number }>(
    ex,
    sql`select id, folio, status, vehicle_id as "vehicleId", title, version from mt_failure_reports where id = ${id} for update`,
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), vehicleId: num(r.vehicleId) } : null;
}

export type ReportChanges = Partial<{ status: string; priority: string; assignedEmployeeId: number; discardReason: string; orderId: number; triagedAt: Date; closedAt: Date }>;
const REPORT_COLUMNS: Record<keyof ReportChanges, string> = {
  status: 'status',
  priority: 'priority',
  assignedEmployeeId: 'assigned_employee_id',
  discardReason: 'discard_reason',
  orderId: 'order_id',
  triagedAt: 'triaged_at',
  closedAt: 'closed_at',
};

export async function updateReport(ex: Executor, id: number, version: number, changes: ReportChanges): Promise<boolean> {
  const sets = Object.entries(changes).map(([k, v]) => sql`${sql.raw(REPORT_COLUMNS[k as keyof ReportChanges])} = ${v}`);
  sets.push(sql`version = version + 1`);
  const rows = await queryRows<{ id: number }>(ex, sql`update mt_failure_reports set ${sql.join(sets, sql`, `)} where id = ${id} and version = ${version} returning id`);
  return rows.length === 1;
}

/** The order closed (atendido) or was cancelled (back to asignado) — its reports follow. */
export async function reportsOfOrderTo(ex: Executor, orderId: number, status: 'atendido' | 'asignado'): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    status === 'atendido'
      ? sql`update mt_failure_reports set status = 'atendido', closed_at = now(), version = version + 1 where order_id = ${orderId} and status = 'en_orden' returning id`
      : sql`update mt_failure_reports set status = 'asignado', order_id = null, version = version + 1 where order_id = ${orderId} and status = 'en_orden' returning id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function reportFoliosOfOrders(ex: Executor, orderIds: number[]) {
  if (!orderIds.length) return [];
  const rows = await queryRows<{ orderId: number; folio: number }>(ex, sql`select order_id as "orderId", folio from mt_failure_reports where order_id in ${ids(orderIds)} order by folio`);
  return rows.map((r) => ({ orderId: Number(r.orderId), folio: Number(r.folio) }));
}
