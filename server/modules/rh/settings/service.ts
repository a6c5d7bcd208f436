// Configuración RH rules: unique names (case-insensitive) and codes, salaries
// above zero, the organisation kept consistent with the employees that use it
// (an área or puesto with active employees stays active, an occupied plaza
// keeps its puesto and stays active), SAT codes from the kind's nómina 1.2
// catalogue, and system concepts that only let their name change. Every write
// is versioned and audited in its own transaction.
import { writeAudit } from '../../../db/audit';
import { isUniqueViolation } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { badInput, conflict, found, notFound, type FieldMessages } from '../../../lib/errors';
import { readList, type ListInput } from '../../../lib/list';
import { parseInput, rules, z } from '../../../lib/validation';
import { todayMx } from '../../../../schema/dates';
import { conceptRuleErrors, storedExemptUma, systemConceptErrors } from '../../../../schema/rh/concepts';
import * as data from './data';

export const MSG = {
  areaTaken: 'Ya existe un área con ese nombre.',
  areaMissing: 'El área no existe.',
  areaInactive: 'El área está inactiva; actívala o elige otra.',
  areaHasEmployees: (n: number) => `El área tiene ${n} ${n === 1 ? 'empleado activo' : 'empleados activos'}; cámbialos de área antes de desactivarla.`,
  positionTaken: 'Ya existe un puesto con ese nombre en el área.',
  positionMissing: 'El puesto no existe.',
  positionInactive: 'El puesto está inactivo; actívalo o elige otro.',
  positionHasEmployees: (n: number) => `El puesto tiene ${n} ${n === 1 ? 'empleado activo' : 'empleados activos'}; cámbialos de puesto antes de desactivarlo.`,
  positionAreaLocked: 'El puesto ya tiene plazas o empleados; no se puede cambiar de área.',
  salary: 'El salario diario debe ser mayor a cero.',
  workplaceCodeTaken: 'Ya existe una plaza con esa clave.',
  workplaceOccupiedPosition: 'La plaza está ocupada; no se puede cambiar su puesto.',
  workplaceOccupiedInactive: (holder: string) => `La plaza está ocupada por ${holder}; dale de baja o cámbialo de plaza antes de desactivarla.`,
  documentTypeTaken: 'Ya existe un tipo de documento con ese nombre.',
  warningDays: 'Los días de aviso deben ser un entero entre 0 y 365.',
  conceptCodeTaken: 'Ya existe un concepto con esa clave.',
  conceptNameTaken: 'Ya existe un concepto con ese nombre.',
  code: 'Usa letras, números, guion, punto o diagonal, sin espacios.',
  kind: 'Elige percepción, deducción u otro pago.',
  taxableRule: 'Elige gravado, exento o exento hasta un tope en UMA.',
  satCodeFormat: 'La clave SAT son 3 dígitos.',
} as const;

const db = (ctx: RequestContext) => ctx.app.database.db;
const bool = () => z.boolean({ error: 'Este campo es obligatorio.' });
const optional = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');
const code = (max: number) =>
  rules
    .requiredText(max)
    .regex(/^[A-Za-z0-9._/-]+$/, MSG.code)
    .transform((v) => v.toUpperCase());
const salary = () => rules.amount({ positive: true, positiveMessage: MSG.salary, max: '9999999' });
const idOrNull = (id: string | null | undefined): number | null => (id ? Number(id) : null);
const activeOrNull = (active: boolean | null | undefined): boolean | null => active ?? null;

function refuse(fields: FieldMessages): void {
  if (Object.keys(fields).length) throw badInput(fields);
}

/** Runs a write; a unique index that another save won meanwhile becomes the field's message. */
async function guardUnique<T>(work: () => Promise<T>, indexes: Record<string, FieldMessages>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    for (const [constraint, fields] of Object.entries(indexes)) if (isUniqueViolation(err, constraint)) throw badInput(fields);
    throw err;
  }
}

/** Optimistic lock: the record as the caller saw it, or CONFLICT. */
function current<T extends { version: number }>(row: T | null, version: number, what: string): T {
  if (!row) throw notFound(what);
  if (row.version !== version) throw conflict();
  return row;
}

// ---- áreas ----------------------------------------------------------------------------

