// Server errors on a form: BAD_USER_INPUT messages go under the inputs the
// screen has; messages for fields it has no input for still reach the user.
import { ERROR_MESSAGES, readGraphQLError, type AppError } from '../../../components/graphqlErrors';

export const asAppError = (caught: unknown): AppError =>
  readGraphQLError(caught) ?? { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, fields: {} };

/** Only the fields the form shows (for applyServerFieldErrors). Paths like "lines.0.amount" match a prefix list entry "lines.". */
export function placedFields(error: AppError, placed: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fields).filter(([path]) => isPlaced(path, placed)));
}

const isPlaced = (path: string, placed: readonly string[]) => placed.some((p) => (p.endsWith('.') ? path.startsWith(p) : path === p));

/** The alert above the form: unplaced field messages replace the generic "revisa los datos". */
export function errorForForm(error: AppError, placed: readonly string[]): AppError {
  if (error.code !== 'BAD_USER_INPUT') return error;
  const rest = [...new Set(Object.entries(error.fields).filter(([path]) => !isPlaced(path, placed)).map(([, m]) => m))];
  return rest.length ? { ...error, message: rest.join(' ') } : error;
}
