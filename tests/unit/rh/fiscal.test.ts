// The payroll fiscal engine against figures worked out by hand from
// MX_FISCAL.md (the arithmetic is in the comments). The fiscal tables are
// data, so they are read from the JSON files as the server will read them.
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  FiscalError,
  fiscalParametersFor,
  imssEmployeeQuota,
  integrationFactor,
  isFiscalError,
  isrDetail,
  isrFor,
  PAY_PERIOD_LABELS,
  PAY_PERIODS,
  payrollTax,
  periodDays,
  sdiFor,
  subsidyDetail,
  subsidyFor,
  vacationDaysFor,
  yearsOfService,
  type FiscalYearSet,
  type PayPeriod,
  type TariffRow,
} from '../../../schema/rh/fiscal';

const load = (year: number): FiscalYearSet =>
  JSON.parse(readFileSync(new URL(`../../../server/modules/rh/fiscal-tables/${year}.json`, import.meta.url), 'utf8'));

const Y2025 = load(2025);
const Y2026 = load(2026);
const SETS = [Y2025, Y2026];

/** "LI cuota % | LI cuota % | …" as printed in MX_FISCAL.md. */
const printed = (text: string): TariffRow[] =>
  text.split('|').map((row) => {
    const [lowerLimit, fixedFee, rate] = row.trim().split(/\s+/);
    return { lowerLimit, fixedFee: new Decimal(fixedFee).toFixed(2), rate };
  });

/** MX_FISCAL.md's rule: LI = daily upper limit × N + 0.01, cuota fija = daily cuota × N (the first row stays 0.01 / 0). */
const fromDaily = (daily: TariffRow[], n: number): TariffRow[] =>
  daily.map((r, i) => ({
    lowerLimit: i === 0 ? r.lowerLimit : new Decimal(r.lowerLimit).minus('0.01').times(n).plus('0.01').toFixed(2),
    fixedFee: new Decimal(r.fixedFee).times(n).toFixed(2),
    rate: r.rate,
  }));

describe('fiscal year data', () => {
  it.each([Y2025, Y2026])('$year: every period has 11 ascending rows starting at 0.01, all figures decimal strings', (set) => {
    for (const period of PAY_PERIODS) {
      const rows = set.tariffs[period];
      expect(rows).toHaveLength(11);
      expect(rows[0]).toEqual({ lowerLimit: '0.01', fixedFee: '0.00', rate: '1.92' });
      expect(rows.map((r) => r.rate)).toEqual(['1.92', '6.40', '10.88', '16.00', '17.92', '21.36', '23.52', '30.00', '32.00', '34.00', '35.00']);
      for (const r of rows) for (const v of [r.lowerLimit, r.fixedFee]) expect(v).toMatch(/^\d+\.\d{2}$/);
      for (let i = 1; i < rows.length; i++) {
        expect(new Decimal(rows[i].lowerLimit).gt(rows[i - 1].lowerLimit)).toBe(true);
        expect(new Decimal(rows[i].fixedFee).gt(rows[i - 1].fixedFee)).toBe(true);
      }
    }
    expect(set.notes.some((n) => /deriva/.test(n))).toBe(true);
  });

  it('the printed 2025 quincenal table is the daily one × 15', () => {
    const quincenal2025 = printed(
      '0.01 0 1.92 | 368.11 7.05 6.40 | 3124.36 183.45 10.88 | 5490.76 441.00 16.00 | 6382.81 583.65 17.92 | 7641.91 809.25 21.36 | 15412.81 2469.15 23.52 | 24292.66 4557.75 30.00 | 46378.51 11183.40 32.00 | 61838.11 16130.55 34.00 | 185514.31 58180.35 35.00',
    );
    // e.g. row 2: daily upper limit 208.29 × 15 = 3124.35 + 0.01 = 3124.36; cuota 12.23 × 15 = 183.45
    expect(fromDaily(Y2025.tariffs.DIARIO, 15)).toEqual(quincenal2025);
    expect(Y2025.tariffs.QUINCENAL).toEqual(quincenal2025);
  });

  it('the derived 2026 decenal table reproduces the published rows and the JSON holds the derived tables', () => {
    const publishedDecenal2026 = printed(
      '0.01 0 1.92 | 277.81 5.30 6.40 | 2358.11 138.50 10.88 | 4144.11 332.80 16.00 | 4817.31 440.50 17.92 | 5767.61 610.80 21.36 | 11632.51 1863.50 23.52',
    );
    // e.g. row 1: daily upper limit 27.78 × 10 = 277.80 + 0.01 = 277.81; cuota 0.53 × 10 = 5.30
    expect(fromDaily(Y2026.tariffs.DIARIO, 10).slice(0, 7)).toEqual(publishedDecenal2026);
    expect(Y2026.tariffs.DECENAL.slice(0, 7)).toEqual(publishedDecenal2026);
    expect(Y2026.tariffs.DECENAL).toEqual(fromDaily(Y2026.tariffs.DIARIO, 10));
    expect(Y2025.tariffs.DECENAL).toEqual(fromDaily(Y2025.tariffs.DIARIO, 10));
    // 2025 decenal, row 3: 208.29 × 10 + 0.01 = 2082.91, 12.23 × 10 = 122.30 (spot check by hand)
    expect(Y2025.tariffs.DECENAL[2]).toEqual({ lowerLimit: '2082.91', fixedFee: '122.30', rate: '10.88' });
  });

  it('the 2026 quincenal table is MX_FISCAL.md’s (daily × 15)', () => {
    const quincenal2026 = printed(
      '0.01 0 1.92 | 416.71 7.95 6.40 | 3537.16 207.75 10.88 | 6216.16 499.20 16.00 | 7225.96 660.75 17.92 | 8651.41 916.20 21.36 | 17448.76 2795.25 23.52 | 27501.61 5159.70 30.00 | 52505.26 12660.75 32.00 | 70006.96 18261.30 34.00 | 210020.71 65866.05 35.00',
    );
    expect(Y2026.tariffs.QUINCENAL).toEqual(quincenal2026);
    expect(fromDaily(Y2026.tariffs.DIARIO, 15)).toEqual(quincenal2026);
  });

  it('subsidy amounts are the stated % of the monthly UMA, rounded half-up', () => {
    // 14.39 % × 3300.53 = 474.946…; 13.80 % × 3439.46 = 474.645… → 474.65; 15.59 % × 3439.46 = 536.211…; 15.02 % × 3566.22 = 535.646… (not the press' 536.22)
    for (const s of [...Y2025.subsidies, ...Y2026.subsidies]) {
      expect(new Decimal(s.umaPercent).times(s.monthlyUma).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)).toBe(s.monthlyAmount);
    }
    expect(Y2026.subsidies.map((s) => [s.validFrom, s.monthlyAmount])).toEqual([['2026-01-01', '536.21'], ['2026-02-01', '535.65']]);
    expect(Y2026.subsidies[1].note).toMatch(/536\.22/);
  });
});

