// Seguridad data layer: programación (scheduled inspections with recurrence).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { nameOf, orderBy, page } from './common';

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
  // Only the search reads the type and the responsible.
  return page<ScheduleRow>(ex, scheduleSelect, scheduleFrom, conds, orderBy(col, q.desc, sql`s.id`), q, q.search ? scheduleFrom : sql`from sec_schedules s`);
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
