// Parque Vehicular tables: the catalogues (grupos, locaciones, document
// types), the vehicles with their documents, and the odometer log. The log is
// never decreasing: a reading is taken with the vehicle row locked, checked
// against its neighbours by date, and `vp_vehicles.odometer_km` caches the
// latest reading (what schedules and lists read).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uploads, users } from '../../db/tables';
import { rhEmployees } from '../rh/tables';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);

export const vpGroups = pgTable(
  'vp_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('vp_groups_name_uq').on(sql`lower(${t.name})`)],
);

export const vpLocations = pgTable(
  'vp_locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('vp_locations_name_uq').on(sql`lower(${t.name})`)],
);

export const vpDocumentTypes = pgTable(
  'vp_document_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    expires: boolean('expires').notNull().default(true),
    warningDays: integer('warning_days').notNull().default(30),
    active: boolean('active').notNull().default(true),
    /** The vehicle's insurance policy: the vehicle's own expiry (vp_vehicles.insurance_expires_on) counts until a document of this type is uploaded. At most one type. */
    isInsurancePolicy: boolean('is_insurance_policy').notNull().default(false),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('vp_document_types_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('vp_document_types_policy_uq').on(t.isInsurancePolicy).where(sql`${t.isInsurancePolicy}`),
    check('vp_document_types_warning_ck', sql`${t.warningDays} >= 0`),
  ],
);

export const VEHICLE_STATUSES = ['activo', 'en_taller', 'baja'] as const;
export const VEHICLE_FUELS = ['gasolina', 'diesel', 'gas_lp', 'electrico', 'hibrido'] as const;