const areaInput = z.object({ name: rules.requiredText(80), active: bool() });

export const listAreas = (ctx: RequestContext, list: ListInput | null | undefined, active: boolean | null | undefined) =>
  data.listAreas(db(ctx), readList(list, data.AREA_SORTS, 'name'), { active: activeOrNull(active) });

export async function createArea(ctx: RequestContext, input: unknown) {
  const v = parseInput(areaInput, input);
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        if (await data.areaNameTaken(tx, v.name)) throw badInput({ name: MSG.areaTaken });
        const newId = await data.insertArea(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_area', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    { rh_areas_name_uq: { name: MSG.areaTaken } },
  );
  return found(await data.findArea(db(ctx), id), 'El área');
}

export async function updateArea(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(areaInput, input);
  const areaId = Number(id);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const before = current(await data.findArea(tx, areaId), version, 'El área');
        const errors: FieldMessages = {};
        if (await data.areaNameTaken(tx, v.name, areaId)) errors.name = MSG.areaTaken;
        if (before.active && !v.active) {
          const employees = await data.activeEmployeesIn(tx, { areaId });
          if (employees > 0) errors.active = MSG.areaHasEmployees(employees);
        }
        refuse(errors);
        if (!(await data.updateArea(tx, areaId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_area', entityId: areaId, action: 'update', before, after: v });
      }),
    { rh_areas_name_uq: { name: MSG.areaTaken } },
  );
  return found(await data.findArea(db(ctx), areaId), 'El área');
}

// ---- puestos --------------------------------------------------------------------------

const positionInput = z.object({ areaId: rules.id(), name: rules.requiredText(80), baseDailySalary: salary(), active: bool() });

export const listPositions = (ctx: RequestContext, list: ListInput | null | undefined, filter: { areaId?: string | null; active?: boolean | null } | null | undefined) =>
  data.listPositions(db(ctx), readList(list, data.POSITION_SORTS, 'name'), { areaId: idOrNull(filter?.areaId), active: activeOrNull(filter?.active) });

export async function createPosition(ctx: RequestContext, input: unknown) {
  const v = parseInput(positionInput, input);
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const errors: FieldMessages = {};
        const area = await data.findArea(tx, v.areaId);
        if (!area) errors.areaId = MSG.areaMissing;
        else if (!area.active) errors.areaId = MSG.areaInactive;
        else if (await data.positionNameTaken(tx, v.areaId, v.name)) errors.name = MSG.positionTaken;
        refuse(errors);
        const newId = await data.insertPosition(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_position', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    { rh_positions_area_name_uq: { name: MSG.positionTaken } },
  );
  return found(await data.findPosition(db(ctx), id), 'El puesto');
}

export async function updatePosition(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(positionInput, input);
  const positionId = Number(id);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const before = current(await data.findPosition(tx, positionId), version, 'El puesto');
        const errors: FieldMessages = {};
        if (v.areaId !== before.areaId) {
          const area = await data.findArea(tx, v.areaId);
          const usage = await data.positionUsage(tx, positionId);
          if (!area) errors.areaId = MSG.areaMissing;
          else if (!area.active) errors.areaId = MSG.areaInactive;
          // Employees and plazas carry the puesto's área; moving it would split them.
          else if (usage.employees > 0 || usage.workplaces > 0) errors.areaId = MSG.positionAreaLocked;
        }
        if (!errors.areaId && (await data.positionNameTaken(tx, v.areaId, v.name, positionId))) errors.name = MSG.positionTaken;
        if (before.active && !v.active) {
          const employees = await data.activeEmployeesIn(tx, { positionId });
          if (employees > 0) errors.active = MSG.positionHasEmployees(employees);
        }
        refuse(errors);
        if (!(await data.updatePosition(tx, positionId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_position', entityId: positionId, action: 'update', before, after: v });
      }),
    { rh_positions_area_name_uq: { name: MSG.positionTaken } },
  );
  return found(await data.findPosition(db(ctx), positionId), 'El puesto');
}

// ---- plazas ---------------------------------------------------------------------------

const workplaceInput = z.object({
  code: code(20),
  positionId: rules.id(),
  authorizedDailySalary: salary(),
  location: optional(120),
  notes: optional(500),
  active: bool(),
});

