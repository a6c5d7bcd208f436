// The printed payroll receipt shows each kind of overtime with the days it was worked in (the days the
// CFDI's nomina12:HorasExtra carries as Dias), so the paper and the stamped XML say the same.
import { describe, expect, it } from 'vitest';
import { overtimeFields, overtimeValue } from '../../../server/modules/rh/payroll/receipts';

describe('overtime on the printed receipt', () => {
  it('hours with their days, singular and plural; no hours is 0; hours without days say so', () => {
    expect(overtimeValue('4.00', 2)).toBe('4 h en 2 días');
    expect(overtimeValue('2.50', 1)).toBe('2.5 h en 1 día');
    expect(overtimeValue('0.00', 0)).toBe('0');
    expect(overtimeValue('3', 0)).toBe('3 h sin días capturados');
  });

  it('double and triple overtime as two fields of the receipt', () => {
    // A week of 9 double hours over 3 days and 2.5 triple hours on 1 day (the CFDI test's second worker).
    expect(overtimeFields({ overtimeDoubleHours: '9.00', overtimeDoubleDays: 3, overtimeTripleHours: '2.50', overtimeTripleDays: 1 })).toEqual([
      { label: 'Horas extra dobles', value: '9 h en 3 días' },
      { label: 'Horas extra triples', value: '2.5 h en 1 día' },
    ]);
  });
});
