// `npx tsx bench/rh-payroll.ts [--employees=2000]`: Nóminas figures in
// process, on PGlite and (when a local PostgreSQL answers) on PostgreSQL.
// Prints figures; asserts nothing.
//   · create a quincenal payroll for N employees (snapshot, SDI)
//   · calculate it (sueldo, overtime, ISR, subsidio, IMSS, convenios): time and peak RSS
//   · close it (one installment per convenio)
//   · the receipts PDF of all N employees: time and size
// Data: the base seed (fiscal tables, system concepts), one área and puesto,
// N quincenal employees inserted with generate_series (salaries from the
// minimum wage up), overtime for one in five, a convenio for one in ten.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/database';
import { seedModuleBase } from '../server/db/seed';
import type { RequestContext } from '../server/context';
import type { AppServices } from '../server/services';
import * as payroll from '../server/modules/rh/payroll/service';
import { receiptsPdf } from '../server/modules/rh/payroll/receipts';
import { cleanupAll, track } from './cleanup';
import { createBenchDatabase, postgresVersion } from './postgres';
import { formatTable, ms } from './table';

const raw = process.argv.find((a) => a.startsWith('--employees='))?.slice('--employees='.length);
const EMPLOYEES = Number(raw ?? 2000);
if (!Number.isInteger(EMPLOYEES) || EMPLOYEES <= 0) throw new Error('--employees debe ser un entero positivo');

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Samples the RSS while `work` runs; returns its time and the peak over the RSS before it. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number; growth: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, peakRss: Math.max(peak, process.memoryUsage().rss), growth: Math.max(peak, process.memoryUsage().rss) - before };
  } finally {
    clearInterval(timer);
  }
}

async function prepare(database: Database) {
  const db = database.db;
  await seedModuleBase(db);
  const area = (await db.execute(sql`insert into rh_areas (name) values ('Bench') returning id`)) as unknown as { rows: { id: number }[] };
  const areaId = area.rows[0].id;
  const position = (await db.execute(sql`insert into rh_positions (area_id, name, base_daily_salary) values (${areaId}, 'Bench', 400) returning id`)) as unknown as { rows: { id: number }[] };
  const positionId = position.rows[0].id;
  await db.execute(sql`
    insert into rh_employees (number, names, last_name, second_last_name, rfc, curp, nss, birth_date, hire_date, first_hire_date, area_id, position_id, pay_frequency, wage_zone, daily_salary)
    select 'B' || lpad(i::text, 5, '0'), 'Nombre ' || i, 'Apellido', 'Bench', 'XAXX010101000', 'BENC' || lpad(i::text, 14, '0'), '12345678903',
           date '1980-01-01' + (i % 7000), date '2010-01-01' + (i % 5000), date '2010-01-01' + (i % 5000), ${areaId}, ${positionId}, 'quincenal', 'general',
           315.04 + (i % 60) * 25
    from generate_series(1, ${EMPLOYEES}) as i`);
  await db.execute(sql`
    insert into rh_agreements (folio, employee_id, kind, start_date, total, installment, balance)
    select row_number() over (order by id), id, case when id % 20 = 0 then 'fonacot' else 'prestamo' end, date '2026-01-01', 3000, 250, 3000
    from rh_employees where number like 'B%' and id % 10 = 0`);
  await db.execute(sql`insert into folio_counters (key, last_value) values ('rh.agreement', ${EMPLOYEES}) on conflict (key) do update set last_value = excluded.last_value`);
  await db.execute(sql`analyze`);
}

async function run(label: string, database: Database): Promise<string[]> {
  await prepare(database);
  // No signed-in user: the audit entries name none.
  const ctx: RequestContext = { requestId: 'bench', ip: '', app: { database } as unknown as AppServices, auth: null };
  const created = await measure(() => payroll.createPayroll(ctx, { kind: 'quincenal', periodStart: '2026-06-01', periodEnd: '2026-06-15', paymentDate: '2026-06-15' }));
  const p = created.result;
  const employees = await payroll.payrollEmployees(ctx, { id: p.id });
  // Overtime for one in five: incidents go through the service like the screen's.
  for (const e of employees.filter((_, i) => i % 5 === 0)) {
    await payroll.saveIncident(ctx, String(e.id), { daysWorked: e.daysWorked, absences: '0', overtimeDoubleHours: '3', overtimeTripleHours: '1', extras: [] });
  }
  const draft = (await payroll.getPayroll(ctx, String(p.id)))!;
  const calculated = await measure(() => payroll.calculatePayroll(ctx, String(p.id), draft.version));
  const closed = await measure(() => payroll.closePayroll(ctx, String(p.id), calculated.result.version));
  const pdf = await measure(() => receiptsPdf(ctx, String(p.id), null));
  const pdfBytes = Math.floor((pdf.result.length * 3) / 4);
  return [
    label,
    String(p.employeeCount),
    ms(created.ms),
    ms(calculated.ms),
    mib(calculated.peakRss),
    `+${mib(calculated.growth)}`,
    ms(closed.ms),
    ms(pdf.ms),
    `${(pdfBytes / 1024 / 1024).toFixed(1)} MB`,
  ];
}

const rows: string[][] = [];
try {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-rh-'));
  track(`la carpeta ${dir}`, async () => fs.rmSync(dir, { recursive: true, force: true }));
  const lite = await openDatabase({ databaseUrl: null, dataDir: dir });
  try {
    rows.push(await run('PGlite', lite));
  } finally {
    await lite.close();
  }
  if ((await postgresVersion()) !== null) {
    const bench = await createBenchDatabase('rhpayroll');
    const pg = await openDatabase({ databaseUrl: bench.url, dataDir: dir });
    try {
      rows.push(await run('PostgreSQL', pg));
    } finally {
      await pg.close();
    }
  }
  console.log(
    formatTable(['Base de datos', 'Empleados', 'Crear', 'Calcular', 'RSS pico', 'Crecimiento', 'Cerrar', 'Recibos PDF', 'Tamaño PDF'], rows),
  );
} finally {
  await cleanupAll();
}
