// Movimientos IMSS data layer: every SQL statement of the feature. `today`
// (for «vencido») always comes from the caller, Mexico City's calendar.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
export { fiscalYearOn, sbcCapOn } from '../data';
import type { ImssMovementStatus, ImssMovementType, ImssSalaryType } from '../../../../schema/rh/imssMovements';

export type ImssMovementRow = {
  id: number;
  employeeId: number;
  employeeNumber: string;
  fullName: string;
  lastName: string;
  secondLastName: string;
  names: string;
  nss: string;
  curp: string;
  employerRegistrationId: number | null;
  registro: string;
  type: ImssMovementType;
  effectiveDate: string;
  deadline: string;
  dailySalary: string;
  sbc: string;
  salaryType: ImssSalaryType;
  bajaCause: string | null;
  status: ImssMovementStatus;
  acuse: string | null;
  presentedAt: Date | null;
  presentedByName: string | null;
};

const movementSelect = sql`select m.id, m.employee_id as "employeeId", m.employee_number as "employeeNumber",
    trim(replace(m.last_name || ' ' || m.second_last_name || ' ' || m.names, '  ', ' ')) as "fullName",
    m.last_name as "lastName", m.second_last_name as "secondLastName", m.names, m.nss, m.curp,
    m.employer_registration_id as "employerRegistrationId", m.registro, m.type, m.effective_date::text as "effectiveDate",
    m.deadline::text as deadline, m.daily_salary::text as "dailySalary", m.sbc::text as sbc, m.salary_type as "salaryType", m.baja_cause as "bajaCause",
    m.status, m.acuse, m.presented_at as "presentedAt", u.name as "presentedByName"
  from rh_imss_movements m left join users u on u.id = m.presented_by`;

export const MOVEMENT_SORTS = ['deadline', 'effectiveDate', 'employee', 'type', 'status', 'registro'] as const;
export type MovementSort = (typeof MOVEMENT_SORTS)[number];

export type MovementFilter = {
  type: ImssMovementType | null;
  status: ImssMovementStatus | null;
  employerRegistrationId: number | null;
  overdue: boolean | null;
  range: DateRange;
};

function conditions(search: string | null, f: MovementFilter, today: string): SQL[] {
  const conds: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(m.employee_number ilike ${p} or m.nss ilike ${p} or m.curp ilike ${p} or m.acuse ilike ${p}
      or trim(m.last_name || ' ' || m.second_last_name || ' ' || m.names) ilike ${p} or trim(m.names || ' ' || m.last_name || ' ' || m.second_last_name) ilike ${p})`);
  }
  if (f.type) conds.push(sql`m.type = ${f.type}`);
  if (f.status) conds.push(sql`m.status = ${f.status}`);
  if (f.employerRegistrationId) conds.push(sql`m.employer_registration_id = ${f.employerRegistrationId}`);
  if (f.overdue === true) conds.push(sql`m.status = 'pendiente' and m.deadline < ${today}::date`);
  if (f.overdue === false) conds.push(sql`not (m.status = 'pendiente' and m.deadline < ${today}::date)`);
  conds.push(...withinDates(sql`m.effective_date`, f.range));
  return conds;
}

export async function listMovements(ex: Executor, q: ListQuery<MovementSort>, f: MovementFilter, today: string) {
  const conds = conditions(q.search, f, today);
  const col = {
    deadline: sql`m.deadline`,
    effectiveDate: sql`m.effective_date`,
    employee: sql`lower(m.last_name || ' ' || m.second_last_name || ' ' || m.names)`,
    type: sql`m.type`,
    status: sql`m.status`,
    registro: sql`m.registro`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<ImssMovementRow>(ex, sql`${movementSelect} ${where(conds)} ${orderBy(col, q.desc, sql`m.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_imss_movements m ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function movementsByIds(ex: Executor, ids: number[]): Promise<ImssMovementRow[]> {
  if (!ids.length) return [];
  return queryRows<ImssMovementRow>(ex, sql`${movementSelect} where m.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by m.effective_date, m.id`);
}

export async function lockMovement(ex: Executor, id: number): Promise<{ id: number; status: ImssMovementStatus } | null> {
  return (await queryRows<{ id: number; status: ImssMovementStatus }>(ex, sql`select id, status from rh_imss_movements where id = ${id} for update`))[0] ?? null;
}

export async function markPresented(ex: Executor, id: number, acuse: string, userId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_imss_movements set status = 'presentado', acuse = ${acuse}, presented_at = now(), presented_by = ${userId}
      where id = ${id} and status = 'pendiente' returning id`,
  );
  return rows.length === 1;
}

/** What a movement copies from the employee: identity, and the registro patronal (theirs, else the company's first active one). */
export type MovementSource = {
  id: number;
  number: string;
  nss: string;
  curp: string;
  lastName: string;
  secondLastName: string;
  names: string;
  employerRegistrationId: number | null;
  registro: string;
};

export async function movementSource(ex: Executor, employeeId: number): Promise<MovementSource | null> {
  const rows = await queryRows<MovementSource>(
    ex,
    sql`select e.id, e.number, e.nss, e.curp, e.last_name as "lastName", e.second_last_name as "secondLastName", e.names,
        r.id as "employerRegistrationId", coalesce(r.registro, '') as registro
      from rh_employees e
      left join lateral (select id, registro from rh_employer_registrations
        where id = e.employer_registration_id or (e.employer_registration_id is null and active) order by (id = e.employer_registration_id) desc, id limit 1) r on true
      where e.id = ${employeeId}`,
  );
  return rows[0] ?? null;
}

export async function insertMovement(
  ex: Executor,
  v: MovementSource & { type: ImssMovementType; effectiveDate: string; deadline: string; dailySalary: string; sbc: string; salaryType: ImssSalaryType; bajaCause: string | null; createdBy: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_imss_movements (employee_id, employer_registration_id, registro, type, effective_date, deadline, nss, curp, employee_number,
        last_name, second_last_name, names, daily_salary, sbc, salary_type, baja_cause, created_by)
      values (${v.id}, ${v.employerRegistrationId}, ${v.registro}, ${v.type}, ${v.effectiveDate}, ${v.deadline}, ${v.nss}, ${v.curp}, ${v.number},
        ${v.lastName}, ${v.secondLastName}, ${v.names}, ${v.dailySalary}, ${v.sbc}, ${v.salaryType}, ${v.bajaCause}, ${v.createdBy}) returning id`,
  );
  return rows[0].id;
}
