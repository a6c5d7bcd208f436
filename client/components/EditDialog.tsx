// The small edit forms of Configuración (module, screen, role) open in a
// dialog over their list. The frame (the modal) stays mounted while its
// content changes from "loading" to the form, and the form is keyed by the
// record's version, so a reload after a conflict starts it again without the
// dialog closing and reopening.
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { ERROR_MESSAGES, type AppError } from '../../components/graphqlErrors';
import { texts } from './texts';

export function EditDialogFrame({
  title,
  onClose,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      {children}
    </Modal>
  );
}

function DialogError({ error, onReload }: { error: AppError; onReload?: () => void }) {
  if (error.code === 'CONFLICT') {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.conflictTitle}>
        <Stack gap="xs" align="flex-start">
          {ERROR_MESSAGES.CONFLICT}
          {onReload ? (
            <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReload}>
              {texts.common.reload}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.saveFailed}>
      {error.message}
    </Alert>
  );
}

export type EditDialogFormProps = {
  onSubmit: () => void | Promise<void>;
  onCancel: () => void;
  saving: boolean;
  error?: AppError | null;
  onReload?: () => void;
  readOnly?: boolean;
  children: ReactNode;
};

export function EditDialogForm({ onSubmit, onCancel, saving, error, onReload, readOnly = false, children }: EditDialogFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The modal is portalled, but React still bubbles its events to the
    // page's tree; a form around the list must not see this submit.
    event.stopPropagation();
    if (saving || readOnly) return;
    void onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? <DialogError error={error} onReload={onReload} /> : null}
        {readOnly ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {texts.common.readOnly}
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {readOnly ? texts.common.close : texts.common.cancel}
          </Button>
          {readOnly ? null : (
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
              {texts.common.save}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The dialog's content while its record loads, or when it could not be read. */
export function DialogLoadState({
  loading,
  error,
  notFoundMessage,
  onClose,
}: {
  loading: boolean;
  error: AppError | null;
  notFoundMessage: string;
  onClose: () => void;
}) {
  if (loading) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  const message = error && error.code !== 'NOT_FOUND' ? error.message : notFoundMessage;
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.loadFailed}>
        {message}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {texts.common.close}
        </Button>
      </Group>
    </Stack>
  );
}
