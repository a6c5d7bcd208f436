// Parque Vehicular rules. Other modules (Mantenimiento) use the vehicles only
// through the functions exported here: the odometer log and the status a
// maintenance order sets.
import type { Actor } from '../../db/audit';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { badInput, notFound } from '../../lib/errors';
import { formatDateMx } from '../../../schema/dates';
import * as data from './data';

export type OdometerSource = 'manual' | 'orden' | 'combustible';

const km = (n: number) => new Intl.NumberFormat('es-MX').format(n);

export const ODOMETER_MSG = {
  vehicleMissing: 'El vehículo no existe.',
  retired: 'El vehículo está dado de baja: no admite lecturas.',
  kmInvalid: 'Captura los kilómetros como un número entero, cero o mayor.',
  belowLast: (last: number, on: string) => `La lectura no puede ser menor que la última registrada: ${km(last)} km del ${formatDateMx(on)}.`,
  aboveNext: (next: number, on: string) => `La lectura no puede ser mayor que la registrada después: ${km(next)} km del ${formatDateMx(on)}.`,
};

/**
 * Adds a reading to a vehicle's odometer log inside the caller's transaction.
 * The vehicle row is locked first, so parallel readings of one vehicle queue
 * and the log can never end up decreasing by date. A reading below the highest
 * one on or before its date (or above one after it) is refused with that
 * figure in the message (field `km`, or `fieldPrefix + 'km'`).
 */
export async function recordOdometerReading(
  tx: Executor,
  actor: Actor,
  input: { vehicleId: number; readOn: string; km: number; source: OdometerSource; sourceReference?: string; notes?: string },
  opts: { field?: string } = {},
): Promise<{ id: number; vehicleId: number; km: number }> {
  const field = opts.field ?? 'km';
  const vehicle = await data.lockVehicle(tx, input.vehicleId);
  if (!vehicle) throw notFound('El vehículo');
  if (vehicle.status === 'baja') throw badInput({ vehicleId: ODOMETER_MSG.retired });
  if (!Number.isSafeInteger(input.km) || input.km < 0) throw badInput({ [field]: ODOMETER_MSG.kmInvalid });
  const around = await data.odometerNeighbours(tx, input.vehicleId, input.readOn);
  if (around.prevKm !== null && input.km < Number(around.prevKm)) throw badInput({ [field]: ODOMETER_MSG.belowLast(Number(around.prevKm), around.prevOn!) });
  if (around.nextKm !== null && input.km > Number(around.nextKm)) throw badInput({ [field]: ODOMETER_MSG.aboveNext(Number(around.nextKm), around.nextOn!) });
  const id = await data.insertOdometerReading(tx, {
    vehicleId: input.vehicleId,
    readOn: input.readOn,
    km: input.km,
    source: input.source,
    sourceReference: input.sourceReference ?? '',
    notes: input.notes ?? '',
    recordedBy: actor.userId,
  });
  await data.refreshOdometerCache(tx, input.vehicleId);
  await writeAudit(tx, actor, { entity: 'vehicle_odometer', entityId: id, action: 'create', after: { vehicle: vehicle.economicNumber, ...input } });
  return { id, vehicleId: input.vehicleId, km: input.km };
}

/** A maintenance order takes the vehicle to the shop (en_taller) and gives it back (activo); a retired vehicle is refused. */
export async function setVehicleStatusForMaintenance(tx: Executor, actor: Actor, vehicleId: number, status: 'activo' | 'en_taller', reference: string) {
  const vehicle = await data.lockVehicle(tx, vehicleId);
  if (!vehicle) throw notFound('El vehículo');
  if (vehicle.status === 'baja') throw badInput({ vehicleId: ODOMETER_MSG.retired });
  if (vehicle.status === status) return;
  await data.setVehicleStatus(tx, vehicleId, status);
  await writeAudit(tx, actor, { entity: 'vehicle', entityId: vehicleId, action: 'status', before: { status: vehicle.status }, after: { status, reference } });
}

/** Locks and returns the vehicle (id, número económico, status, latest km). */
export const lockVehicle = (tx: Executor, vehicleId: number) => data.lockVehicle(tx, vehicleId);
