// Convenio discount methods (issue 27): the period amount of each method, the pensión base, the cap
// to the net, the validation per kind, and how calculateEmployee posts them. Figures by hand.
import { describe, expect, it } from 'vitest';
import { capToNet, discountIssues, DISCOUNT_MSG, pensionBase, periodDiscount, type PeriodDiscountInput } from '../../../schema/rh/agreementDiscounts';
import { calculateEmployee, type EmployeeCalcInput, type TaxOutcome } from '../../../schema/rh/payroll';

const UMA_2026 = '117.31';
const input = (over: Partial<PeriodDiscountInput>): PeriodDiscountInput => ({
  method: 'factor',
  kind: 'infonavit',
  folio: 7,
  rate: null,
  monthly: null,
  periodDays: 15,
  imssDays: 15,
  sbcDaily: '0',
  umaDaily: UMA_2026,
  pensionBase: '0',
  ...over,
});

describe('period amount per method', () => {
  it('INFONAVIT factor: factor × UMA ÷ 30.4 × period days', () => {
    // 25 × 117.31 = 2932.75 monthly; ÷ 30.4 = 96.472039…; × 15 = 1447.0806 → 1447.08
    const q = periodDiscount(input({ rate: '25' }));
    expect(q.amount).toBe('1447.08');
    expect(q.trace).toEqual([{ label: 'Convenio 7: factor 25 × UMA diaria 117.31 ÷ 30.4 × 15 días del periodo (la UMA sustituye a la UMI de INFONAVIT)', amount: '1447.08' }]);
    // weekly: 96.472039… × 7 = 675.3043 → 675.30
    expect(periodDiscount(input({ rate: '25', periodDays: 7 })).amount).toBe('675.30');
  });

  it('INFONAVIT porcentaje: % × SBC × IMSS days (absences lower it)', () => {
    // 20 % × 400.00 × 15 = 1200.00; with 14 paid days 0.2 × 400 × 14 = 1120.00
    expect(periodDiscount(input({ method: 'porcentaje', rate: '20', sbcDaily: '400.00' })).amount).toBe('1200.00');
    const r = periodDiscount(input({ method: 'porcentaje', rate: '20', sbcDaily: '400.00', imssDays: 14 }));
    expect(r).toEqual({ amount: '1120.00', trace: [{ label: 'Convenio 7: 20 % × SBC diario 400.00 × 14 días cotizados', amount: '1120.00' }] });
  });

  it('cuota fija: monthly ÷ 30.4 × period days, whatever the absences', () => {
    // 1500 ÷ 30.4 = 49.342105…; × 15 = 740.1316 → 740.13; × 7 = 345.3947 → 345.39
    expect(periodDiscount(input({ method: 'cuota_fija', monthly: '1500.00', imssDays: 10 })).amount).toBe('740.13');
    expect(periodDiscount(input({ method: 'cuota_fija', monthly: '1500.00', periodDays: 7 })).amount).toBe('345.39');
  });

  it('pensión alimenticia: % of perceptions − ISR − IMSS withheld, the base in the trace', () => {
    // 7500.00 − 650.00 − 180.00 = 6670.00; 20 % = 1334.00
    expect(pensionBase('7500.00', '650.00', '180.00')).toBe('6670.00');
    expect(periodDiscount(input({ method: 'porcentaje', kind: 'pension_alimenticia', rate: '20', pensionBase: '6670.00' }))).toEqual({
      amount: '1334.00',
      trace: [
        { label: 'Convenio 7: base de la pensión = percepciones − ISR retenido − IMSS retenido', amount: '6670.00' },
        { label: 'Convenio 7: 20 % de la base', amount: '1334.00' },
      ],
    });
    // 12.5 % of 6670.00 = 833.75
    expect(periodDiscount(input({ method: 'porcentaje', kind: 'pension_alimenticia', rate: '12.5', pensionBase: '6670.00' })).amount).toBe('833.75');
  });

  it('caps to the net left and says so; never below zero', () => {
    expect(capToNet('500.00', '800.00', 3)).toEqual({ amount: '500.00', trace: [] });
    expect(capToNet('1334.00', '1000.00', 3)).toEqual({ amount: '1000.00', trace: [{ label: 'Convenio 3: limitado al neto disponible; no se descontaron 334.00 para no dejar el neto negativo', amount: '1000.00' }] });
    expect(capToNet('100.00', '-20.00', 3).amount).toBe('0.00');
  });
});

