// Seguridad data layer: work permits and their workers.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { nameOf, orderBy, page } from './common';

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
  // Only the search reads the requester.
  return page<PermitRow>(ex, permitSelect, permitFrom, conds, orderBy(col, q.desc, sql`p.id`), q, q.search ? permitFrom : sql`from sec_permits p`);
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

/** Tablero: permits requested and waiting for `autorizar` (the Permisos list filtered by solicitado). */
export const requestedPermitsSql = (): SQL => sql`(select count(*)::int from sec_permits where status = 'solicitado')`;

/** Tablero: authorised permits that end before `before`. */
export const expiringPermitsSql = (before: Date): SQL =>
  sql`(select count(*)::int from sec_permits where status = 'autorizado' and valid_to <= ${before.toISOString()}::timestamptz)`;
