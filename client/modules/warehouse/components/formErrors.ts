// Server errors on Almacén forms: field messages under their inputs, the rest
// (a shortage naming an article, a document-level rule) above the form.
import { ERROR_MESSAGES, readGraphQLError, type AppError } from '../../../components/graphqlErrors';

export const asAppError = (caught: unknown): AppError =>
  readGraphQLError(caught) ?? { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, fields: {} };

/** Fields the form shows: exact names, or any path under a list prefix ("lines."). */
const isPlaced = (path: string, placed: readonly string[]) => placed.some((p) => (p.endsWith('.') ? path.startsWith(p) : path === p));

export function placedFields(error: AppError, placed: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fields).filter(([path]) => isPlaced(path, placed)));
}

/** The alert above the form: the server's own message when it is specific, else the unplaced field messages. */
export function errorForForm(error: AppError, placed: readonly string[]): AppError {
  if (error.code !== 'BAD_USER_INPUT') return error;
  const rest = [...new Set(Object.entries(error.fields).filter(([path]) => !isPlaced(path, placed)).map(([, m]) => m))];
  if (rest.length) return { ...error, message: rest.join(' ') };
  const generic = error.message === 'Revisa los datos capturados.' || error.message === ERROR_MESSAGES.BAD_USER_INPUT;
  return generic ? { ...error, message: ERROR_MESSAGES.BAD_USER_INPUT } : error;
}
