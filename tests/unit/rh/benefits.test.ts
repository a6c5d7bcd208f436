// Aguinaldo, vacaciones, finiquito/liquidación and PTU against figures worked
// out by hand from MX_FISCAL.md «Payroll legal rules» (the arithmetic is in the
// comments; nothing here is computed by the code under test). The fiscal
// tables are the shipped JSON files, as the server loads them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  aguinaldo,
  aguinaldoDaysEmployed,
  anniversary,
  BENEFIT_MSG,
  CalculatorInputError,
  isrArt174,
  isrArt95,
  isrArt96Accumulated,
  isrArt96Alone,
  primaPercentOf,
  ptu,
  separation,
  serviceTime,
  vacation,
  type SeparationInput,
} from '../../../schema/rh/benefits';
import { fiscalParametersFor, isFiscalError, vacationDaysFor, type FiscalYearSet } from '../../../schema/rh/fiscal';

const load = (year: number): FiscalYearSet =>
  JSON.parse(readFileSync(new URL(`../../../server/modules/rh/fiscal-tables/${year}.json`, import.meta.url), 'utf8'));
const Y2026 = load(2026);
const SETS = [load(2025), Y2026];
const MONTHLY = Y2026.tariffs.MENSUAL;

const fieldsOf = (fn: () => unknown): Record<string, string> => {
  try {
    fn();
  } catch (err) {
    if (err instanceof CalculatorInputError) return err.fields;
    throw err;
  }
  throw new Error('no refusal');
};

