// Empleados data layer: every SQL statement of the feature. Document states
// are worked out in SQL for lists (alerts filter and count) with the same
// rule as schema/rh/employees.ts documentState, and `today` always comes from
// the caller (Mexico City's calendar), never from the database clock.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { attachmentJson, type AttachmentRow } from '../../../lib/attachments';
import { moneyGroups, type MoneyGroupPage } from '../../../lib/moneyGroups';
import { recordDocumentStore, type LatestDocumentRow, type StoredRecordDocument } from '../../../lib/recordDocuments';

export type PayFrequency = 'semanal' | 'quincenal';
export type WageZone = 'general' | 'frontera';
export type EmployeeStatus = 'activo' | 'baja';

export type EmployeeRow = {
  id: number;
  number: string;
  names: string;
  lastName: string;
  secondLastName: string;
  fullName: string;
  rfc: string;
  curp: string;
  nss: string;
  birthDate: string;
  hireDate: string;
  firstHireDate: string;
  areaId: number;
  areaName: string;
  positionId: number;
  positionName: string;
  workplaceId: number | null;
  workplaceCode: string | null;
  payFrequency: PayFrequency;
  wageZone: WageZone;
  dailySalary: string;
  bank: string;
  clabe: string;
  email: string;
  phone: string;
  address: string;
  emergencyContact: string;
  postalCode: string;
  workState: string;
  contractType: string;
  /** Trabajador de confianza (LFT art. 127 fr. II: their PTU salary is capped). */
  trustWorker: boolean;
  employerRegistrationId: number | null;
  photoUploadId: string | null;
  photo: AttachmentRow | null;
  status: EmployeeStatus;
  terminationDate: string | null;
  terminationReason: string | null;
  documentAlerts: number;
  version: number;
};

/** The latest upload of each (employee, type): what the document state is read from. */
const latestDoc = (employee: SQL, type: SQL) =>
  sql`(select d.id, d.expires_on from rh_employee_documents d where d.employee_id = ${employee} and d.document_type_id = ${type} order by d.id desc limit 1)`;

/** Required active types whose latest upload is missing or expired on `today`. */
const alertCount = (today: string) => sql`(select count(*) from rh_document_types t left join lateral ${latestDoc(sql`e.id`, sql`t.id`)} l on true
    where t.active and t.required and (l.id is null or (t.expires and l.expires_on < ${today}::date)))::int`;

/** Any active type whose latest upload falls due within its warning days. */
const dueSoon = (today: string) => sql`exists (select 1 from rh_document_types t join lateral ${latestDoc(sql`e.id`, sql`t.id`)} l on true
    where t.active and t.expires and l.expires_on >= ${today}::date and l.expires_on <= ${today}::date + t.warning_days)`;

const fullName = sql`trim(e.last_name || ' ' || e.second_last_name || ' ' || e.names)`;

const employeeSelect = (today: string) => sql`select e.id, e.number, e.names, e.last_name as "lastName", e.second_last_name as "secondLastName",
    replace(${fullName}, '  ', ' ') as "fullName", e.rfc, e.curp, e.nss, e.birth_date::text as "birthDate", e.hire_date::text as "hireDate",
    e.first_hire_date::text as "firstHireDate", e.area_id as "areaId", a.name as "areaName", e.position_id as "positionId", p.name as "positionName",
    w.id as "workplaceId", w.code as "workplaceCode", e.pay_frequency as "payFrequency", e.wage_zone as "wageZone", e.daily_salary::text as "dailySalary",
    e.bank, e.clabe, e.email, e.phone, e.address, e.emergency_contact as "emergencyContact",
    coalesce(e.postal_code, '') as "postalCode", coalesce(e.work_state, '') as "workState", coalesce(e.contract_type, '') as "contractType", e.trust_worker as "trustWorker", e.employer_registration_id as "employerRegistrationId", e.photo_upload_id as "photoUploadId",
    ${attachmentJson('ph')} as photo, e.status, e.termination_date::text as "terminationDate", e.termination_reason as "terminationReason",
    case when e.status = 'baja' then 0 else ${alertCount(today)} end as "documentAlerts", e.version
  from rh_employees e join rh_areas a on a.id = e.area_id join rh_positions p on p.id = e.position_id
  left join rh_workplaces w on w.holder_id = e.id left join uploads ph on ph.id = e.photo_upload_id`;

