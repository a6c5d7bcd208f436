// Configuración RH data layer: every SQL statement of áreas, puestos, plazas,
// document types and payroll concepts. Each list reads its counts in the same
// statement (correlated counts, no query per row).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, listPage, orderBy, type ListQuery } from '../../../lib/list';
import { employeeNameSql } from '../data';

const except = (column: SQL, id: number | undefined): SQL => (id ? sql`and ${column} <> ${id}` : sql``);

const taken = async (ex: Executor, query: SQL): Promise<boolean> => (await queryRows<{ x: number }>(ex, query)).length > 0;

/** Bumps the version only when the caller's version is still current (optimistic lock). */
const updated = async (ex: Executor, query: SQL): Promise<boolean> => (await queryRows<{ id: number }>(ex, query)).length === 1;

// ---- áreas ----------------------------------------------------------------------------

export type AreaRow = { id: number; name: string; active: boolean; positionCount: number; employeeCount: number; version: number };
export type AreaValues = { name: string; active: boolean };

export const AREA_SORTS = ['name', 'positionCount', 'employeeCount'] as const;
export type AreaSort = (typeof AREA_SORTS)[number];

const areaPositionCount = sql`(select count(*) from rh_positions p where p.area_id = a.id and p.active)::int`;
const areaEmployeeCount = sql`(select count(*) from rh_employees e where e.area_id = a.id and e.status = 'activo')::int`;
const areaSelect = sql`select a.id, a.name, a.active, ${areaPositionCount} as "positionCount", ${areaEmployeeCount} as "employeeCount", a.version`;

export async function listAreas(ex: Executor, q: ListQuery<AreaSort>, f: { active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`a.name ilike ${likePattern(q.search)}`);
  if (f.active !== null) conds.push(sql`a.active = ${f.active}`);
  const col = { name: sql`lower(a.name)`, positionCount: areaPositionCount, employeeCount: areaEmployeeCount }[q.sortBy];
  return listPage<AreaRow>(ex, areaSelect, sql`from rh_areas a`, conds, orderBy(col, q.desc, sql`a.id`), q);
}

export async function findArea(ex: Executor, id: number): Promise<AreaRow | null> {
  const rows = await queryRows<AreaRow>(ex, sql`${areaSelect} from rh_areas a where a.id = ${id}`);
  return rows[0] ?? null;
}

export async function activeAreas(ex: Executor): Promise<AreaRow[]> {
  return queryRows<AreaRow>(ex, sql`${areaSelect} from rh_areas a where a.active order by lower(a.name), a.id`);
}

export const areaNameTaken = (ex: Executor, name: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from rh_areas where lower(name) = lower(${name}) ${except(sql`id`, exceptId)} limit 1`);

export async function insertArea(ex: Executor, v: AreaValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(ex, sql`insert into rh_areas (name, active) values (${v.name}, ${v.active}) returning id`);
  return rows[0].id;
}

export const updateArea = (ex: Executor, id: number, version: number, v: AreaValues) =>
  updated(ex, sql`update rh_areas set name = ${v.name}, active = ${v.active}, version = version + 1 where id = ${id} and version = ${version} returning id`);

// ---- puestos --------------------------------------------------------------------------

export type PositionRow = {
  id: number;
  areaId: number;
  areaName: string;
  name: string;
  baseDailySalary: string;
  active: boolean;
  workplaceCount: number;
  employeeCount: number;
  version: number;
};
export type PositionValues = { areaId: number; name: string; baseDailySalary: string; active: boolean };

export const POSITION_SORTS = ['name', 'areaName', 'baseDailySalary', 'workplaceCount', 'employeeCount'] as const;
export type PositionSort = (typeof POSITION_SORTS)[number];

const positionWorkplaceCount = sql`(select count(*) from rh_workplaces w where w.position_id = p.id and w.active)::int`;
const positionEmployeeCount = sql`(select count(*) from rh_employees e where e.position_id = p.id and e.status = 'activo')::int`;
const positionSelect = sql`select p.id, p.area_id as "areaId", a.name as "areaName", p.name, p.base_daily_salary::text as "baseDailySalary", p.active,
  ${positionWorkplaceCount} as "workplaceCount", ${positionEmployeeCount} as "employeeCount", p.version`;
const positionFrom = sql`from rh_positions p join rh_areas a on a.id = p.area_id`;

export async function listPositions(ex: Executor, q: ListQuery<PositionSort>, f: { areaId: number | null; active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`(p.name ilike ${likePattern(q.search)} or a.name ilike ${likePattern(q.search)})`);
  if (f.areaId !== null) conds.push(sql`p.area_id = ${f.areaId}`);
  if (f.active !== null) conds.push(sql`p.active = ${f.active}`);
  const col = {
    name: sql`lower(p.name)`,
    areaName: sql`lower(a.name)`,
    baseDailySalary: sql`p.base_daily_salary`,
    workplaceCount: positionWorkplaceCount,
    employeeCount: positionEmployeeCount,
  }[q.sortBy];
  return listPage<PositionRow>(ex, positionSelect, positionFrom, conds, orderBy(col, q.desc, sql`p.id`), q);
}

export async function findPosition(ex: Executor, id: number): Promise<PositionRow | null> {
  const rows = await queryRows<PositionRow>(ex, sql`${positionSelect} ${positionFrom} where p.id = ${id}`);
  return rows[0] ?? null;
}

export async function activePositions(ex: Executor): Promise<PositionRow[]> {
  return queryRows<PositionRow>(ex, sql`${positionSelect} ${positionFrom} where p.active and a.active order by lower(a.name), lower(p.name), p.id`);
}

export const positionNameTaken = (ex: Executor, areaId: number, name: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from rh_positions where area_id = ${areaId} and lower(name) = lower(${name}) ${except(sql`id`, exceptId)} limit 1`);

