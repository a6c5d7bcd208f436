// Registros patronales, impuesto sobre nóminas and cuotas patronales over HTTP
// (issue 27): abilities, bad input (Spanish field messages, nothing written),
// and one employee paid in two quincenas whose employer quotas are worked out
// by hand below with MX_FISCAL «Employer quotas» 2026 (UMA 117.31), then added
// per bimester.
//
// The employee: daily salary 571.81, hired 2026-01-05 (first year: 12 vacation
// days), SDI factor 1 + (15 + 12 × 25 %) ÷ 365 = 1.0493 → SDI = 571.81 × 1.0493
// = 600.000233 → SBC 600.00. Registro: the demo one (first active, no registro of
// its own), premium 0.54355 %, state QUE.
//
// Quincena 1–15 March 2026, 15 days:
//   EM cuota fija   20.40 % × 117.31 × 15 = 358.9686  → 358.97
//   EM excedente    1.10 % × (600 − 3 × 117.31 = 248.07) × 15 = 40.93155 → 40.93
//   EM prest. dinero 0.70 % × 600 × 15 = 63.00
//   Gastos médicos pensionados 1.05 % × 600 × 15 = 94.50
//   Invalidez y vida 1.75 % × 600 × 15 = 157.50
//   Guarderías 1.00 % × 600 × 15 = 90.00
//   Riesgo de trabajo 0.54355 % × 600 × 15 = 48.9195 → 48.92
//   Retiro 2.00 % × 600 × 15 = 180.00
//   Cesantía y vejez: 600 ÷ 117.31 = 5.11 UMA → 7.513 % × 600 × 15 = 676.17
//   INFONAVIT 5.00 % × 600 × 15 = 450.00
//   Total = 2,159.99; EM = 358.97 + 40.93 + 63.00 + 94.50 = 557.40
//   ISN: taxable 571.81 × 15 = 8,577.15; rate for QUE captured here 2.50 % from
//   2026-03-01 (the demo's 3.00 % from 2026-01-01 no longer applies) → 214.42875 → 214.43
// Quincena 1–15 April 2026, 15 days with 5 absences → 10 days:
//   EM: 239.3124 → 239.31; 27.2877 → 27.29; 42.00; 63.00 → 371.60
//   IV 105.00; GPS 60.00; RT 32.613 → 32.61; retiro 120.00; CV 450.78; INFONAVIT 300.00
//   ISN: 571.81 × 10 = 5,718.10 × 2.50 % = 142.9525 → 142.95
// Bimester 2 (March–April): retiro 300.00, CV 1,126.95, INFONAVIT 750.00, ISN 357.38.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { A_CREATE, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let rh: string;
let seller: string;
let viewer: string;

const { ok, createEmployee, retireDemoQuincenal } = rhPayrollApi(() => s, () => rh, { firstSeq: 700 });

const REG = 'id registro name state riskPremiumPercent riskClass active employeeCount version';
const R_CREATE = `mutation($i:RhEmployerRegistrationInput!){ rhEmployerRegistrationCreate(input:$i){ ${REG} } }`;
const R_UPDATE = `mutation($id:ID!,$v:Int!,$i:RhEmployerRegistrationInput!){ rhEmployerRegistrationUpdate(id:$id,version:$v,input:$i){ ${REG} } }`;
const RATE = 'id state ratePercent effectiveFrom notes version';
const T_CREATE = `mutation($i:RhStatePayrollTaxRateInput!){ rhStatePayrollTaxRateCreate(input:$i){ ${RATE} } }`;
const QUOTA_FIELDS =
  'employeeNumber registro state sbc days riskPremiumPercent cesantiaVejezRate emCuotaFija emExcedente emPrestacionesDinero emGastosMedicosPensionados invalidezVida guarderiasPrestacionesSociales riesgoTrabajo retiro cesantiaVejez infonavit total isnBase isnRatePercent isn problem';
const QUOTAS = `query($id:ID!){ rhPayrollEmployerQuotas(payrollId:$id){ rows { ${QUOTA_FIELDS} } totals { total isn riesgoTrabajo } } }`;
const BIM_FIELDS = 'employeeNumber days1 em1 iv1 gps1 rt1 monthly1 days2 em2 iv2 gps2 rt2 monthly2 retiro cesantiaVejez infonavit bimonthly isn';
const BIMESTER = `query($y:Int!,$b:Int!,$r:ID!){ rhEmployerQuotasBimester(year:$y,bimester:$b,registrationId:$r){ months registration { registro } rows { ${BIM_FIELDS} } totals { ${BIM_FIELDS.replace('employeeNumber ', '')} } } }`;