export const EMPLOYEE_SORTS = ['number', 'fullName', 'areaName', 'positionName', 'payFrequency', 'dailySalary', 'hireDate', 'status'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

export type EmployeeFilter = {
  status: string | null;
  areaId: number | null;
  positionId: number | null;
  payFrequency: string | null;
  documentAlerts: boolean | null;
  /** Hire date (alta) within, both days included. */
  range?: DateRange;
};

export async function findEmployee(ex: Executor, id: number, today: string): Promise<EmployeeRow | null> {
  const rows = await queryRows<EmployeeRow>(ex, sql`${employeeSelect(today)} where e.id = ${id}`);
  return rows[0] ?? null;
}

/** Locks the employee row for the rest of the transaction (terminate, rehire, documents). */
export async function lockEmployee(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`select id from rh_employees where id = ${id} for update`);
}

/** The list's search and filter over `rh_employees e` joined to its área and puesto: the list and its groups read the same rows. */
function employeeConds(search: string | null, f: EmployeeFilter, today: string): SQL[] {
  const conds: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(e.number ilike ${p} or e.rfc ilike ${p} or e.curp ilike ${p} or ${fullName} ilike ${p}
      or trim(e.names || ' ' || e.last_name || ' ' || e.second_last_name) ilike ${p})`);
  }
  if (f.status) conds.push(sql`e.status = ${f.status}`);
  if (f.areaId) conds.push(sql`e.area_id = ${f.areaId}`);
  if (f.positionId) conds.push(sql`e.position_id = ${f.positionId}`);
  if (f.payFrequency) conds.push(sql`e.pay_frequency = ${f.payFrequency}`);
  if (f.range) conds.push(...withinDates(sql`e.hire_date`, f.range));
  // An employee de baja no longer warns about their documents (as the Tablero counts only active ones).
  if (f.documentAlerts === true) conds.push(sql`e.status <> 'baja' and (${alertCount(today)} > 0 or ${dueSoon(today)})`);
  if (f.documentAlerts === false) conds.push(sql`not (e.status <> 'baja' and (${alertCount(today)} > 0 or ${dueSoon(today)}))`);
  return conds;
}

const EMPLOYEE_FROM = sql`from rh_employees e left join rh_areas a on a.id = e.area_id left join rh_positions p on p.id = e.position_id`;

export async function listEmployees(ex: Executor, q: ListQuery<EmployeeSort>, f: EmployeeFilter, today: string) {
  const conds = employeeConds(q.search, f, today);
  const col = {
    number: sql`upper(e.number)`,
    fullName: sql`lower(${fullName})`,
    areaName: sql`lower(a.name)`,
    positionName: sql`lower(p.name)`,
    payFrequency: sql`e.pay_frequency`,
    dailySalary: sql`e.daily_salary`,
    hireDate: sql`e.hire_date`,
    status: sql`e.status`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<EmployeeRow>(ex, sql`${employeeSelect(today)} ${where(conds)} ${orderBy(col, q.desc, sql`e.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${EMPLOYEE_FROM} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export type EmployeeGroupBy = 'AREA' | 'POSITION' | 'STATUS' | 'FREQUENCY';

/** Employees of the list (same search and filter) counted by área, puesto, estado or frecuencia; status and frequency labels are the service's. */
export function employeeGroups(ex: Executor, groupBy: EmployeeGroupBy, q: ListQuery<string>, f: EmployeeFilter, today: string): Promise<MoneyGroupPage> {
  const key = { AREA: sql`e.area_id`, POSITION: sql`e.position_id`, STATUS: sql`e.status`, FREQUENCY: sql`e.pay_frequency` }[groupBy];
  const label = { AREA: sql`a.name`, POSITION: sql`p.name`, STATUS: sql`e.status`, FREQUENCY: sql`e.pay_frequency` }[groupBy];
  return moneyGroups(ex, { from: EMPLOYEE_FROM, where: where(employeeConds(q.search, f, today)), key, label, order: groupBy === 'STATUS' || groupBy === 'FREQUENCY' ? 'keyAsc' : 'countDesc' }, q);
}

export type EmployeeOptionRow = { id: number; number: string; fullName: string; positionName: string; areaName: string };

export async function employeeOptions(ex: Executor, search: string | null, limit: number): Promise<EmployeeOptionRow[]> {
  const p = search ? likePattern(search) : null;
  return queryRows<EmployeeOptionRow>(
    ex,
    sql`select e.id, e.number, replace(${fullName}, '  ', ' ') as "fullName", p.name as "positionName", a.name as "areaName"
      from rh_employees e join rh_areas a on a.id = e.area_id join rh_positions p on p.id = e.position_id
      where e.status = 'activo' ${p ? sql`and (e.number ilike ${p} or ${fullName} ilike ${p} or trim(e.names || ' ' || e.last_name || ' ' || e.second_last_name) ilike ${p})` : sql``}
      order by lower(${fullName}), e.id limit ${limit}`,
  );
}

/** Employees (other than `exceptId`) already using any of these numbers or CURPs. */
export async function takenIdentities(ex: Executor, numbers: string[], curps: string[], exceptId?: number) {
  if (!numbers.length && !curps.length) return [];
  return queryRows<{ id: number; number: string; curp: string }>(
    ex,
    sql`select id, upper(number) as number, curp from rh_employees
      where (upper(number) in (${sql.join(numbers.length ? numbers.map((n) => sql`${n.toUpperCase()}`) : [sql`null`], sql`, `)})
        or curp in (${sql.join(curps.length ? curps.map((c) => sql`${c}`) : [sql`null`], sql`, `)}))
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
}

export type EmployeeValues = {
  number: string;
  names: string;
  lastName: string;
  secondLastName: string;
  rfc: string;
  curp: string;
  nss: string;
  birthDate: string;
  hireDate: string;
  areaId: number;
  positionId: number;
  payFrequency: PayFrequency;
  wageZone: WageZone;
  dailySalary: string;
  bank: string;
  clabe: string;
  email: string;
  phone: string;
  address: string;
  emergencyContact: string;
  /** CFDI de nómina data (issue 27); '' = not captured (stored null): the employee's receipts are not stamped. */
  postalCode: string;
  workState: string;
  contractType: string;
  /** Trabajador de confianza (LFT art. 127 fr. II). */
  trustWorker: boolean;
  /** Issue 27: null = the company's first active registro patronal. */
  employerRegistrationId?: number | null;
};

export async function insertEmployee(ex: Executor, v: EmployeeValues & { createdBy: number | null; status?: EmployeeStatus; terminationDate?: string | null; terminationReason?: string | null }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_employees (number, names, last_name, second_last_name, rfc, curp, nss, birth_date, hire_date, first_hire_date, area_id, position_id,
        pay_frequency, wage_zone, daily_salary, bank, clabe, email, phone, address, emergency_contact, postal_code, work_state, contract_type,
        trust_worker, employer_registration_id, status, termination_date, termination_reason, created_by)
      values (${v.number}, ${v.names}, ${v.lastName}, ${v.secondLastName}, ${v.rfc}, ${v.curp}, ${v.nss}, ${v.birthDate}, ${v.hireDate}, ${v.hireDate},
        ${v.areaId}, ${v.positionId}, ${v.payFrequency}, ${v.wageZone}, ${v.dailySalary}, ${v.bank}, ${v.clabe}, ${v.email}, ${v.phone}, ${v.address},
        ${v.emergencyContact}, nullif(${v.postalCode}, ''), nullif(${v.workState}, ''), nullif(${v.contractType}, ''), ${v.trustWorker}, ${v.employerRegistrationId ?? null}, ${v.status ?? 'activo'}, ${v.terminationDate ?? null}, ${v.terminationReason ?? null}, ${v.createdBy}) returning id`,
  );
  return rows[0].id;
}

/** Hire date moves only while the record has a single period (first hire = hire); after a reingreso it is the reingreso's. */
export async function updateEmployee(ex: Executor, id: number, version: number, v: EmployeeValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_employees set number = ${v.number}, names = ${v.names}, last_name = ${v.lastName}, second_last_name = ${v.secondLastName},
        rfc = ${v.rfc}, curp = ${v.curp}, nss = ${v.nss}, birth_date = ${v.birthDate},
        first_hire_date = case when first_hire_date = hire_date then ${v.hireDate}::date else first_hire_date end, hire_date = ${v.hireDate},
        area_id = ${v.areaId}, position_id = ${v.positionId}, pay_frequency = ${v.payFrequency}, wage_zone = ${v.wageZone}, daily_salary = ${v.dailySalary},
        bank = ${v.bank}, clabe = ${v.clabe}, email = ${v.email}, phone = ${v.phone}, address = ${v.address}, emergency_contact = ${v.emergencyContact},
        postal_code = nullif(${v.postalCode}, ''), work_state = nullif(${v.workState}, ''), contract_type = nullif(${v.contractType}, ''),
        trust_worker = ${v.trustWorker}, employer_registration_id = ${v.employerRegistrationId ?? null}, version = version + 1
      where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

export async function terminateEmployee(ex: Executor, id: number, version: number, date: string, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_employees set status = 'baja', termination_date = ${date}, termination_reason = ${reason}, version = version + 1
      where id = ${id} and version = ${version} and status = 'activo' returning id`,
  );
  return rows.length === 1;
}

export async function rehireEmployee(ex: Executor, id: number, version: number, v: { hireDate: string; dailySalary: string }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_employees set status = 'activo', termination_date = null, termination_reason = null, hire_date = ${v.hireDate},
        daily_salary = ${v.dailySalary}, version = version + 1
      where id = ${id} and version = ${version} and status = 'baja' returning id`,
  );
  return rows.length === 1;
}

export async function setPhoto(ex: Executor, id: number, uploadId: string): Promise<void> {
  await ex.execute(sql`update rh_employees set photo_upload_id = ${uploadId} where id = ${id}`);
}

// ---- organisation (read only here; Configuración RH edits it) ---------------------------

export type AreaRef = { id: number; name: string; active: boolean };
export type PositionRef = { id: number; areaId: number; name: string; active: boolean };
export type WorkplaceRef = { id: number; code: string; positionId: number; active: boolean; holderId: number | null };

export async function findArea(ex: Executor, id: number): Promise<AreaRef | null> {
  return (await queryRows<AreaRef>(ex, sql`select id, name, active from rh_areas where id = ${id}`))[0] ?? null;
}
export async function findRegistrationRef(ex: Executor, id: number): Promise<{ id: number; active: boolean } | null> {
  return (await queryRows<{ id: number; active: boolean }>(ex, sql`select id, active from rh_employer_registrations where id = ${id}`))[0] ?? null;
}
export async function findPosition(ex: Executor, id: number): Promise<PositionRef | null> {
  return (await queryRows<PositionRef>(ex, sql`select id, area_id as "areaId", name, active from rh_positions where id = ${id}`))[0] ?? null;
}
export async function findWorkplace(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<WorkplaceRef | null> {
  const rows = await queryRows<WorkplaceRef>(
    ex,
    sql`select id, code, position_id as "positionId", active, holder_id as "holderId" from rh_workplaces where id = ${id} ${opts.lock ? sql`for update` : sql``}`,
  );
  return rows[0] ?? null;
}

export async function allAreas(ex: Executor): Promise<AreaRef[]> {
  return queryRows<AreaRef>(ex, sql`select id, name, active from rh_areas order by id`);
}
export async function allPositions(ex: Executor): Promise<PositionRef[]> {
  return queryRows<PositionRef>(ex, sql`select id, area_id as "areaId", name, active from rh_positions order by id`);
}
export async function allWorkplaces(ex: Executor): Promise<WorkplaceRef[]> {
  return queryRows<WorkplaceRef>(ex, sql`select id, code, position_id as "positionId", active, holder_id as "holderId" from rh_workplaces order by id`);
}

/** The plaza the employee holds, if any. */
export async function heldWorkplace(ex: Executor, employeeId: number): Promise<WorkplaceRef | null> {
  const rows = await queryRows<WorkplaceRef>(ex, sql`select id, code, position_id as "positionId", active, holder_id as "holderId" from rh_workplaces where holder_id = ${employeeId} for update`);
  return rows[0] ?? null;
}

/** Occupies a plaza only if it is still free (or already this employee's); false when someone else holds it. */
export async function occupyWorkplace(ex: Executor, workplaceId: number, employeeId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_workplaces set holder_id = ${employeeId}, version = version + 1
      where id = ${workplaceId} and (holder_id is null or holder_id = ${employeeId}) returning id`,
  );
  return rows.length === 1;
}

