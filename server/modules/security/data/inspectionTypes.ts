// Seguridad data layer: inspection types and their checklist items.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { orderBy, page } from './common';

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
