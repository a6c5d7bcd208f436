// Server errors on a form: BAD_USER_INPUT messages go under the inputs the
// screen has; messages for fields it has no input for (the role matrix as a
// whole, a guard rail, a shortage naming an article) still reach the user.
import { ERROR_MESSAGES, readGraphQLError, type AppError } from './graphqlErrors';

/** Whatever a mutation threw, as an AppError (never null). */
export const asAppError = (caught: unknown): AppError =>
  readGraphQLError(caught) ?? { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, fields: {} };

/** Exact names, or any path under a list prefix ("lines." matches "lines.0.amount"). */
const isPlaced = (path: string, placed: readonly string[]) => placed.some((p) => (p.endsWith('.') ? path.startsWith(p) : path === p));

/** Field messages the screen cannot place under one of its inputs. */
export function unplacedMessages(error: AppError, placed: readonly string[]): string[] {
  return Object.entries(error.fields)
    .filter(([path]) => !isPlaced(path, placed))
    .map(([, message]) => message);
}

/** Only the fields the form has an input for (for applyServerFieldErrors / setErrors). */
export function placedFields(error: AppError, placed: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fields).filter(([path]) => isPlaced(path, placed)));
}

/**
 * The error to show above the form: a BAD_USER_INPUT with messages that no
 * input shows says those messages instead of the generic "revisa los datos".
 */
export function errorForForm(error: AppError, placed: readonly string[]): AppError {
  if (error.code !== 'BAD_USER_INPUT') return error;
  const rest = [...new Set(unplacedMessages(error, placed))];
  return rest.length > 0 ? { ...error, message: rest.join(' ') } : error;
}