describe('fiscalParametersFor', () => {
  it.each([
    // date, table year, subsidy in force, UMA daily in force
    ['2025-01-31', 2025, '474.95', '108.57'], // January 2025: 2025-01-01 subsidy, 2024 UMA (row valid from 2024-02-01)
    ['2025-02-01', 2025, '474.65', '113.14'],
    ['2025-12-31', 2025, '474.65', '113.14'],
    ['2026-01-01', 2026, '536.21', '113.14'], // January 2026: 2026 tables and subsidy, 2025 UMA
    ['2026-01-31', 2026, '536.21', '113.14'],
    ['2026-02-01', 2026, '535.65', '117.31'],
  ])('%s → tables %i, subsidy %s, UMA %s', (date, year, subsidy, uma) => {
    const p = fiscalParametersFor(SETS, date);
    expect(p.tableYear).toBe(year);
    expect(p.subsidy.monthlyAmount).toBe(subsidy);
    expect(p.uma.daily).toBe(uma);
    expect(p.tariffs).toBe((year === 2025 ? Y2025 : Y2026).tariffs);
  });

  it('minimum wage of the year', () => {
    expect(fiscalParametersFor(SETS, '2025-06-30').minimumWage).toEqual({ validFrom: '2025-01-01', general: '278.80', borderZone: '419.88' });
    expect(fiscalParametersFor(SETS, '2026-01-15').minimumWage).toEqual({ validFrom: '2026-01-01', general: '315.04', borderZone: '440.87' });
  });

  it('a year without tables is a typed error with a Spanish message', () => {
    expect(() => payrollTax(SETS, { paymentDate: '2027-01-15', period: 'QUINCENAL', taxableIncome: '5000' })).toThrow(
      'No hay tablas fiscales para 2027; captúrelas en Configuración RH.',
    );
    expect(() => fiscalParametersFor(SETS, '2024-12-31')).toThrow('No hay tablas fiscales para 2024; captúrelas en Configuración RH.');
    try {
      fiscalParametersFor(SETS, '2027-03-01');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FiscalError);
      expect(isFiscalError(error, 'missing-year')).toBe(true);
    }
  });

  it('January 2026 without the 2025 set has no UMA in force', () => {
    expect(() => fiscalParametersFor([Y2026], '2026-01-15')).toThrow('No hay UMA vigente al 15/01/2026; captúrela en Configuración RH.');
    expect(fiscalParametersFor([Y2026], '2026-02-01').uma.daily).toBe('117.31');
  });

  it('rejects a date that is not a real YYYY-MM-DD and an amount that is not a number', () => {
    expect(() => fiscalParametersFor(SETS, '2025-02-30')).toThrow('La fecha «2025-02-30» no es válida (AAAA-MM-DD).');
    expect(() => payrollTax(SETS, { paymentDate: '2025-06-15', period: 'SEMANAL', taxableIncome: 'mil' })).toThrow('El importe «mil» no es un número válido.');
  });
});

describe('periodDays', () => {
  it('fixed days; MENSUAL prorates the subsidy over 30.4 and IMSS over the calendar month', () => {
    const fixed: [PayPeriod, string, number][] = [['DIARIO', '1', 1], ['SEMANAL', '7', 7], ['DECENAL', '10', 10], ['QUINCENAL', '15', 15]];
    for (const [period, subsidyDays, imssDays] of fixed) expect(periodDays(period, '2026-02-27')).toEqual({ subsidyDays, imssDays });
    expect(periodDays('MENSUAL', '2026-02-27')).toEqual({ subsidyDays: '30.4', imssDays: 28 });
    expect(periodDays('MENSUAL', '2024-02-29')).toEqual({ subsidyDays: '30.4', imssDays: 29 });
    expect(periodDays('MENSUAL', '2025-06-30')).toEqual({ subsidyDays: '30.4', imssDays: 30 });
    expect(periodDays('MENSUAL', '2025-12-31')).toEqual({ subsidyDays: '30.4', imssDays: 31 });
  });

  it('Spanish labels for every period', () => {
    expect(PAY_PERIODS.map((p) => PAY_PERIOD_LABELS[p])).toEqual(['Diario', 'Semanal', 'Decenal', 'Quincenal', 'Mensual']);
  });
});

