// The reading rules of the one number input: es-MX text in, the same figure
// out as a plain decimal, or a Spanish refusal — never another number
// (issue 25: «1,5» became 15, 12,850.5 km became 12,851, 20,000 became the
// balance).
import { describe, expect, it } from 'vitest';
import { displayNumber, NUMBER_TEXTS, readNumberInput, showScale, type NumberRules } from '../../../client/components/numberInput';

const money: NumberRules = { precision: 2, min: 0, money: true };
const whole: NumberRules = { precision: 0, min: 0 };
const read = (text: string, rules: NumberRules = money) => readNumberInput(text, rules);

describe('readNumberInput', () => {
  it('reads es-MX figures as typed: comma for thousands, point for decimals', () => {
    expect(read('1.5')).toMatchObject({ kind: 'number', value: '1.5', error: null });
    expect(read('1,234.5')).toMatchObject({ kind: 'number', value: '1234.5', error: null });
    expect(read('12,345,678.90')).toMatchObject({ value: '12345678.90', error: null });
    expect(read(' 42 ')).toMatchObject({ value: '42', error: null });
    expect(read('$1,234.50')).toMatchObject({ value: '1234.50', error: null });
    expect(read('.5')).toMatchObject({ value: '0.5', error: null });
    expect(read('007')).toMatchObject({ value: '7', error: null });
    expect(read('12.')).toMatchObject({ value: '12', error: null });
    expect(read('')).toMatchObject({ kind: 'empty', value: '', error: null });
  });

  it('refuses a decimal comma instead of guessing 15 (or 1.5)', () => {
    expect(read('1,5')).toEqual({ kind: 'invalid', value: '', error: 'Usa punto para decimales: 1.5', pending: true });
    expect(read('12,50')).toMatchObject({ kind: 'invalid', error: 'Usa punto para decimales: 12.50' });
    expect(read('1,234,5')).toMatchObject({ kind: 'invalid', error: 'Usa punto para decimales: 1234.5' });
    expect(read('1,5', whole)).toMatchObject({ kind: 'invalid', error: 'Usa punto para decimales: 1.5' });
  });

  it('refuses commas that are not groups of three', () => {
    expect(read('12,34.5')).toMatchObject({ kind: 'invalid', error: NUMBER_TEXTS.grouping, pending: false });
    expect(read('1,2345')).toMatchObject({ kind: 'invalid', error: NUMBER_TEXTS.grouping });
    expect(read('1234,567')).toMatchObject({ kind: 'invalid', error: NUMBER_TEXTS.grouping });
    // On its way to "1,234": refused only once the person stops typing.
    expect(read('1,')).toMatchObject({ kind: 'invalid', pending: true });
    expect(read('1,23')).toMatchObject({ kind: 'invalid', pending: true });
  });

  it('refuses what is not a number', () => {
    for (const text of ['abc', '12a', '1e5', '1.2.3', '5-3', '--5', '1 000']) {
      expect(read(text)).toMatchObject({ kind: 'invalid', value: '', error: NUMBER_TEXTS.notANumber });
    }
    expect(read('.')).toMatchObject({ kind: 'invalid', pending: true });
  });

  it('refuses a negative figure unless the field admits one', () => {
    expect(read('-1')).toMatchObject({ kind: 'invalid', error: 'No puede ser negativo.' });
    expect(read('-')).toMatchObject({ kind: 'invalid', error: 'No puede ser negativo.' });
    expect(read('-1', { precision: 2 })).toMatchObject({ error: 'No puede ser negativo.' });
    expect(read('-1', { precision: 2, min: -100 })).toMatchObject({ kind: 'number', value: '-1', error: null });
    expect(read('-0', { precision: 2, min: -100 })).toMatchObject({ value: '0', error: null });
    expect(read('-', { precision: 2, min: -100 })).toMatchObject({ kind: 'invalid', pending: true });
  });

  it('a whole-unit field refuses a fraction in Spanish (12,850.5 km is not 12,851)', () => {
    expect(read('12,850.5', whole)).toEqual({ kind: 'number', value: '12850.5', error: 'Debe ser un número entero.', pending: false });
    expect(read('1.5', whole)).toMatchObject({ value: '1.5', error: 'Debe ser un número entero.' });
    expect(read('12,850', whole)).toMatchObject({ value: '12850', error: null });
    expect(read('7.0', whole)).toMatchObject({ value: '7', error: null });
  });

  it('refuses more decimals than the field keeps instead of rounding', () => {
    expect(read('1500.456')).toMatchObject({ value: '1500.456', error: 'Máximo 2 decimales.' });
    expect(read('1.12345', { precision: 4 })).toMatchObject({ error: 'Máximo 4 decimales.' });
    expect(read('1.25', { precision: 1 })).toMatchObject({ error: 'Máximo 1 decimal.' });
    // Zeros past the scale say the same figure.
    expect(read('1.500')).toMatchObject({ value: '1.5', error: null });
  });

  it('never clamps: a figure past its bound keeps its value and says the bound', () => {
    const balance: NumberRules = { ...money, max: '9533.33', maxLabel: 'el saldo' };
    expect(read('20,000', balance)).toEqual({ kind: 'number', value: '20000', error: 'No puede ser mayor que el saldo ($9,533.33).', pending: false });
    expect(read('9533.33', balance)).toMatchObject({ error: null });
    expect(read('150', { precision: 2, max: 100 })).toMatchObject({ value: '150', error: 'No puede ser mayor que 100.' });
    expect(read('0', { precision: 0, min: 1 })).toMatchObject({ value: '0', error: 'No puede ser menor que 1.', pending: true });
    expect(read('-150', { precision: 2, min: -100 })).toMatchObject({ value: '-150', error: 'No puede ser menor que -100.', pending: false });
    expect(read('0.5', { precision: 2, min: '0.75', money: true })).toMatchObject({ error: 'No puede ser menor que $0.75.' });
  });
});

describe('displayNumber / showScale', () => {
  it('money shows its scale: a quoted 1234.50 is not shown as 1234.5', () => {
    expect(displayNumber('1234.5', money)).toBe('1234.50');
    expect(displayNumber('1234', money)).toBe('1234.00');
    expect(displayNumber('1234.567', money)).toBe('1234.567');
    expect(displayNumber('', money)).toBe('');
    expect(displayNumber('1234.5', { precision: 4 })).toBe('1234.5');
    expect(showScale('1,234.5', money)).toBe('1,234.50');
    expect(showScale('12', money)).toBe('12.00');
    expect(showScale('1,5', money)).toBe('1,5');
    expect(showScale('1.5', { precision: 4 })).toBe('1.5');
  });
});
