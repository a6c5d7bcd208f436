// Runs a lifecycle action of a document (enviar, autorizar, emitir…): a toast
// on success and a reload of the record; a stale version shows the form's
// "Recargar" banner, any other refusal a toast with the server's message.
import { ERROR_MESSAGES, type AppError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { texts } from '../texts';
import { asAppError, errorForForm } from '../../../components/serverErrors';

export function documentAction(setError: (error: AppError | null) => void, onReload?: () => void) {
  /**
   * `done` is the success toast ('' when the work shows its own). `reloadOnRefusal`: a move
   * whose refusal may still change the record (an invoice the PAC refused goes back to borrador,
   * one it did not answer stays pendiente) reloads it after the toast.
   */
  return async (work: () => Promise<unknown>, done: string, { reloadOnRefusal = false }: { reloadOnRefusal?: boolean } = {}): Promise<boolean> => {
    try {
      await work();
      if (done) notifySuccess(done);
      onReload?.();
      return true;
    } catch (caught) {
      const appError = asAppError(caught);
      if (appError.code === 'CONFLICT' && appError.message === ERROR_MESSAGES.CONFLICT) setError(appError);
      else {
        notifyError(errorForForm(appError, []).message, texts.common.actionFailed);
        if (reloadOnRefusal) onReload?.();
      }
      return false;
    }
  };
}
