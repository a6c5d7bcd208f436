// Vehículos business rules: identity (número económico unique in any case,
// plates unique among vehicles not in baja, VIN with its check digit), the
// catalogues and driver a vehicle points at, status (baja with date and
// reason; en taller belongs to Mantenimiento's orders), photo, documents with
// expiry, and manual odometer readings through recordOdometerReading.
import { writeAudit } from '../../../db/audit';
import { isUniqueViolation, type Executor } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import { parseInput, rules, z } from '../../../lib/validation';
import { claimUpload, detachUpload, removeUploadBytes, storageOf, toAttachment } from '../../../lib/attachments';
import { formatDateMx, isIsoDate, todayMx } from '../../../../schema/dates';
import { money } from '../../../../schema/money';
import { checkVin, normalizeVin } from '../../../../schema/vehicle-park/vin';
import { VEHICLE_STATUS_LABELS, vehicleDocumentState } from '../../../../schema/vehicle-park/vehicles';
import { labelGroups } from '../../../lib/moneyGroups';
import { countsOf, type Indicator } from '../../../lib/indicators';
import type { EmployeeRelease } from '../../../lib/contributions';
import * as data from '../data';
import { MSG } from '../messages';
import { recordOdometerReading } from '../service';
import * as maintenance from '../../maintenance/service';

const db = (ctx: RequestContext) => ctx.app.database.db;
const SUBJECT = 'Parque Vehicular-Vehículos';

// ---- input rules -------------------------------------------------------------------------