// [lower limit, its cuota fija (= ISR exactly at LI), LI − 0.01, ISR there from the previous row]
type Boundary = [string, string, string, string];
const BOUNDARIES: [number, PayPeriod, Boundary[]][] = [
  [2025, 'MENSUAL', [
    ['6332.06', '371.83', '6332.05', '371.82'], // 14.32 + (6332.05 − 746.05) × 6.40 % = 14.32 + 5586.00 × 0.064 = 14.32 + 357.504 = 371.824
    ['11128.02', '893.63', '11128.01', '893.63'], // 371.83 + (11128.01 − 6332.06) × 10.88 % = 371.83 + 4795.95 × 0.1088 = 371.83 + 521.79936 = 893.62936
    ['31236.50', '5004.12', '31236.49', '5004.12'], // 1640.18 + (31236.49 − 15487.72) × 21.36 % = 1640.18 + 15748.77 × 0.2136 = 1640.18 + 3363.937272 = 5004.117272
    ['375975.62', '117912.32', '375975.61', '117912.32'], // 32691.18 + (375975.61 − 125325.21) × 34 % = 32691.18 + 250650.40 × 0.34 = 32691.18 + 85221.136 = 117912.316
  ]],
  [2025, 'QUINCENAL', [
    ['3124.36', '183.45', '3124.35', '183.45'], // 7.05 + (3124.35 − 368.11) × 6.40 % = 7.05 + 2756.24 × 0.064 = 7.05 + 176.39936 = 183.44936
    ['5490.76', '441.00', '5490.75', '440.91'], // 183.45 + (5490.75 − 3124.36) × 10.88 % = 183.45 + 2366.39 × 0.1088 = 183.45 + 257.463232 = 440.913232
    ['15412.81', '2469.15', '15412.80', '2469.11'], // 809.25 + (15412.80 − 7641.91) × 21.36 % = 809.25 + 7770.89 × 0.2136 = 809.25 + 1659.862104 = 2469.112104
    ['185514.31', '58180.35', '185514.30', '58180.45'], // 16130.55 + (185514.30 − 61838.11) × 34 % = 16130.55 + 123676.19 × 0.34 = 16130.55 + 42049.9046 = 58180.4546
  ]],
  [2025, 'SEMANAL', [
    ['1458.04', '85.61', '1458.03', '85.61'], // 3.29 + (1458.03 − 171.79) × 6.40 % = 3.29 + 1286.24 × 0.064 = 3.29 + 82.31936 = 85.60936
    ['2562.36', '205.80', '2562.35', '205.76'], // 85.61 + (2562.35 − 1458.04) × 10.88 % = 85.61 + 1104.31 × 0.1088 = 85.61 + 120.148928 = 205.758928
    ['7192.65', '1152.27', '7192.64', '1152.25'], // 377.65 + (7192.64 − 3566.23) × 21.36 % = 377.65 + 3626.41 × 0.2136 = 377.65 + 774.601176 = 1152.251176
    ['86573.35', '27150.83', '86573.34', '27150.88'], // 7527.59 + (86573.34 − 28857.79) × 34 % = 7527.59 + 57715.55 × 0.34 = 7527.59 + 19623.287 = 27150.877
  ]],
  [2026, 'MENSUAL', [
    ['7168.52', '420.95', '7168.51', '420.95'], // 16.22 + (7168.51 − 844.60) × 6.40 % = 16.22 + 6323.91 × 0.064 = 16.22 + 404.73024 = 420.95024
    ['12598.03', '1011.68', '12598.02', '1011.68'], // 420.95 + (12598.02 − 7168.52) × 10.88 % = 420.95 + 5429.50 × 0.1088 = 420.95 + 590.7296 = 1011.6796
    ['35362.84', '5665.16', '35362.83', '5665.15'], // 1856.84 + (35362.83 − 17533.65) × 21.36 % = 1856.84 + 17829.18 × 0.2136 = 1856.84 + 3808.312848 = 5665.152848
    ['425642.00', '133488.54', '425641.99', '133488.54'], // 37009.69 + (425641.99 − 141880.67) × 34 % = 37009.69 + 283761.32 × 0.34 = 37009.69 + 96478.8488 = 133488.5388
  ]],
  [2026, 'QUINCENAL', [
    ['3537.16', '207.75', '3537.15', '207.66'], // 7.95 + (3537.15 − 416.71) × 6.40 % = 7.95 + 3120.44 × 0.064 = 7.95 + 199.70816 = 207.65816
    ['6216.16', '499.20', '6216.15', '499.22'], // 207.75 + (6216.15 − 3537.16) × 10.88 % = 207.75 + 2678.99 × 0.1088 = 207.75 + 291.474112 = 499.224112
    ['17448.76', '2795.25', '17448.75', '2795.31'], // 916.20 + (17448.75 − 8651.41) × 21.36 % = 916.20 + 8797.34 × 0.2136 = 916.20 + 1879.111824 = 2795.311824
    ['210020.71', '65866.05', '210020.70', '65865.97'], // 18261.30 + (210020.70 − 70006.96) × 34 % = 18261.30 + 140013.74 × 0.34 = 18261.30 + 47604.6716 = 65865.9716
  ]],
  [2026, 'SEMANAL', [
    ['1650.68', '96.95', '1650.67', '96.91'], // 3.71 + (1650.67 − 194.47) × 6.40 % = 3.71 + 1456.20 × 0.064 = 3.71 + 93.1968 = 96.9068
    ['2900.88', '232.96', '2900.87', '232.97'], // 96.95 + (2900.87 − 1650.68) × 10.88 % = 96.95 + 1250.19 × 0.1088 = 96.95 + 136.020672 = 232.970672
    ['8142.76', '1304.45', '8142.75', '1304.48'], // 427.56 + (8142.75 − 4037.33) × 21.36 % = 427.56 + 4105.42 × 0.2136 = 427.56 + 876.917712 = 1304.477712
    ['98009.67', '30737.49', '98009.66', '30737.45'], // 8521.94 + (98009.66 − 32669.92) × 34 % = 8521.94 + 65339.74 × 0.34 = 8521.94 + 22215.5116 = 30737.4516
  ]],
];

