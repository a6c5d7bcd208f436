// Small edit forms (a module, a role, an account, a cash movement…) open in a
// dialog over their list: error alert on top (with "Recargar" on a version
// conflict), the fields, then Cancelar / Guardar. A record read on opening
// uses EditDialogFrame: the modal stays mounted while its content changes from
// "loading" to the form, and the form is keyed by the record's version, so a
// reload after a conflict starts it again without the dialog reopening.
import { Fragment, useRef, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { SaveErrorAlert } from './FormPage';
import type { AppError } from './graphqlErrors';
import { RecordActionProvider, type RecordName } from './recordActions';
import { RecordHistoryButton } from './RecordHistory';
import { focusRefusedNumber } from './NumberField';
import { useSaveShortcut } from './useSaveShortcut';

const TEXTS = {
  edit: 'Editar',
  save: 'Guardar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  loadFailed: 'No se pudo cargar la información',
  readOnly: 'Solo lectura: tu rol no permite modificar esta información.',
};

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

export type EditDialogFormProps = {
  onSubmit: () => void | Promise<void>;
  onCancel: () => void;
  saving: boolean;
  error?: AppError | null;
  onReload?: () => void;
  /** Hides the submit button (a record shown for reading). */
  readOnly?: boolean;
  /** Says "Solo lectura…" above the fields when readOnly. */
  readOnlyNotice?: boolean;
  submitLabel?: string;
  /** Buttons on the left of Cancelar / Guardar. */
  extraActions?: ReactNode;
  /** Unsaved changes: actions that act on the saved record wait for «Guardar» (recordActions.tsx). */
  dirty?: boolean;
  /** How the record is named when an irreversible action asks first. */
  record?: RecordName;
  /** A saved record's audit entity and id: the dialog offers its Historial, as FormPage does. */
  history?: { entity: string; id: string };
  children: ReactNode;
};

export function EditDialogForm({
  onSubmit,
  onCancel,
  saving,
  error,
  onReload,
  readOnly = false,
  readOnlyNotice = true,
  submitLabel = TEXTS.save,
  extraActions,
  dirty = false,
  record,
  history,
  children,
}: EditDialogFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef, !readOnly && !saving);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The modal is portalled, but React still bubbles its events to the
    // page's tree; a form around the list must not see this submit.
    event.stopPropagation();
    if (saving || readOnly) return;
    // A figure the field refused is not sent as nothing or as the old value.
    if (focusRefusedNumber(formRef.current)) return;
    void onSubmit();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {history ? (
          <Group justify="flex-end">
            <RecordHistoryButton entity={history.entity} entityId={history.id} reference={record?.reference} />
          </Group>
        ) : null}
        {error ? <SaveErrorAlert error={error} onReload={onReload} /> : null}
        {readOnly && readOnlyNotice ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {TEXTS.readOnly}
          </Alert>
        ) : null}
        <RecordActionProvider dirty={dirty} record={record ?? null}>
          {children}
        </RecordActionProvider>
        <Group justify="space-between" gap="xs">
          <RecordActionProvider dirty={dirty} record={record ?? null}>
            <Group gap="xs">{extraActions}</Group>
          </RecordActionProvider>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {readOnly ? TEXTS.close : TEXTS.cancel}
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
  );
}

export type FormDialogProps = Omit<EditDialogFormProps, 'onCancel' | 'readOnlyNotice'> & {
  title: ReactNode;
  opened: boolean;
  onClose: () => void;
  size?: string | number;
};

/** A small form in its own modal (an account, a transfer, a cash movement…). */
export function FormDialog({ title, opened, onClose, size = 'lg', ...form }: FormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <EditDialogForm {...form} onCancel={onClose} readOnlyNotice={false} />
    </Modal>
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
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={TEXTS.loadFailed}>
        {message}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {TEXTS.close}
        </Button>
      </Group>
    </Stack>
  );
}

export type RecordEditDialogProps<Row extends { id: string; version: number }> = {
  /** The record as read (null while it loads or when it does not exist). */
  row: Row | null;
  title: (row: Row) => ReactNode;
  loading: boolean;
  error: AppError | null;
  notFoundMessage: string;
  onClose: () => void;
  /** The form for the record read; it is keyed by the record's version. */
  children: (row: Row) => ReactNode;
};

/** A dialog that edits a record read when it opens: "loading" (or not found) in the same frame, then the form. */
export function RecordEditDialog<Row extends { id: string; version: number }>({
  row,
  title,
  loading,
  error,
  notFoundMessage,
  onClose,
  children,
}: RecordEditDialogProps<Row>) {
  return (
    <EditDialogFrame title={row ? title(row) : TEXTS.edit} onClose={onClose}>
      {row ? (
        <Fragment key={`${row.id}:${row.version}`}>{children(row)}</Fragment>
      ) : (
        <DialogLoadState loading={loading} error={error} notFoundMessage={notFoundMessage} onClose={onClose} />
      )}
    </EditDialogFrame>
  );
}
