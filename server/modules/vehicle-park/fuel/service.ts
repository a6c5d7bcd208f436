// Combustible rules (issue 28): a load records its odometer reading (source
// combustible) through recordOdometerReading, which locks the vehicle row, so
// parallel loads of one vehicle queue and the log never decreases; the
// station's CFDI is read with the platform's supplier-CFDI intake (seal and
// stamp verified) before the transaction, and its total must be the amount;
// km/l is kept on each load by the database (schema/vehicle-park/fuel.ts states
// the rule; migration 0063's trigger recomputes a vehicle's loads on each write,
// which the vehicle row lock serialises) and the «atípica» flag is read against
// the bands in force (data.ts). Also the km/l bands of
// Configuración PV and a vehicle's fuel and cost per km over a period.
import { writeAudit } from '../../../db/audit';
import { isUniqueViolation } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import { parseInput, rules, z } from '../../../lib/validation';
import { claimUpload, detachUpload, findUpload, isUploadId, removeUploadBytes, storageOf, toAttachment, withStorage, type UploadRow } from '../../../lib/attachments';
import { CfdiIntakeError, readSupplierCfdi, type SupplierCfdi } from '../../../lib/cfdi/intake';
import { formatDateMx, isIsoDate, todayMx } from '../../../../schema/dates';
import { dec, formatMxn, money } from '../../../../schema/money';
import { bandError, kmPerLitre, pricePerLitre, totalCostPerKm } from '../../../../schema/vehicle-park/fuel';
import * as maintenance from '../../maintenance/service';
import * as vpData from '../data';
import { checkDateRange, kmInRange } from '../reports/service';
import { MSG } from '../messages';
import { recordOdometerReading } from '../service';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;
const SUBJECT = 'Parque Vehicular-Combustible';
const MAX_FILES = 5;

export const FUEL_MSG = {
  litres: 'Los litros deben ser mayores que 0.',
  amount: 'El importe debe ser mayor que 0.',
  loadFuture: 'La fecha de la carga no puede ser futura.',
  odometer: 'Captura el odómetro como un número entero, cero o mayor.',
  cfdiMissing: 'El archivo no existe o expiró: vuelve a subirlo.',
  cfdiNotXml: 'El CFDI debe ser el archivo XML que entregó la estación.',
  cfdiTotal: (cfdi: string, amount: string) => `El total del CFDI (${formatMxn(cfdi)}) no coincide con el importe de la carga (${formatMxn(amount)}): corrige el importe o adjunta el CFDI de esta carga.`,
  cfdiRegistered: (uuid: string, economicNumber: string, on: string) => `El CFDI ${uuid} ya está registrado en la carga del vehículo ${economicNumber} del ${formatDateMx(on)}.`,
  cfdiRegisteredRace: (uuid: string) => `El CFDI ${uuid} ya está registrado en otra carga de combustible.`,
  tooManyFiles: `Adjunta hasta ${MAX_FILES} archivos.`,
  bandTypeRequired: 'Indica el tipo de vehículo: el rango general ya existe, modifícalo.',
  bandTaken: 'Ya hay un rango para ese tipo de vehículo.',
  bandGeneralType: 'El rango general no cambia de tipo.',
} as const;

