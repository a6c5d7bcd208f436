// Cancelling, rejecting or discarding a document asks why first: a dialog with
// an optional message, the reason and the product's confirm colours (SPEC §1
// "Dialogs"). An empty required reason is refused before sending; a refusal
// from the server keeps the dialog open with its message under the field
// (`fields.reason`; the messages of fields it has no input for, unless `onFieldErrors`
// shows them; or the general message when the server names no field).
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CANCEL_COLOR, CONFIRM_COLOR } from './confirm';
import { asAppError } from './serverErrors';

export const REASON_DIALOG_TEXTS = {
  reason: 'Motivo',
  reasonPlaceholder: 'Escribe el motivo',
  required: 'Escribe el motivo.',
  cancel: 'Cancelar',
};

export type ReasonDialogProps = {
  opened: boolean;
  title: ReactNode;
  /** Shown above the field; a string becomes a small paragraph. */
  message?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  reasonLabel?: ReactNode;
  reasonPlaceholder?: string;
  /** False when the reason may stay empty (sent as ''). */
  required?: boolean;
  /** What an empty required field says, when the field is not a «motivo» (an IDSE acuse). */
  requiredMessage?: string;
  maxLength?: number;
  /** Runs when the dialog closes: `confirmed` is true after a confirm that succeeded, false when dismissed. */
  onClose: (confirmed: boolean) => void;
  /** Receives the trimmed reason; resolving closes the dialog, a rejection keeps it open with the message. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** More fields of the same decision (e.g. SAT's cancellation motive), shown above the reason. */
  extra?: ReactNode;
  /**
   * A refusal's per-field messages for the `extra` fields: return true when some were shown
   * there, so the reason field shows only its own message.
   */
  onFieldErrors?: (fields: Record<string, string>) => boolean;
};

export function ReasonDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = REASON_DIALOG_TEXTS.cancel,
  reasonLabel = REASON_DIALOG_TEXTS.reason,
  reasonPlaceholder = REASON_DIALOG_TEXTS.reasonPlaceholder,
  required = true,
  requiredMessage = REASON_DIALOG_TEXTS.required,
  maxLength = 500,
  onClose,
  onConfirm,
  extra,
  onFieldErrors,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setReason('');
    setError(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose(false);
  };
  const submit = async () => {
    const text = reason.trim();
    if (required && !text) {
      setError(requiredMessage);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onConfirm(text);
    } catch (caught) {
      const appError = asAppError(caught);
      const shownElsewhere = onFieldErrors?.(appError.fields) ?? false;
      // A field this dialog has no input for (a date, an amount the decision checks) still says what is
      // wrong: its own message, not the generic «Revisa los datos capturados».
      const others = Object.entries(appError.fields).filter(([field]) => field !== 'reason').map(([, text]) => text);
      setError(appError.fields.reason ?? (shownElsewhere ? null : others.length ? others.join(' ') : appError.message));
      setBusy(false);
      return;
    }
    setBusy(false);
    reset();
    onClose(true);
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="sm">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : (message ?? null)}
        {extra ?? null}
        <Textarea
          label={reasonLabel}
          placeholder={reasonPlaceholder}
          autosize
          minRows={2}
          maxLength={maxLength}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          data-autofocus
          required={required}
        />
        <Group justify="flex-end" gap="xs">
          <Button color={CANCEL_COLOR} onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color={CONFIRM_COLOR} loading={busy} onClick={() => void submit()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
