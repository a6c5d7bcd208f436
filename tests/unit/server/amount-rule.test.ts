// rules.amount: an amount field (Decimal text) checked in one pass, one Spanish message per field.
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { parseInput, rules, z } from '../../../server/lib/validation';

const fieldsOf = (run: () => unknown): Record<string, string> => {
  try {
    run();
  } catch (e) {
    return ((e as GraphQLError).extensions.fields ?? {}) as Record<string, string>;
  }
  throw new Error('expected a refusal');
};

describe('rules.amount', () => {
  const salary = z.object({ salary: rules.amount({ positive: true, positiveMessage: 'El salario diario debe ser mayor a cero.', max: '9999999' }) });
  const balance = z.object({ balance: rules.amount({ places: 4 }) });

  it('returns plain decimal text', () => {
    expect(parseInput(salary, { salary: ' 315.04 ' })).toEqual({ salary: '315.04' });
    expect(parseInput(salary, { salary: '400.50' })).toEqual({ salary: '400.5' });
    expect(parseInput(balance, { balance: '0' })).toEqual({ balance: '0' });
    expect(parseInput(balance, { balance: '12.3456' })).toEqual({ balance: '12.3456' });
  });

  it('one message per field: missing, format, sign, decimals, size', () => {
    expect(fieldsOf(() => parseInput(salary, {}))).toEqual({ salary: 'Este campo es obligatorio.' });
    expect(fieldsOf(() => parseInput(salary, { salary: '' }))).toEqual({ salary: 'Este campo es obligatorio.' });
    expect(fieldsOf(() => parseInput(salary, { salary: '1,000' }))).toEqual({ salary: 'Importe no válido.' });
    expect(fieldsOf(() => parseInput(salary, { salary: '0' }))).toEqual({ salary: 'El salario diario debe ser mayor a cero.' });
    expect(fieldsOf(() => parseInput(salary, { salary: '-0.01' }))).toEqual({ salary: 'El salario diario debe ser mayor a cero.' });
    expect(fieldsOf(() => parseInput(salary, { salary: '1.001' }))).toEqual({ salary: 'Máximo 2 decimales.' });
    expect(fieldsOf(() => parseInput(salary, { salary: '10000000' }))).toEqual({ salary: 'Importe demasiado grande.' });
    expect(fieldsOf(() => parseInput(balance, { balance: '-1' }))).toEqual({ balance: 'No puede ser negativo.' });
    expect(fieldsOf(() => parseInput(balance, { balance: '1.00001' }))).toEqual({ balance: 'Máximo 4 decimales.' });
  });
});