export const listWorkplaces = (
  ctx: RequestContext,
  list: ListInput | null | undefined,
  filter: { areaId?: string | null; positionId?: string | null; status?: data.WorkplaceStatus | null; active?: boolean | null } | null | undefined,
) =>
  data.listWorkplaces(db(ctx), readList(list, data.WORKPLACE_SORTS, 'code'), {
    areaId: idOrNull(filter?.areaId),
    positionId: idOrNull(filter?.positionId),
    status: filter?.status ?? null,
    active: activeOrNull(filter?.active),
  });

export const getWorkplace = (ctx: RequestContext, id: string) => data.findWorkplace(db(ctx), Number(id));

async function checkWorkplacePosition(tx: Parameters<typeof data.findPosition>[0], positionId: number, errors: FieldMessages) {
  const position = await data.findPosition(tx, positionId);
  if (!position) errors.positionId = MSG.positionMissing;
  else if (!position.active) errors.positionId = MSG.positionInactive;
}

export async function createWorkplace(ctx: RequestContext, input: unknown) {
  const v = parseInput(workplaceInput, input);
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const errors: FieldMessages = {};
        if (await data.workplaceCodeTaken(tx, v.code)) errors.code = MSG.workplaceCodeTaken;
        await checkWorkplacePosition(tx, v.positionId, errors);
        refuse(errors);
        const newId = await data.insertWorkplace(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_workplace', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    { rh_workplaces_code_uq: { code: MSG.workplaceCodeTaken } },
  );
  return found(await data.findWorkplace(db(ctx), id), 'La plaza');
}

export async function updateWorkplace(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(workplaceInput, input);
  const workplaceId = Number(id);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        // Locked: an employee taking this plaza now waits until we decide.
        await data.lockWorkplace(tx, workplaceId);
        const before = current(await data.findWorkplace(tx, workplaceId), version, 'La plaza');
        const errors: FieldMessages = {};
        if (await data.workplaceCodeTaken(tx, v.code, workplaceId)) errors.code = MSG.workplaceCodeTaken;
        if (v.positionId !== before.positionId) {
          if (before.holderId !== null) errors.positionId = MSG.workplaceOccupiedPosition;
          else await checkWorkplacePosition(tx, v.positionId, errors);
        }
        if (before.active && !v.active && before.holderId !== null) errors.active = MSG.workplaceOccupiedInactive(`${before.holderNumber} · ${before.holderName}`);
        refuse(errors);
        if (!(await data.updateWorkplace(tx, workplaceId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_workplace', entityId: workplaceId, action: 'update', before, after: v });
      }),
    { rh_workplaces_code_uq: { code: MSG.workplaceCodeTaken } },
  );
  return found(await data.findWorkplace(db(ctx), workplaceId), 'La plaza');
}

// ---- document types ------------------------------------------------------------------------

const documentTypeInput = z.object({
  name: rules.requiredText(80),
  required: bool(),
  expires: bool(),
  warningDays: z.number({ error: MSG.warningDays }).int(MSG.warningDays).min(0, MSG.warningDays).max(365, MSG.warningDays),
  active: bool(),
});

export const listDocumentTypes = (ctx: RequestContext, list: ListInput | null | undefined, active: boolean | null | undefined) =>
  data.listDocumentTypes(db(ctx), readList(list, data.DOCUMENT_TYPE_SORTS, 'name'), { active: activeOrNull(active) });

/** Warning days only mean something for a document that expires; one that does not keeps 0. */
const documentTypeValues = (v: z.infer<typeof documentTypeInput>): data.DocumentTypeValues => ({ ...v, warningDays: v.expires ? v.warningDays : 0 });

export async function createDocumentType(ctx: RequestContext, input: unknown) {
  const v = documentTypeValues(parseInput(documentTypeInput, input));
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        if (await data.documentTypeNameTaken(tx, v.name)) throw badInput({ name: MSG.documentTypeTaken });
        const newId = await data.insertDocumentType(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_document_type', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    { rh_document_types_name_uq: { name: MSG.documentTypeTaken } },
  );
  return found(await data.findDocumentType(db(ctx), id), 'El tipo de documento');
}

