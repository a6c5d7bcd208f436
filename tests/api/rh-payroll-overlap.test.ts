// One payroll per employee and period, over HTTP: an ordinary quincena is
// created once (again, overlapping or twice at the same moment answers
// CONFLICT naming the other payroll), a quincena stored twice before the rule
// cannot be closed twice (the convenio keeps its balance to the cent), and an
// extraordinary payroll of the same dates pays no salary day, no IMSS and no
// installment the closed quincena already paid. One employee, figures worked
// by hand with the 2026 QUINCENAL tariff (as in rh-payroll.test.ts). The
// server runs on a data folder of this file's own so a duplicate from before
// the rule can be written into the database between two starts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../server/db/database';
import { createTestDatabase, startServer, testDbKind, type TestServer } from './harness';
import { A_CREATE, conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_DELETE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let rh: string; // Recursos Humanos: every RH ability
let seller: string; // no RH
let viewer: string; // Consulta: only ver
let dataDir = '';
let pgDatabase: { url: string; drop(): Promise<void> } | null = null;
let demoPayrolls: number;

const { ok, createEmployee, retireDemoQuincenal, conceptId, payroll, agreement, countPayrolls } = rhPayrollApi(() => s, () => rh, { firstSeq: 950 });

async function start() {
  s = await startServer({ ERP_DATA_DIR: dataDir }, pgDatabase ? { databaseUrl: pgDatabase.url } : {});
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
}

beforeAll(async () => {
  // A copy of the run's migrated and seeded database, as the harness makes for each server, but in a folder
  // (and on PostgreSQL a database) this file owns: they outlive a stop.
  const template = inject('erpServerTemplate');
  const fromTemplate = template?.kind === testDbKind() ? template : null;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-payroll-overlap-'));
  if (fromTemplate) fs.cpSync(fromTemplate.dataDir, dataDir, { recursive: true });
  pgDatabase = testDbKind() === 'postgres' ? await createTestDatabase(fromTemplate?.database ?? undefined) : null;
  await start();
  demoPayrolls = await countPayrolls();
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await pgDatabase?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const FIRST = { kind: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-15' };
const SECOND = { kind: 'quincenal', periodStart: '2026-10-16', periodEnd: '2026-10-31', paymentDate: '2026-10-31' };
const figures = (e: any) => [e.daysWorked, e.perceptions, e.taxable, e.exempt, e.isr, e.subsidy, e.isrWithheld, e.imssEmployee, e.deductions, e.otherPayments, e.net].map(m);
const lines = (e: any) => e.lines.map((l: any) => [l.conceptCode, l.source, m(l.amount)]);
const forbidden = async (query: string, variables: Record<string, unknown>, token: string) => expect((await s.gql(query, variables, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');

describe('one payroll per employee and period', () => {
  let ana: any; // O-001, 400.00 a day since 2021-03-01: SBC 421.92 in 2026 (5 years, factor 1.0548)
  let loan: any; // préstamo 6,000.00 in installments of 500.00
  let first: any; // the ordinary quincena 01–15/10/2026
  let second: any; // the ordinary quincena 16–31/10/2026
  let folio1: number;

  beforeAll(async () => {
    await retireDemoQuincenal();
    ana = await createEmployee({ number: 'O-001', names: 'Ana', lastName: 'Ruiz', secondLastName: 'Soto', birthDate: '1985-09-03', hireDate: '2021-03-01', dailySalary: '400.00' });
    loan = (await ok(A_CREATE, { i: { employeeId: ana.id, kind: 'prestamo', description: 'Préstamo personal', startDate: '2026-09-01', total: '6000.00', installment: '500.00' } })).rhAgreementCreate;
  });

  it('creating the same quincena again, or one that shares a day, answers CONFLICT naming the other payroll; nothing is written', async () => {
    first = (await ok(P_CREATE, { i: FIRST })).rhPayrollCreate;
    folio1 = demoPayrolls + 1;
    expect([first.folio, first.employeeCount, m(first.employees[0].daysWorked)]).toEqual([folio1, 1, '15.00']);
    const message = `El empleado O-001 RUIZ SOTO ANA ya está en la nómina ${folio1} (01/10/2026 al 15/10/2026): solo puede haber una nómina quincenal por empleado y periodo.`;
    expect(conflictOf(await s.gql(P_CREATE, { i: FIRST }, rh))).toBe(message);
    expect(conflictOf(await s.gql(P_CREATE, { i: { ...FIRST, periodStart: '2026-10-15', periodEnd: '2026-10-29', paymentDate: '2026-10-29' } }, rh))).toBe(message);
    expect(conflictOf(await s.gql(P_CREATE, { i: { ...FIRST, periodStart: '2026-09-20', periodEnd: '2026-10-01', paymentDate: '2026-10-01' } }, rh))).toBe(message);
    // Without the ability the answer is FORBIDDEN whatever the period.
    await forbidden(P_CREATE, { i: SECOND }, seller);
    await forbidden(P_CREATE, { i: SECOND }, viewer);
    expect(await countPayrolls()).toBe(demoPayrolls + 1);
  });

  it('two creations of the same quincena at once: exactly one wins, the other answers CONFLICT naming it', async () => {
    const answers = await Promise.all([s.gql(P_CREATE, { i: SECOND }, rh), s.gql(P_CREATE, { i: SECOND }, rh)]);
    const winners = answers.filter((r) => !r.errors);
    const losers = answers.filter((r) => r.errors);
    expect([winners.length, losers.length]).toEqual([1, 1]);
    second = (winners[0].data as any).rhPayrollCreate;
    expect(second.folio).toBe(folio1 + 1);
    expect(conflictOf(losers[0])).toBe(`El empleado O-001 RUIZ SOTO ANA ya está en la nómina ${folio1 + 1} (16/10/2026 al 31/10/2026): solo puede haber una nómina quincenal por empleado y periodo.`);
    expect(await countPayrolls()).toBe(demoPayrolls + 2);
    // The loser gave its folio back: the next payroll takes the number after the winner's.
    const extra = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-10-16', periodEnd: '2026-10-16', paymentDate: '2026-10-16' } })).rhPayrollCreate;
    expect(extra.folio).toBe(folio1 + 2);
    expect((await ok(P_DELETE, { id: extra.id, v: extra.version })).rhPayrollDelete).toBe(true);
  });

  it('closing the first quincena takes one installment (6,000.00 → 5,500.00)', async () => {
    const calc = (await ok(P_CALC, { id: first.id, v: first.version })).rhPayrollCalculate;
    // Sueldo 400 × 15 = 6000.00, all taxable (over the subsidy cap 5670.72: no subsidy).
    // ISR: (6000 − 3537.16) × 10.88 % = 267.956992; + 207.75 = 475.706992 → 475.71.
    // IMSS on SBC 421.92 for 15 days (excess over 3 UMA 351.93 = 69.99): 69.99 × 0.40 % × 15 = 4.20; 421.92 × 0.25 % × 15 = 15.82;
    // × 0.375 % × 15 = 23.73; × 0.625 % × 15 = 39.56; × 1.125 % × 15 = 71.20 → 154.51.
    // Deductions 475.71 + 154.51 + 500 = 1130.22; net 6000 − 1130.22 = 4869.78.
    expect(figures(calc.employees[0])).toEqual(['15.00', '6000.00', '6000.00', '0.00', '475.71', '0.00', '475.71', '154.51', '1130.22', '0.00', '4869.78']);
    expect(lines(calc.employees[0])).toEqual([
      ['SUELDO', 'calculo', '6000.00'],
      ['ISR', 'calculo', '475.71'],
      ['IMSS', 'calculo', '154.51'],
      ['CONV-PRESTAMO', 'convenio', '500.00'],
    ]);
    await forbidden(P_CLOSE, { id: first.id, v: calc.version }, viewer);
    first = (await ok(P_CLOSE, { id: first.id, v: calc.version })).rhPayrollClose;
    expect(first.status).toBe('cerrada');
    const l = await agreement(loan.id);
    expect([m(l.balance), l.payments.map((p: any) => [p.payrollFolio, m(p.amount), m(p.balanceAfter)])]).toEqual(['5500.00', [[folio1, '500.00', '5500.00']]]);
  });

  it('a quincena stored twice before the rule cannot be closed: CONFLICT naming the other one, the balance stays 5,500.00 to the cent', async () => {
    // The defect as it was: the same quincena created twice, both calculated; closing the second took a second
    // 500.00 (5,500.00 → 5,000.00 in one quincena). Written straight into the database while the server is stopped.
    await s.stop();
    const database = await openDatabase({ databaseUrl: pgDatabase?.url ?? null, dataDir });
    let duplicateId: number;
    try {
      duplicateId = await database.db.transaction(async (tx) => {
        const [p] = await queryRows<{ id: number }>(
          tx,
          sql`insert into rh_payrolls (folio, kind, frequency, period_start, period_end, payment_date, description, status, table_year, perceptions, deductions, other_payments, net, calculated_at)
              select 9001, kind, frequency, period_start, period_end, payment_date, 'Quincena repetida antes de la regla', 'calculada', table_year, perceptions, deductions, other_payments, net, now()
              from rh_payrolls where id = ${Number(first.id)} returning id`,
        );
        const [pe] = await queryRows<{ id: number }>(
          tx,
          sql`insert into rh_payroll_employees (payroll_id, employee_id, employee_number, employee_name, daily_salary, sbc_daily, minimum_wage_only, days_worked, absences,
                overtime_double_hours, overtime_triple_hours, perceptions, taxable, exempt, isr, subsidy, isr_withheld, imss_employee, deductions, other_payments, net, fiscal_trace)
              select ${p.id}, employee_id, employee_number, employee_name, daily_salary, sbc_daily, minimum_wage_only, days_worked, absences,
                overtime_double_hours, overtime_triple_hours, perceptions, taxable, exempt, isr, subsidy, isr_withheld, imss_employee, deductions, other_payments, net, fiscal_trace
              from rh_payroll_employees where payroll_id = ${Number(first.id)} returning id`,
        );
        await tx.execute(
          sql`insert into rh_payroll_lines (payroll_employee_id, concept_id, source, agreement_id, description, amount, taxable, exempt, quantity)
              select ${pe.id}, l.concept_id, l.source, l.agreement_id, l.description, l.amount, l.taxable, l.exempt, l.quantity
              from rh_payroll_lines l join rh_payroll_employees e on e.id = l.payroll_employee_id where e.payroll_id = ${Number(first.id)} order by l.id`,
        );
        return p.id;
      });
    } finally {
      await database.close();
    }
    await start();

    const duplicate = await payroll(String(duplicateId));
    expect([duplicate.folio, duplicate.status, lines(duplicate.employees[0])]).toEqual([9001, 'calculada', lines(first.employees[0])]);
    await forbidden(P_CLOSE, { id: duplicate.id, v: duplicate.version }, viewer);
    expect(conflictOf(await s.gql(P_CLOSE, { id: duplicate.id, v: duplicate.version }, rh))).toBe(
      `No se puede cerrar: el empleado O-001 RUIZ SOTO ANA también está en la nómina ${folio1} (01/10/2026 al 15/10/2026) y solo puede haber una nómina quincenal por empleado y periodo. Elimina la nómina repetida.`,
    );
    const l = await agreement(loan.id);
    expect([l.status, m(l.balance), l.payments.length]).toEqual(['activo', '5500.00', 1]);
    expect((await payroll(duplicate.id)).status).toBe('calculada');
    // The way out: delete the repeated one.
    expect((await ok(P_DELETE, { id: duplicate.id, v: duplicate.version })).rhPayrollDelete).toBe(true);
  });

  it('an extraordinary payroll of the same dates pays no salary day, no IMSS and no installment the closed quincena paid', async () => {
    const e = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-20', description: 'Bono de productividad' } })).rhPayrollCreate;
    // Every day of 01–15/10 was paid by the closed quincena: it starts with 0 days (before the rule: 15).
    expect([e.folio, e.employeeCount, m(e.employees[0].daysWorked)]).toEqual([folio1 + 3, 1, '0.00']);
    const pe = e.employees[0].id;
    const bonus = await conceptId('P101');
    const incident = (days: string) => ({ daysWorked: days, absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: bonus, amount: '6000' }] });
    expect(fieldsOf(await s.gql(P_INCIDENT, { id: pe, i: incident('1') }, rh))).toEqual({
      daysWorked: `Parte del periodo ya se pagó en la nómina ${folio1} (01/10/2026 al 15/10/2026); captura como máximo 0 días.`,
    });
    await forbidden(P_INCIDENT, { id: pe, i: incident('0') }, viewer);
    const untouched = await payroll(e.id);
    expect([untouched.version, m(untouched.employees[0].daysWorked), untouched.employees[0].lines]).toEqual([e.version, '0.00', []]);

    await ok(P_INCIDENT, { id: pe, i: incident('0') });
    const draft = await payroll(e.id);
    await forbidden(P_CALC, { id: e.id, v: draft.version }, viewer);
    const calc = (await ok(P_CALC, { id: e.id, v: draft.version })).rhPayrollCalculate;
    const [a] = calc.employees;
    // Sueldo 0 days × 400 = 0.00; bono 6000.00 taxable, by art. 96 (the default) added to the quincena's ordinary income
    // 400 × 15 = 6,000.00 (182,400 > 11,492.66 × 15: no subsidy either way). Quincena tariff: ISR(12,000.00) = 916.20 +
    // (12,000 − 8,651.41) × 21.36 % = 1,631.458824; ISR(6,000.00) = 207.75 + (6,000 − 3,537.16) × 10.88 % = 475.706992;
    // withheld 1,155.751832 → 1,155.75 (the tariff on the bonus alone gave 475.71). IMSS 0 days = 0.00; no préstamo (the
    // quincena took it). Deductions 1,155.75; net 6,000 − 1,155.75 = 4,844.25.
    // Before the rule: sueldo 6000.00 more, IMSS 154.51 and a second 500.00 from the préstamo.
    expect(figures(a)).toEqual(['0.00', '6000.00', '6000.00', '0.00', '1155.75', '0.00', '1155.75', '0.00', '1155.75', '0.00', '4844.25']);
    expect(lines(a)).toEqual([
      ['SUELDO', 'calculo', '0.00'],
      ['P101', 'captura', '6000.00'],
      ['ISR', 'calculo', '1155.75'],
    ]);
    expect(a.fiscalTrace.slice(0, 2)).toEqual([
      { label: `Días del periodo ya pagados en la nómina ${folio1} (01/10/2026 al 15/10/2026)`, amount: '15' },
      { label: `Convenio ${loan.folio}: su abono del periodo ya lo tomó la nómina ${folio1} (01/10/2026 al 15/10/2026); no se descuenta otra vez`, amount: '0.00' },
    ]);
    expect(a.fiscalTrace.find((t: any) => t.label === 'Días cotizados IMSS').amount).toBe('0');

    const closed = (await ok(P_CLOSE, { id: e.id, v: calc.version })).rhPayrollClose;
    expect([closed.status, m(closed.net)]).toEqual(['cerrada', '4844.25']);
    const l = await agreement(loan.id);
    expect([m(l.balance), l.payments.length]).toEqual(['5500.00', 1]);
  });

  it('an extraordinary payroll calculated before the quincena closed is refused at its close and pays only the unpaid days once recalculated', async () => {
    // 14–20/10: the first quincena paid the 14th and 15th, so 5 days remain (16–20).
    const e = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-10-14', periodEnd: '2026-10-20', paymentDate: '2026-10-20' } })).rhPayrollCreate;
    expect(m(e.employees[0].daysWorked)).toBe('5.00');
    let calc = (await ok(P_CALC, { id: e.id, v: e.version })).rhPayrollCalculate;
    // Sueldo 400 × 5 = 2000.00, all taxable. ISR: row 416.71 / 7.95 / 6.40 %: (2000 − 416.71) × 6.40 % = 101.33056; + 7.95 → 109.28.
    // Subsidio 535.65 ÷ 30.4 × 15 = 264.30 (2000 ≤ cap 5670.72) exceeds the ISR: nothing withheld.
    // IMSS for 5 days: 69.99 × 0.40 % × 5 = 1.40; 421.92 × 0.25 % × 5 = 5.27; × 0.375 % × 5 = 7.91; × 0.625 % × 5 = 13.19;
    // × 1.125 % × 5 = 23.73 → 51.50. No préstamo: the first quincena (it shares the 14th and 15th) took it.
    // Deductions 51.50; net 2000 − 51.50 = 1948.50.
    expect(figures(calc.employees[0])).toEqual(['5.00', '2000.00', '2000.00', '0.00', '109.28', '264.30', '0.00', '51.50', '51.50', '0.00', '1948.50']);
    expect(lines(calc.employees[0])).toEqual([
      ['SUELDO', 'calculo', '2000.00'],
      ['IMSS', 'calculo', '51.50'],
      ['SUBSIDIO', 'calculo', '264.30'],
    ]);
    expect(calc.employees[0].fiscalTrace[0]).toEqual({ label: `Días del periodo ya pagados en la nómina ${folio1} (01/10/2026 al 15/10/2026)`, amount: '2' });

    // Now the second quincena (16–31/10) closes: it pays the 16th to the 20th and takes the next 500.00.
    const second2 = (await ok(P_CALC, { id: second.id, v: second.version })).rhPayrollCalculate;
    await ok(P_CLOSE, { id: second.id, v: second2.version });
    expect(m((await agreement(loan.id)).balance)).toBe('5000.00');

    expect(conflictOf(await s.gql(P_CLOSE, { id: e.id, v: calc.version }, rh))).toBe(
      `No se puede cerrar: la nómina ${folio1 + 1} (16/10/2026 al 31/10/2026) se cerró después del cálculo y ya pagó días de O-001 RUIZ SOTO ANA; vuelve a calcular la nómina.`,
    );
    expect([(await payroll(e.id)).status, m((await agreement(loan.id)).balance)]).toEqual(['calculada', '5000.00']);

    // Recalculated: the 5 captured days drop to the 0 left, and with them the sueldo and the IMSS.
    calc = (await ok(P_CALC, { id: e.id, v: calc.version })).rhPayrollCalculate;
    const [a] = calc.employees;
    expect([m(a.daysWorked), m(a.perceptions), m(a.imssEmployee), m(a.deductions), m(a.net), lines(a)]).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', [['SUELDO', 'calculo', '0.00']]]);
    expect(a.fiscalTrace.slice(0, 2).map((t: any) => [t.label, t.amount])).toEqual([
      [`Días del periodo ya pagados en la nómina ${folio1} (01/10/2026 al 15/10/2026)`, '2'],
      [`Días del periodo ya pagados en la nómina ${folio1 + 1} (16/10/2026 al 31/10/2026)`, '5'],
    ]);
    expect((await ok(P_CLOSE, { id: e.id, v: calc.version })).rhPayrollClose.status).toBe('cerrada');
    const l = await agreement(loan.id);
    expect([m(l.balance), l.payments.map((p: any) => [p.payrollFolio, m(p.amount), m(p.balanceAfter)])]).toEqual([
      '5000.00',
      [
        [folio1, '500.00', '5500.00'],
        [folio1 + 1, '500.00', '5000.00'],
      ],
    ]);
  });
  it('an extraordinaria taxed by RLISR art. 174 (the employer chooses): the bonus at the rate of its monthly equivalent, the salary days by the quincena tariff; without salary days no subsidio', async () => {
    const method = async (id: string) => (await ok('query($id:ID!){ rhPayroll(id:$id){ isrMethod } }', { id })).rhPayroll.isrMethod;
    const before = await countPayrolls();
    // Bad input: an unknown method is refused with a Spanish message naming the field; nothing is written.
    const bad = await s.gql(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-20', isrMethod: 'art95' } }, rh);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].message).toBe('Dato no válido en «i.isrMethod»: el valor "art95" no está permitido.');
    await forbidden(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-20', isrMethod: 'art174' } }, viewer);
    expect(await countPayrolls()).toBe(before);
    const bonus = await conceptId('P101');
    const incident = (days: string, amount: string) => ({ daysWorked: days, absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: bonus, amount }] });

    // 1) Both quincenas of October are closed: no salary day is left, so the whole 6,000.00 bonus goes by art. 174.
    const e = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-20', description: 'Bono anual', isrMethod: 'art174' } })).rhPayrollCreate;
    expect(await method(e.id)).toBe('art174');
    await ok(P_INCIDENT, { id: e.employees[0].id, i: incident('0', '6000') });
    const calc = (await ok(P_CALC, { id: e.id, v: (await payroll(e.id)).version })).rhPayrollCalculate;
    const [a] = calc.employees;
    // By hand (2026 monthly tariff): ordinary monthly income 400 × 30.4 = 12,160.00.
    // M = 6,000 ÷ 365 × 30.4 = 499.726027…; ISR1 on 12,659.726027…: row 12,598.03 / 1,011.68 / 16 %:
    // 61.696027… × 16 % + 1,011.68 = 1,021.551364…; ISR2 on 12,160.00: row 7,168.52 / 420.95 / 10.88 %:
    // 4,991.48 × 10.88 % + 420.95 = 964.023024; rate = 57.528340… ÷ 499.726027… = 0.11511976…;
    // ISR = 6,000 × rate = 690.7186 → 690.72 (art. 96 added to the quincena's 6,000.00 gives 1,155.75). No subsidy, no IMSS.
    expect(figures(a)).toEqual(['0.00', '6000.00', '6000.00', '0.00', '690.72', '0.00', '690.72', '0.00', '690.72', '0.00', '5309.28']);
    expect(lines(a)).toEqual([
      ['SUELDO', 'calculo', '0.00'],
      ['P101', 'captura', '6000.00'],
      ['ISR', 'calculo', '690.72'],
    ]);
    const trace = new Map(a.fiscalTrace.map((t: any) => [t.label, t.amount]));
    expect(trace.get('Ingreso ordinario mensual = 400.00 × 30.4')).toBe('12160');
    expect(trace.get('Demás percepciones gravadas: art. 174 RLISR, que eligió el patrón')).toBe('6000.00');
    expect(trace.get('ISR a retener (el del art. 174 RLISR)')).toBe('690.72');
    // With no salary day the quincena tariff's ISR and subsidy steps are not shown; its IMSS steps are.
    expect(trace.has('Subsidio para el empleo causado (535.65 ÷ 30.4 × 15 días)')).toBe(false);
    expect(trace.get('Días cotizados IMSS')).toBe('0');
    expect((await ok(P_CLOSE, { id: e.id, v: calc.version })).rhPayrollClose.net).toBe('5309.28');

    // 2) 01–05/11, no ordinary payroll yet: 5 salary days (2,000.00) by the quincena tariff with its subsidy and IMSS,
    // as in the test above (ISR 109.28, subsidio 264.30, nothing withheld on them; IMSS 51.50); the 1,000.00 bonus by
    // art. 174: M = 1,000 ÷ 365 × 30.4 = 83.287671…; 12,160 + M stays in the 10.88 % row, so rate = 10.88 % exactly
    // and ISR = 108.80. ISR 109.28 + 108.80 = 218.08; withheld 0.00 + 108.80 = 108.80. No ordinary payroll took November's
    // préstamo installment, so this one does: deductions 108.80 + 51.50 + 500.00 = 660.30; net 3,000.00 − 660.30 = 2,339.70.
    const n = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-11-01', periodEnd: '2026-11-05', paymentDate: '2026-11-05', isrMethod: 'art174' } })).rhPayrollCreate;
    expect(m(n.employees[0].daysWorked)).toBe('5.00');
    await ok(P_INCIDENT, { id: n.employees[0].id, i: incident('5', '1000') });
    const [b] = (await ok(P_CALC, { id: n.id, v: (await payroll(n.id)).version })).rhPayrollCalculate.employees;
    expect(figures(b)).toEqual(['5.00', '3000.00', '3000.00', '0.00', '218.08', '264.30', '108.80', '51.50', '660.30', '0.00', '2339.70']);
    expect(lines(b)).toEqual([
      ['SUELDO', 'calculo', '2000.00'],
      ['P101', 'captura', '1000.00'],
      ['ISR', 'calculo', '108.80'],
      ['IMSS', 'calculo', '51.50'],
      ['CONV-PRESTAMO', 'convenio', '500.00'],
      ['SUBSIDIO', 'calculo', '264.30'],
    ]);
    const traceB = new Map(b.fiscalTrace.map((t: any) => [t.label, t.amount]));
    expect([traceB.get('Sueldo de los días que paga esta nómina: tarifa del periodo (art. 96 LISR)'), traceB.get('ISR a retener (el del sueldo del periodo + el del art. 174 RLISR)')]).toEqual(['2000.00', '108.80']);

    // 3) Without a method an extraordinaria keeps art. 96: the bonus added to the quincena's ordinary income, 400 × 15 =
    // 6,000.00 (over the subsidy's cap). With no salary day it causes no subsidio of its own (the closed quincena gave it for
    // those days). A 1,000.00 bonus: ISR(7,000.00) = 499.20 + (7,000 − 6,216.16) × 16 % = 624.6144; − ISR(6,000.00)
    // 475.706992 = 148.907408 → 148.91 withheld (the tariff on the bonus alone gave 45.28; before issue 27's subsidy rule,
    // subsidio 264.30 was caused again and 0.00 withheld). Net 1,000 − 148.91 = 851.09.
    const plain = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-21' } })).rhPayrollCreate;
    expect(await method(plain.id)).toBe('art96');
    await ok(P_INCIDENT, { id: plain.employees[0].id, i: incident('0', '1000') });
    const [c] = (await ok(P_CALC, { id: plain.id, v: (await payroll(plain.id)).version })).rhPayrollCalculate.employees;
    expect(figures(c)).toEqual(['0.00', '1000.00', '1000.00', '0.00', '148.91', '0.00', '148.91', '0.00', '148.91', '0.00', '851.09']);
    expect(lines(c)).toEqual([
      ['SUELDO', 'calculo', '0.00'],
      ['P101', 'captura', '1000.00'],
      ['ISR', 'calculo', '148.91'],
    ]);
    const traceC = new Map(c.fiscalTrace.map((t: any) => [t.label, t.amount]));
    expect([traceC.get('Ingreso ordinario del periodo = 400.00 × 15 días'), traceC.get('ISR a retener (el del art. 96 LISR sumadas al ingreso ordinario del periodo)')]).toEqual(['6000.00', '148.91']);
    expect(c.fiscalTrace.some((t: any) => t.label.startsWith('Subsidio para el empleo causado'))).toBe(false);
    expect(traceC.get('Sin días de sueldo en esta nómina extraordinaria: no causa subsidio para el empleo (va con los días que paga la nómina ordinaria)')).toBe('0.00');
  });
});
