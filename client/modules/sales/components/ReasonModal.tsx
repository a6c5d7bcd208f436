// Cancelling or rejecting a document asks for the reason in a dialog; the
// buttons use the product's confirm colours (SPEC §1 "Dialogs").
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CANCEL_COLOR, CONFIRM_COLOR } from '../../../components/confirm';
import { texts } from '../texts';
import { asAppError } from '../../../components/serverErrors';

type Props = {
  opened: boolean;
  title: string;
  message?: string;
  confirmLabel: string;
  onClose: () => void;
  /** Resolves when done; a rejection keeps the dialog open with the message. */
  onConfirm: (reason: string) => Promise<void>;
};

export function ReasonModal({ opened, title, message, confirmLabel, onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setError('Este campo es obligatorio.');
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
      setError(null);
      onClose();
    } catch (caught) {
      const appError = asAppError(caught);
      setError(appError.fields.reason ?? appError.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {message ? <Text size="sm">{message}</Text> : null}
        <Textarea label={texts.common.reason} placeholder={texts.common.reasonPlaceholder} autosize minRows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} data-autofocus required />
        <Group justify="flex-end" gap="xs">
          <Button color={CANCEL_COLOR} onClick={onClose} disabled={busy}>
            {texts.common.cancel}
          </Button>
          <Button color={CONFIRM_COLOR} loading={busy} onClick={() => void submit()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
