// Pieces shared by the catalogue screens: the active filter, delete with its
// "deactivated instead" outcome, and server errors on their forms.
import { confirmAction } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../components/notify';
import { texts } from '../texts';
import { asAppError, errorForForm } from './formErrors';

export const ACTIVE_FILTER_OPTIONS = [
  { value: 'all', label: texts.common.all },
  { value: 'true', label: texts.common.active },
  { value: 'false', label: texts.common.inactive },
];

export const activeFilterValue = (raw: string | undefined): boolean | undefined => (raw === 'true' ? true : raw === 'false' ? false : undefined);

/** Asks, deletes (or the server deactivates), tells the outcome, then `done()`. */
export function confirmDelete(name: string, run: () => Promise<{ message: string } | undefined>, done: () => void) {
  confirmAction({
    title: texts.common.deleteTitle,
    message: texts.common.deleteMessage(name),
    confirmLabel: texts.common.delete,
    onConfirm: () => {
      void (async () => {
        try {
          const outcome = await run();
          if (outcome) notifySuccess(outcome.message);
          done();
        } catch (caught) {
          notifyError(errorForForm(asAppError(caught), []).message, texts.common.actionFailed);
        }
      })();
    },
  });
}
