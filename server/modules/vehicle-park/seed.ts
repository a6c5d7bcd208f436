// Parque Vehicular demo data (runs after Recursos Humanos' employees, whose
// active staff are the drivers): 3 groups, 4 locations, 4 document types,
// 25 vehicles with valid VINs (check digit computed; one non-North-American
// VIN keeps a wrong one to show the warning), six monthly odometer readings
// each, statuses activo / en taller / baja, and documents in every state
// (vigente, por vencer, vencido, faltante) as small PDFs written through the
// storage layer. A handful of multi-row inserts: it runs in every API test.
import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import { queryRows, type Db } from '../../db/database';
import { storageFor } from '../../lib/attachments';
import { pdfBytes } from '../../lib/demoFiles';
import { addDays, todayMx } from '../../../schema/dates';
import { withCheckDigit } from '../../../schema/vehicle-park/vin';

const GROUPS: [string, string][] = [
  ['Reparto', 'Unidades de entrega y reparto urbano'],
  ['Utilitarios', 'Vehículos de supervisión y servicio'],
  ['Carga pesada', 'Camiones y tractocamiones'],
];
const LOCATIONS: [string, string][] = [
  ['Matriz Querétaro', 'Av. 5 de Febrero 1200, Querétaro, Qro.'],
  ['Patio San Juan del Río', 'Carretera 57 km 168, San Juan del Río, Qro.'],
  ['Sucursal Celaya', 'Blvd. Adolfo López Mateos 450, Celaya, Gto.'],
  ['Obra Aeropuerto', 'Carretera Estatal 200 km 22, Colón, Qro.'],
];
/** name, required, expires, warning days, the vehicle's insurance policy. */
const DOC_TYPES: [string, boolean, boolean, number, boolean][] = [
  ['Tarjeta de circulación', true, true, 30, false],
  ['Póliza de seguro', true, true, 30, true],
  ['Verificación vehicular', true, true, 15, false],
  ['Permiso SCT', false, true, 45, false],
];
/** brand, model, type, fuel, WMI, VDS (5), group index, heavy. */
const MODELS: [string, string, string, string, string, string, number, boolean][] = [
  ['Nissan', 'NP300 Estacas', 'Pick-up', 'gasolina', '3N6', 'CD31B', 0, false],
  ['Nissan', 'Versa', 'Sedán', 'gasolina', '3N1', 'CN8AP', 1, false],
  ['Chevrolet', 'Aveo', 'Sedán', 'gasolina', '3G1', 'TB5CF', 1, false],
  ['Ford', 'F-350 Super Duty', 'Camión', 'diesel', '1FD', 'RF3G6', 2, true],
  ['Chevrolet', 'Silverado 2500', 'Pick-up', 'gasolina', '3GC', 'UY9EJ', 0, false],
  ['Freightliner', 'Cascadia', 'Tractocamión', 'diesel', '3AK', 'JHHDR', 2, true],
  ['Toyota', 'Hilux', 'Pick-up', 'diesel', 'MR0', 'HA3CD', 1, false],
  ['Volkswagen', 'Crafter', 'Van', 'diesel', 'WV1', 'ZZZSY', 0, false],
  ['Isuzu', 'ELF 400', 'Camión', 'diesel', 'JAL', 'C7W16', 2, true],
  ['Kia', 'Rio', 'Sedán', 'gasolina', '3KP', 'A24AD', 1, false],
];
const YEAR_CODE: Record<number, string> = { 2015: 'F', 2016: 'G', 2017: 'H', 2018: 'J', 2019: 'K', 2020: 'L', 2021: 'M', 2022: 'N', 2023: 'P', 2024: 'R', 2025: 'S', 2026: 'T' };

export const VEHICLE_COUNT = 25;

const values = (rows: SQL[][]): SQL => sql.join(rows.map((r) => sql`(${sql.join(r, sql`, `)})`), sql`, `);
const v = (x: unknown): SQL => sql`${x}`;

