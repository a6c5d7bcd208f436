// The save flow every edit form shares (dialogs and in-place FormPage
// editors): validate → mutate → notify → done; on failure the field messages
// go under their inputs and the rest above the form.
import { useState } from 'react';
import type { FormErrors } from '@mantine/form';
import { applyServerFieldErrors } from './FormPage';
import type { AppError } from './graphqlErrors';
import { notifyError, notifySuccess } from './notify';
import { asAppError, errorForForm as defaultErrorForForm, placedFields } from './serverErrors';

/** The part of a @mantine/form form the flow uses. */
type SavableForm<Values> = {
  validate: () => { hasErrors: boolean };
  getValues: () => Values;
  resetDirty: () => void;
  errors: FormErrors;
  setErrors: (errors: FormErrors) => void;
};

export type FormSaveOptions<Values> = {
  form: SavableForm<Values>;
  /** The fields the form has inputs for (server messages for others go above it). */
  fields: readonly string[];
  /** After the success notice (close the dialog, back to the list). */
  onSaved: () => void;
  /** Read-only forms never save. */
  readOnly?: boolean;
  /** A module's own wording of the alert above the form. */
  errorForForm?: (error: AppError, placed: readonly string[]) => AppError;
  /** Checks the form's rules cannot express (its lines, a field another one requires): messages by path, set under the inputs beside the rules' own; any stops the save. */
  validate?: (values: Values) => Record<string, string>;
  /** Server messages the form shows under inputs it names its own way (applications.0.amount → apply.<invoice id>), by the form's path; set beside the placed ones. */
  mapError?: (error: AppError) => Record<string, string>;
  /** Errors said in a notice instead of the alert above the form (a long phone screen whose top is out of sight); their field messages still go under the inputs. */
  asNotice?: (error: AppError) => boolean;
  /** That notice's title ("Error" otherwise). */
  noticeTitle?: string;
  /** Asked once the form is valid, before anything is sent (an irreversible move, confirmIrreversibleAsync): false stops the save. */
  confirm?: (values: Values) => Promise<boolean>;
};

/** What a save resolves to: the success message, or the message and where to go instead of `onSaved` (a new record's own page; no message when that page is the answer). */
export type Saved = string | { message: string | null; onSaved: () => void };

export type FormSave<Values> = {
  /** Runs the mutation with the validated values; resolves to the success message. */
  save: (mutate: (values: Values) => Promise<Saved>) => Promise<void>;
  saving: boolean;
  error: AppError | null;
  /** Shows another action's error (a stale copy met by "Cancelar", "Autorizar"…) above the form; the next save clears it. */
  setError: (error: AppError | null) => void;
};

export function useFormSave<Values>({
  form,
  fields,
  onSaved,
  readOnly = false,
  errorForForm = defaultErrorForForm,
  validate,
  mapError,
  asNotice,
  noticeTitle,
  confirm,
}: FormSaveOptions<Values>): FormSave<Values> {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  const save = async (mutate: (values: Values) => Promise<Saved>) => {
    setError(null);
    if (readOnly) return;
    const checked = form.validate();
    const extra = validate?.(form.getValues()) ?? {};
    if (Object.keys(extra).length) form.setErrors({ ...form.errors, ...extra });
    if (checked.hasErrors || Object.keys(extra).length) return;
    if (confirm && !(await confirm(form.getValues()))) return;
    setSaving(true);
    try {
      const saved = await mutate(form.getValues());
      const done = typeof saved === 'string' ? { message: saved, onSaved } : saved;
      form.resetDirty();
      if (done.message !== null) notifySuccess(done.message);
      done.onSaved();
    } catch (caught) {
      const appError = asAppError(caught);
      applyServerFieldErrors(form, { ...placedFields(appError, fields), ...mapError?.(appError) });
      if (asNotice?.(appError)) notifyError(appError.message, noticeTitle);
      else setError(errorForForm(appError, fields));
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, error, setError };
}
