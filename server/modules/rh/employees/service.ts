// Empleados business rules: identity formats and their agreement with the
// birth date, the minimum wage of the employee's zone (fiscal data of the
// year), the organisation (puesto of the área, plaza of the puesto, one
// holder per plaza), the employment history (alta, baja, reingreso, salary
// and plaza changes, never rewritten) and the documents with their expiry.
import { writeAudit } from '../../../db/audit';
import { isUniqueViolation, type Executor } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import { parseInput, rules, z } from '../../../lib/validation';
import { claimUpload, detachUpload, removeUploadBytes, storageOf, toAttachment } from '../../../lib/attachments';
import { addDays, isIsoDate, todayMx } from '../../../../schema/dates';
import { dec, decimalPlaces, money } from '../../../../schema/money';
import { CLABE_MESSAGE, CURP_MESSAGE, NSS_MESSAGE, isClabe, isCurp, isNss, rfcKind } from '../../../../schema/validators';
import { labelGroups } from '../../../lib/moneyGroups';
import { documentState, EMPLOYEE_STATUS_LABELS, EVENT_LABELS, PAY_FREQUENCY_LABELS, isEditableAfterBaja, identityDateErrors, MAX_DAYS_AHEAD } from '../../../../schema/rh/employees';
import { contributions } from '../../index';
import { sdiFor, yearsOfService } from '../../../../schema/rh/fiscal';
import { ESTADOS, TIPOS_CONTRATO } from '../../../../schema/rh/satNomina';
import { countsOf, type Indicator } from '../../../lib/indicators';
import * as data from './data';
import { recordMovement } from '../imss-movements/service';
import { variablePartsOn } from '../sbc-variable/service';
import { DEFAULT_BAJA_CAUSE, IMSS_MOVEMENT_MSG, isImssBajaCause } from '../../../../schema/rh/imssMovements';
import { MSG } from './messages';

const db = (ctx: RequestContext) => ctx.app.database.db;
const SUBJECT = 'Recursos Humanos-Empleados';

// ---- input rules -------------------------------------------------------------------------

