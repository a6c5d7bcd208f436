// Combustible SQL: the loads with their km/l (full-tank method, the same rule
// as schema/vehicle-park/fuel.ts fuelEfficiency, kept on each load by the
// database: migration 0063), the km/l bands, and the fuel figures of a period
// per vehicle.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { attachmentJson, type AttachmentRow } from '../../../lib/attachments';
import { DEFAULT_FUEL_BAND } from '../../../../schema/vehicle-park/fuel';

/**
 * Every load (of one vehicle, when given) with km since the previous full
 * load, litres since then (this one included) and km/l to 3 decimals, as the
 * database keeps them on the load (migration 0063; a partial load and the first
 * full one have none), and the band of its vehicle's type (or the general row,
 * or the defaults), looked up once per vehicle.
 */
const rated = (vehicleId: number | null) => sql`
  vehicle_band as (
    select bv.id as vehicle_id,
      coalesce((select t.min_km_per_litre from vp_fuel_bands t where t.vehicle_type <> '' and lower(t.vehicle_type) = lower(trim(bv.vehicle_type))),
               (select g.min_km_per_litre from vp_fuel_bands g where g.vehicle_type = ''), ${DEFAULT_FUEL_BAND.minKmPerLitre}::numeric) as band_min,
      coalesce((select t.max_km_per_litre from vp_fuel_bands t where t.vehicle_type <> '' and lower(t.vehicle_type) = lower(trim(bv.vehicle_type))),
               (select g.max_km_per_litre from vp_fuel_bands g where g.vehicle_type = ''), ${DEFAULT_FUEL_BAND.maxKmPerLitre}::numeric) as band_max
    from vp_vehicles bv ${vehicleId === null ? sql`` : sql`where bv.id = ${vehicleId}`}),
  fuel as (
    select f.*, vb.band_min, vb.band_max
    from vp_fuel_loads f join vehicle_band vb on vb.vehicle_id = f.vehicle_id)`;

const outlierSql = sql`(f.kml is not null and (f.kml < f.band_min or f.kml > f.band_max))`;
const driverName = sql`replace(trim(e.last_name || ' ' || e.second_last_name || ' ' || e.names), '  ', ' ')`;

export type FuelLoadRow = {
  id: number;
  vehicleId: number;
  economicNumber: string;
  plate: string;
  vehicleType: string;
  loadedOn: string;
  litres: string;
  amount: string;
  odometerKm: number;
  fullTank: boolean;
  station: string;
  fuelCard: string;
  driverId: number | null;
  driverName: string | null;
  notes: string;
  km: number | null;
  litresSince: string | null;
  kmPerLitre: string | null;
  outlier: boolean;
  bandMin: string;
  bandMax: string;
  cfdiUuid: string | null;
  cfdiEmisorRfc: string | null;
  cfdiEmisorName: string | null;
  cfdiFile: AttachmentRow | null;
  files: AttachmentRow[];
  odometerReadingId: number | null;
  cfdiUploadId: string | null;
  createdByName: string | null;
  createdAt: Date;
};

const select = sql`select f.id, f.vehicle_id as "vehicleId", v.economic_number as "economicNumber", v.plate, v.vehicle_type as "vehicleType",
    f.loaded_on::text as "loadedOn", f.litres::text as litres, f.amount::text as amount, f.odometer_km as "odometerKm", f.full_tank as "fullTank",
    f.station, f.fuel_card as "fuelCard", f.driver_id as "driverId", ${driverName} as "driverName", f.notes,
    f.dist_km as km, f.litres_since::text as "litresSince", f.kml::text as "kmPerLitre", ${outlierSql} as outlier,
    f.band_min::text as "bandMin", f.band_max::text as "bandMax", f.cfdi_uuid as "cfdiUuid", f.cfdi_emisor_rfc as "cfdiEmisorRfc",
    f.cfdi_emisor_name as "cfdiEmisorName", ${attachmentJson('cu')} as "cfdiFile",
    coalesce((select json_agg(${attachmentJson('fu')} order by ff.id) from vp_fuel_load_files ff join uploads fu on fu.id = ff.upload_id where ff.fuel_load_id = f.id), '[]'::json) as files,
    f.odometer_reading_id as "odometerReadingId", f.cfdi_upload_id as "cfdiUploadId", u.name as "createdByName", f.created_at as "createdAt"`;

const FROM = sql`from fuel f join vp_vehicles v on v.id = f.vehicle_id left join rh_employees e on e.id = f.driver_id
  left join uploads cu on cu.id = f.cfdi_upload_id left join users u on u.id = f.created_by`;

export const FUEL_SORTS = ['loadedOn', 'economicNumber', 'litres', 'amount', 'odometerKm', 'kmPerLitre', 'station'] as const;
export type FuelSort = (typeof FUEL_SORTS)[number];
export type FuelFilter = { vehicleId: number | null; range: DateRange; outlier: boolean | null };

