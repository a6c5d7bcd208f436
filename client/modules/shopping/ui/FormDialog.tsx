// Small forms of Compras and Caja (an account, a transfer, a concept, a cash
// movement…) open in a dialog over their list: error alert on top (with
// "Recargar" on a version conflict), fields, then Cancelar / Guardar.
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { ERROR_MESSAGES, type AppError } from '../../../components/graphqlErrors';

export type FormDialogProps = {
  title: ReactNode;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void | Promise<void>;
  saving: boolean;
  error?: AppError | null;
  onReload?: () => void;
  submitLabel?: string;
  /** Hides the submit button (a record shown for reading). */
  readOnly?: boolean;
  size?: string | number;
  children: ReactNode;
  extraActions?: ReactNode;
};

export function FormDialog({ title, opened, onClose, onSubmit, saving, error, onReload, submitLabel = 'Guardar', readOnly = false, size = 'lg', children, extraActions }: FormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The modal is portalled, but React bubbles its events to the page's tree.
    event.stopPropagation();
    if (saving || readOnly) return;
    void onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color={error.code === 'CONFLICT' ? 'orange' : 'red'} variant="light" icon={<IconAlertCircle size={18} />} title={error.code === 'CONFLICT' ? 'Conflicto de edición' : 'No se pudo guardar'}>
              <Stack gap="xs" align="flex-start">
                {error.code === 'CONFLICT' ? ERROR_MESSAGES.CONFLICT : error.message}
                {error.code === 'CONFLICT' && onReload ? (
                  <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReload}>
                    Recargar
                  </Button>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {children}
          <Group justify="space-between" gap="xs">
            <Group gap="xs">{extraActions}</Group>
            <Group gap="xs">
              <Button variant="default" onClick={onClose} disabled={saving}>
                {readOnly ? 'Cerrar' : 'Cancelar'}
              </Button>
              {readOnly ? null : (
                <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
                  {submitLabel}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A calendar date input (AAAA-MM-DD on the wire; the browser shows its own date picker). */
export function DateField(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="date" {...props} />;
}
