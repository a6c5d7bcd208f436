// CFDI de nómina over HTTP (issue 27): closing a payroll seals each receipt with the demo
// company's CSD (SAT's test certificate) and stamps it with the sandbox PAC, exactly once; the
// receipt shows its UUID and its XML passes the tests' own checks (checkStampedCfdi) with the
// payroll's figures to the cent; a receipt whose employee lacks a datum the CFDI needs is
// refused in Spanish naming it, and stamps once the datum is captured; a server that dies
// between the PAC and the save recovers the same UUID at its next start.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let rh: string;
let seller: string; // no RH
let viewer: string; // Consulta: ver only

const { ok, createEmployee, retireDemoQuincenal } = rhPayrollApi(() => s, () => rh, { firstSeq: 950 });
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });

const STAMP = 'stampStatus uuid stampSandbox stampError';
const RECEIPTS = `query($id:ID!){ rhPayroll(id:$id){ status employees { id employeeId employeeNumber sbcDaily perceptions taxable exempt isr subsidy isrWithheld imssEmployee deductions otherPayments net ${STAMP} } } }`;
const XML = 'query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }';
const RESTAMP = `mutation($id:ID!){ rhPayrollReceiptStamp(payrollEmployeeId:$id){ id ${STAMP} } }`;
const EMPLOYEE_UPDATE = 'mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ id version postalCode workState contractType } }';
const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

describe('the demo', () => {
  it('the closed demo quincena’s receipts were stamped at the seed (sandbox PAC), each with its own UUID', async () => {
    const list = (await ok('{ rhPayrolls(list:{sortBy:"folio"}){ items { id status } } }')).rhPayrolls.items;
    const closed = list.find((p: any) => p.status === 'cerrada');
    const receipts = (await ok(RECEIPTS, { id: closed.id })).rhPayroll.employees;
    expect(receipts.length).toBeGreaterThan(10);
    expect(receipts.every((r: any) => r.stampStatus === 'timbrada' && r.stampSandbox === true && /^[0-9A-F-]{36}$/i.test(r.uuid))).toBe(true);
    expect(new Set(receipts.map((r: any) => r.uuid)).size).toBe(receipts.length);
  });
});

