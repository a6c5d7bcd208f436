// Seguridad data layer: every SQL statement of the module. Locks are taken
// here (for update) when the service asks; stock and tool assignment use
// conditional updates so two requests can never both win.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { attachmentJson, type AttachmentRow } from '../../lib/attachments';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../lib/list';

const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);
const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL => (desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`);
/** "PÉREZ LÓPEZ JUAN": surnames then names, as RH lists people. */
const nameOf = (alias: string): SQL => sql.raw(`concat_ws(' ', ${alias}.last_name, nullif(${alias}.second_last_name, ''), ${alias}.names)`);

async function page<T>(ex: Executor, select: SQL, from: SQL, conds: SQL[], order: SQL, q: { limit: number; offset: number }) {
  const [items, totals] = await Promise.all([
    queryRows<T>(ex, sql`${select} ${from} ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${from} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

// ---- employees --------------------------------------------------------------------------------

export async function employeesByIds(ex: Executor, ids: number[], opts: { lock?: boolean } = {}) {
  if (!ids.length) return [];
  // Locking the workers' rows (in id order, so two requests never deadlock) serialises permits that share a worker.
  return queryRows<{ id: number; status: string; number: string; fullName: string }>(
    ex,
    sql`select e.id, e.status, e.number, ${nameOf('e')} as "fullName" from rh_employees e where e.id = any(${sql.param(ids)}::int[]) order by e.id ${opts.lock ? sql`for update` : sql``}`,
  );
}

// ---- inspection types -------------------------------------------------------------------------

export type TypeRow = { id: number; name: string; description: string; passingScore: string; active: boolean; itemCount: number; version: number };
export type TypeItemRow = { id: number; typeId: number; position: number; text: string; weight: string; critical: boolean; evidenceRequired: boolean };
export type TypeItemValues = { text: string; weight: string; critical: boolean; evidenceRequired: boolean };
export type TypeValues = { name: string; description: string; passingScore: string; active: boolean; items: TypeItemValues[] };

const typeSelect = sql`select t.id, t.name, t.description, t.passing_score::text as "passingScore", t.active, t.version,
  (select count(*) from sec_inspection_type_items i where i.type_id = t.id)::int as "itemCount"`;

export const TYPE_SORTS = ['name', 'itemCount', 'passingScore'] as const;

export function listTypes(ex: Executor, q: ListQuery<(typeof TYPE_SORTS)[number]>, active: boolean | null) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`(t.name ilike ${likePattern(q.search)} or t.description ilike ${likePattern(q.search)})`);
  if (active !== null) conds.push(sql`t.active = ${active}`);
  const col = { name: sql`lower(t.name)`, itemCount: sql`"itemCount"`, passingScore: sql`t.passing_score` }[q.sortBy];
  return page<TypeRow>(ex, typeSelect, sql`from sec_inspection_types t`, conds, orderBy(col, q.desc, sql`t.id`), q);
}

export async function findType(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  const rows = await queryRows<TypeRow>(ex, sql`${typeSelect} from sec_inspection_types t where t.id = ${id} ${opts.lock ? sql`for update` : sql``}`);
  return rows[0] ?? null;
}

export const typeOptions = (ex: Executor) => queryRows<{ id: number; name: string }>(ex, sql`select id, name from sec_inspection_types where active order by lower(name)`);

export async function itemsOfTypes(ex: Executor, typeIds: number[]): Promise<Map<number, TypeItemRow[]>> {
  const out = new Map<number, TypeItemRow[]>();
  if (!typeIds.length) return out;
  const rows = await queryRows<TypeItemRow>(
    ex,
    sql`select id, type_id as "typeId", position, text, weight::text as weight, critical, evidence_required as "evidenceRequired"
        from sec_inspection_type_items where type_id = any(${sql.param(typeIds)}::int[]) order by type_id, position`,
  );
  for (const r of rows) out.set(r.typeId, [...(out.get(r.typeId) ?? []), r]);
  return out;
}

