// Parque Vehicular SQL. (Foundation: the odometer log and vehicle status that
// Mantenimiento uses through service.ts; the screens' queries join here.)
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../lib/list';
import { attachmentJson, type AttachmentRow } from '../../lib/attachments';
import { moneyGroups, type MoneyGroupPage } from '../../lib/moneyGroups';
import { recordDocumentStore, type LatestDocumentRow, type StoredRecordDocument } from '../../lib/recordDocuments';
import { DEFAULT_DOC_DAYS } from '../../../schema/vehicle-park/reports';

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

// ---- vehicles --------------------------------------------------------------------------------

export type VehicleStatus = 'activo' | 'en_taller' | 'baja';

export type VehicleRow = {
  id: number;
  economicNumber: string;
  plate: string;
  vin: string;
  brand: string;
  model: string;
  year: number;
  vehicleType: string;
  fuel: string;
  groupId: number | null;
  groupName: string | null;
  locationId: number | null;
  locationName: string | null;
  driverId: number | null;
  driverName: string | null;
  driverNumber: string | null;
  status: VehicleStatus;
  retiredOn: string | null;
  retiredReason: string;
  insurancePolicy: string;
  insuranceExpiresOn: string | null;
  acquisitionCost: string | null;
  acquisitionDate: string | null;
  photoUploadId: string | null;
  photo: AttachmentRow | null;
  odometerKm: number;
  odometerDate: string | null;
  notes: string;
  documentAlerts: number;
  documentsDueSoon: number;
  version: number;
};

/** The latest upload of each (vehicle, type): what the document state is read from. */
const latestDoc = (vehicle: SQL, type: SQL) =>
  sql`(select d.id, d.expires_on from vp_vehicle_documents d where d.vehicle_id = ${vehicle} and d.document_type_id = ${type} order by d.id desc limit 1)`;

/** The insurance policy's document type: the one flagged is_insurance_policy (at most one; the demo's «Póliza de seguro»). */
const isPolicyType = (type: SQL) => sql`${type}.is_insurance_policy`;

/**
 * The vehicle's own policy expiry (insurance_expires_on) stands for the policy
 * while no document of an active policy type is uploaded: once one is, the
 * document (whose expiry the form keeps in step) is what counts, so the policy
 * is never counted twice.
 */
export const insuranceWithoutDocument = (vehicle: SQL) => sql`(${vehicle}.insurance_expires_on is not null and not exists (select 1 from vp_vehicle_documents pd
    join vp_document_types pt on pt.id = pd.document_type_id where pd.vehicle_id = ${vehicle}.id and pt.active and ${isPolicyType(sql`pt`)}))`;

/** Warning days of the policy: those of the active policy type, or the report's default look-ahead without one. */
const policyWarningDays = sql`coalesce((select max(pt.warning_days) from vp_document_types pt where pt.active and ${isPolicyType(sql`pt`)}), ${DEFAULT_DOC_DAYS})`;

/**
 * Active types whose latest upload is expired on `today`, or missing when the
 * type is required (same rule as schema documentState); plus the vehicle's
 * policy expiry when it has passed and no policy document stands for it
 * (unless a required policy type already counts it as missing).
 */
const alertCount = (today: string) => sql`((select count(*) from vp_document_types t left join lateral ${latestDoc(sql`v.id`, sql`t.id`)} l on true
    where t.active and ((t.required and l.id is null) or (t.expires and l.expires_on < ${today}::date)))
  + case when ${insuranceWithoutDocument(sql`v`)} and v.insurance_expires_on < ${today}::date
      and not exists (select 1 from vp_document_types pt where pt.active and pt.required and ${isPolicyType(sql`pt`)}) then 1 else 0 end)::int`;

