// The PTU payroll over HTTP (issue 27; MX_FISCAL «PTU»): one per ejercicio (also two at once), for every
// worker with days employed in it — any frequency, those given baja too — except the ones a person marks as
// not entitled (art. 127 fr. I) and eventual workers under 60 days (fr. VII). Half by days, half by the salary
// of the year (the closed payrolls' sueldo + daily × the days none covered), capped at max(90 days of salary,
// 3-year average), exempt 15 UMA a year, ISR by RLISR art. 174. It closes and stamps: CFDI tipo E,
// periodicidad 99, percepción 003. Figures by hand.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let rh: string;
let seller: string; // no RH
let viewer: string; // Consulta: ver only

const { ok, createEmployee, retireDemoQuincenal, payroll, countPayrolls } = rhPayrollApi(() => s, () => rh, { firstSeq: 1500 });
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });

const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };
const XML = 'query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }';
const STATE = 'query($id:ID!){ rhPayroll(id:$id){ kind frequency status ptuYear ptuAmount isrMethod stampingComplete receiptsToStamp employees { id employeeNumber ptuExcluded stampStatus stampError exclusionReason } } }';
const EXCLUDE = 'mutation($id:ID!,$x:Boolean!){ rhPayrollPtuExclusion(payrollEmployeeId:$id, excluded:$x){ id employeeNumber ptuExcluded } }';
const PTU = { kind: 'ptu', periodStart: '2026-05-29', periodEnd: '2026-05-29', paymentDate: '2026-05-29', ptuYear: 2025, ptuAmount: '100000.00' };

// Ejercicio 2025, paid 29/05/2026: UMA 117.31 → exempt 15 × 117.31 = 1,759.65 a year. Half = 50,000.00.
// A: hired 06/01/2020, 500.00 a day: 365 days employed. A closed extraordinaria of 01–05/12/2025 paid 4 of its 5 days
//    (1 falta) and a 3-day enfermedad general certificate (10–12/03/2025): days worked 365 − 1 − 3 = 361 (art. 123;
//    illness is not service, art. 127 fr. IV). Salary: sueldo 2,000.00 + 500 × (365 − 5 covered − 3 unpaid) = 180,500.00.
// B: hired 01/07/2025, 400.00: 1 Jul – 31 Dec = 184 days; salary 400 × 184 = 73,600.00.
// C: hired 01/03/2018, 320.00, baja 31/10/2025: 1 Jan – 31 Oct = 304 days, a 10-day riesgo de trabajo certificate
//    included (in service, art. 127 fr. IV); salary 320 × 304 = 97,280.00.
// D: eventual (contract 03) hired 15/11/2025: 16 + 31 = 47 days < 60 → does not take part. E: director, marked.
// Σdays = 361 + 184 + 304 = 849; Σsalary = 180,500 + 73,600 + 97,280 = 351,380.00.
// A: 50,000 × 361/849 = 21,260.3062… + 50,000 × 180,500/351,380 = 25,684.4442… = 46,944.75; cap 90 × 500 = 45,000.00 → 45,000.00.
//    exempt 1,759.65, taxable 43,240.35. Art. 174: ordinary 500 × 30.4 = 15,200; M = 43,240.35 ÷ 365 × 30.4 = 3,601.388055;
//    ISR1 = 1,856.84 + (18,801.388055 − 17,533.65) × 21.36 % = 2,127.628849; ISR2 = 1,339.14 + (15,200 − 14,644.65) × 17.92 %
//    = 1,438.65872; rate = 688.970129 ÷ 3,601.388055 = 0.1913068289; ISR = 43,240.35 × rate = 8,272.17. Net 36,727.83.
// B: 50,000 × 184/849 = 10,836.2780… + 50,000 × 73,600/351,380 = 10,472.9922… = 21,309.27 (cap 36,000.00, not reached);
//    exempt 1,759.65, taxable 19,549.62. Ordinary 12,160; M = 19,549.62 ÷ 365 × 30.4 = 1,628.242323;
//    ISR1 = 1,011.68 + (13,788.242323 − 12,598.03) × 16 % = 1,202.113972; ISR2 = 420.95 + (12,160 − 7,168.52) × 10.88 %
//    = 964.023024; rate 0.1462257456; ISR = 2,858.66. Net 18,450.61.
// C: 17,903.4158 + 13,842.5636 = 31,745.98; cap 90 × 320 = 28,800.00 → 28,800.00; exempt 1,759.65, taxable 27,040.35.
//    Ordinary 9,728; M = 2,252.127781; both bases in the 10.88 % row → rate 0.1088 exactly: ISR = 2,941.99. Net 25,858.01.
const FIGURES = {
  A: { days: '361.00', perceptions: '45000.00', exempt: '1759.65', taxable: '43240.35', isr: '8272.17', net: '36727.83' },
  B: { days: '184.00', perceptions: '21309.27', exempt: '1759.65', taxable: '19549.62', isr: '2858.66', net: '18450.61' },
  C: { days: '304.00', perceptions: '28800.00', exempt: '1759.65', taxable: '27040.35', isr: '2941.99', net: '25858.01' },
  D: { days: '47.00', perceptions: '0.00', exempt: '0.00', taxable: '0.00', isr: '0.00', net: '0.00' },
  E: { days: '365.00', perceptions: '0.00', exempt: '0.00', taxable: '0.00', isr: '0.00', net: '0.00' },
};

