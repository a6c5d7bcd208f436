// Payroll rules: period days, default days, minimum-wage workers, incident
// checks and one employee's calculation. The fiscal engine is replaced by a
// recording stub here (its own tests pin ISR/subsidio/IMSS), so each figure
// below is the payroll's own arithmetic, computed by hand in the comments.
import { describe, expect, it } from 'vitest';
import {
  calculateEmployee,
  doubleOvertimeExempt,
  employedDays,
  imssQuotaDays,
  exemptPart,
  formatAmount,
  isMinimumWageOnly,
  negativeNetMessage,
  payrollPeriodDays,
  quincenaOf,
  validateIncident,
  validatePayrollDates,
  type EmployeeCalcInput,
  type TaxOutcome,
} from '../../../schema/rh/payroll';

const UMA_2026 = '117.31';

function stubTax(outcome: Partial<TaxOutcome>) {
  const calls: [string, number][] = [];
  const tax = (taxable: string, days: number): TaxOutcome => {
    calls.push([taxable, days]);
    return { tableYear: 2026, isr: '0.00', subsidy: '0.00', withheld: '0.00', imssEmployee: '0.00', steps: [{ label: 'paso', amount: '1.00' }], imssSteps: [], ...outcome };
  };
  return { tax, calls };
}

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
  tax: stubTax({}).tax,
  ...over,
});