/** Active types whose latest upload falls due from today to its warning days (por vencer); plus the vehicle's policy expiry, as above. */
const dueSoonCount = (today: string) => sql`((select count(*) from vp_document_types t join lateral ${latestDoc(sql`v.id`, sql`t.id`)} l on true
    where t.active and t.expires and l.expires_on >= ${today}::date and l.expires_on <= ${today}::date + t.warning_days)
  + case when ${insuranceWithoutDocument(sql`v`)} and v.insurance_expires_on >= ${today}::date
      and v.insurance_expires_on <= ${today}::date + ${policyWarningDays} then 1 else 0 end)::int`;

const driverName = sql`replace(trim(e.last_name || ' ' || e.second_last_name || ' ' || e.names), '  ', ' ')`;

const vehicleSelect = (today: string) => sql`select v.id, v.economic_number as "economicNumber", v.plate, v.vin, v.brand, v.model, v.year,
    v.vehicle_type as "vehicleType", v.fuel, v.group_id as "groupId", g.name as "groupName", v.location_id as "locationId", l.name as "locationName",
    v.driver_id as "driverId", ${driverName} as "driverName", e.number as "driverNumber", v.status, v.retired_on::text as "retiredOn",
    v.retired_reason as "retiredReason", v.insurance_policy as "insurancePolicy", v.insurance_expires_on::text as "insuranceExpiresOn",
    v.acquisition_cost::text as "acquisitionCost", v.acquisition_date::text as "acquisitionDate", v.photo_upload_id as "photoUploadId",
    ${attachmentJson('ph')} as photo, v.odometer_km as "odometerKm", v.odometer_date::text as "odometerDate", v.notes,
    case when v.status = 'baja' then 0 else ${alertCount(today)} end as "documentAlerts",
    case when v.status = 'baja' then 0 else ${dueSoonCount(today)} end as "documentsDueSoon", v.version
  from vp_vehicles v left join vp_groups g on g.id = v.group_id left join vp_locations l on l.id = v.location_id
  left join rh_employees e on e.id = v.driver_id left join uploads ph on ph.id = v.photo_upload_id`;

export const VEHICLE_SORTS = ['economicNumber', 'plate', 'brand', 'year', 'groupName', 'locationName', 'driverName', 'status', 'odometerKm'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

export type VehicleFilter = { status: string | null; groupId: number | null; locationId: number | null; driverId: number | null; documentAlerts: boolean | null; range?: DateRange };

export async function findVehicle(ex: Executor, id: number, today: string): Promise<VehicleRow | null> {
  const rows = await queryRows<VehicleRow>(ex, sql`${vehicleSelect(today)} where v.id = ${id}`);
  return rows[0] ?? null;
}

const VEHICLE_FROM = sql`from vp_vehicles v left join vp_groups g on g.id = v.group_id left join vp_locations l on l.id = v.location_id
  left join rh_employees e on e.id = v.driver_id`;

/** The list's search and filter over VEHICLE_FROM: the list and its groups read the same rows. */
function vehicleConds(search: string | null, f: VehicleFilter, today: string): SQL[] {
  const conds: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(v.economic_number ilike ${p} or v.plate ilike ${p} or v.vin ilike ${p} or v.brand ilike ${p} or v.model ilike ${p}
      or (v.brand || ' ' || v.model) ilike ${p} or ${driverName} ilike ${p})`);
  }
  if (f.status) conds.push(sql`v.status = ${f.status}`);
  if (f.groupId) conds.push(sql`v.group_id = ${f.groupId}`);
  if (f.locationId) conds.push(sql`v.location_id = ${f.locationId}`);
  if (f.driverId) conds.push(sql`v.driver_id = ${f.driverId}`);
  if (f.range) conds.push(...withinDates(sql`v.acquisition_date`, f.range));
  if (f.documentAlerts === true) conds.push(sql`v.status <> 'baja' and (${alertCount(today)} > 0 or ${dueSoonCount(today)} > 0)`);
  if (f.documentAlerts === false) conds.push(sql`not (v.status <> 'baja' and (${alertCount(today)} > 0 or ${dueSoonCount(today)} > 0))`);
  return conds;
}

export async function listVehicles(ex: Executor, q: ListQuery<VehicleSort>, f: VehicleFilter, today: string) {
  const conds = vehicleConds(q.search, f, today);
  const col = {
    economicNumber: sql`upper(v.economic_number)`,
    plate: sql`upper(v.plate)`,
    brand: sql`lower(v.brand || ' ' || v.model)`,
    year: sql`v.year`,
    groupName: sql`lower(g.name)`,
    locationName: sql`lower(l.name)`,
    driverName: sql`lower(${driverName})`,
    status: sql`v.status`,
    odometerKm: sql`v.odometer_km`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<VehicleRow>(ex, sql`${vehicleSelect(today)} ${where(conds)} ${orderBy(col, q.desc, sql`v.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${VEHICLE_FROM} ${where(conds)}`),
  ]);
  return { items, total: Number(totals[0].n) };
}

