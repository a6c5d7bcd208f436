// The error contract of SPEC §1: every error a client sees carries a code
// from this list and a Spanish message; BAD_USER_INPUT adds per-field messages.
import { GraphQLError } from 'graphql';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT';
export type FieldMessages = Record<string, string>;

export const KNOWN_CODES: readonly string[] = ['UNAUTHENTICATED', 'FORBIDDEN', 'BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT'];

export const appError = (code: ErrorCode, message: string, fields?: FieldMessages): GraphQLError =>
  new GraphQLError(message, { extensions: fields ? { code, fields } : { code } });

export const unauthenticated = (message = 'Inicia sesión para continuar.') => appError('UNAUTHENTICATED', message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') => appError('FORBIDDEN', message);
export const notFound = (what = 'El registro') => appError('NOT_FOUND', `${what} no existe.`);
export const conflict = (
  message = 'Otro usuario modificó este registro. Recarga la página para ver los cambios.',
) => appError('CONFLICT', message);
export const badInput = (fields: FieldMessages, message = 'Revisa los datos capturados.') =>
  appError('BAD_USER_INPUT', message, fields);

/** The row or NOT_FOUND. */
export function found<T>(row: T | null | undefined, what = 'El registro'): T {
  if (row === null || row === undefined) throw notFound(what);
  return row;
}
