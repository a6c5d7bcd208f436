// Fiscal tables as data and the payroll tax calculator over HTTP: the shipped
// 2025/2026 sets, adding a year (validated row by row, nothing written when
// refused), who may read and write them, and worked figures computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { fieldsOf, okData } from './answers';

let s: TestServer;
let admin: string;
let rh: string; // Recursos Humanos
let seller: string; // no Recursos Humanos
let viewer: string; // Consulta: ver only

beforeAll(async () => {
  s = await startServer();
  [admin, rh, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const YEAR = `year minimumWageValidFrom minimumWageGeneral minimumWageBorder sbcCapUma excessThresholdUma aguinaldoDays vacationPremiumPercent
  vacationDays { fromYear toYear days } tariffs { period derived rows { lowerLimit upperLimit fixedFee rate } }
  subsidies { validFrom umaPercent monthlyUma monthlyAmount monthlyCap note } uma { validFrom daily monthly note }
  imssRates { code label rate base } notes closedPayrolls`;
const PREVIEW = `query($i:PayrollTaxPreviewInput!){ payrollTaxPreview(input:$i){ tableYear isr subsidy withheld imssEmployee steps { label amount } } }`;
const CREATE = `mutation($i:RhFiscalYearInput!){ rhFiscalYearCreate(input:$i){ year tariffs { period rows { lowerLimit } } } }`;

const ok = async (query: string, variables: Record<string, unknown> = {}, token = rh) => okData(await s.gql(query, variables, token));
const preview = (i: Record<string, unknown>, token = rh) => s.gql(PREVIEW, { i }, token);

/** The 2026 set as an input for another year, its dates moved to `year`. */
async function inputFrom2026(year: number) {
  const y = (await ok(`{ rhFiscalYear(year:2026){ ${YEAR} } }`)).rhFiscalYear;
  const move = (d: string) => `${year}${d.slice(4)}`;
  return {
    year,
    minimumWageValidFrom: move(y.minimumWageValidFrom),
    minimumWageGeneral: y.minimumWageGeneral,
    minimumWageBorder: y.minimumWageBorder,
    sbcCapUma: y.sbcCapUma,
    excessThresholdUma: y.excessThresholdUma,
    aguinaldoDays: y.aguinaldoDays,
    vacationPremiumPercent: y.vacationPremiumPercent,
    vacationDays: y.vacationDays,
    tariffs: y.tariffs.map((t: any) => ({ period: t.period, derived: t.derived, rows: t.rows.map((r: any) => ({ lowerLimit: r.lowerLimit, fixedFee: r.fixedFee, rate: r.rate })) })),
    subsidies: y.subsidies.map((x: any) => ({ ...x, validFrom: move(x.validFrom) })),
    uma: y.uma.map((x: any) => ({ ...x, validFrom: move(x.validFrom) })),
    imssRates: y.imssRates,
    notes: ['Copia de prueba de 2026.'],
  };
}

describe('shipped fiscal years', () => {
  it('lists 2026 and 2025 with every tariff, the subsidy and UMA rows and the minimum wages of MX_FISCAL.md', async () => {
    const years = (await ok(`{ rhFiscalYears { ${YEAR} } }`)).rhFiscalYears;
    expect(years.map((y: any) => y.year)).toEqual([2026, 2025]);
    const y2026 = years[0];
    expect([y2026.minimumWageGeneral, y2026.minimumWageBorder]).toEqual(['315.04', '440.87']);
    expect(y2026.tariffs.map((t: any) => t.period)).toEqual(['DIARIO', 'SEMANAL', 'DECENAL', 'QUINCENAL', 'MENSUAL']);
    const monthly = y2026.tariffs.find((t: any) => t.period === 'MENSUAL');
    expect(monthly.derived).toBe(false);
    expect(monthly.rows).toHaveLength(11);
    // Decimals travel normalised (10.88, 264.3). Row 3 of the 2026 monthly tariff: 7,168.52 / 420.95 / 10.88 %, upper limit = next LI 12,598.03 − 0.01.
    expect(monthly.rows[2]).toEqual({ lowerLimit: '7168.52', upperLimit: '12598.02', fixedFee: '420.95', rate: '10.88' });
    expect(monthly.rows[10].upperLimit).toBeNull();
    expect(y2026.tariffs.find((t: any) => t.period === 'QUINCENAL').derived).toBe(true);
    expect(y2026.subsidies.map((x: any) => [x.validFrom, x.monthlyAmount, x.monthlyCap])).toEqual([
      ['2026-01-01', '536.21', '11492.66'],
      ['2026-02-01', '535.65', '11492.66'],
    ]);
    expect(y2026.uma.map((x: any) => [x.validFrom, x.daily])).toEqual([['2026-02-01', '117.31']]);
    expect(years[1].minimumWageGeneral).toBe('278.8');
  });

  it('Consulta reads the tables; a role without Recursos Humanos is refused', async () => {
    expect((await ok('{ rhFiscalYears { year } }', {}, viewer)).rhFiscalYears).toHaveLength(2);
    const r = await s.gql('{ rhFiscalYears { year } }', {}, seller);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('payrollTaxPreview', () => {
  it('June 2026, quincenal, 5,000.00 taxable with SBC 500.00: ISR, subsidio and IMSS by hand', async () => {
    const r = (await ok(PREVIEW, { i: { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '5000.00', sbcDaily: '500.00' } })).payrollTaxPreview;
    // 2026 quincenal row 3: LI 3,537.16, cuota 207.75, 10.88 %.
    // (5,000.00 − 3,537.16) × 10.88 % = 1,462.84 × 0.1088 = 159.156992; ISR = 207.75 + 159.156992 = 366.906992 → 366.91
    // Subsidio from 2026-02-01: 535.65 ÷ 30.4 × 15 = 264.300986… → 264.30 (5,000.00 ≤ cap 11,492.66 ÷ 30.4 × 15 = 5,670.72)
    // Withheld = 366.91 − 264.30 = 102.61
    // IMSS, UMA 117.31: 3 UMA = 351.93; excedente (500 − 351.93) × 0.40 % × 15 = 8.8842 → 8.88;
    // 500 × 15 = 7,500 × 0.25 % = 18.75; × 0.375 % = 28.125 → 28.13; × 0.625 % = 46.875 → 46.88; × 1.125 % = 84.375 → 84.38
    // Total 8.88 + 18.75 + 28.13 + 46.88 + 84.38 = 187.02
    expect(r).toMatchObject({ tableYear: 2026, isr: '366.91', subsidy: '264.3', withheld: '102.61', imssEmployee: '187.02' });
    expect(r.steps.length).toBeGreaterThan(5);
    expect(r.steps.map((x: any) => x.amount)).toContain('366.91');
  });

  it('January 2026 uses the January subsidio (536.21) and the monthly tariff; no IMSS without an SBC', async () => {
    const r = (await ok(PREVIEW, { i: { paymentDate: '2026-01-31', period: 'MENSUAL', taxableIncome: '9000.00' } })).payrollTaxPreview;
    // 2026 monthly row 3: (9,000.00 − 7,168.52) × 10.88 % = 1,831.48 × 0.1088 = 199.265024; + 420.95 = 620.215024 → 620.22
    // Subsidio January 2026: 536.21 (9,000.00 ≤ 11,492.66); withheld 620.22 − 536.21 = 84.01
    expect(r).toMatchObject({ tableYear: 2026, isr: '620.22', subsidy: '536.21', withheld: '84.01', imssEmployee: null });
  });

  it('a minimum-wage worker has no ISR withheld', async () => {
    const r = (await ok(PREVIEW, { i: { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '4725.60', minimumWageOnly: true } })).payrollTaxPreview;
    expect(r).toMatchObject({ isr: '0', subsidy: '0', withheld: '0' });
  });

  it('a minimum-wage worker with a 5,000.00 bonus: only the minimum wage is exempt, the bonus is taxed', async () => {
    // 9,725.60 − 315.04 × 15 (4,725.60) = 5,000.00: ISR 366.91, subsidio 264.30, withheld 102.61 (the June case above).
    const r = (await ok(PREVIEW, { i: { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '9725.60', minimumWageOnly: true } })).payrollTaxPreview;
    expect(r).toMatchObject({ isr: '366.91', subsidy: '264.3', withheld: '102.61' });
    // Frontera: 440.87 × 15 = 6,613.05 exempt, so the same income leaves 3,112.55: 7.95 + (3,112.55 − 416.71) × 6.40 % = 180.48376 → 180.48; subsidio 264.30 ≥ ISR → 0
    const border = (await ok(PREVIEW, { i: { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '9725.60', minimumWageOnly: true, wageZone: 'frontera' } })).payrollTaxPreview;
    expect(border).toMatchObject({ isr: '180.48', withheld: '0' });
  });

  it('refuses bad input with Spanish field messages, a year without tables, and roles without the ability', async () => {
    expect(fieldsOf(await preview({ paymentDate: '2026-02-30', period: 'QUINCENAL', taxableIncome: '5000' }))['i.paymentDate']).toBe('Fecha: fecha no válida.');
    expect(fieldsOf(await preview({ paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '-5', days: 40 }))).toEqual({
      taxableIncome: 'Importe no válido (máximo 2 decimales, sin signo).',
      days: 'Máximo 31 días.',
    });
    expect(fieldsOf(await preview({ paymentDate: '2031-03-15', period: 'QUINCENAL', taxableIncome: '5000' })).paymentDate).toContain('2031');
    const forbidden = await preview({ paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '5000' }, seller);
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('adding a fiscal year', () => {
  it('refuses a tariff row out of order, naming the row, and writes nothing', async () => {
    const input = await inputFrom2026(2028);
    const quincenal = input.tariffs.findIndex((t: any) => t.period === 'QUINCENAL');
    input.tariffs[quincenal].rows[3].lowerLimit = '100.00';
    const fields = fieldsOf(await s.gql(CREATE, { i: input }, rh));
    expect(fields[`tariffs.${quincenal}.rows.3.lowerLimit`]).toContain('mayor que el del renglón anterior');
    expect((await ok('{ rhFiscalYear(year:2028){ year } }')).rhFiscalYear).toBeNull();
  });

  it('refuses a missing tariff, a subsidy dated in another year and an existing year', async () => {
    const input = await inputFrom2026(2029);
    input.tariffs = input.tariffs.filter((t: any) => t.period !== 'DECENAL');
    input.subsidies[0].validFrom = '2026-01-01';
    const fields = fieldsOf(await s.gql(CREATE, { i: input }, rh));
    expect(fields.tariffs).toBe('Falta la tarifa decenal.');
    expect(fields['subsidies.0.validFrom']).toContain('2029');
    const again = fieldsOf(await s.gql(CREATE, { i: await inputFrom2026(2026) }, rh));
    expect(again.year).toContain('Ya existen tablas fiscales de 2026');
  });

  it('Consulta and Ventas cannot add a year', async () => {
    for (const token of [viewer, seller]) {
      const r = await s.gql(CREATE, { i: await inputFrom2026(2030) }, token);
      expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await ok('{ rhFiscalYear(year:2030){ year } }')).rhFiscalYear).toBeNull();
  });

  it('adds 2027 and the calculator uses it for a 2027 payment date', async () => {
    const created = (await ok(CREATE, { i: await inputFrom2026(2027) }, admin)).rhFiscalYearCreate;
    expect(created.year).toBe(2027);
    const r = (await ok(PREVIEW, { i: { paymentDate: '2027-06-15', period: 'QUINCENAL', taxableIncome: '5000.00' } })).payrollTaxPreview;
    expect(r).toMatchObject({ tableYear: 2027, isr: '366.91', subsidy: '264.3', withheld: '102.61' });
  });
});