export type VehicleGroupBy = 'STATUS' | 'GROUP' | 'LOCATION';

/**
 * Vehicles of the list (same search and filter) counted by estado, grupo or locación; status labels are the service's.
 * A vehicle without group or location falls in the group of key "" ("Sin grupo", "Sin locación").
 */
export function vehicleGroups(ex: Executor, groupBy: VehicleGroupBy, q: ListQuery<string>, f: VehicleFilter, today: string, none: { group: string; location: string }): Promise<MoneyGroupPage> {
  const key = { STATUS: sql`v.status`, GROUP: sql`coalesce(v.group_id::text, '')`, LOCATION: sql`coalesce(v.location_id::text, '')` }[groupBy];
  const label = { STATUS: sql`v.status::text`, GROUP: sql`coalesce(g.name, ${none.group})`, LOCATION: sql`coalesce(l.name, ${none.location})` }[groupBy];
  return moneyGroups(ex, { from: VEHICLE_FROM, where: where(vehicleConds(q.search, f, today)), key, label, order: groupBy === 'STATUS' ? 'keyAsc' : 'countDesc' }, q);
}

export type VehicleOptionRow = { id: number; economicNumber: string; plate: string; brand: string; model: string; status: VehicleStatus; odometerKm: number };

/** Vehicles not in baja (and not en taller unless asked), by número económico, plates, brand or model. */
export async function vehicleOptions(ex: Executor, search: string | null, limit: number, includeInShop: boolean): Promise<VehicleOptionRow[]> {
  const p = search ? likePattern(search) : null;
  return queryRows<VehicleOptionRow>(
    ex,
    sql`select v.id, v.economic_number as "economicNumber", v.plate, v.brand, v.model, v.status, v.odometer_km as "odometerKm"
      from vp_vehicles v
      where ${includeInShop ? sql`v.status <> 'baja'` : sql`v.status = 'activo'`}
        ${p ? sql`and (v.economic_number ilike ${p} or v.plate ilike ${p} or v.brand ilike ${p} or v.model ilike ${p} or (v.brand || ' ' || v.model) ilike ${p})` : sql``}
      order by upper(v.economic_number), v.id limit ${limit}`,
  );
}

/** Vehicles (other than `exceptId`) using this número económico (any case) or these plates (among those not in baja). */
export async function takenIdentity(ex: Executor, economicNumber: string, plate: string, exceptId?: number) {
  return queryRows<{ id: number; economicNumber: string; plate: string }>(
    ex,
    sql`select id, upper(economic_number) as "economicNumber", upper(plate) as plate from vp_vehicles
      where (upper(economic_number) = ${economicNumber.toUpperCase()} or (${plate} <> '' and upper(plate) = ${plate.toUpperCase()} and status <> 'baja'))
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
}

export type VehicleValues = {
  economicNumber: string;
  plate: string;
  vin: string;
  brand: string;
  model: string;
  year: number;
  vehicleType: string;
  fuel: string;
  groupId: number | null;
  locationId: number | null;
  driverId: number | null;
  insurancePolicy: string;
  insuranceExpiresOn: string | null;
  acquisitionCost: string | null;
  acquisitionDate: string | null;
  notes: string;
};

export async function insertVehicle(ex: Executor, v: VehicleValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into vp_vehicles (economic_number, plate, vin, brand, model, year, vehicle_type, fuel, group_id, location_id, driver_id,
        insurance_policy, insurance_expires_on, acquisition_cost, acquisition_date, notes)
      values (${v.economicNumber}, ${v.plate}, ${v.vin}, ${v.brand}, ${v.model}, ${v.year}, ${v.vehicleType}, ${v.fuel}, ${v.groupId}, ${v.locationId},
        ${v.driverId}, ${v.insurancePolicy}, ${v.insuranceExpiresOn}, ${v.acquisitionCost}, ${v.acquisitionDate}, ${v.notes}) returning id`,
  );
  return rows[0].id;
}