export async function insertPosition(ex: Executor, v: PositionValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_positions (area_id, name, base_daily_salary, active) values (${v.areaId}, ${v.name}, ${v.baseDailySalary}, ${v.active}) returning id`,
  );
  return rows[0].id;
}

export const updatePosition = (ex: Executor, id: number, version: number, v: PositionValues) =>
  updated(
    ex,
    sql`update rh_positions set area_id = ${v.areaId}, name = ${v.name}, base_daily_salary = ${v.baseDailySalary}, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );

/** Employees (any status) and plazas (active or not) that point at the puesto: they carry its área too. */
export async function positionUsage(ex: Executor, id: number): Promise<{ employees: number; workplaces: number }> {
  const rows = await queryRows<{ employees: number; workplaces: number }>(
    ex,
    sql`select (select count(*) from rh_employees where position_id = ${id})::int as employees, (select count(*) from rh_workplaces where position_id = ${id})::int as workplaces`,
  );
  return rows[0];
}

// ---- plazas ---------------------------------------------------------------------------

export type WorkplaceStatus = 'vacante' | 'ocupada';
export type WorkplaceRow = {
  id: number;
  code: string;
  positionId: number;
  positionName: string;
  areaId: number;
  areaName: string;
  authorizedDailySalary: string;
  location: string;
  notes: string;
  status: WorkplaceStatus;
  holderId: number | null;
  holderName: string | null;
  holderNumber: string | null;
  active: boolean;
  version: number;
};
export type WorkplaceValues = { code: string; positionId: number; authorizedDailySalary: string; location: string; notes: string; active: boolean };

export const WORKPLACE_SORTS = ['code', 'positionName', 'areaName', 'authorizedDailySalary', 'status', 'holderName'] as const;
export type WorkplaceSort = (typeof WORKPLACE_SORTS)[number];

const holderName = employeeNameSql('e');
const workplaceStatus = sql`case when w.holder_id is null then 'vacante' else 'ocupada' end`;
const workplaceSelect = sql`select w.id, w.code, w.position_id as "positionId", p.name as "positionName", p.area_id as "areaId", a.name as "areaName",
  w.authorized_daily_salary::text as "authorizedDailySalary", w.location, w.notes, ${workplaceStatus} as status, w.holder_id as "holderId",
  case when e.id is null then null else ${holderName} end as "holderName", e.number as "holderNumber", w.active, w.version`;
const workplaceFrom = sql`from rh_workplaces w join rh_positions p on p.id = w.position_id join rh_areas a on a.id = p.area_id left join rh_employees e on e.id = w.holder_id`;

export async function listWorkplaces(
  ex: Executor,
  q: ListQuery<WorkplaceSort>,
  f: { areaId: number | null; positionId: number | null; status: WorkplaceStatus | null; active: boolean | null },
) {
  const conds: SQL[] = [];
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(sql`(w.code ilike ${like} or p.name ilike ${like} or a.name ilike ${like} or w.location ilike ${like} or e.number ilike ${like} or ${holderName} ilike ${like})`);
  }
  if (f.areaId !== null) conds.push(sql`p.area_id = ${f.areaId}`);
  if (f.positionId !== null) conds.push(sql`w.position_id = ${f.positionId}`);
  if (f.status === 'vacante') conds.push(sql`w.holder_id is null`);
  if (f.status === 'ocupada') conds.push(sql`w.holder_id is not null`);
  if (f.active !== null) conds.push(sql`w.active = ${f.active}`);
  const col = {
    code: sql`upper(w.code)`,
    positionName: sql`lower(p.name)`,
    areaName: sql`lower(a.name)`,
    authorizedDailySalary: sql`w.authorized_daily_salary`,
    status: workplaceStatus,
    holderName: sql`case when e.id is null then null else lower(${holderName}) end`,
  }[q.sortBy];
  return listPage<WorkplaceRow>(ex, workplaceSelect, workplaceFrom, conds, orderBy(col, q.desc, sql`w.id`), q);
}