describe('isrFor: row boundaries (LI and LI − 0.01)', () => {
  for (const [year, period, rows] of BOUNDARIES) {
    const tariff = (year === 2025 ? Y2025 : Y2026).tariffs[period];
    it.each(rows)(`${year} ${period}: ISR(%s) = %s; ISR(%s) = %s`, (li, fee, below, isrBelow) => {
      expect(isrFor(tariff, li)).toBe(fee);
      expect(isrFor(tariff, below)).toBe(isrBelow);
    });
  }

  it('uses the published tables as they are, even where the tax at a row’s top exceeds the next cuota fija', () => {
    // 2026 quincenal: 6216.15 pays 499.22 (row 3) and 6216.16 pays 499.20 (row 4); the cents come from the data.
    expect(isrDetail(Y2026.tariffs.QUINCENAL, '6216.15')).toEqual({ row: Y2026.tariffs.QUINCENAL[2], excess: '2678.99', marginalTax: '291.47', isr: '499.22' });
    expect(isrDetail(Y2026.tariffs.QUINCENAL, '6216.16')).toEqual({ row: Y2026.tariffs.QUINCENAL[3], excess: '0.00', marginalTax: '0.00', isr: '499.20' });
  });

  it('first and last rows, zero and negative bases', () => {
    const m = Y2025.tariffs.MENSUAL;
    expect(isrFor(m, '0')).toBe('0.00');
    expect(isrFor(m, '-100')).toBe('0.00');
    expect(isrFor(m, '0.01')).toBe('0.00'); // 0 + 0 × 1.92 %
    expect(isrFor(m, '746.04')).toBe('14.32'); // (746.04 − 0.01) × 1.92 % = 746.03 × 0.0192 = 14.323776
    expect(isrFor(m, '1000')).toBe('30.57'); // 14.32 + (1000 − 746.05) × 6.40 % = 14.32 + 16.2528 = 30.5728
    expect(isrFor(m, '500000')).toBe('161320.85'); // 117912.32 + (500000 − 375975.62) × 35 % = 117912.32 + 43408.533 = 161320.853
  });

  it('rounds once, half-up, at the end', () => {
    // 2026 diario: 0.53 + (100 − 27.79) × 6.40 % = 0.53 + 72.21 × 0.064 = 0.53 + 4.62144 = 5.15144 → 5.15
    expect(isrFor(Y2026.tariffs.DIARIO, '100')).toBe('5.15');
    // An exact half centavo: 2026 mensual row 2, 16.22 + (844.678125 − 844.60) × 6.40 % = 16.22 + 0.078125 × 0.064 = 16.22 + 0.005 = 16.225 → 16.23 (half-up, not 16.22)
    expect(isrFor(Y2026.tariffs.MENSUAL, '844.678125')).toBe('16.23');
  });
});

describe('subsidyFor', () => {
  const june2026 = fiscalParametersFor(SETS, '2026-06-15');
  const june2025 = fiscalParametersFor(SETS, '2025-06-15');

  it('prorates the monthly amount ÷ 30.4 × days', () => {
    expect(subsidyFor(june2026, '4000', '15')).toBe('264.30'); // 535.65 ÷ 30.4 × 15 = 8034.75 ÷ 30.4 = 264.3009868…
    expect(subsidyFor(june2025, '2000', '7')).toBe('109.29'); // 474.65 × 7 ÷ 30.4 = 3322.55 ÷ 30.4 = 109.2944078…
    expect(subsidyFor(june2025, '300', '1')).toBe('15.61'); // 474.65 ÷ 30.4 = 15.6134868…
    expect(subsidyFor(june2025, '3000', '10')).toBe('156.13'); // 4746.5 ÷ 30.4 = 156.1348684…
    expect(subsidyFor(june2026, '9000', '30.4')).toBe('535.65'); // a month: exactly the monthly amount
  });

  it.each([
    // period days, prorated cap rounded down to centavos (the last income that qualifies), the first income that does not
    ['30.4', '11492.66', '11492.67'], // 11492.66 × 30.4 ÷ 30.4 = 11492.66 exactly
    ['15', '5670.72', '5670.73'], // 11492.66 × 15 ÷ 30.4 = 172389.90 ÷ 30.4 = 5670.7203947…
    ['10', '3780.48', '3780.49'], // 114926.60 ÷ 30.4 = 3780.4802631…
    ['7', '2646.33', '2646.34'], // 80448.62 ÷ 30.4 = 2646.3361842… (2646.34 × 30.4 = 80448.736 > 80448.62: half-up would have let it in)
    ['1', '378.04', '378.05'], // 11492.66 ÷ 30.4 = 378.0480263…
  ])('2026, %s days: %s gets the subsidy, %s does not', (days, atCap, over) => {
    expect(subsidyDetail(june2026, atCap, days)).toMatchObject({ cap: atCap, eligible: true });
    expect(subsidyFor(june2026, atCap, days)).not.toBe('0.00');
    expect(subsidyDetail(june2026, over, days)).toMatchObject({ cap: atCap, eligible: false, subsidy: '0.00' });
  });
});

