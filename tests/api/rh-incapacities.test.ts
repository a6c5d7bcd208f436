// Incapacidades IMSS over HTTP (issue 27; MX_FISCAL «Incapacidades IMSS», «Employer quotas»): an employee's
// certificates (abilities, Spanish field messages, overlaps, folios, two at once), then a 16-day quincena
// whose figures are worked out by hand below, its CFDI with the Incapacidades node, and a certificate a
// closed payroll applied that can no longer be cancelled.
//
// INC-01: hired 2026-01-05 at 500.00 a day (first year: 12 vacation days), SDI factor 1 + (15 + 12 × 25 %) ÷ 365
// = 1.0493 → SBC 500 × 1.0493 = 524.65. Quincena 16–31 December 2026 (16 calendar days), paid 31/12/2026.
// Certificates: AB123456 enfermedad general 20–23 Dec (4 days) and RT000777 riesgo de trabajo from 30 Dec for
// 5 days (30, 31 inside the period: 2 days). 6 incapacity days in the period.
//   Paid days 15 − 6 = 9: sueldo 9 × 500.00 = 4,500.00 (NumDiasPagados 9.000).
//   ISR (2026 QUINCENAL row 3,537.16 / 207.75 / 10.88 %): 207.75 + (4,500.00 − 3,537.16) × 10.88 % = 207.75 + 104.757… → 312.51.
//   Subsidio: 4,500.00 × 30.4 ≤ 11,492.66 × 15 → 535.65 × 15 ÷ 30.4 = 264.3009… → 264.30. ISR retenido 312.51 − 264.30 = 48.21.
//   IMSS days 16 − 6 = 10. Worker (3 UMA = 351.93, excess 172.72): 0.40 % × 172.72 × 10 = 6.9088 → 6.91; 0.25 % × 524.65 × 10
//   = 13.11625 → 13.12; 0.375 % → 19.674375 → 19.67; 0.625 % → 32.790625 → 32.79; 1.125 % → 59.023125 → 59.02. Total 131.51.
//   Net 4,500.00 − 48.21 − 131.51 = 4,320.28.
//   Employer on 10 days, retiro and INFONAVIT on 16 (art. 31 fr. IV LSS): cuota fija 20.40 % × 117.31 × 10 = 239.3124 → 239.31;
//   excedente 1.10 % × 172.72 × 10 = 18.9992 → 19.00; dinero 0.70 % × 5,246.50 = 36.7255 → 36.73; GMP 1.05 % → 55.08825 → 55.09;
//   IV 1.75 % → 91.81375 → 91.81; guarderías 1.00 % → 52.465 → 52.47; RT 0.54355 % → 28.51735 → 28.52;
//   retiro 2.00 % × 524.65 × 16 = 167.888 → 167.89; CV (4.47 UMA → 7.513 %) × 5,246.50 = 394.169545 → 394.17;
//   INFONAVIT 5.00 % × 524.65 × 16 = 419.72. Total 1,504.71.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, rhPayrollApi } from './rh-payroll-helpers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let rh: string;
let seller: string; // no RH
let viewer: string; // Consulta: ver only

const { ok, createEmployee, retireDemoQuincenal, payroll } = rhPayrollApi(() => s, () => rh, { firstSeq: 1600 });
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });

const FIELDS = 'id employeeNumber type typeLabel folio startDate endDate days notes status cancelReason closedPayrollFolio version';
const LIST = `query($e:ID!){ rhIncapacities(employeeId:$e){ ${FIELDS} } }`;
const CREATE = `mutation($i:RhIncapacityInput!){ rhIncapacityCreate(input:$i){ ${FIELDS} } }`;
const CANCEL = `mutation($id:ID!,$v:Int!,$r:String!){ rhIncapacityCancel(id:$id,version:$v,reason:$r){ ${FIELDS} } }`;
const QUOTAS = 'query($id:ID!){ rhPayrollEmployerQuotas(payrollId:$id){ rows { employeeNumber days emCuotaFija emExcedente emPrestacionesDinero emGastosMedicosPensionados invalidezVida guarderiasPrestacionesSociales riesgoTrabajo retiro cesantiaVejez infonavit total } } }';
const XML = 'query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }';
const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };

let emp: { id: string };
const list = async () => (await ok(LIST, { e: emp.id })).rhIncapacities as any[];

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  await retireDemoQuincenal();
  emp = await createEmployee({ number: 'INC-01', names: 'Inés', lastName: 'Campos', secondLastName: 'Rey', birthDate: '1991-07-07', hireDate: '2026-01-05', dailySalary: '500.00', ...CFDI_DATA });
}, 240_000);
afterAll(async () => s?.stop());