describe('validation per kind and method', () => {
  it('accepts each method with its own fields', () => {
    expect(discountIssues({ kind: 'infonavit', method: 'factor', rate: '25.4520', total: null, installment: null })).toEqual({});
    expect(discountIssues({ kind: 'infonavit', method: 'porcentaje', rate: '20', total: '', installment: '' })).toEqual({});
    expect(discountIssues({ kind: 'infonavit', method: 'cuota_fija', rate: null, total: null, installment: '1500.00' })).toEqual({});
    expect(discountIssues({ kind: 'pension_alimenticia', method: 'porcentaje', rate: '100', total: null, installment: null })).toEqual({});
    expect(discountIssues({ kind: 'prestamo', method: 'monto', rate: null, total: '1000', installment: '100' })).toEqual({});
  });

  it('refuses what a method does not take or lacks, in Spanish', () => {
    expect(discountIssues({ kind: 'prestamo', method: 'porcentaje', rate: '10', total: null, installment: null })).toEqual({ method: DISCOUNT_MSG.method });
    expect(discountIssues({ kind: 'pension_alimenticia', method: 'factor', rate: '10', total: null, installment: null })).toEqual({ method: DISCOUNT_MSG.method });
    expect(discountIssues({ kind: 'infonavit', method: 'factor', rate: null, total: null, installment: null })).toEqual({ rate: 'Captura el factor de descuento del aviso de retención.' });
    expect(discountIssues({ kind: 'infonavit', method: 'factor', rate: '0', total: null, installment: null })).toEqual({ rate: 'El factor debe ser mayor que cero.' });
    expect(discountIssues({ kind: 'pension_alimenticia', method: 'porcentaje', rate: '0', total: null, installment: null })).toEqual({ rate: 'El porcentaje debe ser mayor que 0 y no mayor que 100.' });
    expect(discountIssues({ kind: 'pension_alimenticia', method: 'porcentaje', rate: '100.01', total: null, installment: null })).toEqual({ rate: DISCOUNT_MSG.percentRange });
    expect(discountIssues({ kind: 'pension_alimenticia', method: 'porcentaje', rate: '-5', total: null, installment: null })).toEqual({ rate: DISCOUNT_MSG.percentRange });
    expect(discountIssues({ kind: 'infonavit', method: 'factor', rate: '1.23456', total: null, installment: null })).toEqual({ rate: 'Máximo 4 decimales.' });
    expect(discountIssues({ kind: 'infonavit', method: 'porcentaje', rate: '20', total: '5000', installment: null })).toEqual({ total: DISCOUNT_MSG.noTotal });
    expect(discountIssues({ kind: 'infonavit', method: 'cuota_fija', rate: '3', total: null, installment: null })).toEqual({ rate: DISCOUNT_MSG.noRate, installment: 'Captura la cuota fija mensual en pesos.' });
    expect(discountIssues({ kind: 'fonacot', method: 'monto', rate: null, total: null, installment: '' })).toEqual({ total: 'Captura el total del convenio.', installment: 'Captura el abono por nómina.' });
  });
});

describe('calculateEmployee with convenios without total', () => {
  const tax =
    (outcome: Partial<TaxOutcome>) =>
    (): TaxOutcome => ({ tableYear: 2026, isr: '0.00', subsidy: '0.00', withheld: '0.00', imssEmployee: '0.00', steps: [{ label: 'paso', amount: '1.00' }], imssSteps: [], ...outcome });
  const base = (over: Partial<EmployeeCalcInput>): EmployeeCalcInput => ({
    dailySalary: '500.00',
    minimumWageOnly: false,
    daysWorked: '15',
    absences: '0',
    overtimeDoubleHours: '0',
    overtimeTripleHours: '0',
    periodDays: 15,
    umaDaily: UMA_2026,
    extras: [],
    agreements: [],
    tax: tax({}),
    ...over,
  });

  it('pensión first, then INFONAVIT, then the installments; the trace explains each', () => {
    const r = calculateEmployee(
      base({
        sbcDaily: '522.50',
        tax: tax({ isr: '650.00', withheld: '650.00', imssEmployee: '180.00' }),
        agreements: [
          { agreementId: 1, folio: 1, kind: 'prestamo', installment: '300.00', balance: '1000.00' },
          { agreementId: 2, folio: 2, kind: 'infonavit', method: 'factor', rate: '25', installment: null, balance: null },
          { agreementId: 3, folio: 3, kind: 'pension_alimenticia', method: 'porcentaje', rate: '20', installment: null, balance: null },
        ],
      }),
    );
    // perceptions 500 × 15 = 7500.00; pensión base 7500 − 650 − 180 = 6670.00 → 20 % = 1334.00
    // INFONAVIT 25 × 117.31 ÷ 30.4 × 15 = 1447.08; préstamo 300.00
    // deductions 650 + 180 + 1334 + 1447.08 + 300 = 3911.08; net 7500 − 3911.08 = 3588.92
    expect(r.lines.filter((l) => l.source === 'convenio').map((l) => [l.systemKey, l.agreementId, l.amount, l.description])).toEqual([
      ['CONVENIO_PENSION', 3, '1334.00', 'Convenio 3 (Pensión alimenticia)'],
      ['CONVENIO_INFONAVIT', 2, '1447.08', 'Convenio 2 (INFONAVIT)'],
      ['CONVENIO_PRESTAMO', 1, '300.00', 'Convenio 1 (Préstamo), saldo $1,000.00'],
    ]);
    expect(r).toMatchObject({ deductions: '3911.08', net: '3588.92' });
    expect(r.fiscalTrace.map((s) => s.amount)).toEqual(['1.00', '6670.00', '1334.00', '1447.08']);
  });

  it('an INFONAVIT porcentaje that would leave the net negative is capped to it', () => {
    const r = calculateEmployee(
      base({
        dailySalary: '100.00',
        sbcDaily: '104.52',
        tax: tax({ imssEmployee: '30.00' }),
        extras: [{ conceptId: 60, kind: 'deduccion', taxableRule: 'gravado', exemptUma: null, amount: '1000', description: 'Adeudo' }],
        agreements: [{ agreementId: 5, folio: 9, kind: 'infonavit', method: 'porcentaje', rate: '30', installment: null, balance: null }],
      }),
    );
    // perceptions 100 × 15 = 1500.00; 30 % × 104.52 × 15 = 470.34; left 1500 − 30 − 1000 = 470.00 → 470.00, net 0.00
    expect(r.lines.find((l) => l.source === 'convenio')?.amount).toBe('470.00');
    expect(r.net).toBe('0.00');
    expect(r.fiscalTrace.at(-1)).toEqual({ label: 'Convenio 9: limitado al neto disponible; no se descontaron 0.34 para no dejar el neto negativo', amount: '470.00' });
  });
});