export async function releaseWorkplaces(ex: Executor, employeeId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(ex, sql`update rh_workplaces set holder_id = null, version = version + 1 where holder_id = ${employeeId} returning id`);
  return rows.map((r) => r.id);
}

// ---- fiscal figures ------------------------------------------------------------------------

// The fiscal year in force on a date: shared RH SQL (../data), used here for the minimum wage and the SDI.
export { fiscalYearOn, type FiscalYearRow } from '../data';

// ---- history ---------------------------------------------------------------------------------

export type EventRow = {
  id: number;
  employeeId: number;
  event: string;
  date: string;
  reason: string;
  dailySalary: string | null;
  workplaceCode: string | null;
  recordedByName: string | null;
  recordedAt: Date;
};

export async function insertEvent(
  ex: Executor,
  v: { employeeId: number; event: 'alta' | 'baja' | 'reingreso' | 'salario' | 'plaza'; date: string; reason?: string; dailySalary?: string | null; workplaceId?: number | null; recordedBy: number | null },
): Promise<void> {
  await ex.execute(sql`insert into rh_employment_events (employee_id, event, date, reason, daily_salary, workplace_id, recorded_by)
    values (${v.employeeId}, ${v.event}, ${v.date}, ${v.reason ?? ''}, ${v.dailySalary ?? null}, ${v.workplaceId ?? null}, ${v.recordedBy})`);
}