describe('payrollTax worked cases', () => {
  it('2026 quincenal, 5,000.00 with SBC 400: the whole trace', () => {
    const r = payrollTax(SETS, { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '5000', sbcDaily: '400' });
    // ISR: 207.75 + (5000 − 3537.16) × 10.88 % = 207.75 + 1462.84 × 0.1088 = 207.75 + 159.156992 = 366.906992 → 366.91
    // Subsidy: 535.65 ÷ 30.4 × 15 = 264.30; 5000 ≤ 11492.66 ÷ 30.4 × 15 = 5670.72…
    // Withheld: 366.91 − 264.30 = 102.61
    // IMSS (UMA 117.31): 3 UMA = 351.93; excedente (400 − 351.93) = 48.07 × 0.40 % × 15 = 2.8842 → 2.88;
    // 400 × 15 = 6000 × 0.25 % = 15.00, × 0.375 % = 22.50, × 0.625 % = 37.50, × 1.125 % = 67.50; total 145.38
    expect(r).toEqual({
      tableYear: 2026,
      isr: '366.91',
      subsidy: '264.30',
      withheld: '102.61',
      imssEmployee: '145.38',
      steps: [
        { label: 'Tabla de ISR (art. 96 LISR): año y periodo', amount: '2026 Quincenal' },
        { label: 'Base gravable del periodo', amount: '5000.00' },
        { label: 'Límite inferior', amount: '3537.16' },
        { label: 'Excedente sobre el límite inferior', amount: '1462.84' },
        { label: '% sobre el excedente', amount: '10.88' },
        { label: 'Impuesto marginal (excedente × %)', amount: '159.16' },
        { label: 'Cuota fija', amount: '207.75' },
        { label: 'ISR (cuota fija + impuesto marginal)', amount: '366.91' },
        { label: 'Tope de subsidio prorrateado (11492.66 ÷ 30.4 × 15 días)', amount: '5670.72' },
        { label: 'Subsidio para el empleo causado (535.65 ÷ 30.4 × 15 días)', amount: '264.30' },
        { label: 'ISR a retener (ISR − subsidio; el subsidio que exceda al ISR no se entrega)', amount: '102.61' },
        { label: 'SBC diario (tope 25 UMA = 2932.75)', amount: '400.00' },
        { label: 'Días cotizados IMSS', amount: '15' },
        { label: 'Enfermedad y maternidad (excedente de 3 UMA): 0.400 % × (SBC − 3 UMA = 48.07) × 15 días', amount: '2.88' },
        { label: 'Enfermedad y maternidad (prestaciones en dinero): 0.250 % × 400.00 × 15 días', amount: '15.00' },
        { label: 'Enfermedad y maternidad (gastos médicos de pensionados): 0.375 % × 400.00 × 15 días', amount: '22.50' },
        { label: 'Invalidez y vida: 0.625 % × 400.00 × 15 días', amount: '37.50' },
        { label: 'Cesantía en edad avanzada y vejez: 1.125 % × 400.00 × 15 días', amount: '67.50' },
        { label: 'Total cuotas obreras IMSS', amount: '145.38' },
      ],
      imssSteps: expect.any(Array),
    });
    // The IMSS part on its own: from the SBC line to the total.
    expect(r.imssSteps).toEqual(r.steps.slice(11));
    expect(r.imssSteps[0].label).toBe('SBC diario (tope 25 UMA = 2932.75)');
  });

  it('a subsidy larger than the ISR withholds nothing and pays nothing back', () => {
    // 207.75 + (4000 − 3537.16) × 10.88 % = 207.75 + 462.84 × 0.1088 = 207.75 + 50.3570592 = 258.1070592 → 258.11 < 264.30
    const r = payrollTax(SETS, { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '4000' });
    expect(r).toMatchObject({ isr: '258.11', subsidy: '264.30', withheld: '0.00', imssEmployee: null });
  });

  it('monthly, exactly at the 11,492.66 cap and 0.01 over it', () => {
    // 420.95 + (11492.66 − 7168.52) × 10.88 % = 420.95 + 4324.14 × 0.1088 = 420.95 + 470.466432 = 891.416432 → 891.42; − 535.65 = 355.77
    expect(payrollTax(SETS, { paymentDate: '2026-06-30', period: 'MENSUAL', taxableIncome: '11492.66' })).toMatchObject({ isr: '891.42', subsidy: '535.65', withheld: '355.77' });
    // 420.95 + 4324.15 × 0.1088 = 420.95 + 470.46752 = 891.41752 → 891.42; no subsidy
    const over = payrollTax(SETS, { paymentDate: '2026-06-30', period: 'MENSUAL', taxableIncome: '11492.67' });
    expect(over).toMatchObject({ isr: '891.42', subsidy: '0.00', withheld: '891.42' });
    expect(over.steps).toContainEqual({ label: 'Subsidio para el empleo causado (la base gravable rebasa el tope)', amount: '0.00' });
  });

  it('quincenal, exactly at the prorated cap (5,670.72) and 0.01 over it', () => {
    // 11492.66 × 15 ÷ 30.4 = 5670.7203947…; ISR 207.75 + 2133.56 × 0.1088 = 207.75 + 232.131328 = 439.881328 → 439.88; − 264.30 = 175.58
    expect(payrollTax(SETS, { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '5670.72' })).toMatchObject({ isr: '439.88', subsidy: '264.30', withheld: '175.58' });
    // 207.75 + 2133.57 × 0.1088 = 207.75 + 232.132416 = 439.882416 → 439.88
    expect(payrollTax(SETS, { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '5670.73' })).toMatchObject({ isr: '439.88', subsidy: '0.00', withheld: '439.88' });
  });

  it('2025 weekly, at the prorated cap (2,342.00) and 0.01 over it', () => {
    // Cap 10171.00 × 7 ÷ 30.4 = 71197 ÷ 30.4 = 2342.0065789…: 2342.00 × 30.4 = 71196.80 ≤ 71197; 2342.01 × 30.4 = 71197.104 > 71197
    // ISR 85.61 + (2342.00 − 1458.04) × 10.88 % = 85.61 + 883.96 × 0.1088 = 85.61 + 96.174848 = 181.784848 → 181.78
    // Subsidy 474.65 × 7 ÷ 30.4 = 109.2944… → 109.29; withheld 181.78 − 109.29 = 72.49
    expect(payrollTax(SETS, { paymentDate: '2025-06-06', period: 'SEMANAL', taxableIncome: '2342.00' })).toMatchObject({ tableYear: 2025, isr: '181.78', subsidy: '109.29', withheld: '72.49' });
    // 85.61 + 883.97 × 0.1088 = 85.61 + 96.175936 = 181.785936 → 181.79
    expect(payrollTax(SETS, { paymentDate: '2025-06-06', period: 'SEMANAL', taxableIncome: '2342.01' })).toMatchObject({ isr: '181.79', subsidy: '0.00', withheld: '181.79' });
  });

  it('January vs June 2026: same pay, different subsidy and UMA', () => {
    const input = { period: 'QUINCENAL', taxableIncome: '4500.00', sbcDaily: '400.00' } as const;
    const jan = payrollTax(SETS, { ...input, paymentDate: '2026-01-15' });
    const jun = payrollTax(SETS, { ...input, paymentDate: '2026-06-15' });
    // ISR (2026 table both times): 207.75 + (4500 − 3537.16) × 10.88 % = 207.75 + 962.84 × 0.1088 = 207.75 + 104.756992 = 312.506992 → 312.51
    // January subsidy: 536.21 × 15 ÷ 30.4 = 8043.15 ÷ 30.4 = 264.5773… → 264.58; withheld 312.51 − 264.58 = 47.93
    // January IMSS (UMA 2025 113.14): 3 UMA = 339.42; (400 − 339.42) = 60.58 × 0.40 % × 15 = 3.6348 → 3.63; + 142.50 (see above) = 146.13
    expect(jan).toMatchObject({ tableYear: 2026, isr: '312.51', subsidy: '264.58', withheld: '47.93', imssEmployee: '146.13' });
    // June subsidy: 535.65 × 15 ÷ 30.4 = 264.30; withheld 312.51 − 264.30 = 48.21
    // June IMSS (UMA 117.31): 3 UMA = 351.93; 48.07 × 0.40 % × 15 = 2.8842 → 2.88; + 15.00 + 22.50 + 37.50 + 67.50 = 145.38
    expect(jun).toMatchObject({ tableYear: 2026, isr: '312.51', subsidy: '264.30', withheld: '48.21', imssEmployee: '145.38' });
    expect(jan.steps).toContainEqual({ label: 'SBC diario (tope 25 UMA = 2828.50)', amount: '400.00' });
    expect(jun.steps).toContainEqual({ label: 'SBC diario (tope 25 UMA = 2932.75)', amount: '400.00' });
  });

  it('January 2025 uses the 474.95 subsidy', () => {
    // 474.95 × 15 ÷ 30.4 = 7124.25 ÷ 30.4 = 234.3503… → 234.35
    expect(payrollTax(SETS, { paymentDate: '2025-01-15', period: 'QUINCENAL', taxableIncome: '3000' }).subsidy).toBe('234.35');
  });

  it('a worker earning only the minimum wage: no ISR, no subsidy, nothing withheld (art. 96)', () => {
    // 315.04 × 7 = 2205.28 (would otherwise be 96.95 + (2205.28 − 1650.68) × 10.88 % = 157.29 ISR)
    const r = payrollTax(SETS, { paymentDate: '2026-06-05', period: 'SEMANAL', taxableIncome: '2205.28', minimumWageOnly: true });
    expect(r).toEqual({
      tableYear: 2026,
      isr: '0.00',
      subsidy: '0.00',
      withheld: '0.00',
      imssEmployee: null,
      steps: [
        { label: 'Tabla de ISR (art. 96 LISR): año y periodo', amount: '2026 Semanal' },
        { label: 'Base gravable del periodo', amount: '2205.28' },
        { label: 'Salario mínimo exento (arts. 93 fr. I y 96 LISR): 315.04 × 7 días', amount: '2205.28' },
        { label: 'Base gravable sin el salario mínimo (bonos, comisiones, horas extra triples y demás percepciones gravadas)', amount: '0.00' },
        { label: 'Trabajador de salario mínimo sin otras percepciones gravadas: no se le retiene ISR ni se le aplica subsidio para el empleo (art. 96 LISR)', amount: '0.00' },
        { label: 'ISR a retener', amount: '0.00' },
      ],
      imssSteps: [],
    });
    expect(payrollTax(SETS, { paymentDate: '2026-06-05', period: 'SEMANAL', taxableIncome: '2205.28' }).isr).toBe('157.29');
  });

  it('a minimum-wage worker with a bonus: only the minimum wage itself is exempt, the bonus is taxed with the tariff and the subsidy', () => {
    // Quincena: 315.04 × 15 = 4725.60 exempt; taxable income 9725.60 (a 5000.00 bonus on top) → base 5000.00
    // 2026 quincenal row 3: 207.75 + (5000.00 − 3537.16) × 10.88 % = 207.75 + 159.156992 = 366.906992 → 366.91
    // Subsidio on the base: 5000.00 ≤ 11492.66 ÷ 30.4 × 15 = 5670.72 → 535.65 ÷ 30.4 × 15 = 264.30; withheld 366.91 − 264.30 = 102.61
    const r = payrollTax(SETS, { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '9725.60', minimumWageOnly: true });
    expect(r).toMatchObject({ isr: '366.91', subsidy: '264.30', withheld: '102.61' });
    expect(r.steps).toContainEqual({ label: 'Salario mínimo exento (arts. 93 fr. I y 96 LISR): 315.04 × 15 días', amount: '4725.60' });
    // Triple overtime 177.21 on 14.5 paid days of the worker's own daily salary (a payroll passes it):
    // exempt 315.04 × 14.5 = 4568.08; base 4745.29 − 4568.08 = 177.21; ISR row 1: 177.21 × 1.92 % = 3.402432 → 3.40;
    // subsidio on the period's 15 days: 264.30 (not paid beyond the ISR) → withheld 0.00
    const overtime = payrollTax(SETS, { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '4745.29', days: 14.5, minimumWageOnly: true, minimumWageDaily: '315.04' });
    expect(overtime).toMatchObject({ isr: '3.40', subsidy: '264.30', withheld: '0.00' });
    // Frontera: 440.87 × 15 = 6613.05 exempt; 7113.05 leaves 500.00: row 2: 7.95 + (500.00 − 416.71) × 6.40 % = 7.95 + 5.33056 = 13.28
    expect(payrollTax(SETS, { paymentDate: '2026-06-15', period: 'QUINCENAL', taxableIncome: '7113.05', minimumWageOnly: true, wageZone: 'frontera' }).isr).toBe('13.28');
  });

  it('a minimum-wage worker pays no IMSS quota either: the employer pays it (art. 36 LSS)', () => {
    // SBC 329.96, 7 days, under 3 UMA (351.93) so no excedente:
    // 329.96 × 7 = 2309.72; × 0.25 % = 5.77, × 0.375 % = 8.66, × 0.625 % = 14.44, × 1.125 % = 25.98; 54.85 shown, not withheld
    const r = payrollTax(SETS, { paymentDate: '2026-06-05', period: 'SEMANAL', taxableIncome: '2205.28', sbcDaily: '329.96', minimumWageOnly: true });
    expect(r.imssEmployee).toBe('0.00');
    expect(r.steps.find((x) => x.label === 'Total cuotas obreras IMSS')?.amount).toBe('54.85');
    expect(r.steps.at(-1)).toEqual({ label: 'Cuotas obreras a cargo del patrón (art. 36 LSS: salario mínimo); no se descuentan al trabajador', amount: '0.00' });
  });

  it('MENSUAL IMSS days are the calendar days of the month unless given', () => {
    // SBC 300 (< 3 UMA = 351.93): 300 × 28 days (February 2026) = 8400: × 0.25 % = 21.00, × 0.375 % = 31.50, × 0.625 % = 52.50, × 1.125 % = 94.50; total 199.50
    expect(payrollTax(SETS, { paymentDate: '2026-02-27', period: 'MENSUAL', taxableIncome: '9000', sbcDaily: '300' }).imssEmployee).toBe('199.50');
    // 300 × 20 = 6000: 15.00 + 22.50 + 37.50 + 67.50 = 142.50
    expect(payrollTax(SETS, { paymentDate: '2026-02-27', period: 'MENSUAL', taxableIncome: '9000', sbcDaily: '300', days: 20 }).imssEmployee).toBe('142.50');
  });
});

