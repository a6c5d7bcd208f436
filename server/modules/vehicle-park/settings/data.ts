// Configuración PV data layer: grupos, locaciones and vehicle document types,
// each list with its counts in the same statement (correlated counts).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, listPage, orderBy, type ListQuery } from '../../../lib/list';

const except = (id: number | undefined): SQL => (id ? sql`and id <> ${id}` : sql``);

const updated = async (ex: Executor, query: SQL): Promise<boolean> => (await queryRows<{ id: number }>(ex, query)).length === 1;
const taken = async (ex: Executor, query: SQL): Promise<boolean> => (await queryRows<{ x: number }>(ex, query)).length > 0;

// ---- grupos ------------------------------------------------------------------------------

export type GroupRow = { id: number; name: string; description: string; active: boolean; vehicleCount: number; version: number };
export type GroupValues = { name: string; description: string; active: boolean };
export const GROUP_SORTS = ['name', 'vehicleCount'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

const groupCount = sql`(select count(*) from vp_vehicles v where v.group_id = g.id)::int`;
const groupSelect = sql`select g.id, g.name, g.description, g.active, ${groupCount} as "vehicleCount", g.version from vp_groups g`;

export async function listGroups(ex: Executor, q: ListQuery<GroupSort>, f: { active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`(g.name ilike ${likePattern(q.search)} or g.description ilike ${likePattern(q.search)})`);
  if (f.active !== null) conds.push(sql`g.active = ${f.active}`);
  const col = { name: sql`lower(g.name)`, vehicleCount: groupCount }[q.sortBy];
  return listPage<GroupRow>(ex, groupSelect, sql``, conds, orderBy(col, q.desc, sql`g.id`), q, sql`from vp_groups g`);
}
export const findGroup = async (ex: Executor, id: number): Promise<GroupRow | null> => (await queryRows<GroupRow>(ex, sql`${groupSelect} where g.id = ${id}`))[0] ?? null;
export const activeGroups = (ex: Executor) => queryRows<GroupRow>(ex, sql`${groupSelect} where g.active order by lower(g.name), g.id`);
export const groupNameTaken = (ex: Executor, name: string, exceptId?: number) => taken(ex, sql`select 1 as x from vp_groups where lower(name) = lower(${name}) ${except(exceptId)} limit 1`);
export async function insertGroup(ex: Executor, v: GroupValues): Promise<number> {
  return (await queryRows<{ id: number }>(ex, sql`insert into vp_groups (name, description, active) values (${v.name}, ${v.description}, ${v.active}) returning id`))[0].id;
}
export const updateGroup = (ex: Executor, id: number, version: number, v: GroupValues) =>
  updated(ex, sql`update vp_groups set name = ${v.name}, description = ${v.description}, active = ${v.active}, version = version + 1 where id = ${id} and version = ${version} returning id`);

// ---- locaciones ----------------------------------------------------------------------------

export type LocationRow = { id: number; name: string; address: string; active: boolean; vehicleCount: number; version: number };
export type LocationValues = { name: string; address: string; active: boolean };
export const LOCATION_SORTS = ['name', 'address', 'vehicleCount'] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];

const locationCount = sql`(select count(*) from vp_vehicles v where v.location_id = l.id)::int`;
const locationSelect = sql`select l.id, l.name, l.address, l.active, ${locationCount} as "vehicleCount", l.version from vp_locations l`;

