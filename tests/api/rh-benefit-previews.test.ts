// The benefit calculators over HTTP (aguinaldo, vacaciones, finiquito, PTU,
// cuotas patronales): each answers Recursos Humanos with figures computed by
// hand (the worked arithmetic is in tests/unit/rh/benefits.test.ts and
// employerQuotas.test.ts), refuses a role without «ver Nóminas Fiscales»
// (the ability of payrollTaxPreview) and refuses bad input with Spanish
// messages per field. Decimals travel normalised (3519.3, 0).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GqlResult, type TestServer } from './harness';

let s: TestServer;
let rh: string; // Recursos Humanos
let viewer: string; // Consulta: ver only
let seller: string; // Ventas: no Recursos Humanos

beforeAll(async () => {
  s = await startServer();
  [rh, viewer, seller] = await Promise.all([s.login('rh@demo.mx'), s.login('consulta@demo.mx'), s.login('ventas@demo.mx')]);
});
afterAll(async () => s?.stop());

const STEPS = 'steps { label amount }';
const AGUINALDO = `query($i:AguinaldoPreviewInput!){ aguinaldoPreview(input:$i){ daysInYear amount exempt taxable isrArt174 ${STEPS} } }`;
const VACATION = `query($i:VacationPreviewInput!){ vacationPreview(input:$i){ vacationDays vacationPay primaVacacional primaExempt primaTaxable ${STEPS} } }`;
const SEPARATION = `query($i:SeparationPreviewInput!){ separationPreview(input:$i){ salaryOwed aguinaldoProp vacations primaVacacional indemnizacion3Meses
  veinteDiasPorAnio primaAntiguedad separationTotal exemptAguinaldo exemptPrimaVacacional exemptSeparation exemptTotal taxableTotal taxableSeparation isrArt95 total ${STEPS} } }`;
const PTU = `query($i:PtuPreviewInput!){ ptuPreview(input:$i){ workers { key daysPart salaryPart share cap paid exempt taxable } ${STEPS} } }`;
const EMPLOYER = `query($i:EmployerCostPreviewInput!){ employerCostPreview(input:$i){ emCuotaFija emExcedente emPrestacionesDinero emGastosMedicosPensionados
  invalidezVida guarderiasPrestacionesSociales riesgoTrabajo retiro cesantiaVejez infonavit total ${STEPS} } }`;

