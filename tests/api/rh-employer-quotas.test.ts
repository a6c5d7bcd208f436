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
import { fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';

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
