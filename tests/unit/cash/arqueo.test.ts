import { describe, expect, it } from 'vitest';
import { computeArqueo, DENOMINATIONS, isDenomination } from '../../../schema/cash/arqueo';

describe('arqueo de caja', () => {
  it('counts every denomination and gives the exact difference (faltante)', () => {
    const a = computeArqueo(
      [
        { value: '1000', count: 2 },
        { value: '500', count: 1 },
        { value: '200', count: 3 },
        { value: '20', count: 4 },
        { value: '10', count: 7 },
        { value: '2', count: 3 },
        { value: '0.50', count: 9 },
      ],
      '3265.00',
    );
    // 2000 + 500 + 600 + 80 + 70 + 6 + 4.50 = 3260.50
    expect(a.counted).toBe('3260.50');
    expect(a.difference).toBe('-4.50');
    expect(a.lines.map((l) => l.value)).toEqual([...DENOMINATIONS]);
    expect(a.lines.find((l) => l.value === '0.50')).toEqual({ value: '0.50', count: 9, amount: '4.50' });
    expect(a.lines.find((l) => l.value === '100')).toEqual({ value: '100', count: 0, amount: '0.00' });
  });

  it('sobrante is positive; exact count is zero; "0.5" and "0.50" are the same coin', () => {
    expect(computeArqueo([{ value: '100', count: 3 }], '299.50').difference).toBe('0.50');
    expect(computeArqueo([{ value: '50', count: 2 }, { value: '0.5', count: 2 }], '101').difference).toBe('0.00');
    expect(computeArqueo([], '0')).toMatchObject({ counted: '0.00', difference: '0.00' });
  });

  it('accepts only Mexican peso denominations of the arqueo form', () => {
    expect(['1000', '500', '200', '100', '50', '20', '10', '5', '2', '1', '0.50', '0.5'].every(isDenomination)).toBe(true);
    expect(['3', '0.20', '2000', '-1', 'abc', ''].some(isDenomination)).toBe(false);
  });
});