export async function typeNameTaken(ex: Executor, name: string, exceptId: number | null) {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from sec_inspection_types where lower(name) = lower(${name}) and id <> ${exceptId ?? 0}`);
  return rows.length > 0;
}

async function writeTypeItems(ex: Executor, typeId: number, items: TypeItemValues[]) {
  await ex.execute(sql`delete from sec_inspection_type_items where type_id = ${typeId}`);
  if (!items.length) return;
  await ex.execute(
    sql`insert into sec_inspection_type_items (type_id, position, text, weight, critical, evidence_required) values ${sql.join(
      items.map((it, i) => sql`(${typeId}, ${i + 1}, ${it.text}, ${it.weight}, ${it.critical}, ${it.evidenceRequired})`),
      sql`, `,
    )}`,
  );
}

export async function insertType(ex: Executor, v: TypeValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_inspection_types (name, description, passing_score, active) values (${v.name}, ${v.description}, ${v.passingScore}, ${v.active}) returning id`,
  );
  await writeTypeItems(ex, rows[0].id, v.items);
  return rows[0].id;
}

export async function updateType(ex: Executor, id: number, version: number, v: TypeValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_inspection_types set name = ${v.name}, description = ${v.description}, passing_score = ${v.passingScore}, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  if (!rows.length) return false;
  await writeTypeItems(ex, id, v.items);
  return true;
}

// ---- schedules --------------------------------------------------------------------------------

export type ScheduleRow = {
  id: number;
  typeId: number;
  typeName: string;
  area: string;
  responsibleEmployeeId: number;
  responsibleName: string;
  dueOn: string;
  recurrence: 'none' | 'weekly' | 'monthly' | 'quarterly';
  anchorDay: number;
  status: 'pendiente' | 'realizada' | 'cancelada';
  inspectionId: number | null;
  inspectionFolio: number | null;
  notes: string;
  version: number;
};
export type ScheduleValues = { typeId: number; area: string; responsibleEmployeeId: number; dueOn: string; recurrence: ScheduleRow['recurrence']; notes: string };

const scheduleSelect = sql`select s.id, s.type_id as "typeId", t.name as "typeName", s.area, s.responsible_employee_id as "responsibleEmployeeId",
  ${nameOf('e')} as "responsibleName", s.due_on::text as "dueOn", s.recurrence, s.anchor_day as "anchorDay", s.status,
  s.inspection_id as "inspectionId", i.folio as "inspectionFolio", s.notes, s.version`;
const scheduleFrom = sql`from sec_schedules s join sec_inspection_types t on t.id = s.type_id join rh_employees e on e.id = s.responsible_employee_id
  left join sec_inspections i on i.id = s.inspection_id`;

export const SCHEDULE_SORTS = ['dueOn', 'type', 'area', 'responsible', 'status'] as const;

export function listSchedules(ex: Executor, q: ListQuery<(typeof SCHEDULE_SORTS)[number]>, f: { status: string | null; overdueBefore: string | null; typeId: number | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(s.area ilike ${p} or t.name ilike ${p} or ${nameOf('e')} ilike ${p})`);
  }
  if (f.status) conds.push(sql`s.status = ${f.status}`);
  if (f.overdueBefore) conds.push(sql`s.status = 'pendiente' and s.due_on < ${f.overdueBefore}::date`);
  if (f.typeId) conds.push(sql`s.type_id = ${f.typeId}`);
  conds.push(...withinDates(sql`s.due_on`, f.range));
  const col = { dueOn: sql`s.due_on`, type: sql`lower(t.name)`, area: sql`lower(s.area)`, responsible: sql`e.last_name`, status: sql`s.status` }[q.sortBy];
  return page<ScheduleRow>(ex, scheduleSelect, scheduleFrom, conds, orderBy(col, q.desc, sql`s.id`), q);
}

export async function findSchedule(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  if (opts.lock) await ex.execute(sql`select id from sec_schedules where id = ${id} for update`);
  const rows = await queryRows<ScheduleRow>(ex, sql`${scheduleSelect} ${scheduleFrom} where s.id = ${id}`);
  return rows[0] ?? null;
}

export async function insertSchedule(ex: Executor, v: ScheduleValues & { anchorDay: number }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_schedules (type_id, area, responsible_employee_id, due_on, recurrence, anchor_day, notes)
        values (${v.typeId}, ${v.area}, ${v.responsibleEmployeeId}, ${v.dueOn}, ${v.recurrence}, ${v.anchorDay}, ${v.notes}) returning id`,
  );
  return rows[0].id;
}

