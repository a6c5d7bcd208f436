import { describe, expect, it } from 'vitest';
import {
  finalizeNumberInput,
  sanitizeNumberInput,
  sanitizePartialNumberInput,
} from '../../../client/components/numberInput';

describe('sanitizeNumberInput', () => {
  it('keeps only digits and the decimal mark', () => {
    expect(sanitizeNumberInput('12a3b')).toBe('123');
    expect(sanitizeNumberInput('$1,234.5')).toBe('1234.5');
    expect(sanitizeNumberInput('1e5')).toBe('15');
    expect(sanitizeNumberInput(' 42 ')).toBe('42');
    expect(sanitizeNumberInput('abc')).toBe('');
    expect(sanitizeNumberInput('')).toBe('');
  });

  it('allows a single decimal mark and keeps unfinished input', () => {
    expect(sanitizeNumberInput('1.2.3')).toBe('1.23');
    expect(sanitizeNumberInput('12.')).toBe('12.');
    expect(sanitizeNumberInput('.5')).toBe('0.5');
    expect(sanitizeNumberInput('..')).toBe('0.');
  });

  it('drops redundant leading zeros', () => {
    expect(sanitizeNumberInput('007')).toBe('7');
    expect(sanitizeNumberInput('00.50')).toBe('0.50');
    expect(sanitizeNumberInput('0')).toBe('0');
  });

  it('rounds half-up (decimal, not binary) when decimals exceed the precision', () => {
    expect(sanitizeNumberInput('1.005')).toBe('1.01');
    expect(sanitizeNumberInput('1.004')).toBe('1.00');
    expect(sanitizeNumberInput('2.675')).toBe('2.68');
    expect(sanitizeNumberInput('1.999')).toBe('2.00');
    expect(sanitizeNumberInput('1.12')).toBe('1.12');
    expect(sanitizeNumberInput('1.2345', { precision: 3 })).toBe('1.235');
    expect(sanitizeNumberInput('12345678901234567890.125')).toBe('12345678901234567890.13');
  });

  it('precision 0 accepts integers only', () => {
    expect(sanitizeNumberInput('12.', { precision: 0 })).toBe('12');
    expect(sanitizeNumberInput('12.5', { precision: 0 })).toBe('13');
    expect(sanitizeNumberInput('12.4', { precision: 0 })).toBe('12');
  });

  it('clamps to min and max', () => {
    expect(sanitizeNumberInput('150', { max: 100 })).toBe('100');
    // Rounding comes first: 100.001 → 100.00, which is within the bound.
    expect(sanitizeNumberInput('100.001', { max: 100 })).toBe('100.00');
    expect(sanitizeNumberInput('100.01', { max: 100 })).toBe('100');
    expect(sanitizeNumberInput('99.99', { max: 100 })).toBe('99.99');
    expect(sanitizeNumberInput('5', { min: 10 })).toBe('10');
    expect(sanitizeNumberInput('-150', { min: -100 })).toBe('-100');
    expect(sanitizeNumberInput('0.5', { min: '0.75', max: '1000.50' })).toBe('0.75');
  });

  it('blocks the minus sign unless min < 0', () => {
    expect(sanitizeNumberInput('-5')).toBe('5');
    expect(sanitizeNumberInput('-5', { min: 0 })).toBe('5');
    expect(sanitizeNumberInput('-5', { min: -100 })).toBe('-5');
    expect(sanitizeNumberInput('-', { min: -100 })).toBe('-');
    expect(sanitizeNumberInput('-', { min: 0 })).toBe('');
    expect(sanitizeNumberInput('-1.005', { min: -100 })).toBe('-1.01');
  });

  it('accepts a leading minus only', () => {
    expect(sanitizeNumberInput('5-3', { min: -100 })).toBe('53');
    expect(sanitizeNumberInput('--5', { min: -100 })).toBe('-5');
  });
});

describe('sanitizePartialNumberInput (while typing)', () => {
  it('leaves a positive min for blur so typing is not interrupted', () => {
    expect(sanitizePartialNumberInput('2', { min: 10 })).toBe('2');
    expect(sanitizePartialNumberInput('-2', { min: 10 })).toBe('2');
    expect(sanitizePartialNumberInput('150', { min: 10, max: 100 })).toBe('100');
  });
});

describe('finalizeNumberInput (on blur)', () => {
  it('completes and clamps the value', () => {
    expect(finalizeNumberInput('12.')).toBe('12');
    expect(finalizeNumberInput('-', { min: -10 })).toBe('');
    expect(finalizeNumberInput('-0', { min: -10 })).toBe('0');
    expect(finalizeNumberInput('-0.00', { min: -10 })).toBe('0.00');
    expect(finalizeNumberInput('2', { min: 10 })).toBe('10');
    expect(finalizeNumberInput('')).toBe('');
  });
});

/** Types `keys` one by one after `initial`, as the field does, then leaves the field. */
function typeInto(keys: string, opts: Parameters<typeof sanitizePartialNumberInput>[1], initial = ''): { steps: string[]; final: string } {
  let value = initial;
  const steps: string[] = [];
  for (const key of keys) {
    value = sanitizePartialNumberInput(value + key, opts);
    steps.push(value);
  }
  return { steps, final: finalizeNumberInput(value, opts) };
}

describe('typing into the field, key by key (issue 13 defects)', () => {
  it('an integer field keeps the decimal mark while typing: "1.5" rounds to 2, never becomes 15', () => {
    const typed = typeInto('1.5', { precision: 0, min: 0 });
    expect(typed.steps).toEqual(['1', '1.', '2']);
    expect(typed.final).toBe('2');
    expect(typeInto('7.', { precision: 0 }).final).toBe('7');
    expect(typeInto('1.4', { precision: 0 }).final).toBe('1');
  });

  it('a pre-filled quantity 1 followed by "2a.3.45" ends at the field precision', () => {
    expect(typeInto('2a.3.45', { precision: 2, min: 0 }, '1').final).toBe('12.35');
    expect(typeInto('2a.3.45', { precision: 3, min: 0 }, '1').final).toBe('12.345');
  });

  it('money fields keep 2 decimals: 1500.456 → 1500.46 and 25.555 → 25.56', () => {
    expect(typeInto('1500.456', { precision: 2, min: 0 }).final).toBe('1500.46');
    expect(typeInto('25.555', { precision: 2, min: 0 }).final).toBe('25.56');
  });
});