describe('period and days', () => {
  it('semanal 7, quincenal 15 whatever the calendar, extraordinaria its own dates', () => {
    expect(payrollPeriodDays('semanal', '2026-03-02', '2026-03-08')).toBe(7);
    expect(payrollPeriodDays('quincenal', '2026-03-16', '2026-03-31')).toBe(15);
    expect(payrollPeriodDays('quincenal', '2026-02-16', '2026-02-28')).toBe(15);
    expect(payrollPeriodDays('extraordinaria', '2026-12-01', '2026-12-20')).toBe(20);
  });

  it('the quincena of a date: 1–15 or 16 to the end of the month (February, leap years, December)', () => {
    expect(quincenaOf('2026-11-25')).toEqual({ start: '2026-11-16', end: '2026-11-30' });
    expect(quincenaOf('2026-11-15')).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(quincenaOf('2026-02-20')).toEqual({ start: '2026-02-16', end: '2026-02-28' });
    expect(quincenaOf('2028-02-16')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(quincenaOf('2026-12-31')).toEqual({ start: '2026-12-16', end: '2026-12-31' });
  });

  it('default days worked: the days employed in the period, capped at its days', () => {
    expect(employedDays('2026-03-16', '2026-03-31', 15, '2020-01-01')).toBe(15); // 16 calendar days, pays 15
    expect(employedDays('2026-03-16', '2026-03-31', 15, '2026-03-20')).toBe(12); // 20..31
    expect(employedDays('2026-03-01', '2026-03-15', 15, '2026-03-15')).toBe(1);
    expect(employedDays('2026-03-01', '2026-03-15', 15, '2026-03-16')).toBe(0);
    expect(employedDays('2026-02-16', '2026-02-28', 15, '2020-01-01')).toBe(15); // 13 calendar days, a whole quincena still pays 15
    expect(employedDays('2026-02-16', '2026-02-28', 15, '2026-02-24')).toBe(5); // 24..28
  });

  it('IMSS quota days are calendar days: 16, 15 and 13 for whole quincenas, less the days not paid', () => {
    const q = (periodStart: string, periodEnd: string, hireDate: string, daysWorked: string, absences: string, incapacityDays = 0) =>
      imssQuotaDays({ periodStart, periodEnd, periodDays: 15, hireDate, daysWorked, absences, incapacityDays });
    expect(q('2026-12-16', '2026-12-31', '2020-01-01', '15', '0')).toBe('16');
    expect(q('2026-12-01', '2026-12-15', '2020-01-01', '15', '0')).toBe('15');
    expect(q('2026-02-16', '2026-02-28', '2020-01-01', '15', '0')).toBe('13');
    // 2 absences: 16 − 2 = 14 (ISR pays 13). Hired on the 24th: 24..31 = 8 calendar days, 8 paid.
    expect(q('2026-12-16', '2026-12-31', '2020-01-01', '15', '2')).toBe('14');
    expect(q('2026-12-16', '2026-12-31', '2026-12-24', '8', '0')).toBe('8');
    // Captured 10 of 15 days worked (5 not paid) in a 16-day quincena: 16 − 5 = 11; a 4-day incapacity: 16 − 4 = 12.
    expect(q('2026-12-16', '2026-12-31', '2020-01-01', '10', '0')).toBe('11');
    expect(q('2026-12-16', '2026-12-31', '2020-01-01', '15', '0', 4)).toBe('12');
    // Never negative.
    expect(q('2026-12-16', '2026-12-31', '2020-01-01', '0', '0', 16)).toBe('0');
  });

  it('minimum wage only: daily salary at or under the minimum of the zone', () => {
    const mw = { general: '315.04', borderZone: '440.87' };
    expect(isMinimumWageOnly('315.04', 'general', mw)).toBe(true);
    expect(isMinimumWageOnly('315.05', 'general', mw)).toBe(false);
    expect(isMinimumWageOnly('440.87', 'frontera', mw)).toBe(true);
    expect(isMinimumWageOnly('400.00', 'frontera', mw)).toBe(true);
    expect(isMinimumWageOnly('440.88', 'frontera', mw)).toBe(false);
  });
});

describe('validation', () => {
  it('dates in order, payment not before the start, extraordinaria names its frequency', () => {
    expect(validatePayrollDates({ kind: 'quincenal', periodStart: '2026-03-16', periodEnd: '2026-03-31', paymentDate: '2026-03-31' })).toEqual({});
    expect(validatePayrollDates({ kind: 'quincenal', periodStart: '2026-03-16', periodEnd: '2026-03-15', paymentDate: '2026-03-10' })).toEqual({
      periodEnd: 'El fin del periodo no puede ser anterior a su inicio.',
      paymentDate: 'La fecha de pago no puede ser anterior al inicio del periodo.',
    });
    expect(validatePayrollDates({ kind: 'extraordinaria', periodStart: '2026-12-01', periodEnd: '2026-12-20', paymentDate: '2026-12-20' })).toEqual({
      frequency: 'Indica si la nómina extraordinaria es para empleados semanales o quincenales.',
    });
  });

  it('incidents: absences ≤ days worked ≤ period days, nothing negative, half days at most', () => {
    const ok = { daysWorked: '15', absences: '2', overtimeDoubleHours: '3', overtimeTripleHours: '0', overtimeDoubleDays: 1 };
    expect(validateIncident(ok, 15)).toEqual({});
    expect(validateIncident({ ...ok, daysWorked: '10', absences: '11' }, 15)).toEqual({ absences: 'Las faltas no pueden ser más que los días trabajados.' });
    expect(validateIncident({ ...ok, daysWorked: '16' }, 15)).toEqual({ daysWorked: 'Los días trabajados no pueden ser más que los 15 días del periodo.' });
    expect(validateIncident({ ...ok, overtimeDoubleHours: '-1', overtimeTripleHours: '-0.5' }, 15)).toEqual({ overtimeDoubleHours: 'No puede ser negativo.', overtimeTripleHours: 'No puede ser negativo.' });
    expect(validateIncident({ ...ok, daysWorked: '14.25' }, 15)).toEqual({ daysWorked: 'Captura días completos o medios días (p. ej. 1.5).' });
  });

  it('overtime days (the CFDI HorasExtra Dias): whole, at least 1 with hours, none without, at most the period', () => {
    const base = { daysWorked: '15', absences: '0', overtimeDoubleHours: '10', overtimeTripleHours: '2.5' };
    expect(validateIncident({ ...base, overtimeDoubleDays: 4, overtimeTripleDays: 1 }, 15)).toEqual({});
    expect(validateIncident(base, 15)).toEqual({
      overtimeDoubleDays: 'Indica en cuántos días trabajó las horas extra dobles (el CFDI de nómina lo pide).',
      overtimeTripleDays: 'Indica en cuántos días trabajó las horas extra triples (el CFDI de nómina lo pide).',
    });
    expect(validateIncident({ ...base, overtimeTripleHours: '0', overtimeDoubleDays: 16, overtimeTripleDays: 2 }, 15)).toEqual({
      overtimeDoubleDays: 'No pueden ser más que los 15 días del periodo.',
      overtimeTripleDays: 'Sin horas extra triples no hay días de horas extra triples.',
    });
    expect(validateIncident({ ...base, overtimeDoubleDays: 1.5, overtimeTripleDays: -1 }, 15)).toEqual({ overtimeDoubleDays: 'Captura días enteros.', overtimeTripleDays: 'No puede ser negativo.' });
  });
});

describe('exempt parts', () => {
  it('double overtime: 50 % up to 5 UMA per week; everything for minimum-wage workers', () => {
    // 750 → half 375.00 < cap 117.31 × 5 × 15 ÷ 7 = 1256.89
    expect(doubleOvertimeExempt('750.00', false, UMA_2026, 15)).toBe('375.00');
    // 15000 → half 7500 > cap 1256.892857… → 1256.89
    expect(doubleOvertimeExempt('15000.00', false, UMA_2026, 15)).toBe('1256.89');
    // weekly cap 117.31 × 5 = 586.55
    expect(doubleOvertimeExempt('2000.00', false, UMA_2026, 7)).toBe('586.55');
    expect(doubleOvertimeExempt('708.84', true, UMA_2026, 15)).toBe('708.84');
  });

  it('captured perceptions by rule: gravado, exento, exento up to N UMA per period', () => {
    expect(exemptPart('200.00', 'gravado', null, UMA_2026)).toBe('0.00');
    expect(exemptPart('200.00', 'exento', null, UMA_2026)).toBe('200.00');
    expect(exemptPart('200.00', 'exento_uma', '1', UMA_2026)).toBe('117.31');
    expect(exemptPart('100.00', 'exento_uma', '1', UMA_2026)).toBe('100.00');
    // 2.5 UMA = 293.275 → 293.28
    expect(exemptPart('500.00', 'exento_uma', '2.5', UMA_2026)).toBe('293.28');
  });
});

describe('one employee', () => {
  it('sueldo, overtime, extras by rule, taxes, a captured deduction, a convenio and a cash other payment', () => {
    const { tax, calls } = stubTax({ isr: '900.00', withheld: '900.00', imssEmployee: '180.25' });
    const r = calculateEmployee(
      base({
        absences: '1',
        overtimeDoubleHours: '6',
        overtimeTripleHours: '2',
        extras: [
          { conceptId: 50, kind: 'percepcion', taxableRule: 'exento_uma', exemptUma: '1', amount: '200', description: 'Puntualidad' },
          { conceptId: 51, kind: 'percepcion', taxableRule: 'gravado', exemptUma: null, amount: '100', description: 'Bono' },
          { conceptId: 60, kind: 'deduccion', taxableRule: 'gravado', exemptUma: null, amount: '300', description: 'Herramienta' },
          { conceptId: 70, kind: 'otro_pago', taxableRule: 'exento', exemptUma: null, amount: '150', description: 'Viáticos' },
        ],
        agreements: [{ agreementId: 9, folio: 4, kind: 'prestamo', installment: '500.00', balance: '350.00' }],
        tax,
      }),
    );
    // paid 15 − 1 = 14; sueldo 500 × 14 = 7000.00; hourly 500 ÷ 8 = 62.50
    // dobles 62.50 × 2 × 6 = 750.00 (exempt 375.00); triples 62.50 × 3 × 2 = 375.00 (gravado)
    // puntualidad 200: exempt 117.31, taxable 82.69; bono 100 gravado
    // taxable 7000 + 375 + 375 + 82.69 + 100 = 7932.69; exempt 375 + 117.31 = 492.31; perceptions 8425.00
    expect(calls).toEqual([['7932.69', 14]]);
    expect(r).toMatchObject({ paidDays: '14', perceptions: '8425.00', taxable: '7932.69', exempt: '492.31', isr: '900.00', isrWithheld: '900.00', imssEmployee: '180.25', subsidy: '0.00', tableYear: 2026 });
    // deductions 900 + 180.25 + 300 + convenio min(500, 350) = 350 → 1730.25; net 8425 + 150 − 1730.25 = 6844.75
    expect(r.deductions).toBe('1730.25');
    expect(r.otherPayments).toBe('150.00');
    expect(r.net).toBe('6844.75');
    expect(r.lines.map((l) => [l.systemKey ?? l.conceptId, l.source, l.amount, l.taxable, l.exempt])).toEqual([
      ['SUELDO', 'calculo', '7000.00', '7000.00', '0.00'],
      ['HORAS_EXTRA_DOBLES', 'calculo', '750.00', '375.00', '375.00'],
      ['HORAS_EXTRA_TRIPLES', 'calculo', '375.00', '375.00', '0.00'],
      [50, 'captura', '200.00', '82.69', '117.31'],
      [51, 'captura', '100.00', '100.00', '0.00'],
      ['ISR', 'calculo', '900.00', '0.00', '0.00'],
      ['IMSS', 'calculo', '180.25', '0.00', '0.00'],
      [60, 'captura', '300.00', '0.00', '0.00'],
      ['CONVENIO_PRESTAMO', 'convenio', '350.00', '0.00', '0.00'],
      [70, 'captura', '150.00', '0.00', '150.00'],
    ]);
    expect(r.lines.find((l) => l.source === 'convenio')?.agreementId).toBe(9);
    // The receipt names the convenio's balance as money, as every other figure a person reads.
    expect(r.lines.find((l) => l.source === 'convenio')?.description).toBe('Convenio 4 (Préstamo), saldo $350.00');
    expect(r.fiscalTrace).toEqual([{ label: 'paso', amount: '1.00' }]);
  });

  it('the subsidio is posted for the receipt but never added to the net; no ISR line when nothing is withheld', () => {
    const { tax } = stubTax({ isr: '200.00', subsidy: '264.30', withheld: '0.00', imssEmployee: '95.10' });
    const r = calculateEmployee(base({ dailySalary: '330.00', tax }));
    // sueldo 330 × 15 = 4950.00; net 4950 − 95.10 = 4854.90
    expect(r).toMatchObject({ perceptions: '4950.00', isrWithheld: '0.00', subsidy: '264.30', deductions: '95.10', otherPayments: '0.00', net: '4854.90' });
    expect(r.lines.map((l) => [l.systemKey, l.kind, l.amount])).toEqual([
      ['SUELDO', 'percepcion', '4950.00'],
      ['IMSS', 'deduccion', '95.10'],
      ['SUBSIDIO', 'otro_pago', '264.30'],
    ]);
  });

  it('an extraordinaria by art. 174: the salary days go to the period tariff, the rest to art. 174, and the ISR withheld adds both', () => {
    const { tax, calls } = stubTax({ isr: '109.28', subsidy: '264.30', withheld: '0.00', imssEmployee: '51.50', steps: [{ label: 'Tabla de ISR', amount: 'x' }, { label: 'SBC diario (tope)', amount: '421.92' }], imssSteps: [{ label: 'SBC diario (tope)', amount: '421.92' }] });
    const art174: string[] = [];
    const extraordinaryIsr = { method: 'art. 174 RLISR', isr: (taxable: string) => (art174.push(taxable), { isr: '108.80', steps: [{ label: 'art. 174', amount: '108.80' }] }) };
    const bonus = { conceptId: 7, kind: 'percepcion' as const, taxableRule: 'gravado' as const, exemptUma: null, amount: '1000', description: 'Bono' };
    // 5 days × 400.00 = 2,000.00 to the tariff; the 1,000.00 bonus to art. 174. ISR 109.28 + 108.80 = 218.08; withheld 0 + 108.80.
    const r = calculateEmployee(base({ dailySalary: '400.00', daysWorked: '5', extras: [bonus], tax, extraordinaryIsr }));
    expect([calls, art174]).toEqual([[['2000.00', 5]], ['1000.00']]);
    expect(r).toMatchObject({ taxable: '3000.00', isr: '218.08', subsidy: '264.30', isrWithheld: '108.80', deductions: '160.30', net: '2839.70' });
    // No salary day: the bonus alone by art. 174, no subsidy caused, only the IMSS steps of the tariff shown.
    const none = calculateEmployee(base({ dailySalary: '400.00', daysWorked: '0', extras: [{ ...bonus, amount: '6000' }], tax: stubTax({ isr: '0.00', subsidy: '264.30', steps: [{ label: 'Tabla de ISR', amount: 'x' }, { label: 'SBC diario (tope)', amount: '421.92' }], imssSteps: [{ label: 'SBC diario (tope)', amount: '421.92' }] }).tax, extraordinaryIsr: { method: 'art. 174 RLISR', isr: () => ({ isr: '690.72', steps: [] }) } }));
    expect(none).toMatchObject({ isr: '690.72', subsidy: '0.00', isrWithheld: '690.72', net: '5309.28' });
    expect(none.fiscalTrace.map((t) => t.label)).toEqual([
      'Sueldo de los días que paga esta nómina: tarifa del periodo (art. 96 LISR)',
      'Sin días de sueldo en esta nómina extraordinaria: no causa subsidio para el empleo (va con los días que paga la nómina ordinaria)',
      'SBC diario (tope)',
      'Demás percepciones gravadas: art. 174 RLISR, que eligió el patrón',
      'ISR a retener (el del art. 174 RLISR)',
    ]);
  });

  it('a minimum-wage worker: double overtime all exempt, half-day absences, odd hourly rate rounded per line', () => {
    const { tax, calls } = stubTax({ imssEmployee: '0.00' });
    const r = calculateEmployee(base({ dailySalary: '315.04', minimumWageOnly: true, absences: '0.5', overtimeDoubleHours: '9', overtimeTripleHours: '1.5', tax }));
    // paid 14.5; sueldo 315.04 × 14.5 = 4568.08; hourly 39.38
    // dobles 39.38 × 2 × 9 = 708.84 all exempt; triples 39.38 × 3 × 1.5 = 177.21 gravado
    expect(calls).toEqual([['4745.29', 14.5]]); // 4568.08 + 177.21
    expect(r).toMatchObject({ perceptions: '5454.13', taxable: '4745.29', exempt: '708.84', deductions: '0.00', net: '5454.13' });
  });

  it('the overtime cap binds for a high salary; a convenio with a zero balance posts nothing; the net may be negative', () => {
    const { tax } = stubTax({ isr: '5000.00', withheld: '5000.00', imssEmployee: '700.00' });
    const r = calculateEmployee(
      base({
        dailySalary: '2000.00',
        daysWorked: '2',
        overtimeDoubleHours: '30',
        extras: [{ conceptId: 60, kind: 'deduccion', taxableRule: 'gravado', exemptUma: null, amount: '15000', description: 'Adeudo' }],
        agreements: [
          { agreementId: 1, folio: 1, kind: 'fonacot', installment: '800.00', balance: '0.00' },
          { agreementId: 2, folio: 2, kind: 'pension_alimenticia', installment: '1000.00', balance: '5000.00' },
        ],
        tax,
      }),
    );
    // sueldo 2000 × 2 = 4000.00; dobles 250 × 2 × 30 = 15000.00, exempt 1256.89, taxable 13743.11
    // perceptions 19000.00; deductions 5000 + 700 + 15000 + 1000 = 21700.00; net −2700.00
    expect(r).toMatchObject({ perceptions: '19000.00', taxable: '17743.11', exempt: '1256.89', deductions: '21700.00', net: '-2700.00' });
    expect(r.lines.filter((l) => l.source === 'convenio').map((l) => [l.systemKey, l.amount])).toEqual([['CONVENIO_PENSION', '1000.00']]);
  });

  it('the refused close names the employee and the figures', () => {
    expect(formatAmount('-120.5')).toBe('−120.50');
    expect(formatAmount('1620.5')).toBe('1,620.50');
    expect(negativeNetMessage({ employeeNumber: '0003', employeeName: 'PÉREZ LÓPEZ JUAN', net: '-120.50', perceptions: '1500', otherPayments: '0', deductions: '1620.50' })).toBe(
      'No se puede cerrar: el neto de 0003 PÉREZ LÓPEZ JUAN sería −120.50 (percepciones 1,500.00, deducciones 1,620.50).',
    );
  });
});