describe('closing a quincena stamps each receipt', () => {
  let payrollId: string;
  let receipts: any[];
  let full: { id: string; input: any }; // every datum: stamped at the close
  let lacking: { id: string; input: any }; // no postal code: refused

  beforeAll(async () => {
    await retireDemoQuincenal();
    full = await createEmployee({ number: 'CFDI-1', names: 'Ingrid', lastName: 'Xodar', secondLastName: 'Jiménez', birthDate: '1984-09-19', hireDate: '2025-01-06', dailySalary: '350.00', ...CFDI_DATA });
    // Above the SBC ceiling: 25 UMA × 117.31 = 2,932.75 a day.
    await createEmployee({ number: 'CFDI-2', names: 'Pablo', lastName: 'Nava', secondLastName: 'Ruiz', birthDate: '1990-03-02', hireDate: '2024-02-01', dailySalary: '3200.00', ...CFDI_DATA, contractType: '03' });
    lacking = await createEmployee({ number: 'CFDI-3', names: 'Rosa', lastName: 'Luna', secondLastName: 'Mora', birthDate: '1992-07-11', hireDate: '2025-05-01', dailySalary: '400.00', workState: 'QUE', contractType: '01' });
    const created = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-06-01', periodEnd: '2026-06-15', paymentDate: '2026-06-15', description: 'Quincena con CFDI' } })).rhPayrollCreate;
    payrollId = created.id;
    const first = created.employees.find((e: any) => e.employeeNumber === 'CFDI-1');
    await ok(P_INCIDENT, { id: first.id, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '4', overtimeTripleHours: '0', overtimeDoubleDays: 2, extras: [] } });
    // CFDI-2: 9 double hours on 3 days and 2.5 triple hours on 1 day (nomina12:HorasExtra, asserted below).
    const second = created.employees.find((e: any) => e.employeeNumber === 'CFDI-2');
    await ok(P_INCIDENT, { id: second.id, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '9', overtimeTripleHours: '2.5', overtimeDoubleDays: 3, overtimeTripleDays: 1, extras: [] } });
    const draft = (await ok(`query($id:ID!){ rhPayroll(id:$id){ version } }`, { id: payrollId })).rhPayroll;
    const calculated = (await ok(P_CALC, { id: payrollId, v: draft.version })).rhPayrollCalculate;
    // Still open: no receipt is sealed and there is no XML to download.
    expect(calculated.employees.map((e: any) => e.stampStatus ?? null)).toEqual([null, null, null]);
    expect(conflictOf(await s.gql(XML, { id: first.id }, rh))).toBe('El recibo aún no tiene CFDI: se genera al cerrar la nómina.');
    await ok(P_CLOSE, { id: payrollId, v: calculated.version });
    receipts = (await ok(RECEIPTS, { id: payrollId })).rhPayroll.employees;
  }, 240_000);

  const receipt = (number: string) => receipts.find((r) => r.employeeNumber === number);

  it('the receipts with every datum are timbrada with their own UUID; the one lacking its postal code says so in Spanish', () => {
    expect(receipts.map((r) => [r.employeeNumber, r.stampStatus])).toEqual([
      ['CFDI-1', 'timbrada'],
      ['CFDI-2', 'timbrada'],
      ['CFDI-3', 'rechazada'],
    ]);
    expect(receipt('CFDI-1').uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i);
    expect(receipt('CFDI-1').uuid).not.toBe(receipt('CFDI-2').uuid);
    expect(receipt('CFDI-3')).toMatchObject({
      uuid: null,
      stampError: 'No se puede timbrar el recibo de CFDI-3 LUNA MORA ROSA: falta el código postal de su domicilio fiscal (DomicilioFiscalReceptor) en su expediente.',
    });
  });

  it('the XML passes SAT’s XSDs, its Sello and the SelloSAT verify, and its figures are the payroll’s to the cent', async () => {
    const r = receipt('CFDI-1');
    // The quincena by hand (2026 QUINCENAL tariff, UMA 117.31): 350.00 × 15 = 5,250.00 gravado; 4 double
    // hours 350.00 / 8 × 2 × 4 = 350.00, half exempt = 175.00 → 5,600.00 = 5,425.00 gravado + 175.00 exento.
    // ISR 207.75 + (5,425.00 − 3,537.16) × 10.88 % = 413.15; subsidio 535.65 / 30.4 × 15 = 264.30; retenido 148.85.
    expect([m(r.perceptions), m(r.taxable), m(r.exempt), m(r.isr), m(r.subsidy), m(r.isrWithheld)]).toEqual(['5600.00', '5425.00', '175.00', '413.15', '264.30', '148.85']);
    const xml = (await ok(XML, { id: r.id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: r.uuid });
    const doc = parser.parse(xml).Comprobante;
    const nomina = doc.Complemento.Nomina;
    expect(doc).toMatchObject({ '@TipoDeComprobante': 'N', '@SubTotal': m(r.perceptions), '@Descuento': m(r.deductions), '@Total': m(r.net) });
    expect(doc.Emisor).toMatchObject({ '@Rfc': 'EKU9003173C9' });
    expect(doc.Receptor).toMatchObject({ '@Rfc': full.input.rfc, '@Nombre': 'INGRID XODAR JIMÉNEZ', '@DomicilioFiscalReceptor': '76000', '@UsoCFDI': 'CN01' });
    expect(nomina).toMatchObject({ '@TipoNomina': 'O', '@NumDiasPagados': '15.000', '@TotalPercepciones': m(r.perceptions), '@TotalDeducciones': m(r.deductions), '@TotalOtrosPagos': '0.00' });
    expect(nomina.Emisor['@RegistroPatronal']).toBe('Y6012345108');
    // 2025-01-06 → 2026-06-15, both ends: 526 days, 75 complete weeks.
    expect(nomina.Receptor).toMatchObject({ '@Curp': full.input.curp, '@NumSeguridadSocial': full.input.nss, '@FechaInicioRelLaboral': '2025-01-06', '@Antigüedad': 'P75W', '@TipoContrato': '01', '@PeriodicidadPago': '04', '@ClaveEntFed': 'QUE' });
    expect(nomina.Percepciones).toMatchObject({ '@TotalGravado': m(r.taxable), '@TotalExento': m(r.exempt) });
    const deductions = Object.fromEntries(nomina.Deducciones.Deduccion.map((d: any) => [d['@TipoDeduccion'], d['@Importe']]));
    expect(deductions).toEqual({ '002': m(r.isrWithheld), '001': m(r.imssEmployee) });
    expect(nomina.OtrosPagos.OtroPago).toMatchObject({ '@TipoOtroPago': '002', '@Importe': '0.00', SubsidioAlEmpleo: { '@SubsidioCausado': m(r.subsidy) } });
  }, 240_000);

  it('SalarioBaseCotApor is the SBC capped at 25 UMA; SalarioDiarioIntegrado the whole SDI', async () => {
    const r = receipt('CFDI-2');
    expect(Number(r.sbcDaily)).toBeGreaterThan(2932.75);
    const xml = (await ok(XML, { id: r.id })).rhPayrollReceiptXml as string;
    expect((await checkStampedCfdi(xml)).xsdValid).toBe(true);
    const receptor = parser.parse(xml).Comprobante.Complemento.Nomina.Receptor;
    expect(receptor).toMatchObject({ '@SalarioBaseCotApor': '2932.75', '@SalarioDiarioIntegrado': m(r.sbcDaily), '@TipoContrato': '03' });
  }, 240_000);

  it('each percepción 019 carries its nomina12:HorasExtra: dobles TipoHoras 01, triples 02, with the days, whole hours and the amount paid', async () => {
    const r = receipt('CFDI-2');
    // By hand: 3,200.00 ÷ 8 = 400.00 an hour. Dobles: 9 h × 800.00 = 7,200.00, worked on 3 days; exempt half up to
    // 5 UMA a week: min(3,600.00, 117.31 × 5 × 15 ÷ 7 = 1,256.89) = 1,256.89 → gravado 5,943.11.
    // Triples: 2.5 h × 1,200.00 = 3,000.00 on 1 day, all gravado; the XSD takes whole hours: 2.5 → 3.
    const xml = (await ok(XML, { id: r.id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true });
    const list = parser.parse(xml).Comprobante.Complemento.Nomina.Percepciones.Percepcion;
    const overtime = (Array.isArray(list) ? list : [list]).filter((p: any) => p['@TipoPercepcion'] === '019');
    expect(overtime).toEqual([
      { '@TipoPercepcion': '019', '@Clave': 'HE-DOBLES', '@Concepto': 'Horas extra dobles', '@ImporteGravado': '5943.11', '@ImporteExento': '1256.89', HorasExtra: { '@Dias': '3', '@TipoHoras': '01', '@HorasExtra': '9', '@ImportePagado': '7200.00' } },
      { '@TipoPercepcion': '019', '@Clave': 'HE-TRIPLES', '@Concepto': 'Horas extra triples', '@ImporteGravado': '3000.00', '@ImporteExento': '0.00', HorasExtra: { '@Dias': '1', '@TipoHoras': '02', '@HorasExtra': '3', '@ImportePagado': '3000.00' } },
    ]);
    // The cadena original (SAT's XSLT) carries the nodes' values, in the XSD's order, right after their percepción.
    expect(check.cadena).toContain('|019|HE-DOBLES|Horas extra dobles|5943.11|1256.89|3|01|9|7200.00|019|HE-TRIPLES|Horas extra triples|3000.00|0.00|1|02|3|3000.00|');
  }, 240_000);

  it('the XML is FORBIDDEN without Recursos Humanos and for Consulta (no exportar); «Timbrar» needs autorizar', async () => {
    for (const token of [seller, viewer]) {
      expect((await s.gql(XML, { id: receipt('CFDI-1').id }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await s.gql(RESTAMP, { id: receipt('CFDI-3').id }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('«Timbrar» refuses while the datum is missing, stamps once it is captured, and never twice', async () => {
    const id = receipt('CFDI-3').id;
    expect(conflictOf(await s.gql(RESTAMP, { id }, rh))).toBe(receipt('CFDI-3').stampError);
    const emp = (await ok('query($id:ID!){ rhEmployee(id:$id){ version } }', { id: lacking.id })).rhEmployee;
    const bad = await s.gql(EMPLOYEE_UPDATE, { id: lacking.id, v: emp.version, i: { ...lacking.input, postalCode: '7600', workState: 'XX', contractType: '55' } }, rh);
    expect(fieldsOf(bad)).toEqual({
      postalCode: 'Código postal no válido: 5 dígitos (el de su constancia de situación fiscal).',
      workState: 'Elige la entidad federativa del catálogo del SAT.',
      contractType: 'Elige el tipo de contrato del catálogo del SAT.',
    });
    expect((await ok('query($id:ID!){ rhEmployee(id:$id){ version postalCode } }', { id: lacking.id })).rhEmployee).toEqual({ version: emp.version, postalCode: '' });
    await ok(EMPLOYEE_UPDATE, { id: lacking.id, v: emp.version, i: { ...lacking.input, postalCode: '76010' } });
    // Two «Timbrar» at once: one seal, one stamp, the same UUID for both.
    const both = await Promise.all([s.gql(RESTAMP, { id }, rh), s.gql(RESTAMP, { id }, rh)]);
    const answers = both.map((r) => r.data?.rhPayrollReceiptStamp ?? r.errors?.[0].message);
    const stamped = answers.find((x: any) => x?.stampStatus) as any;
    expect(stamped).toMatchObject({ stampStatus: 'timbrada', stampError: null });
    for (const x of answers) expect(x === 'El recibo ya está timbrado.' || (x as any).uuid === stamped.uuid).toBe(true);
    const issued = await s.gql('query($id:ID!){ rhPayroll(id:$id){ employees { id uuid } } }', { id: payrollId }, rh);
    expect(issued.data!.rhPayroll.employees.find((e: any) => e.id === id).uuid).toBe(stamped.uuid);
    expect(conflictOf(await s.gql(RESTAMP, { id }, rh))).toBe('El recibo ya está timbrado.');
    const xml = (await ok(XML, { id })).rhPayrollReceiptXml as string;
    expect(xml).toContain(`UUID="${stamped.uuid}"`);
    expect(xml).toContain('DomicilioFiscalReceptor="76010"');
  }, 240_000);
});

describe('the company’s registro patronal (Configuración › Empresa) and an extraordinary payroll', () => {
  const COMPANY = '{ companyProfile { rfc name regimenFiscal postalCode address phone email invoiceSeries defaultSeries registroPatronal riesgoPuesto version } }';
  const UPDATE = 'mutation($v:Int!,$i:CompanyProfileInput!){ companyProfileUpdate(version:$v,input:$i){ registroPatronal riesgoPuesto version } }';
  const setCompany = async (patch: Record<string, string>) => {
    const { version, ...input } = (await s.gql(COMPANY, {}, admin)).data!.companyProfile;
    return s.gql(UPDATE, { v: version, i: { ...input, ...patch } }, admin);
  };
  let admin: string;
  beforeAll(async () => {
    admin = await s.login(ADMIN_EMAIL);
  });

  it('refuses a malformed registro patronal or risk class in Spanish and keeps the stored ones', async () => {
    expect(fieldsOf(await setCompany({ registroPatronal: 'Y50-123', riesgoPuesto: '7' }))).toEqual({
      registroPatronal: 'Registro patronal no válido: 11 letras o dígitos, como en la tarjeta del IMSS (p. ej. Y5012345105).',
      riesgoPuesto: 'Elige la clase de riesgo de trabajo del catálogo del SAT.',
    });
    expect((await s.gql(COMPANY, {}, admin)).data!.companyProfile).toMatchObject({ registroPatronal: 'Y6012345108', riesgoPuesto: '1' });
    const { version, ...input } = (await s.gql(COMPANY, {}, admin)).data!.companyProfile;
    expect((await s.gql(UPDATE, { v: version, i: { ...input, registroPatronal: '' } }, rh)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('without a registro patronal every receipt of the close is left unstamped saying so; with it, «Timbrar» stamps a tipo E receipt with periodicidad 99', async () => {
    expect((await setCompany({ registroPatronal: '' })).data!.companyProfileUpdate.registroPatronal).toBe('');
    const created = (await ok(P_CREATE, { i: { kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-06-16', periodEnd: '2026-06-30', paymentDate: '2026-06-30', description: 'Extraordinaria con CFDI' } })).rhPayrollCreate;
    const calculated = (await ok(P_CALC, { id: created.id, v: created.version })).rhPayrollCalculate;
    await ok(P_CLOSE, { id: created.id, v: calculated.version });
    const receipts = (await ok(RECEIPTS, { id: created.id })).rhPayroll.employees;
    expect(receipts.map((r: any) => [r.stampStatus, r.stampError])).toEqual(
      receipts.map(() => ['rechazada', 'La empresa no tiene registro patronal del IMSS (Emisor RegistroPatronal del CFDI de nómina): captúralo en los datos de la empresa.']),
    );

    expect((await setCompany({ registroPatronal: 'y6012345108' })).data!.companyProfileUpdate.registroPatronal).toBe('Y6012345108');
    const first = receipts.find((r: any) => r.employeeNumber === 'CFDI-1');
    expect((await ok(RESTAMP, { id: first.id })).rhPayrollReceiptStamp.stampStatus).toBe('timbrada');
    const xml = (await ok(XML, { id: first.id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloSatValid: true });
    const nomina = parser.parse(xml).Comprobante.Complemento.Nomina;
    expect(nomina).toMatchObject({ '@TipoNomina': 'E', '@FechaInicialPago': '2026-06-16', '@FechaFinalPago': '2026-06-30', '@TotalPercepciones': m(first.perceptions) });
    expect(nomina.Receptor['@PeriodicidadPago']).toBe('99');
  }, 240_000);
});

describe('exactly once when the server dies between the PAC and the save', () => {
  it('a restart recovers the UUID the PAC issued for the receipt; nothing is stamped twice', async () => {
    const crash = await startServer({ ERP_FAULT_AFTER_PAC: 'exit' });
    try {
      const token = await crash.login('rh@demo.mx');
      const open = (await crash.gql('{ rhPayrolls(filter:{status:calculada}){ items { id version } } }', {}, token)).data!.rhPayrolls.items[0];
      await expect(crash.gql(P_CLOSE, { id: open.id, v: open.version }, token)).rejects.toThrow();
      expect(await crash.exited()).toBe(86);

      // Closed and sealed; the PAC stamped the first receipt (its store kept the answer) but the save never happened.
      const rows = await crash.inspect<{ id: number; employee_id: number; stamp_status: string; cfdi_uuid: string | null }>(
        'select id, employee_id, stamp_status, cfdi_uuid from rh_payroll_employees where payroll_id = $1 order by id',
        [Number(open.id)],
      );
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.every((r) => r.stamp_status === 'pendiente' && r.cfdi_uuid === null)).toBe(true);
      const issued = await crash.inspect<{ idempotency_key: string; uuid: string }>("select idempotency_key, uuid from cfdi_stamps where idempotency_key like $1", [`nomina-${open.id}-%`]);
      expect(issued).toHaveLength(1);

      await crash.restart({ ERP_FAULT_AFTER_PAC: '' });
      const token2 = await crash.login('rh@demo.mx');
      // The recovery runs after the server listens: wait for it to finish.
      let after: any[] = [];
      for (let i = 0; i < 60; i++) {
        after = (await crash.gql(RECEIPTS, { id: open.id }, token2)).data!.rhPayroll.employees;
        if (after.every((r: any) => r.stampStatus === 'timbrada')) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(after.map((r: any) => r.stampStatus)).toEqual(after.map(() => 'timbrada'));
      const first = after.find((r: any) => `nomina-${open.id}-${r.employeeId}` === issued[0].idempotency_key);
      expect(first.uuid).toBe(issued[0].uuid);
      const all = await crash.inspect<{ n: number }>("select count(*)::int as n from cfdi_stamps where idempotency_key like $1", [`nomina-${open.id}-%`]);
      expect(all[0].n).toBe(after.length);
    } finally {
      await crash.stop();
    }
  }, 300_000);
});
