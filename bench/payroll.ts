// Recursos Humanos at size (issue 9): 2,000 employees imported in one
// spreadsheet call, a quincenal payroll that includes them all, its
// calculation (sueldo, ISR art. 96, subsidio, IMSS, net per employee), its
// close and the receipts PDF of the whole payroll; time of each step and the server's peak
// RSS, on PostgreSQL and on PGlite. Goal: calculation under 2 s on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { track } from './cleanup';
import { createBenchDatabase, dropBenchDatabase } from './postgres';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, benchGql, login, processMemory, startServerProcess } from './server-process';
import { clabeCheckDigit, identityOf } from '../server/modules/rh/employees/seed';

export const PAYROLL_EMPLOYEES = 2_000;

export type PayrollBenchRow = {
  db: string;
  employees: number;
  importMs: number;
  createMs: number;
  calculateMs: number;
  closeMs: number;
  receiptsMs: number;
  receiptsKiB: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
};

/** Highest RSS of `pid` while `work` runs, sampled every 10 ms (VmHWM only ever grows, so it cannot isolate one step). */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakMiB: number; ms: number }> {
  let peak = processMemory(pid).rssMiB;
  const timer = setInterval(() => {
    peak = Math.max(peak, processMemory(pid).rssMiB);
  }, 10);
  const began = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - began, peakMiB: Math.max(peak, processMemory(pid).rssMiB) };
  } finally {
    clearInterval(timer);
  }
}

const SURNAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores', 'Gómez'];
const NAMES = ['Juan', 'Laura', 'Miguel', 'Patricia', 'Jorge', 'Adriana', 'Ricardo', 'Gabriela', 'Arturo', 'Claudia'];

function importRows(count: number, areas: { name: string; positions: string[] }[]) {
  return Array.from({ length: count }, (_, i) => {
    const seq = 10_000 + i;
    const sex = i % 2 === 0 ? 'H' : 'M';
    // One birth date each (1970-01-01 + 5 days × i, up to 1997), so every CURP differs and everyone was an adult at hire.
    const birthDate = new Date(Date.UTC(1970, 0, 1 + 5 * i)).toISOString().slice(0, 10);
    const person = { names: NAMES[i % NAMES.length], lastName: SURNAMES[i % SURNAMES.length], secondLastName: SURNAMES[(i * 7 + 3) % SURNAMES.length] };
    const id = identityOf({ ...person, birthDate, sex, state: 'QT', seq });
    const area = areas[i % areas.length];
    const clabe17 = `012180${String(seq).padStart(11, '0')}`;
    return {
      number: `B${String(i + 1).padStart(5, '0')}`,
      ...person,
      rfc: id.rfc,
      curp: id.curp,
      nss: id.nss,
      birthDate,
      hireDate: `${2016 + (i % 9)}-03-01`,
      area: area.name,
      position: area.positions[i % area.positions.length],
      payFrequency: 'quincenal',
      wageZone: 'general',
      // 320.00 … 1,319.00 a day: every ISR row from the low ones to 16 % and beyond.
      dailySalary: (320 + (i % 1_000)).toFixed(2),
      bank: 'BBVA México',
      clabe: clabe17 + clabeCheckDigit(clabe17),
    };
  });
}

async function runOne(label: string, opts: { dataDir: string; databaseUrl: string | null; step: (t: string) => void }): Promise<PayrollBenchRow> {
  const server = await startServerProcess({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, timeoutMs: 180_000 });
  try {
    const token = await login(server.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    const { rhEmployeeFormOptions: o } = await benchGql<{ rhEmployeeFormOptions: { areas: { id: string; name: string }[]; positions: { areaId: string; name: string }[] } }>(
      server.url,
      token,
      '{ rhEmployeeFormOptions { areas { id name } positions { areaId name } } }',
    );
    const areas = o.areas.map((a) => ({ name: a.name, positions: o.positions.filter((p) => p.areaId === a.id).map((p) => p.name) })).filter((a) => a.positions.length);
    opts.step(`Nómina (${label}): importar ${PAYROLL_EMPLOYEES} empleados`);
    const rows = importRows(PAYROLL_EMPLOYEES, areas);
    let began = performance.now();
    await benchGql(server.url, token, 'mutation($r:[RhEmployeeImportRow!]!){ rhEmployeeImport(rows:$r){ created } }', { r: rows });
    const importMs = performance.now() - began;

    opts.step(`Nómina (${label}): crear la nómina quincenal`);
    began = performance.now();
    const { rhPayrollCreate: payroll } = await benchGql<{ rhPayrollCreate: { id: string; version: number; employeeCount: number } }>(
      server.url,
      token,
      'mutation($i:RhPayrollInput!){ rhPayrollCreate(input:$i){ id version employeeCount } }',
      { i: { kind: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-15', description: 'Bench' } },
    );
    const createMs = performance.now() - began;
    const rssBeforeMiB = server.memory().rssMiB;

    opts.step(`Nómina (${label}): calcular ${payroll.employeeCount} empleados`);
    const calc = await withPeakRss(server.pid, () =>
      benchGql<{ rhPayrollCalculate: { version: number; net: string } }>(server.url, token, 'mutation($id:ID!,$v:Int!){ rhPayrollCalculate(id:$id,version:$v){ version net } }', {
        id: payroll.id,
        v: payroll.version,
      }),
    );

    opts.step(`Nómina (${label}): cerrar`);
    began = performance.now();
    await benchGql(server.url, token, 'mutation($id:ID!,$v:Int!){ rhPayrollClose(id:$id,version:$v){ status } }', { id: payroll.id, v: calc.value.rhPayrollCalculate.version });
    const closeMs = performance.now() - began;

    opts.step(`Nómina (${label}): recibos PDF de toda la nómina`);
    const pdf = await withPeakRss(server.pid, () => benchGql<{ rhPayrollReceiptsPdf: string }>(server.url, token, 'query($id:ID!){ rhPayrollReceiptsPdf(id:$id) }', { id: payroll.id }));
    return {
      db: label,
      employees: payroll.employeeCount,
      importMs,
      createMs,
      calculateMs: calc.ms,
      closeMs,
      receiptsMs: pdf.ms,
      receiptsKiB: Math.round((pdf.value.rhPayrollReceiptsPdf.length * 3) / 4 / 1024),
      rssBeforeMiB,
      peakRssMiB: Math.max(calc.peakMiB, pdf.peakMiB),
    };
  } finally {
    await server.stop();
  }
}

export async function benchPayroll(opts: { postgres: boolean; step: (t: string) => void }): Promise<PayrollBenchRow[]> {
  const rows: PayrollBenchRow[] = [];
  if (opts.postgres) {
    const db = await createBenchDatabase('nomina');
    const untrack = track(`la base de datos ${db.name}`, () => dropBenchDatabase(db.name));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-nomina-'));
    try {
      rows.push(await runOne('PostgreSQL', { dataDir, databaseUrl: db.url, step: opts.step }));
    } finally {
      await dropBenchDatabase(db.name);
      untrack();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-nomina-'));
  try {
    rows.push(await runOne('PGlite', { dataDir, databaseUrl: null, step: opts.step }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