export async function updateSchedule(ex: Executor, id: number, version: number, v: ScheduleValues & { anchorDay: number }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_schedules set type_id = ${v.typeId}, area = ${v.area}, responsible_employee_id = ${v.responsibleEmployeeId}, due_on = ${v.dueOn},
          recurrence = ${v.recurrence}, anchor_day = ${v.anchorDay}, notes = ${v.notes}, version = version + 1
        where id = ${id} and version = ${version} and status = 'pendiente' returning id`,
  );
  return rows.length > 0;
}

export async function setScheduleStatus(ex: Executor, id: number, status: 'realizada' | 'cancelada', inspectionId: number | null) {
  await ex.execute(sql`update sec_schedules set status = ${status}, inspection_id = coalesce(${inspectionId}, inspection_id), version = version + 1 where id = ${id}`);
}

export async function linkScheduleInspection(ex: Executor, id: number, inspectionId: number) {
  await ex.execute(sql`update sec_schedules set inspection_id = ${inspectionId}, version = version + 1 where id = ${id}`);
}

/** Tablero: pending inspections past their date. */
export const overdueSchedulesSql = (today: string): SQL =>
  sql`(select count(*)::int from sec_schedules where status = 'pendiente' and due_on < ${today}::date)`;

// ---- inspections ------------------------------------------------------------------------------

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

export function listInspections(
  ex: Executor,
  q: ListQuery<(typeof INSPECTION_SORTS)[number]>,
  f: { status: string | null; result: string | null; typeId: number | null; withFindings: boolean; range: DateRange },
) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(x.folio::text = ${q.search} or x.area ilike ${p} or x.type_name ilike ${p} or ${nameOf('e')} ilike ${p})`);
  }
  if (f.status) conds.push(sql`x.status = ${f.status}`);
  if (f.result) conds.push(sql`x.result = ${f.result}`);
  if (f.typeId) conds.push(sql`x.type_id = ${f.typeId}`);
  conds.push(...withinDates(sql`x.inspected_on`, f.range));
  if (f.withFindings) conds.push(sql`exists (select 1 from sec_inspection_answers a where a.inspection_id = x.id and a.answer = 'no_cumple')`);
  const col = { folio: sql`x.folio`, inspectedOn: sql`x.inspected_on`, type: sql`lower(x.type_name)`, area: sql`lower(x.area)`, score: sql`x.score`, status: sql`x.status` }[q.sortBy];
  return page<InspectionRow>(ex, inspectionSelect, inspectionFrom, conds, orderBy(col, q.desc, sql`x.id`), q);
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

// ---- permits ----------------------------------------------------------------------------------

export type PermitRow = {
  id: number;
  folio: number;
  kind: 'altura' | 'caliente' | 'confinado' | 'electrico';
  requesterEmployeeId: number;
  requesterName: string;
  area: string;
  description: string;
  validFrom: Date;
  validTo: Date;
  checklist: string[];
  status: 'solicitado' | 'autorizado' | 'cerrado' | 'cancelado';
  cancelReason: string | null;
  authorizedAt: Date | null;
  authorizedByName: string | null;
  version: number;
};
export type PermitValues = {
  kind: PermitRow['kind'];
  requesterEmployeeId: number;
  workerIds: number[];
  area: string;
  description: string;
  validFrom: Date;
  validTo: Date;
  checklist: string[];
};

const permitSelect = sql`select p.id, p.folio, p.kind, p.requester_employee_id as "requesterEmployeeId", ${nameOf('e')} as "requesterName", p.area,
  p.description, p.valid_from as "validFrom", p.valid_to as "validTo", p.checklist, p.status, p.cancel_reason as "cancelReason",
  p.authorized_at as "authorizedAt", u.name as "authorizedByName", p.version`;
const permitFrom = sql`from sec_permits p join rh_employees e on e.id = p.requester_employee_id left join users u on u.id = p.authorized_by`;

export const PERMIT_SORTS = ['folio', 'kind', 'validFrom', 'validTo', 'status', 'area'] as const;