describe('dates and service time', () => {
  it('counts days with both ends and from the later of hire date and 1 January', () => {
    // 2026-01-01 → 2026-12-31 = 365 days; hired 2026-03-01: Mar 31 + Apr 30 + May 31 + Jun 30 + Jul 31 + Aug 31 + Sep 30 + Oct 31 + Nov 30 + Dec 31 = 306
    expect(aguinaldoDaysEmployed('2019-07-01', 2026, '2026-12-31')).toBe(365);
    expect(aguinaldoDaysEmployed('2026-03-01', 2026, '2026-12-31')).toBe(306);
    expect(aguinaldoDaysEmployed('2026-12-31', 2026, '2026-12-31')).toBe(1);
  });

  it('anniversaries of 29 February fall on 1 March in common years; six months later clamps to the month end', () => {
    expect(anniversary('2024-02-29', 2)).toBe('2026-03-01');
    expect(anniversary('2024-02-29', 4)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2025-06-01', 6)).toBe('2025-12-01');
  });

  it('service years = completed + days of the running year ÷ 365; fr. XIII counts a fraction of more than six months as a year', () => {
    // Hired 2026-01-01, leaving 2026-12-31: 0 completed, 365 running days → exactly 1 year.
    const oneYear = serviceTime('2026-01-01', '2026-12-31');
    expect([oneYear.completedYears, oneYear.runningDays, oneYear.years.toString()]).toEqual([0, 365, '1']);
    // 7 years and 8 months → 8 (2018-06-01 → 2026-02-10: last anniversary 2025-06-01, + 6 months = 2025-12-01 ≤ 2026-02-10).
    expect(serviceTime('2018-06-01', '2026-02-10').exemptionYears).toBe(8);
    // 3 years and 2 months → 3.
    expect(serviceTime('2023-04-15', '2026-06-14').exemptionYears).toBe(3);
    // The day before anniversary + 6 months does not count; that day does.
    expect(serviceTime('2023-03-16', '2026-09-15').exemptionYears).toBe(3);
    expect(serviceTime('2023-03-16', '2026-09-16').exemptionYears).toBe(4);
  });
});

describe('art. 174 RLISR and art. 95 LISR', () => {
  it('art. 174 keeps M unrounded: rounding it would push the base into the next tariff row and change the cent', () => {
    // Taxable 1,176.96, monthly ordinary income 12,500.00 (2026 monthly row 7,168.52 / 420.95 / 10.88 %, next row from 12,598.03 at 16 %).
    // M = 1,176.96 ÷ 365 × 30.4 = 98.026257…; 12,500 + M = 12,598.026257… stays in the 10.88 % row,
    // so ISR1 − ISR2 = M × 10.88 % and rate = 0.1088; ISR = 1,176.96 × 0.1088 = 128.053248 → 128.05.
    // (Rounding M to 98.03 gives a base of 12,598.03, the 16 % row, and 128.04: the wrong cent.)
    expect(isrArt174(MONTHLY, '1176.96', '12500.00', 'de prueba').isr).toBe('128.05');
    expect(isrArt174(MONTHLY, '0.00', '12500.00', 'de prueba').isr).toBe('0.00');
  });

  it('art. 95: rate = ISR of the USMO (rounded) ÷ USMO, times the taxable part', () => {
    // USMO = 600.00 × 30.4 = 18,240.00; row 17,533.65 / 1,856.84 / 21.36 %:
    // 1,856.84 + (18,240.00 − 17,533.65) × 21.36 % = 1,856.84 + 706.35 × 0.2136 = 1,856.84 + 150.87636 = 2,007.71636 → 2,007.72
    // ISR = 128,351.27 × 2,007.72 ÷ 18,240.00 = 14,127.928278… → 14,127.93
    expect(isrArt95(MONTHLY, '128351.27', '600.00').isr).toBe('14127.93');
    expect(isrArt95(MONTHLY, '0.00', '600.00').isr).toBe('0.00');
  });
});

describe('aguinaldo', () => {
  const base = { dailySalary: '400.00', hireDate: '2020-05-10', paymentDate: '2026-12-15', aguinaldoDays: '15', exemptUsedThisYear: '0.00' };

  it('a whole year: 15 days, 30 UMA exempt, the rest taxed at the art. 174 rate', () => {
    // 400.00 × 15 × 365 ÷ 365 = 6,000.00; UMA in December 2026 117.31: 30 × 117.31 = 3,519.30 exempt; taxable 2,480.70.
    // Monthly ordinary income = 400.00 × 30.4 = 12,160.00; + M (2,480.70 ÷ 365 × 30.4 = 206.61…) stays in the 10.88 % row:
    // ISR = 2,480.70 × 0.1088 = 269.90016 → 269.90
    const r = aguinaldo(SETS, base);
    expect(r).toMatchObject({ daysInYear: 365, amount: '6000.00', exempt: '3519.30', taxable: '2480.70', isrArt174: '269.90' });
    expect(r.steps.map((s) => s.amount)).toContain('269.90');
  });

  it('hired during the year: proportional days, not rounded; the annual cap less what the year already used', () => {
    // Hired 2026-03-01: 306 days. 400.00 × 15 × 306 ÷ 365 = 1,836,000 ÷ 365 = 5,030.136986… → 5,030.14
    // Cap 3,519.30 − 1,000.00 already exempt = 2,519.30 exempt; taxable 5,030.14 − 2,519.30 = 2,510.84
    // M = 2,510.84 ÷ 365 × 30.4 = 209.122016…; ISR1 on 12,500 + M = 12,709.122016… (16 % row):
    //   1,011.68 + 111.092016… × 0.16 = 1,029.454722…; ISR2 on 12,500.00: 420.95 + 5,331.48 × 0.1088 = 1,001.015024
    //   rate = 28.439698… ÷ 209.122016… = 0.135995717…; ISR = 2,510.84 × 0.135995717… = 341.4574… → 341.46
    const r = aguinaldo(SETS, { ...base, hireDate: '2026-03-01', monthlyOrdinaryIncome: '12500.00', exemptUsedThisYear: '1000.00' });
    expect(r).toMatchObject({ daysInYear: 306, amount: '5030.14', exempt: '2519.30', taxable: '2510.84', isrArt174: '341.46' });
  });

  it('the employer may withhold by art. 96: the taxable part added to the month\'s ordinary income, tariff and subsidio on the total; art. 174 stays the default', () => {
    // December 2026: subsidio 535.65 a month while the month's income ≤ 11,492.66. Monthly 2026 tariff.
    // 400.00 a day: ordinary month 400 × 30.4 = 12,160.00 (over the cap: no subsidy either way); taxable 2,480.70.
    //   ISR(12,160.00 + 2,480.70 = 14,640.70), 16 % row: 1,011.68 + (14,640.70 − 12,598.03) × 0.16 = 1,011.68 + 326.8272 = 1,338.5072
    //   ISR(12,160.00), 10.88 % row: 420.95 + (12,160.00 − 7,168.52) × 0.1088 = 420.95 + 543.073024 = 964.023024
    //   withheld 1,338.5072 − 964.023024 = 374.484176 → 374.48 (art. 174 gives 269.90, still reported).
    const r = aguinaldo(SETS, { ...base, isrMethod: 'art96' });
    expect(r).toMatchObject({ taxable: '2480.70', isrArt174: '269.90', isr: '374.48' });
    expect(r.steps.at(-1)).toEqual({ label: '6: ISR del aguinaldo = (4) − (5), redondeado', amount: '374.48' });
    expect(aguinaldo(SETS, base).isr).toBe('269.90');
    // 320.00 a day: 4,800.00, taxable 1,280.70; ordinary 9,728.00 and the total 11,008.70 both within the cap (subsidio 535.65 in both):
    //   ISR(11,008.70) = 420.95 + 3,840.18 × 0.1088 = 838.761584; − 535.65 = 303.111584
    //   ISR(9,728.00) = 420.95 + 2,559.48 × 0.1088 = 699.421424; − 535.65 = 163.771424 → withheld 139.34016 → 139.34.
    expect(aguinaldo(SETS, { ...base, dailySalary: '320.00', isrMethod: 'art96' })).toMatchObject({ amount: '4800.00', taxable: '1280.70', isr: '139.34' });
    // 350.00 a day: 5,250.00, taxable 1,730.70; ordinary 10,640.00 gets the subsidy, the total 12,370.70 passes the cap and loses it:
    //   ISR(12,370.70) = 420.95 + 5,202.18 × 0.1088 = 986.947184, no subsidy
    //   ISR(10,640.00) = 420.95 + 3,471.48 × 0.1088 = 798.647024; − 535.65 = 262.997024 → withheld 723.95016 → 723.95
    //   (the aguinaldo takes back the month's subsidy; on the payment alone it was 72.93).
    const lost = aguinaldo(SETS, { ...base, dailySalary: '350.00', isrMethod: 'art96' });
    expect(lost).toMatchObject({ amount: '5250.00', taxable: '1730.70', isr: '723.95' });
    expect(lost.steps.find((st) => st.label.startsWith('3: subsidio'))).toEqual({ label: '3: subsidio para el empleo del mes: el ingreso pasa del tope de 11492.66, no hay', amount: '0.00' });
    // Nothing taxable, nothing withheld.
    expect(isrArt96Accumulated(fiscalParametersFor(SETS, '2026-12-15'), '0.00', '12160.00', 'de prueba').isr).toBe('0.00');
    // The finiquito's ordinary part keeps the tariff on the amount alone: (261.52 − 0.01) × 1.92 % = 5.020992 → 5.02.
    expect(isrArt96Alone(MONTHLY, '261.52', 'de prueba').isr).toBe('5.02');
  });

  it('art. 96 accumulated over a pay period (an extraordinaria): the quincena tariff and the quincena subsidy on its ordinary income + the payment', () => {
    const october = fiscalParametersFor(SETS, '2026-10-20');
    const quincena = { tariff: october.tariffs.QUINCENAL, days: '15', name: 'periodo' };
    // 400.00 × 15 = 6,000.00 ordinary (6,000 × 30.4 = 182,400 > 11,492.66 × 15 = 172,389.90: no subsidy); a 1,000.00 bonus:
    //   ISR(7,000.00), 16 % row: 499.20 + (7,000 − 6,216.16) × 0.16 = 624.6144; ISR(6,000.00): 207.75 + 2,462.84 × 0.1088 = 475.706992
    //   withheld 148.907408 → 148.91 (the tariff on the bonus alone gives 45.28).
    expect(isrArt96Accumulated(october, '1000.00', '6000.00', 'de prueba', { period: quincena }).isr).toBe('148.91');
    // 320.00 × 15 = 4,800.00 (within the cap 5,670.72 of 15 days: subsidio 535.65 × 15 ÷ 30.4 = 264.30); a 500.00 bonus keeps it:
    //   ISR(5,300.00) = 207.75 + 1,762.84 × 0.1088 = 399.546992; ISR(4,800.00) = 207.75 + 1,262.84 × 0.1088 = 345.146992
    //   withheld (399.546992 − 264.30) − (345.146992 − 264.30) = 54.40.
    expect(isrArt96Accumulated(october, '500.00', '4800.00', 'de prueba', { period: quincena }).isr).toBe('54.40');
    // A minimum-wage worker: ordinary 0 and no subsidy: the tariff on the bonus, (1,000 − 416.71) × 6.40 % + 7.95 = 45.28056 → 45.28.
    expect(isrArt96Accumulated(october, '1000.00', '0', 'de prueba', { period: quincena, subsidy: false }).isr).toBe('45.28');
  });

  it('the cap is annual: once used up nothing more is exempt, and never negative', () => {
    // Hired 2026-03-22: 10 + 275 = 285 days; 400.00 × 15 × 285 ÷ 365 = 4,684.931506… → 4,684.93
    // Used 11.33 → exempt 3,519.30 − 11.33 = 3,507.97; taxable 4,684.93 − 3,507.97 = 1,176.96; ISR 128.05 (see art. 174 above).
    expect(aguinaldo(SETS, { ...base, hireDate: '2026-03-22', monthlyOrdinaryIncome: '12500.00', exemptUsedThisYear: '11.33' })).toMatchObject({
      daysInYear: 285,
      amount: '4684.93',
      exempt: '3507.97',
      taxable: '1176.96',
      isrArt174: '128.05',
    });
    // Used more than 30 UMA already: nothing exempt.
    expect(aguinaldo(SETS, { ...base, exemptUsedThisYear: '4000.00' })).toMatchObject({ exempt: '0.00', taxable: '6000.00' });
  });

  it('a minimum-wage worker: the legal minimum (15 days) is exempt (art. 93 fr. I); days beyond it use the 30 UMA cap and are taxed', () => {
    // 315.04 × 15 = 4,725.60, all within the legal minimum: exempt, no ISR.
    expect(aguinaldo(SETS, { ...base, dailySalary: '315.04' })).toMatchObject({ amount: '4725.60', exempt: '4725.60', taxable: '0.00', isrArt174: '0.00' });
    // 30 days: 315.04 × 30 = 9,451.20; fr. I 4,725.60 + fr. XIV 3,519.30 = 8,244.90 exempt; taxable 1,206.30.
    // Monthly ordinary 315.04 × 30.4 = 9,577.216 (not rounded); + M (100.47…) stays in the 10.88 % row:
    // ISR = 1,206.30 × 0.1088 = 131.24544 → 131.25
    expect(aguinaldo(SETS, { ...base, dailySalary: '315.04', aguinaldoDays: '30' })).toMatchObject({
      amount: '9451.20',
      exempt: '8244.90',
      taxable: '1206.30',
      isrArt174: '131.25',
    });
  });

  it('January uses the UMA still in force (2025: 113.14); a hire date after the payment date and a year without tables are refused', () => {
    // Paid 2026-01-10, full year 2026 counted: 6,000.00; 30 × 113.14 = 3,394.20 exempt.
    expect(aguinaldo(SETS, { ...base, paymentDate: '2026-01-10' }).exempt).toBe('3394.20');
    expect(fieldsOf(() => aguinaldo(SETS, { ...base, hireDate: '2026-12-20' }))).toEqual({ hireDate: BENEFIT_MSG.hireAfterPayment });
    expect(() => aguinaldo(SETS, { ...base, paymentDate: '2031-12-15' })).toThrow(/2031/);
    try {
      aguinaldo(SETS, { ...base, paymentDate: '2031-12-15' });
    } catch (err) {
      expect(isFiscalError(err, 'missing-year')).toBe(true);
    }
  });
});

describe('vacaciones y prima vacacional', () => {
  it('LFT art. 76 (2023): 12, 14, 16, 18, 20, then +2 every 5 years', () => {
    const days = [1, 2, 3, 4, 5, 6, 10, 11, 15, 16, 20, 21, 30, 31, 35, 36].map((y) => vacationDaysFor(Y2026, y));
    expect(days).toEqual([12, 14, 16, 18, 20, 22, 22, 24, 24, 26, 26, 28, 30, 32, 32, 34]);
  });

  it('a company granting 30 % in its fiscal year: the payroll takes it; a minimum-wage worker has only the legal 25 % exempt by fr. I', () => {
    const generous = SETS.map((set) => ({ ...set, vacationPremiumPercent: '30' }));
    // 1 year: 12 days. 500.00 × 12 = 6,000.00; prima 6,000.00 × 30 % = 1,800.00; exempt 15 × 117.31 = 1,759.65; taxable 40.35.
    expect(vacation(generous, { dailySalary: '500.00', yearsOfServiceCompleted: 1, primaExemptUsedThisYear: '0.00', paymentDate: '2026-07-01' })).toMatchObject({
      vacationDays: 12,
      vacationPay: '6000.00',
      primaVacacional: '1800.00',
      primaExempt: '1759.65',
      primaTaxable: '40.35',
    });
    // Minimum wage 315.04 × 12 = 3,780.48; prima 30 % = 1,134.144 → 1,134.14. Within the legal minimum (art. 80 LFT, 25 %):
    // 3,780.48 × 25 % = 945.12, exempt by art. 93 fr. I; the 15 UMA of the year already used: 1,134.14 − 945.12 = 189.02 taxable.
    expect(vacation(generous, { dailySalary: '315.04', yearsOfServiceCompleted: 1, primaExemptUsedThisYear: '1759.65', paymentDate: '2026-07-01', wageZone: 'general' })).toMatchObject({
      primaVacacional: '1134.14',
      primaExempt: '945.12',
      primaTaxable: '189.02',
    });
  });

  it('3 years: 16 days; prima 25 % on the unrounded pay; 15 UMA exempt', () => {
    // 500.00 × 16 = 8,000.00; prima 8,000.00 × 25 % = 2,000.00; 15 × 117.31 = 1,759.65 exempt; taxable 240.35
    expect(vacation(SETS, { dailySalary: '500.00', yearsOfServiceCompleted: 3, primaRate: '25', primaExemptUsedThisYear: '0.00', paymentDate: '2026-07-01' })).toMatchObject({
      vacationDays: 16,
      vacationPay: '8000.00',
      primaVacacional: '2000.00',
      primaExempt: '1759.65',
      primaTaxable: '240.35',
    });
  });

  it('7 years: 22 days; a rate as a fraction (0.30); January UMA; the annual cap less what was used', () => {
    // 333.33 × 22 = 7,333.26; × 30 % = 2,199.978 → 2,199.98
    // January 2026: UMA 113.14 → 15 × 113.14 = 1,697.10 − 1,000.00 used = 697.10 exempt; taxable 2,199.98 − 697.10 = 1,502.88
    expect(vacation(SETS, { dailySalary: '333.33', yearsOfServiceCompleted: 7, primaRate: '0.30', primaExemptUsedThisYear: '1000.00', paymentDate: '2026-01-20' })).toMatchObject({
      vacationDays: 22,
      vacationPay: '7333.26',
      primaVacacional: '2199.98',
      primaExempt: '697.10',
      primaTaxable: '1502.88',
    });
  });

  it('refuses less than a completed year and a prima under 25 %', () => {
    expect(primaPercentOf('0.25')?.toString()).toBe('25');
    expect(primaPercentOf('20')).toBeNull();
    expect(fieldsOf(() => vacation(SETS, { dailySalary: '500.00', yearsOfServiceCompleted: 0, primaRate: '20', primaExemptUsedThisYear: '0', paymentDate: '2026-07-01' }))).toEqual({
      yearsOfServiceCompleted: BENEFIT_MSG.vacationYears,
      primaRate: BENEFIT_MSG.primaRate,
    });
  });
});

describe('finiquito y liquidación', () => {
  const resignation: SeparationInput = {
    kind: 'RENUNCIA',
    hireDate: '2023-03-16',
    separationDate: '2026-09-15',
    dailySalary: '400.00',
    salaryOwedDays: '15',
    pendingVacationDaysFromPastYears: '4',
    aguinaldoExemptUsedThisYear: '0.00',
    primaVacacionalExemptUsedThisYear: '0.00',
    twentyDaysPerYear: false,
  };

  const dismissal: SeparationInput = {
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

  it('resignation with 3 years: finiquito only (no indemnity, no prima de antigüedad under 15 years)', () => {
    // Salary 400.00 × 15 = 6,000.00
    // Aguinaldo: 2026-01-01 → 2026-09-15 = 258 days; 400.00 × 15 × 258 ÷ 365 = 4,241.095890… → 4,241.10; exempt 3,519.30
    // Running (4th) year 2026-03-16 → 2026-09-15 = 184 days, 18 days/year:
    //   vacations = 400.00 × (4 + 18 × 184 ÷ 365) = 1,600 + 3,629.589041… = 5,229.589041… → 5,229.59
    //   prima = 5,229.589041… × 25 % = 1,307.397260… → 1,307.40 (all exempt: under 1,759.65)
    // Total 6,000.00 + 4,241.10 + 5,229.59 + 1,307.40 = 16,778.09; exempt 3,519.30 + 1,307.40 = 4,826.70; taxable 11,951.39
    expect(separation(SETS, resignation)).toMatchObject({
      salaryOwed: '6000.00',
      aguinaldoProp: '4241.10',
      vacations: '5229.59',
      primaVacacional: '1307.40',
      indemnizacion3Meses: '0.00',
      veinteDiasPorAnio: '0.00',
      primaAntiguedad: '0.00',
      separationTotal: '0.00',
      exemptAguinaldo: '3519.30',
      exemptPrimaVacacional: '1307.40',
      exemptSeparation: '0.00',
      exemptTotal: '4826.70',
      taxableTotal: '11951.39',
      taxableSeparation: '0.00',
      isrArt95: '0.00',
      total: '16778.09',
    });
  });

  it('unjustified dismissal after 7 years 8 months with art. 50: 90 days, 20 days/year, prima de antigüedad capped at 2 minimum wages, fr. XIII and art. 95', () => {
    // Hired 2018-06-01, out 2026-02-10 (UMA 117.31 from 1 February; minimum wage 315.04). Completed 7; running 2025-06-01 → 2026-02-10 = 255 days.
    // Salary 600.00 × 10 = 6,000.00
    // Aguinaldo 2026-01-01 → 02-10 = 41 days: 600 × 15 × 41 ÷ 365 = 1,010.958904… → 1,010.96, all exempt
    // Running (8th) year: 22 days. Vacations 600 × (6 + 22 × 255 ÷ 365) = 3,600 + 9,221.917808… = 12,821.917808… → 12,821.92
    // Prima 12,821.917808… × 25 % = 3,205.479452… → 3,205.48; exempt 1,759.65 − 500.00 used = 1,259.65; taxable 1,945.83
    // Integrated: 600 × (1 + (15 + 22 × 25 %) ÷ 365) = 600 × 1.056164383… = 633.698630… → 633.70
    // 90 days: 633.70 × 90 = 57,033.00
    // 20 days/year: 633.70 × 20 × (7 + 255 ÷ 365) = 12,674 × 7.698630… = 97,572.438356… → 97,572.44
    // Prima de antigüedad: min(max(633.70, 315.04), 630.08) = 630.08; × 12 × 7.698630… = 58,209.034520… → 58,209.03
    // Separation total 57,033.00 + 97,572.44 + 58,209.03 = 212,814.47
    // Exempt: 7 y 8 m → 8 years; 90 × 117.31 × 8 = 84,463.20; taxable 128,351.27; ISR art. 95 = 14,127.93 (see above)
    // Total 6,000.00 + 1,010.96 + 12,821.92 + 3,205.48 + 212,814.47 = 235,852.83
    // Exempt 1,010.96 + 1,259.65 + 84,463.20 = 86,733.81; taxable 235,852.83 − 86,733.81 = 149,119.02
    const r = separation(SETS, dismissal);
    expect(r).toMatchObject({
      salaryOwed: '6000.00',
      aguinaldoProp: '1010.96',
      vacations: '12821.92',
      primaVacacional: '3205.48',
      indemnizacion3Meses: '57033.00',
      veinteDiasPorAnio: '97572.44',
      primaAntiguedad: '58209.03',
      separationTotal: '212814.47',
      exemptAguinaldo: '1010.96',
      exemptPrimaVacacional: '1259.65',
      exemptSeparation: '84463.20',
      exemptTotal: '86733.81',
      taxableTotal: '149119.02',
      taxableSeparation: '128351.27',
      isrArt95: '14127.93',
      total: '235852.83',
    });
    expect(r.steps.find((s) => s.label.startsWith('Salario diario integrado'))?.amount).toBe('633.70');
    // Without art. 50 the 20 days are not paid; the rest stays.
    const without = separation(SETS, { ...dismissal, twentyDaysPerYear: false });
    expect([without.veinteDiasPorAnio, without.separationTotal]).toEqual(['0.00', '115242.03']); // 57,033.00 + 58,209.03
  });

  it('other regular pay integrates the salary for indemnities (art. 84): 600 × factor + 25.40 of variable part', () => {
    // Integrated 600 × 1.056164383… = 633.698630… + 25.40 = 659.098630… → 659.10 (rounded once, after the sum)
    // 90 days: 659.10 × 90 = 59,319.00; 20 days/year: 659.10 × 20 × (7 + 255 ÷ 365) = 13,182 × 7.698630… = 101,483.342465… → 101,483.34
    // Prima de antigüedad stays capped at 2 minimum wages: 630.08 × 12 × 7.698630… → 58,209.03
    const r = separation(SETS, { ...dismissal, otherDailyBenefits: '25.40' });
    expect([r.indemnizacion3Meses, r.veinteDiasPorAnio, r.primaAntiguedad]).toEqual(['59319.00', '101483.34', '58209.03']);
    expect(r.steps.find((s) => s.label.startsWith('Salario diario integrado'))).toEqual({
      label: 'Salario diario integrado para indemnizaciones = 600.00 × factor + 25.40 de otras percepciones regulares (parte variable del SBC en vigor; arts. 84 y 89 LFT)',
      amount: '659.10',
    });
  });

  it('resignation with 16 years: prima de antigüedad due on the integrated salary, all within the fr. XIII exemption', () => {
    // Hired 2010-01-15, out 2026-12-15: 16 completed, running 2026-01-15 → 12-15 = 335 days; 17th year: 26 vacation days.
    // Aguinaldo 349 days: 500 × 15 × 349 ÷ 365 = 7,171.232876… → 7,171.23; exempt 3,519.30
    // Vacations 500 × 26 × 335 ÷ 365 = 11,931.506849… → 11,931.51; prima × 25 % = 2,982.876712… → 2,982.88; exempt 1,759.65
    // Integrated 500 × (1 + (15 + 26 × 25 %) ÷ 365) = 529.452054… → 529.45 (between 315.04 and 630.08)
    // Prima de antigüedad 529.45 × 12 × (16 + 335 ÷ 365) = 107,485.602739… → 107,485.60
    // Exempt years 17 (2026-01-15 + 6 months ≤ 12-15): 90 × 117.31 × 17 = 179,484.30 ≥ 107,485.60 → all exempt, ISR 0
    // Total 7,171.23 + 11,931.51 + 2,982.88 + 107,485.60 = 129,571.22; exempt 3,519.30 + 1,759.65 + 107,485.60 = 112,764.55; taxable 16,806.67
    expect(
      separation(SETS, {
        ...resignation,
        hireDate: '2010-01-15',
        separationDate: '2026-12-15',
        dailySalary: '500.00',
        salaryOwedDays: '0',
        pendingVacationDaysFromPastYears: '0',
        twentyDaysPerYear: true, // ignored: no art. 50 indemnity on a resignation
      }),
    ).toMatchObject({
      aguinaldoProp: '7171.23',
      vacations: '11931.51',
      primaVacacional: '2982.88',
      veinteDiasPorAnio: '0.00',
      primaAntiguedad: '107485.60',
      exemptSeparation: '107485.60',
      taxableSeparation: '0.00',
      isrArt95: '0.00',
      exemptTotal: '112764.55',
      taxableTotal: '16806.67',
      total: '129571.22',
    });
  });

  it('dismissal of a part-time worker after one year: the prima de antigüedad salary is raised to the minimum wage; more than six months counts as a year', () => {
    // Hired 2025-06-01, out 2026-05-31: 0 completed, running 2025-06-01 → 2026-05-31 = 365 days → exactly 1 year of service; 1st year: 12 days.
    // Integrated 250.00 × (1 + (15 + 12 × 25 %) ÷ 365) = 262.328767… → 262.33 (under the minimum wage 315.04)
    // 90 days: 262.33 × 90 = 23,609.70. Prima de antigüedad on max(262.33, 315.04) = 315.04: 315.04 × 12 × 1 = 3,780.48
    // Separation 27,390.18; exempt years 0 + 1 (2025-06-01 + 6 months = 2025-12-01 ≤ 2026-05-31): 90 × 117.31 = 10,557.90; taxable 16,832.28
    // USMO 250.00 × 30.4 = 7,600.00: 420.95 + (7,600.00 − 7,168.52) × 10.88 % = 467.895024 → 467.90;
    // ISR = 16,832.28 × 467.90 ÷ 7,600.00 = 1,036.292606… → 1,036.29
    // Under the minimum wage, aguinaldo (250 × 15 × 151 ÷ 365 = 1,551.369863… → 1,551.37) and prima (250 × 12 × 25 % = 750.00)
    // are within the legal minimum: exempt by art. 93 fr. I whatever the caps. Vacations 250 × 12 = 3,000.00.
    // Total 1,551.37 + 3,000.00 + 750.00 + 27,390.18 = 32,691.55; exempt 1,551.37 + 750.00 + 10,557.90 = 12,859.27; taxable 19,832.28
    expect(
      separation(SETS, { ...dismissal, hireDate: '2025-06-01', separationDate: '2026-05-31', dailySalary: '250.00', salaryOwedDays: '0', pendingVacationDaysFromPastYears: '0', primaVacacionalExemptUsedThisYear: '0', twentyDaysPerYear: false }),
    ).toMatchObject({
      aguinaldoProp: '1551.37',
      vacations: '3000.00',
      primaVacacional: '750.00',
      indemnizacion3Meses: '23609.70',
      primaAntiguedad: '3780.48',
      separationTotal: '27390.18',
      exemptAguinaldo: '1551.37',
      exemptPrimaVacacional: '750.00',
      exemptSeparation: '10557.90',
      taxableSeparation: '16832.28',
      isrArt95: '1036.29',
      exemptTotal: '12859.27',
      taxableTotal: '19832.28',
      total: '32691.55',
    });
  });

  it('refuses a separation date before the hire date', () => {
    expect(fieldsOf(() => separation(SETS, { ...resignation, separationDate: '2023-03-15' }))).toEqual({ separationDate: BENEFIT_MSG.separationBeforeHire });
  });
});

describe('PTU', () => {
  it('half by days, half by salary, rounded once per worker; capped at the larger of 90 days or the 3-year average; 15 UMA exempt', () => {
    // 100,000.00 → 50,000 by days, 50,000 by salary. Days 365 + 200 + 365 = 930.
    // Salaries: A 300 × 365 = 109,500; B 600 × 200 = 120,000; C 400 × 365 = 146,000; total 375,500.
    // A: 50,000 × 365 ÷ 930 = 19,623.655913… + 50,000 × 109,500 ÷ 375,500 = 14,580.559254… = 34,204.215168… → 34,204.22
    //    cap max(90 × 300 = 27,000.00, 0) → paid 27,000.00; exempt 15 × 117.31 = 1,759.65; taxable 25,240.35
    // B: 50,000 × 200 ÷ 930 = 10,752.688172… + 50,000 × 120,000 ÷ 375,500 = 15,978.695073… = 26,731.383245… → 26,731.38 (cap 54,000.00)
    // C: 19,623.655913… + 50,000 × 146,000 ÷ 375,500 = 19,440.745672… = 39,064.401586… → 39,064.40
    //    cap max(90 × 400 = 36,000.00, average 37,000.00) = 37,000.00 → paid 37,000.00; taxable 35,240.35
    const r = ptu(SETS, {
      amount: '100000.00',
      paymentDate: '2026-05-20',
      workers: [
        { key: 'A', dailySalary: '300.00', daysWorked: 365, averageLastThreeYears: '0' },
        { key: 'B', dailySalary: '600.00', daysWorked: 200 },
        { key: 'C', dailySalary: '400.00', daysWorked: 365, averageLastThreeYears: '37000.00' },
      ],
    });
    expect(r.workers.map(({ steps, ...w }) => (expect(steps.length).toBeGreaterThan(5), w))).toEqual([
      { key: 'A', salaryCounted: '109500.00', daysPart: '19623.66', salaryPart: '14580.56', share: '34204.22', cap: '27000.00', paid: '27000.00', exempt: '1759.65', taxable: '25240.35' },
      { key: 'B', salaryCounted: '120000.00', daysPart: '10752.69', salaryPart: '15978.70', share: '26731.38', cap: '54000.00', paid: '26731.38', exempt: '1759.65', taxable: '24971.73' },
      { key: 'C', salaryCounted: '146000.00', daysPart: '19623.66', salaryPart: '19440.75', share: '39064.40', cap: '37000.00', paid: '37000.00', exempt: '1759.65', taxable: '35240.35' },
    ]);
    expect(r.steps.length).toBeGreaterThan(5);
  });

  it('takes the salary of the year when given and the 15 UMA less the exemption the year already used', () => {
    // 10,000.00: 5,000 by days (365 each: 2,500.00 each) and 5,000 by salary. A's salary of the year is given: 100,000.00;
    // B's 500 × 365 = 182,500.00; total 282,500.00. A: 2,500 + 5,000 × 100,000 ÷ 282,500 = 1,769.911504… → 4,269.91;
    // exempt = min(4,269.91, 1,759.65 − 1,000.00 already used) = 759.65; taxable 3,510.26.
    // B: 2,500 + 5,000 × 182,500 ÷ 282,500 = 3,230.088496… → 5,730.09; exempt 1,759.65; taxable 3,970.44.
    const r = ptu(SETS, {
      amount: '10000.00',
      paymentDate: '2026-05-20',
      workers: [
        { key: 'A', dailySalary: '300.00', daysWorked: 365, salaryOfYear: '100000.00', exemptUsedThisYear: '1000.00' },
        { key: 'B', dailySalary: '500.00', daysWorked: 365 },
      ],
    });
    expect(r.workers.map((w) => [w.key, w.paid, w.exempt, w.taxable])).toEqual([
      ['A', '4269.91', '759.65', '3510.26'],
      ['B', '5730.09', '1759.65', '3970.44'],
    ]);
  });

  it("caps a confidence worker's salary at the best-paid non-confidence worker's daily salary + 20 % × days (art. 127 fr. II), never above what they earned", () => {
    // 10,000.00: 5,000 by days (5 × 365 = 1,825 days: 1,000.00 each) and 5,000 by salary.
    // Reference: the best-paid worker who is not de confianza, A at 400.00 (B earns 300.00) → tope 400 × 1.2 = 480.00 a day.
    // Salaries counted: A 400 × 365 = 146,000; B 300 × 365 = 109,500;
    //   T1 (confianza, 1,000.00 > 480): 480 × 365 = 175,200 (not 365,000);
    //   T2 (confianza, 450.00 ≤ 480): not capped, 450 × 365 = 164,250;
    //   T3 (confianza, 900.00 > 480, but earned 100,000.00 in the year): min(100,000, 480 × 365 = 175,200) = 100,000.
    // Σ = 146,000 + 109,500 + 175,200 + 164,250 + 100,000 = 694,950.
    // A: 1,000 + 5,000 × 146,000 ÷ 694,950 = 1,050.435283… → 2,050.44;  B: 1,000 + 787.826462… → 1,787.83
    // T1: 1,000 + 5,000 × 175,200 ÷ 694,950 = 1,260.522339… → 2,260.52;  T2: 1,000 + 1,181.739693… → 2,181.74
    // T3: 1,000 + 5,000 × 100,000 ÷ 694,950 = 719.476221… → 1,719.48.
    const r = ptu(SETS, {
      amount: '10000.00',
      paymentDate: '2026-05-20',
      workers: [
        { key: 'A', dailySalary: '400.00', daysWorked: 365 },
        { key: 'B', dailySalary: '300.00', daysWorked: 365, trustWorker: false },
        { key: 'T1', dailySalary: '1000.00', daysWorked: 365, trustWorker: true },
        { key: 'T2', dailySalary: '450.00', daysWorked: 365, trustWorker: true },
        { key: 'T3', dailySalary: '900.00', daysWorked: 365, salaryOfYear: '100000.00', trustWorker: true },
      ],
    });
    expect(r.workers.map((w) => [w.key, w.salaryCounted, w.paid])).toEqual([
      ['A', '146000.00', '2050.44'],
      ['B', '109500.00', '1787.83'],
      ['T1', '175200.00', '2260.52'],
      ['T2', '164250.00', '2181.74'],
      ['T3', '100000.00', '1719.48'],
    ]);
    expect(r.steps).toContainEqual({ label: 'Suma de salarios del año (cuota diaria, art. 124 LFT)', amount: '694950.00' });
    expect(r.workers[2].steps).toContainEqual({
      label: 'T1: trabajador de confianza; su salario diario 1000.00 excede el tope (400.00 de A, el mejor pagado de quienes no son de confianza, + 20 % = 480.00): salario del año topado = 480.00 × 365 días, sin pasar de su salario del año 365000.00 (art. 127 fr. II LFT)',
      amount: '175200.00',
    });
    expect(r.workers[3].steps).toContainEqual({
      label: 'T2: trabajador de confianza; su salario diario 450.00 no excede el tope (400.00 de A, el mejor pagado de quienes no son de confianza, + 20 % = 480.00): su salario del año cuenta completo (art. 127 fr. II LFT)',
      amount: '164250.00',
    });
    expect(r.workers[0].steps.some((s) => s.label.includes('confianza'))).toBe(false);
    // Only confidence workers: no reference salary, nothing is capped (1,000.00 and 300.00 a day, 365 days each).
    // 1,000: 500 by days (250.00 each); 500 by salary: 365,000 and 109,500 of 474,500 → 384.615384… and 115.384615…
    const alone = ptu(SETS, {
      amount: '1000.00',
      paymentDate: '2026-05-20',
      workers: [
        { key: 'T1', dailySalary: '1000.00', daysWorked: 365, trustWorker: true },
        { key: 'T2', dailySalary: '300.00', daysWorked: 365, trustWorker: true },
      ],
    });
    expect(alone.workers.map((w) => [w.key, w.salaryCounted, w.paid])).toEqual([
      ['T1', '365000.00', '634.62'],
      ['T2', '109500.00', '365.38'],
    ]);
    expect(alone.workers[0].steps.find((s) => s.label.startsWith('T1: trabajador de confianza'))?.label).toBe(
      'T1: trabajador de confianza; nadie en el reparto deja de serlo: sin salario de referencia, su salario del año cuenta completo (art. 127 fr. II LFT)',
    );
  });

  it('refuses repeated keys and a distribution without days', () => {
    expect(
      fieldsOf(() =>
        ptu(SETS, { amount: '1000.00', paymentDate: '2026-05-20', workers: [{ key: 'A', dailySalary: '300', daysWorked: 0 }, { key: 'A', dailySalary: '300', daysWorked: 0 }] }),
      ),
    ).toEqual({ 'workers.1.key': BENEFIT_MSG.ptuKeyRepeated, workers: BENEFIT_MSG.ptuNoDays });
  });
});
