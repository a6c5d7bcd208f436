// Prima dominical (LFT art. 71, LISR art. 93 fr. XIV) and rest days worked (LFT arts. 73 and 75,
// LISR art. 93 fr. I, the cap shared with double overtime). UMA 2026 = 117.31 (MX_FISCAL «UMA and
// minimum wage»); every figure below is worked out by hand in its comment.
import { describe, expect, it } from 'vitest';
import { calculateEmployee, doubleOvertimeExempt, type EmployeeCalcInput, type TaxOutcome } from '../../../schema/rh/payroll';
import { fractionIExempt, isSunday, primaDominical, restDayOf, restDaysWorkedPay, validateRestDaysWorked } from '../../../schema/rh/restDaysWorked';

const UMA_2026 = '117.31';

describe('the calendar', () => {
  it('Sundays, and which rest days are obligatorios (art. 74) by their date', () => {
    // 2026-09-20 and 27 are Sundays; 16 September (a Wednesday) is Independence Day.
    expect([isSunday('2026-09-20'), isSunday('2026-09-27'), isSunday('2026-09-21'), isSunday('2026-09-16')]).toEqual([true, true, false, false]);
    expect(restDayOf('2026-09-16')).toEqual({ kind: 'obligatorio', holiday: 'Día de la Independencia (16 de septiembre)', label: 'Descanso obligatorio: Día de la Independencia (16 de septiembre)' });
    expect(restDayOf('2026-09-15')).toEqual({ kind: 'semanal', holiday: null, label: 'Descanso semanal sin otro en sustitución' });
  });
});

describe('prima dominical', () => {
  it('daily 500.00, 2 Sundays: 2 × 125.00 = 250.00; exempt min(125.00, 117.31) × 2 = 234.62; taxable 15.38', () => {
    const r = primaDominical('500.00', ['2026-09-27', '2026-09-20'], UMA_2026)!;
    expect([r.sundays, r.perSunday, r.amount, r.exempt, r.taxable]).toEqual([2, '125.00', '250.00', '234.62', '15.38']);
    expect(r.steps).toEqual([
      { label: 'Prima dominical (art. 71 LFT): 25 % × 500.00 × 2 domingos (20/09/2026, 27/09/2026)', amount: '250.00' },
      { label: 'Prima dominical exenta (art. 93 fr. XIV LISR): mín(125.00, 1 UMA = 117.31) × 2 domingos', amount: '234.62' },
      { label: 'Prima dominical gravada', amount: '15.38' },
    ]);
  });

  it('under 1 UMA a Sunday it is all exempt: minimum wage 315.04 × 25 % = 78.76, 1 Sunday', () => {
    const r = primaDominical('315.04', ['2026-09-20'], UMA_2026)!;
    expect([r.amount, r.exempt, r.taxable]).toEqual(['78.76', '78.76', '0.00']);
  });

  it('rounded once: daily 333.33 × 25 % = 83.3325 a Sunday; 3 Sundays = 249.9975 → 250.00, all exempt (83.3325 < 117.31)', () => {
    const r = primaDominical('333.33', ['2026-09-06', '2026-09-13', '2026-09-20'], UMA_2026)!;
    expect([r.perSunday, r.amount, r.exempt, r.taxable]).toEqual(['83.33', '250.00', '250.00', '0.00']);
  });

  it('no Sundays, no prima', () => {
    expect(primaDominical('500.00', [], UMA_2026)).toBeNull();
  });
});

describe('rest days worked: double salary on top of the day', () => {
  it('daily 500.00, 16 Sept (obligatorio) and a weekly rest day: 2 × 500.00 × 2 = 2000.00', () => {
    const r = restDaysWorkedPay('500.00', ['2026-09-22', '2026-09-16'])!;
    expect([r.days, r.amount]).toEqual([2, '2000.00']);
    expect(r.steps).toEqual([
      {
        label: 'Días de descanso trabajados (arts. 73 y 75 LFT): salario doble 2 × 500.00 × 2 días: 16/09/2026 descanso obligatorio, Día de la Independencia (16 de septiembre); 22/09/2026 descanso semanal',
        amount: '2000.00',
      },
    ]);
    expect(restDaysWorkedPay('500.00', [])).toBeNull();
  });
});

