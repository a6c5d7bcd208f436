// Employer IMSS, SAR and INFONAVIT quotas against figures worked out by hand
// from MX_FISCAL.md «Employer quotas» 2026 (arithmetic in the comments). The
// rates are the shipped data (fiscal-tables/2026.json, employerQuotas).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENEFIT_MSG, CalculatorInputError } from '../../../schema/rh/benefits';
import { cesantiaVejezRate, employerCost, type EmployerQuotaSet } from '../../../schema/rh/employerQuotas';
import { isFiscalError, type FiscalYearSet } from '../../../schema/rh/fiscal';

type Shipped = FiscalYearSet & { employerQuotas?: EmployerQuotaSet };
const load = (year: number): Shipped => JSON.parse(readFileSync(new URL(`../../../server/modules/rh/fiscal-tables/${year}.json`, import.meta.url), 'utf8'));
const Y2025 = load(2025);
const Y2026 = load(2026);
const SETS = [Y2025, Y2026];
const QUOTAS = [Y2026.employerQuotas!];

describe('employer quotas 2026', () => {
  it('ships the 2026 rates of MX_FISCAL.md as data, and none for 2025', () => {
    expect(Y2026.employerQuotas!.rates).toEqual({
      emCuotaFija: '20.40',
      emExcedente: '1.10',
      emPrestacionesDinero: '0.70',
      emGastosMedicosPensionados: '1.05',
      invalidezVida: '1.75',
      guarderiasPrestacionesSociales: '1.00',
      retiro: '2.00',
      infonavit: '5.00',
    });
    expect(Y2026.employerQuotas!.cesantiaVejez.bands.map((b) => b.rate)).toEqual(['3.676', '4.851', '5.556', '6.026', '6.361', '6.613', '7.513']);
    expect(Y2025.employerQuotas).toBeUndefined();
  });

  it('SBC 500.00 × 15 days in June 2026: every branch rounded on its own, the total their sum', () => {
    // UMA 117.31; 500 × 15 = 7,500
    // cuota fija 20.40 % × 117.31 × 15 = 358.9686 → 358.97
    // excedente 1.10 % × (500 − 3 × 117.31 = 148.07) × 15 = 24.43155 → 24.43
    // dinero 0.70 % × 7,500 = 52.50; pensionados 1.05 % = 78.75; invalidez y vida 1.75 % = 131.25; guarderías 1.00 % = 75.00
    // riesgo 0.54355 % × 7,500 = 40.76625 → 40.77; retiro 2 % = 150.00; INFONAVIT 5 % = 375.00
    // cesantía: 500 ÷ 117.31 = 4.26 UMA → "4.01 y más" 7.513 % × 7,500 = 563.475 → 563.48 (half-up)
    // total 358.97 + 24.43 + 52.50 + 78.75 + 131.25 + 75.00 + 40.77 + 150.00 + 563.48 + 375.00 = 1,850.15
    const r = employerCost(SETS, QUOTAS, { paymentDate: '2026-06-15', sbcDaily: '500.00', days: 15, riskPremiumPercent: '0.54355' });
    expect(r).toMatchObject({
      emCuotaFija: '358.97',
      emExcedente: '24.43',
      emPrestacionesDinero: '52.50',
      emGastosMedicosPensionados: '78.75',
      invalidezVida: '131.25',
      guarderiasPrestacionesSociales: '75.00',
      riesgoTrabajo: '40.77',
      retiro: '150.00',
      cesantiaVejez: '563.48',
      infonavit: '375.00',
      total: '1850.15',
      cesantiaVejezRate: '7.513',
    });
    expect(r.steps.at(-1)).toEqual({ label: 'Total cuotas patronales (suma de las ramas redondeadas)', amount: '1850.15' });
  });

  it('SBC equal to the minimum wage (315.04) for 31 days: 3.150 % cesantía, no excedente', () => {
    // 315.04 × 31 = 9,766.24. Cuota fija 20.40 % × 117.31 × 31 = 741.86844 → 741.87; excedente 0 (315.04 < 351.93)
    // dinero 0.70 % = 68.36368 → 68.36; pensionados 1.05 % = 102.54552 → 102.55; invalidez 1.75 % = 170.9092 → 170.91
    // guarderías 1 % = 97.6624 → 97.66; riesgo 0.50 % = 48.8312 → 48.83; retiro 2 % = 195.3248 → 195.32
    // cesantía 3.150 % = 307.63656 → 307.64; INFONAVIT 5 % = 488.312 → 488.31
    // total 741.87 + 0 + 68.36 + 102.55 + 170.91 + 97.66 + 48.83 + 195.32 + 307.64 + 488.31 = 2,221.45
    expect(employerCost(SETS, QUOTAS, { paymentDate: '2026-03-31', sbcDaily: '315.04', days: 31, riskPremiumPercent: '0.50' })).toMatchObject({
      emCuotaFija: '741.87',
      emExcedente: '0.00',
      emPrestacionesDinero: '68.36',
      emGastosMedicosPensionados: '102.55',
      invalidezVida: '170.91',
      guarderiasPrestacionesSociales: '97.66',
      riesgoTrabajo: '48.83',
      retiro: '195.32',
      cesantiaVejez: '307.64',
      infonavit: '488.31',
      total: '2221.45',
      cesantiaVejezRate: '3.150',
    });
  });

  it('January 2026: the 2026 rates with the 2025 UMA (113.14); the SBC capped at 25 UMA', () => {
    // Cap 25 × 113.14 = 2,828.50 (3,500.00 captured). 31 days.
    // cuota fija 20.40 % × 113.14 × 31 = 715.49736 → 715.50; excedente 1.10 % × (2,828.50 − 339.42) × 31 = 848.77628 → 848.78
    // cesantía 7.513 % × 2,828.50 × 31 = 6,587.661355 → 6,587.66; INFONAVIT 5 % × 87,683.50 = 4,384.175 → 4,384.18
    expect(employerCost(SETS, QUOTAS, { paymentDate: '2026-01-31', sbcDaily: '3500.00', days: 31, riskPremiumPercent: '0.54355' })).toMatchObject({
      sbc: '2828.50',
      emCuotaFija: '715.50',
      emExcedente: '848.78',
      cesantiaVejez: '6587.66',
      infonavit: '4384.18',
    });
  });

  it('cesantía y vejez band: the first upper limit (UMA) at or above SBC ÷ UMA; a gap between rows goes up', () => {
    const q = Y2026.employerQuotas!;
    // 2026: UMA 117.31, minimum wage 315.04 (2.69 UMA). 3.00 UMA = 351.93 → 6.026 %; 351.94 (3.00008 UMA) → 6.361 %; 316.00 (2.69 UMA) → 6.026 %.
    expect(cesantiaVejezRate(q, '351.93', '117.31', '315.04').rate).toBe('6.026');
    expect(cesantiaVejezRate(q, '351.94', '117.31', '315.04')).toEqual({ rate: '6.361', band: '3.01 UMA a 3.50 UMA', gap: true }); // 3.00008 UMA: between the printed rows
    expect(cesantiaVejezRate(q, '353.10', '117.31', '315.04').gap).toBe(true); // 3.01 × 117.31 = 353.1031 > 353.10
    expect(cesantiaVejezRate(q, '353.11', '117.31', '315.04').gap).toBe(false);
    expect(cesantiaVejezRate(q, '316.00', '117.31', '315.04').rate).toBe('6.026');
    // The lower bands with an illustrative UMA of 200.00 and minimum wage 150.00:
    // 300 = 1.5 UMA → 3.676; 300.01 → 4.851; 400 = 2.0 → 4.851; 500 = 2.5 → 5.556; 800 = 4.0 → 6.613; 800.01 → 7.513; 150 = 1 SM → 3.150
    expect(['300.00', '300.01', '400.00', '500.00', '800.00', '800.01', '150.00'].map((sbc) => cesantiaVejezRate(q, sbc, '200.00', '150.00').rate)).toEqual([
      '3.676',
      '4.851',
      '4.851',
      '5.556',
      '6.613',
      '7.513',
      '3.150',
    ]);
  });

  it('refuses an SBC under the minimum wage, a risk premium outside 0.50–15 %, and a year without employer rates', () => {
    let fields: Record<string, string> = {};
    try {
      employerCost(SETS, QUOTAS, { paymentDate: '2026-06-15', sbcDaily: '300.00', days: 15, riskPremiumPercent: '0.40' });
    } catch (err) {
      if (err instanceof CalculatorInputError) fields = err.fields;
    }
    expect(fields).toEqual({ sbcDaily: BENEFIT_MSG.sbcBelowMinimum('315.04'), riskPremiumPercent: BENEFIT_MSG.riskPremiumRange('0.50', '15') });
    let missing: unknown = null;
    try {
      employerCost(SETS, QUOTAS, { paymentDate: '2025-06-15', sbcDaily: '500.00', days: 15, riskPremiumPercent: '0.54355' });
    } catch (err) {
      missing = err;
    }
    expect(isFiscalError(missing, 'missing-employer-quotas')).toBe(true);
  });
});
