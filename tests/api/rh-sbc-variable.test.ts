// SBC variable part over HTTP (issue 27; LSS art. 30 fr. II): a weekly employee with two closed weekly payrolls
// ending in September–October 2026 (a Sunday worked in each, 3 triple hours in the second) gets a new SBC worked out by
// hand, one modificación (07) effective 1 November, and the November payroll cotiza with it. Abilities, bad
// input, a bimester where nobody changes and a second apply (CONFLICT) write nothing. Once the update is in
// force, the PTU and finiquito receipts (and their CFDI) and a salary change's 07 carry fixed SDI + variable part.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let rh: string;
let seller: string;
let viewer: string;

const api = rhPayrollApi(() => s, () => rh, { firstSeq: 960 });

const PREVIEW = `query($y:Int!,$b:Int!){ rhSbcVariablePreview(year:$y, bimester:$b){ year bimester from to calendarDays effectiveDate deadline applied
  employees { employeeId number days integrable variableDaily fixedSdi currentSbc sbc capped changes lines { concept rule paid integrable } steps { label value detail } } } }`;
const APPLY = 'mutation($y:Int!,$b:Int!){ rhSbcVariableApply(year:$y, bimester:$b){ employees movements effectiveDate } }';
const MOVEMENTS = '{ rhImssMovements(list:{pageSize:200}){ items { id employeeId type effectiveDate deadline sbc salaryType status } } }';
const IDSE = 'query($ids:[ID!]!){ rhImssMovementsIdseFile(ids:$ids){ content } }';
const COST = 'query($i:EmployerCostPreviewInput!){ employerCostPreview(input:$i){ infonavit retiro total } }';

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const movementsOf = async (employeeId: string) => ((await api.ok(MOVEMENTS)).rhImssMovements.items as any[]).filter((x) => x.employeeId === employeeId);
const updatesCount = async () => (await api.ok(PREVIEW, { y: 2026, b: 5 })).rhSbcVariablePreview.applied as boolean;

/** A closed weekly payroll with the given incidents per employee number. */
async function closedWeek(from: string, to: string, incidents: Record<string, Record<string, unknown>>) {
  const p = (await api.ok(P_CREATE, { i: { kind: 'semanal', periodStart: from, periodEnd: to, paymentDate: to } })).rhPayrollCreate;
  for (const [employeeNumber, incident] of Object.entries(incidents)) {
    const pe = p.employees.find((e: any) => e.employeeNumber === employeeNumber);
    await api.ok(P_INCIDENT, { id: pe.id, i: { daysWorked: pe.daysWorked, absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [], ...incident } });
  }
  const calc = (await api.ok(P_CALC, { id: p.id, v: (await api.payroll(p.id)).version })).rhPayrollCalculate;
  return (await api.ok(P_CLOSE, { id: p.id, v: calc.version })).rhPayrollClose;
}

const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };
let employee: any;
let second: any;