export async function seedVehicleParkDemo(db: Db, ctx: { adminUserId: number; config?: Config }): Promise<void> {
  const today = todayMx();
  const thisYear = Number(today.slice(0, 4));
  const files: { key: string; bytes: Buffer }[] = [];
  await db.transaction(async (tx) => {
    const groupIds = (await queryRows<{ id: number }>(tx, sql`insert into vp_groups (name, description) values ${values(GROUPS.map(([n, d]) => [v(n), v(d)]))} returning id`)).map((r) => r.id);
    const locationIds = (await queryRows<{ id: number }>(tx, sql`insert into vp_locations (name, address) values ${values(LOCATIONS.map(([n, a]) => [v(n), v(a)]))} returning id`)).map((r) => r.id);
    const typeIds = (
      await queryRows<{ id: number }>(
        tx,
        sql`insert into vp_document_types (name, required, expires, warning_days, is_insurance_policy) values ${values(DOC_TYPES.map(([n, r, e, w, p]) => [v(n), v(r), v(e), v(w), v(p)]))} returning id`,
      )
    ).map((r) => r.id);
    const drivers = (await queryRows<{ id: number }>(tx, sql`select id from rh_employees where status = 'activo' order by id limit 20`)).map((r) => r.id);

    const vehicles = Array.from({ length: VEHICLE_COUNT }, (_, i) => {
      const [brand, model, vehicleType, fuel, wmi, vds, group, heavy] = MODELS[i % MODELS.length];
      const year = Math.max(2015, Math.min(thisYear, 2016 + ((i * 7) % 10)));
      const serial = String(100000 + ((i * 7919) % 900000));
      let vin = withCheckDigit(`${wmi}${vds}0${YEAR_CODE[year] ?? 'S'}${'ABCDEFGH'[i % 8]}${serial}`);
      // One imported unit keeps a wrong check digit: accepted with a warning (not North-American).
      if (i === 6) vin = `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;
      const status = i === 22 || i === 24 ? 'baja' : i % 8 === 5 ? 'en_taller' : 'activo';
      const acquisitionDate = `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 3) % 27)).padStart(2, '0')}`;
      return {
        economicNumber: `ECO-${String(i + 1).padStart(3, '0')}`,
        plate: `${'QRSTUVW'[i % 7]}${'ABCDEFGHJK'[(i * 3) % 10]}${'LMNPRSTUVW'[(i * 7) % 10]}-${String(100 + i * 37).slice(-3)}-${String.fromCharCode(65 + (i % 20))}`,
        vin,
        brand,
        model,
        year,
        vehicleType,
        fuel,
        groupId: groupIds[group],
        locationId: locationIds[i % locationIds.length],
        driverId: status === 'baja' || i % 6 === 4 ? null : (drivers[i % Math.max(1, drivers.length)] ?? null),
        status,
        heavy,
        insurancePolicy: `POL-${String(880000 + i * 131)}`,
        insuranceExpiresOn: i % 8 === 0 ? addDays(today, -(10 + i)) : i % 8 === 3 ? addDays(today, 12) : addDays(today, 120 + i * 9),
        acquisitionCost: (heavy ? 1_450_000 + i * 35_750 : 289_900 + i * 12_345.5).toFixed(2),
        acquisitionDate: acquisitionDate > today ? `${year}-01-01` : acquisitionDate,
        retiredOn: status === 'baja' ? addDays(today, -(40 + i)) : null,
        retiredReason: status === 'baja' ? (i === 22 ? 'Pérdida total por siniestro' : 'Vendido al término de su vida útil') : '',
        baseKm: 8_000 + ((i * 15_731) % 140_000) * (heavy ? 3 : 1),
        monthlyKm: heavy ? 6_500 + (i % 5) * 700 : 1_200 + (i % 7) * 260,
      };
    });
    const ids = (
      await queryRows<{ id: number }>(
        tx,
        sql`insert into vp_vehicles (economic_number, plate, vin, brand, model, year, vehicle_type, fuel, group_id, location_id, driver_id, status,
            insurance_policy, insurance_expires_on, acquisition_cost, acquisition_date, retired_on, retired_reason)
          values ${values(
            vehicles.map((x) => [
              v(x.economicNumber), v(x.plate), v(x.vin), v(x.brand), v(x.model), v(x.year), v(x.vehicleType), v(x.fuel), v(x.groupId), v(x.locationId),
              v(x.driverId), v(x.status), v(x.insurancePolicy), v(x.insuranceExpiresOn), v(x.acquisitionCost), v(x.acquisitionDate), v(x.retiredOn), v(x.retiredReason),
            ]),
          )} returning id`,
      )
    ).map((r) => r.id);

    // Six readings a month apart, the last within the past week (before the baja for retired units).
    const readings: SQL[][] = [];
    vehicles.forEach((x, i) => {
      const last = x.retiredOn ? addDays(x.retiredOn, -3) : addDays(today, -(i % 6));
      for (let k = 0; k < 6; k++) {
        const readOn = addDays(last, -30 * (5 - k));
        const km = x.baseKm + k * x.monthlyKm + ((i * 37 + k * 11) % 90);
        const source = k === 2 ? 'combustible' : 'manual';
        readings.push([v(ids[i]), v(readOn), v(km), v(source), v(source === 'combustible' ? `TICKET-${4100 + i * 6 + k}` : ''), v(ctx.adminUserId)]);
      }
    });
    await tx.execute(sql`insert into vp_odometer_readings (vehicle_id, read_on, km, source, source_reference, recorded_by) values ${values(readings)}`);
    await tx.execute(sql`update vp_vehicles v set odometer_km = l.km, odometer_date = l.read_on
      from (select distinct on (vehicle_id) vehicle_id, km, read_on from vp_odometer_readings order by vehicle_id, read_on desc, km desc) l
      where l.vehicle_id = v.id`);

    if (!ctx.config) return;
    // Documents: most vigentes; some vencidos, some por vencer, a few required ones missing.
    const uploads: SQL[][] = [];
    const docs: SQL[][] = [];
    vehicles.forEach((x, i) => {
      if (x.status === 'baja') return;
      DOC_TYPES.forEach(([name, , , warning], t) => {
        if (t === 3 && !x.heavy) return; // Permiso SCT only for trucks
        if (t === 2 && i % 9 === 5) return; // verificación missing
        let expiresOn = addDays(today, 90 + ((i * 29 + t * 41) % 270));
        if ((i + t) % 7 === 0) expiresOn = addDays(today, -(3 + ((i + t) % 20))); // vencido
        else if ((i + t) % 7 === 3) expiresOn = addDays(today, Math.max(1, Math.floor(warning / 2) - (i % 3))); // por vencer
        if (t === 1) expiresOn = x.insuranceExpiresOn; // the policy's own expiry
        const id = randomUUID();
        const fileName = `${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, '-')}-${x.economicNumber.toLowerCase()}.pdf`;
        const bytes = pdfBytes(`${name} - ${x.economicNumber}`);
        const key = `uploads/${today.slice(0, 7)}/${id}-${fileName}`;
        files.push({ key, bytes });
        uploads.push([
          v(id), v(key), v(fileName), v('application/pdf'), v('pdf'), v(bytes.length), v(createHash('sha256').update(bytes).digest('hex')),
          v(ctx.adminUserId), v('Parque Vehicular-Vehículos'), v('vehicleDocument'), v(String(ids[i])), sql`now()`,
        ]);
        docs.push([v(ids[i]), v(typeIds[t]), v(id), v(expiresOn), v(ctx.adminUserId)]);
      });
    });
    await tx.execute(sql`insert into uploads (id, storage_key, file_name, content_type, file_type, size, sha256, uploaded_by, subject, owner_entity, owner_id, attached_at)
      values ${values(uploads)}`);
    await tx.execute(sql`insert into vp_vehicle_documents (vehicle_id, document_type_id, upload_id, expires_on, created_by) values ${values(docs)}`);
    // The bytes go to storage before the rows commit: a failure rolls the rows back (orphan files are harmless).
    const storage = storageFor(ctx.config);
    await Promise.all(files.map((f) => storage.put(f.key, f.bytes, { contentType: 'application/pdf' })));
  });
}