function conds(search: string | null, f: FuelFilter): SQL[] {
  const out: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    out.push(sql`(v.economic_number ilike ${p} or v.plate ilike ${p} or f.station ilike ${p} or f.fuel_card ilike ${p} or ${driverName} ilike ${p})`);
  }
  if (f.vehicleId) out.push(sql`f.vehicle_id = ${f.vehicleId}`);
  out.push(...withinDates(sql`f.loaded_on`, f.range));
  if (f.outlier === true) out.push(outlierSql);
  if (f.outlier === false) out.push(sql`not ${outlierSql}`);
  return out;
}

const normal = (r: FuelLoadRow): FuelLoadRow => ({ ...r, id: Number(r.id), vehicleId: Number(r.vehicleId), km: r.km === null ? null : Number(r.km), odometerReadingId: r.odometerReadingId === null ? null : Number(r.odometerReadingId) });

export async function listFuelLoads(ex: Executor, q: ListQuery<FuelSort>, f: FuelFilter) {
  const c = conds(q.search, f);
  const col = {
    loadedOn: sql`f.loaded_on`,
    economicNumber: sql`upper(v.economic_number)`,
    litres: sql`f.litres`,
    amount: sql`f.amount`,
    odometerKm: sql`f.odometer_km`,
    kmPerLitre: sql`f.kml`,
    station: sql`lower(f.station)`,
  }[q.sortBy];
  const cte = sql`with ${rated(f.vehicleId)}`;
  const [items, totals] = await Promise.all([
    queryRows<FuelLoadRow>(ex, sql`${cte} ${select} ${FROM} ${where(c)} ${orderBy(col, q.desc, sql`f.id`)} limit ${q.limit} offset ${q.offset}`),
    // The totals over every page; the vehicle and the driver are joined only for a search, the one condition that reads them.
    queryRows<{ loads: number; litres: string; amount: string; outliers: number }>(
      ex,
      sql`${cte} select count(*)::int as loads, coalesce(sum(f.litres), 0)::text as litres, coalesce(sum(f.amount), 0)::text as amount,
          count(*) filter (where ${outlierSql})::int as outliers
        from fuel f ${q.search ? sql`join vp_vehicles v on v.id = f.vehicle_id left join rh_employees e on e.id = f.driver_id` : sql``} ${where(c)}`,
    ),
  ]);
  const t = totals[0];
  return { items: items.map(normal), total: Number(t.loads), totals: { loads: Number(t.loads), litres: t.litres, amount: t.amount, outliers: Number(t.outliers) } };
}

export async function findFuelLoad(ex: Executor, id: number): Promise<FuelLoadRow | null> {
  const rows = await queryRows<FuelLoadRow>(ex, sql`with ${rated(null)} ${select} ${FROM} where f.id = ${id}`);
  return rows[0] ? normal(rows[0]) : null;
}

/** The load's own row (no km/l), locked with its vehicle by the caller. */
export async function fuelLoadRef(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; vehicleId: number; odometerReadingId: number | null; cfdiUploadId: string | null }>(
    ex,
    sql`select id, vehicle_id as "vehicleId", odometer_reading_id as "odometerReadingId", cfdi_upload_id as "cfdiUploadId" from vp_fuel_loads where id = ${id}`,
  );
  return rows[0] ? { ...rows[0], vehicleId: Number(rows[0].vehicleId), odometerReadingId: rows[0].odometerReadingId === null ? null : Number(rows[0].odometerReadingId) } : null;
}

export type FuelLoadValues = {
  vehicleId: number;
  loadedOn: string;
  litres: string;
  amount: string;
  odometerKm: number;
  fullTank: boolean;
  station: string;
  fuelCard: string;
  driverId: number | null;
  notes: string;
  odometerReadingId: number;
  cfdi: { uploadId: string; uuid: string; emisorRfc: string; emisorName: string } | null;
  createdBy: number | null;
};