export async function findWorkplace(ex: Executor, id: number): Promise<WorkplaceRow | null> {
  const rows = await queryRows<WorkplaceRow>(ex, sql`${workplaceSelect} ${workplaceFrom} where w.id = ${id}`);
  return rows[0] ?? null;
}

/** Active, vacant plazas of active puestos (the employee form's choices). */
export async function vacantWorkplaces(ex: Executor): Promise<WorkplaceRow[]> {
  return queryRows<WorkplaceRow>(ex, sql`${workplaceSelect} ${workplaceFrom} where w.active and w.holder_id is null and p.active and a.active order by upper(w.code), w.id`);
}

/** The plaza row itself, locked, so a holder cannot take it while it is being deactivated. */
export async function lockWorkplace(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`select id from rh_workplaces where id = ${id} for update`);
}

export const workplaceCodeTaken = (ex: Executor, code: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from rh_workplaces where upper(code) = upper(${code}) ${except(sql`id`, exceptId)} limit 1`);

export async function insertWorkplace(ex: Executor, v: WorkplaceValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_workplaces (code, position_id, authorized_daily_salary, location, notes, active)
        values (${v.code}, ${v.positionId}, ${v.authorizedDailySalary}, ${v.location}, ${v.notes}, ${v.active}) returning id`,
  );
  return rows[0].id;
}

export const updateWorkplace = (ex: Executor, id: number, version: number, v: WorkplaceValues) =>
  updated(
    ex,
    sql`update rh_workplaces set code = ${v.code}, position_id = ${v.positionId}, authorized_daily_salary = ${v.authorizedDailySalary},
          location = ${v.location}, notes = ${v.notes}, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );

// ---- document types ------------------------------------------------------------------------

export type DocumentTypeRow = { id: number; name: string; required: boolean; expires: boolean; warningDays: number; active: boolean; version: number };
export type DocumentTypeValues = Omit<DocumentTypeRow, 'id' | 'version'>;

export const DOCUMENT_TYPE_SORTS = ['name', 'required', 'expires', 'warningDays'] as const;
export type DocumentTypeSort = (typeof DOCUMENT_TYPE_SORTS)[number];

const documentTypeSelect = sql`select id, name, required, expires, warning_days as "warningDays", active, version from rh_document_types`;

export async function listDocumentTypes(ex: Executor, q: ListQuery<DocumentTypeSort>, f: { active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`name ilike ${likePattern(q.search)}`);
  if (f.active !== null) conds.push(sql`active = ${f.active}`);
  const col = { name: sql`lower(name)`, required: sql`required`, expires: sql`expires`, warningDays: sql`warning_days` }[q.sortBy];
  return listPage<DocumentTypeRow>(
    ex,
    sql`select id, name, required, expires, warning_days as "warningDays", active, version`,
    sql`from rh_document_types`,
    conds,
    orderBy(col, q.desc, sql`id`),
    q,
  );
}

export async function findDocumentType(ex: Executor, id: number): Promise<DocumentTypeRow | null> {
  const rows = await queryRows<DocumentTypeRow>(ex, sql`${documentTypeSelect} where id = ${id}`);
  return rows[0] ?? null;
}

export async function activeDocumentTypes(ex: Executor): Promise<DocumentTypeRow[]> {
  return queryRows<DocumentTypeRow>(ex, sql`${documentTypeSelect} where active order by required desc, lower(name), id`);
}

export const documentTypeNameTaken = (ex: Executor, name: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from rh_document_types where lower(name) = lower(${name}) ${except(sql`id`, exceptId)} limit 1`);