describe('art. 93 fr. I LISR: double overtime and rest days share 5 UMA per week', () => {
  // Quincena: cap = 5 × 117.31 × 15 ÷ 7 = 1256.892857…
  it('rest days alone: 50 % of 1000.00 = 500.00 < cap', () => {
    const r = fractionIExempt({ overtimeDouble: 0, restDayPay: '1000.00', minimumWageOnly: false, umaDaily: UMA_2026, periodDays: 15 });
    expect([r.overtimeExempt, r.restDayExempt]).toEqual(['0.00', '500.00']);
    expect(r.steps).toEqual([
      { label: 'Tope exento de horas extra dobles y días de descanso trabajados (art. 93 fr. I LISR): 5 UMA × 117.31 × 15 días ÷ 7', amount: '1256.89' },
      { label: 'Días de descanso trabajados exentos: 50 % de 1000.00, hasta el tope', amount: '500.00' },
      { label: 'Días de descanso trabajados gravados', amount: '500.00' },
    ]);
  });

  it('overtime first: 50 % of 2000.00 = 1000.00; the rest days get what is left, 1256.892857 − 1000.00 = 256.89 of their 500.00', () => {
    const r = fractionIExempt({ overtimeDouble: '2000.00', restDayPay: '1000.00', minimumWageOnly: false, umaDaily: UMA_2026, periodDays: 15 });
    expect([r.overtimeExempt, r.restDayExempt]).toEqual(['1000.00', '256.89']);
    expect(r.steps.slice(1)).toEqual([
      { label: 'Horas extra dobles exentas: 50 % de 2000.00, hasta el tope', amount: '1000.00' },
      { label: 'Días de descanso trabajados exentos: 50 % de 1000.00, hasta lo que dejan del tope las horas extra', amount: '256.89' },
      { label: 'Días de descanso trabajados gravados', amount: '743.11' },
    ]);
  });

  it('overtime that uses the whole cap (50 % of 3000.00 = 1500.00 → 1256.89) leaves 0.002857…: nothing exempt for the rest days', () => {
    const r = fractionIExempt({ overtimeDouble: '3000.00', restDayPay: '1000.00', minimumWageOnly: false, umaDaily: UMA_2026, periodDays: 15 });
    expect([r.overtimeExempt, r.restDayExempt]).toEqual(['1256.89', '0.00']);
  });

  it('a week: cap 5 × 117.31 = 586.55; overtime 400.00 → 200.00; rest days 1000.00 → min(500.00, 386.55) = 386.55', () => {
    const r = fractionIExempt({ overtimeDouble: '400.00', restDayPay: '1000.00', minimumWageOnly: false, umaDaily: UMA_2026, periodDays: 7 });
    expect([r.overtimeExempt, r.restDayExempt]).toEqual(['200.00', '386.55']);
  });

  it('a minimum-wage worker: both all exempt (315.04 × 2 = 630.08 each)', () => {
    const r = fractionIExempt({ overtimeDouble: '630.08', restDayPay: '630.08', minimumWageOnly: true, umaDaily: UMA_2026, periodDays: 15 });
    expect([r.overtimeExempt, r.restDayExempt]).toEqual(['630.08', '630.08']);
    expect(r.steps).toEqual([{ label: 'Salario mínimo: el salario doble de los días de descanso trabajados está exento en su totalidad (art. 93 fr. I LISR)', amount: '630.08' }]);
  });

  it('overtime alone keeps its old figures and writes no steps', () => {
    expect(doubleOvertimeExempt('15000.00', false, UMA_2026, 15)).toBe('1256.89');
    expect(fractionIExempt({ overtimeDouble: '750.00', restDayPay: 0, minimumWageOnly: false, umaDaily: UMA_2026, periodDays: 15 })).toEqual({ overtimeExempt: '375.00', restDayExempt: '0.00', steps: [] });
  });
});

