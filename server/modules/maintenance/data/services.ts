// Mantenimiento data layer: the services catalogue and each service's parts.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { ids, orderBy, page } from './common';

export type ServiceRow = {
  id: number;
  name: string;
  kind: 'preventivo' | 'correctivo';
  everyKm: number | null;
  everyDays: number | null;
  estimatedHours: string;
  estimatedCost: string;
  tasks: string[];
  active: boolean;
  version: number;
};
export type ServiceValues = Omit<ServiceRow, 'id' | 'version'> & { parts: { articleId: number; quantity: string }[] };
export const SERVICE_SORTS = ['name', 'kind', 'everyKm', 'everyDays', 'estimatedCost'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

const serviceSelect = sql`select s.id, s.name, s.kind, s.every_km as "everyKm", s.every_days as "everyDays", s.estimated_hours::text as "estimatedHours",
  s.estimated_cost::text as "estimatedCost", s.tasks, s.active, s.version`;

export function listServices(ex: Executor, q: ListQuery<ServiceSort>, f: { kind: string | null; active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`s.name ilike ${likePattern(q.search)}`);
  if (f.kind) conds.push(sql`s.kind = ${f.kind}`);
  if (f.active !== null) conds.push(sql`s.active = ${f.active}`);
  const col = { name: sql`lower(s.name)`, kind: sql`s.kind`, everyKm: sql`s.every_km`, everyDays: sql`s.every_days`, estimatedCost: sql`s.estimated_cost` }[q.sortBy];
  return page<ServiceRow>(ex, serviceSelect, sql`from mt_services s`, conds, orderBy(col, q.desc, sql`s.id`), q);
}

export async function findService(ex: Executor, id: number, lock = false): Promise<ServiceRow | null> {
  const rows = await queryRows<ServiceRow>(ex, sql`${serviceSelect} from mt_services s where s.id = ${id} ${lock ? sql`for update` : sql``}`);
  return rows[0] ?? null;
}

export async function servicesByIds(ex: Executor, serviceIds: number[]): Promise<ServiceRow[]> {
  if (!serviceIds.length) return [];
  return queryRows<ServiceRow>(ex, sql`${serviceSelect} from mt_services s where s.id in ${ids(serviceIds)} order by s.id`);
}

export async function activeServiceOptions(ex: Executor) {
  return queryRows<{ id: number; name: string }>(ex, sql`select id, name from mt_services where active order by lower(name), id`);
}

export async function serviceNameTaken(ex: Executor, name: string, exceptId?: number) {
  const rows = await queryRows<{ x: number }>(ex, sql`select 1 as x from mt_services where lower(name) = lower(${name}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`);
  return rows.length > 0;
}

export async function insertService(ex: Executor, v: ServiceValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into mt_services (name, kind, every_km, every_days, estimated_hours, estimated_cost, tasks, active)
        values (${v.name}, ${v.kind}, ${v.everyKm}, ${v.everyDays}, ${v.estimatedHours}, ${v.estimatedCost}, ${JSON.stringify(v.tasks)}::jsonb, ${v.active}) returning id`,
  );
  const id = Number(rows[0].id);
  await replaceServiceParts(ex, id, v.parts);
  return id;
}

export async function updateService(ex: Executor, id: number, version: number, v: ServiceValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update mt_services set name = ${v.name}, kind = ${v.kind}, every_km = ${v.everyKm}, every_days = ${v.everyDays}, estimated_hours = ${v.estimatedHours},
          estimated_cost = ${v.estimatedCost}, tasks = ${JSON.stringify(v.tasks)}::jsonb, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  if (rows.length !== 1) return false;
  await replaceServiceParts(ex, id, v.parts);
  return true;
}

async function replaceServiceParts(ex: Executor, serviceId: number, parts: { articleId: number; quantity: string }[]) {
  await queryRows(ex, sql`delete from mt_service_parts where service_id = ${serviceId}`);
  if (!parts.length) return;
  const values = parts.map((p, i) => sql`(${serviceId}, ${i + 1}, ${p.articleId}, ${p.quantity})`);
  await queryRows(ex, sql`insert into mt_service_parts (service_id, line_no, article_id, quantity) values ${sql.join(values, sql`, `)}`);
}

export type ServicePartRow = { serviceId: number; articleId: number; quantity: string };

/** The parts of these services (article names and costs come from Almacén's service). */
export async function serviceParts(ex: Executor, serviceIds: number[]): Promise<ServicePartRow[]> {
  if (!serviceIds.length) return [];
  const rows = await queryRows<ServicePartRow>(
    ex,
    sql`select service_id as "serviceId", article_id as "articleId", quantity::text as quantity from mt_service_parts where service_id in ${ids(serviceIds)} order by service_id, line_no`,
  );
  return rows.map((r) => ({ ...r, serviceId: Number(r.serviceId), articleId: Number(r.articleId) }));
}