export function listPermits(ex: Executor, q: ListQuery<(typeof PERMIT_SORTS)[number]>, f: { kind: string | null; status: string | null; expiringBefore: Date | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(p.folio::text = ${q.search} or p.area ilike ${p} or p.description ilike ${p} or ${nameOf('e')} ilike ${p}
      or exists (select 1 from sec_permit_workers w join rh_employees we on we.id = w.employee_id where w.permit_id = p.id and ${nameOf('we')} ilike ${p}))`);
  }
  if (f.kind) conds.push(sql`p.kind = ${f.kind}`);
  if (f.status) conds.push(sql`p.status = ${f.status}`);
  // Valid from an instant: its day is Mexico City's.
  conds.push(...withinDates(sql`(p.valid_from at time zone 'America/Mexico_City')::date`, f.range));
  if (f.expiringBefore) conds.push(sql`p.status = 'autorizado' and p.valid_to <= ${f.expiringBefore.toISOString()}::timestamptz`);
  const col = { folio: sql`p.folio`, kind: sql`p.kind`, validFrom: sql`p.valid_from`, validTo: sql`p.valid_to`, status: sql`p.status`, area: sql`lower(p.area)` }[q.sortBy];
  return page<PermitRow>(ex, permitSelect, permitFrom, conds, orderBy(col, q.desc, sql`p.id`), q);
}

export async function findPermit(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  if (opts.lock) await ex.execute(sql`select id from sec_permits where id = ${id} for update`);
  const rows = await queryRows<PermitRow>(ex, sql`${permitSelect} ${permitFrom} where p.id = ${id}`);
  return rows[0] ?? null;
}

export async function workersOf(ex: Executor, permitIds: number[]) {
  const out = new Map<number, { employeeId: number; number: string; fullName: string }[]>();
  if (!permitIds.length) return out;
  const rows = await queryRows<{ permitId: number; employeeId: number; number: string; fullName: string }>(
    ex,
    sql`select w.permit_id as "permitId", w.employee_id as "employeeId", e.number, ${nameOf('e')} as "fullName"
        from sec_permit_workers w join rh_employees e on e.id = w.employee_id where w.permit_id = any(${sql.param(permitIds)}::int[]) order by e.last_name, e.names`,
  );
  for (const r of rows) out.set(r.permitId, [...(out.get(r.permitId) ?? []), r]);
  return out;
}

/** Active permits of the same kind that hold any of `workerIds` in an overlapping window (half-open), other than `exceptId`. */
export function overlappingPermits(ex: Executor, kind: string, workerIds: number[], from: Date, to: Date, exceptId: number | null) {
  return queryRows<{ folio: number; employeeId: number; fullName: string }>(
    ex,
    sql`select p.folio, w.employee_id as "employeeId", ${nameOf('e')} as "fullName"
        from sec_permits p join sec_permit_workers w on w.permit_id = p.id join rh_employees e on e.id = w.employee_id
        where p.kind = ${kind} and p.status in ('solicitado', 'autorizado') and p.id <> ${exceptId ?? 0}
          and w.employee_id = any(${sql.param(workerIds)}::int[])
          and p.valid_from < ${to.toISOString()}::timestamptz and ${from.toISOString()}::timestamptz < p.valid_to
        order by p.folio, e.last_name`,
  );
}

async function writeWorkers(ex: Executor, permitId: number, workerIds: number[]) {
  await ex.execute(sql`delete from sec_permit_workers where permit_id = ${permitId}`);
  await ex.execute(sql`insert into sec_permit_workers (permit_id, employee_id) values ${sql.join(workerIds.map((w) => sql`(${permitId}, ${w})`), sql`, `)}`);
}

export async function insertPermit(ex: Executor, v: PermitValues & { folio: number; createdBy: number | null }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_permits (folio, kind, requester_employee_id, area, description, valid_from, valid_to, checklist, created_by)
        values (${v.folio}, ${v.kind}, ${v.requesterEmployeeId}, ${v.area}, ${v.description}, ${v.validFrom.toISOString()}, ${v.validTo.toISOString()},
                ${JSON.stringify(v.checklist)}::jsonb, ${v.createdBy}) returning id`,
  );
  await writeWorkers(ex, rows[0].id, v.workerIds);
  return rows[0].id;
}