describe('validation of the dates', () => {
  const period = { periodStart: '2026-09-16', periodEnd: '2026-09-30', hireDate: '2026-09-18' };
  it('inside the period, not before the hire date, a Sunday a Sunday, each once; messages by position', () => {
    expect(validateRestDaysWorked({ sundaysWorked: ['2026-09-20', '2026-09-27'], restDaysWorked: ['2026-09-22'] }, period)).toEqual({});
    expect(validateRestDaysWorked({ sundaysWorked: ['2026-09-20', '2026-09-21', '2026-10-04', '2026-09-20'], restDaysWorked: ['2026-09-17', '2026-09-15'] }, period)).toEqual({
      'sundaysWorked.1': 'El 21/09/2026 no es domingo.',
      'sundaysWorked.2': 'El 04/10/2026 está fuera del periodo de la nómina (16/09/2026 al 30/09/2026).',
      'sundaysWorked.3': 'Fecha repetida: captura cada día una sola vez.',
      'restDaysWorked.0': 'El 17/09/2026 es anterior a su fecha de ingreso (18/09/2026).',
      'restDaysWorked.1': 'El 15/09/2026 está fuera del periodo de la nómina (16/09/2026 al 30/09/2026).',
    });
  });

  it('a Sunday may also be the rest day worked (prima dominical and double salary)', () => {
    expect(validateRestDaysWorked({ sundaysWorked: ['2026-09-20'], restDaysWorked: ['2026-09-20'] }, period)).toEqual({});
  });
});

describe('in one employee’s calculation', () => {
  const calls: string[] = [];
  const tax = (taxable: string): TaxOutcome => {
    calls.push(taxable);
    return { tableYear: 2026, isr: '0.00', subsidy: '0.00', withheld: '0.00', imssEmployee: '0.00', steps: [{ label: 'paso', amount: '1.00' }], imssSteps: [] };
  };
  const input: EmployeeCalcInput = {
    dailySalary: '500.00',
    minimumWageOnly: false,
    daysWorked: '15',
    absences: '0',
    overtimeDoubleHours: '18',
    overtimeTripleHours: '0',
    sundaysWorked: ['2026-09-20', '2026-09-27'],
    restDaysWorked: ['2026-09-16'],
    periodDays: 15,
    umaDaily: UMA_2026,
    extras: [],
    agreements: [],
    tax,
  };

  it('their lines beside sueldo and overtime, the shared cap, the taxable base and the steps', () => {
    const r = calculateEmployee(input);
    // Sueldo 500 × 15 = 7500.00. Hourly 62.50: 18 double hours × 125.00 = 2250.00, exempt 50 % = 1125.00 (< 1256.892857).
    // Prima dominical 2 × 125.00 = 250.00, exempt 2 × 117.31 = 234.62, taxable 15.38.
    // 16 Sept: 2 × 500.00 = 1000.00, exempt min(500.00, 1256.892857 − 1125.00 = 131.892857) = 131.89, taxable 868.11.
    expect(r.lines.map((l) => [l.systemKey, l.amount, l.taxable, l.exempt, l.quantity])).toEqual([
      ['SUELDO', '7500.00', '7500.00', '0.00', '15'],
      ['HORAS_EXTRA_DOBLES', '2250.00', '1125.00', '1125.00', '18'],
      ['PRIMA_DOMINICAL', '250.00', '15.38', '234.62', '2'],
      ['DESCANSO_LABORADO', '1000.00', '868.11', '131.89', '1'],
    ]);
    // Perceptions 7500 + 2250 + 250 + 1000 = 11000.00; exempt 1125.00 + 234.62 + 131.89 = 1491.51; taxable 11000 − 1491.51 = 9508.49.
    expect([r.perceptions, r.exempt, r.taxable]).toEqual(['11000.00', '1491.51', '9508.49']);
    expect(calls).toEqual(['9508.49']);
    expect(r.lines.find((l) => l.systemKey === 'PRIMA_DOMINICAL')?.description).toBe('2 domingos × 125.00 (25 % del salario diario)');
    expect(r.lines.find((l) => l.systemKey === 'DESCANSO_LABORADO')?.description).toBe('1 día × 1000.00 (salario doble)');
    expect(r.fiscalTrace.map((s) => s.amount)).toEqual(['250.00', '234.62', '15.38', '1000.00', '1256.89', '1125.00', '131.89', '868.11', '1.00']);
  });

  it('without dates nothing changes: no lines, no steps', () => {
    const r = calculateEmployee({ ...input, overtimeDoubleHours: '0', sundaysWorked: [], restDaysWorked: [] });
    expect(r.lines.map((l) => l.systemKey)).toEqual(['SUELDO']);
    expect(r.fiscalTrace).toEqual([{ label: 'paso', amount: '1.00' }]);
  });
});
