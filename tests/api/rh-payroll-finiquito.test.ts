// The finiquito payroll over HTTP (issue 27; MX_FISCAL «Finiquito and liquidación», «ISR on separation
// payments», «CFDI de nómina»): rhSeparationPayrollCreate makes and calculates the payroll of ONE employee
// given baja, from the baja date, hire date and daily salary of the file, by separation() of
// schema/rh/benefits.ts (the same function rhSeparationPayrollPreview and separationPreview run). One per baja.
// It closes and stamps like any payroll: CFDI tipo E, periodicidad 99, SeparacionIndemnizacion for 022/025.
// Every figure below is computed by hand.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, LINE, m, P_CLOSE, P_CREATE, P_INCIDENT, PAYROLL, rhPayrollApi } from './rh-payroll-helpers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let rh: string;
let seller: string; // no RH
let viewer: string; // Consulta: ver only

const { ok, createEmployee, payroll, countPayrolls } = rhPayrollApi(() => s, () => rh, { firstSeq: 1500 });
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });

const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };
const TERMINATE = 'mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id version } }';
const CREATE = `mutation($e:ID!,$i:RhSeparationPayrollInput!){ rhSeparationPayrollCreate(employeeId:$e,input:$i){ ${PAYROLL} separation { kind employeeId separationDate hireDate salaryOwedDays pendingVacationDaysFromPastYears twentyDaysPerYear } } }`;
const PREVIEW = `query($e:ID!,$i:RhSeparationPayrollInput!){ rhSeparationPayrollPreview(employeeId:$e,input:$i){
  salaryOwed aguinaldoProp vacations primaVacacional indemnizacion3Meses veinteDiasPorAnio primaAntiguedad separationTotal exemptTotal taxableTotal
  taxableSeparation isrArt95 ordinaryTaxable isrOrdinary isrTotal total net exemptionYears lastMonthlySalary } }`;
const XML = 'query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }';
const STAMPING = 'query($id:ID!){ rhPayroll(id:$id){ status stampingComplete receiptsToStamp employees { id employeeNumber stampStatus stampError uuid } } }';

const RENUNCIA = { kind: 'RENUNCIA', salaryOwedDays: '10', pendingVacationDaysFromPastYears: '0', twentyDaysPerYear: false, paymentDate: '2026-07-03' };
const DESPIDO = { kind: 'DESPIDO_INJUSTIFICADO', salaryOwedDays: '5', pendingVacationDaysFromPastYears: '3', twentyDaysPerYear: true, paymentDate: '2026-03-02' };