describe('imssEmployeeQuota', () => {
  const june2025 = fiscalParametersFor(SETS, '2025-06-30');

  it('under 3 UMA: no excedente; each concept rounded, total = Σ rounded concepts', () => {
    // 3 UMA = 3 × 113.14 = 339.42 > 300. 300 × 7 = 2100: × 0.25 % = 5.25; × 0.375 % = 7.875 → 7.88; × 0.625 % = 13.125 → 13.13; × 1.125 % = 23.625 → 23.63
    const q = imssEmployeeQuota(june2025, '300', 7);
    expect(q.concepts.map((c) => [c.code, c.amount])).toEqual([
      ['EYM_EXCEDENTE', '0.00'],
      ['EYM_DINERO', '5.25'],
      ['EYM_PENSIONADOS', '7.88'],
      ['INVALIDEZ_VIDA', '13.13'],
      ['CESANTIA_VEJEZ', '23.63'],
    ]);
    expect(q).toMatchObject({ sbc: '300.00', sbcCap: '2828.50', capped: false, excessThreshold: '339.42', days: 7, total: '49.89' }); // 5.25 + 7.88 + 13.13 + 23.63
  });

  it('exactly 3 UMA: no excedente', () => {
    expect(imssEmployeeQuota(june2025, '339.42', 1).concepts[0].amount).toBe('0.00');
  });

  it('over 3 UMA: 0.40 % on the excess', () => {
    // (1000 − 339.42) = 660.58 × 0.40 % × 15 = 39.6348 → 39.63; 1000 × 15 = 15000: 37.50 + 56.25 + 93.75 + 168.75 = 356.25; total 395.88
    const q = imssEmployeeQuota(june2025, '1000', 15);
    expect(q.concepts.map((c) => c.amount)).toEqual(['39.63', '37.50', '56.25', '93.75', '168.75']);
    expect(q.concepts[0].dailyBase).toBe('660.58');
    expect(q.total).toBe('395.88');
  });

  it('above the 25 UMA ceiling: same as exactly at the ceiling', () => {
    // Cap 25 × 113.14 = 2828.50; excedente (2828.50 − 339.42) = 2489.08 × 0.40 % × 30 = 298.6896 → 298.69;
    // 2828.50 × 30 = 84855: × 0.25 % = 212.1375 → 212.14; × 0.375 % = 318.20625 → 318.21; × 0.625 % = 530.34375 → 530.34; × 1.125 % = 954.61875 → 954.62
    // total 298.69 + 212.14 + 318.21 + 530.34 + 954.62 = 2314.00
    const above = imssEmployeeQuota(june2025, '5000', 30);
    const at = imssEmployeeQuota(june2025, '2828.50', 30);
    expect(above.concepts.map((c) => c.amount)).toEqual(['298.69', '212.14', '318.21', '530.34', '954.62']);
    expect(above.total).toBe('2314.00');
    expect({ ...above, capped: false }).toEqual(at);
    expect(above.capped).toBe(true);
    const steps = payrollTax(SETS, { paymentDate: '2025-06-30', period: 'MENSUAL', taxableIncome: '150000', sbcDaily: '5000' }).steps;
    expect(steps).toContainEqual({ label: 'SBC diario topado a 25 UMA (25 × 113.14; SBC capturado 5000.00)', amount: '2828.50' });
    expect(steps).toContainEqual({ label: 'Días cotizados IMSS', amount: '30' });
    expect(steps.at(-1)).toEqual({ label: 'Total cuotas obreras IMSS', amount: '2314.00' });
  });
});

