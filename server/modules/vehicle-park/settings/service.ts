// Configuración PV rules: grupos, locaciones and vehicle document types, each
// with a unique name (any case; a save that races another past the check
// gets the same field message from the unique index), optimistic versions,
// and deactivation instead of deletion (vehicles keep pointing at them).
import { writeAudit } from '../../../db/audit';
import { isUniqueViolation, type Executor } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { badInput, conflict, found, notFound, type FieldMessages } from '../../../lib/errors';
import { readList, type ListInput } from '../../../lib/list';
import { parseInput, rules, z } from '../../../lib/validation';
import { MSG } from '../messages';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;
const bool = () => z.boolean({ error: MSG.required });
const optional = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');

/** Runs a write; a unique index that another save won meanwhile becomes the field's message. */
async function guardUnique<T>(work: () => Promise<T>, constraint: string, fields: FieldMessages): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw badInput(fields);
    throw err;
  }
}

/** Optimistic lock: the record as the caller saw it, or CONFLICT. */
function current<T extends { version: number }>(row: T | null, version: number, what: string): T {
  if (!row) throw notFound(what);
  if (row.version !== version) throw conflict();
  return row;
}

const idOf = (id: string): number => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

// ---- grupos ------------------------------------------------------------------------------

const groupInput = z.object({ name: rules.requiredText(80), description: optional(300), active: bool() });
const GROUP_TAKEN = { name: MSG.nameTaken('un grupo') };

export const listGroups = (ctx: RequestContext, list: ListInput | null | undefined, active: boolean | null | undefined) =>
  data.listGroups(db(ctx), readList(list, data.GROUP_SORTS, 'name'), { active: active ?? null });

export async function createGroup(ctx: RequestContext, input: unknown) {
  const v = parseInput(groupInput, input);
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        if (await data.groupNameTaken(tx, v.name)) throw badInput(GROUP_TAKEN);
        const newId = await data.insertGroup(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'vp_group', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    'vp_groups_name_uq',
    GROUP_TAKEN,
  );
  return found(await data.findGroup(db(ctx), id), 'El grupo');
}

export async function updateGroup(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(groupInput, input);
  const groupId = idOf(id);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const before = current(await data.findGroup(tx, groupId), version, 'El grupo');
        if (await data.groupNameTaken(tx, v.name, groupId)) throw badInput(GROUP_TAKEN);
        if (!(await data.updateGroup(tx, groupId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'vp_group', entityId: groupId, action: 'update', before, after: v });
      }),
    'vp_groups_name_uq',
    GROUP_TAKEN,
  );
  return found(await data.findGroup(db(ctx), groupId), 'El grupo');
}

// ---- locaciones ----------------------------------------------------------------------------

const locationInput = z.object({ name: rules.requiredText(80), address: optional(300), active: bool() });
const LOCATION_TAKEN = { name: MSG.nameTaken('una locación') };

export const listLocations = (ctx: RequestContext, list: ListInput | null | undefined, active: boolean | null | undefined) =>
  data.listLocations(db(ctx), readList(list, data.LOCATION_SORTS, 'name'), { active: active ?? null });

export async function createLocation(ctx: RequestContext, input: unknown) {
  const v = parseInput(locationInput, input);
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        if (await data.locationNameTaken(tx, v.name)) throw badInput(LOCATION_TAKEN);
        const newId = await data.insertLocation(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'vp_location', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    'vp_locations_name_uq',
    LOCATION_TAKEN,
  );
  return found(await data.findLocation(db(ctx), id), 'La locación');
}

export async function updateLocation(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(locationInput, input);
  const locationId = idOf(id);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const before = current(await data.findLocation(tx, locationId), version, 'La locación');
        if (await data.locationNameTaken(tx, v.name, locationId)) throw badInput(LOCATION_TAKEN);
        if (!(await data.updateLocation(tx, locationId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'vp_location', entityId: locationId, action: 'update', before, after: v });
      }),
    'vp_locations_name_uq',
    LOCATION_TAKEN,
  );
  return found(await data.findLocation(db(ctx), locationId), 'La locación');
}

