// The edit dialog of a small catalogue (áreas, puestos, documentos,
// conceptos) opened from its list through the URL (`?edit=12`, `?edit=new`),
// so a reload or a shared link opens it again. The record is the list row
// already on screen; the form is keyed by its version, so "Recargar" after a
// conflict (which refetches the list) starts it again from the server's copy.
import type { ReactNode } from 'react';
import { EditDialogFrame, RecordEditDialog } from '../../../components/EditDialog';
import { NEW_RECORD, type DialogParam } from '../../../components/dialogParam';
import { idParam } from '../../../components/dates';
import type { AppError } from '../../../components/graphqlErrors';
import { texts } from './texts';

export type CatalogDialogProps<Row extends { id: string; version: number }> = {
  dialog: DialogParam;
  rows: Row[];
  loading: boolean;
  error: AppError | null;
  newTitle: string;
  editTitle: (row: Row) => ReactNode;
  /** The form: a new record (row null) or the row being edited. */
  children: (row: Row | null) => ReactNode;
};

export function CatalogDialog<Row extends { id: string; version: number }>({ dialog, rows, loading, error, newTitle, editTitle, children }: CatalogDialogProps<Row>) {
  if (dialog.value === null) return null;
  if (dialog.value === NEW_RECORD) {
    return (
      <EditDialogFrame title={newTitle} onClose={dialog.close}>
        {children(null)}
      </EditDialogFrame>
    );
  }
  const id = idParam(dialog.value);
  const row = rows.find((r) => r.id === id) ?? null;
  return (
    <RecordEditDialog row={row} title={editTitle} loading={loading && id !== null} error={error} notFoundMessage={texts.notFound} onClose={dialog.close}>
      {(r) => children(r)}
    </RecordEditDialog>
  );
}