// 2026 by hand: UMA 117.31 (from 1 February), minimum wage 315.04 (2 × = 630.08), 15 days of aguinaldo, prima vacacional 25 %.
// Monthly art. 96 tariff 2026 row used: 14,644.65 + 1,339.14 @ 17.92 %.
//
// RENUNCIA (FIN-R): hired 01/07/2021, baja 30/06/2026, 500.00 a day, 10 days owed, no pending vacations.
//   Service: 4 completed years (the 5th anniversary is 01/07/2026); running year 01/07/2025–30/06/2026 = 365 days → 5 years;
//   exemption years 5 (30/06/2026 ≥ 01/07/2025 + 6 months).
//   Sueldo 500 × 10 = 5,000.00 (001, all taxable).
//   Aguinaldo: 01/01–30/06/2026 = 31+28+31+30+31+30 = 181 days; 500 × 15 × 181 ÷ 365 = 3,719.178… → 3,719.18;
//     exempt 30 × 117.31 = 3,519.30; taxable 199.88 (002).
//   Vacaciones: year of service 5 → 20 days × 365 ÷ 365 = 20 days; 500 × 20 = 10,000.00 (001, all taxable).
//   Prima vacacional 25 % = 2,500.00; exempt 15 × 117.31 = 1,759.65; taxable 740.35 (021).
//   A resignation with less than 15 years: no indemnities, no prima de antigüedad.
//   Ordinary taxable 5,000.00 + 10,000.00 + 199.88 + 740.35 = 15,940.23; monthly tariff alone:
//     1,339.14 + (15,940.23 − 14,644.65) × 17.92 % = 1,339.14 + 232.167936 = 1,571.307936 → 1,571.31. No art. 95.
//   Perceptions 5,000.00 + 3,719.18 + 10,000.00 + 2,500.00 = 21,219.18; exempt 3,519.30 + 1,759.65 = 5,278.95;
//   net 21,219.18 − 1,571.31 = 19,647.87. Period 21/06–30/06/2026 (the 10 days owed), NumDiasPagados 10.000.
const R = {
  salaryOwed: '5000.00', aguinaldoProp: '3719.18', vacations: '10000.00', primaVacacional: '2500.00', indemnizacion3Meses: '0.00', veinteDiasPorAnio: '0.00',
  primaAntiguedad: '0.00', separationTotal: '0.00', exemptTotal: '5278.95', taxableTotal: '15940.23', taxableSeparation: '0.00', isrArt95: '0.00',
  ordinaryTaxable: '15940.23', isrOrdinary: '1571.31', isrTotal: '1571.31', total: '21219.18', net: '19647.87', lastMonthlySalary: '15200.00',
};
//
// DESPIDO INJUSTIFICADO (FIN-D): hired 01/03/2016, baja 28/02/2026, 500.00 a day, 5 days owed, 3 pending vacation days, 20 días por año.
//   Service: 9 completed years (the 10th anniversary is 01/03/2026); running year 01/03/2025–28/02/2026 = 365 days → 10 years;
//   exemption years 10. UMA on 28/02/2026: 117.31.
//   Sueldo 500 × 5 = 2,500.00.
//   Aguinaldo: 01/01–28/02/2026 = 59 days; 500 × 15 × 59 ÷ 365 = 1,212.3287… → 1,212.33, all exempt (under 3,519.30).
//   Vacaciones: year 10 → 22 days; 3 + 22 × 365 ÷ 365 = 25 days; 500 × 25 = 12,500.00.
//   Prima vacacional 3,125.00; exempt 1,759.65; taxable 1,365.35.
//   Integrated daily salary: 500 × (1 + (15 + 22 × 25 %) ÷ 365) = 500 × 1.0561643… = 528.0821… → 528.08.
//   Indemnización 90 × 528.08 = 47,527.20; 20 días por año 528.08 × 20 × 10 = 105,616.00;
//   prima de antigüedad: base min(max(528.08, 315.04), 630.08) = 528.08; × 12 × 10 = 63,369.60.
//   Separation total 216,512.80; exempt 90 × 117.31 × 10 = 105,579.00; taxable 110,933.80. Laid in order:
//     indemnización 47,527.20 exempt (58,051.80 left); 20 días 58,051.80 exempt + 47,564.20 taxable; prima de antigüedad 63,369.60 taxable.
//   Art. 95: USMO 500 × 30.4 = 15,200.00; ISR of USMO 1,339.14 + (15,200.00 − 14,644.65) × 17.92 % = 1,438.65872 → 1,438.66;
//     ISR = 110,933.80 × 1,438.66 ÷ 15,200 = 10,499.7382… → 10,499.74.
//   Ordinary taxable 2,500.00 + 12,500.00 + 0.00 + 1,365.35 = 16,365.35; 1,339.14 + 1,720.70 × 17.92 % = 1,647.48944 → 1,647.49.
//   ISR 1,647.49 + 10,499.74 = 12,147.23. Perceptions 2,500.00 + 1,212.33 + 12,500.00 + 3,125.00 + 216,512.80 = 235,850.13;
//   exempt 1,212.33 + 1,759.65 + 105,579.00 = 108,550.98; taxable 127,299.15; net 235,850.13 − 12,147.23 = 223,702.90.
//   CFDI: TotalSueldos 19,337.33, TotalSeparacionIndemnizacion 216,512.80; SeparacionIndemnizacion NumAñosServicio 10,
//   UltimoSueldoMensOrd 15,200.00, IngresoAcumulable min(110,933.80, 15,200.00) = 15,200.00, IngresoNoAcumulable 95,733.80.
const D = {
  salaryOwed: '2500.00', aguinaldoProp: '1212.33', vacations: '12500.00', primaVacacional: '3125.00', indemnizacion3Meses: '47527.20', veinteDiasPorAnio: '105616.00',
  primaAntiguedad: '63369.60', separationTotal: '216512.80', exemptTotal: '108550.98', taxableTotal: '127299.15', taxableSeparation: '110933.80', isrArt95: '10499.74',
  ordinaryTaxable: '16365.35', isrOrdinary: '1647.49', isrTotal: '12147.23', total: '235850.13', net: '223702.90', lastMonthlySalary: '15200.00',
};