export async function updatePermit(ex: Executor, id: number, version: number, v: PermitValues) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_permits set kind = ${v.kind}, requester_employee_id = ${v.requesterEmployeeId}, area = ${v.area}, description = ${v.description},
          valid_from = ${v.validFrom.toISOString()}, valid_to = ${v.validTo.toISOString()}, checklist = ${JSON.stringify(v.checklist)}::jsonb, version = version + 1
        where id = ${id} and version = ${version} and status = 'solicitado' returning id`,
  );
  if (!rows.length) return false;
  await writeWorkers(ex, id, v.workerIds);
  return true;
}

export async function movePermit(ex: Executor, id: number, version: number, from: string[], to: string, extra: { authorizedBy?: number | null; cancelReason?: string } = {}) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_permits set status = ${to}, version = version + 1,
          authorized_by = case when ${to} = 'autorizado' then ${extra.authorizedBy ?? null}::int else authorized_by end,
          authorized_at = case when ${to} = 'autorizado' then now() else authorized_at end,
          closed_at = case when ${to} in ('cerrado', 'cancelado') then now() else closed_at end,
          cancel_reason = case when ${to} = 'cancelado' then ${extra.cancelReason ?? null}::text else cancel_reason end
        where id = ${id} and version = ${version} and status = any(${sql.param(from)}::text[]) returning id`,
  );
  return rows.length > 0;
}

/** Tablero: authorised permits that end before `before`. */
export const expiringPermitsSql = (before: Date): SQL =>
  sql`(select count(*)::int from sec_permits where status = 'autorizado' and valid_to <= ${before.toISOString()}::timestamptz)`;

// ---- tools ------------------------------------------------------------------------------------

export type ToolRow = {
  id: number;
  code: string;
  name: string;
  serial: string;
  category: 'herramienta' | 'epp';
  status: 'disponible' | 'asignada' | 'en_reparacion' | 'baja';
  stock: number;
  holderEmployeeId: number | null;
  holderName: string | null;
  outstanding: number;
  notes: string;
  version: number;
};

const toolSelect = sql`select t.id, t.code, t.name, t.serial, t.category, t.status, t.stock, t.holder_employee_id as "holderEmployeeId",
  case when h.id is null then null else ${nameOf('h')} end as "holderName", t.notes, t.version,
  coalesce((select sum(l.quantity - l.returned_quantity) from sec_delivery_lines l where l.tool_id = t.id), 0)::int as outstanding`;
const toolFrom = sql`from sec_tools t left join rh_employees h on h.id = t.holder_employee_id`;

export const TOOL_SORTS = ['code', 'name', 'category', 'status', 'stock'] as const;

export function listTools(ex: Executor, q: ListQuery<(typeof TOOL_SORTS)[number]>, f: { category: string | null; status: string | null; deliverable: boolean }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(t.code ilike ${p} or t.name ilike ${p} or t.serial ilike ${p} or ${nameOf('h')} ilike ${p})`);
  }
  if (f.category) conds.push(sql`t.category = ${f.category}`);
  if (f.status) conds.push(sql`t.status = ${f.status}`);
  if (f.deliverable) conds.push(sql`((t.category = 'herramienta' and t.status = 'disponible') or (t.category = 'epp' and t.status <> 'baja' and t.stock > 0))`);
  const col = { code: sql`lower(t.code)`, name: sql`lower(t.name)`, category: sql`t.category`, status: sql`t.status`, stock: sql`t.stock` }[q.sortBy];
  return page<ToolRow>(ex, toolSelect, toolFrom, conds, orderBy(col, q.desc, sql`t.id`), q);
}

export async function findTool(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  if (opts.lock) await ex.execute(sql`select id from sec_tools where id = ${id} for update`);
  const rows = await queryRows<ToolRow>(ex, sql`${toolSelect} ${toolFrom} where t.id = ${id}`);
  return rows[0] ?? null;
}

export function toolsByIds(ex: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as ToolRow[]);
  return queryRows<ToolRow>(ex, sql`${toolSelect} ${toolFrom} where t.id = any(${sql.param(ids)}::int[])`);
}

export async function toolCodeTaken(ex: Executor, code: string, exceptId: number | null) {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from sec_tools where lower(code) = lower(${code}) and id <> ${exceptId ?? 0}`);
  return rows.length > 0;
}

export async function insertTool(ex: Executor, v: { code: string; name: string; serial: string; category: string; stock: number; notes: string }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_tools (code, name, serial, category, stock, notes) values (${v.code}, ${v.name}, ${v.serial}, ${v.category}, ${v.stock}, ${v.notes}) returning id`,
  );
  return rows[0].id;
}

export async function updateTool(ex: Executor, id: number, version: number, v: { code: string; name: string; serial: string; notes: string }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_tools set code = ${v.code}, name = ${v.name}, serial = ${v.serial}, notes = ${v.notes}, version = version + 1 where id = ${id} and version = ${version} returning id`,
  );
  return rows.length > 0;
}

