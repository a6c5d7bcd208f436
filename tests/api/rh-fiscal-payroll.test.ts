// Nóminas Fiscales over HTTP: the calculated and closed payrolls with the sums
// of their fiscal figures, one payroll with each employee's lines and fiscal
// trace, who may read them, and list input refused field by field. Payrolls are
// written straight into the database before the server starts (see
// insertPayrolls) until the payroll mutations are on main.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { ADMIN_EMAIL, createTestDatabase, startServer, testDbKind, type TestServer } from './harness';
import { fieldsOf, okData } from './answers';

let s: TestServer;
let admin: string;
let rh: string; // Recursos Humanos
let seller: string; // no Recursos Humanos
let viewer: string; // Consulta: ver only
let dataDir = '';
let pgDatabase: { url: string; drop(): Promise<void> } | null = null;
const ids = { quincenal: 0, semanal: 0, draft: 0 };

/**
 * One quincenal payroll calculated with the June 2026 tables (two employees),
 * one semanal closed with 2025's (one employee) and a borrador. The figures are
 * stored as the calculation would store them; what this file checks is how
 * Nóminas Fiscales reads and adds them.
 */
async function insertPayrolls(db: Db) {
  const one = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0];
  const { id: areaId } = await one<{ id: number }>(sql`insert into rh_areas (name) values ('Área de prueba fiscal') returning id`);
  const { id: positionId } = await one<{ id: number }>(sql`insert into rh_positions (area_id, name, base_daily_salary) values (${areaId}, 'Puesto de prueba fiscal', 333.33) returning id`);
  const employee = async (number: string, names: string, curp: string) =>
    (
      await one<{ id: number }>(
        sql`insert into rh_employees (number, names, last_name, rfc, curp, nss, birth_date, hire_date, first_hire_date, area_id, position_id, pay_frequency, daily_salary)
            values (${number}, ${names}, 'Prueba', 'XAXX010101000', ${curp}, '12345678903', '1990-01-01', '2020-01-01', '2020-01-01', ${areaId}, ${positionId}, 'quincenal', 333.33)
            returning id`,
      )
    ).id;
  const e1 = await employee('FP-001', 'Ana', 'PEAA900101MDFRNN01');
  const e2 = await employee('FP-002', 'Beto', 'PEAB900101HDFRNN02');
  const concept = async (code: string, name: string, kind: string, satCode: string) =>
    (await one<{ id: number }>(sql`insert into rh_concepts (code, name, kind, sat_code) values (${code}, ${name}, ${kind}, ${satCode}) returning id`)).id;
  const sueldo = await concept('FPT-SUELDO', 'Sueldo (prueba)', 'percepcion', '001');
  const extra = await concept('FPT-EXTRA', 'Horas extra (prueba)', 'percepcion', '019');
  const isr = await concept('FPT-ISR', 'ISR (prueba)', 'deduccion', '002');
  const imss = await concept('FPT-IMSS', 'IMSS (prueba)', 'deduccion', '001');
  const payroll = async (folio: number, kind: string, start: string, end: string, paid: string, status: string, year: number | null) =>
    (
      await one<{ id: number }>(
        sql`insert into rh_payrolls (folio, kind, frequency, period_start, period_end, payment_date, description, status, table_year, calculated_at, closed_at)
            values (${folio}, ${kind}, ${kind}, ${start}, ${end}, ${paid}, ${`Nómina ${kind} de prueba`}, ${status}, ${year},
                    ${status === 'borrador' ? null : sql`now()`}, ${status === 'cerrada' ? sql`now()` : null})
            returning id`,
      )
    ).id;
  ids.quincenal = await payroll(9001, 'quincenal', '2026-06-01', '2026-06-15', '2026-06-15', 'calculada', 2026);
  ids.semanal = await payroll(9002, 'semanal', '2025-12-20', '2025-12-26', '2025-12-26', 'cerrada', 2025);
  ids.draft = await payroll(9003, 'quincenal', '2026-06-16', '2026-06-30', '2026-06-30', 'borrador', null);
  type Figures = { perceptions: string; taxable: string; exempt: string; isr: string; subsidy: string; withheld: string; imss: string; deductions: string; net: string };
  const payrollEmployee = async (payrollId: number, employeeId: number, number: string, name: string, f: Figures, trace: { label: string; amount: string }[]) =>
    (
      await one<{ id: number }>(
        sql`insert into rh_payroll_employees (payroll_id, employee_id, employee_number, employee_name, daily_salary, sbc_daily, days_worked,
              perceptions, taxable, exempt, isr, subsidy, isr_withheld, imss_employee, deductions, net, fiscal_trace)
            values (${payrollId}, ${employeeId}, ${number}, ${name}, 333.33, 500, 15, ${f.perceptions}, ${f.taxable}, ${f.exempt}, ${f.isr}, ${f.subsidy},
              ${f.withheld}, ${f.imss}, ${f.deductions}, ${f.net}, ${JSON.stringify(trace)}::jsonb)
            returning id`,
      )
    ).id;
  const line = (payrollEmployeeId: number, conceptId: number, amount: string, taxable: string, exempt: string) =>
    db.execute(sql`insert into rh_payroll_lines (payroll_employee_id, concept_id, source, amount, taxable, exempt) values (${payrollEmployeeId}, ${conceptId}, 'calculo', ${amount}, ${taxable}, ${exempt})`);
  // Inserted Beto first: the detail lists employees by number, not by insertion.
  const beto = await payrollEmployee(
    ids.quincenal,
    e2,
    'FP-002',
    'Prueba Beto',
    { perceptions: '8500.00', taxable: '8000.00', exempt: '500.00', isr: '900.00', subsidy: '0', withheld: '900.00', imss: '250.00', deductions: '1150.00', net: '7350.00' },
    [{ label: 'Ingreso gravable', amount: '8000.00' }],
  );
  await line(beto, sueldo, '7500.00', '7500.00', '0');
  await line(beto, extra, '1000.00', '500.00', '500.00');
  await line(beto, isr, '900.00', '0', '0');
  await line(beto, imss, '250.00', '0', '0');
  const ana = await payrollEmployee(
    ids.quincenal,
    e1,
    'FP-001',
    'Prueba Ana',
    { perceptions: '5000.00', taxable: '5000.00', exempt: '0', isr: '366.91', subsidy: '264.30', withheld: '102.61', imss: '187.02', deductions: '289.63', net: '4710.37' },
    [
      { label: 'Ingreso gravable', amount: '5000.00' },
      { label: 'ISR', amount: '366.91' },
      { label: 'Subsidio para el empleo', amount: '264.30' },
      { label: 'ISR a retener', amount: '102.61' },
    ],
  );
  await line(ana, sueldo, '5000.00', '5000.00', '0');
  await line(ana, isr, '102.61', '0', '0');
  await line(ana, imss, '187.02', '0', '0');
  const anaWeek = await payrollEmployee(
    ids.semanal,
    e1,
    'FP-001',
    'Prueba Ana',
    { perceptions: '2333.31', taxable: '2333.31', exempt: '0', isr: '150.00', subsidy: '110.00', withheld: '40.00', imss: '60.00', deductions: '100.00', net: '2233.31' },
    [{ label: 'Ingreso gravable', amount: '2333.31' }],
  );
  await line(anaWeek, sueldo, '2333.31', '2333.31', '0');
  await line(anaWeek, isr, '40.00', '0', '0');
  await line(anaWeek, imss, '60.00', '0', '0');
  // A borrador has employees but no calculation yet.
  await payrollEmployee(ids.draft, e1, 'FP-001', 'Prueba Ana', { perceptions: '0', taxable: '0', exempt: '0', isr: '0', subsidy: '0', withheld: '0', imss: '0', deductions: '0', net: '0' }, []);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-fiscal-payroll-'));
  pgDatabase = testDbKind() === 'postgres' ? await createTestDatabase() : null;
  const database = await openDatabase({ databaseUrl: pgDatabase?.url ?? null, dataDir });
  try {
    await insertPayrolls(database.db);
  } finally {
    await database.close();
  }
  s = await startServer({ ERP_DATA_DIR: dataDir }, pgDatabase ? { databaseUrl: pgDatabase.url } : {});
  [admin, rh, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => {
  await s?.stop();
  await pgDatabase?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const TOTALS = 'fiscalTotals { taxable exempt isr subsidy isrWithheld imssEmployee net }';
const LIST = `query($l:ListInput,$f:RhPayrollFilter){ rhFiscalPayrolls(list:$l, filter:$f){ total items { folio kind status tableYear paymentDate employeeCount ${TOTALS} } } }`;
const DETAIL = `query($id:ID!){ rhFiscalPayroll(id:$id){ folio status tableYear periodStart periodEnd paymentDate employeeCount ${TOTALS}
  employees { employeeNumber employeeName taxable exempt isr subsidy isrWithheld imssEmployee net daysWorked sbcDaily
    lines { conceptCode conceptName kind source amount taxable exempt } fiscalTrace { label amount } }
  conceptTotals { code name kind amount } } }`;

const ok = async (query: string, variables: Record<string, unknown> = {}, token = rh) => okData(await s.gql(query, variables, token));
const folios = (data: Record<string, any>) => data.rhFiscalPayrolls.items.map((p: any) => p.folio);

describe('rhFiscalPayrolls', () => {
  it('lists only calculated and closed payrolls with the sums of their employees', async () => {
    const page = (await ok(LIST, { l: { sortBy: 'folio', sortDirection: 'DESC' } })).rhFiscalPayrolls;
    expect(page.total).toBe(2);
    expect(page.items.map((p: any) => [p.folio, p.status, p.tableYear, p.employeeCount])).toEqual([
      [9002, 'cerrada', 2025, 1],
      [9001, 'calculada', 2026, 2],
    ]);
    // Ana + Beto: 5,000.00 + 8,000.00 gravado; 0 + 500.00 exento; ISR 366.91 + 900.00; subsidio 264.30 + 0;
    // retenido 102.61 + 900.00; IMSS 187.02 + 250.00; neto 4,710.37 + 7,350.00.
    expect(page.items[1].fiscalTotals).toEqual({ taxable: '13000', exempt: '500', isr: '1266.91', subsidy: '264.3', isrWithheld: '1002.61', imssEmployee: '437.02', net: '12060.37' });
    expect(page.items[0].fiscalTotals).toEqual({ taxable: '2333.31', exempt: '0', isr: '150', subsidy: '110', isrWithheld: '40', imssEmployee: '60', net: '2233.31' });
  });

  it('filters by kind, status and payment year, searches by folio and sorts', async () => {
    expect(folios(await ok(LIST, { f: { kind: 'quincenal' } }))).toEqual([9001]);
    expect(folios(await ok(LIST, { f: { status: 'cerrada' } }))).toEqual([9002]);
    expect(folios(await ok(LIST, { f: { status: 'borrador' } }))).toEqual([]);
    expect(folios(await ok(LIST, { f: { year: 2025 } }))).toEqual([9002]);
    expect(folios(await ok(LIST, { l: { search: '9001' } }))).toEqual([9001]);
    expect(folios(await ok(LIST, { l: { sortBy: 'paymentDate', sortDirection: 'ASC' } }))).toEqual([9002, 9001]);
    expect(folios(await ok(LIST, { l: { sortBy: 'tableYear', sortDirection: 'DESC' } }))).toEqual([9001, 9002]);
    const paged = (await ok(LIST, { l: { page: 2, pageSize: 1, sortBy: 'folio' } })).rhFiscalPayrolls;
    expect([paged.total, paged.items.map((p: any) => p.folio)]).toEqual([2, [9002]]);
  });

  it('gives each payroll its own employees when a fragment asks for them', async () => {
    const data = await ok(`query { rhFiscalPayrolls(list:{sortBy:"folio"}){ items { ...P } } } fragment P on RhPayroll { folio employees { employeeNumber lines { conceptCode } } conceptTotals { code amount } }`);
    const [q, w] = data.rhFiscalPayrolls.items;
    expect(q.employees.map((e: any) => e.employeeNumber)).toEqual(['FP-001', 'FP-002']);
    expect(w.employees.map((e: any) => [e.employeeNumber, e.lines.map((l: any) => l.conceptCode)])).toEqual([['FP-001', ['FPT-SUELDO', 'FPT-ISR', 'FPT-IMSS']]]);
    expect(w.conceptTotals).toEqual([
      { code: 'FPT-SUELDO', amount: '2333.31' },
      { code: 'FPT-ISR', amount: '40' },
      { code: 'FPT-IMSS', amount: '60' },
    ]);
  });

  it('refuses list input it cannot honour, per field', async () => {
    const r = await s.gql(LIST, { l: { pageSize: 500, sortBy: 'net' } }, rh);
    const fields = fieldsOf(r);
    expect(fields['list.pageSize']).toMatch(/entre 1 y 200/);
    expect(fields['list.sortBy']).toBe('No se puede ordenar por ese campo.');
  });
});

describe('rhFiscalPayroll', () => {
  it('reads one payroll with every employee, line and fiscal step, and its totals per concept', async () => {
    const p = (await ok(DETAIL, { id: String(ids.quincenal) })).rhFiscalPayroll;
    expect([p.folio, p.status, p.tableYear, p.periodStart, p.periodEnd, p.paymentDate, p.employeeCount]).toEqual([9001, 'calculada', 2026, '2026-06-01', '2026-06-15', '2026-06-15', 2]);
    expect(p.employees.map((e: any) => e.employeeNumber)).toEqual(['FP-001', 'FP-002']);
    const [ana, beto] = p.employees;
    expect(ana).toMatchObject({ employeeName: 'Prueba Ana', taxable: '5000', exempt: '0', isr: '366.91', subsidy: '264.3', isrWithheld: '102.61', imssEmployee: '187.02', net: '4710.37', daysWorked: '15', sbcDaily: '500' });
    expect(ana.fiscalTrace).toEqual([
      { label: 'Ingreso gravable', amount: '5000.00' },
      { label: 'ISR', amount: '366.91' },
      { label: 'Subsidio para el empleo', amount: '264.30' },
      { label: 'ISR a retener', amount: '102.61' },
    ]);
    expect(beto.lines).toEqual([
      { conceptCode: 'FPT-SUELDO', conceptName: 'Sueldo (prueba)', kind: 'percepcion', source: 'calculo', amount: '7500', taxable: '7500', exempt: '0' },
      { conceptCode: 'FPT-EXTRA', conceptName: 'Horas extra (prueba)', kind: 'percepcion', source: 'calculo', amount: '1000', taxable: '500', exempt: '500' },
      { conceptCode: 'FPT-ISR', conceptName: 'ISR (prueba)', kind: 'deduccion', source: 'calculo', amount: '900', taxable: '0', exempt: '0' },
      { conceptCode: 'FPT-IMSS', conceptName: 'IMSS (prueba)', kind: 'deduccion', source: 'calculo', amount: '250', taxable: '0', exempt: '0' },
    ]);
    // Sueldo 5,000.00 + 7,500.00; horas extra 1,000.00; ISR 102.61 + 900.00; IMSS 187.02 + 250.00: perceptions first.
    expect(p.conceptTotals).toEqual([
      { code: 'FPT-SUELDO', name: 'Sueldo (prueba)', kind: 'percepcion', amount: '12500' },
      { code: 'FPT-EXTRA', name: 'Horas extra (prueba)', kind: 'percepcion', amount: '1000' },
      { code: 'FPT-ISR', name: 'ISR (prueba)', kind: 'deduccion', amount: '1002.61' },
      { code: 'FPT-IMSS', name: 'IMSS (prueba)', kind: 'deduccion', amount: '437.02' },
    ]);
    expect(p.fiscalTotals.isrWithheld).toBe('1002.61');
  });

  it('has nothing to show for a borrador or an unknown payroll', async () => {
    expect((await ok(DETAIL, { id: String(ids.draft) })).rhFiscalPayroll).toBeNull();
    expect((await ok(DETAIL, { id: '999999' })).rhFiscalPayroll).toBeNull();
    const r = await s.gql(DETAIL, { id: '99999999999999999999' }, rh);
    expect(r.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('who may read Nóminas Fiscales', () => {
  it('admin and Consulta read; Ventas is refused both queries', async () => {
    expect(folios(await ok(LIST, {}, admin))).toHaveLength(2);
    expect((await ok(DETAIL, { id: String(ids.semanal) }, viewer)).rhFiscalPayroll.employees).toHaveLength(1);
    for (const [query, variables] of [
      [LIST, {}],
      [DETAIL, { id: String(ids.quincenal) }],
    ] as const) {
      const r = await s.gql(query, variables, seller);
      expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect(r.data?.rhFiscalPayrolls ?? r.data?.rhFiscalPayroll ?? null).toBeNull();
    }
    const anonymous = await s.gql(LIST, {}, null);
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