const optional = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres.`).nullish().transform((v) => v ?? '');
const optionalId = () => z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null));

const fuelLoadInput = z.object({
  vehicleId: rules.id(),
  loadedOn: z.string({ error: MSG.required }).trim().refine(isIsoDate, MSG.date),
  litres: rules.amount({ positive: true, places: 3, positiveMessage: FUEL_MSG.litres, max: '100000' }),
  amount: rules.amount({ positive: true, places: 2, positiveMessage: FUEL_MSG.amount }),
  odometerKm: z.number({ error: MSG.required }).int(FUEL_MSG.odometer).min(0, FUEL_MSG.odometer),
  fullTank: z.boolean({ error: MSG.required }),
  station: optional(120),
  fuelCard: optional(40),
  driverId: optionalId(),
  notes: optional(500),
  cfdiFileId: z.string().trim().nullish().transform((v) => v || null),
  fileIds: z.array(z.string()).max(MAX_FILES, FUEL_MSG.tooManyFiles).nullish().transform((v) => v ?? []),
});

// ---- reading --------------------------------------------------------------------------------

export type FuelLoadView = Omit<data.FuelLoadRow, 'cfdiFile' | 'files'> & { pricePerLitre: string; cfdiFile: ReturnType<typeof toAttachment> | null; files: ReturnType<typeof toAttachment>[] };

const view = (r: data.FuelLoadRow): FuelLoadView => ({
  ...r,
  pricePerLitre: pricePerLitre(r.amount, r.litres) ?? '0',
  cfdiFile: r.cfdiFile ? toAttachment(r.cfdiFile) : null,
  files: (r.files ?? []).map(toAttachment),
});

type FilterArg = { vehicleId?: string | null; from?: string | null; to?: string | null; outlier?: boolean | null } | null | undefined;

export async function listFuelLoads(ctx: RequestContext, list: ListInput | null | undefined, filter: FilterArg) {
  const q = readList(list, data.FUEL_SORTS, 'loadedOn');
  // Newest first unless the user sorts.
  if (!list?.sortBy) q.desc = true;
  const result = await data.listFuelLoads(db(ctx), q, {
    vehicleId: filter?.vehicleId ? Number(filter.vehicleId) || -1 : null,
    range: readDateRange(filter),
    outlier: filter?.outlier ?? null,
  });
  return { ...result, items: result.items.map(view) };
}

export async function getFuelLoad(ctx: RequestContext, id: string): Promise<FuelLoadView | null> {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) return null;
  const row = await data.findFuelLoad(db(ctx), n);
  return row ? view(row) : null;
}

// ---- the station's CFDI ----------------------------------------------------------------------

/** Reads the caller's unattached XML with the supplier-CFDI intake; its refusals are the field's message. */
async function readStationCfdi(ctx: RequestContext, fileId: string): Promise<{ upload: UploadRow; cfdi: SupplierCfdi }> {
  const upload = isUploadId(fileId) ? await findUpload(db(ctx), fileId) : null;
  if (!upload || upload.attachedAt || upload.uploadedBy !== ctx.auth?.id) throw badInput({ cfdiFileId: FUEL_MSG.cfdiMissing });
  if (upload.fileType !== 'xml') throw badInput({ cfdiFileId: FUEL_MSG.cfdiNotXml });
  const bytes = await withStorage(() => storageOf(ctx).get(upload.storageKey));
  try {
    return { upload, cfdi: await readSupplierCfdi(Buffer.from(bytes).toString('utf8')) };
  } catch (err) {
    if (err instanceof CfdiIntakeError) throw badInput({ cfdiFileId: err.message });
    throw err;
  }
}

// ---- writing ----------------------------------------------------------------------------------

export async function createFuelLoad(ctx: RequestContext, input: unknown): Promise<FuelLoadView> {
  const v = parseInput(fuelLoadInput, input);
  const errors: FieldMessages = {};
  if (v.loadedOn > todayMx()) errors.loadedOn = FUEL_MSG.loadFuture;
  // What takes no lock first: the CFDI is read (seal verified) before the transaction.
  const station = v.cfdiFileId ? await readStationCfdi(ctx, v.cfdiFileId) : null;
  if (station && !dec(station.cfdi.total).eq(v.amount)) errors.amount = FUEL_MSG.cfdiTotal(station.cfdi.total, v.amount);
  if (Object.keys(errors).length) throw badInput(errors);
  try {
    const id = await db(ctx).transaction(async (tx) => {
      // The driver before the vehicle, the order an employee's baja takes.
      if (v.driverId !== null) {
        const d = await vpData.findDriverRef(tx, v.driverId);
        if (!d) throw badInput({ driverId: MSG.driverMissing });
        if (d.status !== 'activo') throw badInput({ driverId: MSG.driverInactive });
      }
      if (station) {
        const other = await data.loadOfCfdi(tx, station.cfdi.uuid);
        if (other) throw badInput({ cfdiFileId: FUEL_MSG.cfdiRegistered(station.cfdi.uuid, other.economicNumber, other.loadedOn) });
      }
      // Locks the vehicle row: a parallel load of this vehicle waits here and then sees this reading.
      const reading = await recordOdometerReading(
        tx,
        actorOf(ctx),
        { vehicleId: v.vehicleId, readOn: v.loadedOn, km: v.odometerKm, source: 'combustible', sourceReference: station?.cfdi.uuid ?? '', notes: 'Carga de combustible' },
        { field: 'odometerKm' },
      );
      const newId = await data.insertFuelLoad(tx, {
        vehicleId: v.vehicleId,
        loadedOn: v.loadedOn,
        litres: v.litres,
        amount: money(v.amount),
        odometerKm: v.odometerKm,
        fullTank: v.fullTank,
        station: v.station,
        fuelCard: v.fuelCard,
        driverId: v.driverId,
        notes: v.notes,
        odometerReadingId: reading.id,
        cfdi: station ? { uploadId: station.upload.id, uuid: station.cfdi.uuid, emisorRfc: station.cfdi.emisorRfc, emisorName: station.cfdi.emisorName } : null,
        createdBy: ctx.auth?.id ?? null,
      });
      if (station) await claimUpload(tx, ctx, station.upload.id, { allowed: ['xml'], xml: 'cfdi', subject: SUBJECT, ownerEntity: 'vehicle_fuel_load', ownerId: newId, field: 'cfdiFileId' });
      const files: string[] = [];
      for (const fileId of v.fileIds) {
        const upload = await claimUpload(tx, ctx, fileId, { allowed: ['pdf', 'png', 'jpg', 'webp'], subject: SUBJECT, ownerEntity: 'vehicle_fuel_load', ownerId: newId, field: 'fileIds' });
        await data.insertFuelLoadFile(tx, newId, upload.id);
        files.push(upload.fileName);
      }
      await writeAudit(tx, actorOf(ctx), {
        entity: 'vehicle_fuel_load',
        entityId: newId,
        action: 'create',
        after: { ...v, amount: money(v.amount), pricePerLitre: pricePerLitre(v.amount, v.litres), cfdiUuid: station?.cfdi.uuid ?? null, files },
      });
      return newId;
    });
    return view(found(await data.findFuelLoad(db(ctx), id), 'La carga'));
  } catch (err) {
    // Two loads racing with one CFDI: the unique index answers like the check.
    if (station && isUniqueViolation(err, 'vp_fuel_loads_cfdi_uq')) throw badInput({ cfdiFileId: FUEL_MSG.cfdiRegisteredRace(station.cfdi.uuid) });
    throw err;
  }
}

/** A load captured by mistake: removed with its odometer reading and its files (the vehicle row locked). */
export async function deleteFuelLoad(ctx: RequestContext, idRaw: string): Promise<boolean> {
  const id = Number(idRaw);
  const ref = Number.isInteger(id) && id > 0 ? await data.fuelLoadRef(db(ctx), id) : null;
  if (!ref) throw notFound('La carga de combustible');
  const removed = await db(ctx).transaction(async (tx) => {
    const vehicle = await vpData.lockVehicle(tx, ref.vehicleId);
    if (vehicle?.status === 'baja') throw appError('CONFLICT', MSG.retiredNoEdit);
    const before = await data.findFuelLoad(tx, id);
    if (!before) throw notFound('La carga de combustible');
    const uploads = await data.deleteFuelLoad(tx, id, before.odometerReadingId);
    await vpData.refreshOdometerCache(tx, ref.vehicleId);
    const detached: UploadRow[] = [];
    for (const u of [...uploads, ...(before.cfdiUploadId ? [before.cfdiUploadId] : [])]) {
      const d = await detachUpload(tx, u);
      if (d) detached.push(d);
    }
    const { cfdiFile: _c, files: _f, ...plain } = before;
    await writeAudit(tx, actorOf(ctx), { entity: 'vehicle_fuel_load', entityId: id, action: 'delete', before: plain });
    return detached;
  });
  for (const u of removed) await removeUploadBytes(storageOf(ctx), u);
  return true;
}

// ---- a vehicle's period ----------------------------------------------------------------------

export async function vehicleFuelSummary(ctx: RequestContext, vehicleIdRaw: string, fromDate: string | null | undefined, toDate: string | null | undefined) {
  const vehicleId = Number(vehicleIdRaw);
  if (!Number.isInteger(vehicleId) || vehicleId < 1 || !(await vpData.findVehicle(db(ctx), vehicleId, todayMx()))) throw notFound(MSG.vehicleMissing);
  const { from, to } = checkDateRange(fromDate, toDate);
  const [fuel, costs, kms] = await Promise.all([
    data.fuelByVehicle(db(ctx), from, to, vehicleId),
    maintenance.maintenanceCostByVehicle(db(ctx), from, to),
    kmInRange(ctx, from, to, vehicleId),
  ]);
  const f = fuel[0];
  const fuelCost = money(f?.amount ?? 0);
  const maintenanceCost = money(costs.find((c) => c.vehicleId === vehicleId)?.total ?? 0);
  const km = kms[0]?.km ?? 0;
  return {
    vehicleId,
    fromDate: from,
    toDate: to,
    loads: f?.loads ?? 0,
    litres: dec(f?.litres ?? 0).toFixed(3),
    fuelCost,
    kmPerLitre: f && f.kmMeasured > 0 ? kmPerLitre(f.kmMeasured, f.litresMeasured) : null,
    outliers: f?.outliers ?? 0,
    maintenanceCost,
    km,
    ...totalCostPerKm(fuelCost, maintenanceCost, km),
  };
}

/** Fuel per vehicle over a period, for the cost report. */
export const fuelByVehicle = (ctx: RequestContext, from: string, to: string) => data.fuelByVehicle(db(ctx), from, to);

// ---- bands (Configuración PV) ----------------------------------------------------------------

const bandInput = z.object({
  vehicleType: z.string({ error: MSG.required }).trim().max(60, 'Máximo 60 caracteres.'),
  minKmPerLitre: rules.amount({ places: 3, max: '1000' }),
  maxKmPerLitre: rules.amount({ positive: true, places: 3, max: '1000' }),
});

export const listBands = (ctx: RequestContext) => data.listBands(db(ctx));

function checkBand(v: z.infer<typeof bandInput>) {
  const e = bandError(v);
  if (e) throw badInput(e as FieldMessages);
}

const BAND_TAKEN = { vehicleType: FUEL_MSG.bandTaken };

export async function createBand(ctx: RequestContext, input: unknown) {
  const v = parseInput(bandInput, input);
  if (!v.vehicleType) throw badInput({ vehicleType: FUEL_MSG.bandTypeRequired });
  checkBand(v);
  try {
    const id = await db(ctx).transaction(async (tx) => {
      if (await data.bandTypeTaken(tx, v.vehicleType)) throw badInput(BAND_TAKEN);
      const newId = await data.insertBand(tx, v);
      await writeAudit(tx, actorOf(ctx), { entity: 'vp_fuel_band', entityId: newId, action: 'create', after: v });
      return newId;
    });
    return found(await data.findBand(db(ctx), id), 'El rango');
  } catch (err) {
    if (isUniqueViolation(err, 'vp_fuel_bands_type_uq')) throw badInput(BAND_TAKEN);
    throw err;
  }
}

export async function updateBand(ctx: RequestContext, idRaw: string, version: number, input: unknown) {
  const v = parseInput(bandInput, input);
  checkBand(v);
  const id = Number(idRaw) || 0;
  try {
    await db(ctx).transaction(async (tx) => {
      const before = found(await data.findBand(tx, id), 'El rango');
      if (before.version !== version) throw conflict();
      if ((before.vehicleType === '') !== (v.vehicleType === '')) throw badInput({ vehicleType: before.vehicleType === '' ? FUEL_MSG.bandGeneralType : FUEL_MSG.bandTypeRequired });
      if (await data.bandTypeTaken(tx, v.vehicleType, id)) throw badInput(BAND_TAKEN);
      if (!(await data.updateBand(tx, id, version, v))) throw conflict();
      await writeAudit(tx, actorOf(ctx), { entity: 'vp_fuel_band', entityId: id, action: 'update', before, after: v });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'vp_fuel_bands_type_uq')) throw badInput(BAND_TAKEN);
    throw err;
  }
  return found(await data.findBand(db(ctx), id), 'El rango');
}