const registrations = async () => (await ok(`{ rhEmployerRegistrations(list:{pageSize:50}){ total items { ${REG} } } }`)).rhEmployerRegistrations;
const rates = async () => (await ok(`{ rhStatePayrollTaxRates { ${RATE} } }`)).rhStatePayrollTaxRates;
const money = (o: Record<string, string | null>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, /^-?\d+(\.\d+)?$/.test(String(v)) ? m(v) : v]));

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

describe('permissions', () => {
  const OPS: { name: string; query: string; needs: string }[] = [
    { name: 'rhEmployerRegistrations', query: '{ rhEmployerRegistrations { total } }', needs: 'ver' },
    { name: 'rhStatePayrollTaxRates', query: '{ rhStatePayrollTaxRates { id } }', needs: 'ver' },
    { name: 'rhPayrollEmployerQuotas', query: '{ rhPayrollEmployerQuotas(payrollId:"1"){ rows { isn } } }', needs: 'ver' },
    { name: 'rhEmployerQuotasBimester', query: '{ rhEmployerQuotasBimester(year:2026,bimester:1,registrationId:"1"){ year } }', needs: 'ver' },
    { name: 'rhEmployerRegistrationOptions', query: '{ rhEmployerRegistrationOptions { id } }', needs: 'ver' },
    { name: 'rhSuaBimester', query: '{ rhSuaBimester(year:2026,bimester:1,registrationId:"1"){ year } }', needs: 'ver' },
    { name: 'rhSuaFiles', query: '{ rhSuaFiles(year:2026,bimester:1,registrationId:"1"){ warnings } }', needs: 'ver' },
    { name: 'rhEmployerRegistrationCreate', query: 'mutation{ rhEmployerRegistrationCreate(input:{registro:"B1234567890",name:"X",state:"JAL",riskPremiumPercent:"1",riskClass:"2",active:true}){ id } }', needs: 'crear' },
    { name: 'rhEmployerRegistrationUpdate', query: 'mutation{ rhEmployerRegistrationUpdate(id:"1",version:1,input:{registro:"B1234567890",name:"X",state:"JAL",riskPremiumPercent:"1",riskClass:"2",active:true}){ id } }', needs: 'editar' },
    { name: 'rhStatePayrollTaxRateCreate', query: 'mutation{ rhStatePayrollTaxRateCreate(input:{state:"JAL",ratePercent:"2",effectiveFrom:"2026-01-01"}){ id } }', needs: 'crear' },
    { name: 'rhStatePayrollTaxRateUpdate', query: 'mutation{ rhStatePayrollTaxRateUpdate(id:"1",version:1,input:{state:"JAL",ratePercent:"2",effectiveFrom:"2026-01-01"}){ id } }', needs: 'editar' },
  ];
  it.each(OPS)('$name: FORBIDDEN without Recursos Humanos', async ({ query }) => {
    expect((await s.gql(query, {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it.each(OPS.filter((o) => o.needs !== 'ver'))('$name: FORBIDDEN for Consulta', async ({ query }) => {
    expect((await s.gql(query, {}, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it('the refused calls wrote nothing: the demo registro and its rate only', async () => {
    const list = await registrations();
    expect(list.items.map((r: any) => [r.registro, r.state, m(r.riskPremiumPercent), r.riskClass, r.active])).toEqual([['Y6012345108', 'QUE', '0.54', '1', true]]);
    expect(list.items[0].riskPremiumPercent).toBe('0.54355');
    expect((await rates()).map((r: any) => [r.state, r.ratePercent, r.effectiveFrom])).toEqual([['QUE', '3', '2026-01-01']]);
  });
});

describe('registros patronales and ISN rates: bad input', () => {
  const good = { registro: 'B1234567890', name: 'Sucursal Guadalajara', state: 'JAL', riskPremiumPercent: '2.59840', riskClass: '3', active: true };
  it('refuses a bad registro, an unknown state, a premium out of the 2026 range and an unknown class, writing nothing', async () => {
    expect(fieldsOf(await s.gql(R_CREATE, { i: { ...good, registro: 'B12-345' } }, rh))).toEqual({ registro: 'Registro patronal no válido: 11 letras o dígitos, como en la tarjeta del IMSS (p. ej. Y5012345105).' });
    expect(fieldsOf(await s.gql(R_CREATE, { i: { ...good, state: 'XX', riskClass: '7' } }, rh))).toEqual({
      state: 'Elige la entidad federativa del catálogo del SAT.',
      riskClass: 'Elige la clase de riesgo de trabajo del catálogo del SAT.',
    });
    expect(fieldsOf(await s.gql(R_CREATE, { i: { ...good, riskPremiumPercent: '0.4' } }, rh))).toEqual({ riskPremiumPercent: 'La prima de riesgo de trabajo debe estar entre 0.50 % y 15 % (mínimo y máximo legales de 2026).' });
    expect(fieldsOf(await s.gql(R_CREATE, { i: { ...good, riskPremiumPercent: '15.00001' } }, rh))).toEqual({ riskPremiumPercent: 'La prima de riesgo de trabajo debe estar entre 0.50 % y 15 % (mínimo y máximo legales de 2026).' });
    expect(fieldsOf(await s.gql(R_CREATE, { i: { ...good, riskPremiumPercent: '1.123456' } }, rh))).toEqual({ riskPremiumPercent: 'Prima no válida: porcentaje con máximo 5 decimales (p. ej. 0.54355).' });
    expect(fieldsOf(await s.gql(R_CREATE, { i: { ...good, registro: 'y6012345108' } }, rh))).toEqual({ registro: 'Ya existe ese registro patronal.' });
    expect((await registrations()).total).toBe(1);
    expect(fieldsOf(await s.gql(T_CREATE, { i: { state: 'QUE', ratePercent: '101', effectiveFrom: '2026-03-01' } }, rh))).toEqual({ ratePercent: 'La tasa debe estar entre 0 y 100 %, con máximo 4 decimales.' });
    expect(fieldsOf(await s.gql(T_CREATE, { i: { state: 'QUE', ratePercent: '2', effectiveFrom: '2026-01-01' } }, rh))).toEqual({ effectiveFrom: 'Ya hay una tasa de esa entidad con esa fecha de inicio.' });
    expect(await rates()).toHaveLength(1);
  });
  it('creates and edits a registro (upper-cased); audits it', async () => {
    const created = (await ok(R_CREATE, { i: { ...good, registro: 'b1234567890' } })).rhEmployerRegistrationCreate;
    expect([created.registro, created.riskPremiumPercent, created.employeeCount]).toEqual(['B1234567890', '2.5984', 0]);
    const edited = (await ok(R_UPDATE, { id: created.id, v: created.version, i: { ...good, riskPremiumPercent: '15', active: false } })).rhEmployerRegistrationUpdate;
    expect([edited.riskPremiumPercent, edited.active, edited.version]).toEqual(['15', false, 2]);
  });
  it('an employee takes only an existing, active registro', async () => {
    const inactive = (await registrations()).items.find((r: any) => r.registro === 'B1234567890').id;
    const person = { number: 'CP-90', names: 'LUIS', lastName: 'SIN', secondLastName: 'REGISTRO', birthDate: '1991-02-03', hireDate: '2026-01-05', dailySalary: '400.00' };
    await expect(createEmployee({ ...person, employerRegistrationId: inactive } as never)).rejects.toThrow('El registro patronal está inactivo; actívalo o elige otro.');
    await expect(createEmployee({ ...person, employerRegistrationId: '99999' } as never)).rejects.toThrow('El registro patronal no existe.');
    expect((await ok('{ rhEmployees(list:{search:"CP-90"}){ total } }')).rhEmployees.total).toBe(0);
  });
});

describe('cuotas patronales of ordinary payrolls and their bimester', () => {
  let regId: string;
  let march: string;
  let april: string;

  it('setup: one quincenal employee (SBC 600.00) and a QUE rate of 2.50 % from March', async () => {
    await retireDemoQuincenal();
    await createEmployee({ number: 'CP-01', names: 'ANA', lastName: 'CUOTAS', secondLastName: 'PATRONAL', birthDate: '1990-04-10', hireDate: '2026-01-05', dailySalary: '571.81' });
    await ok(T_CREATE, { i: { state: 'QUE', ratePercent: '2.50', effectiveFrom: '2026-03-01', notes: 'Capturada en la prueba' } });
    regId = (await registrations()).items.find((r: any) => r.registro === 'Y6012345108').id;
  });

  async function calculated(period: { start: string; end: string }, absences: string) {
    const p = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: period.start, periodEnd: period.end, paymentDate: period.end } })).rhPayrollCreate;
    expect(p.employees.map((e: any) => [e.employeeNumber, m(e.sbcDaily)])).toEqual([['CP-01', '600.00']]);
    await ok(P_INCIDENT, { id: p.employees[0].id, i: { daysWorked: '15', absences, overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] } });
    const fresh = (await ok(`query($id:ID!){ rhPayroll(id:$id){ version } }`, { id: p.id })).rhPayroll;
    const c = (await ok(P_CALC, { id: p.id, v: fresh.version })).rhPayrollCalculate;
    return c;
  }

  it('March (15 days): every branch as computed by hand, ISN with the rate in force on the payment date', async () => {
    const p = await calculated({ start: '2026-03-01', end: '2026-03-15' }, '0');
    march = p.id;
    const q = (await s.gql(QUOTAS, { id: march }, viewer)).data!.rhPayrollEmployerQuotas;
    expect(q.rows.map(money)).toEqual([
      {
        employeeNumber: 'CP-01',
        registro: 'Y6012345108',
        state: 'QUE',
        sbc: '600.00',
        days: '15.00',
        riskPremiumPercent: '0.54',
        cesantiaVejezRate: '7.51',
        emCuotaFija: '358.97',
        emExcedente: '40.93',
        emPrestacionesDinero: '63.00',
        emGastosMedicosPensionados: '94.50',
        invalidezVida: '157.50',
        guarderiasPrestacionesSociales: '90.00',
        riesgoTrabajo: '48.92',
        retiro: '180.00',
        cesantiaVejez: '676.17',
        infonavit: '450.00',
        total: '2159.99',
        isnBase: '8577.15',
        isnRatePercent: '2.50',
        isn: '214.43',
        problem: null,
      },
    ]);
    expect([q.rows[0].riskPremiumPercent, q.rows[0].cesantiaVejezRate]).toEqual(['0.54355', '7.513']);
    expect(money(q.totals)).toEqual({ total: '2159.99', isn: '214.43', riesgoTrabajo: '48.92' });
  });

  it('April (10 paid days) and the bimester after both close: monthly branches per month, bimonthly together', async () => {
    const p = await calculated({ start: '2026-04-01', end: '2026-04-15' }, '5');
    april = p.id;
    const q = (await ok(QUOTAS, { id: april })).rhPayrollEmployerQuotas;
    expect(money(q.rows[0])).toMatchObject({ days: '10.00', emCuotaFija: '239.31', emExcedente: '27.29', riesgoTrabajo: '32.61', cesantiaVejez: '450.78', isnBase: '5718.10', isn: '142.95' });

    // Open payrolls do not count yet.
    expect((await ok(BIMESTER, { y: 2026, b: 2, r: regId })).rhEmployerQuotasBimester.rows).toEqual([]);
    for (const id of [march, april]) {
      const v = (await ok(`query($id:ID!){ rhPayroll(id:$id){ version } }`, { id })).rhPayroll.version;
      await ok(P_CLOSE, { id, v });
    }
    const b = (await s.gql(BIMESTER, { y: 2026, b: 2, r: regId }, viewer)).data!.rhEmployerQuotasBimester;
    expect(b.months).toEqual([3, 4]);
    expect(b.registration.registro).toBe('Y6012345108');
    const expected = {
      days1: '15.00',
      em1: '557.40',
      iv1: '157.50',
      gps1: '90.00',
      rt1: '48.92',
      monthly1: '853.82',
      days2: '10.00',
      em2: '371.60',
      iv2: '105.00',
      gps2: '60.00',
      rt2: '32.61',
      monthly2: '569.21',
      retiro: '300.00',
      cesantiaVejez: '1126.95',
      infonavit: '750.00',
      bimonthly: '2176.95',
      isn: '357.38',
    };
    expect(b.rows.map(money)).toEqual([{ employeeNumber: 'CP-01', ...expected }]);
    expect(money(b.totals)).toEqual(expected);
    // Another bimester, another registro: nothing.
    expect((await ok(BIMESTER, { y: 2026, b: 1, r: regId })).rhEmployerQuotasBimester.rows).toEqual([]);
    const other = (await registrations()).items.find((r: any) => r.registro === 'B1234567890').id;
    expect((await ok(BIMESTER, { y: 2026, b: 2, r: other })).rhEmployerQuotasBimester.rows).toEqual([]);
  });

  it('a 16-day quincena (16–31 March) charges IMSS 16 calendar days while ISR and the ISN keep 15 paid days', async () => {
    // SBC 600.00 × 16 days, UMA 117.31:
    //   EM cuota fija 20.40 % × 117.31 × 16 = 382.89984 → 382.90; excedente 1.10 % × 248.07 × 16 = 43.66032 → 43.66;
    //   prestaciones en dinero 0.70 % × 600 × 16 = 67.20; GMP 1.05 % → 100.80; IV 1.75 % → 168.00; guarderías 1.00 % → 96.00;
    //   RT 0.54355 % × 600 × 16 = 52.1808 → 52.18; retiro 2.00 % → 192.00; CV 7.513 % × 600 × 16 = 721.248 → 721.25;
    //   INFONAVIT 5.00 % → 480.00. Total 2,303.99. ISN on the 15 paid days: 571.81 × 15 = 8,577.15 × 2.50 % = 214.43.
    // The worker's own quota on 16 days: excedente 0.40 % × 248.07 × 16 = 15.87648 → 15.88; dinero 0.25 % × 600 × 16 = 24.00;
    //   GMP 0.375 % → 36.00; IV 0.625 % → 60.00; CV 1.125 % → 108.00 = 243.88 (15 days would have been 228.63).
    const p = await calculated({ start: '2026-03-16', end: '2026-03-31' }, '0');
    expect(p.employees.map((e: any) => [m(e.daysWorked), m(e.imssEmployee)])).toEqual([['15.00', '243.88']]);
    const q = (await ok(QUOTAS, { id: p.id })).rhPayrollEmployerQuotas;
    expect(money(q.rows[0])).toMatchObject({
      days: '16.00', emCuotaFija: '382.90', emExcedente: '43.66', emPrestacionesDinero: '67.20', emGastosMedicosPensionados: '100.80', invalidezVida: '168.00',
      guarderiasPrestacionesSociales: '96.00', riesgoTrabajo: '52.18', retiro: '192.00', cesantiaVejez: '721.25', infonavit: '480.00', total: '2303.99', isnBase: '8577.15', isn: '214.43',
    });
  });

  it('bimester: bad input gets field messages', async () => {
    expect(fieldsOf(await s.gql(BIMESTER, { y: 2026, b: 7, r: regId }, rh))).toEqual({ bimester: 'El bimestre va del 1 al 6.' });
    expect(fieldsOf(await s.gql(BIMESTER, { y: 2026, b: 1, r: '99999' }, rh))).toEqual({ registrationId: 'El registro patronal no existe.' });
  });
});

// ---- SUA ------------------------------------------------------------------------------------

// Bimester 3 of 2026 (May–June) under a registro of its own, S1234567890 (premium 0.54355 %):
//   SU01 Ana Muñoz Peña, quincenal, alta 11 May at 571.81 → SBC 571.81 × 1.0493 = 600.000233 → 600.00;
//     modificación effective 10 June to 667.11 → SBC 667.11 × 1.0493 = 699.998523 → 700.00.
//     Her four quincenas are closed: 1–15 May (5 days from the alta), 16–31 May (16), 1–15 and 16–30 June
//     created after the change, so the payrolls charge 700.00 on 1–9 June where IMSS has 600.00.
//   SU02 Luis Ortega Ríos, semanal (no weekly payroll closed), alta 20 April at 476.51 → SBC 476.51 × 1.0493
//     = 500.001943 → 500.00, obra determinada (eventual, 2), INFONAVIT factor 2.5 with credit 1234567890 from
//     20 April; baja 5 June.
// SUA, UMA 117.31, 3 UMA 351.93 (rates of MX_FISCAL «Employer quotas» 2026; cesantía 7.513 % for 500, 600 and 700,
// all above 4 UMA):
//   SU01 May 21 days × 600 (12,600): cuota fija 20.40 % × 117.31 × 21 = 502.55604 → 502.56; excedente 1.10 % × 248.07
//     × 21 = 57.30417 → 57.30; dinero 88.20; pensionados 132.30 → EM 780.36; IV 220.50; GPS 126.00; RT 68.4873 → 68.49;
//     mensual 1,195.35.
//   SU01 June 9 days × 600 + 21 × 700 = 20,100: cuota fija × 30 = 717.9372 → 717.94; excedente 1.10 % × (248.07 × 9
//     + 348.07 × 21 = 9,542.10) = 104.9631 → 104.96; dinero 140.70; pensionados 211.05 → EM 1,174.65; IV 351.75;
//     GPS 201.00; RT 109.25355 → 109.25; mensual 1,836.65.
//   SU01 bimonthly on 32,700: retiro 654.00; cesantía 2,456.751 → 2,456.75; INFONAVIT 1,635.00 → 4,745.75; total 7,777.75.
//   SU02 May 31 days × 500 (15,500): cuota fija 741.86844 → 741.87; excedente 1.10 % × 148.07 × 31 = 50.49187 → 50.49;
//     dinero 108.50; pensionados 162.75 → EM 1,063.61; IV 271.25; GPS 155.00; RT 84.25025 → 84.25; mensual 1,574.11.
//   SU02 June 1–5, 5 days (2,500): cuota fija 119.6562 → 119.66; excedente 8.14385 → 8.14; dinero 17.50;
//     pensionados 26.25 → EM 171.55; IV 43.75; GPS 25.00; RT 13.58875 → 13.59; mensual 253.89.
//   SU02 bimonthly on 18,000: retiro 360.00; cesantía 1,352.34; INFONAVIT 900.00 → 2,612.34; total 4,440.34.
// The payrolls, each rounded per payroll:
//   1–15 May, 5 days × 600 (3,000): cuota fija 119.6562 → 119.66; excedente 13.64385 → 13.64; dinero 21.00;
//     pensionados 31.50 → EM 185.80; IV 52.50; GPS 30.00; RT 16.3065 → 16.31; retiro 60.00; cesantía 225.39; INFONAVIT 150.00.
//   16–31 May, 16 days × 600 (9,600): EM 382.90 + 43.66 + 67.20 + 100.80 = 594.56; IV 168.00; GPS 96.00; RT 52.1808 → 52.18;
//     retiro 192.00; cesantía 721.248 → 721.25; INFONAVIT 480.00.
//   each June quincena, 15 days × 700 (10,500): cuota fija 358.9686 → 358.97; excedente 1.10 % × 348.07 × 15 = 57.43155 → 57.43;
//     dinero 73.50; pensionados 110.25 → EM 600.15; IV 183.75; GPS 105.00; RT 57.07275 → 57.07; retiro 210.00;
//     cesantía 788.865 → 788.87; INFONAVIT 525.00.
//   May: 21 days; EM 780.36, IV 220.50, GPS 126.00, RT 68.49 → 1,195.35 (as SUA).
//   June: 30 days; EM 1,200.30, IV 367.50, GPS 210.00, RT 114.14 → 1,891.94.
//   Bimonthly: retiro 672.00 + cesantía 2,524.38 + INFONAVIT 1,680.00 = 4,876.38; total 7,963.67.
// Differences SUA − nómina: SU01 June 1,836.65 − 1,891.94 = −55.29; bimonthly 4,745.75 − 4,876.38 = −130.63; total −185.92.
//   SU02 everything (no payroll): 31 and 5 days, 1,574.11, 253.89, 2,612.34, 4,440.34.
describe('SUA: import files and the bimester computed as SUA beside the payrolls', () => {
  const SUA_FIELDS =
    'employeeNumber employeeName sbcStart sbcEnd days1 days2 incapacityDays em1 iv1 gps1 rt1 monthly1 em2 iv2 gps2 rt2 monthly2 retiro cesantiaVejez infonavit bimonthly total payrollDays1 payrollDays2 payrollMonthly1 payrollMonthly2 payrollBimonthly payrollTotal diffDays1 diffDays2 diffMonthly1 diffMonthly2 diffBimonthly diffTotal matches causes problem';
  const TOTAL_FIELDS = 'days1 days2 monthly1 monthly2 bimonthly total payrollDays1 payrollDays2 payrollMonthly1 payrollMonthly2 payrollBimonthly payrollTotal diffDays1 diffDays2 diffMonthly1 diffMonthly2 diffBimonthly diffTotal';
  const SUA = `query($y:Int!,$b:Int!,$r:ID!){ rhSuaBimester(year:$y,bimester:$b,registrationId:$r){ months differences registration { registro } rows { ${SUA_FIELDS} } totals { ${TOTAL_FIELDS} } } }`;
  const FILES = 'query($y:Int!,$b:Int!,$r:ID!){ rhSuaFiles(year:$y,bimester:$b,registrationId:$r){ warnings workers { fileName content count } movements { fileName content count } } }';
  const EMPLOYEE = `query($id:ID!){ rhEmployee(id:$id){ id version } }`;
  let reg: string;
  let su1: any;
  let su2: any;

  async function closedQuincena(start: string, end: string) {
    const p = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: start, periodEnd: end, paymentDate: end } })).rhPayrollCreate;
    const c = (await ok(P_CALC, { id: p.id, v: p.version })).rhPayrollCalculate;
    await ok(P_CLOSE, { id: p.id, v: c.version });
    return p.id as string;
  }

  it('setup: a registro, an alta in May and the May quincenas closed; a weekly worker with an INFONAVIT credit', async () => {
    reg = (await ok(R_CREATE, { i: { registro: 'S1234567890', name: 'Obra Querétaro', state: 'QUE', riskPremiumPercent: '0.54355', riskClass: '1', active: true } })).rhEmployerRegistrationCreate.id;
    su1 = await createEmployee({ number: 'SU01', names: 'Ana', lastName: 'Muñoz', secondLastName: 'Peña', birthDate: '1991-03-15', hireDate: '2026-05-11', dailySalary: '571.81', employerRegistrationId: reg } as never);
    su2 = await createEmployee({ number: 'SU02', names: 'Luis', lastName: 'Ortega', secondLastName: 'Ríos', birthDate: '1988-07-01', hireDate: '2026-04-20', dailySalary: '476.51', payFrequency: 'semanal', contractType: '02', employerRegistrationId: reg } as never);
    await ok(A_CREATE, { i: { employeeId: su2.id, kind: 'infonavit', method: 'factor', rate: '2.5', reference: 'Crédito 1234567890', startDate: '2026-04-20' } });
    const may1 = await closedQuincena('2026-05-01', '2026-05-15');
    await closedQuincena('2026-05-16', '2026-05-31');
    const q = (await ok(QUOTAS, { id: may1 })).rhPayrollEmployerQuotas.rows.find((r: any) => r.employeeNumber === 'SU01');
    expect(money(q)).toMatchObject({ registro: 'S1234567890', sbc: '600.00', days: '5.00', emCuotaFija: '119.66', emExcedente: '13.64', riesgoTrabajo: '16.31', cesantiaVejez: '225.39' });
  });

  it('a salary change effective 10 June (07), the baja of the weekly worker on 5 June (02), the June quincenas closed', async () => {
    const e1 = (await ok(EMPLOYEE, { id: su1.id })).rhEmployee;
    await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ id } }', { id: su1.id, v: e1.version, i: { ...su1.input, dailySalary: '667.11', salaryEffectiveDate: '2026-06-10' } });
    const e2 = (await ok(EMPLOYEE, { id: su2.id })).rhEmployee;
    await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id } }', { id: su2.id, v: e2.version, i: { date: '2026-06-05', reason: 'Renuncia', imssCause: '2' } });
    const june1 = await closedQuincena('2026-06-01', '2026-06-15');
    await closedQuincena('2026-06-16', '2026-06-30');
    const q = (await ok(QUOTAS, { id: june1 })).rhPayrollEmployerQuotas.rows.find((r: any) => r.employeeNumber === 'SU01');
    expect(money(q)).toMatchObject({ sbc: '700.00', days: '15.00', emCuotaFija: '358.97', emExcedente: '57.43', riesgoTrabajo: '57.07', cesantiaVejez: '788.87' });
  });

  it('the files: asegurados (alta and SDI SUA starts from, credit) and the movements of the bimester, line by line', async () => {
    const f = (await s.gql(FILES, { y: 2026, b: 3, r: reg }, viewer)).data!.rhSuaFiles;
    const head = (e: any) => 'S1234567890' + e.input.nss + e.input.rfc + e.input.curp;
    // 50-character names «PATERNO$MATERNO$NOMBRES», Ñ → N; tipo de trabajador; semana completa 0; fecha de alta; SDI 5 + 2;
    // clave de ubicación = employee number (17); credit number (10), its start, type 3 (factor) and 2.5 → 0002.5000.
    const line1 = head(su1) + 'MUNOZ$PENA$ANA' + ' '.repeat(36) + '1' + '0' + '11052026' + '0060000' + 'SU01' + ' '.repeat(13) + ' '.repeat(10) + '00000000' + '0' + '00000000';
    const line2 = head(su2) + 'ORTEGA$RIOS$LUIS' + ' '.repeat(34) + '2' + '0' + '20042026' + '0050000' + 'SU02' + ' '.repeat(13) + '1234567890' + '20042026' + '3' + '00025000';
    expect(f.workers).toEqual({ fileName: 'SUA_ASEG_S1234567890_2026-3.txt', content: `${line1}\r\n${line2}\r\n`, count: 2 });
    expect([line1.length, line2.length]).toEqual([164, 164]);
    // The alta of 11 May is in the asegurados file, not here; the baja has no salary; the modificación carries 700.00.
    const baja = 'S1234567890' + su2.input.nss + '02' + '05062026' + ' '.repeat(8) + '00' + '0000000';
    const mod = 'S1234567890' + su1.input.nss + '07' + '10062026' + ' '.repeat(8) + '00' + '0070000';
    expect(f.movements).toEqual({ fileName: 'SUA_MOVT_S1234567890_2026-3.txt', content: `${baja}\r\n${mod}\r\n`, count: 2 });
    expect(f.warnings).toEqual([]);
    // The bimester before: only SU02 (hired 20 April), no movements.
    const before = (await ok(FILES, { y: 2026, b: 2, r: reg })).rhSuaFiles;
    expect([before.workers.count, before.movements.count, before.movements.content]).toEqual([1, 0, '']);
  });

  it('the bimester as SUA beside the payrolls: SU01 differs in June by the SBC of 1–9 June, SU02 has no payroll', async () => {
    const b = (await s.gql(SUA, { y: 2026, b: 3, r: reg }, viewer)).data!.rhSuaBimester;
    expect([b.months, b.differences, b.registration.registro]).toEqual([[5, 6], 2, 'S1234567890']);
    const num = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? m(v) : v]));
    expect(b.rows.map(num)).toEqual([
      {
        employeeNumber: 'SU01',
        employeeName: 'Muñoz Peña Ana',
        sbcStart: '600.00',
        sbcEnd: '700.00',
        days1: '21.00',
        days2: '30.00',
        incapacityDays: 0,
        em1: '780.36',
        iv1: '220.50',
        gps1: '126.00',
        rt1: '68.49',
        monthly1: '1195.35',
        em2: '1174.65',
        iv2: '351.75',
        gps2: '201.00',
        rt2: '109.25',
        monthly2: '1836.65',
        retiro: '654.00',
        cesantiaVejez: '2456.75',
        infonavit: '1635.00',
        bimonthly: '4745.75',
        total: '7777.75',
        payrollDays1: '21.00',
        payrollDays2: '30.00',
        payrollMonthly1: '1195.35',
        payrollMonthly2: '1891.94',
        payrollBimonthly: '4876.38',
        payrollTotal: '7963.67',
        diffDays1: '0.00',
        diffDays2: '0.00',
        diffMonthly1: '0.00',
        diffMonthly2: '-55.29',
        diffBimonthly: '-130.63',
        diffTotal: '-185.92',
        matches: false,
        // Payrolls: 21 × 600 + 30 × 700 = 33,600; SUA: 21 × 600 + 9 × 600 + 21 × 700 = 32,700.
        causes: [
          'El SBC de la nómina no es el de los movimientos afiliatorios (SBC × días: 33600.00 en nómina, 32700.00 en SUA): un cambio de salario dentro de un periodo de nómina, o un SDI que cambió sin movimiento.',
        ],
        problem: null,
      },
      {
        employeeNumber: 'SU02',
        employeeName: 'Ortega Ríos Luis',
        sbcStart: '500.00',
        sbcEnd: '500.00',
        days1: '31.00',
        days2: '5.00',
        incapacityDays: 0,
        em1: '1063.61',
        iv1: '271.25',
        gps1: '155.00',
        rt1: '84.25',
        monthly1: '1574.11',
        em2: '171.55',
        iv2: '43.75',
        gps2: '25.00',
        rt2: '13.59',
        monthly2: '253.89',
        retiro: '360.00',
        cesantiaVejez: '1352.34',
        infonavit: '900.00',
        bimonthly: '2612.34',
        total: '4440.34',
        payrollDays1: '0.00',
        payrollDays2: '0.00',
        payrollMonthly1: '0.00',
        payrollMonthly2: '0.00',
        payrollBimonthly: '0.00',
        payrollTotal: '0.00',
        diffDays1: '31.00',
        diffDays2: '5.00',
        diffMonthly1: '1574.11',
        diffMonthly2: '253.89',
        diffBimonthly: '2612.34',
        diffTotal: '4440.34',
        matches: false,
        causes: ['36 días del bimestre sin nómina ordinaria cerrada.'],
        problem: null,
      },
    ]);
    // Totals: SUA 52 and 35 days, 2,769.46, 2,090.54, 7,358.09, 12,218.09; payrolls 21, 30, 1,195.35, 1,891.94, 4,876.38, 7,963.67;
    // differences 31, 5, 1,574.11, −55.29 + 253.89 = 198.60, −130.63 + 2,612.34 = 2,481.71, 12,218.09 − 7,963.67 = 4,254.42.
    expect(num(b.totals)).toEqual({
      days1: '52.00',
      days2: '35.00',
      monthly1: '2769.46',
      monthly2: '2090.54',
      bimonthly: '7358.09',
      total: '12218.09',
      payrollDays1: '21.00',
      payrollDays2: '30.00',
      payrollMonthly1: '1195.35',
      payrollMonthly2: '1891.94',
      payrollBimonthly: '4876.38',
      payrollTotal: '7963.67',
      diffDays1: '31.00',
      diffDays2: '5.00',
      diffMonthly1: '1574.11',
      diffMonthly2: '198.60',
      diffBimonthly: '2481.71',
      diffTotal: '4254.42',
    });
  });

  it('bad input: a bimester out of range or an unknown registro gets a Spanish field message', async () => {
    for (const query of [SUA, FILES]) {
      expect(fieldsOf(await s.gql(query, { y: 2026, b: 7, r: reg }, rh))).toEqual({ bimester: 'El bimestre va del 1 al 6.' });
      expect(fieldsOf(await s.gql(query, { y: 2026, b: 0, r: reg }, rh))).toEqual({ bimester: 'El bimestre va del 1 al 6.' });
      expect(fieldsOf(await s.gql(query, { y: 2026, b: 3, r: '99999' }, rh))).toEqual({ registrationId: 'El registro patronal no existe.' });
    }
  });
});
