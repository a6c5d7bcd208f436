// The aguinaldo payroll over HTTP (issue 27; MX_FISCAL «Aguinaldo»): an extraordinary payroll of
// kind aguinaldo pays each active employee of the frequency days × daily salary × days employed
// in the year ÷ 365, exempt up to 30 UMA a year (less what other closed payrolls of the year
// already exempted as percepción 002), ISR by RLISR art. 174 or art. 96 added to the month's ordinary income;
// no salary days, IMSS or convenios. One per employee and year (also two at once). It closes
// and stamps like any payroll: CFDI tipo E, periodicidad 99, percepción 002. Figures by hand.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let rh: string;
let seller: string; // no RH
let viewer: string; // Consulta: ver only

const { ok, createEmployee, retireDemoQuincenal, payroll, countPayrolls } = rhPayrollApi(() => s, () => rh, { firstSeq: 1400 });
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });

const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };
const XML = 'query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }';
const STAMPING = 'query($id:ID!){ rhPayroll(id:$id){ status stampingComplete receiptsToStamp aguinaldoDays isrMethod employees { employeeNumber stampStatus stampError uuid } } }';
const AGUINALDO = { kind: 'aguinaldo', frequency: 'quincenal', periodStart: '2026-12-15', periodEnd: '2026-12-15', paymentDate: '2026-12-15', description: 'Aguinaldo 2026' };

// 2026 by hand: UMA 117.31 (from 1 February) → annual exemption 30 × 117.31 = 3,519.30.
// Monthly art. 96 tariff 2026 rows used: 0.01 @ 1.92 %; 844.60 + 16.22 @ 6.40 %; 7,168.52 + 420.95 @ 10.88 %;
// 12,598.03 + 1,011.68 @ 16.00 %; 14,644.65 + 1,339.14 @ 17.92 %.
const FIGURES = {
  // Hired 1 July 2026, 500.00 a day: 1 Jul – 31 Dec = 31 + 31 + 30 + 31 + 30 + 31 = 184 days.
  // Amount = 500 × 15 × 184 ÷ 365 = 3,780.8219… → 3,780.82; exempt = min(3,780.82, 3,519.30) = 3,519.30; taxable 261.52.
  // Art. 174: monthly ordinary 500 × 30.4 = 15,200.00; M = 261.52 ÷ 365 × 30.4 = 21.7814; 15,200 and 15,221.78 are both
  // in the 17.92 % row, so rate = 17.92 % exactly: 261.52 × 0.1792 = 46.864 → 46.86. Net 3,780.82 − 46.86 = 3,733.96.
  // NumDiasPagados = 15 × 184 ÷ 365 = 7.5616 → 7.56.
  A: { days: '7.56', perceptions: '3780.82', exempt: '3519.30', taxable: '261.52', isr: '46.86', net: '3733.96' },
  // Full year, 410.00 a day: 410 × 15 = 6,150.00. 1,000.00 of percepción 002 already exempt this year (a closed
  // extraordinaria): exempt = min(6,150.00, 3,519.30 − 1,000.00) = 2,519.30; taxable 3,630.70.
  // Art. 174: ordinary 410 × 30.4 = 12,464.00; M = 3,630.70 ÷ 365 × 30.4 = 302.392548; ISR1 = 1,011.68 + (12,766.392548
  // − 12,598.03) × 16 % = 1,038.618008; ISR2 = 420.95 + (12,464 − 7,168.52) × 10.88 % = 997.098224; rate = 41.519784 ÷
  // 302.392548 = 0.1373042555; ISR = 3,630.70 × rate = 498.5106 → 498.51. Net 6,150.00 − 498.51 = 5,651.49.
  B: { days: '15.00', perceptions: '6150.00', exempt: '2519.30', taxable: '3630.70', isr: '498.51', net: '5651.49' },
  // Semanal, full year, 350.00 a day, art. 96 added to the month's ordinary income: 5,250.00; exempt 3,519.30; taxable
  // 1,730.70. December 2026: subsidio 535.65 while the month's income ≤ 11,492.66. Ordinary month 350 × 30.4 = 10,640.00:
  // 420.95 + (10,640 − 7,168.52) × 10.88 % = 798.647024 − 535.65 = 262.997024. With the aguinaldo 12,370.70, past the cap:
  // 420.95 + (12,370.70 − 7,168.52) × 10.88 % = 986.947184, no subsidy. Withheld 986.947184 − 262.997024 = 723.95016 →
  // 723.95 (the tariff on the payment alone gave 72.93). Net 5,250.00 − 723.95 = 4,526.05.
  C: { days: '15.00', perceptions: '5250.00', exempt: '3519.30', taxable: '1730.70', isr: '723.95', net: '4526.05' },
};