/** Moves a tool between statuses only from the expected one (and version when given): the loser of a race changes nothing. */
export async function moveTool(ex: Executor, id: number, from: string, to: string, holder: number | null, version: number | null = null) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_tools set status = ${to}, holder_employee_id = ${holder}, version = version + 1
        where id = ${id} and status = ${from} and category = 'herramienta' ${version === null ? sql`` : sql`and version = ${version}`} returning id`,
  );
  return rows.length > 0;
}

/** PPE stock change that never goes below zero: null when there is not enough. */
export async function changeStock(ex: Executor, id: number, delta: number): Promise<number | null> {
  const rows = await queryRows<{ stock: number }>(
    ex,
    sql`update sec_tools set stock = stock + ${delta}, version = version + 1 where id = ${id} and category = 'epp' and status <> 'baja' and stock + ${delta} >= 0 returning stock`,
  );
  return rows[0]?.stock ?? null;
}

export async function retireEpp(ex: Executor, id: number, version: number) {
  const rows = await queryRows<{ id: number }>(ex, sql`update sec_tools set status = 'baja', stock = 0, version = version + 1 where id = ${id} and version = ${version} and category = 'epp' and status <> 'baja' returning id`);
  return rows.length > 0;
}

export type ToolEventValues = {
  toolId: number;
  kind: string;
  quantity: number;
  employeeId: number | null;
  deliveryId: number | null;
  condition: string | null;
  reason: string;
  stockAfter: number | null;
  statusAfter: string;
  createdBy: number | null;
};

export async function insertToolEvents(ex: Executor, events: ToolEventValues[]) {
  if (!events.length) return;
  await ex.execute(
    sql`insert into sec_tool_events (tool_id, kind, quantity, employee_id, delivery_id, condition, reason, stock_after, status_after, created_by) values ${sql.join(
      events.map((e) => sql`(${e.toolId}, ${e.kind}, ${e.quantity}, ${e.employeeId}, ${e.deliveryId}, ${e.condition}, ${e.reason}, ${e.stockAfter}, ${e.statusAfter}, ${e.createdBy})`),
      sql`, `,
    )}`,
  );
}

export function eventsOf(ex: Executor, toolId: number) {
  return queryRows<{
    id: number;
    kind: string;
    quantity: number;
    employeeName: string | null;
    deliveryFolio: number | null;
    condition: 'bueno' | 'danado' | 'perdido' | null;
    reason: string;
    stockAfter: number | null;
    statusAfter: ToolRow['status'];
    userName: string | null;
    createdAt: Date;
  }>(
    ex,
    sql`select v.id, v.kind, v.quantity, case when e.id is null then null else ${nameOf('e')} end as "employeeName", d.folio as "deliveryFolio",
          v.condition, v.reason, v.stock_after as "stockAfter", v.status_after as "statusAfter", u.name as "userName", v.created_at as "createdAt"
        from sec_tool_events v left join rh_employees e on e.id = v.employee_id left join sec_deliveries d on d.id = v.delivery_id
        left join users u on u.id = v.created_by where v.tool_id = ${toolId} order by v.id desc limit 200`,
  );
}

// ---- deliveries -------------------------------------------------------------------------------

export type SecDeliveryRow = {
  id: number;
  folio: number;
  employeeId: number;
  employeeName: string;
  receivedBy: string;
  signature: string | null;
  deliveredOn: string;
  notes: string;
  outstanding: number;
  createdAt: Date;
};
export type DeliveryLineRow = {
  id: number;
  deliveryId: number;
  toolId: number;
  toolCode: string;
  toolName: string;
  category: 'herramienta' | 'epp';
  quantity: number;
  returnedQuantity: number;
  outstanding: number;
  version: number;
};

const deliverySelect = sql`select d.id, d.folio, d.employee_id as "employeeId", ${nameOf('e')} as "employeeName", d.received_by as "receivedBy", d.signature,
  d.delivered_on::text as "deliveredOn", d.notes, d.created_at as "createdAt",
  coalesce((select sum(l.quantity - l.returned_quantity) from sec_delivery_lines l where l.delivery_id = d.id), 0)::int as outstanding`;
const deliveryFrom = sql`from sec_deliveries d join rh_employees e on e.id = d.employee_id`;

export const DELIVERY_SORTS = ['folio', 'deliveredOn', 'employee'] as const;

export function listDeliveries(ex: Executor, q: ListQuery<(typeof DELIVERY_SORTS)[number]>, f: { employeeId: number | null; open: boolean; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(d.folio::text = ${q.search} or ${nameOf('e')} ilike ${p} or d.received_by ilike ${p}
      or exists (select 1 from sec_delivery_lines l join sec_tools t on t.id = l.tool_id where l.delivery_id = d.id and (t.code ilike ${p} or t.name ilike ${p})))`);
  }
  if (f.employeeId) conds.push(sql`d.employee_id = ${f.employeeId}`);
  conds.push(...withinDates(sql`d.delivered_on`, f.range));
  if (f.open) conds.push(sql`exists (select 1 from sec_delivery_lines l where l.delivery_id = d.id and l.returned_quantity < l.quantity)`);
  const col = { folio: sql`d.folio`, deliveredOn: sql`d.delivered_on`, employee: sql`e.last_name` }[q.sortBy];
  return page<SecDeliveryRow>(ex, deliverySelect, deliveryFrom, conds, orderBy(col, q.desc, sql`d.id`), q);
}