const money2 = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? m(v) : v]));
const lineFigures = (e: any) => e.lines.map((l: any) => [l.conceptCode, l.kind, m(l.amount), m(l.exempt), m(l.taxable)]);

let r: { id: string; version: number };
let d: { id: string; version: number };
let active: { id: string };

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  r = await createEmployee({ number: 'FIN-R', names: 'Rosa', lastName: 'Ibarra', secondLastName: 'Gil', birthDate: '1990-04-10', hireDate: '2021-07-01', dailySalary: '500.00', ...CFDI_DATA });
  d = await createEmployee({ number: 'FIN-D', names: 'Diego', lastName: 'Ruiz', secondLastName: 'Paz', birthDate: '1985-09-15', hireDate: '2016-03-01', dailySalary: '500.00', ...CFDI_DATA });
  active = await createEmployee({ number: 'FIN-A', names: 'Ana', lastName: 'Solís', secondLastName: 'Mora', birthDate: '1992-02-02', hireDate: '2022-01-10', dailySalary: '400.00', ...CFDI_DATA });
  await ok(TERMINATE, { id: r.id, v: r.version, i: { date: '2026-06-30', reason: 'Renuncia voluntaria' } });
  await ok(TERMINATE, { id: d.id, v: d.version, i: { date: '2026-02-28', reason: 'Despido' } });
}, 240_000);
afterAll(async () => s?.stop());