const isoDate = () => z.string({ error: MSG.required }).trim().refine(isIsoDate, MSG.date);
const optionalDate = () => z.union([z.literal(''), isoDate()]).nullish().transform((v) => v || null);
const optional = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres.`).nullish().transform((v) => v ?? '');
const optionalId = () => z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null));
const maxYear = () => Number(todayMx().slice(0, 4)) + 1;

export const vehicleInput = z.object({
  economicNumber: z.string({ error: MSG.required }).trim().toUpperCase().min(1, MSG.required).regex(/^[A-Z0-9-]{1,20}$/, MSG.economicNumberFormat),
  plate: optional(10)
    .transform((v) => v.toUpperCase().replace(/\s/g, ''))
    .refine((v) => v === '' || /^[A-Z0-9-]{5,10}$/.test(v), MSG.plateFormat),
  vin: optional(30)
    .transform((v) => normalizeVin(v))
    .superRefine((v, ctx) => {
      if (v === '') return;
      const r = checkVin(v);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
    }),
  brand: rules.requiredText(60),
  model: rules.requiredText(60),
  year: z.number({ error: MSG.required }).int(MSG.year(maxYear())).refine((y) => y >= 1950 && y <= maxYear(), { error: () => MSG.year(maxYear()) }),
  vehicleType: rules.requiredText(60),
  fuel: z.enum(['gasolina', 'diesel', 'gas_lp', 'electrico', 'hibrido'], { error: MSG.fuel }),
  groupId: optionalId(),
  locationId: optionalId(),
  driverId: optionalId(),
  insurancePolicy: optional(60),
  insuranceExpiresOn: optionalDate(),
  acquisitionCost: rules.amount().nullish().transform((v) => (v ? money(v) : null)),
  acquisitionDate: optionalDate(),
  notes: optional(1000),
  initialKm: z.number().int(MSG.initialKm).min(0, MSG.initialKm).nullish(),
  initialKmDate: optionalDate(),
});
export type VehicleInput = z.infer<typeof vehicleInput>;

const statusInput = z.object({
  status: z.enum(['activo', 'en_taller', 'baja'], { error: MSG.required }),
  date: optionalDate(),
  reason: optional(500),
});
const documentInput = z.object({
  documentTypeId: rules.id(),
  fileId: z.string({ error: MSG.required }).trim().min(1, MSG.required),
  expiresOn: optionalDate(),
  notes: optional(500),
});
const odometerInput = z.object({
  readOn: isoDate(),
  km: z.number({ error: MSG.required }),
  source: z.enum(['manual', 'combustible'], { error: MSG.odometerSource }).nullish().transform((v) => v ?? 'manual'),
  sourceReference: optional(60),
  notes: optional(500),
});

// ---- reading -------------------------------------------------------------------------------

export type VehicleRecord = data.VehicleRow & { vinWarning: string | null };

const withWarning = (row: data.VehicleRow): VehicleRecord => {
  const check = row.vin ? checkVin(row.vin) : null;
  return { ...row, vinWarning: check?.ok ? check.warning : null };
};

function idOf(id: string | number, what = MSG.vehicleMissing): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) throw notFound(what);
  return n;
}

async function record(ex: Executor, id: number): Promise<VehicleRecord> {
  return withWarning(found(await data.findVehicle(ex, id, todayMx()), MSG.vehicleMissing));
}

export async function getVehicle(ctx: RequestContext, id: string): Promise<VehicleRecord | null> {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) return null;
  const row = await data.findVehicle(db(ctx), n, todayMx());
  return row ? withWarning(row) : null;
}

type FilterArg = { status?: string | null; groupId?: string | null; locationId?: string | null; driverId?: string | null; documentAlerts?: boolean | null; from?: string | null; to?: string | null } | null | undefined;

const optionalIdOf = (v: string | null | undefined) => (v ? Number(v) || -1 : null);
const vehicleFilter = (filter: FilterArg): data.VehicleFilter => ({
  status: filter?.status ?? null,
  groupId: optionalIdOf(filter?.groupId),
  locationId: optionalIdOf(filter?.locationId),
  driverId: optionalIdOf(filter?.driverId),
  documentAlerts: filter?.documentAlerts ?? null,
  range: readDateRange(filter),
});

export async function listVehicles(ctx: RequestContext, list: ListInput | null | undefined, filter: FilterArg) {
  const result = await data.listVehicles(db(ctx), readList(list, data.VEHICLE_SORTS, 'economicNumber'), vehicleFilter(filter), todayMx());
  return { items: result.items.map(withWarning), total: result.total };
}

/** «Agrupar por» of the list: the same search and filter, counted per group. */
export async function vehicleGroups(ctx: RequestContext, groupBy: data.VehicleGroupBy, list: ListInput | null | undefined, filter: FilterArg) {
  const groups = await data.vehicleGroups(db(ctx), groupBy, readList(list, data.VEHICLE_SORTS, 'economicNumber'), vehicleFilter(filter), todayMx(), { group: MSG.noGroup, location: MSG.noLocation });
  return groupBy === 'STATUS' ? labelGroups(groups, (key) => VEHICLE_STATUS_LABELS[key as keyof typeof VEHICLE_STATUS_LABELS] ?? key) : groups;
}

export function vehicleOptions(ctx: RequestContext, search: string | null | undefined, limit: number | null | undefined, includeInShop: boolean | null | undefined) {
  const n = limit ?? 20;
  if (!Number.isInteger(n) || n < 1 || n > 50) throw badInput({ limit: MSG.limit });
  return data.vehicleOptions(db(ctx), search?.trim().slice(0, 100) || null, n, includeInShop ?? true);
}

export async function documentsOf(ctx: RequestContext, vehicleId: number) {
  const today = todayMx();
  const rows = await data.documentsOf(db(ctx), [vehicleId]);
  return rows.map((r) => ({
    ...r,
    state: vehicleDocumentState(r, r.id === null ? null : { expiresOn: r.expiresOn }, today),
    file: r.file ? toAttachment(r.file) : null,
  }));
}

export const odometerReadingsOf = (ctx: RequestContext, vehicleId: number) => data.odometerReadings(db(ctx), vehicleId);

/** Folios of the vehicles' open maintenance orders (they keep a vehicle en taller and block its baja), by vehicle id. */
export const openMaintenanceOrdersOf = (ctx: RequestContext, vehicleIds: number[]): Promise<Map<number, string[]>> => maintenance.openOrderFoliosOfVehicles(db(ctx), vehicleIds);

/** For the Tablero: vehicles not in baja with document alerts (same rule as the list filter), today in Mexico City. */
/** Tablero card: vehicles whose documents need attention (run inside the Tablero's one statement). */
export const documentAlertIndicator = (today: string): Indicator<{ withAlerts: number; expiredOrMissing: number }> => ({
  sql: data.documentAlertSummarySql(today),
  read: countsOf('withAlerts', 'expiredOrMissing'),
});

// ---- checks ------------------------------------------------------------------------------

type Current = { id: number; groupId: number | null; locationId: number | null; driverId: number | null } | null;

/** Every rule that needs the database, collected so one answer names every field at fault. */
async function referenceErrors(ex: Executor, v: VehicleInput, current: Current): Promise<FieldMessages> {
  const errors: FieldMessages = {};
  const today = todayMx();
  for (const t of await data.takenIdentity(ex, v.economicNumber, v.plate, current?.id)) {
    if (t.economicNumber === v.economicNumber.toUpperCase()) errors.economicNumber = MSG.economicNumberTaken;
    if (v.plate && t.plate === v.plate.toUpperCase()) errors.plate = MSG.plateTaken;
  }
  if (v.groupId !== null) {
    const g = await data.findGroupRef(ex, v.groupId);
    if (!g) errors.groupId = MSG.groupMissing;
    else if (!g.active && current?.groupId !== g.id) errors.groupId = MSG.groupInactive;
  }
  if (v.locationId !== null) {
    const l = await data.findLocationRef(ex, v.locationId);
    if (!l) errors.locationId = MSG.locationMissing;
    else if (!l.active && current?.locationId !== l.id) errors.locationId = MSG.locationInactive;
  }
  if (v.driverId !== null) {
    const d = await data.findDriverRef(ex, v.driverId);
    if (!d) errors.driverId = MSG.driverMissing;
    else if (d.status !== 'activo') errors.driverId = MSG.driverInactive;
  }
  if (v.acquisitionDate && v.acquisitionDate > today) errors.acquisitionDate = MSG.acquisitionFuture;
  else if (v.acquisitionDate && v.acquisitionDate < `${v.year - 1}-01-01`) errors.acquisitionDate = MSG.acquisitionBeforeYear;
  if (!current && v.initialKm != null) {
    const on = v.initialKmDate ?? today;
    if (on > today) errors.initialKmDate = MSG.readingFuture;
    else if (v.acquisitionDate && on < v.acquisitionDate) errors.initialKmDate = MSG.initialKmDateBeforeAcquisition;
  }
  return errors;
}

/** Unique-index races (two saves at once) become the same field messages as the checks. */
function mapRaces(err: unknown): never {
  if (isUniqueViolation(err, 'vp_vehicles_economic_number_uq')) throw badInput({ economicNumber: MSG.economicNumberTaken });
  if (isUniqueViolation(err, 'vp_vehicles_plate_uq')) throw badInput({ plate: MSG.plateTaken });
  throw err;
}

const values = (v: VehicleInput): data.VehicleValues => {
  const { initialKm: _k, initialKmDate: _d, ...rest } = v;
  return rest;
};

// ---- writing -------------------------------------------------------------------------------

export async function createVehicle(ctx: RequestContext, input: unknown): Promise<VehicleRecord> {
  const v = parseInput(vehicleInput, input);
  try {
    const id = await db(ctx).transaction(async (tx) => {
      const errors = await referenceErrors(tx, v, null);
      if (Object.keys(errors).length) throw badInput(errors);
      const newId = await data.insertVehicle(tx, values(v));
      await writeAudit(tx, actorOf(ctx), { entity: 'vehicle', entityId: newId, action: 'create', after: v });
      if (v.initialKm != null) {
        await recordOdometerReading(tx, actorOf(ctx), { vehicleId: newId, readOn: v.initialKmDate ?? todayMx(), km: v.initialKm, source: 'manual', notes: 'Lectura inicial' }, { field: 'initialKm' });
      }
      return newId;
    });
    return record(db(ctx), id);
  } catch (err) {
    return mapRaces(err);
  }
}

export async function updateVehicle(ctx: RequestContext, id: string, version: number, input: unknown): Promise<VehicleRecord> {
  const v = parseInput(vehicleInput, input);
  const vehicleId = idOf(id);
  try {
    await db(ctx).transaction(async (tx) => {
      // The driver before the vehicle: the order an employee's baja takes when it frees their vehicles.
      if (v.driverId !== null) await data.findDriverRef(tx, v.driverId);
      await data.lockVehicle(tx, vehicleId);
      const before = found(await data.findVehicle(tx, vehicleId, todayMx()), MSG.vehicleMissing);
      if (before.version !== version) throw conflict();
      if (before.status === 'baja') throw appError('CONFLICT', MSG.retiredNoEdit);
      const errors = await referenceErrors(tx, v, before);
      if (Object.keys(errors).length) throw badInput(errors);
      if (!(await data.updateVehicle(tx, vehicleId, version, values(v)))) throw conflict();
      const { documentAlerts: _a, photo: _p, ...plain } = before;
      await writeAudit(tx, actorOf(ctx), { entity: 'vehicle', entityId: vehicleId, action: 'update', before: plain, after: values(v) });
    });
    return record(db(ctx), vehicleId);
  } catch (err) {
    return mapRaces(err);
  }
}

/**
 * Baja (date and reason, not before the acquisition nor the last odometer
 * reading; never while a maintenance order is open, whose close would give
 * the vehicle back) or back to activo from baja.
 */
export async function changeStatus(ctx: RequestContext, id: string, version: number, input: unknown): Promise<VehicleRecord> {
  const v = parseInput(statusInput, input);
  const vehicleId = idOf(id);
  const today = todayMx();
  try {
    await db(ctx).transaction(async (tx) => {
      await data.lockVehicle(tx, vehicleId);
      const before = found(await data.findVehicle(tx, vehicleId, today), MSG.vehicleMissing);
      if (before.version !== version) throw conflict();
      if (v.status === 'en_taller') throw badInput({ status: MSG.statusManual });
      if (v.status === 'baja') {
        if (before.status === 'baja') throw appError('CONFLICT', MSG.alreadyBaja);
        // The vehicle row is locked: an order opening now waits for it (its odometer reading locks it too).
        const open = (await maintenance.openOrderFoliosOfVehicles(tx, [vehicleId])).get(vehicleId) ?? [];
        if (open.length) throw appError('CONFLICT', MSG.openOrders(open));
        const errors: FieldMessages = {};
        if (!v.date) errors.date = MSG.retireDate;
        else if (v.date > today) errors.date = MSG.retireFuture;
        else if (before.acquisitionDate && v.date < before.acquisitionDate) errors.date = MSG.retireBeforeAcquisition;
        else if (before.odometerDate && v.date < before.odometerDate) errors.date = MSG.retireBeforeOdometer(formatDateMx(before.odometerDate));
        if (!v.reason) errors.reason = MSG.retireReason;
        if (Object.keys(errors).length) throw badInput(errors);
        if (!(await data.retireVehicle(tx, vehicleId, version, v.date!, v.reason))) throw conflict();
        await writeAudit(tx, actorOf(ctx), {
          entity: 'vehicle',
          entityId: vehicleId,
          action: 'retire',
          before: { status: before.status, driver: before.driverName ? `${before.driverName} (${before.driverNumber ?? ''})` : null },
          after: { status: 'baja', retiredOn: v.date, retiredReason: v.reason, driver: null },
        });
      } else {
        if (before.status !== 'baja') throw appError('CONFLICT', MSG.notBaja);
        if (!(await data.reactivateVehicle(tx, vehicleId, version))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'vehicle', entityId: vehicleId, action: 'reactivate', before: { status: 'baja', retiredOn: before.retiredOn, retiredReason: before.retiredReason }, after: { status: 'activo', reason: v.reason } });
      }
    });
    return record(db(ctx), vehicleId);
  } catch (err) {
    // Reactivating can meet another active vehicle that took the plates meanwhile.
    return mapRaces(err);
  }
}

/**
 * An employee's baja (Recursos Humanos, through the registry): the vehicles
 * they drive are left without driver in the baja's transaction, each with an
 * entry in its Historial naming who left and why.
 */
export const releaseDriverOnBaja: EmployeeRelease = async (tx, ctx, employee) => {
  const freed = await data.releaseDriver(tx, employee.id);
  for (const vehicle of freed) {
    await writeAudit(tx, actorOf(ctx), {
      entity: 'vehicle',
      entityId: vehicle.id,
      action: 'driver_release',
      before: { driver: `${employee.fullName} (${employee.number})` },
      after: { driver: null, reason: MSG.driverLeft(employee.number, employee.date, employee.reason) },
    });
  }
  const released: Record<string, string> = {};
  if (freed.length) released.releasedVehicles = freed.map((v) => v.economicNumber).sort().join(', ');
  return released;
};

export async function setPhoto(ctx: RequestContext, vehicleIdRaw: string, fileId: string): Promise<VehicleRecord> {
  const vehicleId = idOf(vehicleIdRaw);
  const replaced = await db(ctx).transaction(async (tx) => {
    await data.lockVehicle(tx, vehicleId);
    const before = found(await data.findVehicle(tx, vehicleId, todayMx()), MSG.vehicleMissing);
    const upload = await claimUpload(tx, ctx, fileId, { allowed: ['png', 'jpg', 'webp'], subject: SUBJECT, ownerEntity: 'vehicle', ownerId: vehicleId, field: 'fileId' });
    await data.setVehiclePhoto(tx, vehicleId, upload.id);
    const old = await detachUpload(tx, before.photoUploadId);
    await writeAudit(tx, actorOf(ctx), { entity: 'vehicle', entityId: vehicleId, action: 'photo', before: { photo: before.photo?.fileName ?? null }, after: { photo: upload.fileName, fileId: upload.id, sha256: upload.sha256 } });
    return old;
  });
  await removeUploadBytes(storageOf(ctx), replaced);
  return record(db(ctx), vehicleId);
}

export async function addDocument(ctx: RequestContext, vehicleIdRaw: string, input: unknown): Promise<VehicleRecord> {
  const v = parseInput(documentInput, input);
  const vehicleId = idOf(vehicleIdRaw);
  await db(ctx).transaction(async (tx) => {
    found(await data.lockVehicle(tx, vehicleId), MSG.vehicleMissing);
    const type = await data.findDocumentTypeRef(tx, v.documentTypeId);
    if (!type) throw badInput({ documentTypeId: MSG.documentTypeMissing });
    if (!type.active) throw badInput({ documentTypeId: MSG.documentTypeInactive });
    if (type.expires && !v.expiresOn) throw badInput({ expiresOn: MSG.expiresOnRequired });
    const upload = await claimUpload(tx, ctx, v.fileId, { allowed: ['pdf', 'png', 'jpg', 'webp'], subject: SUBJECT, ownerEntity: 'vehicleDocument', ownerId: vehicleId, field: 'fileId' });
    const expiresOn = type.expires ? v.expiresOn : null;
    const docId = await data.insertDocument(tx, { vehicleId, documentTypeId: type.id, uploadId: upload.id, expiresOn, notes: v.notes, createdBy: ctx.auth?.id ?? null });
    await writeAudit(tx, actorOf(ctx), { entity: 'vehicle', entityId: vehicleId, action: 'document_add', after: { documentId: docId, documentType: type.name, expiresOn, file: upload.fileName, fileId: upload.id, sha256: upload.sha256 } });
  });
  return record(db(ctx), vehicleId);
}

export async function removeDocument(ctx: RequestContext, idRaw: string): Promise<VehicleRecord> {
  const docId = Number(idRaw);
  const doc = Number.isInteger(docId) && docId > 0 ? await data.findDocument(db(ctx), docId) : null;
  if (!doc) throw notFound(MSG.documentMissing);
  const removed = await db(ctx).transaction(async (tx) => {
    await data.lockVehicle(tx, doc.vehicleId);
    const current = await data.findDocument(tx, docId);
    if (!current) throw notFound(MSG.documentMissing);
    await data.deleteDocument(tx, docId);
    const upload = await detachUpload(tx, current.uploadId);
    await writeAudit(tx, actorOf(ctx), { entity: 'vehicle', entityId: current.vehicleId, action: 'document_remove', before: current });
    return upload;
  });
  await removeUploadBytes(storageOf(ctx), removed);
  return record(db(ctx), doc.vehicleId);
}

/** A manual (or fuel-load) reading; orden readings come from Mantenimiento's orders. */
export async function addOdometerReading(ctx: RequestContext, vehicleIdRaw: string, input: unknown): Promise<VehicleRecord> {
  const v = parseInput(odometerInput, input);
  const vehicleId = idOf(vehicleIdRaw);
  if (v.readOn > todayMx()) throw badInput({ readOn: MSG.readingFuture });
  await db(ctx).transaction((tx) =>
    recordOdometerReading(tx, actorOf(ctx), { vehicleId, readOn: v.readOn, km: v.km, source: v.source, sourceReference: v.sourceReference, notes: v.notes }),
  );
  return record(db(ctx), vehicleId);
}