export async function updateVehicle(ex: Executor, id: number, version: number, v: VehicleValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update vp_vehicles set economic_number = ${v.economicNumber}, plate = ${v.plate}, vin = ${v.vin}, brand = ${v.brand}, model = ${v.model},
        year = ${v.year}, vehicle_type = ${v.vehicleType}, fuel = ${v.fuel}, group_id = ${v.groupId}, location_id = ${v.locationId},
        driver_id = ${v.driverId}, insurance_policy = ${v.insurancePolicy}, insurance_expires_on = ${v.insuranceExpiresOn},
        acquisition_cost = ${v.acquisitionCost}, acquisition_date = ${v.acquisitionDate}, notes = ${v.notes}, version = version + 1
      where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

export async function retireVehicle(ex: Executor, id: number, version: number, date: string, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    // A vehicle de baja has no driver: the employee is free to be given another one.
    sql`update vp_vehicles set status = 'baja', retired_on = ${date}, retired_reason = ${reason}, driver_id = null, version = version + 1
      where id = ${id} and version = ${version} and status <> 'baja' returning id`,
  );
  return rows.length === 1;
}

export async function reactivateVehicle(ex: Executor, id: number, version: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update vp_vehicles set status = 'activo', retired_on = null, retired_reason = '', version = version + 1
      where id = ${id} and version = ${version} and status = 'baja' returning id`,
  );
  return rows.length === 1;
}

export async function setVehiclePhoto(ex: Executor, id: number, uploadId: string): Promise<void> {
  await ex.execute(sql`update vp_vehicles set photo_upload_id = ${uploadId}, version = version + 1 where id = ${id}`);
}

// ---- odometer log ----------------------------------------------------------------------------

export type OdometerRow = { id: number; vehicleId: number; readOn: string; km: number; source: 'manual' | 'orden' | 'combustible'; sourceReference: string; notes: string; recordedByName: string | null; recordedAt: Date };

export async function odometerReadings(ex: Executor, vehicleId: number): Promise<OdometerRow[]> {
  return queryRows<OdometerRow>(
    ex,
    sql`select r.id, r.vehicle_id as "vehicleId", r.read_on::text as "readOn", r.km, r.source, r.source_reference as "sourceReference", r.notes,
        u.name as "recordedByName", r.created_at as "recordedAt"
      from vp_odometer_readings r left join users u on u.id = r.recorded_by
      where r.vehicle_id = ${vehicleId} order by r.read_on desc, r.km desc, r.id desc`,
  );
}

// ---- documents -------------------------------------------------------------------------------

export type DocumentTypeRef = { id: number; name: string; required: boolean; expires: boolean; warningDays: number; active: boolean };

export async function findDocumentTypeRef(ex: Executor, id: number): Promise<DocumentTypeRef | null> {
  const rows = await queryRows<DocumentTypeRef>(ex, sql`select id, name, required, expires, warning_days as "warningDays", active from vp_document_types where id = ${id}`);
  return rows[0] ?? null;
}

export type VehicleDocumentRow = Omit<LatestDocumentRow, 'ownerId'> & { vehicleId: number };

const documents = recordDocumentStore({ owners: 'vp_vehicles', documents: 'vp_vehicle_documents', types: 'vp_document_types', ownerColumn: 'vehicle_id' });

/** One row per active document type (and per inactive type the vehicle has a file of), with the latest upload. */
export async function documentsOf(ex: Executor, vehicleIds: number[]): Promise<VehicleDocumentRow[]> {
  return (await documents.latestPerType(ex, vehicleIds)).map(({ ownerId, ...row }) => ({ vehicleId: ownerId, ...row }));
}

export const insertDocument = (ex: Executor, v: { vehicleId: number; documentTypeId: number; uploadId: string; expiresOn: string | null; notes: string; createdBy: number | null }) => {
  const { vehicleId, ...rest } = v;
  return documents.insert(ex, { ownerId: vehicleId, ...rest });
};

export type StoredDocument = Omit<StoredRecordDocument, 'ownerId'> & { vehicleId: number };

export async function findDocument(ex: Executor, id: number): Promise<StoredDocument | null> {
  const d = await documents.find(ex, id);
  if (!d) return null;
  const { ownerId, ...rest } = d;
  return { vehicleId: ownerId, ...rest };
}

export const deleteDocument = (ex: Executor, id: number) => documents.remove(ex, id);

/**
 * Vehicles not in baja whose documents need attention (the Tablero's card and
 * the list's "Con alertas de documentos" filter share the predicates): those
 * with a document expired, due within its warning days, or required and
 * missing; and of them, those with one expired or missing.
 */
/** Tablero: vehicles in service with document alerts (as the Vehículos filter counts them), as json { withAlerts, expiredOrMissing }. */
export function documentAlertSummarySql(today: string): SQL {
  return sql`(select json_build_object(
                'withAlerts', count(*) filter (where ${alertCount(today)} > 0 or ${dueSoonCount(today)} > 0),
                'expiredOrMissing', count(*) filter (where ${alertCount(today)} > 0))
              from vp_vehicles v where v.status <> 'baja')`;
}

// ---- references checked when saving a vehicle -------------------------------------------------

export async function findGroupRef(ex: Executor, id: number) {
  return (await queryRows<{ id: number; name: string; active: boolean }>(ex, sql`select id, name, active from vp_groups where id = ${id}`))[0] ?? null;
}
export async function findLocationRef(ex: Executor, id: number) {
  return (await queryRows<{ id: number; name: string; active: boolean }>(ex, sql`select id, name, active from vp_locations where id = ${id}`))[0] ?? null;
}
/**
 * The employee chosen as driver, locked for share: an employee's baja (which
 * locks them for update, then frees their vehicles) waits for this save, or
 * this save sees them in baja. Taken before the vehicle row, as the baja does.
 */
export async function findDriverRef(ex: Executor, id: number) {
  return (await queryRows<{ id: number; number: string; status: string }>(ex, sql`select id, number, status from rh_employees where id = ${id} for share`))[0] ?? null;
}

/** Frees the vehicles an employee drives (their baja); answers each vehicle with the driver it had, for its audit entry. */
export async function releaseDriver(ex: Executor, employeeId: number) {
  return queryRows<{ id: number; economicNumber: string; version: number }>(
    ex,
    sql`update vp_vehicles set driver_id = null, version = version + 1 where driver_id = ${employeeId}
      returning id, economic_number as "economicNumber", version`,
  );
}

// ---- what Parque Vehicular contributes to the platform (./contributions) ----

/** The folio or name parts of Parque Vehicular's audited records. */
export const referenceParts = {
  vehicle: (id: SQL) => sql`(select json_build_object('name', x.economic_number || case when x.plate <> '' then ' · ' || x.plate else '' end) from vp_vehicles x where x.id = ${id})`,
  vehicle_odometer: (id: SQL) => sql`(select json_build_object('name', v.economic_number || ' · ' || x.km || ' km') from vp_odometer_readings x join vp_vehicles v on v.id = x.vehicle_id where x.id = ${id})`,
};
