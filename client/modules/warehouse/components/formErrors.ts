// Server errors on Almacén forms: the shared placement (client/components/
// serverErrors), plus the older "Revisa los datos capturados." some warehouse
// services still throw, worded like every other screen.
import { ERROR_MESSAGES, type AppError } from '../../../components/graphqlErrors';
import { errorForForm as sharedErrorForForm } from '../../../components/serverErrors';

export { asAppError, placedFields } from '../../../components/serverErrors';

/** The alert above the form: the server's own message when it is specific, else the unplaced field messages. */
export function errorForForm(error: AppError, placed: readonly string[]): AppError {
  const shown = sharedErrorForForm(error, placed);
  if (shown !== error || error.code !== 'BAD_USER_INPUT') return shown;
  return error.message === 'Revisa los datos capturados.' ? { ...error, message: ERROR_MESSAGES.BAD_USER_INPUT } : error;
}
