import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { formatError, GENERIC_MESSAGE, noteRequestId } from '../../../server/graphql/errors';
import { badInput, conflict } from '../../../server/lib/errors';

describe('error formatting', () => {
  it('passes known codes with the Spanish message and field messages', () => {
    const err = badInput({ email: 'Correo electrónico no válido.' });
    const out = formatError({ message: err.message, extensions: { code: 'BAD_USER_INPUT', stacktrace: ['x'] } }, err);
    expect(out).toEqual({ message: 'Revisa los datos capturados.', path: undefined, extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Correo electrónico no válido.' } } });
    const c = conflict();
    expect(formatError({ message: c.message, extensions: { code: 'CONFLICT' } }, c).extensions).toEqual({ code: 'CONFLICT' });
  });

  it('never lets SQL text or a stack trace reach the client', () => {
    const dbError = new Error('duplicate key value violates unique constraint "users_email_uq" \n at Pool.query (node_modules/pg/lib/...)');
    const wrapped = new GraphQLError(dbError.message, { originalError: dbError });
    // The server notes the request of an unexpected error without writing to the error.
    noteRequestId(wrapped, 'req-1');
    const out = formatError({ message: dbError.message, extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at x'] } }, wrapped);
    expect(wrapped.extensions).toEqual({});
    expect(out.message).toBe(`${GENERIC_MESSAGE} Referencia: req-1`);
    expect(JSON.stringify(out)).not.toMatch(/users_email_uq|constraint|stacktrace|node_modules/);
    expect(out.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: 'req-1' });
  });
});