export async function insertFuelLoad(ex: Executor, v: FuelLoadValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into vp_fuel_loads (vehicle_id, loaded_on, litres, amount, odometer_km, full_tank, station, fuel_card, driver_id, notes, odometer_reading_id,
        cfdi_upload_id, cfdi_uuid, cfdi_emisor_rfc, cfdi_emisor_name, created_by)
      values (${v.vehicleId}, ${v.loadedOn}, ${v.litres}, ${v.amount}, ${v.odometerKm}, ${v.fullTank}, ${v.station}, ${v.fuelCard}, ${v.driverId}, ${v.notes},
        ${v.odometerReadingId}, ${v.cfdi?.uploadId ?? null}, ${v.cfdi?.uuid ?? null}, ${v.cfdi?.emisorRfc ?? null}, ${v.cfdi?.emisorName ?? null}, ${v.createdBy})
      returning id`,
  );
  return Number(rows[0].id);
}

export async function insertFuelLoadFile(ex: Executor, fuelLoadId: number, uploadId: string) {
  await ex.execute(sql`insert into vp_fuel_load_files (fuel_load_id, upload_id) values (${fuelLoadId}, ${uploadId})`);
}

/** Removes a load with its files and its odometer reading; answers the upload ids to detach. */
export async function deleteFuelLoad(ex: Executor, id: number, readingId: number | null): Promise<string[]> {
  const files = await queryRows<{ uploadId: string }>(ex, sql`delete from vp_fuel_load_files where fuel_load_id = ${id} returning upload_id as "uploadId"`);
  await ex.execute(sql`delete from vp_fuel_loads where id = ${id}`);
  if (readingId !== null) await ex.execute(sql`delete from vp_odometer_readings where id = ${readingId} and source = 'combustible'`);
  return files.map((f) => f.uploadId);
}

/** The load that already registered this CFDI (any case), if any. */
export async function loadOfCfdi(ex: Executor, uuid: string): Promise<{ id: number; economicNumber: string; loadedOn: string } | null> {
  const rows = await queryRows<{ id: number; economicNumber: string; loadedOn: string }>(
    ex,
    sql`select f.id, v.economic_number as "economicNumber", f.loaded_on::text as "loadedOn" from vp_fuel_loads f join vp_vehicles v on v.id = f.vehicle_id
      where upper(f.cfdi_uuid) = upper(${uuid}) limit 1`,
  );
  return rows[0] ?? null;
}

// ---- a period's fuel per vehicle (reports, vehicle detail) ----------------------------------

export type FuelPeriodRow = { vehicleId: number; loads: number; litres: string; amount: string; kmMeasured: number; litresMeasured: string; outliers: number };

/**
 * Per vehicle, loads dated from `from` to `to`: count, litres, amount, the km
 * and litres of those with km/l (the period's km/l is their quotient) and the
 * atípicas. One vehicle when given.
 */
export async function fuelByVehicle(ex: Executor, from: string, to: string, vehicleId: number | null = null): Promise<FuelPeriodRow[]> {
  const rows = await queryRows<FuelPeriodRow>(
    ex,
    sql`with ${rated(vehicleId)}
      select f.vehicle_id as "vehicleId", count(*)::int as loads, sum(f.litres)::text as litres, sum(f.amount)::text as amount,
        coalesce(sum(f.dist_km) filter (where f.kml is not null), 0)::int as "kmMeasured",
        coalesce(sum(f.litres_since) filter (where f.kml is not null), 0)::text as "litresMeasured",
        count(*) filter (where ${outlierSql})::int as outliers
      from fuel f where f.loaded_on >= ${from}::date and f.loaded_on <= ${to}::date
      group by f.vehicle_id order by f.vehicle_id`,
  );
  return rows.map((r) => ({ ...r, vehicleId: Number(r.vehicleId), loads: Number(r.loads), kmMeasured: Number(r.kmMeasured), outliers: Number(r.outliers) }));
}

// ---- bands --------------------------------------------------------------------------------

export type FuelBandRow = { id: number; vehicleType: string; minKmPerLitre: string; maxKmPerLitre: string; vehicleCount: number; version: number };

const bandSelect = sql`select b.id, b.vehicle_type as "vehicleType", b.min_km_per_litre::text as "minKmPerLitre", b.max_km_per_litre::text as "maxKmPerLitre",
    (select count(*) from vp_vehicles v where b.vehicle_type = '' or lower(trim(v.vehicle_type)) = lower(b.vehicle_type))::int as "vehicleCount", b.version
  from vp_fuel_bands b`;

export const listBands = (ex: Executor) => queryRows<FuelBandRow>(ex, sql`${bandSelect} order by b.vehicle_type <> '', lower(b.vehicle_type), b.id`);
export const findBand = async (ex: Executor, id: number): Promise<FuelBandRow | null> => (await queryRows<FuelBandRow>(ex, sql`${bandSelect} where b.id = ${id}`))[0] ?? null;
export const bandTypeTaken = async (ex: Executor, vehicleType: string, exceptId?: number) =>
  (await queryRows<{ x: number }>(ex, sql`select 1 as x from vp_fuel_bands where lower(vehicle_type) = lower(${vehicleType}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`)).length > 0;

export async function insertBand(ex: Executor, v: { vehicleType: string; minKmPerLitre: string; maxKmPerLitre: string }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into vp_fuel_bands (vehicle_type, min_km_per_litre, max_km_per_litre) values (${v.vehicleType}, ${v.minKmPerLitre}, ${v.maxKmPerLitre}) returning id`,
  );
  return rows[0].id;
}

export async function updateBand(ex: Executor, id: number, version: number, v: { vehicleType: string; minKmPerLitre: string; maxKmPerLitre: string }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update vp_fuel_bands set vehicle_type = ${v.vehicleType}, min_km_per_litre = ${v.minKmPerLitre}, max_km_per_litre = ${v.maxKmPerLitre}, version = version + 1
      where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** Audit names of the records Combustible writes. */
export const fuelReferenceParts = {
  vehicle_fuel_load: (id: SQL) =>
    sql`(select json_build_object('name', v.economic_number || ' · ' || to_char(x.loaded_on, 'DD/MM/YYYY') || ' · ' || x.litres || ' L') from vp_fuel_loads x join vp_vehicles v on v.id = x.vehicle_id where x.id = ${id})`,
  vp_fuel_band: (id: SQL) => sql`(select json_build_object('name', case when x.vehicle_type = '' then 'General' else x.vehicle_type end) from vp_fuel_bands x where x.id = ${id})`,
};
