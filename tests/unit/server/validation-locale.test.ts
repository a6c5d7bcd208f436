// parseInput: a rule without its own message falls back to zod's default, which
// must be Spanish (the es locale set once in server/lib/validation.ts), never English.
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { parseInput, z } from '../../../server/lib/validation';

const fieldsOf = (run: () => unknown): Record<string, string> => {
  try {
    run();
  } catch (e) {
    expect((e as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
    return ((e as GraphQLError).extensions.fields ?? {}) as Record<string, string>;
  }
  throw new Error('expected a refusal');
};

describe('parseInput default messages', () => {
  const bare = z.object({
    stock: z.number().max(1_000_000),
    lines: z.array(z.number()).max(2),
    name: z.string().max(3),
    kind: z.enum(['a', 'b']),
    count: z.number(),
  });

  it('are Spanish for rules without a custom message', () => {
    expect(fieldsOf(() => parseInput(bare, { stock: 1_000_001, lines: [1, 2, 3], name: 'abcd', kind: 'c', count: 'x' }))).toEqual({
      stock: 'Demasiado grande: se esperaba que número fuera <=1000000',
      lines: 'Demasiado grande: se esperaba que arreglo tuviera <=2 elementos',
      name: 'Demasiado grande: se esperaba que texto tuviera <=3 caracteres',
      kind: 'Opción inválida: se esperaba una de "a"|"b"',
      count: 'Entrada inválida: se esperaba número, recibido texto',
    });
  });

  it('leave a rule’s own message as it is', () => {
    const own = z.object({ stock: z.number().max(10, 'Máximo 10.') });
    expect(fieldsOf(() => parseInput(own, { stock: 11 }))).toEqual({ stock: 'Máximo 10.' });
  });

  it('no default message is the English one', () => {
    const fields = fieldsOf(() => parseInput(bare, {}));
    for (const message of Object.values(fields)) expect(message).not.toMatch(/Invalid|expected|Too (big|small)/);
    expect(Object.keys(fields).sort()).toEqual(['count', 'kind', 'lines', 'name', 'stock']);
  });
});