export async function listLocations(ex: Executor, q: ListQuery<LocationSort>, f: { active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`(l.name ilike ${likePattern(q.search)} or l.address ilike ${likePattern(q.search)})`);
  if (f.active !== null) conds.push(sql`l.active = ${f.active}`);
  const col = { name: sql`lower(l.name)`, address: sql`lower(l.address)`, vehicleCount: locationCount }[q.sortBy];
  return listPage<LocationRow>(ex, locationSelect, sql``, conds, orderBy(col, q.desc, sql`l.id`), q, sql`from vp_locations l`);
}
export const findLocation = async (ex: Executor, id: number): Promise<LocationRow | null> => (await queryRows<LocationRow>(ex, sql`${locationSelect} where l.id = ${id}`))[0] ?? null;
export const activeLocations = (ex: Executor) => queryRows<LocationRow>(ex, sql`${locationSelect} where l.active order by lower(l.name), l.id`);
export const locationNameTaken = (ex: Executor, name: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from vp_locations where lower(name) = lower(${name}) ${except(exceptId)} limit 1`);
export async function insertLocation(ex: Executor, v: LocationValues): Promise<number> {
  return (await queryRows<{ id: number }>(ex, sql`insert into vp_locations (name, address, active) values (${v.name}, ${v.address}, ${v.active}) returning id`))[0].id;
}
export const updateLocation = (ex: Executor, id: number, version: number, v: LocationValues) =>
  updated(ex, sql`update vp_locations set name = ${v.name}, address = ${v.address}, active = ${v.active}, version = version + 1 where id = ${id} and version = ${version} returning id`);

// ---- document types ------------------------------------------------------------------------

export type DocumentTypeRow = {
  id: number;
  name: string;
  required: boolean;
  expires: boolean;
  warningDays: number;
  active: boolean;
  insurancePolicy: boolean;
  documentCount: number;
  version: number;
};
export type DocumentTypeValues = { name: string; required: boolean; expires: boolean; warningDays: number; active: boolean; insurancePolicy: boolean };
export const DOCUMENT_TYPE_SORTS = ['name', 'required', 'expires', 'warningDays', 'documentCount'] as const;
export type DocumentTypeSort = (typeof DOCUMENT_TYPE_SORTS)[number];

const documentCount = sql`(select count(*) from vp_vehicle_documents d where d.document_type_id = t.id)::int`;
const documentTypeSelect = sql`select t.id, t.name, t.required, t.expires, t.warning_days as "warningDays", t.active, t.is_insurance_policy as "insurancePolicy", ${documentCount} as "documentCount", t.version from vp_document_types t`;

export async function listDocumentTypes(ex: Executor, q: ListQuery<DocumentTypeSort>, f: { active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`t.name ilike ${likePattern(q.search)}`);
  if (f.active !== null) conds.push(sql`t.active = ${f.active}`);
  const col = { name: sql`lower(t.name)`, required: sql`t.required`, expires: sql`t.expires`, warningDays: sql`t.warning_days`, documentCount }[q.sortBy];
  return listPage<DocumentTypeRow>(ex, documentTypeSelect, sql``, conds, orderBy(col, q.desc, sql`t.id`), q, sql`from vp_document_types t`);
}
export const findDocumentType = async (ex: Executor, id: number): Promise<DocumentTypeRow | null> =>
  (await queryRows<DocumentTypeRow>(ex, sql`${documentTypeSelect} where t.id = ${id}`))[0] ?? null;
export const activeDocumentTypes = (ex: Executor) => queryRows<DocumentTypeRow>(ex, sql`${documentTypeSelect} where t.active order by t.required desc, lower(t.name), t.id`);
export const documentTypeNameTaken = (ex: Executor, name: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from vp_document_types where lower(name) = lower(${name}) ${except(exceptId)} limit 1`);
/** The name of another type already flagged as the vehicle's insurance policy, if any. */
export const otherInsurancePolicy = async (ex: Executor, exceptId?: number): Promise<string | null> =>
  (await queryRows<{ name: string }>(ex, sql`select name from vp_document_types where is_insurance_policy ${except(exceptId)} limit 1`))[0]?.name ?? null;
export async function insertDocumentType(ex: Executor, v: DocumentTypeValues): Promise<number> {
  return (
    await queryRows<{ id: number }>(
      ex,
      sql`insert into vp_document_types (name, required, expires, warning_days, active, is_insurance_policy)
        values (${v.name}, ${v.required}, ${v.expires}, ${v.warningDays}, ${v.active}, ${v.insurancePolicy}) returning id`,
    )
  )[0].id;
}
export const updateDocumentType = (ex: Executor, id: number, version: number, v: DocumentTypeValues) =>
  updated(
    ex,
    sql`update vp_document_types set name = ${v.name}, required = ${v.required}, expires = ${v.expires}, warning_days = ${v.warningDays}, active = ${v.active},
          is_insurance_policy = ${v.insurancePolicy}, version = version + 1 where id = ${id} and version = ${version} returning id`,
  );
