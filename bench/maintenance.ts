// Mantenimiento at size (issue 10): Programación de servicios for 2,000
// vehicles × 8 services (16,000 schedule rows) with 200,000 odometer readings
// (100 per vehicle; the vehicle row caches the latest). The rows are bulk
// inserted over the demo company, then the page of 50 with the due status
// computed in SQL is asked over HTTP, unfiltered (ordered by urgency) and
// filtered to vencidos: p50/p95 of each. Goal: under 100 ms on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { track } from './cleanup';
import { createBenchDatabase, dropBenchDatabase } from './postgres';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, benchGql, login, percentile, startServerProcess } from './server-process';

export const MAINTENANCE_VEHICLES = 2_000;
const READINGS_PER_VEHICLE = 100;
const REQUESTS = 60;

export type MaintenanceBenchRow = { db: string; query: string; schedules: number; readings: number; total: number; p50Ms: number; p95Ms: number };

const QUERY = `query($l:ListInput,$f:MaintenanceScheduleFilter){ maintenanceSchedules(list:$l, filter:$f){ total items { id vehicleNumber vehicleName serviceName lastDoneOn lastDoneKm nextDueKm nextDueOn kmLeft daysLeft status openOrderFolio } } }`;

/** The fleet, its odometer log and the schedule, in four statements. */
async function fill(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into vp_vehicles (economic_number, brand, model, year, vehicle_type, fuel, status)
       select 'BEN-' || lpad(g::text, 5, '0'), 'Nissan', 'NP300', 2020, 'Pick-up', 'diesel', 'activo' from generate_series(1, $1::int) g`,
      [MAINTENANCE_VEHICLES],
    );
    await client.query(
      `insert into vp_odometer_readings (vehicle_id, read_on, km, source)
       select v.id, current_date - (($1::int - k) * 3), k * (300 + v.id % 900) + v.id % 97, 'manual'
       from vp_vehicles v cross join generate_series(1, $1::int) k where v.economic_number like 'BEN-%'`,
      [READINGS_PER_VEHICLE],
    );
    await client.query(
      `update vp_vehicles v set odometer_km = l.km, odometer_date = l.read_on
       from (select distinct on (vehicle_id) vehicle_id, km, read_on from vp_odometer_readings order by vehicle_id, read_on desc, km desc) l
       where l.vehicle_id = v.id and v.economic_number like 'BEN-%'`,
    );
    await client.query(
      `insert into mt_schedules (vehicle_id, service_id, last_done_on, last_done_km)
       select v.id, s.id, current_date - ((v.id * 7 + s.id * 13) % 400), greatest(0, v.odometer_km - ((v.id * 31 + s.id * 17) % 70000))
       from vp_vehicles v cross join mt_services s where v.economic_number like 'BEN-%'`,
    );
    await client.query('analyze');
    const counts = await client.query<{ s: number; r: number }>('select (select count(*) from mt_schedules)::int as s, (select count(*) from vp_odometer_readings)::int as r');
    return { schedules: counts.rows[0].s, readings: counts.rows[0].r };
  } finally {
    await client.end();
  }
}

async function runPostgres(step: (t: string) => void): Promise<MaintenanceBenchRow[]> {
  const db = await createBenchDatabase('mantenimiento');
  const untrack = track(`la base de datos ${db.name}`, () => dropBenchDatabase(db.name));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-mt-'));
  const server = await startServerProcess({ dataDir, databaseUrl: db.url, timeoutMs: 180_000 });
  try {
    step(`Mantenimiento (PostgreSQL): ${MAINTENANCE_VEHICLES} vehículos × 8 servicios, ${MAINTENANCE_VEHICLES * READINGS_PER_VEHICLE} lecturas`);
    const sizes = await fill(db.url);
    const token = await login(server.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    const rows: MaintenanceBenchRow[] = [];
    const cases: [string, Record<string, unknown>][] = [
      ['página 1 de 50, por urgencia', { l: { pageSize: 50 } }],
      ['vencidos, página 3 de 50', { l: { pageSize: 50, page: 3 }, f: { status: 'vencido' } }],
      ['búsqueda por número económico', { l: { pageSize: 50, search: 'BEN-01' } }],
    ];
    for (const [name, variables] of cases) {
      step(`Mantenimiento (PostgreSQL): ${name}`);
      let total = 0;
      for (let i = 0; i < 5; i++) await benchGql(server.url, token, QUERY, variables); // warm-up
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const began = performance.now();
        const d = await benchGql<{ maintenanceSchedules: { total: number } }>(server.url, token, QUERY, variables);
        times.push(performance.now() - began);
        total = d.maintenanceSchedules.total;
      }
      times.sort((a, b) => a - b);
      rows.push({ db: 'PostgreSQL', query: name, schedules: sizes.schedules, readings: sizes.readings, total, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) });
    }
    return rows;
  } finally {
    await server.stop();
    await dropBenchDatabase(db.name);
    untrack();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL only: the goal is stated for it, and PGlite at this size would take the bench's whole budget. */
export async function benchMaintenance(opts: { postgres: boolean; step: (t: string) => void }): Promise<MaintenanceBenchRow[]> {
  return opts.postgres ? runPostgres(opts.step) : [];
}