export const vpVehicles = pgTable(
  'vp_vehicles',
  {
    id: serial('id').primaryKey(),
    /** Número económico: the fleet's own number, unique regardless of case. */
    economicNumber: text('economic_number').notNull(),
    plate: text('plate').notNull().default(''),
    vin: text('vin').notNull().default(''),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    fuel: text('fuel').notNull(),
    groupId: integer('group_id').references(() => vpGroups.id),
    locationId: integer('location_id').references(() => vpLocations.id),
    driverId: integer('driver_id').references(() => rhEmployees.id),
    status: text('status').notNull().default('activo'),
    insurancePolicy: text('insurance_policy').notNull().default(''),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    acquisitionCost: money('acquisition_cost'),
    acquisitionDate: date('acquisition_date', { mode: 'string' }),
    photoUploadId: uuid('photo_upload_id').references(() => uploads.id),
    /** The latest odometer reading (km) and its date: a cache of vp_odometer_readings kept in the same transaction. */
    odometerKm: integer('odometer_km').notNull().default(0),
    odometerDate: date('odometer_date', { mode: 'string' }),
    retiredOn: date('retired_on', { mode: 'string' }),
    retiredReason: text('retired_reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('vp_vehicles_economic_number_uq').on(sql`upper(${t.economicNumber})`),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('vp_vehicles_economic_number_list_idx').on(sql`upper(${t.economicNumber}) nulls first`, t.id),
    uniqueIndex('vp_vehicles_plate_uq').on(sql`upper(${t.plate})`).where(sql`${t.plate} <> '' and ${t.status} <> 'baja'`),
    index('vp_vehicles_status_idx').on(t.status),
    index('vp_vehicles_group_idx').on(t.groupId),
    index('vp_vehicles_location_idx').on(t.locationId),
    index('vp_vehicles_driver_idx').on(t.driverId),
    check('vp_vehicles_status_ck', sql`${t.status} in ('activo', 'en_taller', 'baja')`),
    check('vp_vehicles_odometer_ck', sql`${t.odometerKm} >= 0`),
    check('vp_vehicles_year_ck', sql`${t.year} between 1950 and 2100`),
  ],
);

export const vpVehicleDocuments = pgTable(
  'vp_vehicle_documents',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id').notNull().references(() => vpVehicles.id),
    documentTypeId: integer('document_type_id').notNull().references(() => vpDocumentTypes.id),
    uploadId: uuid('upload_id').notNull().references(() => uploads.id),
    expiresOn: date('expires_on', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('vp_vehicle_documents_vehicle_idx').on(t.vehicleId, t.documentTypeId, t.id), index('vp_vehicle_documents_expiry_idx').on(t.expiresOn)],
);

export const ODOMETER_SOURCES = ['manual', 'orden', 'combustible'] as const;

export const vpOdometerReadings = pgTable(
  'vp_odometer_readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vehicleId: integer('vehicle_id').notNull().references(() => vpVehicles.id),
    readOn: date('read_on', { mode: 'string' }).notNull(),
    km: integer('km').notNull(),
    /** manual (captured), orden (odometer in of a maintenance order), combustible (fuel load). */
    source: text('source').notNull().default('manual'),
    /** Folio or id of the document that brought the reading (the maintenance order), when there is one. */
    sourceReference: text('source_reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('vp_odometer_vehicle_idx').on(t.vehicleId, t.readOn, t.km),
    check('vp_odometer_km_ck', sql`${t.km} >= 0`),
    check('vp_odometer_source_ck', sql`${t.source} in ('manual', 'orden', 'combustible')`),
  ],
);

/**
 * Cargas de combustible (issue 28): litres (3 decimals), amount (money), the
 * odometer (recorded in vp_odometer_readings with source 'combustible' in the
 * same transaction, the vehicle row locked), full tank or not, station, fuel
 * card, driver and the station's CFDI when there is one (read by the platform's
 * supplier-CFDI intake; its total equals the amount). Its km/l (full-tank
 * method: km and litres since the previous full load) is kept by the database
 * (migration 0063: a trigger recomputes the vehicle's loads whenever one of
 * them is written), so a list page does not run the window over every load.
 */
export const vpFuelLoads = pgTable(
  'vp_fuel_loads',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id').notNull().references(() => vpVehicles.id),
    loadedOn: date('loaded_on', { mode: 'string' }).notNull(),
    litres: numeric('litres', { precision: 12, scale: 3 }).notNull(),
    amount: money('amount').notNull(),
    odometerKm: integer('odometer_km').notNull(),
    fullTank: boolean('full_tank').notNull().default(true),
    station: text('station').notNull().default(''),
    fuelCard: text('fuel_card').notNull().default(''),
    driverId: integer('driver_id').references(() => rhEmployees.id),
    notes: text('notes').notNull().default(''),
    /** The reading this load wrote to the odometer log. */
    odometerReadingId: bigint('odometer_reading_id', { mode: 'number' }).references(() => vpOdometerReadings.id),
    cfdiUploadId: uuid('cfdi_upload_id').references(() => uploads.id),
    cfdiUuid: text('cfdi_uuid'),
    cfdiEmisorRfc: text('cfdi_emisor_rfc'),
    cfdiEmisorName: text('cfdi_emisor_name'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** Kept by the trigger of migration 0063: km since the previous full load (full loads after the first). */
    distKm: integer('dist_km'),
    /** Kept by the trigger: litres since the previous full load, this one included. */
    litresSince: numeric('litres_since'),
    /** Kept by the trigger: dist_km ÷ litres_since, 3 decimals. */
    kml: numeric('kml'),
  },
  (t) => [
    index('vp_fuel_loads_vehicle_idx').on(t.vehicleId, t.odometerKm, t.loadedOn, t.id),
    // The list's default order (newest first), as orderBy (server/lib/list.ts) sorts it.
    index('vp_fuel_loads_date_list_idx').on(sql`${t.loadedOn} nulls first`, t.id),
    uniqueIndex('vp_fuel_loads_cfdi_uq').on(sql`upper(${t.cfdiUuid})`).where(sql`${t.cfdiUuid} is not null`),
    check('vp_fuel_loads_litres_ck', sql`${t.litres} > 0`),
    check('vp_fuel_loads_amount_ck', sql`${t.amount} > 0`),
    check('vp_fuel_loads_odometer_ck', sql`${t.odometerKm} >= 0`),
  ],
);

/** Tickets and photos of a load (the CFDI XML is cfdi_upload_id). */
export const vpFuelLoadFiles = pgTable(
  'vp_fuel_load_files',
  {
    id: serial('id').primaryKey(),
    fuelLoadId: integer('fuel_load_id').notNull().references(() => vpFuelLoads.id),
    uploadId: uuid('upload_id').notNull().references(() => uploads.id),
    createdAt: createdAt(),
  },
  (t) => [index('vp_fuel_load_files_load_idx').on(t.fuelLoadId, t.id)],
);

/**
 * The km/l band outside which a load is «atípica»: one row per vehicle type
 * (as vp_vehicles.vehicle_type, any case), and the general row (vehicle_type
 * '') for types without one. seedBase writes the general row.
 */
export const vpFuelBands = pgTable(
  'vp_fuel_bands',
  {
    id: serial('id').primaryKey(),
    vehicleType: text('vehicle_type').notNull(),
    minKmPerLitre: numeric('min_km_per_litre', { precision: 8, scale: 3 }).notNull(),
    maxKmPerLitre: numeric('max_km_per_litre', { precision: 8, scale: 3 }).notNull(),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('vp_fuel_bands_type_uq').on(sql`lower(${t.vehicleType})`), check('vp_fuel_bands_ck', sql`${t.minKmPerLitre} >= 0 and ${t.maxKmPerLitre} > ${t.minKmPerLitre}`)],
);