export async function insertDocumentType(ex: Executor, v: DocumentTypeValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_document_types (name, required, expires, warning_days, active) values (${v.name}, ${v.required}, ${v.expires}, ${v.warningDays}, ${v.active}) returning id`,
  );
  return rows[0].id;
}

export const updateDocumentType = (ex: Executor, id: number, version: number, v: DocumentTypeValues) =>
  updated(
    ex,
    sql`update rh_document_types set name = ${v.name}, required = ${v.required}, expires = ${v.expires}, warning_days = ${v.warningDays}, active = ${v.active},
          version = version + 1 where id = ${id} and version = ${version} returning id`,
  );

// ---- payroll concepts -------------------------------------------------------------------------

export type ConceptKind = 'percepcion' | 'deduccion' | 'otro_pago';
export type TaxableRule = 'gravado' | 'exento' | 'exento_uma';
export type ConceptRow = {
  id: number;
  code: string;
  name: string;
  kind: ConceptKind;
  satCode: string;
  taxableRule: TaxableRule;
  exemptUma: string | null;
  systemKey: string | null;
  active: boolean;
  version: number;
};
export type ConceptValues = { code: string; name: string; kind: ConceptKind; satCode: string; taxableRule: TaxableRule; exemptUma: string | null; active: boolean };

export const CONCEPT_SORTS = ['code', 'name', 'kind', 'satCode'] as const;
export type ConceptSort = (typeof CONCEPT_SORTS)[number];

const conceptColumns = sql`select id, code, name, kind, sat_code as "satCode", taxable_rule as "taxableRule", exempt_uma::text as "exemptUma", system_key as "systemKey", active, version`;

export async function listConcepts(ex: Executor, q: ListQuery<ConceptSort>, f: { kind: ConceptKind | null; active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(sql`(code ilike ${like} or name ilike ${like} or sat_code ilike ${like})`);
  }
  if (f.kind) conds.push(sql`kind = ${f.kind}`);
  if (f.active !== null) conds.push(sql`active = ${f.active}`);
  // Percepciones, then deducciones, then otros pagos: the order of a payroll receipt.
  const kindOrder = sql`case kind when 'percepcion' then 1 when 'deduccion' then 2 else 3 end`;
  const col = { code: sql`upper(code)`, name: sql`lower(name)`, kind: kindOrder, satCode: sql`sat_code` }[q.sortBy];
  return listPage<ConceptRow>(ex, conceptColumns, sql`from rh_concepts`, conds, orderBy(col, q.desc, sql`id`), q);
}

export async function findConcept(ex: Executor, id: number): Promise<ConceptRow | null> {
  const rows = await queryRows<ConceptRow>(ex, sql`${conceptColumns} from rh_concepts where id = ${id}`);
  return rows[0] ?? null;
}

/** What an incident may capture: active concepts the calculation does not post itself. */
export async function captureConcepts(ex: Executor): Promise<ConceptRow[]> {
  return queryRows<ConceptRow>(
    ex,
    sql`${conceptColumns} from rh_concepts where active and system_key is null order by case kind when 'percepcion' then 1 when 'deduccion' then 2 else 3 end, upper(code), id`,
  );
}

export const conceptCodeTaken = (ex: Executor, code: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from rh_concepts where upper(code) = upper(${code}) ${except(sql`id`, exceptId)} limit 1`);

export const conceptNameTaken = (ex: Executor, name: string, exceptId?: number) =>
  taken(ex, sql`select 1 as x from rh_concepts where lower(name) = lower(${name}) ${except(sql`id`, exceptId)} limit 1`);

export async function insertConcept(ex: Executor, v: ConceptValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_concepts (code, name, kind, sat_code, taxable_rule, exempt_uma, active)
        values (${v.code}, ${v.name}, ${v.kind}, ${v.satCode}, ${v.taxableRule}, ${v.exemptUma}, ${v.active}) returning id`,
  );
  return rows[0].id;
}

export const updateConcept = (ex: Executor, id: number, version: number, v: ConceptValues) =>
  updated(
    ex,
    sql`update rh_concepts set code = ${v.code}, name = ${v.name}, kind = ${v.kind}, sat_code = ${v.satCode}, taxable_rule = ${v.taxableRule},
          exempt_uma = ${v.exemptUma}, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );

// ---- employees that depend on the organisation ------------------------------------------------

/** Active employees in an área or a puesto (they keep it from being deactivated). */
export async function activeEmployeesIn(ex: Executor, by: { areaId?: number; positionId?: number }): Promise<number> {
  const cond = by.areaId !== undefined ? sql`area_id = ${by.areaId}` : sql`position_id = ${by.positionId ?? 0}`;
  const rows = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_employees where ${cond} and status = 'activo'`);
  return rows[0].n;
}

/** Minimum wages of the fiscal year (null when the fiscal tables of that year are not loaded). */
export async function minimumWages(ex: Executor, year: number): Promise<{ general: string; border: string } | null> {
  const rows = await queryRows<{ general: string; border: string }>(
    ex,
    sql`select minimum_wage_general::text as general, minimum_wage_border::text as border from rh_fiscal_years where year = ${year}`,
  );
  return rows[0] ?? null;
}