/** The latest date a salary took effect (alta, reingreso or cambio de salario), or null. */
export async function lastSalaryDate(ex: Executor, employeeId: number): Promise<string | null> {
  const rows = await queryRows<{ date: string | null }>(
    ex,
    sql`select max(date)::text as date from rh_employment_events where employee_id = ${employeeId} and event in ('alta', 'reingreso', 'salario')`,
  );
  return rows[0]?.date ?? null;
}

export async function eventsOf(ex: Executor, employeeIds: number[]): Promise<EventRow[]> {
  if (!employeeIds.length) return [];
  return queryRows<EventRow>(
    ex,
    sql`select ev.id, ev.employee_id as "employeeId", ev.event, ev.date::text as date, ev.reason, ev.daily_salary::text as "dailySalary",
        w.code as "workplaceCode", u.name as "recordedByName", ev.created_at as "recordedAt"
      from rh_employment_events ev left join rh_workplaces w on w.id = ev.workplace_id left join users u on u.id = ev.recorded_by
      where ev.employee_id in (${sql.join(employeeIds.map((id) => sql`${id}`), sql`, `)}) order by ev.employee_id, ev.date desc, ev.id desc`,
  );
}

// ---- documents -------------------------------------------------------------------------------

export type DocumentTypeRef = { id: number; name: string; required: boolean; expires: boolean; warningDays: number; active: boolean };

