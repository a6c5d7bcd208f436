// BAD_USER_INPUT may name fields the screen has no input for (the role matrix
// as a whole, a guard rail): those messages must still reach the user.
import { ERROR_MESSAGES, readGraphQLError, type AppError } from '../../components/graphqlErrors';

/** Whatever a mutation threw, as an AppError (never null). */
export const asAppError = (caught: unknown): AppError =>
  readGraphQLError(caught) ?? { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, fields: {} };

/** Field messages the screen cannot place under one of its inputs. */
export function unplacedMessages(error: AppError, placed: readonly string[]): string[] {
  return Object.entries(error.fields)
    .filter(([path]) => !placed.includes(path))
    .map(([, message]) => message);
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

/** Only the fields the form has an input for (for applyServerFieldErrors / setErrors). */
export function placedFields(error: AppError, placed: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fields).filter(([path]) => placed.includes(path)));
}