describe('vacations, integration factor and SDI', () => {
  it('vacation days by completed years (LFT art. 76)', () => {
    const cases: [number, number][] = [[0, 12], [1, 12], [2, 14], [3, 16], [4, 18], [5, 20], [6, 22], [10, 22], [11, 24], [15, 24], [16, 26], [25, 28], [30, 30], [31, 32], [35, 32]];
    for (const [years, days] of cases) expect(vacationDaysFor(Y2026, years), `${years} años`).toBe(days);
    // Past the table: 2 more days every 5 years, as the law keeps going
    expect([36, 40, 41].map((y) => vacationDaysFor(Y2026, y))).toEqual([34, 34, 36]);
  });

  it.each([
    // years, vacation days, factor = 1 + (15 + days × 25 %) ÷ 365, SDI of 500.00
    [1, 12, '1.0493', '524.65'], // 1 + (15 + 3) ÷ 365 = 1.0493150…; 500 × 1.0493 = 524.65
    [5, 20, '1.0548', '527.40'], // 1 + (15 + 5) ÷ 365 = 1.0547945…; 500 × 1.0548 = 527.40
    [6, 22, '1.0562', '528.10'], // 1 + (15 + 5.5) ÷ 365 = 1.0561643…; 500 × 1.0562 = 528.10
    [11, 24, '1.0575', '528.75'], // 1 + (15 + 6) ÷ 365 = 1.0575342…; 500 × 1.0575 = 528.75
  ])('%i years: %i days, factor %s, SDI %s', (years, days, factor, sdi) => {
    expect(integrationFactor(Y2026, years)).toBe(factor);
    expect(sdiFor(Y2026, '500', years)).toEqual({
      sdi,
      factor,
      vacationDays: days,
      formula: `SDI = 500.00 × ${factor} = ${sdi} (factor = 1 + (15 + ${days} × 25 %) ÷ 365)`,
    });
  });

  it('rounds the SDI half-up to centavos after the 4-decimal factor', () => {
    // 315.04 × 1.0493 = 330.571472 → 330.57
    expect(sdiFor(Y2026, '315.04', 1).sdi).toBe('330.57');
    expect(sdiFor(Y2025, '500', 1).formula).toBe('SDI = 500.00 × 1.0493 = 524.65 (factor = 1 + (15 + 12 × 25 %) ÷ 365)');
  });

  it('years of service are completed years', () => {
    expect(yearsOfService('2020-03-15', '2025-03-14')).toBe(4);
    expect(yearsOfService('2020-03-15', '2025-03-15')).toBe(5);
    expect(yearsOfService('2025-03-15', '2025-12-31')).toBe(0);
    expect(yearsOfService('2025-03-15', '2024-01-01')).toBe(0);
    // Hired on 29 February: the anniversary in a non-leap year is completed on 1 March
    expect(yearsOfService('2020-02-29', '2021-02-28')).toBe(0);
    expect(yearsOfService('2020-02-29', '2021-03-01')).toBe(1);
    expect(yearsOfService('2020-02-29', '2024-02-29')).toBe(4);
    expect(() => yearsOfService('2020-13-01', '2025-01-01')).toThrow('La fecha «2020-13-01» no es válida (AAAA-MM-DD).');
  });
});