export async function updateDocumentType(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = documentTypeValues(parseInput(documentTypeInput, input));
  const typeId = Number(id);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const before = current(await data.findDocumentType(tx, typeId), version, 'El tipo de documento');
        if (await data.documentTypeNameTaken(tx, v.name, typeId)) throw badInput({ name: MSG.documentTypeTaken });
        if (!(await data.updateDocumentType(tx, typeId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_document_type', entityId: typeId, action: 'update', before, after: v });
      }),
    { rh_document_types_name_uq: { name: MSG.documentTypeTaken } },
  );
  return found(await data.findDocumentType(db(ctx), typeId), 'El tipo de documento');
}

// ---- payroll concepts -------------------------------------------------------------------------

const conceptInput = z.object({
  code: code(15),
  name: rules.requiredText(80),
  kind: z.enum(['percepcion', 'deduccion', 'otro_pago'], { error: MSG.kind }),
  satCode: z.string({ error: 'Este campo es obligatorio.' }).trim().regex(/^\d{3}$/, MSG.satCodeFormat),
  taxableRule: z.enum(['gravado', 'exento', 'exento_uma'], { error: MSG.taxableRule }),
  exemptUma: z.string().trim().nullish(),
  active: bool(),
});

/** Parses a concept and applies the rules between its fields; the stored values (UMA cap only for exento_uma). */
function conceptValues(input: unknown): data.ConceptValues {
  const v = parseInput(conceptInput, input);
  refuse(conceptRuleErrors(v));
  return { ...v, exemptUma: storedExemptUma(v.taxableRule, v.exemptUma) };
}

export const listConcepts = (ctx: RequestContext, list: ListInput | null | undefined, filter: { kind?: data.ConceptKind | null; active?: boolean | null } | null | undefined) =>
  data.listConcepts(db(ctx), readList(list, data.CONCEPT_SORTS, 'code'), { kind: filter?.kind ?? null, active: activeOrNull(filter?.active) });

export const captureConcepts = (ctx: RequestContext) => data.captureConcepts(db(ctx));

export async function createConcept(ctx: RequestContext, input: unknown) {
  const v = conceptValues(input);
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const errors: FieldMessages = {};
        if (await data.conceptCodeTaken(tx, v.code)) errors.code = MSG.conceptCodeTaken;
        if (await data.conceptNameTaken(tx, v.name)) errors.name = MSG.conceptNameTaken;
        refuse(errors);
        const newId = await data.insertConcept(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_concept', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    { rh_concepts_code_uq: { code: MSG.conceptCodeTaken } },
  );
  return found(await data.findConcept(db(ctx), id), 'El concepto');
}

export async function updateConcept(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = conceptValues(input);
  const conceptId = Number(id);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const before = current(await data.findConcept(tx, conceptId), version, 'El concepto');
        // The calculation finds its concepts by system_key and posts them with their SAT code and rule.
        const errors: FieldMessages = before.systemKey ? systemConceptErrors(before, v) : {};
        if (!errors.code && (await data.conceptCodeTaken(tx, v.code, conceptId))) errors.code = MSG.conceptCodeTaken;
        if (await data.conceptNameTaken(tx, v.name, conceptId)) errors.name = MSG.conceptNameTaken;
        refuse(errors);
        if (!(await data.updateConcept(tx, conceptId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_concept', entityId: conceptId, action: 'update', before, after: v });
      }),
    { rh_concepts_code_uq: { code: MSG.conceptCodeTaken } },
  );
  return found(await data.findConcept(db(ctx), conceptId), 'El concepto');
}

// ---- the employee form's catalogues ------------------------------------------------------------

/** Áreas, puestos, vacant plazas and document types in use, and today's minimum wages ("0" until the year's fiscal tables exist). */
export async function employeeFormOptions(ctx: RequestContext) {
  const ex = db(ctx);
  const year = Number(todayMx().slice(0, 4));
  const [areas, positions, workplaces, documentTypes, wages] = await Promise.all([
    data.activeAreas(ex),
    data.activePositions(ex),
    data.vacantWorkplaces(ex),
    data.activeDocumentTypes(ex),
    data.minimumWages(ex, year),
  ]);
  return { areas, positions, workplaces, documentTypes, minimumWageGeneral: wages?.general ?? '0', minimumWageBorder: wages?.border ?? '0' };
}
