import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { ERROR_MESSAGES, readGraphQLError } from '../../../client/components/graphqlErrors';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

describe('readGraphQLError', () => {
  it('returns null when there is no error', () => {
    expect(readGraphQLError(undefined)).toBeNull();
    expect(readGraphQLError(null)).toBeNull();
  });

  it('maps BAD_USER_INPUT with its per-field messages', () => {
    const error = graphQLError('Revisa los datos capturados.', {
      code: 'BAD_USER_INPUT',
      fields: { email: 'Correo no válido.', 'lines.0.quantity': 'Debe ser mayor que cero.', bogus: 42 },
    });
    expect(readGraphQLError(error)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Revisa los datos capturados.',
      fields: { email: 'Correo no válido.', 'lines.0.quantity': 'Debe ser mayor que cero.' },
    });
  });

  it('merges fields of several BAD_USER_INPUT errors; the first error decides the code', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [
        { message: 'Datos inválidos.', extensions: { code: 'BAD_USER_INPUT', fields: { rfc: 'RFC inválido.' } } },
        { message: 'Datos inválidos.', extensions: { code: 'BAD_USER_INPUT', fields: { curp: 'CURP inválida.' } } },
      ],
    });
    expect(readGraphQLError(error)?.fields).toEqual({ rfc: 'RFC inválido.', curp: 'CURP inválida.' });
  });

  it.each([
    ['UNAUTHENTICATED', 'Inicia sesión.'],
    ['FORBIDDEN', 'No tienes permiso para editar clientes.'],
    ['NOT_FOUND', 'El cliente no existe.'],
    ['CONFLICT', 'Otro usuario modificó este registro.'],
  ])('keeps the server code %s and its Spanish message', (code, message) => {
    expect(readGraphQLError(graphQLError(message, { code }))).toEqual({ code, message, fields: {} });
  });

  it('falls back to a Spanish message when the server sends none', () => {
    expect(readGraphQLError(graphQLError('', { code: 'FORBIDDEN' }))?.message).toBe(ERROR_MESSAGES.FORBIDDEN);
  });

  it('hides unknown codes and their (possibly English) text behind INTERNAL', () => {
    expect(readGraphQLError(graphQLError('Unexpected error.', { code: 'INTERNAL_SERVER_ERROR' }))).toEqual({
      code: 'INTERNAL',
      message: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.',
      fields: {},
    });
    expect(readGraphQLError(graphQLError('Cannot query field "x"', {}))?.code).toBe('INTERNAL');
  });

  it('reads a network failure', () => {
    expect(readGraphQLError(new TypeError('Failed to fetch'))).toEqual({
      code: 'NETWORK',
      message: 'No se pudo conectar con el servidor.',
      fields: {},
    });
    expect(readGraphQLError(new TypeError('fetch failed'))?.code).toBe('NETWORK');
  });

  it('reads HTTP errors, including a GraphQL body sent with a non-2xx status', () => {
    const response = (status: number) => new Response('', { status });
    expect(readGraphQLError(new ServerError('x', { response: response(401), bodyText: '' }))?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(readGraphQLError(new ServerError('x', { response: response(503), bodyText: '<html>' }))?.code).toBe(
      'NETWORK',
    );
    expect(readGraphQLError(new ServerError('x', { response: response(500), bodyText: 'boom' }))).toEqual({
      code: 'INTERNAL',
      message: ERROR_MESSAGES.INTERNAL,
      fields: {},
    });
    const body = JSON.stringify({ errors: [{ message: 'Sin permiso.', extensions: { code: 'FORBIDDEN' } }] });
    expect(readGraphQLError(new ServerError('x', { response: response(400), bodyText: body }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Sin permiso.',
      fields: {},
    });
    expect(
      readGraphQLError(new ServerParseError(new Error('bad json'), { response: response(200), bodyText: '{' }))
        ?.code,
    ).toBe('INTERNAL');
  });

  it('accepts a plain errors array (errorPolicy "all") and an already read error', () => {
    const read = readGraphQLError({ errors: [{ message: 'No existe.', extensions: { code: 'NOT_FOUND' } }] });
    expect(read).toEqual({ code: 'NOT_FOUND', message: 'No existe.', fields: {} });
    expect(readGraphQLError(read)).toBe(read);
  });

  it('treats anything else as INTERNAL', () => {
    expect(readGraphQLError(new Error('Something broke'))?.code).toBe('INTERNAL');
    expect(readGraphQLError('texto')?.message).toBe(ERROR_MESSAGES.INTERNAL);
  });
});