const isoDate = () => z.string({ error: MSG.required }).trim().refine(isIsoDate, MSG.date);
const optional = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres.`).nullish().transform((v) => v ?? '');
const salaryText = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .refine((v) => /^\d+(\.\d+)?$/.test(v), MSG.salary)
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || decimalPlaces(v) <= 2, MSG.salaryPlaces)
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || dec(v).gt(0), MSG.salaryPositive)
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || dec(v).lt('1e9'), MSG.salaryTooLarge);
const emailRule = z.email();

export const employeeInput = z.object({
  number: z.string({ error: MSG.required }).trim().toUpperCase().min(1, MSG.required).regex(/^[A-Z0-9-]{1,20}$/, MSG.numberFormat),
  names: rules.requiredText(80),
  lastName: rules.requiredText(80),
  secondLastName: optional(80),
  rfc: z.string({ error: MSG.required }).trim().toUpperCase().refine((v) => rfcKind(v) === 'fisica', MSG.rfcFisica),
  curp: z.string({ error: MSG.required }).trim().toUpperCase().refine(isCurp, CURP_MESSAGE),
  nss: z.string({ error: MSG.required }).trim().refine(isNss, NSS_MESSAGE),
  birthDate: isoDate(),
  hireDate: isoDate(),
  areaId: rules.id(),
  positionId: rules.id(),
  workplaceId: z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null)),
  payFrequency: z.enum(['semanal', 'quincenal'], { error: MSG.frequency }),
  wageZone: z.enum(['general', 'frontera'], { error: MSG.zone }),
  dailySalary: salaryText(),
  bank: optional(60),
  clabe: optional(18).refine((v) => v === '' || isClabe(v), CLABE_MESSAGE),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Máximo 254 caracteres.')
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || emailRule.safeParse(v).success, 'Correo electrónico no válido.'),
  phone: optional(30),
  address: optional(300),
  emergencyContact: optional(200),
  // CFDI de nómina (issue 27): optional here, required to stamp the employee's receipts.
  postalCode: optional(5).refine((v) => v === '' || /^\d{5}$/.test(v), MSG.postalCode),
  workState: optional(3).transform((v) => v.toUpperCase()).refine((v) => v === '' || ESTADOS.some((e) => e.code === v), MSG.workState),
  contractType: optional(2).refine((v) => v === '' || TIPOS_CONTRATO.some((e) => e.code === v), MSG.contractType),
  // Trabajador de confianza (LFT art. 127 fr. II, the PTU salary cap); an integration that does not send it means «no».
  trustWorker: z
    .boolean({ error: MSG.trustWorker })
    .nullish()
    .transform((v) => v ?? false),
  // Issue 27: the IMSS registro patronal; null = the company's first active one.
  employerRegistrationId: rules
    .id()
    .nullish()
    .transform((v) => v ?? null),
});
export type EmployeeInput = z.infer<typeof employeeInput>;

const terminateInput = z.object({
  date: isoDate(),
  reason: z.string({ error: MSG.reason }).trim().min(1, MSG.reason).max(500, 'Máximo 500 caracteres.'),
  // Issue 27: IDSE's causa de baja; an integration that does not send it gets «6 Otras».
  imssCause: z
    .string({ error: IMSS_MOVEMENT_MSG.bajaCause })
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => v || DEFAULT_BAJA_CAUSE)
    .refine(isImssBajaCause, IMSS_MOVEMENT_MSG.bajaCause),
});
/** Issue 27: the day a salary change takes effect (parsed apart from the employee's data: it is not a field of the record). */
const salaryDateInput = z.object({ salaryEffectiveDate: z.union([z.literal(''), isoDate()]).nullish().transform((v) => v || null) });
const rehireInput = z.object({
  hireDate: isoDate(),
  workplaceId: z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null)),
  dailySalary: salaryText().nullish(),
  reason: optional(500),
});
const documentInput = z.object({
  documentTypeId: rules.id(),
  fileId: z.string({ error: MSG.required }).trim().min(1, MSG.required),
  expiresOn: z.union([z.literal(''), isoDate()]).nullish().transform((v) => v || null),
  notes: optional(500),
});

// ---- reading -------------------------------------------------------------------------------

export type EmployeeRecord = data.EmployeeRow & { yearsOfService: number; integrationFactor: string; sdi: string; sdiFormula: string };

const NO_TABLES = 'Sin tablas fiscales cargadas: el SDI es igual al salario diario.';

/** Adds seniority and the SDI with the fiscal tables in force today. */
async function withSdi(ex: Executor, rows: data.EmployeeRow[], today: string): Promise<EmployeeRecord[]> {
  if (!rows.length) return [];
  const year = await data.fiscalYearOn(ex, today);
  // NUMERIC(9,4) reads back as "25.0000"; the formula reads better as "25 %".
  const set = year ? { ...year, vacationPremiumPercent: dec(year.vacationPremiumPercent).toString() } : null;
  return rows.map((row) => {
    const years = yearsOfService(row.hireDate, today);
    if (!set) return { ...row, yearsOfService: years, integrationFactor: '1.0000', sdi: money(row.dailySalary), sdiFormula: NO_TABLES };
    const r = sdiFor(set, row.dailySalary, years);
    return { ...row, yearsOfService: years, integrationFactor: r.factor, sdi: r.sdi, sdiFormula: r.formula };
  });
}

async function record(ex: Executor, id: number): Promise<EmployeeRecord> {
  const today = todayMx();
  const row = found(await data.findEmployee(ex, id, today), MSG.employeeMissing);
  return (await withSdi(ex, [row], today))[0];
}

export async function getEmployee(ctx: RequestContext, id: string): Promise<EmployeeRecord | null> {
  const today = todayMx();
  const row = await data.findEmployee(db(ctx), idOf(id), today);
  return row ? (await withSdi(db(ctx), [row], today))[0] : null;
}

type FilterArg = { status?: string | null; areaId?: string | null; positionId?: string | null; payFrequency?: string | null; documentAlerts?: boolean | null; from?: string | null; to?: string | null } | null | undefined;

/** For the Tablero: active employees with document alerts (same rule as the list filter), today in Mexico City. */
/** Tablero card: employees whose documents need attention (run inside the Tablero's one statement). */
export const documentAlertIndicator = (today: string): Indicator<{ withAlerts: number; missingOrExpired: number }> => ({
  sql: data.documentAlertSummarySql(today),
  read: countsOf('withAlerts', 'missingOrExpired'),
});

const employeeFilter = (filter: FilterArg): data.EmployeeFilter => ({
  status: filter?.status ?? null,
  areaId: filter?.areaId ? idOf(filter.areaId) : null,
  positionId: filter?.positionId ? idOf(filter.positionId) : null,
  payFrequency: filter?.payFrequency ?? null,
  documentAlerts: filter?.documentAlerts ?? null,
  range: readDateRange(filter),
});

export async function listEmployees(ctx: RequestContext, list: ListInput | null | undefined, filter: FilterArg) {
  const today = todayMx();
  const q = readList(list, data.EMPLOYEE_SORTS, 'number');
  const result = await data.listEmployees(db(ctx), q, employeeFilter(filter), today);
  return { items: await withSdi(db(ctx), result.items, today), total: result.total };
}

/** «Agrupar por» of the list: the same search and filter, counted per group. */
export async function employeeGroups(ctx: RequestContext, groupBy: data.EmployeeGroupBy, list: ListInput | null | undefined, filter: FilterArg) {
  const groups = await data.employeeGroups(db(ctx), groupBy, readList(list, data.EMPLOYEE_SORTS, 'number'), employeeFilter(filter), todayMx());
  if (groupBy === 'STATUS') return labelGroups(groups, (key) => EMPLOYEE_STATUS_LABELS[key] ?? key);
  return groupBy === 'FREQUENCY' ? labelGroups(groups, (key) => PAY_FREQUENCY_LABELS[key] ?? key) : groups;
}

export function employeeOptions(ctx: RequestContext, search: string | null | undefined, limit: number | null | undefined) {
  const n = limit ?? 20;
  if (!Number.isInteger(n) || n < 1 || n > 50) throw badInput({ limit: 'El límite debe estar entre 1 y 50.' });
  return data.employeeOptions(db(ctx), search?.trim().slice(0, 100) || null, n);
}

export async function documentsOf(ctx: RequestContext, employeeId: number) {
  const today = todayMx();
  const rows = await data.documentsOf(db(ctx), [employeeId]);
  return rows.map((r) => ({
    ...r,
    state: documentState(r, r.id === null ? null : { expiresOn: r.expiresOn }, today),
    file: r.file ? toAttachment(r.file) : null,
  }));
}

export async function historyOf(ctx: RequestContext, employeeId: number) {
  const rows = await data.eventsOf(db(ctx), [employeeId]);
  return rows.map((r) => ({ ...r, eventLabel: EVENT_LABELS[r.event] ?? r.event }));
}

// ---- checks ------------------------------------------------------------------------------

function idOf(id: string | number): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) throw notFound(MSG.employeeMissing);
  return n;
}

/** The minimum wage of the zone in force on `date`, or null when no fiscal year is loaded. */
async function minimumWage(ex: Executor, zone: data.WageZone, date: string): Promise<string | null> {
  const set = await data.fiscalYearOn(ex, date);
  if (!set) return null;
  return zone === 'frontera' ? set.minimumWageBorder : set.minimumWageGeneral;
}

async function salaryErrors(ex: Executor, zone: data.WageZone, salary: string, onDate: string, field = 'dailySalary'): Promise<FieldMessages> {
  const today = todayMx();
  const min = await minimumWage(ex, zone, onDate > today ? onDate : today);
  return min !== null && dec(salary).lt(min) ? { [field]: MSG.minimumWage(zone, min) } : {};
}

/**
 * When a salary change takes effect (issue 27): not in the future (the record
 * holds the salary in force, and IDSE takes a modificación once it applies),
 * not before the hire date, not before the last salary already recorded (the
 * history is never rewritten).
 */
async function salaryDateErrors(ex: Executor, employeeId: number, effectiveDate: string, hireDate: string, today: string): Promise<FieldMessages> {
  if (effectiveDate > today) return { salaryEffectiveDate: IMSS_MOVEMENT_MSG.salaryDateFuture };
  if (effectiveDate < hireDate) return { salaryEffectiveDate: IMSS_MOVEMENT_MSG.salaryDateBeforeHire(hireDate) };
  const last = await data.lastSalaryDate(ex, employeeId);
  if (last && effectiveDate < last) return { salaryEffectiveDate: IMSS_MOVEMENT_MSG.salaryDateBeforeLast(last) };
  return {};
}

type Current = { id: number; areaId: number; positionId: number; workplaceId: number | null; status: data.EmployeeStatus } | null;

/**
 * Every rule that needs the database, collected so one answer names every
 * field at fault. Locks the chosen plaza, so two requests for the same plaza
 * queue and the second one sees it taken.
 */
async function organisationErrors(
  ex: Executor,
  v: Pick<EmployeeInput, 'areaId' | 'positionId' | 'workplaceId'> & { employerRegistrationId?: number | null },
  current: Current,
): Promise<{ errors: FieldMessages; workplace: data.WorkplaceRef | null }> {
  const errors: FieldMessages = {};
  if (v.employerRegistrationId) {
    const registration = await data.findRegistrationRef(ex, v.employerRegistrationId);
    if (!registration) errors.employerRegistrationId = MSG.registrationMissing;
    else if (!registration.active) errors.employerRegistrationId = MSG.registrationInactive;
  }
  const area = await data.findArea(ex, v.areaId);
  if (!area) errors.areaId = MSG.areaMissing;
  else if (!area.active && current?.areaId !== area.id) errors.areaId = MSG.areaInactive;
  const position = await data.findPosition(ex, v.positionId);
  if (!position) errors.positionId = MSG.positionMissing;
  else if (position.areaId !== v.areaId) errors.positionId = MSG.positionOtherArea;
  else if (!position.active && current?.positionId !== position.id) errors.positionId = MSG.positionInactive;
  let workplace: data.WorkplaceRef | null = null;
  if (v.workplaceId !== null) {
    workplace = await data.findWorkplace(ex, v.workplaceId, { lock: true });
    if (current?.status === 'baja') errors.workplaceId = MSG.workplaceOnBaja;
    else if (!workplace) errors.workplaceId = MSG.workplaceMissing;
    else if (workplace.positionId !== v.positionId) errors.workplaceId = MSG.workplaceOtherPosition;
    else if (!workplace.active && current?.workplaceId !== workplace.id) errors.workplaceId = MSG.workplaceInactive;
    else if (workplace.holderId !== null && workplace.holderId !== current?.id) errors.workplaceId = MSG.workplaceTaken(workplace.code);
  }
  return { errors, workplace };
}

async function identityErrors(ex: Executor, v: Pick<EmployeeInput, 'number' | 'curp'>, exceptId?: number): Promise<FieldMessages> {
  const errors: FieldMessages = {};
  for (const t of await data.takenIdentities(ex, [v.number], [v.curp], exceptId)) {
    if (t.number === v.number.toUpperCase()) errors.number = MSG.numberTaken;
    if (t.curp === v.curp) errors.curp = MSG.curpTaken;
  }
  return errors;
}

/** Unique-index races (two saves at once) become the same field messages as the checks. */
function mapRaces(err: unknown, workplaceCode: string | null): never {
  if (isUniqueViolation(err, 'rh_workplaces_holder_uq')) throw badInput({ workplaceId: MSG.workplaceTaken(workplaceCode ?? '') });
  if (isUniqueViolation(err, 'rh_employees_number_uq')) throw badInput({ number: MSG.numberTaken });
  if (isUniqueViolation(err, 'rh_employees_curp_uq')) throw badInput({ curp: MSG.curpTaken });
  throw err;
}

/** Moves the employee to `workplaceId` (or out of any plaza); returns the codes for the history, or null when nothing changed. */
async function moveToWorkplace(ex: Executor, employeeId: number, workplace: data.WorkplaceRef | null): Promise<{ from: string | null; to: string | null } | null> {
  const held = await data.heldWorkplace(ex, employeeId);
  if ((held?.id ?? null) === (workplace?.id ?? null)) return null;
  if (held) await data.releaseWorkplaces(ex, employeeId);
  if (workplace && !(await data.occupyWorkplace(ex, workplace.id, employeeId))) throw badInput({ workplaceId: MSG.workplaceTaken(workplace.code) });
  return { from: held?.code ?? null, to: workplace?.code ?? null };
}

const values = (v: EmployeeInput): data.EmployeeValues => {
  const { workplaceId: _w, ...rest } = v;
  return { ...rest, dailySalary: money(v.dailySalary) };
};

/** The fields of a baja's record that `v` would change beyond those still editable (EDITABLE_AFTER_BAJA), each with its message. */
function changedAfterBaja(before: data.EmployeeRow, v: EmployeeInput): FieldMessages {
  const errors: FieldMessages = {};
  for (const field of Object.keys(v) as (keyof EmployeeInput)[]) {
    if (isEditableAfterBaja(field)) continue;
    const same = field === 'dailySalary' ? dec(v.dailySalary).eq(before.dailySalary) : v[field] === before[field];
    if (!same) errors[field] = MSG.lockedAfterBaja;
  }
  return errors;
}

// ---- writing -------------------------------------------------------------------------------

export async function createEmployee(ctx: RequestContext, input: unknown): Promise<EmployeeRecord> {
  const v = parseInput(employeeInput, input);
  const today = todayMx();
  let workplaceCode: string | null = null;
  try {
    const id = await db(ctx).transaction(async (tx) => {
      const org = await organisationErrors(tx, v, null);
      workplaceCode = org.workplace?.code ?? null;
      const errors = { ...identityDateErrors(v, today), ...(await salaryErrors(tx, v.wageZone, v.dailySalary, v.hireDate)), ...(await identityErrors(tx, v)), ...org.errors };
      if (Object.keys(errors).length) throw badInput(errors);
      const newId = await data.insertEmployee(tx, { ...values(v), createdBy: ctx.auth?.id ?? null });
      await moveToWorkplace(tx, newId, org.workplace);
      await data.insertEvent(tx, { employeeId: newId, event: 'alta', date: v.hireDate, dailySalary: money(v.dailySalary), workplaceId: org.workplace?.id ?? null, recordedBy: ctx.auth?.id ?? null });
      await recordMovement(tx, ctx, { employeeId: newId, type: 'alta', effectiveDate: v.hireDate, dailySalary: v.dailySalary, seniorityFrom: v.hireDate });
      await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: newId, action: 'create', after: v });
      return newId;
    });
    return record(db(ctx), id);
  } catch (err) {
    return mapRaces(err, workplaceCode);
  }
}

export async function updateEmployee(ctx: RequestContext, id: string, version: number, input: unknown): Promise<EmployeeRecord> {
  const v = parseInput(employeeInput, input);
  const { salaryEffectiveDate } = parseInput(salaryDateInput, input);
  const employeeId = idOf(id);
  const today = todayMx();
  let workplaceCode: string | null = null;
  try {
    await db(ctx).transaction(async (tx) => {
      await data.lockEmployee(tx, employeeId);
      const before = await data.findEmployee(tx, employeeId, today);
      if (!before) throw notFound(MSG.employeeMissing);
      if (before.version !== version) throw conflict();
      if (before.status === 'baja') {
        const locked = changedAfterBaja(before, v);
        if (Object.keys(locked).length) throw badInput(locked);
      }
      const org = await organisationErrors(tx, v, before);
      workplaceCode = org.workplace?.code ?? null;
      const errors = { ...identityDateErrors(v, today), ...(await identityErrors(tx, v, employeeId)), ...org.errors };
      // A salary kept as it was stays valid when a new year raises the minimum; a changed one must reach it.
      if (!dec(v.dailySalary).eq(before.dailySalary) || v.wageZone !== before.wageZone) Object.assign(errors, await salaryErrors(tx, v.wageZone, v.dailySalary, v.hireDate));
      const salaryChanged = !dec(v.dailySalary).eq(before.dailySalary);
      const effectiveDate = salaryEffectiveDate ?? today;
      if (salaryChanged) Object.assign(errors, await salaryDateErrors(tx, employeeId, effectiveDate, v.hireDate, today));
      if (Object.keys(errors).length) throw badInput(errors);
      if (!(await data.updateEmployee(tx, employeeId, version, values(v)))) throw conflict();
      const recordedBy = ctx.auth?.id ?? null;
      if (salaryChanged) {
        await data.insertEvent(tx, { employeeId, event: 'salario', date: effectiveDate, reason: `De ${money(before.dailySalary)} a ${money(v.dailySalary)}`, dailySalary: money(v.dailySalary), workplaceId: org.workplace?.id ?? null, recordedBy });
        // Mixed salary (LSS art. 30 fr. III): the new fixed SDI keeps the variable part of the bimonthly SBC update
        // in force on the effective date, until the next update.
        const variableDaily = (await variablePartsOn(tx, effectiveDate, [employeeId])).get(employeeId) ?? null;
        await recordMovement(tx, ctx, { employeeId, type: 'modificacion', effectiveDate, dailySalary: v.dailySalary, seniorityFrom: v.hireDate, variableDaily });
      }
      const moved = await moveToWorkplace(tx, employeeId, org.workplace);
      if (moved) {
        const reason = moved.to ? (moved.from ? `De la plaza ${moved.from} a la ${moved.to}` : `Ocupa la plaza ${moved.to}`) : `Deja la plaza ${moved.from}`;
        await data.insertEvent(tx, { employeeId, event: 'plaza', date: today, reason, dailySalary: money(v.dailySalary), workplaceId: org.workplace?.id ?? null, recordedBy });
      }
      await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: employeeId, action: 'update', before, after: v });
    });
    return record(db(ctx), employeeId);
  } catch (err) {
    return mapRaces(err, workplaceCode);
  }
}

export async function terminateEmployee(ctx: RequestContext, id: string, version: number, input: unknown): Promise<EmployeeRecord> {
  const v = parseInput(terminateInput, input);
  const employeeId = idOf(id);
  const today = todayMx();
  await db(ctx).transaction(async (tx) => {
    await data.lockEmployee(tx, employeeId);
    const before = await data.findEmployee(tx, employeeId, today);
    if (!before) throw notFound(MSG.employeeMissing);
    if (before.version !== version) throw conflict();
    if (before.status === 'baja') throw appError('CONFLICT', MSG.alreadyBaja);
    if (v.date < before.hireDate) throw badInput({ date: MSG.terminationBeforeHire(before.hireDate) });
    if (v.date > addDays(today, MAX_DAYS_AHEAD)) throw badInput({ date: MSG.terminationTooFar });
    if (!(await data.terminateEmployee(tx, employeeId, version, v.date, v.reason))) throw conflict();
    const freed = await data.releaseWorkplaces(tx, employeeId);
    // What other modules held for them (the vehicles they drove), let go of in this same transaction.
    const leaving = { id: employeeId, number: before.number, fullName: before.fullName, date: v.date, reason: v.reason };
    const released: Record<string, string> = {};
    for (const release of contributions().employeeReleases) Object.assign(released, await release(tx, ctx, leaving));
    await data.insertEvent(tx, { employeeId, event: 'baja', date: v.date, reason: v.reason, dailySalary: before.dailySalary, workplaceId: before.workplaceId, recordedBy: ctx.auth?.id ?? null });
    await recordMovement(tx, ctx, { employeeId, type: 'baja', effectiveDate: v.date, dailySalary: before.dailySalary, seniorityFrom: before.hireDate, bajaCause: v.imssCause });
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: employeeId, action: 'terminate', before, after: { status: 'baja', terminationDate: v.date, terminationReason: v.reason, imssCause: v.imssCause, freedWorkplaces: freed, ...released } });
  });
  return record(db(ctx), employeeId);
}

export async function rehireEmployee(ctx: RequestContext, id: string, version: number, input: unknown): Promise<EmployeeRecord> {
  const v = parseInput(rehireInput, input);
  const employeeId = idOf(id);
  const today = todayMx();
  let workplaceCode: string | null = null;
  try {
    await db(ctx).transaction(async (tx) => {
      await data.lockEmployee(tx, employeeId);
      const before = await data.findEmployee(tx, employeeId, today);
      if (!before) throw notFound(MSG.employeeMissing);
      if (before.version !== version) throw conflict();
      if (before.status !== 'baja') throw appError('CONFLICT', MSG.notBaja);
      const salary = money(v.dailySalary ?? before.dailySalary);
      const errors: FieldMessages = {};
      if (before.terminationDate && v.hireDate <= before.terminationDate) errors.hireDate = MSG.rehireAfterBaja(before.terminationDate);
      else if (v.hireDate > addDays(today, MAX_DAYS_AHEAD)) errors.hireDate = MSG.hireTooFar;
      Object.assign(errors, await salaryErrors(tx, before.wageZone, salary, v.hireDate));
      const org = await organisationErrors(tx, { areaId: before.areaId, positionId: before.positionId, workplaceId: v.workplaceId }, { ...before, status: 'activo', workplaceId: null });
      workplaceCode = org.workplace?.code ?? null;
      Object.assign(errors, org.errors.workplaceId ? { workplaceId: org.errors.workplaceId } : {});
      if (Object.keys(errors).length) throw badInput(errors);
      if (!(await data.rehireEmployee(tx, employeeId, version, { hireDate: v.hireDate, dailySalary: salary }))) throw conflict();
      await moveToWorkplace(tx, employeeId, org.workplace);
      await data.insertEvent(tx, { employeeId, event: 'reingreso', date: v.hireDate, reason: v.reason, dailySalary: salary, workplaceId: org.workplace?.id ?? null, recordedBy: ctx.auth?.id ?? null });
      await recordMovement(tx, ctx, { employeeId, type: 'alta', effectiveDate: v.hireDate, dailySalary: salary, seniorityFrom: v.hireDate });
      await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: employeeId, action: 'rehire', before, after: { status: 'activo', hireDate: v.hireDate, dailySalary: salary, workplaceId: org.workplace?.id ?? null, reason: v.reason } });
    });
    return record(db(ctx), employeeId);
  } catch (err) {
    return mapRaces(err, workplaceCode);
  }
}

export async function setPhoto(ctx: RequestContext, employeeIdRaw: string, fileId: string): Promise<EmployeeRecord> {
  const employeeId = idOf(employeeIdRaw);
  const replaced = await db(ctx).transaction(async (tx) => {
    await data.lockEmployee(tx, employeeId);
    const before = found(await data.findEmployee(tx, employeeId, todayMx()), MSG.employeeMissing);
    const upload = await claimUpload(tx, ctx, fileId, { allowed: ['png', 'jpg', 'webp'], subject: SUBJECT, ownerEntity: 'rhEmployee', ownerId: employeeId, field: 'fileId' });
    await data.setPhoto(tx, employeeId, upload.id);
    const old = await detachUpload(tx, before.photoUploadId);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: employeeId, action: 'photo', before: { photo: before.photo?.fileName ?? null }, after: { photo: upload.fileName, fileId: upload.id, sha256: upload.sha256 } });
    return old;
  });
  await removeUploadBytes(storageOf(ctx), replaced);
  return record(db(ctx), employeeId);
}

export async function addDocument(ctx: RequestContext, employeeIdRaw: string, input: unknown): Promise<EmployeeRecord> {
  const v = parseInput(documentInput, input);
  const employeeId = idOf(employeeIdRaw);
  await db(ctx).transaction(async (tx) => {
    await data.lockEmployee(tx, employeeId);
    found(await data.findEmployee(tx, employeeId, todayMx()), MSG.employeeMissing);
    const type = await data.findDocumentType(tx, v.documentTypeId);
    if (!type) throw badInput({ documentTypeId: MSG.documentTypeMissing });
    if (!type.active) throw badInput({ documentTypeId: MSG.documentTypeInactive });
    if (type.expires && !v.expiresOn) throw badInput({ expiresOn: MSG.expiresOnRequired });
    const upload = await claimUpload(tx, ctx, v.fileId, { allowed: ['pdf', 'png', 'jpg', 'webp'], subject: SUBJECT, ownerEntity: 'rhEmployeeDocument', ownerId: employeeId, field: 'fileId' });
    const expiresOn = type.expires ? v.expiresOn : null;
    const docId = await data.insertDocument(tx, { employeeId, documentTypeId: type.id, uploadId: upload.id, expiresOn, notes: v.notes, createdBy: ctx.auth?.id ?? null });
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: employeeId, action: 'document_add', after: { documentId: docId, documentType: type.name, expiresOn, file: upload.fileName, fileId: upload.id, sha256: upload.sha256 } });
  });
  return record(db(ctx), employeeId);
}

export async function removeDocument(ctx: RequestContext, idRaw: string): Promise<EmployeeRecord> {
  const docId = Number(idRaw);
  const doc = Number.isInteger(docId) && docId > 0 ? await data.findDocument(db(ctx), docId) : null;
  if (!doc) throw notFound('El documento');
  const removed = await db(ctx).transaction(async (tx) => {
    await data.lockEmployee(tx, doc.employeeId);
    const current = await data.findDocument(tx, docId);
    if (!current) throw notFound('El documento');
    await data.deleteDocument(tx, docId);
    const upload = await detachUpload(tx, current.uploadId);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: current.employeeId, action: 'document_remove', before: current });
    return upload;
  });
  await removeUploadBytes(storageOf(ctx), removed);
  return record(db(ctx), doc.employeeId);
}

// ---- import ------------------------------------------------------------------------------

export type ImportRow = Record<string, string | null | undefined>;

const cell = (v: string | null | undefined) => (v ?? '').trim();
const fold = (v: string) => v.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();

/** DD/MM/AAAA (as people type it) or YYYY-MM-DD → YYYY-MM-DD; anything else passes through to fail as a date. */
export function importDate(v: string | null | undefined): string {
  const s = cell(v);
  const m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(s);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : s;
}

/**
 * Spreadsheet import: each row is checked like a capture (formats, dates,
 * minimum wage, área/puesto/plaza found by name or code, numbers, CURPs and
 * plazas repeated in the file or taken) and the messages come back as
 * `rows.<n>.<field>`; nothing is written unless every row passes.
 */
export async function importEmployees(ctx: RequestContext, rows: ImportRow[]): Promise<{ created: number }> {
  if (!rows.length) throw badInput({ rows: MSG.importEmpty }, MSG.importEmpty);
  if (rows.length > 2000) throw badInput({ rows: MSG.importTooMany }, MSG.importTooMany);
  const today = todayMx();
  return db(ctx).transaction(async (tx) => {
    const [areas, positions, workplaces] = await Promise.all([data.allAreas(tx), data.allPositions(tx), data.allWorkplaces(tx)]);
    const fields: FieldMessages = {};
    const badRows = new Set<number>();
    const fail = (index: number, field: string, message: string) => {
      fields[`rows.${index}.${field}`] ??= message;
      badRows.add(index);
    };
    const seenNumbers = new Map<string, number>();
    const seenCurps = new Map<string, number>();
    const seenWorkplaces = new Set<number>();
    const valid: { index: number; value: EmployeeInput; workplace: data.WorkplaceRef | null }[] = [];
    for (const [index, row] of rows.entries()) {
      const areaName = cell(row.area);
      const area = areas.find((a) => a.active && fold(a.name) === fold(areaName));
      if (!areaName) fail(index, 'area', MSG.required);
      else if (!area) fail(index, 'area', MSG.areaUnknown(areaName));
      const positionName = cell(row.position);
      const position = area ? positions.find((p) => p.active && p.areaId === area.id && fold(p.name) === fold(positionName)) : undefined;
      if (!positionName) fail(index, 'position', MSG.required);
      else if (area && !position) fail(index, 'position', MSG.positionUnknown(positionName));
      const code = cell(row.workplace).toUpperCase();
      const workplace = code ? (workplaces.find((w) => w.code.toUpperCase() === code) ?? null) : null;
      if (code && !workplace) fail(index, 'workplace', MSG.workplaceUnknown(code));
      else if (workplace && position && workplace.positionId !== position.id) fail(index, 'workplace', MSG.workplaceOtherPosition);
      else if (workplace && !workplace.active) fail(index, 'workplace', MSG.workplaceInactive);
      else if (workplace && workplace.holderId !== null) fail(index, 'workplace', MSG.workplaceTaken(workplace.code));
      else if (workplace && seenWorkplaces.has(workplace.id)) fail(index, 'workplace', MSG.workplaceRepeated);
      if (workplace) seenWorkplaces.add(workplace.id);
      const parsed = employeeInput.safeParse({
        number: cell(row.number),
        names: cell(row.names),
        lastName: cell(row.lastName),
        secondLastName: cell(row.secondLastName),
        rfc: cell(row.rfc),
        curp: cell(row.curp),
        nss: cell(row.nss).replace(/[\s-]/g, ''),
        birthDate: importDate(row.birthDate),
        hireDate: importDate(row.hireDate),
        areaId: area?.id ?? 1,
        positionId: position?.id ?? 1,
        workplaceId: workplace?.id ?? null,
        payFrequency: fold(cell(row.payFrequency)),
        wageZone: fold(cell(row.wageZone)) || 'general',
        dailySalary: cell(row.dailySalary).replace(/[$,\s]/g, ''),
        bank: cell(row.bank),
        clabe: cell(row.clabe).replace(/\s/g, ''),
        email: cell(row.email),
        phone: cell(row.phone),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) fail(index, issue.path.map(String).join('.') || '_', issue.message);
        continue;
      }
      const value = parsed.data;
      for (const [field, message] of Object.entries(identityDateErrors(value, today))) fail(index, field, message);
      for (const [field, message] of Object.entries(await salaryErrors(tx, value.wageZone, value.dailySalary, value.hireDate))) fail(index, field, message);
      const prevNumber = seenNumbers.get(value.number);
      if (prevNumber !== undefined) fail(index, 'number', MSG.numberRepeated);
      else seenNumbers.set(value.number, index);
      if (seenCurps.has(value.curp)) fail(index, 'curp', MSG.curpRepeated);
      else seenCurps.set(value.curp, index);
      if (area && position) valid.push({ index, value, workplace });
    }
    const taken = await data.takenIdentities(tx, [...seenNumbers.keys()], [...seenCurps.keys()]);
    for (const t of taken) {
      const byNumber = seenNumbers.get(t.number);
      if (byNumber !== undefined) fail(byNumber, 'number', MSG.numberTaken);
      const byCurp = seenCurps.get(t.curp);
      if (byCurp !== undefined) fail(byCurp, 'curp', MSG.curpTaken);
    }
    if (badRows.size) throw badInput(fields, MSG.importErrors(badRows.size));
    const ids: number[] = [];
    for (const { value, workplace } of valid) {
      const id = await data.insertEmployee(tx, { ...values(value), createdBy: ctx.auth?.id ?? null });
      if (workplace && !(await data.occupyWorkplace(tx, workplace.id, id))) throw badInput({ workplaceId: MSG.workplaceTaken(workplace.code) });
      await data.insertEvent(tx, { employeeId: id, event: 'alta', date: value.hireDate, dailySalary: money(value.dailySalary), workplaceId: workplace?.id ?? null, recordedBy: ctx.auth?.id ?? null });
      await recordMovement(tx, ctx, { employeeId: id, type: 'alta', effectiveDate: value.hireDate, dailySalary: value.dailySalary, seniorityFrom: value.hireDate });
      ids.push(id);
    }
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_employee', entityId: 'import', action: 'import', after: { count: ids.length, ids } });
    return { created: ids.length };
  });
}