const figuresOf = (e: any) => ({ days: m(e.daysWorked), perceptions: m(e.perceptions), exempt: m(e.exempt), taxable: m(e.taxable), isr: m(e.isrWithheld), net: m(e.net) });

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

describe('a PTU payroll, by hand', () => {
  let ptuId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    await retireDemoQuincenal();
    const a = await createEmployee({ number: 'PTU-A', names: 'Ana', lastName: 'Ríos', secondLastName: 'Paz', birthDate: '1990-01-15', hireDate: '2020-01-06', dailySalary: '500.00', ...CFDI_DATA });
    // A closed extraordinaria of December 2025 paid A 4 days of sueldo (5 days, 1 absence).
    const extra = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2025-12-01', periodEnd: '2025-12-05', paymentDate: '2025-12-05' } })).rhPayrollCreate;
    expect(extra.employees.map((e: any) => e.employeeId)).toEqual([a.id]);
    await ok(P_INCIDENT, { id: extra.employees[0].id, i: { daysWorked: '5', absences: '1', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] } });
    const calc = (await ok(P_CALC, { id: extra.id, v: (await payroll(extra.id)).version })).rhPayrollCalculate;
    expect(m(calc.employees[0].lines.find((l: any) => l.conceptCode === 'SUELDO').amount)).toBe('2000.00');
    await ok(P_CLOSE, { id: extra.id, v: calc.version });
    // Incapacidades IMSS of 2025: A's enfermedad general is not worked; C's riesgo de trabajo is.
    const INCAPACITY = 'mutation($i:RhIncapacityInput!){ rhIncapacityCreate(input:$i){ id } }';
    await ok(INCAPACITY, { i: { employeeId: a.id, type: '02', folio: 'PTU00001', startDate: '2025-03-10', days: 3 } });
    await createEmployee({ number: 'PTU-B', names: 'Beto', lastName: 'Solís', secondLastName: 'Mar', birthDate: '1992-04-10', hireDate: '2025-07-01', dailySalary: '400.00', ...CFDI_DATA });
    const c = await createEmployee({ number: 'PTU-C', names: 'Ciro', lastName: 'Lara', secondLastName: 'Gil', birthDate: '1980-09-09', hireDate: '2018-03-01', dailySalary: '320.00', payFrequency: 'semanal', ...CFDI_DATA });
    await ok(INCAPACITY, { i: { employeeId: c.id, type: '01', folio: 'PTU00002', startDate: '2025-05-05', days: 10 } });
    const emp = (await ok('query($id:ID!){ rhEmployee(id:$id){ version } }', { id: c.id })).rhEmployee;
    await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id } }', { id: c.id, v: emp.version, i: { date: '2025-10-31', reason: 'Renuncia voluntaria' } });
    await createEmployee({ number: 'PTU-D', names: 'Dina', lastName: 'Vega', secondLastName: 'Roa', birthDate: '1995-02-02', hireDate: '2025-11-15', dailySalary: '350.00', ...CFDI_DATA, contractType: '03' });
    await createEmployee({ number: 'PTU-E', names: 'Elsa', lastName: 'Ortiz', secondLastName: 'Luna', birthDate: '1975-06-06', hireDate: '2019-01-01', dailySalary: '2000.00', ...CFDI_DATA });
  }, 240_000);

  it('bad input is refused field by field in Spanish and writes nothing; FORBIDDEN without the ability', async () => {
    const before = await countPayrolls();
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...PTU, ptuYear: null, ptuAmount: '0' } }, rh))).toEqual({
      ptuYear: 'Indica el ejercicio (año) cuyas utilidades se reparten.',
      ptuAmount: 'Captura la PTU a repartir: un importe mayor a cero con hasta 2 decimales.',
    });
    expect(fieldsOf(await s.gql(P_CREATE, { i: { ...PTU, paymentDate: '2025-12-31', periodStart: '2025-12-31', periodEnd: '2025-12-31' } }, rh))).toEqual({
      paymentDate: 'La PTU se paga después del cierre del ejercicio: la fecha de pago debe ser posterior al 31/12/2025.',
    });
    for (const token of [seller, viewer]) expect((await s.gql(P_CREATE, { i: PTU }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await countPayrolls()).toBe(before);
  });

  it('creates it for every worker with days in the ejercicio (any frequency, a baja too), without frequency; a second one for 2025 is a CONFLICT naming it', async () => {
    const created = (await ok(P_CREATE, { i: PTU })).rhPayrollCreate;
    ptuId = created.id;
    expect(created).toMatchObject({ kind: 'ptu', frequency: null, periodStart: '2026-05-29', periodEnd: '2026-05-29', description: 'PTU del ejercicio 2025', status: 'borrador' });
    const state = (await ok(STATE, { id: ptuId })).rhPayroll;
    expect([state.ptuYear, m(state.ptuAmount), state.isrMethod]).toEqual([2025, '100000.00', 'art174']);
    const ours = created.employees.filter((e: any) => e.employeeNumber.startsWith('PTU-'));
    expect(ours.map((e: any) => [e.employeeNumber, m(e.daysWorked)])).toEqual([
      ['PTU-A', '361.00'],
      ['PTU-B', '184.00'],
      ['PTU-C', '304.00'],
      ['PTU-D', '47.00'],
      ['PTU-E', '365.00'],
    ]);
    ids = Object.fromEntries(created.employees.map((e: any) => [e.employeeNumber, e.id]));
    expect(conflictOf(await s.gql(P_CREATE, { i: { ...PTU, paymentDate: '2026-05-30', periodStart: '2026-05-30', periodEnd: '2026-05-30' } }, rh))).toBe(
      `Ya existe la nómina de PTU ${created.folio} del ejercicio 2025 (pago 29/05/2026): solo puede haber una nómina de PTU por ejercicio.`,
    );
    expect(conflictOf(await s.gql(P_INCIDENT, { id: ids['PTU-A'], i: { daysWorked: '1', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] } }, rh))).toBe(
      'La nómina de PTU no lleva incidencias: los días y el salario del ejercicio salen del historial y de las nóminas cerradas de cada empleado.',
    );
  });

  it('«no participa» (art. 127 fr. I) is marked by RH only; then it calculates exactly, with the caps and art. 174', async () => {
    expect((await s.gql(EXCLUDE, { id: ids['PTU-E'], x: true }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // The demo staff and the director E do not take part here.
    for (const [number, id] of Object.entries(ids)) {
      if (!['PTU-A', 'PTU-B', 'PTU-C', 'PTU-D'].includes(number)) expect((await ok(EXCLUDE, { id, x: true })).rhPayrollPtuExclusion.ptuExcluded).toBe(true);
    }
    const calc = (await ok(P_CALC, { id: ptuId, v: (await payroll(ptuId)).version })).rhPayrollCalculate;
    const by = Object.fromEntries(calc.employees.map((e: any) => [e.employeeNumber, e]));
    for (const k of ['A', 'B', 'C', 'D', 'E'] as const) expect(figuresOf(by[`PTU-${k}`])).toEqual(FIGURES[k]);
    expect(by['PTU-A'].lines.map((l: any) => [l.conceptCode, m(l.amount), m(l.exempt), m(l.taxable)])).toEqual([
      ['PTU', '45000.00', '1759.65', '43240.35'],
      ['ISR', '8272.17', '0.00', '0.00'],
    ]);
    const trace = (k: string) => by[k].fiscalTrace.map((t: any) => [t.label, t.amount]);
    expect(trace('PTU-A')).toContainEqual(['Salario del año = sueldo de las nóminas cerradas del 2025 (2000.00 por 5 días) + 500.00 × 357 días sin nómina cerrada ni incapacidad por enfermedad general (3 días sin salario, art. 42 LFT) (art. 124 LFT: solo cuota diaria)', '180500.00']);
    expect(trace('PTU-A')).toContainEqual([
      'Días trabajados en el ejercicio 2025 = 365 días de alta (historial de altas, bajas y reingresos) − 1 faltas de las nóminas cerradas − 3 días de incapacidad por enfermedad general (riesgo de trabajo y maternidad cuentan, art. 127 fr. IV LFT)',
      '361',
    ]);
    expect(trace('PTU-A')).toContainEqual(['PTU-A: PTU (suma sin redondear, redondeada una vez)', '46944.75']);
    expect(trace('PTU-C')).toContainEqual(['PTU-C: PTU a pagar (la menor de la PTU y el tope)', '28800.00']);
    expect(trace('PTU-A')).toContainEqual(['5: ISR de la PTU = 43240.35 × tasa, redondeado', '8272.17']);
    expect(by['PTU-D'].fiscalTrace[0].label).toBe('No participa: trabajador eventual con 47 días en el ejercicio; necesita al menos 60 (art. 127 fr. VII LFT)');
    expect(by['PTU-E'].fiscalTrace[0].label).toBe('No participa: director, administrador o gerente general (art. 127 fr. I LFT)');
    // Perceptions 45,000.00 + 21,309.27 + 28,800.00 = 95,109.27; ISR 8,272.17 + 2,858.66 + 2,941.99 = 14,072.82;
    // net 95,109.27 − 14,072.82 = 81,036.45.
    expect([m(calc.perceptions), m(calc.deductions), m(calc.net)]).toEqual(['95109.27', '14072.82', '81036.45']);
  }, 240_000);

  it('closes and stamps: CFDI tipo E, periodicidad 99, percepción 003 with its exempt and taxable parts; who does not take part is excluded', async () => {
    const closed = (await ok(P_CLOSE, { id: ptuId, v: (await payroll(ptuId)).version })).rhPayrollClose;
    expect(closed.status).toBe('cerrada');
    const state = (await ok(STATE, { id: ptuId })).rhPayroll;
    const ours = state.employees.filter((e: any) => e.employeeNumber.startsWith('PTU-'));
    expect(ours.map((e: any) => [e.employeeNumber, e.stampStatus, e.stampError])).toEqual([
      ['PTU-A', 'timbrada', null],
      ['PTU-B', 'timbrada', null],
      ['PTU-C', 'timbrada', null],
      ['PTU-D', 'excluida', null],
      ['PTU-E', 'excluida', null],
    ]);
    expect(ours[4].exclusionReason).toBe('No participa: director, administrador o gerente general (art. 127 fr. I LFT)');
    expect(state).toMatchObject({ stampingComplete: true, receiptsToStamp: 0 });
    const xml = (await ok(XML, { id: ids['PTU-A'] })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true });
    const doc = parser.parse(xml).Comprobante;
    expect(doc).toMatchObject({ '@TipoDeComprobante': 'N', '@SubTotal': '45000.00', '@Descuento': '8272.17', '@Total': '36727.83' });
    const nomina = doc.Complemento.Nomina;
    expect(nomina).toMatchObject({ '@TipoNomina': 'E', '@FechaPago': '2026-05-29', '@NumDiasPagados': '361.000', '@TotalPercepciones': '45000.00', '@TotalDeducciones': '8272.17' });
    expect(nomina.Receptor['@PeriodicidadPago']).toBe('99');
    expect(nomina.Percepciones.Percepcion).toMatchObject({ '@TipoPercepcion': '003', '@ImporteGravado': '43240.35', '@ImporteExento': '1759.65' });
    expect(nomina.Deducciones.Deduccion).toMatchObject({ '@TipoDeduccion': '002', '@Importe': '8272.17' });
  }, 240_000);
});

