// Convenios and Nóminas over HTTP: abilities on every operation, bad input
// with Spanish field messages and nothing written, and a 3-employee
// quincenal payroll worked out by hand with the 2026 QUINCENAL tariff of
// MX_FISCAL.md: incidents, overtime, convenios and a deduction that leaves a
// net below zero (the close is refused naming the employee), then two closes
// at once (one wins) and the convenio balances after it; last, a quincena with
// a Sunday and a día de descanso obligatorio worked, to the cent and in its CFDI.
import { inflateSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { A_CANCEL, A_CREATE, A_UPDATE, conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_DELETE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let rh: string; // Recursos Humanos: every RH ability
let seller: string; // no RH
let viewer: string; // Consulta: only ver
let demoAgreements: number; // what the demo seed left (two convenios, a closed and an open payroll)
let demoPayrolls: number;

const { ok, createEmployee, retireDemoQuincenal, conceptId, payroll, agreement, countAgreements, countPayrolls } = rhPayrollApi(() => s, () => rh, { firstSeq: 900 });

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  [demoAgreements, demoPayrolls] = [await countAgreements(), await countPayrolls()];
});
afterAll(async () => s?.stop());

// ---- permissions ------------------------------------------------------------------------

describe('permissions: every Convenios and Nóminas operation', () => {
  const OPS: { name: string; query: string; needs: string }[] = [
    { name: 'rhAgreements', query: '{ rhAgreements { total } }', needs: 'ver' },
    { name: 'rhAgreement', query: '{ rhAgreement(id:"1"){ id } }', needs: 'ver' },
    { name: 'rhPayrolls', query: '{ rhPayrolls { total } }', needs: 'ver' },
    { name: 'rhPayrollGroups', query: '{ rhPayrollGroups(groupBy: STATUS) { totalGroups } }', needs: 'ver' },
    { name: 'rhPayroll', query: '{ rhPayroll(id:"1"){ id } }', needs: 'ver' },
    { name: 'rhFiscalPayrolls', query: '{ rhFiscalPayrolls { total } }', needs: 'ver' },
    { name: 'rhFiscalPayroll', query: '{ rhFiscalPayroll(id:"1"){ id } }', needs: 'ver' },
    { name: 'rhAgreementCreate', query: 'mutation{ rhAgreementCreate(input:{employeeId:"1",kind:prestamo,startDate:"2026-01-01",total:"10",installment:"5"}){ id } }', needs: 'crear' },
    { name: 'rhAgreementUpdate', query: 'mutation{ rhAgreementUpdate(id:"1",version:1,input:{employeeId:"1",kind:prestamo,startDate:"2026-01-01",total:"10",installment:"5"}){ id } }', needs: 'editar' },
    { name: 'rhAgreementCancel', query: 'mutation{ rhAgreementCancel(id:"1",version:1,reason:"x"){ id } }', needs: 'eliminar' },
    { name: 'rhPayrollCreate', query: 'mutation{ rhPayrollCreate(input:{kind:quincenal,periodStart:"2026-06-01",periodEnd:"2026-06-15",paymentDate:"2026-06-15"}){ id } }', needs: 'crear' },
    { name: 'rhPayrollIncidentSave', query: 'mutation{ rhPayrollIncidentSave(payrollEmployeeId:"1",input:{daysWorked:"15",absences:"0",overtimeDoubleHours:"0",overtimeTripleHours:"0",extras:[]}){ id } }', needs: 'editar' },
    { name: 'rhPayrollCalculate', query: 'mutation{ rhPayrollCalculate(id:"1",version:1){ id } }', needs: 'editar' },
    { name: 'rhPayrollClose', query: 'mutation{ rhPayrollClose(id:"1",version:1){ id } }', needs: 'autorizar' },
    { name: 'rhPayrollDelete', query: 'mutation{ rhPayrollDelete(id:"1",version:1) }', needs: 'eliminar' },
    { name: 'rhPayrollReceiptsPdf', query: '{ rhPayrollReceiptsPdf(id:"1") }', needs: 'exportar' },
    { name: 'rhPayrollReceiptXml', query: '{ rhPayrollReceiptXml(payrollEmployeeId:"1") }', needs: 'exportar' },
    { name: 'rhPayrollReceiptStamp', query: 'mutation{ rhPayrollReceiptStamp(payrollEmployeeId:"1"){ id } }', needs: 'autorizar' },
    { name: 'rhPayrollReceiptExclude', query: 'mutation{ rhPayrollReceiptExclude(payrollEmployeeId:"1", reason:"Sin datos"){ id } }', needs: 'autorizar' },
  ];

  it.each(OPS)('$name: FORBIDDEN without Recursos Humanos', async ({ query }) => {
    expect((await s.gql(query, {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it.each(OPS.filter((o) => o.needs !== 'ver'))('$name: FORBIDDEN for Consulta', async ({ query }) => {
    expect((await s.gql(query, {}, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it.each(OPS.filter((o) => o.needs === 'ver'))('$name: Consulta reads', async ({ query }) => {
    expect((await s.gql(query, {}, viewer)).errors).toBeUndefined();
  });
  it('the demo seed left two convenios, a closed and a calculated payroll; the refused calls wrote nothing; the calculation concepts exist once', async () => {
    expect([demoAgreements, demoPayrolls]).toEqual([2, 2]);
    expect((await ok('{ rhPayrolls(list:{sortBy:"folio"}){ items { status employeeCount } } }')).rhPayrolls.items.map((x: any) => x.status)).toEqual(['cerrada', 'calculada']);
    expect((await ok('{ rhAgreements(list:{sortBy:"folio"}){ items { kind payments { amount } } } }')).rhAgreements.items.map((x: any) => [x.kind, x.payments.map((y: any) => m(y.amount))])).toEqual([
      ['prestamo', ['500.00']],
      ['fonacot', ['300.00']],
    ]);
    expect(await countAgreements()).toBe(demoAgreements);
    expect(await countPayrolls()).toBe(demoPayrolls);
    const system = (await ok('{ rhConcepts(list:{pageSize:200}){ items { code systemKey satCode kind } } }')).rhConcepts.items.filter((c: any) => c.systemKey);
    expect(system.map((c: any) => [c.systemKey, c.kind, c.satCode]).sort()).toEqual(
      [
        ['AGUINALDO', 'percepcion', '002'],
        ['CONVENIO_DESCUENTO', 'deduccion', '004'],
        ['CONVENIO_FONACOT', 'deduccion', '011'],
        ['CONVENIO_INFONAVIT', 'deduccion', '010'],
        ['CONVENIO_PENSION', 'deduccion', '007'],
        ['CONVENIO_PRESTAMO', 'deduccion', '004'],
        ['HORAS_EXTRA_DOBLES', 'percepcion', '019'],
        ['HORAS_EXTRA_TRIPLES', 'percepcion', '019'],
        ['IMSS', 'deduccion', '001'],
        ['ISR', 'deduccion', '002'],
        ['SUBSIDIO', 'otro_pago', '002'],
        ['SUELDO', 'percepcion', '001'],
        // The finiquito payroll's (rh-payroll-finiquito.test.ts).
        ['VACACIONES', 'percepcion', '001'],
        ['PRIMA_VACACIONAL', 'percepcion', '021'],
        ['INDEMNIZACION', 'percepcion', '025'],
        ['INDEMNIZACION_20_DIAS', 'percepcion', '025'],
        ['PRIMA_ANTIGUEDAD', 'percepcion', '022'],
        // The PTU payroll's (rh-payroll-ptu.test.ts).
        ['PTU', 'percepcion', '003'],
        // Sundays and rest days worked (the last describe of this file): 020 prima dominical; 038 otros ingresos por salarios.
        ['PRIMA_DOMINICAL', 'percepcion', '020'],
        ['DESCANSO_LABORADO', 'percepcion', '038'],
      ].sort(),
    );
  });
});

// ---- the payroll worked by hand -----------------------------------------------------------

describe('convenios and a 3-employee quincenal payroll, by hand', () => {
  let a: any; // T-001: minimum wage, double overtime, two convenios
  let b: any; // T-002: absences, double and triple overtime, a bonus and a deduction
  let prestamo: any;
  let fonacot: any;
  let p: any;

  beforeAll(async () => {
    await retireDemoQuincenal();
    a = await createEmployee({ number: 'T-001', names: 'Juan', lastName: 'Pérez', secondLastName: 'López', birthDate: '1990-04-12', hireDate: '2022-07-01', dailySalary: '315.04' });
    b = await createEmployee({ number: 'T-002', names: 'Mario', lastName: 'Gómez', secondLastName: 'Ruiz', birthDate: '1985-09-03', hireDate: '2021-03-01', dailySalary: '400.00' });
    // T-003: a deduction that leaves the net below zero
    await createEmployee({ number: 'T-003', names: 'Luis', lastName: 'Torres', secondLastName: 'Vega', birthDate: '1979-01-20', hireDate: '2015-01-10', dailySalary: '600.00' });
  });

  it('convenios: bad input is refused field by field and writes nothing', async () => {
    const base = { employeeId: a.id, kind: 'prestamo', startDate: '2026-05-01', total: '1000.00', installment: '400.00' };
    expect(fieldsOf(await s.gql(A_CREATE, { i: { ...base, installment: '1000.01' } }, rh))).toEqual({ installment: 'El abono no puede ser mayor que el total.' });
    expect(fieldsOf(await s.gql(A_CREATE, { i: { ...base, total: '0', installment: '0' } }, rh))).toEqual({ total: 'Debe ser mayor a cero.', installment: 'Debe ser mayor a cero.' });
    expect(fieldsOf(await s.gql(A_CREATE, { i: { ...base, total: '1000.123' } }, rh))).toEqual({ total: 'Máximo 2 decimales.' });
    expect(fieldsOf(await s.gql(A_CREATE, { i: { ...base, employeeId: '999999' } }, rh))).toEqual({ employeeId: 'El empleado no existe.' });
    expect(await countAgreements()).toBe(demoAgreements);
  });

  it('convenios: created with a gapless folio and balance = total; edited before any payment; cancel needs a reason and only while activo', async () => {
    prestamo = (await ok(A_CREATE, { i: { employeeId: a.id, kind: 'prestamo', description: 'Préstamo personal', startDate: '2026-05-01', total: '1000.00', installment: '400.00' } })).rhAgreementCreate;
    expect(prestamo).toMatchObject({ folio: demoAgreements + 1, employeeNumber: 'T-001', employeeName: 'Pérez López Juan', kind: 'prestamo', status: 'activo', version: 1, payments: [] });
    expect([m(prestamo.total), m(prestamo.installment), m(prestamo.balance)]).toEqual(['1000.00', '400.00', '1000.00']);
    fonacot = (await ok(A_CREATE, { i: { employeeId: a.id, kind: 'fonacot', reference: 'FON-7781', startDate: '2026-05-01', total: '200.00', installment: '200.00' } })).rhAgreementCreate;
    expect(fonacot.folio).toBe(demoAgreements + 2);
    // Before any payment every figure can change; the balance follows the total.
    fonacot = (await ok(A_UPDATE, { id: fonacot.id, v: 1, i: { employeeId: a.id, kind: 'fonacot', reference: 'FON-7781', startDate: '2026-05-01', total: '250.00', installment: '250.00' } })).rhAgreementUpdate;
    expect([m(fonacot.total), m(fonacot.balance), fonacot.version]).toEqual(['250.00', '250.00', 2]);
    expect(conflictOf(await s.gql(A_UPDATE, { id: fonacot.id, v: 1, i: { employeeId: a.id, kind: 'fonacot', startDate: '2026-05-01', total: '1', installment: '1' } }, rh))).toBe('Otro usuario modificó este registro. Recarga la página para ver los cambios.');

    const third = (await ok(A_CREATE, { i: { employeeId: b.id, kind: 'descuento', startDate: '2026-05-01', total: '90.00', installment: '30.00' } })).rhAgreementCreate;
    expect(fieldsOf(await s.gql(A_CANCEL, { id: third.id, v: 1, r: '  ' }, rh))).toEqual({ reason: 'Este campo es obligatorio.' });
    const cancelled = (await ok(A_CANCEL, { id: third.id, v: 1, r: 'Capturado por error' })).rhAgreementCancel;
    expect(cancelled).toMatchObject({ status: 'cancelado', cancelReason: 'Capturado por error', version: 2 });
    expect(conflictOf(await s.gql(A_CANCEL, { id: third.id, v: 2, r: 'Otra vez' }, rh))).toBe('Solo se cancela un convenio activo (este está cancelado).');
    expect((await ok('query($e:ID){ rhAgreements(filter:{employeeId:$e, status:activo}){ total items { folio } } }', { e: a.id })).rhAgreements).toEqual({ total: 2, items: [{ folio: prestamo.folio }, { folio: fonacot.folio }] });
  });

  it('payroll: bad dates are refused and nothing is written', async () => {
    const i = { kind: 'quincenal', periodStart: '2026-06-01', periodEnd: '2026-06-15', paymentDate: '2026-06-15' };
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...i, periodEnd: '2026-05-31', paymentDate: '2026-05-30' } }, rh))).toEqual({
      periodEnd: 'El fin del periodo no puede ser anterior a su inicio.',
      paymentDate: 'La fecha de pago no puede ser anterior al inicio del periodo.',
    });
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...i, kind: 'extraordinaria' } }, rh))).toEqual({ frequency: 'Indica si la nómina extraordinaria es para empleados semanales o quincenales.' });
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...i, paymentDate: '2031-06-15', periodEnd: '2031-06-15' } }, rh))).toEqual({ paymentDate: 'No hay tablas fiscales para 2031; captúrelas en Configuración RH.' });
    expect(await countPayrolls()).toBe(demoPayrolls);
  });

  it('creates the payroll with the three employees (snapshot of salary and SBC = SDI, minimum-wage flag, 15 days)', async () => {
    p = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-06-01', periodEnd: '2026-06-15', paymentDate: '2026-06-15', description: 'Primera quincena de junio' } })).rhPayrollCreate;
    expect(p).toMatchObject({ folio: demoPayrolls + 1, kind: 'quincenal', frequency: 'quincenal', status: 'borrador', employeeCount: 3, tableYear: null });
    // SDI factor = 1 + (15 + vacation days × 25 %) ÷ 365, to 4 decimals, with the years completed at 15/06/2026:
    // T-001 3 years → 16 days: 1 + 19/365 = 1.0521; 315.04 × 1.0521 = 331.454… → 331.45
    // T-002 5 years → 20 days: 1 + 20/365 = 1.0548; 400 × 1.0548 = 421.92
    // T-003 11 years → 24 days: 1 + 21/365 = 1.0575; 600 × 1.0575 = 634.50
    expect(p.employees.map((e: any) => [e.employeeNumber, e.employeeName, m(e.dailySalary), m(e.sbcDaily), e.minimumWageOnly, m(e.daysWorked)])).toEqual([
      ['T-001', 'PÉREZ LÓPEZ JUAN', '315.04', '331.45', true, '15.00'],
      ['T-002', 'GÓMEZ RUIZ MARIO', '400.00', '421.92', false, '15.00'],
      ['T-003', 'TORRES VEGA LUIS', '600.00', '634.50', false, '15.00'],
    ]);
  });

  it('incidents: bad input is refused field by field and nothing changes', async () => {
    const peB = p.employees[1].id;
    const bonus = await conceptId('P101');
    const sueldo = await conceptId('SUELDO');
    const bad = await s.gql(P_INCIDENT, { id: peB, i: { daysWorked: '15', absences: '16', overtimeDoubleHours: '-1', overtimeTripleHours: '0', extras: [{ conceptId: sueldo, amount: '100' }, { conceptId: bonus, amount: '0' }] } }, rh);
    expect(fieldsOf(bad)).toEqual({ overtimeDoubleHours: 'No puede ser negativo.', 'extras.1.amount': 'Debe ser mayor a cero.' });
    const bad2 = await s.gql(P_INCIDENT, { id: peB, i: { daysWorked: '15', absences: '16', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: sueldo, amount: '100' }] } }, rh);
    expect(fieldsOf(bad2)).toEqual({ absences: 'Las faltas no pueden ser más que los días trabajados.', 'extras.0.conceptId': 'Este concepto lo calcula el sistema; no se captura a mano.' });
    const bad3 = await s.gql(P_INCIDENT, { id: peB, i: { daysWorked: '16', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: bonus, amount: '1' }, { conceptId: bonus, amount: '2' }] } }, rh);
    expect(fieldsOf(bad3)).toEqual({ daysWorked: 'Los días trabajados no pueden ser más que los 15 días del periodo.', 'extras.1.conceptId': 'Concepto repetido: captura un solo importe por concepto.' });
    const again = await payroll(p.id);
    expect(again.employees[1]).toMatchObject({ absences: '0', overtimeDoubleHours: '0', lines: [] });
    expect(again.version).toBe(p.version);
  });

  it('calculates every employee exactly (2026 QUINCENAL tariff, UMA 117.31) and refuses to close a negative net naming the employee', async () => {
    const [peA, peB, peC] = p.employees.map((e: any) => e.id);
    await ok(P_INCIDENT, { id: peA, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '4', overtimeTripleHours: '0', overtimeDoubleDays: 2, extras: [] } });
    await ok(P_INCIDENT, {
      id: peB,
      i: { daysWorked: '15', absences: '2', overtimeDoubleHours: '6', overtimeTripleHours: '1', overtimeDoubleDays: 2, overtimeTripleDays: 1, extras: [{ conceptId: await conceptId('P101'), amount: '250' }, { conceptId: await conceptId('D101'), amount: '100', description: 'Herramienta extraviada' }] },
    });
    const anticipo = await conceptId('D102');
    await ok(P_INCIDENT, { id: peC, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: anticipo, amount: '9000' }] } });
    const draft = await payroll(p.id);
    expect(draft.status).toBe('borrador');
    expect(conflictOf(await s.gql(P_CLOSE, { id: p.id, v: draft.version }, rh))).toBe('Calcula la nómina antes de cerrarla.');

    p = (await ok(P_CALC, { id: p.id, v: draft.version })).rhPayrollCalculate;
    expect(p).toMatchObject({ status: 'calculada', tableYear: 2026 });
    const [A, B, C] = p.employees;
    const figures = (e: any) => [e.perceptions, e.taxable, e.exempt, e.isr, e.subsidy, e.isrWithheld, e.imssEmployee, e.deductions, e.otherPayments, e.net].map(m);
    const lines = (e: any) => e.lines.map((l: any) => [l.conceptCode, l.kind, l.source, m(l.amount), m(l.taxable), m(l.exempt)]);

    // T-001, minimum wage: sueldo 315.04 × 15 = 4725.60; hourly 315.04 ÷ 8 = 39.38; dobles 39.38 × 2 × 4 = 315.04, all exempt.
    // No ISR and no subsidy (art. 96), IMSS paid by the employer (art. 36 LSS).
    // Convenios: préstamo min(400, 1000) = 400; FONACOT min(250, 250) = 250. Deductions 650; net 5040.64 − 650 = 4390.64.
    expect(figures(A)).toEqual(['5040.64', '4725.60', '315.04', '0.00', '0.00', '0.00', '0.00', '650.00', '0.00', '4390.64']);
    expect(lines(A)).toEqual([
      ['SUELDO', 'percepcion', 'calculo', '4725.60', '4725.60', '0.00'],
      ['HE-DOBLES', 'percepcion', 'calculo', '315.04', '0.00', '315.04'],
      ['CONV-PRESTAMO', 'deduccion', 'convenio', '400.00', '0.00', '0.00'],
      ['CONV-FONACOT', 'deduccion', 'convenio', '250.00', '0.00', '0.00'],
    ]);

    // T-002: paid 15 − 2 = 13 days; sueldo 400 × 13 = 5200.00; hourly 50.
    // Dobles 50 × 2 × 6 = 600.00: 50 % = 300.00 exempt (cap 5 UMA × 15/7 weeks = 1256.89), 300.00 taxable.
    // Triples 50 × 3 × 1 = 150.00 taxable; bono de puntualidad 250.00 taxable.
    // Taxable 5200 + 300 + 150 + 250 = 5900.00 (over the subsidy cap 11492.66 ÷ 30.4 × 15 = 5670.72: no subsidy).
    // ISR: row 3537.16 / 207.75 / 10.88 %: (5900 − 3537.16) × 10.88 % = 257.076992; + 207.75 = 464.826992 → 464.83.
    // IMSS on SBC 421.92 for 13 days (3 UMA = 351.93, excess 69.99): 69.99 × 0.40 % × 13 = 3.64; 421.92 × 0.25 % × 13 = 13.71;
    // × 0.375 % × 13 = 20.57; × 0.625 % × 13 = 34.28; × 1.125 % × 13 = 61.71 → 133.91.
    // Deductions 464.83 + 133.91 + 100 = 698.74; net 6200 − 698.74 = 5501.26.
    expect(figures(B)).toEqual(['6200.00', '5900.00', '300.00', '464.83', '0.00', '464.83', '133.91', '698.74', '0.00', '5501.26']);
    expect(lines(B)).toEqual([
      ['SUELDO', 'percepcion', 'calculo', '5200.00', '5200.00', '0.00'],
      ['HE-DOBLES', 'percepcion', 'calculo', '600.00', '300.00', '300.00'],
      ['HE-TRIPLES', 'percepcion', 'calculo', '150.00', '150.00', '0.00'],
      ['P101', 'percepcion', 'captura', '250.00', '250.00', '0.00'],
      ['ISR', 'deduccion', 'calculo', '464.83', '0.00', '0.00'],
      ['IMSS', 'deduccion', 'calculo', '133.91', '0.00', '0.00'],
      ['D101', 'deduccion', 'captura', '100.00', '0.00', '0.00'],
    ]);
    expect(B.fiscalTrace.find((t: any) => t.label === 'ISR (cuota fija + impuesto marginal)').amount).toBe('464.83');

    // T-003: sueldo 600 × 15 = 9000.00. ISR: row 8651.41 / 916.20 / 21.36 %: (9000 − 8651.41) × 21.36 % = 74.458824; + 916.20 → 990.66.
    // IMSS on SBC 634.50 × 15 days (excess 282.57): 16.95 + 23.79 + 35.69 + 59.48 + 107.07 = 242.98.
    // Deductions 990.66 + 242.98 + 9000 = 10233.64; net 9000 − 10233.64 = −1233.64.
    expect(figures(C)).toEqual(['9000.00', '9000.00', '0.00', '990.66', '0.00', '990.66', '242.98', '10233.64', '0.00', '-1233.64']);

    const refused = await s.gql(P_CLOSE, { id: p.id, v: p.version }, rh);
    expect(conflictOf(refused)).toBe('No se puede cerrar: el neto de T-003 TORRES VEGA LUIS sería −1,233.64 (percepciones 9,000.00, deducciones 10,233.64).');
    expect((await payroll(p.id)).status).toBe('calculada');
    expect(m((await agreement(prestamo.id)).balance)).toBe('1000.00');
  });

  it('after fixing the deduction: totals per concept and per payroll; two closes at once post once; convenio balances', async () => {
    const peC = p.employees[2].id;
    await ok(P_INCIDENT, { id: peC, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: await conceptId('D102'), amount: '3000' }] } });
    const draft = await payroll(p.id);
    expect(draft.status).toBe('borrador'); // an incident sends it back to borrador
    p = (await ok(P_CALC, { id: p.id, v: draft.version })).rhPayrollCalculate;
    // T-003: deductions 990.66 + 242.98 + 3000 = 4233.64; net 9000 − 4233.64 = 4766.36.
    expect([m(p.employees[2].deductions), m(p.employees[2].net)]).toEqual(['4233.64', '4766.36']);
    // Payroll: perceptions 5040.64 + 6200 + 9000 = 20240.64; deductions 650 + 698.74 + 4233.64 = 5582.38; net 4390.64 + 5501.26 + 4766.36 = 14658.26.
    expect([p.perceptions, p.deductions, p.otherPayments, p.net].map(m)).toEqual(['20240.64', '5582.38', '0.00', '14658.26']);
    expect(p.conceptTotals.map((t: any) => [t.code, t.kind, m(t.amount)])).toEqual([
      ['SUELDO', 'percepcion', '18925.60'], // 4725.60 + 5200 + 9000
      ['HE-DOBLES', 'percepcion', '915.04'], // 315.04 + 600
      ['HE-TRIPLES', 'percepcion', '150.00'],
      ['P101', 'percepcion', '250.00'],
      ['CONV-PRESTAMO', 'deduccion', '400.00'],
      ['CONV-FONACOT', 'deduccion', '250.00'],
      ['ISR', 'deduccion', '1455.49'], // 464.83 + 990.66
      ['IMSS', 'deduccion', '376.89'], // 133.91 + 242.98
      ['D101', 'deduccion', '100.00'],
      ['D102', 'deduccion', '3000.00'],
    ]);

    const [first, second] = await Promise.all([s.gql(P_CLOSE, { id: p.id, v: p.version }, rh), s.gql(P_CLOSE, { id: p.id, v: p.version }, rh)]);
    const winners = [first, second].filter((r) => !r.errors);
    const losers = [first, second].filter((r) => r.errors);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0].errors![0].extensions?.code).toBe('CONFLICT');
    const closed = (winners[0].data as any).rhPayrollClose;
    expect(closed).toMatchObject({ status: 'cerrada' });
    expect(conflictOf(await s.gql(P_CLOSE, { id: p.id, v: closed.version }, rh))).toBe('La nómina ya está cerrada.');

    // Préstamo 1000 − 400 = 600, still activo; FONACOT 250 − 250 = 0 → liquidado. One payment each.
    const pr = await agreement(prestamo.id);
    expect([pr.status, m(pr.balance), pr.payments.map((x: any) => [x.payrollFolio, x.paymentDate, m(x.amount), m(x.balanceAfter)])]).toEqual(['activo', '600.00', [[demoPayrolls + 1, '2026-06-15', '400.00', '600.00']]]);
    const fo = await agreement(fonacot.id);
    expect([fo.status, m(fo.balance), fo.payments.length]).toEqual(['liquidado', '0.00', 1]);
    // With payments applied, only the texts of a convenio may change.
    const locked = await s.gql(A_UPDATE, { id: pr.id, v: pr.version, i: { employeeId: a.id, kind: 'prestamo', startDate: '2026-05-01', total: '1200.00', installment: '400.00' } }, rh);
    expect(fieldsOf(locked)).toEqual({ total: 'El convenio ya tiene abonos aplicados; solo se pueden cambiar la descripción y la referencia.' });
    const texts = (await ok(A_UPDATE, { id: pr.id, v: pr.version, i: { employeeId: a.id, kind: 'prestamo', description: 'Préstamo para lentes', reference: 'REF-1', startDate: '2026-05-01', total: '1000', installment: '400' } })).rhAgreementUpdate;
    expect([texts.description, texts.reference, m(texts.balance)]).toEqual(['Préstamo para lentes', 'REF-1', '600.00']);
    expect(conflictOf(await s.gql(A_CANCEL, { id: fo.id, v: fo.version, r: 'Ya pagado' }, rh))).toBe('Solo se cancela un convenio activo (este está liquidado).');
  });

  it('a closed payroll is read-only and keeps its figures when the salary or the fiscal tables change', async () => {
    const before = await payroll(p.id);
    const peB = before.employees[1].id;
    expect(conflictOf(await s.gql(P_INCIDENT, { id: peB, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] } }, rh))).toBe('La nómina está cerrada; ya no se puede modificar.');
    expect(conflictOf(await s.gql(P_CALC, { id: p.id, v: before.version }, rh))).toBe('La nómina está cerrada; ya no se puede modificar.');
    expect(conflictOf(await s.gql(P_DELETE, { id: p.id, v: before.version }, rh))).toBe('Una nómina cerrada no se puede eliminar.');

    const emp = (await ok('query($id:ID!){ rhEmployee(id:$id){ id version } }', { id: b.id })).rhEmployee;
    await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ id } }', { id: b.id, v: emp.version, i: { ...b.input, dailySalary: '900.00' } });
    // A new year's tables (2027, copied from 2026 with doubled cuotas fijas) change nothing closed.
    const y = (await ok('{ rhFiscalYear(year:2026){ minimumWageGeneral minimumWageBorder sbcCapUma excessThresholdUma aguinaldoDays vacationPremiumPercent vacationDays { fromYear toYear days } tariffs { period derived rows { lowerLimit fixedFee rate } } subsidies { umaPercent monthlyUma monthlyAmount monthlyCap } uma { daily monthly } imssRates { code label rate base } } }')).rhFiscalYear;
    await ok('mutation($i:RhFiscalYearInput!){ rhFiscalYearCreate(input:$i){ year } }', {
      i: {
        year: 2027,
        minimumWageValidFrom: '2027-01-01',
        minimumWageGeneral: y.minimumWageGeneral,
        minimumWageBorder: y.minimumWageBorder,
        sbcCapUma: y.sbcCapUma,
        excessThresholdUma: y.excessThresholdUma,
        aguinaldoDays: y.aguinaldoDays,
        vacationPremiumPercent: y.vacationPremiumPercent,
        vacationDays: y.vacationDays,
        tariffs: y.tariffs.map((t: any) => ({ period: t.period, derived: t.derived, rows: t.rows.map((r: any) => ({ ...r, fixedFee: String(Number(r.fixedFee) * 2) })) })),
        subsidies: [{ ...y.subsidies[y.subsidies.length - 1], validFrom: '2027-02-01' }],
        uma: [{ ...y.uma[y.uma.length - 1], validFrom: '2027-02-01' }],
        imssRates: y.imssRates,
      },
    }, rh);
    const after = await payroll(p.id);
    expect(after).toEqual(before);
    expect((await ok('{ rhFiscalYear(year:2026){ closedPayrolls } }')).rhFiscalYear.closedPayrolls).toBe(2); // the demo's and this one
    expect((await ok('query($id:ID!){ rhFiscalPayroll(id:$id){ id status } }', { id: p.id })).rhFiscalPayroll).toEqual({ id: p.id, status: 'cerrada' });
  });

  it('receipts: one PDF per employee and one with every receipt, overtime with the days it was worked', async () => {
    const one = (await ok('query($id:ID!,$e:ID){ rhPayrollReceiptsPdf(id:$id, employeeId:$e) }', { id: p.id, e: a.id })).rhPayrollReceiptsPdf as string;
    const all = (await ok('query($id:ID!){ rhPayrollReceiptsPdf(id:$id) }', { id: p.id })).rhPayrollReceiptsPdf as string;
    const pages = (b64: string) => (Buffer.from(b64, 'base64').toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(Buffer.from(one, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(one)).toBe(1);
    expect(pages(all)).toBe(3);
    // The text the PDF draws (standard Helvetica: each TJ's hex runs are WinAnsi bytes), from its deflated streams.
    const texts = (b64: string) =>
      [...Buffer.from(b64, 'base64').toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].flatMap(([, raw]) => {
        let content: string;
        try {
          content = inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
        } catch {
          return [];
        }
        return [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map(([, runs]) => Buffer.from([...runs.matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join(''), 'hex').toString('latin1'));
      });
    // T-001 captured 4 double hours worked on 2 days and no triple ones; T-002 6 double hours on 2 days and 1 triple on 1.
    const after = (list: string[], label: string) => list[list.indexOf(label) + 1];
    expect([after(texts(one), 'Horas extra dobles'), after(texts(one), 'Horas extra triples')]).toEqual(['4 h en 2 días', '0']);
    expect(texts(all).filter((t) => / h en \d+ días?$/.test(t))).toEqual(['4 h en 2 días', '6 h en 2 días', '1 h en 1 día']);
    expect((await s.gql('query($id:ID!){ rhPayrollReceiptsPdf(id:$id, employeeId:"999999") }', { id: p.id }, rh)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('«Agrupar por» sums perceptions, other payments, deductions and net of the list\'s own payrolls by estado, tipo and mes de pago', async () => {
    const GROUPS = `query($g:RhPayrollGroupBy!,$f:RhPayrollFilter,$l:ListInput){ rhPayrollGroups(groupBy:$g, filter:$f, list:$l){
      totalGroups groups { key label count subtotal balance tax total } grandTotal { count subtotal balance tax total } } }`;
    const groups = async (g: string, f: Record<string, unknown> | null = null, l: Record<string, unknown> = {}) => (await ok(GROUPS, { g, f, l }, viewer)).rhPayrollGroups;
    const figures = (x: any) => [x.key, x.label, x.count, m(x.subtotal), m(x.balance), m(x.tax), m(x.total)];
    // This payroll alone (its folio): perceptions 20240.64, no other payments, deductions 5582.38, net 14658.26.
    const mine = { search: String(p.folio) };
    expect((await groups('STATUS', null, mine)).groups.map(figures)).toEqual([['cerrada', 'Cerrada', 1, '20240.64', '0.00', '5582.38', '14658.26']]);
    expect((await groups('KIND', null, mine)).groups.map(figures)).toEqual([['quincenal', 'Quincenal', 1, '20240.64', '0.00', '5582.38', '14658.26']]);
    expect((await groups('MONTH', null, mine)).groups.map(figures)).toEqual([['2026-06', 'junio de 2026', 1, '20240.64', '0.00', '5582.38', '14658.26']]);
    // With the demo's two payrolls (a closed and a calculated one): each group is the sum of its payrolls as the list reads them.
    const listed = (await ok('{ rhPayrolls(list:{pageSize:200}){ total items { status perceptions otherPayments deductions net } } }')).rhPayrolls;
    expect(listed.total).toBe(demoPayrolls + 1);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const sumOf = (rows: any[], k: string) => (rows.reduce((acc: number, x: any) => acc + cents(x[k]), 0) / 100).toFixed(2);
    const expected = ['calculada', 'cerrada'].map((st) => {
      const rows = listed.items.filter((x: any) => x.status === st);
      return [st, st === 'cerrada' ? 'Cerrada' : 'Calculada', rows.length, sumOf(rows, 'perceptions'), sumOf(rows, 'otherPayments'), sumOf(rows, 'deductions'), sumOf(rows, 'net')];
    });
    expect(expected.map((x) => x[2])).toEqual([1, 2]);
    const all = await groups('STATUS');
    expect(all.groups.map(figures)).toEqual(expected);
    expect([all.totalGroups, all.grandTotal.count, m(all.grandTotal.total)]).toEqual([2, 3, sumOf(listed.items, 'net')]);
    // The list's filter applies: only the closed ones.
    expect((await groups('KIND', { status: 'cerrada' })).grandTotal.count).toBe(2);
    expect(fieldsOf(await s.gql('{ rhPayrollGroups(groupBy: STATUS, list:{sortBy:"net2"}){ totalGroups } }', {}, rh))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
  });

  it('an open payroll can be deleted; its convenios stay untouched', async () => {
    const q = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-06-16', periodEnd: '2026-06-30', paymentDate: '2026-06-30' } })).rhPayrollCreate;
    expect(q.folio).toBe(demoPayrolls + 2);
    const calc = (await ok(P_CALC, { id: q.id, v: q.version })).rhPayrollCalculate;
    expect(conflictOf(await s.gql(P_DELETE, { id: q.id, v: q.version }, rh))).toBe('Otro usuario modificó este registro. Recarga la página para ver los cambios.');
    expect((await ok(P_DELETE, { id: q.id, v: calc.version })).rhPayrollDelete).toBe(true);
    expect(await ok('query($id:ID!){ rhPayroll(id:$id){ id } }', { id: q.id })).toEqual({ rhPayroll: null });
    expect(m((await agreement(prestamo.id)).balance)).toBe('600.00');
  });

  it('a minimum-wage worker: only the minimum wage itself is exempt; a bonus on top is taxed (tariff and subsidio)', async () => {
    const q = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-07-01', periodEnd: '2026-07-15', paymentDate: '2026-07-15' } })).rhPayrollCreate;
    const peA = q.employees.find((e: any) => e.employeeNumber === 'T-001').id;
    await ok(P_INCIDENT, { id: peA, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: await conceptId('P101'), amount: '5000' }] } });
    const calc = (await ok(P_CALC, { id: q.id, v: (await payroll(q.id)).version })).rhPayrollCalculate;
    const A = calc.employees.find((e: any) => e.employeeNumber === 'T-001');
    // Taxable 4725.60 sueldo + 5000.00 bono = 9725.60; the minimum wage 315.04 × 15 = 4725.60 is exempt → base 5000.00.
    // ISR: 207.75 + (5000.00 − 3537.16) × 10.88 % = 366.906992 → 366.91; subsidio 535.65 ÷ 30.4 × 15 = 264.30; withheld 102.61.
    expect([A.taxable, A.isr, A.subsidy, A.isrWithheld, A.imssEmployee].map(m)).toEqual(['9725.60', '366.91', '264.30', '102.61', '0.00']);
    expect(A.fiscalTrace).toContainEqual({ label: 'Salario mínimo exento (arts. 93 fr. I y 96 LISR): 315.04 × 15 días', amount: '4725.60' });
    expect(A.lines.find((l: any) => l.conceptCode === 'ISR').amount).toBe('102.61');
  });
});

// ---- issue 27: convenios without total --------------------------------------------------

describe('convenios without total: an INFONAVIT factor and a 20 % pensión alimenticia in a quincena, by hand', () => {
  let d: any; // T-004: 500.00 daily, hired 2020-01-15 (6 years in July 2026)
  let infonavit: any;
  let pension: any;
  const INFONAVIT = (over: Record<string, unknown> = {}) => ({ employeeId: d.id, kind: 'infonavit', method: 'factor', rate: '25', reference: 'Crédito 1234567890', startDate: '2026-07-01', ...over });
  const PENSION = (over: Record<string, unknown> = {}) => ({ employeeId: d.id, kind: 'pension_alimenticia', method: 'porcentaje', rate: '20', reference: 'Oficio 455/2026', startDate: '2026-07-01', ...over });

  beforeAll(async () => {
    d = await createEmployee({ number: 'T-004', names: 'Ana', lastName: 'Ramos', secondLastName: 'Díaz', birthDate: '1988-02-11', hireDate: '2020-01-15', dailySalary: '500.00' });
  });

  it('refuses a user without the ability and bad method figures with Spanish field messages; nothing is written', async () => {
    const before = await countAgreements();
    expect((await s.gql(A_CREATE, { i: INFONAVIT() }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(A_CREATE, { i: PENSION() }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const pct = 'El porcentaje debe ser mayor que 0 y no mayor que 100.';
    expect(fieldsOf(await s.gql(A_CREATE, { i: PENSION({ rate: '0' }) }, rh))).toEqual({ rate: pct });
    expect(fieldsOf(await s.gql(A_CREATE, { i: PENSION({ rate: '100.5' }) }, rh))).toEqual({ rate: pct });
    expect(fieldsOf(await s.gql(A_CREATE, { i: INFONAVIT({ rate: null }) }, rh))).toEqual({ rate: 'Captura el factor de descuento del aviso de retención.' });
    expect(fieldsOf(await s.gql(A_CREATE, { i: INFONAVIT({ method: 'porcentaje', total: '50000' }) }, rh))).toEqual({ total: 'Este método no lleva total: se descuenta hasta que se cancele el convenio.' });
    expect(fieldsOf(await s.gql(A_CREATE, { i: INFONAVIT({ method: 'cuota_fija', rate: null }) }, rh))).toEqual({ installment: 'Captura la cuota fija mensual en pesos.' });
    expect(fieldsOf(await s.gql(A_CREATE, { i: PENSION({ method: 'factor' }) }, rh))).toEqual({ method: 'Elige un método de descuento válido para este tipo de convenio.' });
    expect(fieldsOf(await s.gql(A_CREATE, { i: { employeeId: d.id, kind: 'prestamo', startDate: '2026-07-01', installment: '100' } }, rh))).toEqual({ total: 'Captura el total del convenio.' });
    expect(await countAgreements()).toBe(before);
  });

  it('creates both without total or balance; the quincena discounts each by its method and the close leaves them active', async () => {
    infonavit = (await ok(A_CREATE, { i: INFONAVIT() })).rhAgreementCreate;
    pension = (await ok(A_CREATE, { i: PENSION() })).rhAgreementCreate;
    expect([infonavit.method, m(infonavit.rate), infonavit.total, infonavit.installment, infonavit.balance, infonavit.status]).toEqual(['factor', '25.00', null, null, null, 'activo']);
    expect([pension.method, m(pension.rate), pension.total, pension.balance]).toEqual(['porcentaje', '20.00', null, null]);

    const q = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-07-16', periodEnd: '2026-07-31', paymentDate: '2026-07-31' } })).rhPayrollCreate;
    const calc = (await ok(P_CALC, { id: q.id, v: q.version })).rhPayrollCalculate;
    const D = calc.employees.find((e: any) => e.employeeNumber === 'T-004');
    // SDI factor for 6 years (22 vacation days): 1 + (15 + 22 × 25 %) ÷ 365 = 1.0562; SBC 500 × 1.0562 = 528.10.
    expect(m(D.sbcDaily)).toBe('528.10');
    // Sueldo 500 × 15 = 7500.00. ISR (2026 QUINCENAL row 7225.96 / 660.75 / 17.92 %): (7500 − 7225.96) × 17.92 % = 49.107968 + 660.75 → 709.86; no subsidio.
    // IMSS on the quincena's 16 calendar days, 528.10 × 16 = 8449.60 (excess over 3 UMA 351.93 = 176.17): 176.17 × 0.40 % × 16 = 11.27488 → 11.27;
    // 8449.60 × 0.25 % = 21.124 → 21.12, 0.375 % = 31.686 → 31.69, 0.625 % = 52.81, 1.125 % = 95.058 → 95.06 → 211.95.
    // Pensión base 7500 − 709.86 − 211.95 = 6578.19; 20 % = 1315.638 → 1315.64.
    // INFONAVIT factor 25 × UMA 117.31 = 2932.75 a month; ÷ 30.4 × 15 days = 1447.0806 → 1447.08.
    // Deductions 709.86 + 211.95 + 1315.64 + 1447.08 = 3684.53; net 7500 − 3684.53 = 3815.47.
    expect([D.perceptions, D.isrWithheld, D.imssEmployee, D.deductions, D.net].map(m)).toEqual(['7500.00', '709.86', '211.95', '3684.53', '3815.47']);
    expect(D.lines.filter((l: any) => l.source === 'convenio').map((l: any) => [l.conceptCode, m(l.amount), l.description])).toEqual([
      ['CONV-PENSION', '1315.64', `Convenio ${pension.folio} (Pensión alimenticia)`],
      ['CONV-INFONAVIT', '1447.08', `Convenio ${infonavit.folio} (INFONAVIT)`],
    ]);
    expect(D.fiscalTrace).toEqual(
      expect.arrayContaining([
        { label: `Convenio ${pension.folio}: base de la pensión = percepciones − ISR retenido − IMSS retenido`, amount: '6578.19' },
        { label: `Convenio ${pension.folio}: 20 % de la base`, amount: '1315.64' },
        { label: `Convenio ${infonavit.folio}: factor 25 × UMA diaria 117.31 ÷ 30.4 × 15 días del periodo (la UMA sustituye a la UMI de INFONAVIT)`, amount: '1447.08' },
      ]),
    );

    await ok(P_CLOSE, { id: q.id, v: calc.version });
    // No total: the payment is recorded without a balance and the convenio stays activo for the next payrolls.
    for (const [c, amount] of [[infonavit, '1447.08'], [pension, '1315.64']] as const) {
      const after = await agreement(c.id);
      expect([after.status, after.balance, after.payments.map((x: any) => [x.paymentDate, m(x.amount), x.balanceAfter])]).toEqual(['activo', null, [['2026-07-31', amount, null]]]);
    }
    // With a payment applied the method's figures are locked too.
    const p2 = await agreement(pension.id);
    expect(fieldsOf(await s.gql(A_UPDATE, { id: p2.id, v: p2.version, i: PENSION({ rate: '25' }) }, rh))).toEqual({ rate: 'El convenio ya tiene abonos aplicados; solo se pueden cambiar la descripción y la referencia.' });
  });
});

// ---- issue 27: Sundays and rest days worked ------------------------------------------------

describe('a Sunday and a día de descanso obligatorio worked in a quincena, by hand', () => {
  let q: any; // the quincena 16–30 September 2026 (16 Sept, Independence Day, is a Wednesday; 20 Sept a Sunday)
  const INCIDENT = (over: Record<string, unknown> = {}) => ({ daysWorked: '15', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [], sundaysWorked: ['2026-09-20'], restDaysWorked: ['2026-09-16'], ...over });
  const employeeOf = (p: any) => p.employees.find((e: any) => e.employeeNumber === 'T-005');

  beforeAll(async () => {
    // T-005: 500.00 daily, hired 2024-03-01, every CFDI datum.
    await createEmployee({ number: 'T-005', names: 'Elena', lastName: 'Soto', secondLastName: 'Paz', birthDate: '1991-05-06', hireDate: '2024-03-01', dailySalary: '500.00', postalCode: '76000', workState: 'QUE', contractType: '01' });
    q = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-09-16', periodEnd: '2026-09-30', paymentDate: '2026-09-30' } })).rhPayrollCreate;
  });

  it('refuses a user without the payroll ability and dates outside the period, not Sundays or repeated, with Spanish field messages; nothing is written', async () => {
    const pe = employeeOf(q).id;
    expect((await s.gql(P_INCIDENT, { id: pe, i: INCIDENT() }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(P_INCIDENT, { id: pe, i: INCIDENT() }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const bad = await s.gql(P_INCIDENT, { id: pe, i: INCIDENT({ sundaysWorked: ['2026-10-04', '2026-09-21'], restDaysWorked: ['2026-09-16', '2026-09-15', '2026-09-16'] }) }, rh);
    expect(fieldsOf(bad)).toEqual({
      'sundaysWorked.0': 'El 04/10/2026 está fuera del periodo de la nómina (16/09/2026 al 30/09/2026).',
      'sundaysWorked.1': 'El 21/09/2026 no es domingo.',
      'restDaysWorked.1': 'El 15/09/2026 está fuera del periodo de la nómina (16/09/2026 al 30/09/2026).',
      'restDaysWorked.2': 'Fecha repetida: captura cada día una sola vez.',
    });
    const again = await payroll(q.id);
    expect(again.version).toBe(q.version);
    expect([employeeOf(again).sundaysWorked, employeeOf(again).restDaysWorked]).toEqual([[], []]);
  });

  it('calculates the prima dominical and the double salary, each figure to the cent, with their steps in the fiscal trace', async () => {
    const saved = (await ok(P_INCIDENT, { id: employeeOf(q).id, i: INCIDENT() })).rhPayrollIncidentSave;
    expect([saved.sundaysWorked, saved.restDaysWorked]).toEqual([['2026-09-20'], ['2026-09-16']]);
    q = (await ok(P_CALC, { id: q.id, v: (await payroll(q.id)).version })).rhPayrollCalculate;
    const F = employeeOf(q);
    // SDI for 2 years (14 vacation days): 1 + (15 + 14 × 25 %) ÷ 365 = 1.050684… → 1.0507; SBC 500 × 1.0507 = 525.35.
    expect(m(F.sbcDaily)).toBe('525.35');
    // Sueldo 500 × 15 = 7500.00 gravado.
    // Prima dominical 25 % × 500.00 × 1 = 125.00: exempt min(125.00, UMA 117.31) = 117.31, gravado 7.69.
    // 16 Sept worked: 2 × 500.00 = 1000.00; exempt 50 % = 500.00 (cap 5 × 117.31 × 15 ÷ 7 = 1256.89, no overtime), gravado 500.00.
    expect(F.lines.map((l: any) => [l.conceptCode, l.kind, l.source, m(l.amount), m(l.taxable), m(l.exempt)])).toEqual([
      ['SUELDO', 'percepcion', 'calculo', '7500.00', '7500.00', '0.00'],
      ['PRIMA-DOM', 'percepcion', 'calculo', '125.00', '7.69', '117.31'],
      ['DESCANSO-LAB', 'percepcion', 'calculo', '1000.00', '500.00', '500.00'],
      ['ISR', 'deduccion', 'calculo', '800.84', '0.00', '0.00'],
      ['IMSS', 'deduccion', 'calculo', '197.56', '0.00', '0.00'],
    ]);
    // Gross 7500 + 125 + 1000 = 8625.00; exempt 117.31 + 500 = 617.31; gravado 8625 − 617.31 = 8007.69 (over the subsidy cap 5670.72: none).
    // ISR (2026 QUINCENAL row 7225.96 / 660.75 / 17.92 %): (8007.69 − 7225.96) × 17.92 % = 140.086016 + 660.75 = 800.836016 → 800.84.
    // IMSS on 525.35 × 15 calendar days (excess over 3 UMA 351.93 = 173.42): 173.42 × 0.40 % × 15 = 10.4052 → 10.41;
    // 525.35 × 15 = 7880.25: × 0.25 % = 19.700625 → 19.70, × 0.375 % = 29.5509375 → 29.55, × 0.625 % = 49.2515625 → 49.25,
    // × 1.125 % = 88.6528125 → 88.65 → 197.56. Deductions 800.84 + 197.56 = 998.40; net 8625 − 998.40 = 7626.60.
    expect([F.perceptions, F.exempt, F.taxable, F.isr, F.subsidy, F.isrWithheld, F.imssEmployee, F.deductions, F.net].map(m)).toEqual([
      '8625.00', '617.31', '8007.69', '800.84', '0.00', '800.84', '197.56', '998.40', '7626.60',
    ]);
    expect(F.fiscalTrace.slice(0, 7)).toEqual([
      { label: 'Prima dominical (art. 71 LFT): 25 % × 500.00 × 1 domingo (20/09/2026)', amount: '125.00' },
      { label: 'Prima dominical exenta (art. 93 fr. XIV LISR): mín(125.00, 1 UMA = 117.31) × 1 domingo', amount: '117.31' },
      { label: 'Prima dominical gravada', amount: '7.69' },
      { label: 'Días de descanso trabajados (arts. 73 y 75 LFT): salario doble 2 × 500.00 × 1 día: 16/09/2026 descanso obligatorio, Día de la Independencia (16 de septiembre)', amount: '1000.00' },
      { label: 'Tope exento de horas extra dobles y días de descanso trabajados (art. 93 fr. I LISR): 5 UMA × 117.31 × 15 días ÷ 7', amount: '1256.89' },
      { label: 'Días de descanso trabajados exentos: 50 % de 1000.00, hasta el tope', amount: '500.00' },
      { label: 'Días de descanso trabajados gravados', amount: '500.00' },
    ]);
    expect(F.fiscalTrace).toContainEqual({ label: 'Base gravable del periodo', amount: '8007.69' });
    expect(F.fiscalTrace).toContainEqual({ label: 'ISR (cuota fija + impuesto marginal)', amount: '800.84' });
  });

  it('the close stamps its CFDI: XSD-valid, the prima dominical as 020 and the rest day as 038 with their exempt parts', async () => {
    const closed = (await ok(P_CLOSE, { id: q.id, v: q.version })).rhPayrollClose;
    const F = employeeOf(closed);
    const receipt = (await ok('query($id:ID!){ rhPayroll(id:$id){ employees { employeeNumber stampStatus stampError uuid } } }', { id: q.id })).rhPayroll.employees.find((e: any) => e.employeeNumber === 'T-005');
    expect(receipt).toMatchObject({ stampStatus: 'timbrada', stampError: null });
    const xml = (await ok('query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }', { id: F.id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloSatValid: true, uuid: receipt.uuid });
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false }).parse(xml).Comprobante;
    // SubTotal 8625.00 − Descuento 998.40 = Total 7626.60, the receipt's net.
    expect(doc).toMatchObject({ '@SubTotal': '8625.00', '@Descuento': '998.40', '@Total': '7626.60' });
    const p = doc.Complemento.Nomina.Percepciones;
    expect(p).toMatchObject({ '@TotalSueldos': '8625.00', '@TotalGravado': '8007.69', '@TotalExento': '617.31' });
    expect(p.Percepcion.map((x: any) => [x['@TipoPercepcion'], x['@Clave'], x['@ImporteGravado'], x['@ImporteExento']])).toEqual([
      ['001', 'SUELDO', '7500.00', '0.00'],
      ['020', 'PRIMA-DOM', '7.69', '117.31'],
      ['038', 'DESCANSO-LAB', '500.00', '500.00'],
    ]);
  }, 240_000);

  it('a day another payroll already holds is refused for the same employee (an extraordinaria of the same dates)', async () => {
    const x = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-09-16', periodEnd: '2026-09-30', paymentDate: '2026-09-30' } })).rhPayrollCreate;
    const pe = employeeOf(x);
    const refused = await s.gql(P_INCIDENT, { id: pe.id, i: INCIDENT({ daysWorked: '0', sundaysWorked: ['2026-09-20', '2026-09-27'], restDaysWorked: ['2026-09-16'] }) }, rh);
    expect(fieldsOf(refused)).toEqual({
      'sundaysWorked.0': `El domingo 20/09/2026 ya está en las incidencias de la nómina ${q.folio} (16/09/2026 al 30/09/2026): cada día trabajado se paga en una sola nómina.`,
      'restDaysWorked.0': `El día de descanso 16/09/2026 ya está en las incidencias de la nómina ${q.folio} (16/09/2026 al 30/09/2026): cada día trabajado se paga en una sola nómina.`,
    });
    expect(employeeOf(await payroll(x.id)).sundaysWorked).toEqual([]);
    // Deleting the extraordinaria leaves the quincena's days where they were.
    expect((await ok(P_DELETE, { id: x.id, v: (await payroll(x.id)).version })).rhPayrollDelete).toBe(true);
    expect(employeeOf(await payroll(q.id)).restDaysWorked).toEqual(['2026-09-16']);
  });
});