export async function findDelivery(ex: Executor, id: number) {
  const rows = await queryRows<SecDeliveryRow>(ex, sql`${deliverySelect} ${deliveryFrom} where d.id = ${id}`);
  return rows[0] ?? null;
}

export async function linesOf(ex: Executor, deliveryIds: number[]) {
  const out = new Map<number, DeliveryLineRow[]>();
  if (!deliveryIds.length) return out;
  const rows = await queryRows<DeliveryLineRow>(
    ex,
    sql`select l.id, l.delivery_id as "deliveryId", l.tool_id as "toolId", t.code as "toolCode", t.name as "toolName", t.category, l.quantity,
          l.returned_quantity as "returnedQuantity", (l.quantity - l.returned_quantity) as outstanding, l.version
        from sec_delivery_lines l join sec_tools t on t.id = l.tool_id where l.delivery_id = any(${sql.param(deliveryIds)}::int[]) order by l.id`,
  );
  for (const r of rows) out.set(r.deliveryId, [...(out.get(r.deliveryId) ?? []), r]);
  return out;
}

export async function insertDelivery(
  ex: Executor,
  v: { folio: number; employeeId: number; receivedBy: string; signature: string | null; deliveredOn: string; notes: string; createdBy: number | null; lines: { toolId: number; quantity: number }[] },
) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_deliveries (folio, employee_id, received_by, signature, delivered_on, notes, created_by)
        values (${v.folio}, ${v.employeeId}, ${v.receivedBy}, ${v.signature}, ${v.deliveredOn}, ${v.notes}, ${v.createdBy}) returning id`,
  );
  const id = rows[0].id;
  await ex.execute(sql`insert into sec_delivery_lines (delivery_id, tool_id, quantity) values ${sql.join(v.lines.map((l) => sql`(${id}, ${l.toolId}, ${l.quantity})`), sql`, `)}`);
  return id;
}

export async function findLine(ex: Executor, id: number) {
  const rows = await queryRows<DeliveryLineRow & { employeeId: number }>(
    ex,
    sql`select l.id, l.delivery_id as "deliveryId", l.tool_id as "toolId", t.code as "toolCode", t.name as "toolName", t.category, l.quantity,
          l.returned_quantity as "returnedQuantity", (l.quantity - l.returned_quantity) as outstanding, l.version, d.employee_id as "employeeId"
        from sec_delivery_lines l join sec_tools t on t.id = l.tool_id join sec_deliveries d on d.id = l.delivery_id where l.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Adds to the returned quantity only while it stays within what was delivered (parallel returns cannot over-return). */
export async function addReturned(ex: Executor, lineId: number, quantity: number) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_delivery_lines set returned_quantity = returned_quantity + ${quantity}, version = version + 1
        where id = ${lineId} and returned_quantity + ${quantity} <= quantity returning id`,
  );
  return rows.length > 0;
}

// ---- reports ----------------------------------------------------------------------------------

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