export async function findDocumentType(ex: Executor, id: number): Promise<DocumentTypeRef | null> {
  const rows = await queryRows<DocumentTypeRef>(ex, sql`select id, name, required, expires, warning_days as "warningDays", active from rh_document_types where id = ${id}`);
  return rows[0] ?? null;
}

export type EmployeeDocumentRow = Omit<LatestDocumentRow, 'ownerId'> & { employeeId: number };

const documents = recordDocumentStore({ owners: 'rh_employees', documents: 'rh_employee_documents', types: 'rh_document_types', ownerColumn: 'employee_id' });

/** One row per active document type (and per inactive type the employee has a file of), with the latest upload. */
export async function documentsOf(ex: Executor, employeeIds: number[]): Promise<EmployeeDocumentRow[]> {
  return (await documents.latestPerType(ex, employeeIds)).map(({ ownerId, ...row }) => ({ employeeId: ownerId, ...row }));
}

export const insertDocument = (ex: Executor, v: { employeeId: number; documentTypeId: number; uploadId: string; expiresOn: string | null; notes: string; createdBy: number | null }) => {
  const { employeeId, ...rest } = v;
  return documents.insert(ex, { ownerId: employeeId, ...rest });
};

export type StoredDocument = Omit<StoredRecordDocument, 'ownerId'> & { employeeId: number };

export async function findDocument(ex: Executor, id: number): Promise<StoredDocument | null> {
  const d = await documents.find(ex, id);
  if (!d) return null;
  const { ownerId, ...rest } = d;
  return { employeeId: ownerId, ...rest };
}

export const deleteDocument = (ex: Executor, id: number) => documents.remove(ex, id);

/**
 * Active employees whose documents need attention (the Tablero's card and the
 * list's "Con alertas de documentos" filter use the same predicates): all of
 * them, and those with a required document missing or expired.
 */
/** Tablero: active employees with document alerts (as the Empleados filter counts them), as json { withAlerts, missingOrExpired }. */
export function documentAlertSummarySql(today: string): SQL {
  return sql`(select json_build_object(
                'withAlerts', count(*) filter (where ${alertCount(today)} > 0 or ${dueSoon(today)}),
                'missingOrExpired', count(*) filter (where ${alertCount(today)} > 0))
              from rh_employees e where e.status = 'activo')`;
}