const EG = { type: '02', folio: 'ab123456', startDate: '2026-12-20', days: 4, notes: 'Gripe' };

describe('capturing certificates', () => {
  it('FORBIDDEN without the ability (ventas: nothing; consulta: only reads); bad input field by field in Spanish; nothing written', async () => {
    for (const token of [seller, viewer]) expect((await s.gql(CREATE, { i: { ...EG, employeeId: emp.id } }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(LIST, { e: emp.id }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(LIST, { e: emp.id }, viewer)).errors).toBeUndefined();
    expect(fieldsOf(await s.gql(CREATE, { i: { employeeId: emp.id, type: '09', folio: 'x', startDate: '2026-12-01', days: 0 } }, rh))).toEqual({
      type: 'Elige el tipo de incapacidad',
      folio: 'Captura el folio del certificado IMSS (2 a 20 letras o números)',
      days: 'Los días deben ser un número entero entre 1 y 546',
    });
    expect(fieldsOf(await s.gql(CREATE, { i: { ...EG, employeeId: emp.id, days: 547 } }, rh))).toEqual({ days: 'Los días deben ser un número entero entre 1 y 546' });
    expect(fieldsOf(await s.gql(CREATE, { i: { ...EG, employeeId: emp.id, startDate: '2025-12-31' } }, rh))).toEqual({ startDate: 'La incapacidad no puede empezar antes del ingreso del empleado (05/01/2026).' });
    expect(await list()).toEqual([]);
  });

  it('registers one (folio in capitals, end date, type name); a second with its folio or over its days is refused', async () => {
    const a = (await ok(CREATE, { i: { ...EG, employeeId: emp.id } })).rhIncapacityCreate;
    expect(a).toMatchObject({ employeeNumber: 'INC-01', type: '02', typeLabel: 'Enfermedad general', folio: 'AB123456', startDate: '2026-12-20', endDate: '2026-12-23', days: 4, notes: 'Gripe', status: 'activa', closedPayrollFolio: null });
    expect(fieldsOf(await s.gql(CREATE, { i: { ...EG, employeeId: emp.id, startDate: '2027-02-01' } }, rh))).toEqual({ folio: 'Ya existe una incapacidad con este folio IMSS' });
    expect(fieldsOf(await s.gql(CREATE, { i: { ...EG, employeeId: emp.id, folio: 'ZZ1', startDate: '2026-12-23', days: 2 } }, rh))).toEqual({ startDate: 'Se cruza con la incapacidad AB123456 del empleado.' });
    expect(await list()).toHaveLength(1);
  });

  it('two overlapping certificates sent at once: one is registered, the other refused naming it', async () => {
    const both = await Promise.all(['RT000777', 'RT000778'].map((folio) => s.gql(CREATE, { i: { employeeId: emp.id, type: '01', folio, startDate: '2026-12-30', days: 5 } }, rh)));
    const won = both.filter((r) => !r.errors).map((r) => (r.data as any).rhIncapacityCreate);
    expect(won).toHaveLength(1);
    expect(fieldsOf(both.find((r) => r.errors)!)).toEqual({ startDate: `Se cruza con la incapacidad ${won[0].folio} del empleado.` });
    // Keep RT000777 for the payroll: cancel the other if it won, and its folio is free again.
    if (won[0].folio !== 'RT000777') {
      const reason = 'Capturada dos veces';
      expect(fieldsOf(await s.gql(CANCEL, { id: won[0].id, v: won[0].version, r: ' ' }, rh))).toEqual({ reason: 'Este campo es obligatorio.' });
      await ok(CANCEL, { id: won[0].id, v: won[0].version, r: reason });
      await ok(CREATE, { i: { employeeId: emp.id, type: '01', folio: 'RT000777', startDate: '2026-12-30', days: 5 } });
    }
    expect((await list()).filter((i) => i.status === 'activa').map((i) => [i.folio, i.startDate, i.endDate])).toEqual([
      ['RT000777', '2026-12-30', '2027-01-03'],
      ['AB123456', '2026-12-20', '2026-12-23'],
    ]);
  });

  it('cancelling needs editar and a reason; a cancelled folio can be captured again', async () => {
    const c = (await ok(CREATE, { i: { employeeId: emp.id, type: '03', folio: 'MAT001', startDate: '2027-03-01', days: 84 } })).rhIncapacityCreate;
    expect((await s.gql(CANCEL, { id: c.id, v: c.version, r: 'Error' }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(fieldsOf(await s.gql(CANCEL, { id: c.id, v: c.version, r: '' }, rh))).toEqual({ reason: 'Este campo es obligatorio.' });
    const cancelled = (await ok(CANCEL, { id: c.id, v: c.version, r: 'Fecha equivocada' })).rhIncapacityCancel;
    expect(cancelled).toMatchObject({ status: 'cancelada', cancelReason: 'Fecha equivocada' });
    expect(conflictOf(await s.gql(CANCEL, { id: c.id, v: cancelled.version, r: 'Otra vez' }, rh))).toBe('La incapacidad ya está cancelada.');
    const again = (await ok(CREATE, { i: { employeeId: emp.id, type: '03', folio: 'MAT001', startDate: '2027-03-08', days: 84 } })).rhIncapacityCreate;
    expect(again.status).toBe('activa');
  });
});

describe('a quincena with 6 incapacity days, by hand', () => {
  let payrollId: string;
  let pe: any;

  it('pays 9 days, charges IMSS 10 and retiro/INFONAVIT 16, and names the certificates in the trace', async () => {
    const created = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-12-16', periodEnd: '2026-12-31', paymentDate: '2026-12-31' } })).rhPayrollCreate;
    payrollId = created.id;
    const calc = (await ok(P_CALC, { id: created.id, v: created.version })).rhPayrollCalculate;
    pe = calc.employees.find((e: any) => e.employeeNumber === 'INC-01');
    expect(m(pe.sbcDaily)).toBe('524.65');
    const sueldo = pe.lines.find((l: any) => l.description.includes('días ×'));
    expect([sueldo.description, m(sueldo.amount)]).toEqual(['9 días × 500.00', '4500.00']);
    expect([m(pe.perceptions), m(pe.isr), m(pe.subsidy), m(pe.isrWithheld), m(pe.imssEmployee), m(pe.net)]).toEqual(['4500.00', '312.51', '264.30', '48.21', '131.51', '4320.28']);
    const labels = pe.fiscalTrace.map((t: any) => t.label);
    expect(labels).toContain('Incapacidad IMSS AB123456 (Enfermedad general): 4 días del periodo sin sueldo (art. 42 LFT) y fuera de los días cotizados, menos retiro e INFONAVIT (art. 31 fr. IV LSS)');
    expect(labels).toContain('Incapacidad IMSS RT000777 (Riesgo de trabajo): 2 días del periodo sin sueldo (art. 42 LFT) y fuera de los días cotizados, menos retiro e INFONAVIT (art. 31 fr. IV LSS)');
    expect(pe.fiscalTrace.find((t: any) => t.label === 'Días cotizados IMSS')?.amount).toBe('10');
    const q = (await ok(QUOTAS, { id: payrollId })).rhPayrollEmployerQuotas.rows.find((r: any) => r.employeeNumber === 'INC-01');
    const money = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'employeeNumber' ? v : m(v)]));
    expect(money(q)).toEqual({
      employeeNumber: 'INC-01', days: '10.00', emCuotaFija: '239.31', emExcedente: '19.00', emPrestacionesDinero: '36.73', emGastosMedicosPensionados: '55.09',
      invalidezVida: '91.81', guarderiasPrestacionesSociales: '52.47', riesgoTrabajo: '28.52', retiro: '167.89', cesantiaVejez: '394.17', infonavit: '419.72', total: '1504.71',
    });
  }, 240_000);

  it('closed and stamped: NumDiasPagados 9 and one Incapacidad per certificate; the CFDI passes XSD, cadena and seals; the certificates can no longer be cancelled', async () => {
    const closed = (await ok(P_CLOSE, { id: payrollId, v: (await payroll(payrollId)).version })).rhPayrollClose;
    const receipt = closed.employees.find((e: any) => e.employeeNumber === 'INC-01');
    const xml = (await ok(XML, { id: receipt.id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true });
    const nomina = parser.parse(xml).Comprobante.Complemento.Nomina;
    expect(nomina['@NumDiasPagados']).toBe('9.000');
    expect(nomina.Incapacidades.Incapacidad).toEqual([
      { '@DiasIncapacidad': '4', '@TipoIncapacidad': '02' },
      { '@DiasIncapacidad': '2', '@TipoIncapacidad': '01' },
    ]);
    const eg = (await list()).find((i) => i.folio === 'AB123456');
    expect(eg.closedPayrollFolio).toBe(closed.folio);
    expect(conflictOf(await s.gql(CANCEL, { id: eg.id, v: eg.version, r: 'Tarde' }, rh))).toBe(`La nómina ${closed.folio}, ya cerrada, aplicó esta incapacidad: no se puede cancelar.`);
  }, 240_000);
});