describe('two creations for one ejercicio at once', () => {
  it('one wins and the other is a CONFLICT naming it', async () => {
    const input = { ...PTU, ptuYear: 2024, isrMethod: 'art96' };
    const both = await Promise.all([s.gql(P_CREATE, { i: input }, rh), s.gql(P_CREATE, { i: { ...input, paymentDate: '2026-05-30', periodStart: '2026-05-30', periodEnd: '2026-05-30' } }, rh)]);
    const won = both.filter((r) => r.data?.rhPayrollCreate).map((r) => (r.data as any).rhPayrollCreate);
    expect(won).toHaveLength(1);
    expect(conflictOf(both.find((r) => r.errors)!)).toBe(
      `Ya existe la nómina de PTU ${won[0].folio} del ejercicio 2024 (pago ${won[0].paymentDate.slice(8, 10)}/05/2026): solo puede haber una nómina de PTU por ejercicio.`,
    );
  });
});

// Ejercicio 2023, paid 30/05/2025 (UMA 113.14 → exempt 15 × 113.14 = 1,697.10; 2025 monthly tariff; art. 96: the taxable
// part added to the month's ordinary income daily × 30.4, tariff and subsidio (474.65 up to 10,171.00) on the total, less
// the same on the ordinary income alone):
// trabajadores de confianza, art. 127 fr. II LFT. No closed payroll of 2023: salary of the year = daily × days.
// Taking part: A 500.00 and C 320.00 (365 days each, not de confianza); E 2,000.00 (365 days) marked de confianza on
// update; F 550.00 created de confianza, hired 01/07/2023 (1 Jul – 31 Dec = 184 days). The demo staff do not take part.
// Reference: the best-paid non-confidence worker, A at 500.00 → tope 500 × 1.2 = 600.00 a day.
// E: 2,000.00 > 600.00 → salary counted 600 × 365 = 219,000.00 (not 730,000.00). F: 550.00 ≤ 600.00 → 550 × 184 = 101,200.00.
// Σdays = 365 + 365 + 365 + 184 = 1,279; Σsalary = 182,500 + 116,800 + 219,000 + 101,200 = 619,500.00. Half = 50,000.
// A: 50,000 × 365/1,279 = 14,268.960125… + 50,000 × 182,500/619,500 = 14,729.620662… = 28,998.58 (cap 45,000.00);
//    taxable 28,998.58 − 1,697.10 = 27,301.48; ordinary 500 × 30.4 = 15,200.00 (no subsidy); ISR(42,501.48) = 5,004.12 +
//    (42,501.48 − 31,236.50) × 23.52 % = 7,653.643296; ISR(15,200) = 1,182.88 + 2,264.17 × 17.92 % = 1,588.619264;
//    withheld 6,065.024032 → 6,065.02.
// C: 14,268.960125… + 50,000 × 116,800/619,500 = 9,426.957224… = 23,695.92 (cap 28,800.00); taxable 21,998.82;
//    ordinary 320 × 30.4 = 9,728.00 gets the subsidy: 371.83 + 3,395.94 × 10.88 % = 741.308272 − 474.65 = 266.658272;
//    the total 31,726.82 loses it: 5,004.12 + 490.32 × 23.52 % = 5,119.443264; withheld 4,852.784992 → 4,852.78.
// E: 14,268.960125… + 50,000 × 219,000/619,500 = 17,675.544794… = 31,944.50 (cap 90 × 2,000 = 180,000.00); taxable 30,247.40;
//    ordinary 2,000 × 30.4 = 60,800.00; ISR(91,047.40) = 9,236.89 + 41,814.39 × 30 % = 21,781.207; ISR(60,800) = 9,236.89 +
//    11,566.99 × 30 % = 12,706.987; withheld 9,074.22. (Uncapped it would be 46,555.56.)
// F: 50,000 × 184/1,279 = 7,193.119625… + 50,000 × 101,200/619,500 = 8,167.877320… = 15,361.00 (cap 49,500.00); taxable 13,663.90;
//    ordinary 550 × 30.4 = 16,720.00; ISR(30,383.90) = 1,640.18 + 14,896.18 × 21.36 % = 4,822.004048; ISR(16,720) =
//    1,640.18 + 1,232.28 × 21.36 % = 1,903.395008; withheld 2,918.60904 → 2,918.61.
// Σ paid = 28,998.58 + 23,695.92 + 31,944.50 + 15,361.00 = 100,000.00; Σ ISR = 22,910.63.
describe('trabajadores de confianza in the PTU (art. 127 fr. II): salary capped at the best-paid other worker + 20 %', () => {
  it('caps E (2,000.00 a day) at 600.00 × 365 days, leaves F (550.00) whole, and says so in the trace', async () => {
    const e = (await ok('{ rhEmployees(list:{search:"PTU-E"}){ items { id version } } }')).rhEmployees.items[0];
    const full = (await ok(`query($id:ID!){ rhEmployee(id:$id){ number names lastName secondLastName rfc curp nss birthDate hireDate areaId positionId workplaceId
      payFrequency wageZone dailySalary postalCode workState contractType trustWorker } }`, { id: e.id })).rhEmployee;
    const { trustWorker: wasTrust, ...rest } = full;
    expect(wasTrust).toBe(false);
    const marked = (await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ trustWorker } }', { id: e.id, v: e.version, i: { ...rest, trustWorker: true } })).rhEmployeeUpdate;
    expect(marked.trustWorker).toBe(true);
    await createEmployee({ number: 'PTU-F', names: 'Fabián', lastName: 'Cruz', secondLastName: 'Sosa', birthDate: '1985-03-03', hireDate: '2023-07-01', dailySalary: '550.00', ...CFDI_DATA, trustWorker: true });

    const created = (await ok(P_CREATE, { i: { ...PTU, ptuYear: 2023, isrMethod: 'art96', periodStart: '2025-05-30', periodEnd: '2025-05-30', paymentDate: '2025-05-30' } })).rhPayrollCreate;
    for (const pe of created.employees) if (!['PTU-A', 'PTU-C', 'PTU-E', 'PTU-F'].includes(pe.employeeNumber)) await ok(EXCLUDE, { id: pe.id, x: true });
    const calc = (await ok(P_CALC, { id: created.id, v: (await payroll(created.id)).version })).rhPayrollCalculate;
    const by = Object.fromEntries(calc.employees.map((pe: any) => [pe.employeeNumber, pe]));
    expect(['PTU-A', 'PTU-C', 'PTU-E', 'PTU-F'].map((k) => [k, ...Object.values(figuresOf(by[k]))])).toEqual([
      ['PTU-A', '365.00', '28998.58', '1697.10', '27301.48', '6065.02', '22933.56'],
      ['PTU-C', '365.00', '23695.92', '1697.10', '21998.82', '4852.78', '18843.14'],
      ['PTU-E', '365.00', '31944.50', '1697.10', '30247.40', '9074.22', '22870.28'],
      ['PTU-F', '184.00', '15361.00', '1697.10', '13663.90', '2918.61', '12442.39'],
    ]);
    expect([m(calc.perceptions), m(calc.deductions)]).toEqual(['100000.00', '22910.63']);
    const trace = (k: string) => by[k].fiscalTrace.map((t: any) => [t.label, t.amount]);
    expect(trace('PTU-E')).toContainEqual([
      'PTU-E: trabajador de confianza; su salario diario 2000.00 excede el tope (500.00 de PTU-A, el mejor pagado de quienes no son de confianza, + 20 % = 600.00): salario del año topado = 600.00 × 365 días, sin pasar de su salario del año 730000.00 (art. 127 fr. II LFT)',
      '219000.00',
    ]);
    expect(trace('PTU-E')).toContainEqual(['PTU-E: parte por salario = mitad × 219000.00 ÷ 619500.00', '17675.544794']);
    expect(trace('PTU-F')).toContainEqual([
      'PTU-F: trabajador de confianza; su salario diario 550.00 no excede el tope (500.00 de PTU-A, el mejor pagado de quienes no son de confianza, + 20 % = 600.00): su salario del año cuenta completo (art. 127 fr. II LFT)',
      '101200.00',
    ]);
    expect(trace('PTU-A').some(([label]: [string]) => label.includes('confianza'))).toBe(false);
    expect(by['PTU-E'].lines[0].description).toBe('Ejercicio 2023: 365 días, salario del año 730000.00 (de confianza: cuenta 219000.00, art. 127 fr. II LFT)');
    expect(by['PTU-F'].lines[0].description).toBe('Ejercicio 2023: 184 días, salario del año 101200.00');
  }, 240_000);
});