const figuresOf = (e: any) => ({ days: m(e.daysWorked), perceptions: m(e.perceptions), exempt: m(e.exempt), taxable: m(e.taxable), isr: m(e.isrWithheld), net: m(e.net) });

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

describe('an aguinaldo payroll, by hand', () => {
  let d: any;
  let aguinaldoId: string;

  beforeAll(async () => {
    await retireDemoQuincenal();
    await createEmployee({ number: 'AGU-A', names: 'Alma', lastName: 'Reyes', secondLastName: 'Cano', birthDate: '1990-01-15', hireDate: '2026-07-01', dailySalary: '500.00', ...CFDI_DATA });
    const b = await createEmployee({ number: 'AGU-B', names: 'Bruno', lastName: 'Díaz', secondLastName: 'Luna', birthDate: '1985-05-20', hireDate: '2020-03-01', dailySalary: '410.00', ...CFDI_DATA });
    d = await createEmployee({ number: 'AGU-D', names: 'Dora', lastName: 'Mena', secondLastName: 'Sosa', birthDate: '1993-08-08', hireDate: '2024-02-01', dailySalary: '450.00', ...CFDI_DATA });
    // 1,000.00 of gratificación (SAT 002, all exempt) paid to B in a closed payroll of the year.
    const concept = (await ok('mutation($i:RhConceptInput!){ rhConceptCreate(input:$i){ id } }', { i: { code: 'GRAT-AGU', name: 'Gratificación', kind: 'percepcion', satCode: '002', taxableRule: 'exento', active: true } })).rhConceptCreate;
    const extra = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-11-02', periodEnd: '2026-11-06', paymentDate: '2026-11-06' } })).rhPayrollCreate;
    const bReceipt = extra.employees.find((e: any) => e.employeeId === b.id);
    await ok(P_INCIDENT, { id: bReceipt.id, i: { daysWorked: '0', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [{ conceptId: concept.id, amount: '1000.00' }] } });
    const calc = (await ok(P_CALC, { id: extra.id, v: (await payroll(extra.id)).version })).rhPayrollCalculate;
    await ok(P_CLOSE, { id: extra.id, v: calc.version });
  }, 240_000);

  it('bad input is refused field by field in Spanish and writes nothing; FORBIDDEN without the ability', async () => {
    const before = await countPayrolls();
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...AGUINALDO, paymentDate: '2026-12-21' } }, rh))).toEqual({ paymentDate: 'El aguinaldo se paga a más tardar el 20 de diciembre (art. 87 LFT).' });
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...AGUINALDO, frequency: null } }, rh))).toEqual({ frequency: 'Indica si la nómina de aguinaldo es para empleados semanales o quincenales.' });
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...AGUINALDO, aguinaldoDays: '14' } }, rh))).toEqual({ aguinaldoDays: 'Los días de aguinaldo van de 15 (art. 87 LFT) a 365.' });
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...AGUINALDO, aguinaldoDays: '15.25' } }, rh))).toEqual({ aguinaldoDays: 'Los días de aguinaldo van de 15 (art. 87 LFT) a 365.' });
    expect((await s.gql(P_CREATE, { i: { ...AGUINALDO, isrMethod: 'art95' } }, rh)).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    for (const token of [seller, viewer]) expect((await s.gql(P_CREATE, { i: AGUINALDO }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await countPayrolls()).toBe(before);
  });

  it('creates it for the active quincenal staff with the year’s 15 days and art. 174; its period is the payment date', async () => {
    const created = (await ok(P_CREATE, { i: { ...AGUINALDO, periodStart: '2026-01-01', periodEnd: '2026-12-31' } })).rhPayrollCreate;
    aguinaldoId = created.id;
    expect(created).toMatchObject({ kind: 'aguinaldo', frequency: 'quincenal', periodStart: '2026-12-15', periodEnd: '2026-12-15', paymentDate: '2026-12-15', status: 'borrador' });
    const state = (await ok(STAMPING, { id: aguinaldoId })).rhPayroll;
    expect([m(state.aguinaldoDays), state.isrMethod]).toEqual(['15.00', 'art174']);
    expect(created.employees.map((e: any) => [e.employeeNumber, m(e.daysWorked)])).toEqual([
      ['AGU-A', '7.56'],
      ['AGU-B', '15.00'],
      ['AGU-D', '15.00'],
    ]);
  });

  it('a second aguinaldo payroll of the year for the same employees is a CONFLICT naming the first; incidents are refused', async () => {
    const first = await payroll(aguinaldoId);
    expect(conflictOf(await s.gql(P_CREATE, { i: { ...AGUINALDO, paymentDate: '2026-12-18' } }, rh))).toBe(
      `El empleado AGU-A REYES CANO ALMA ya está en la nómina de aguinaldo ${first.folio} (pago 15/12/2026): solo puede haber una nómina de aguinaldo por empleado y año (2026).`,
    );
    const receipt = first.employees[0];
    expect(conflictOf(await s.gql(P_INCIDENT, { id: receipt.id, i: { daysWorked: '1', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] } }, rh))).toBe(
      'La nómina de aguinaldo no lleva incidencias: se calcula con el salario diario y los días del año con empleo de cada empleado.',
    );
  });

  it('calculates exactly (aguinaldo, exemption net of the year’s, art. 174 ISR); no salary, IMSS or subsidio; a baja before the payment leaves the payroll', async () => {
    const emp = (await ok('query($id:ID!){ rhEmployee(id:$id){ version } }', { id: d.id })).rhEmployee;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id } }', { id: d.id, v: emp.version, i: { date: today, reason: 'Renuncia voluntaria' } });
    const calc = (await ok(P_CALC, { id: aguinaldoId, v: (await payroll(aguinaldoId)).version })).rhPayrollCalculate;
    expect(calc.employees.map((e: any) => e.employeeNumber)).toEqual(['AGU-A', 'AGU-B']);
    const [ea, eb] = calc.employees;
    expect(figuresOf(ea)).toEqual(FIGURES.A);
    expect(figuresOf(eb)).toEqual(FIGURES.B);
    for (const e of [ea, eb]) {
      expect([m(e.imssEmployee), m(e.subsidy), m(e.otherPayments), m(e.isr)]).toEqual(['0.00', '0.00', '0.00', m(e.isrWithheld)]);
      expect(e.lines.map((l: any) => [l.conceptCode, l.kind])).toEqual([
        ['AGUINALDO', 'percepcion'],
        ['ISR', 'deduccion'],
      ]);
    }
    expect(ea.lines[0]).toMatchObject({ amount: expect.any(String), description: '500.00 × 15 días × 184 ÷ 365' });
    expect([m(ea.lines[0].amount), m(ea.lines[0].exempt), m(ea.lines[0].taxable), m(ea.lines[1].amount)]).toEqual(['3780.82', '3519.30', '261.52', '46.86']);
    expect(ea.fiscalTrace.map((t: any) => t.label)).toContain('5: ISR del aguinaldo = 261.52 × tasa, redondeado');
    expect([m(calc.perceptions), m(calc.deductions), m(calc.net)]).toEqual(['9930.82', '545.37', '9385.45']);
  }, 240_000);

  it('closes and stamps each receipt: CFDI tipo E, periodicidad 99, percepción 002 with its exempt and taxable parts; stamped in full', async () => {
    const closed = (await ok(P_CLOSE, { id: aguinaldoId, v: (await payroll(aguinaldoId)).version })).rhPayrollClose;
    expect(closed.status).toBe('cerrada');
    const state = (await ok(STAMPING, { id: aguinaldoId })).rhPayroll;
    expect(state.employees.map((e: any) => [e.employeeNumber, e.stampStatus, e.stampError])).toEqual([
      ['AGU-A', 'timbrada', null],
      ['AGU-B', 'timbrada', null],
    ]);
    expect(state).toMatchObject({ status: 'cerrada', stampingComplete: true, receiptsToStamp: 0 });
    const receipt = closed.employees.find((e: any) => e.employeeNumber === 'AGU-A');
    const xml = (await ok(XML, { id: receipt.id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true });
    const doc = parser.parse(xml).Comprobante;
    expect(doc).toMatchObject({ '@TipoDeComprobante': 'N', '@SubTotal': '3780.82', '@Descuento': '46.86', '@Total': '3733.96' });
    const nomina = doc.Complemento.Nomina;
    expect(nomina).toMatchObject({ '@TipoNomina': 'E', '@FechaPago': '2026-12-15', '@FechaInicialPago': '2026-12-15', '@FechaFinalPago': '2026-12-15', '@NumDiasPagados': '7.560', '@TotalPercepciones': '3780.82', '@TotalDeducciones': '46.86' });
    expect(nomina['@TotalOtrosPagos']).toBeUndefined();
    expect(nomina.Receptor['@PeriodicidadPago']).toBe('99');
    expect(nomina.Percepciones).toMatchObject({ '@TotalSueldos': '3780.82', '@TotalGravado': '261.52', '@TotalExento': '3519.30' });
    expect(nomina.Percepciones.Percepcion).toMatchObject({ '@TipoPercepcion': '002', '@ImporteGravado': '261.52', '@ImporteExento': '3519.30' });
    expect(nomina.Deducciones).toMatchObject({ '@TotalImpuestosRetenidos': '46.86' });
    expect(nomina.Deducciones.Deduccion).toMatchObject({ '@TipoDeduccion': '002', '@Importe': '46.86' });
  }, 240_000);
});

