// Parque Vehicular SQL. (Foundation: the odometer log and vehicle status that
// Mantenimiento uses through service.ts; the screens' queries join here.)
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';

export type VehicleLock = { id: number; economicNumber: string; status: 'activo' | 'en_taller' | 'baja'; odometerKm: number; odometerDate: string | null; version: number };

/** The vehicle row, locked until the transaction ends: readings and status changes of one vehicle queue here. */
export async function lockVehicle(ex: Executor, id: number): Promise<VehicleLock | null> {
  const rows = await queryRows<VehicleLock>(
    ex,
    sql`select id, economic_number as "economicNumber", status, odometer_km as "odometerKm", odometer_date::text as "odometerDate", version
        from vp_vehicles where id = ${id} for update`,
  );
  return rows[0] ?? null;
}

/** The readings around a date: the highest on or before it and the lowest after it (the log never decreases by date). */
export async function odometerNeighbours(ex: Executor, vehicleId: number, readOn: string) {
  const rows = await queryRows<{ prevKm: number | null; prevOn: string | null; nextKm: number | null; nextOn: string | null }>(
    ex,
    sql`select p.km as "prevKm", p.read_on::text as "prevOn", n.km as "nextKm", n.read_on::text as "nextOn"
        from (select 1) one
        left join lateral (select km, read_on from vp_odometer_readings where vehicle_id = ${vehicleId} and read_on <= ${readOn} order by km desc, read_on desc limit 1) p on true
        left join lateral (select km, read_on from vp_odometer_readings where vehicle_id = ${vehicleId} and read_on > ${readOn} order by km asc, read_on asc limit 1) n on true`,
  );
  return rows[0];
}

export async function insertOdometerReading(
  ex: Executor,
  r: { vehicleId: number; readOn: string; km: number; source: string; sourceReference: string; notes: string; recordedBy: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into vp_odometer_readings (vehicle_id, read_on, km, source, source_reference, notes, recorded_by)
        values (${r.vehicleId}, ${r.readOn}, ${r.km}, ${r.source}, ${r.sourceReference}, ${r.notes}, ${r.recordedBy})
        returning id`,
  );
  return Number(rows[0].id);
}

/** Refreshes the vehicle's cached latest reading from the log (latest date, then highest km). */
export async function refreshOdometerCache(ex: Executor, vehicleId: number) {
  await ex.execute(
    sql`update vp_vehicles v set odometer_km = coalesce(l.km, 0), odometer_date = l.read_on
        from (select (select km from vp_odometer_readings where vehicle_id = ${vehicleId} order by read_on desc, km desc limit 1) as km,
                     (select read_on from vp_odometer_readings where vehicle_id = ${vehicleId} order by read_on desc, km desc limit 1) as read_on) l
        where v.id = ${vehicleId}`,
  );
}

export async function setVehicleStatus(ex: Executor, id: number, status: 'activo' | 'en_taller') {
  await ex.execute(sql`update vp_vehicles set status = ${status}, version = version + 1 where id = ${id}`);
}
