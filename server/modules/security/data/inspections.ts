// Seguridad data layer: inspections and their answers.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { attachmentJson, type AttachmentRow } from '../../../lib/attachments';
import { likePattern, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { moneyGroups, type MoneyGroupPage } from '../../../lib/moneyGroups';
import { nameOf, orderBy, page } from './common';

export type InspectionRow = {
  id: number;
  folio: number;
  typeId: number;
  typeName: string;
  passingScore: string;
  scheduleId: number | null;
  area: string;
  inspectorEmployeeId: number;
  inspectorName: string;
  inspectedOn: string;
  status: 'borrador' | 'cerrada';
  score: string | null;
  result: 'aprobada' | 'reprobada' | null;
  findings: number;
  answeredCount: number;
  itemCount: number;
  notes: string;
  version: number;
};

export type AnswerRow = {
  id: number;
  inspectionId: number;
  position: number;
  text: string;
  weight: string;
  critical: boolean;
  evidenceRequired: boolean;
  answer: 'cumple' | 'no_cumple' | 'na' | null;
  note: string;
  photoUploadId: string | null;
  photo: AttachmentRow | null;
  failureReportId: number | null;
};

const inspectionSelect = sql`select x.id, x.folio, x.type_id as "typeId", x.type_name as "typeName", x.passing_score::text as "passingScore",
  x.schedule_id as "scheduleId", x.area, x.inspector_employee_id as "inspectorEmployeeId", ${nameOf('e')} as "inspectorName",
  x.inspected_on::text as "inspectedOn", x.status, x.score::text as score, x.result, x.notes, x.version,
  (select count(*) from sec_inspection_answers a where a.inspection_id = x.id and a.answer = 'no_cumple')::int as findings,
  (select count(*) from sec_inspection_answers a where a.inspection_id = x.id and a.answer is not null)::int as "answeredCount",
  (select count(*) from sec_inspection_answers a where a.inspection_id = x.id)::int as "itemCount"`;
const inspectionFrom = sql`from sec_inspections x join rh_employees e on e.id = x.inspector_employee_id`;

export const INSPECTION_SORTS = ['folio', 'inspectedOn', 'type', 'area', 'score', 'status'] as const;

export type InspectionFilter = { status: string | null; result: string | null; typeId: number | null; withFindings: boolean; range: DateRange };

/** The list's search and filter over `inspectionFrom`: the list and its groups read the same rows. */
function inspectionConds(search: string | null, f: InspectionFilter): SQL[] {
  const conds: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(x.folio::text = ${search} or x.area ilike ${p} or x.type_name ilike ${p} or ${nameOf('e')} ilike ${p})`);
  }
  if (f.status) conds.push(sql`x.status = ${f.status}`);
  if (f.result) conds.push(sql`x.result = ${f.result}`);
  if (f.typeId) conds.push(sql`x.type_id = ${f.typeId}`);
  conds.push(...withinDates(sql`x.inspected_on`, f.range));
  if (f.withFindings) conds.push(sql`exists (select 1 from sec_inspection_answers a where a.inspection_id = x.id and a.answer = 'no_cumple')`);
  return conds;
}

export function listInspections(ex: Executor, q: ListQuery<(typeof INSPECTION_SORTS)[number]>, f: InspectionFilter) {
  const conds = inspectionConds(q.search, f);
  const col = { folio: sql`x.folio`, inspectedOn: sql`x.inspected_on`, type: sql`lower(x.type_name)`, area: sql`lower(x.area)`, score: sql`x.score`, status: sql`x.status` }[q.sortBy];
  // Only the search reads the inspector.
  return page<InspectionRow>(ex, inspectionSelect, inspectionFrom, conds, orderBy(col, q.desc, sql`x.id`), q, q.search ? inspectionFrom : sql`from sec_inspections x`);
}

export type InspectionGroupBy = 'STATUS' | 'RESULT' | 'TYPE' | 'MONTH';

/** Inspections of the list (same search and filter) counted by estado, resultado, tipo or mes; a borrador has no result (key ""). Labels of status, result and month are the service's. */
export function inspectionGroups(ex: Executor, groupBy: InspectionGroupBy, q: ListQuery<string>, f: InspectionFilter): Promise<MoneyGroupPage> {
  const key = { STATUS: sql`x.status`, RESULT: sql`coalesce(x.result::text, '')`, TYPE: sql`x.type_id`, MONTH: sql`to_char(x.inspected_on, 'YYYY-MM')` }[groupBy];
  return moneyGroups(
    ex,
    { from: inspectionFrom, where: where(inspectionConds(q.search, f)), key, label: groupBy === 'TYPE' ? sql`x.type_name` : sql`(${key})::text`, order: groupBy === 'TYPE' ? 'countDesc' : 'keyAsc' },
    q,
  );
}

export async function findInspection(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  if (opts.lock) await ex.execute(sql`select id from sec_inspections where id = ${id} for update`);
  const rows = await queryRows<InspectionRow>(ex, sql`${inspectionSelect} ${inspectionFrom} where x.id = ${id}`);
  return rows[0] ?? null;
}

export function answersOf(ex: Executor, inspectionId: number) {
  return queryRows<AnswerRow>(
    ex,
    sql`select a.id, a.inspection_id as "inspectionId", a.position, a.text, a.weight::text as weight, a.critical, a.evidence_required as "evidenceRequired",
          a.answer, a.note, a.photo_upload_id as "photoUploadId", ${attachmentJson('u')} as photo, a.failure_report_id as "failureReportId"
        from sec_inspection_answers a left join uploads u on u.id = a.photo_upload_id where a.inspection_id = ${inspectionId} order by a.position`,
  );
}

export async function findAnswer(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; inspectionId: number; position: number; text: string; answer: string | null; photoUploadId: string | null; failureReportId: number | null }>(
    ex,
    sql`select id, inspection_id as "inspectionId", position, text, answer, photo_upload_id as "photoUploadId", failure_report_id as "failureReportId"
        from sec_inspection_answers where id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function insertInspection(
  ex: Executor,
  v: { folio: number; typeId: number; typeName: string; passingScore: string; scheduleId: number | null; area: string; inspectorEmployeeId: number; inspectedOn: string; notes: string; createdBy: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_inspections (folio, type_id, type_name, passing_score, schedule_id, area, inspector_employee_id, inspected_on, notes, created_by)
        values (${v.folio}, ${v.typeId}, ${v.typeName}, ${v.passingScore}, ${v.scheduleId}, ${v.area}, ${v.inspectorEmployeeId}, ${v.inspectedOn}, ${v.notes}, ${v.createdBy})
        returning id`,
  );
  const id = rows[0].id;
  // The inspection keeps its own copy of the checklist: editing the type later never changes it.
  await ex.execute(sql`insert into sec_inspection_answers (inspection_id, position, text, weight, critical, evidence_required)
    select ${id}, position, text, weight, critical, evidence_required from sec_inspection_type_items where type_id = ${v.typeId} order by position`);
  return id;
}

export async function saveAnswers(ex: Executor, inspectionId: number, answers: { id: number; answer: string | null; note: string }[]) {
  if (!answers.length) return;
  await ex.execute(sql`update sec_inspection_answers a set answer = v.answer, note = v.note
    from (values ${sql.join(
      answers.map((x) => sql`(${x.id}::int, ${x.answer}::text, ${x.note}::text)`),
      sql`, `,
    )}) as v(id, answer, note)
    where a.id = v.id and a.inspection_id = ${inspectionId}`);
}

export async function answerIdsOf(ex: Executor, inspectionId: number) {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from sec_inspection_answers where inspection_id = ${inspectionId}`);
  return new Set(rows.map((r) => r.id));
}

export async function updateInspectionHeader(ex: Executor, id: number, version: number, v: { notes: string; score: string | null }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_inspections set notes = ${v.notes}, score = ${v.score}, version = version + 1 where id = ${id} and version = ${version} and status = 'borrador' returning id`,
  );
  return rows.length > 0;
}

export async function closeInspection(ex: Executor, id: number, version: number, v: { score: string | null; result: string }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_inspections set status = 'cerrada', score = ${v.score}, result = ${v.result}, closed_at = now(), version = version + 1
        where id = ${id} and version = ${version} and status = 'borrador' returning id`,
  );
  return rows.length > 0;
}

export async function setAnswerPhoto(ex: Executor, answerId: number, uploadId: string | null) {
  await ex.execute(sql`update sec_inspection_answers set photo_upload_id = ${uploadId} where id = ${answerId}`);
}

/** Only the first raise wins (the answer keeps one report). */
export async function setAnswerReport(ex: Executor, answerId: number, reportId: number) {
  const rows = await queryRows<{ id: number }>(ex, sql`update sec_inspection_answers set failure_report_id = ${reportId} where id = ${answerId} and failure_report_id is null returning id`);
  return rows.length > 0;
}

export async function lockAnswer(ex: Executor, answerId: number) {
  await ex.execute(sql`select id from sec_inspection_answers where id = ${answerId} for update`);
}