describe('refusals', () => {
  it('FORBIDDEN without the ability; bad input field by field in Spanish; an active employee is refused; nothing written', async () => {
    const before = await countPayrolls();
    for (const token of [seller, viewer]) {
      expect((await s.gql(CREATE, { e: r.id, i: RENUNCIA }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await s.gql(PREVIEW, { e: r.id, i: RENUNCIA }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(fieldsOf(await s.gql(CREATE, { e: active.id, i: RENUNCIA }, rh))).toEqual({ employeeId: 'El empleado no está dado de baja: registra su baja antes de calcular el finiquito.' });
    expect(fieldsOf(await s.gql(CREATE, { e: r.id, i: { ...RENUNCIA, salaryOwedDays: '32', pendingVacationDaysFromPastYears: '400', twentyDaysPerYear: true, paymentDate: '2026-06-29' } }, rh))).toEqual({
      salaryOwedDays: 'Días devengados de 0 a 31, completos o medios (p. ej. 1.5).',
      pendingVacationDaysFromPastYears: 'Días de vacaciones pendientes de 0 a 365 (máximo 2 decimales).',
      twentyDaysPerYear: 'Los 20 días por año solo aplican en un despido injustificado.',
      paymentDate: 'La fecha de pago no puede ser anterior a la fecha de baja (30/06/2026).',
    });
    expect(fieldsOf(await s.gql(CREATE, { e: r.id, i: { ...RENUNCIA, salaryOwedDays: '-1' } }, rh))).toEqual({ salaryOwedDays: 'No puede ser negativo.' });
    // The ordinary creation does not make a finiquito.
    expect(fieldsOf(await s.gql(P_CREATE, { i: { kind: 'finiquito', frequency: 'quincenal', periodStart: '2026-06-30', periodEnd: '2026-06-30', paymentDate: '2026-07-03' } }, rh))).toEqual({
      kind: 'La nómina de finiquito se crea desde la baja del empleado («Calcular finiquito»).',
    });
    expect(await countPayrolls()).toBe(before);
  });
});

describe('a resignation, by hand', () => {
  let id: string;

  it('the preview is the figures the payroll will pay, and writes nothing', async () => {
    const before = await countPayrolls();
    const p = (await ok(PREVIEW, { e: r.id, i: RENUNCIA })).rhSeparationPayrollPreview;
    expect(money2(p)).toEqual({ ...R, exemptionYears: 5 });
    expect(await countPayrolls()).toBe(before);
  });

  it('creates and calculates it from the baja: sueldo, aguinaldo, vacaciones and prima vacacional; one ISR; no IMSS', async () => {
    const created = (await ok(CREATE, { e: r.id, i: RENUNCIA })).rhSeparationPayrollCreate;
    id = created.id;
    expect(created).toMatchObject({ kind: 'finiquito', frequency: 'quincenal', periodStart: '2026-06-21', periodEnd: '2026-06-30', paymentDate: '2026-07-03', status: 'calculada', employeeCount: 1 });
    expect(created.description).toBe('Finiquito de FIN-R IBARRA GIL ROSA, baja 30/06/2026');
    expect(created.separation).toEqual({ kind: 'RENUNCIA', employeeId: r.id, separationDate: '2026-06-30', hireDate: '2021-07-01', salaryOwedDays: '10', pendingVacationDaysFromPastYears: '0', twentyDaysPerYear: false });
    const [e] = created.employees;
    expect(lineFigures(e)).toEqual([
      ['SUELDO', 'percepcion', '5000.00', '0.00', '5000.00'],
      ['AGUINALDO', 'percepcion', '3719.18', '3519.30', '199.88'],
      ['VACACIONES', 'percepcion', '10000.00', '0.00', '10000.00'],
      ['PRIMA-VAC', 'percepcion', '2500.00', '1759.65', '740.35'],
      ['ISR', 'deduccion', '1571.31', '0.00', '0.00'],
    ]);
    expect([m(e.daysWorked), m(e.perceptions), m(e.exempt), m(e.taxable), m(e.isrWithheld), m(e.imssEmployee), m(e.subsidy), m(e.net)]).toEqual([
      '10.00', '21219.18', '5278.95', '15940.23', '1571.31', '0.00', '0.00', '19647.87',
    ]);
    expect(e.fiscalTrace.at(-1)).toEqual({ label: 'Neto a pagar = percepciones − ISR retenido', amount: '19647.87' });
    expect([m(created.perceptions), m(created.deductions), m(created.net)]).toEqual(['21219.18', '1571.31', '19647.87']);
  });

  it('a second finiquito for the same baja is a CONFLICT naming the first; incidents are refused', async () => {
    const first = await payroll(id);
    expect(conflictOf(await s.gql(CREATE, { e: r.id, i: { ...RENUNCIA, paymentDate: '2026-07-10' } }, rh))).toBe(
      `La baja del 30/06/2026 de FIN-R IBARRA GIL ROSA ya tiene la nómina de finiquito ${first.folio}: solo puede haber un finiquito por baja.`,
    );
    expect(conflictOf(await s.gql(P_INCIDENT, { id: first.employees[0].id, i: { daysWorked: '1', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] } }, rh))).toBe(
      'La nómina de finiquito no lleva incidencias: sus importes salen de los datos de la baja.',
    );
  });

  it('closes and stamps: CFDI tipo E, periodicidad 99, the days owed, no SeparacionIndemnizacion', async () => {
    const closed = (await ok(P_CLOSE, { id, v: (await payroll(id)).version })).rhPayrollClose;
    expect(closed.status).toBe('cerrada');
    const state = (await ok(STAMPING, { id })).rhPayroll;
    expect(state).toMatchObject({ stampingComplete: true, receiptsToStamp: 0 });
    const xml = (await ok(XML, { id: state.employees[0].id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true });
    const doc = parser.parse(xml).Comprobante;
    expect(doc).toMatchObject({ '@SubTotal': '21219.18', '@Descuento': '1571.31', '@Total': '19647.87' });
    const nomina = doc.Complemento.Nomina;
    expect(nomina).toMatchObject({ '@TipoNomina': 'E', '@FechaPago': '2026-07-03', '@FechaInicialPago': '2026-06-21', '@FechaFinalPago': '2026-06-30', '@NumDiasPagados': '10.000' });
    expect(nomina.Receptor['@PeriodicidadPago']).toBe('99');
    expect(nomina.Percepciones).toMatchObject({ '@TotalSueldos': '21219.18', '@TotalGravado': '15940.23', '@TotalExento': '5278.95' });
    expect(nomina.Percepciones['@TotalSeparacionIndemnizacion']).toBeUndefined();
    expect(nomina.Percepciones.SeparacionIndemnizacion).toBeUndefined();
    expect(nomina.Percepciones.Percepcion.map((p: any) => [p['@TipoPercepcion'], p['@ImporteGravado'], p['@ImporteExento']])).toEqual([
      ['001', '5000.00', '0.00'],
      ['002', '199.88', '3519.30'],
      ['001', '10000.00', '0.00'],
      ['021', '740.35', '1759.65'],
    ]);
    expect(nomina.Deducciones).toMatchObject({ '@TotalImpuestosRetenidos': '1571.31' });
  }, 240_000);
});

describe('an unjustified dismissal, by hand', () => {
  let id: string;

  it('creates and calculates the liquidación: indemnización, 20 días por año, prima de antigüedad with the art. 93 fr. XIII exemption; art. 95 ISR', async () => {
    const p = (await ok(PREVIEW, { e: d.id, i: DESPIDO })).rhSeparationPayrollPreview;
    expect(money2(p)).toEqual({ ...D, exemptionYears: 10 });
    const created = (await ok(CREATE, { e: d.id, i: DESPIDO })).rhSeparationPayrollCreate;
    id = created.id;
    expect(created).toMatchObject({ kind: 'finiquito', periodStart: '2026-02-24', periodEnd: '2026-02-28', paymentDate: '2026-03-02', status: 'calculada' });
    const [e] = created.employees;
    expect(lineFigures(e)).toEqual([
      ['SUELDO', 'percepcion', '2500.00', '0.00', '2500.00'],
      ['AGUINALDO', 'percepcion', '1212.33', '1212.33', '0.00'],
      ['VACACIONES', 'percepcion', '12500.00', '0.00', '12500.00'],
      ['PRIMA-VAC', 'percepcion', '3125.00', '1759.65', '1365.35'],
      ['INDEMNIZACION', 'percepcion', '47527.20', '47527.20', '0.00'],
      ['INDEM-20-DIAS', 'percepcion', '105616.00', '58051.80', '47564.20'],
      ['PRIMA-ANT', 'percepcion', '63369.60', '0.00', '63369.60'],
      ['ISR', 'deduccion', '12147.23', '0.00', '0.00'],
    ]);
    expect(e.lines.at(-1).description).toBe('Ordinario 1647.49 + art. 95 10499.74');
    expect([m(e.perceptions), m(e.exempt), m(e.taxable), m(e.isrWithheld), m(e.net)]).toEqual(['235850.13', '108550.98', '127299.15', '12147.23', '223702.90']);
  });

  it('closes and stamps with TotalSeparacionIndemnizacion and SeparacionIndemnizacion; the CFDI passes XSD, cadena and seals', async () => {
    await ok(P_CLOSE, { id, v: (await payroll(id)).version });
    const state = (await ok(STAMPING, { id })).rhPayroll;
    expect(state.employees.map((e: any) => [e.employeeNumber, e.stampStatus, e.stampError])).toEqual([['FIN-D', 'timbrada', null]]);
    const xml = (await ok(XML, { id: state.employees[0].id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true });
    const doc = parser.parse(xml).Comprobante;
    expect(doc).toMatchObject({ '@SubTotal': '235850.13', '@Descuento': '12147.23', '@Total': '223702.90' });
    const nomina = doc.Complemento.Nomina;
    expect(nomina).toMatchObject({ '@TipoNomina': 'E', '@NumDiasPagados': '5.000', '@TotalPercepciones': '235850.13', '@TotalDeducciones': '12147.23' });
    expect(nomina.Receptor['@PeriodicidadPago']).toBe('99');
    expect(nomina.Percepciones).toMatchObject({ '@TotalSueldos': '19337.33', '@TotalSeparacionIndemnizacion': '216512.80', '@TotalGravado': '127299.15', '@TotalExento': '108550.98' });
    expect(nomina.Percepciones.SeparacionIndemnizacion).toEqual({
      '@TotalPagado': '216512.80',
      '@NumAñosServicio': '10',
      '@UltimoSueldoMensOrd': '15200.00',
      '@IngresoAcumulable': '15200.00',
      '@IngresoNoAcumulable': '95733.80',
    });
    expect(nomina.Percepciones.Percepcion.map((p: any) => p['@TipoPercepcion'])).toEqual(['001', '002', '001', '021', '025', '025', '022']);
    expect(nomina.Deducciones.Deduccion).toMatchObject({ '@TipoDeduccion': '002', '@Importe': '12147.23' });
  }, 240_000);

  it('lists the line under the payroll detail like any payroll', async () => {
    const detail = (await ok(`query($id:ID!){ rhPayroll(id:$id){ kind conceptTotals { code amount } employees { lines { ${LINE} } } } }`, { id })).rhPayroll;
    expect(detail.kind).toBe('finiquito');
    expect(detail.conceptTotals.map((c: any) => [c.code, m(c.amount)])).toEqual(
      expect.arrayContaining([
        ['INDEMNIZACION', '47527.20'],
        ['PRIMA-ANT', '63369.60'],
      ]),
    );
  });
});

describe('salary days owed are paid once', () => {
  it('days owed that an ordinary payroll of the employee already covers are refused on the field, naming it; with none owed it is made', async () => {
    // FIN-Q is in the quincena 16–31/10/2026 (created while active), then leaves on 20/10/2026:
    // 5 days owed would be 16–20/10, which that quincena already pays.
    const q = await createEmployee({ number: 'FIN-Q', names: 'Quirino', lastName: 'Lara', secondLastName: 'Vega', birthDate: '1991-05-05', hireDate: '2024-01-15', dailySalary: '450.00', ...CFDI_DATA });
    const quincena = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-10-16', periodEnd: '2026-10-31', paymentDate: '2026-10-30' } })).rhPayrollCreate;
    expect(quincena.employees.map((e: { employeeNumber: string }) => e.employeeNumber)).toContain('FIN-Q');
    const current = (await ok('query($id:ID!){ rhEmployee(id:$id){ version } }', { id: q.id })).rhEmployee;
    await ok(TERMINATE, { id: q.id, v: current.version, i: { date: '2026-10-20', reason: 'Renuncia voluntaria' } });

    const before = await countPayrolls();
    const owed = { ...RENUNCIA, salaryOwedDays: '5', paymentDate: '2026-10-23' };
    expect(fieldsOf(await s.gql(CREATE, { e: q.id, i: owed }, rh))).toEqual({
      salaryOwedDays: `Los días adeudados (16/10/2026 al 20/10/2026) ya están en la nómina ${quincena.folio} (16/10/2026 al 31/10/2026): captura solo los días que ninguna nómina paga, o quita al empleado de esa nómina.`,
    });
    expect(await countPayrolls()).toBe(before);

    const made = (await ok(CREATE, { e: q.id, i: { ...owed, salaryOwedDays: '0' } })).rhSeparationPayrollCreate;
    expect(made.separation).toMatchObject({ salaryOwedDays: '0', separationDate: '2026-10-20' });
    expect(await countPayrolls()).toBe(before + 1);
  });
});

describe('vacaciones pendientes from the vacation balance', () => {
  it('without the field the balance on the baja date is taken (earned less approved); a value typed in wins', async () => {
    // FIN-V: hired 01/07/2024 at 400.00; baja 30/06/2026. Completed anniversary 01/07/2025 → year 1 earns 12 days (LFT art. 76,
    // 2023 table); 5 of them approved in August 2025 → 12 − 5 = 7 pending. The running year 01/07/2025–30/06/2026 (365 days) is
    // year 2 → 14 × 365 ÷ 365 = 14 days. Vacaciones = (7 + 14) × 400.00 = 8,400.00; with 0 typed in: 14 × 400.00 = 5,600.00.
    const v = await createEmployee({ number: 'FIN-V', names: 'Vera', lastName: 'Luna', secondLastName: 'Roa', birthDate: '1994-05-05', hireDate: '2024-07-01', dailySalary: '400.00', ...CFDI_DATA });
    const req = (await ok('mutation($i:RhVacationRequestInput!){ rhVacationRequestCreate(input:$i){ id version } }', { i: { employeeId: v.id, firstDay: '2025-08-04', lastDay: '2025-08-08', days: 5 } })).rhVacationRequestCreate;
    await ok('mutation($id:ID!,$v:Int!){ rhVacationRequestApprove(id:$id,version:$v){ id } }', { id: req.id, v: req.version });
    const emp = (await ok('query($id:ID!){ rhEmployee(id:$id){ version } }', { id: v.id })).rhEmployee;
    await ok(TERMINATE, { id: v.id, v: emp.version, i: { date: '2026-06-30', reason: 'Renuncia voluntaria' } });
    const input = { kind: 'RENUNCIA', salaryOwedDays: '0', twentyDaysPerYear: false, paymentDate: '2026-07-03' };
    expect(m((await ok(PREVIEW, { e: v.id, i: input })).rhSeparationPayrollPreview.vacations)).toBe('8400.00');
    expect(m((await ok(PREVIEW, { e: v.id, i: { ...input, pendingVacationDaysFromPastYears: '0' } })).rhSeparationPayrollPreview.vacations)).toBe('5600.00');
    const created = (await ok(CREATE, { e: v.id, i: input })).rhSeparationPayrollCreate;
    expect(m(created.separation.pendingVacationDaysFromPastYears)).toBe('7.00');
  });
});