describe('bimester September–October 2026', () => {
  beforeAll(async () => {
    // 500.00 daily, hired 5 January 2026: on 1 November still in the first year, 12 vacation days.
    // Factor 1 + (15 + 12 × 0.25) ÷ 365 = 1.049315… → 1.0493; fixed SDI 500 × 1.0493 = 524.65.
    employee = await api.createEmployee({ number: 'SBCV-1', names: 'Mario', lastName: 'Ortega', secondLastName: 'Lara', birthDate: '1988-02-10', hireDate: '2026-01-05', dailySalary: '500.00', payFrequency: 'semanal' });
    // 400.00 daily, hired 4 March 2024 (days in the 2025 PTU), a Sunday worked each week: see «once the update is in force».
    second = await api.createEmployee({ number: 'SBCV-2', names: 'Sara', lastName: 'Núñez', secondLastName: 'Vela', birthDate: '1991-06-20', hireDate: '2024-03-04', dailySalary: '400.00', payFrequency: 'semanal', ...CFDI_DATA });
    await closedWeek('2026-08-31', '2026-09-06', { 'SBCV-1': { sundaysWorked: ['2026-09-06'] }, 'SBCV-2': { sundaysWorked: ['2026-09-06'] } });
    await closedWeek('2026-09-28', '2026-10-04', { 'SBCV-1': { sundaysWorked: ['2026-10-04'], overtimeTripleHours: '3', overtimeTripleDays: 1 }, 'SBCV-2': { sundaysWorked: ['2026-10-04'] } });
  });

  it('the preview: prima dominical 2 × 125.00 and 3 triple hours × 187.50 over 61 days → 13.32 a day, SBC 524.65 + 13.32 = 537.97', async () => {
    const p = (await api.ok(PREVIEW, { y: 2026, b: 5 })).rhSbcVariablePreview;
    // 1 November 2026 is a Sunday; 5 business days: Mon 2 (Día de Muertos is not LFT art. 74), Tue 3, Wed 4, Thu 5, Fri 6.
    expect([p.from, p.to, p.calendarDays, p.effectiveDate, p.deadline, p.applied]).toEqual(['2026-09-01', '2026-10-31', 61, '2026-11-01', '2026-11-06', false]);
    const e = p.employees.find((x: any) => x.employeeId === employee.id);
    // 25 % × 500 = 125.00 per Sunday; hourly 500 ÷ 8 = 62.50, triple 187.50 × 3 = 562.50. Integrable 250.00 + 562.50 = 812.50.
    // 812.50 ÷ 61 = 13.3196… → 13.32. The salary (2 weeks × 7 days × 500) is the fixed part.
    expect([e.days, m(e.integrable), m(e.variableDaily), m(e.fixedSdi), m(e.currentSbc), m(e.sbc), e.capped, e.changes].map(String)).toEqual(['61', '812.50', '13.32', '524.65', '524.65', '537.97', 'false', 'true']);
    expect(e.lines.map((l: any) => [l.rule, m(l.paid), m(l.integrable)])).toEqual(expect.arrayContaining([['fijo', '7000.00', '0.00'], ['integra', '250.00', '250.00'], ['integra', '562.50', '562.50']]));
    expect(e.steps.at(-1)).toMatchObject({ label: 'SBC', value: '537.97' });
  });

  it('refuses a user without the IMSS movements ability and a bad bimester with a Spanish field message; nothing is written', async () => {
    expect((await s.gql(APPLY, { y: 2026, b: 5 }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(APPLY, { y: 2026, b: 5 }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(PREVIEW, { y: 2026, b: 5 }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(fieldsOf(await s.gql(APPLY, { y: 2026, b: 7 }, rh))).toEqual({ bimester: 'El bimestre va de 1 (enero–febrero) a 6 (noviembre–diciembre).' });
    expect(fieldsOf(await s.gql(APPLY, { y: 2026, b: 6 }, rh))).toEqual({ bimester: 'El bimestre aún no termina: la modificación se calcula con el bimestre cerrado.' });
    expect(await updatesCount()).toBe(false);
    expect((await movementsOf(employee.id)).filter((x) => x.type === 'modificacion')).toHaveLength(0);
  });

  it('July–August: no closed payroll paid a variable perception, so nobody changes; applying it is a CONFLICT and writes nothing', async () => {
    const p = (await api.ok(PREVIEW, { y: 2026, b: 4 })).rhSbcVariablePreview;
    expect(p.employees.length).toBeGreaterThan(0);
    expect(p.employees.filter((e: any) => e.changes)).toEqual([]);
    const movementsBefore = ((await api.ok(MOVEMENTS)).rhImssMovements.items as any[]).length;
    expect(conflictOf(await s.gql(APPLY, { y: 2026, b: 4 }, rh))).toBe('Nadie cambia de SBC en ese bimestre: no hay modificaciones de salario (07) que aplicar.');
    expect((await api.ok(PREVIEW, { y: 2026, b: 4 })).rhSbcVariablePreview.applied).toBe(false);
    expect(((await api.ok(MOVEMENTS)).rhImssMovements.items as any[]).length).toBe(movementsBefore);
  });

  it('applying records one modificación 07 effective 1 November with SBC 537.97; a second apply is a CONFLICT and writes nothing', async () => {
    const r = (await api.ok(APPLY, { y: 2026, b: 5 })).rhSbcVariableApply;
    expect(r.effectiveDate).toBe('2026-11-01');
    expect(r.movements).toBeGreaterThanOrEqual(1);
    const mods = (await movementsOf(employee.id)).filter((x) => x.type === 'modificacion');
    expect(mods.map((x) => [x.effectiveDate, x.deadline, m(x.sbc), x.status])).toEqual([['2026-11-01', '2026-11-06', '537.97', 'pendiente']]);
    expect(await updatesCount()).toBe(true);
    expect(conflictOf(await s.gql(APPLY, { y: 2026, b: 5 }, rh))).toBe('La actualización del SBC de ese bimestre ya se aplicó.');
    expect((await movementsOf(employee.id)).filter((x) => x.type === 'modificacion')).toHaveLength(1);
  });

  it('the week of 23–29 November cotiza with 537.97: INFONAVIT 5 % × 537.97 × 30 = 806.955 → 806.96 instead of 524.65 × 30 × 5 % = 786.975 → 786.98', async () => {
    const p = (await api.ok(P_CREATE, { i: { kind: 'semanal', periodStart: '2026-11-23', periodEnd: '2026-11-29', paymentDate: '2026-11-30' } })).rhPayrollCreate;
    const pe = p.employees.find((e: any) => e.employeeNumber === 'SBCV-1');
    expect(m(pe.sbcDaily)).toBe('537.97');
    const cost = async (sbc: string) => (await api.ok(COST, { i: { paymentDate: '2026-11-30', sbcDaily: sbc, days: 30, riskPremiumPercent: '0.54355' } })).employerCostPreview;
    const [after, before] = [await cost(pe.sbcDaily), await cost('524.65')];
    expect([m(after.infonavit), m(before.infonavit)]).toEqual(['806.96', '786.98']);
    // Retiro 2 % × 537.97 × 30 = 322.782 → 322.78 (before 2 % × 524.65 × 30 = 314.79).
    expect([m(after.retiro), m(before.retiro)]).toEqual(['322.78', '314.79']);
  });
});

// SBCV-2 (400.00, hired 04/03/2024): on 1, 20 and 27 November 2026, 2 completed years → 14 vacation days;
// factor 1 + (15 + 14 × 0.25) ÷ 365 = 1.0506849… → 1.0507; fixed SDI 400 × 1.0507 = 420.28.
// Bimester 5: prima dominical 2 × 25 % × 400 = 200.00 ÷ 61 days = 3.2786… → 3.28; SBC 420.28 + 3.28 = 423.56
// (25 UMA = 25 × 117.31 = 2,932.75, far above).
describe('once the update is in force (1 November 2026)', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });
  const XML = 'query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }';
  const EXCLUDE = 'mutation($id:ID!,$x:Boolean!){ rhPayrollPtuExclusion(payrollEmployeeId:$id, excluded:$x){ id } }';
  const STAMPED = 'query($id:ID!){ rhPayroll(id:$id){ status employees { id employeeNumber stampStatus stampError } } }';
  const EMPLOYEE = 'query($id:ID!){ rhEmployee(id:$id){ version } }';
  const UPDATE = 'mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ id version } }';
  const TERMINATE = 'mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id version } }';
  const FINIQUITO = 'mutation($e:ID!,$i:RhSeparationPayrollInput!){ rhSeparationPayrollCreate(employeeId:$e,input:$i){ id version employees { id employeeNumber sbcDaily } } }';
  const receiptOf = async (payrollEmployeeId: string) => parser.parse((await api.ok(XML, { id: payrollEmployeeId })).rhPayrollReceiptXml).Comprobante.Complemento.Nomina.Receptor;
  const versionOf = async (id: string) => (await api.ok(EMPLOYEE, { id })).rhEmployee.version as number;

  it('the bimonthly update gave SBCV-2 420.28 + 3.28 = 423.56', async () => {
    const e = (await api.ok(PREVIEW, { y: 2026, b: 5 })).rhSbcVariablePreview.employees.find((x: any) => x.employeeId === second.id);
    expect([m(e.integrable), m(e.variableDaily), m(e.fixedSdi), m(e.sbc)]).toEqual(['200.00', '3.28', '420.28', '423.56']);
    expect((await movementsOf(second.id)).filter((x) => x.type === 'modificacion').map((x) => [x.effectiveDate, m(x.sbc)])).toEqual([['2026-11-01', '423.56']]);
  });

  it('a salary change before 1 November reports the fixed SDI only; one after it, the new fixed SDI + 13.32 (LSS art. 30 fr. III)', async () => {
    // SBCV-1, first year (factor 1.0493). 26/10: 520.00 × 1.0493 = 545.636 → 545.64, no update in force yet.
    await api.ok(UPDATE, { id: employee.id, v: await versionOf(employee.id), i: { ...employee.input, dailySalary: '520.00', salaryEffectiveDate: '2026-10-26' } });
    // 16/11: 550.00 × 1.0493 = 577.115 → 577.12, + the 13.32 of bimester 5 = 590.44.
    await api.ok(UPDATE, { id: employee.id, v: await versionOf(employee.id), i: { ...employee.input, dailySalary: '550.00', salaryEffectiveDate: '2026-11-16' } });
    const mods = (await movementsOf(employee.id)).filter((x) => x.type === 'modificacion').sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
    expect(mods.map((x) => [x.effectiveDate, m(x.sbc), x.salaryType])).toEqual([
      ['2026-10-26', '545.64', 'fijo'],
      ['2026-11-01', '537.97', 'mixto'],
      ['2026-11-16', '590.44', 'mixto'],
    ]);
    // IDSE's tipo de salario (position 117): 0 fijo, 2 mixto.
    const lines = (await api.ok(IDSE, { ids: mods.map((x) => x.id) })).rhImssMovementsIdseFile.content.split('\r\n').filter(Boolean);
    expect(lines.map((l: string) => [l.slice(131, 133), l.slice(103, 109), l[116]])).toEqual([
      ['07', '054564', '0'],
      ['07', '053797', '2'],
      ['07', '059044', '2'],
    ]);
  });

  it('a salary above the ceiling: the 07 declares 25 UMA (LSS art. 28), mixto', async () => {
    // 20/11: 3,000.00 × 1.0493 = 3,147.90 + 13.32 = 3,161.22 > 25 × 117.31 = 2,932.75.
    await api.ok(UPDATE, { id: employee.id, v: await versionOf(employee.id), i: { ...employee.input, dailySalary: '3000.00', salaryEffectiveDate: '2026-11-20' } });
    const last = (await movementsOf(employee.id)).find((x) => x.effectiveDate === '2026-11-20');
    expect([last.type, m(last.sbc), last.salaryType]).toEqual(['modificacion', '2932.75', 'mixto']);
  });

  it('the 2025 PTU paid 27/11/2026: SBCV-2’s receipt and CFDI carry 423.56, not the fixed 420.28', async () => {
    const ptu = (await api.ok(P_CREATE, { i: { kind: 'ptu', periodStart: '2026-11-27', periodEnd: '2026-11-27', paymentDate: '2026-11-27', ptuYear: 2025, ptuAmount: '1000.00' } })).rhPayrollCreate;
    const mine = ptu.employees.find((e: any) => e.employeeNumber === 'SBCV-2');
    expect(m(mine.sbcDaily)).toBe('423.56');
    // Only SBCV-2 takes part: the whole 1,000.00 (cap 90 × 400), all exempt (15 UMA = 1,759.65), no ISR.
    for (const e of ptu.employees) if (e.id !== mine.id) await api.ok(EXCLUDE, { id: e.id, x: true });
    const calc = (await api.ok(P_CALC, { id: ptu.id, v: (await api.payroll(ptu.id)).version })).rhPayrollCalculate;
    await api.ok(P_CLOSE, { id: ptu.id, v: calc.version });
    const state = (await api.ok(STAMPED, { id: ptu.id })).rhPayroll;
    expect(state.employees.find((e: any) => e.id === mine.id)).toMatchObject({ stampStatus: 'timbrada', stampError: null });
    expect(await receiptOf(mine.id)).toMatchObject({ '@SalarioDiarioIntegrado': '423.56', '@SalarioBaseCotApor': '423.56', '@PeriodicidadPago': '99' });
  });

  it('the finiquito of a baja on 20/11/2026: the SBC in force on the separation date, 423.56, in the receipt and its CFDI', async () => {
    await api.ok(TERMINATE, { id: second.id, v: await versionOf(second.id), i: { date: '2026-11-20', reason: 'Renuncia voluntaria' } });
    const fin = (await api.ok(FINIQUITO, { e: second.id, i: { kind: 'RENUNCIA', salaryOwedDays: '5', pendingVacationDaysFromPastYears: '0', twentyDaysPerYear: false, paymentDate: '2026-11-27' } })).rhSeparationPayrollCreate;
    const [e] = fin.employees;
    expect([e.employeeNumber, m(e.sbcDaily)]).toEqual(['SBCV-2', '423.56']);
    await api.ok(P_CLOSE, { id: fin.id, v: fin.version });
    const state = (await api.ok(STAMPED, { id: fin.id })).rhPayroll;
    expect(state.employees[0]).toMatchObject({ stampStatus: 'timbrada', stampError: null });
    expect(await receiptOf(e.id)).toMatchObject({ '@SalarioDiarioIntegrado': '423.56', '@SalarioBaseCotApor': '423.56', '@PeriodicidadPago': '99' });
    // Art. 84 LFT: the salary for indemnities integrates the 3.28 too. Third year of service (16 vacation days):
    // 400 × (1 + (15 + 16 × 25 %) ÷ 365) = 420.821917… + 3.28 = 424.101917… → 424.10 (without it 420.82).
    const trace = (await api.payroll(fin.id)).employees[0].fiscalTrace;
    expect(trace.find((t: any) => t.label.startsWith('Salario diario integrado para indemnizaciones'))).toEqual({
      label: 'Salario diario integrado para indemnizaciones = 400.00 × factor + 3.28 de otras percepciones regulares (parte variable del SBC en vigor; arts. 84 y 89 LFT)',
      amount: '424.10',
    });
  });

  it('rehired on 23/11/2026, SBCV-2 starts a new employment with a fixed SBC: the previous one’s variable part does not carry over', async () => {
    const REHIRE = 'mutation($id:ID!,$v:Int!,$i:RhEmployeeRehireInput!){ rhEmployeeRehire(id:$id,version:$v,input:$i){ id } }';
    await api.ok(REHIRE, { id: second.id, v: await versionOf(second.id), i: { hireDate: '2026-11-23', reason: 'Reingreso' } });
    // The 08 counts seniority from the reingreso: first year, factor 1.0493; 400 × 1.0493 = 419.72, fijo.
    const alta = (await movementsOf(second.id)).find((x) => x.type === 'alta' && x.effectiveDate === '2026-11-23');
    expect([m(alta.sbc), alta.salaryType]).toEqual(['419.72', 'fijo']);
    // A payroll paid 29/11 keeps the payroll's seniority rule (420.28, as before the baja) without the 3.28 of the update
    // of 1 November, which belonged to the employment that ended on 20/11 (before the fix: 423.56).
    const x = (await api.ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'semanal', periodStart: '2026-11-23', periodEnd: '2026-11-29', paymentDate: '2026-11-29' } })).rhPayrollCreate;
    expect(m(x.employees.find((e: any) => e.employeeNumber === 'SBCV-2').sbcDaily)).toBe('420.28');
  });
});