const ok = async (query: string, i: Record<string, unknown>, token = rh) => {
  const r = await s.gql(query, { i }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return Object.values(r.data as Record<string, any>)[0];
};
const fieldsOf = (r: GqlResult) => {
  expect(r.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  return (r.errors![0].extensions!.fields ?? {}) as Record<string, string>;
};
const forbidden = async (query: string, i: Record<string, unknown>) => {
  const r = await s.gql(query, { i }, seller);
  expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect(r.data?.[Object.keys(r.data ?? {})[0]] ?? null).toBeNull();
};

const aguinaldoInput = { dailySalary: '400.00', hireDate: '2026-03-01', paymentDate: '2026-12-15', aguinaldoDays: '15', monthlyOrdinaryIncome: '12500.00', exemptUsedThisYear: '1000.00' };
const vacationInput = { dailySalary: '333.33', yearsOfServiceCompleted: 7, primaRate: '0.30', primaExemptUsedThisYear: '1000.00', paymentDate: '2026-01-20' };
const separationInput = {
  kind: 'DESPIDO_INJUSTIFICADO',
  hireDate: '2018-06-01',
  separationDate: '2026-02-10',
  dailySalary: '600.00',
  salaryOwedDays: '10',
  pendingVacationDaysFromPastYears: '6',
  aguinaldoExemptUsedThisYear: '0.00',
  primaVacacionalExemptUsedThisYear: '500.00',
  twentyDaysPerYear: true,
};
const ptuInput = {
  amount: '100000.00',
  paymentDate: '2026-05-20',
  workers: [
    { key: 'A', dailySalary: '300.00', daysWorked: 365, averageLastThreeYears: '0' },
    { key: 'B', dailySalary: '600.00', daysWorked: 200 },
    { key: 'C', dailySalary: '400.00', daysWorked: 365, averageLastThreeYears: '37000.00' },
  ],
};
const employerInput = { paymentDate: '2026-06-15', sbcDaily: '500.00', days: 15, riskPremiumPercent: '0.54355' };

describe('aguinaldoPreview', () => {
  it('hired in March: 306 days, 5,030.14, the annual cap less 1,000.00 used, ISR by art. 174', async () => {
    // 400 × 15 × 306 ÷ 365 = 5,030.14; exempt 3,519.30 − 1,000.00 = 2,519.30; taxable 2,510.84; ISR 341.46
    const r = await ok(AGUINALDO, aguinaldoInput);
    expect(r).toMatchObject({ daysInYear: 306, amount: '5030.14', exempt: '2519.3', taxable: '2510.84', isrArt174: '341.46' });
    expect(r.steps.some((x: any) => x.label.startsWith('Art. 174 RLISR, 1'))).toBe(true);
    // Consulta reads it too (ver Nóminas Fiscales).
    expect((await ok(AGUINALDO, aguinaldoInput, viewer)).amount).toBe('5030.14');
  });

  it('refuses Ventas, bad amounts and dates, and a year without fiscal tables', async () => {
    await forbidden(AGUINALDO, aguinaldoInput);
    expect(fieldsOf(await s.gql(AGUINALDO, { i: { ...aguinaldoInput, dailySalary: '-400', aguinaldoDays: '10' } }, rh))).toEqual({
      dailySalary: 'El salario diario debe ser mayor a cero (máximo 2 decimales).',
      aguinaldoDays: 'La ley fija al menos 15 días de aguinaldo (art. 87 LFT).',
    });
    expect(fieldsOf(await s.gql(AGUINALDO, { i: { ...aguinaldoInput, hireDate: '2026-12-20' } }, rh))).toEqual({ hireDate: 'La fecha de ingreso no puede ser posterior a la fecha de pago.' });
    expect(fieldsOf(await s.gql(AGUINALDO, { i: { ...aguinaldoInput, hireDate: '2030-01-01', paymentDate: '2031-12-15' } }, rh)).paymentDate).toBe(
      'No hay tablas fiscales para 2031; captúrelas en Configuración RH.',
    );
  });
});

describe('vacationPreview', () => {
  it('7 years: 22 days, prima at 30 % given as 0.30, January UMA cap less what was used', async () => {
    // 333.33 × 22 = 7,333.26; × 30 % = 2,199.98; 15 × 113.14 − 1,000.00 = 697.10 exempt; taxable 1,502.88
    expect(await ok(VACATION, vacationInput)).toMatchObject({ vacationDays: 22, vacationPay: '7333.26', primaVacacional: '2199.98', primaExempt: '697.1', primaTaxable: '1502.88' });
  });

  it('refuses Ventas, less than a year of service and a prima under 25 %', async () => {
    await forbidden(VACATION, vacationInput);
    expect(fieldsOf(await s.gql(VACATION, { i: { ...vacationInput, yearsOfServiceCompleted: 0 } }, rh))).toEqual({
      yearsOfServiceCompleted: 'Las vacaciones se generan al cumplir el primer año de servicios (art. 76 LFT): al menos 1 año.',
    });
    expect(fieldsOf(await s.gql(VACATION, { i: { ...vacationInput, primaRate: '20' } }, rh))).toEqual({
      primaRate: 'La prima vacacional es al menos 25 % (escribe 25 para 25 %, o la fracción 0.25).',
    });
  });
});

describe('separationPreview', () => {
  it('unjustified dismissal after 7 years 8 months with art. 50', async () => {
    expect(await ok(SEPARATION, separationInput)).toMatchObject({
      salaryOwed: '6000',
      aguinaldoProp: '1010.96',
      vacations: '12821.92',
      primaVacacional: '3205.48',
      indemnizacion3Meses: '57033',
      veinteDiasPorAnio: '97572.44',
      primaAntiguedad: '58209.03',
      separationTotal: '212814.47',
      exemptAguinaldo: '1010.96',
      exemptPrimaVacacional: '1259.65',
      exemptSeparation: '84463.2',
      exemptTotal: '86733.81',
      taxableTotal: '149119.02',
      taxableSeparation: '128351.27',
      isrArt95: '14127.93',
      total: '235852.83',
    });
  });

  it('a resignation under 15 years has no indemnity and no prima de antigüedad', async () => {
    const r = await ok(SEPARATION, { ...separationInput, kind: 'RENUNCIA', hireDate: '2023-03-16', separationDate: '2026-09-15', dailySalary: '400.00', salaryOwedDays: '15', pendingVacationDaysFromPastYears: '4', primaVacacionalExemptUsedThisYear: '0' });
    expect(r).toMatchObject({ indemnizacion3Meses: '0', veinteDiasPorAnio: '0', primaAntiguedad: '0', isrArt95: '0', total: '16778.09', exemptTotal: '4826.7', taxableTotal: '11951.39' });
  });

  it('refuses Ventas, a separation before the hire date, an unknown kind and negative days', async () => {
    await forbidden(SEPARATION, separationInput);
    expect(fieldsOf(await s.gql(SEPARATION, { i: { ...separationInput, separationDate: '2018-05-31' } }, rh))).toEqual({
      separationDate: 'La fecha de baja no puede ser anterior a la fecha de ingreso.',
    });
    expect(fieldsOf(await s.gql(SEPARATION, { i: { ...separationInput, salaryOwedDays: '-1' } }, rh))).toEqual({ salaryOwedDays: 'Días devengados de 0 a 31 (máximo 2 decimales).' });
    const kind = await s.gql(SEPARATION, { i: { ...separationInput, kind: 'JUBILACION' } }, rh);
    expect(kind.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('ptuPreview', () => {
  it('half by days, half by salary, the cap and the 15 UMA exemption per worker', async () => {
    const r = await ok(PTU, ptuInput);
    expect(r.workers).toEqual([
      { key: 'A', daysPart: '19623.66', salaryPart: '14580.56', share: '34204.22', cap: '27000', paid: '27000', exempt: '1759.65', taxable: '25240.35' },
      { key: 'B', daysPart: '10752.69', salaryPart: '15978.7', share: '26731.38', cap: '54000', paid: '26731.38', exempt: '1759.65', taxable: '24971.73' },
      { key: 'C', daysPart: '19623.66', salaryPart: '19440.75', share: '39064.4', cap: '37000', paid: '37000', exempt: '1759.65', taxable: '35240.35' },
    ]);
    expect(r.steps.length).toBeGreaterThan(0);
  });

  it('refuses Ventas, no workers, a negative salary and repeated keys', async () => {
    await forbidden(PTU, ptuInput);
    expect(fieldsOf(await s.gql(PTU, { i: { ...ptuInput, workers: [] } }, rh))).toEqual({ workers: 'Captura al menos un trabajador.' });
    expect(fieldsOf(await s.gql(PTU, { i: { ...ptuInput, workers: [{ key: 'A', dailySalary: '-1', daysWorked: 10 }] } }, rh))).toEqual({
      'workers.0.dailySalary': 'El salario diario debe ser mayor a cero (máximo 2 decimales).',
    });
    expect(fieldsOf(await s.gql(PTU, { i: { ...ptuInput, workers: [ptuInput.workers[0], { ...ptuInput.workers[1], key: 'A' }] } }, rh))).toEqual({ 'workers.1.key': 'Clave repetida.' });
  });
});

describe('employerCostPreview', () => {
  it('SBC 500.00 × 15 days in June 2026, branch by branch', async () => {
    expect(await ok(EMPLOYER, employerInput)).toMatchObject({
      emCuotaFija: '358.97',
      emExcedente: '24.43',
      emPrestacionesDinero: '52.5',
      emGastosMedicosPensionados: '78.75',
      invalidezVida: '131.25',
      guarderiasPrestacionesSociales: '75',
      riesgoTrabajo: '40.77',
      retiro: '150',
      cesantiaVejez: '563.48',
      infonavit: '375',
      total: '1850.15',
    });
  });

  it('refuses Ventas, an SBC under the minimum wage, a premium out of range, too many days and a year without employer rates', async () => {
    await forbidden(EMPLOYER, employerInput);
    expect(fieldsOf(await s.gql(EMPLOYER, { i: { ...employerInput, sbcDaily: '300.00', riskPremiumPercent: '16' } }, rh))).toEqual({
      sbcDaily: 'El SBC no puede ser menor que el salario mínimo vigente (315.04).',
      riskPremiumPercent: 'La prima de riesgo de trabajo va de 0.50 % a 15 % (arts. 72–74 LSS).',
    });
    expect(fieldsOf(await s.gql(EMPLOYER, { i: { ...employerInput, days: 70 } }, rh))).toEqual({ days: 'Máximo 62 días (un bimestre).' });
    expect(fieldsOf(await s.gql(EMPLOYER, { i: { ...employerInput, paymentDate: '2025-06-15' } }, rh)).paymentDate).toBe(
      'No hay cuotas patronales del IMSS e INFONAVIT para 2025 en las tablas fiscales.',
    );
  });
});