// ---- document types ------------------------------------------------------------------------

const documentTypeInput = z.object({
  name: rules.requiredText(80),
  required: bool(),
  expires: bool(),
  warningDays: z.number({ error: MSG.warningDays }).int(MSG.warningDays).min(0, MSG.warningDays).max(365, MSG.warningDays),
  active: bool(),
  insurancePolicy: z.boolean({ error: MSG.required }).nullish(),
});
const TYPE_TAKEN = { name: MSG.nameTaken('un tipo de documento') };
/**
 * Warning days only mean something for a document that expires; one that does
 * not keeps 0. Without `insurancePolicy` a new type is not the policy and an
 * existing one keeps what it was.
 */
const documentTypeValues = (v: z.infer<typeof documentTypeInput>, wasPolicy: boolean): data.DocumentTypeValues => ({
  ...v,
  warningDays: v.expires ? v.warningDays : 0,
  insurancePolicy: v.insurancePolicy ?? wasPolicy,
});

/** At most one type is the vehicle's insurance policy (checked here; a save racing another one meets the partial unique index, same message). */
async function checkSinglePolicy(tx: Executor, v: data.DocumentTypeValues, exceptId?: number): Promise<void> {
  if (!v.insurancePolicy) return;
  const other = await data.otherInsurancePolicy(tx, exceptId);
  if (other !== null) throw badInput({ insurancePolicy: MSG.insurancePolicyTaken(other) });
}

/** Both unique indexes of a document type as their field messages. */
const guardDocumentType = <T>(work: () => Promise<T>): Promise<T> =>
  guardUnique(() => guardUnique(work, 'vp_document_types_policy_uq', { insurancePolicy: MSG.insurancePolicyTaken(null) }), 'vp_document_types_name_uq', TYPE_TAKEN);

export const listDocumentTypes = (ctx: RequestContext, list: ListInput | null | undefined, active: boolean | null | undefined) =>
  data.listDocumentTypes(db(ctx), readList(list, data.DOCUMENT_TYPE_SORTS, 'name'), { active: active ?? null });

export async function createDocumentType(ctx: RequestContext, input: unknown) {
  const v = documentTypeValues(parseInput(documentTypeInput, input), false);
  const id = await guardDocumentType(() =>
    db(ctx).transaction(async (tx) => {
      if (await data.documentTypeNameTaken(tx, v.name)) throw badInput(TYPE_TAKEN);
      await checkSinglePolicy(tx, v);
      const newId = await data.insertDocumentType(tx, v);
      await writeAudit(tx, actorOf(ctx), { entity: 'vp_document_type', entityId: newId, action: 'create', after: v });
      return newId;
    }),
  );
  return found(await data.findDocumentType(db(ctx), id), 'El tipo de documento');
}

export async function updateDocumentType(ctx: RequestContext, id: string, version: number, input: unknown) {
  const parsed = parseInput(documentTypeInput, input);
  const typeId = idOf(id);
  await guardDocumentType(() =>
    db(ctx).transaction(async (tx) => {
      const before = current(await data.findDocumentType(tx, typeId), version, 'El tipo de documento');
      const v = documentTypeValues(parsed, before.insurancePolicy);
      if (await data.documentTypeNameTaken(tx, v.name, typeId)) throw badInput(TYPE_TAKEN);
      await checkSinglePolicy(tx, v, typeId);
      if (!(await data.updateDocumentType(tx, typeId, version, v))) throw conflict();
      await writeAudit(tx, actorOf(ctx), { entity: 'vp_document_type', entityId: typeId, action: 'update', before, after: v });
    }),
  );
  return found(await data.findDocumentType(db(ctx), typeId), 'El tipo de documento');
}

/** The active catalogues the vehicle form offers. */
export async function vehicleFormOptions(ctx: RequestContext) {
  const [groups, locations, documentTypes] = await Promise.all([data.activeGroups(db(ctx)), data.activeLocations(db(ctx)), data.activeDocumentTypes(db(ctx))]);
  return { groups, locations, documentTypes };
}