describe('semanal staff, art. 96 added to the month\'s income, two creations at once', () => {
  it('of two parallel creations one wins and the other is a CONFLICT naming it; the winner withholds by art. 96', async () => {
    await createEmployee({ number: 'AGU-C', names: 'Carla', lastName: 'Vera', secondLastName: 'Ortiz', birthDate: '1988-12-01', hireDate: '2019-01-07', dailySalary: '350.00', payFrequency: 'semanal', ...CFDI_DATA });
    const input = { ...AGUINALDO, frequency: 'semanal', paymentDate: '2026-12-18', isrMethod: 'art96', aguinaldoDays: '15' };
    const both = await Promise.all([s.gql(P_CREATE, { i: input }, rh), s.gql(P_CREATE, { i: { ...input, paymentDate: '2026-12-19' } }, rh)]);
    const won = both.filter((r) => r.data?.rhPayrollCreate).map((r) => (r.data as any).rhPayrollCreate);
    expect(won).toHaveLength(1);
    const lost = both.find((r) => r.errors)!;
    expect(conflictOf(lost)).toMatch(new RegExp(`^El empleado \\S+ .+ ya está en la nómina de aguinaldo ${won[0].folio} \\(pago ${won[0].paymentDate.slice(8, 10)}/12/2026\\): solo puede haber una nómina de aguinaldo por empleado y año \\(2026\\)\\.$`));
    const calc = (await ok(P_CALC, { id: won[0].id, v: won[0].version })).rhPayrollCalculate;
    const c = calc.employees.find((e: any) => e.employeeNumber === 'AGU-C');
    expect(figuresOf(c)).toEqual(FIGURES.C);
    expect(c.fiscalTrace.slice(-6)).toEqual([
      { label: 'Art. 96 LISR, 1: ingreso gravado del mes = ordinario 10640.00 + parte gravada 1730.70', amount: '12370.70' },
      { label: '2: ISR = tarifa del mes sobre ese ingreso (sin redondear)', amount: '986.947184' },
      { label: '3: subsidio para el empleo del mes: el ingreso pasa del tope de 11492.66, no hay', amount: '0.00' },
      { label: '4: ISR del mes con el pago = ISR − subsidio, sin bajar de 0 (sin redondear)', amount: '986.947184' },
      { label: '5: ISR del ingreso ordinario solo = tarifa sobre 10640.00 − subsidio 535.65, sin bajar de 0 (sin redondear)', amount: '262.997024' },
      { label: '6: ISR del aguinaldo = (4) − (5), redondeado', amount: '723.95' },
    ]);
  }, 240_000);
});
