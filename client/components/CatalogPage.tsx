// The page of a small catalogue (áreas, puestos, documentos, conceptos…): a
// ListPage with its search and filters, a "Nuevo …" button when the role may
// create, and an edit dialog opened through the URL (`?edit=12`, `?edit=new`)
// so a reload or a shared link opens it again. The page owns the dialog, the
// form's save (validate → create or update with the row's version → success
// notice → close and refresh the list; server field errors under their
// inputs); the screen gives its columns, filters, fields and mutations.
// CatalogList is its list part alone, for a catalogue whose record opens
// elsewhere (a form page, `?id=N`).
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { EditDialogForm, EditDialogFrame, RecordEditDialog } from './EditDialog';
import { NEW_RECORD, useDialogParam } from './dialogParam';
import { idParam } from './dates';
import type { AppError } from './graphqlErrors';
import { ListPage, type ListColumn } from './ListPage';
import type { ListParams } from './listParams';
import { useFormSave } from './useFormSave';

export type CatalogRow = { id: string; version: number };

/** What the role may do on the screen (from useScreenAccess). */
export type CatalogAccess = { crear: boolean; editar: boolean; exportar: boolean };

/** The list's data: useServerList's result, or any source of the same shape. */
export type CatalogListData<Row> = {
  rows: Row[];
  total: number;
  loading: boolean;
  error: AppError | null;
  fetchAll: () => Promise<Row[]>;
  refetch: () => Promise<unknown>;
};

export type CatalogListProps<Row extends { id: string }> = {
  /** Optional sub-heading; the shell already shows the route's title. */
  title?: string;
  description?: ReactNode;
  columns: ListColumn<Row>[];
  params: ListParams;
  list: Omit<CatalogListData<Row>, 'refetch'>;
  /** Filter inputs next to the search box. */
  filters?: ReactNode;
  access: CatalogAccess;
  texts: Pick<CatalogTexts<Row>, 'newButton' | 'searchPlaceholder' | 'exportName'>;
  /** Opens a row's record. */
  onOpen: (row: Row) => void;
  /** Opens a new record ("Nuevo …", shown only with `crear`). */
  onNew: () => void;
};

/** A catalogue's list: search, filters, export with `exportar`, "Nuevo …" with `crear`, a row opens its record. */
export function CatalogList<Row extends { id: string }>({ title, description, columns, params, list, filters, access, texts, onOpen, onNew }: CatalogListProps<Row>) {
  return (
    <ListPage
      title={title}
      description={description}
      exportName={texts.exportName}
      searchPlaceholder={texts.searchPlaceholder}
      columns={columns}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={onOpen}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
            {texts.newButton}
          </Button>
        ) : undefined
      }
      filters={filters}
    />
  );
}

/** The screen's Spanish wording. */
export type CatalogTexts<Row> = {
  /** "Nueva área" (the header button). */
  newButton: string;
  /** The dialog's title on a new record. */
  newTitle: string;
  /** The dialog's title on a record ("Área: Ventas"). */
  editTitle: (row: Row) => ReactNode;
  /** The notice after creating ("Área registrada."). */
  created: string;
  /** The notice after updating ("Cambios guardados."). */
  saved: string;
  /** The dialog's message when `?edit=N` is not among the rows. */
  notFound: string;
  searchPlaceholder?: string;
  exportName?: string;
};

export type CatalogFieldsContext<Row> = {
  /** The record edited, null on a new one. */
  row: Row | null;
  /** The role may not save this form (edit without `editar`, new without `crear`). */
  readOnly: boolean;
};

export type CatalogPageProps<Row extends CatalogRow, Values extends Record<string, unknown>> = {
  /** Optional sub-heading; the shell already shows the route's title. */
  title?: string;
  description?: ReactNode;
  columns: ListColumn<Row>[];
  params: ListParams;
  list: CatalogListData<Row>;
  /** Filter inputs next to the search box. */
  filters?: ReactNode;
  access: CatalogAccess;
  texts: CatalogTexts<Row>;
  /** The URL parameter of the dialog. */
  dialogParam?: string;
  /** The form's values for a record (or a new one). */
  initialValues: (row: Row | null) => Values;
  validate?: FormValidateInput<Values>;
  /** The fields the form has inputs for (server messages for others go above it). */
  fields: readonly string[];
  onCreate: (values: Values) => Promise<unknown>;
  /** Updates the record; pass row.version for the optimistic check. */
  onUpdate: (row: Row, values: Values) => Promise<unknown>;
  /** A module's own wording of the alert above the form. */
  errorForForm?: (error: AppError, placed: readonly string[]) => AppError;
  /** The dialog's fields. */
  renderFields: (form: UseFormReturnType<Values>, context: CatalogFieldsContext<Row>) => ReactNode;
};

type CatalogFormProps<Row extends CatalogRow, Values extends Record<string, unknown>> = Pick<
  CatalogPageProps<Row, Values>,
  'initialValues' | 'validate' | 'fields' | 'onCreate' | 'onUpdate' | 'errorForForm' | 'renderFields'
> & {
  row: Row | null;
  readOnly: boolean;
  createdText: string;
  savedText: string;
  onClose: () => void;
  onReload: () => void;
};

function CatalogForm<Row extends CatalogRow, Values extends Record<string, unknown>>({
  row,
  readOnly,
  initialValues,
  validate,
  fields,
  onCreate,
  onUpdate,
  errorForForm,
  renderFields,
  createdText,
  savedText,
  onClose,
  onReload,
}: CatalogFormProps<Row, Values>) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: initialValues(row), validate });
  const { save, saving, error } = useFormSave({ form, fields, onSaved: onClose, readOnly, ...(errorForForm ? { errorForForm } : {}) });
  const submit = () =>
    save(async (values) => {
      if (row) await onUpdate(row, values);
      else await onCreate(values);
      return row ? savedText : createdText;
    });
  return (
    <EditDialogForm onSubmit={submit} onCancel={onClose} saving={saving} error={error} onReload={onReload} readOnly={readOnly}>
      {renderFields(form, { row, readOnly })}
    </EditDialogForm>
  );
}

export function CatalogPage<Row extends CatalogRow, Values extends Record<string, unknown>>({
  title,
  description,
  columns,
  params,
  list,
  filters,
  access,
  texts,
  dialogParam = 'edit',
  ...form
}: CatalogPageProps<Row, Values>) {
  const dialog = useDialogParam(dialogParam);
  const { rows, loading, error, refetch } = list;
  const reload = () => void refetch().catch(() => undefined);
  const renderForm = (row: Row | null) => (
    <CatalogForm<Row, Values>
      {...form}
      row={row}
      readOnly={row ? !access.editar : !access.crear}
      createdText={texts.created}
      savedText={texts.saved}
      onClose={() => {
        dialog.close();
        reload();
      }}
      onReload={reload}
    />
  );

  let dialogNode: ReactNode = null;
  if (dialog.value === NEW_RECORD) {
    dialogNode = (
      <EditDialogFrame title={texts.newTitle} onClose={dialog.close}>
        {renderForm(null)}
      </EditDialogFrame>
    );
  } else if (dialog.value !== null) {
    // The record is the list row already on screen; RecordEditDialog keys the
    // form by its version, so "Recargar" after a conflict (which refetches the
    // list) starts it again from the server's copy.
    const id = idParam(dialog.value);
    const row = rows.find((r) => r.id === id) ?? null;
    dialogNode = (
      <RecordEditDialog row={row} title={texts.editTitle} loading={loading && id !== null} error={error} notFoundMessage={texts.notFound} onClose={dialog.close}>
        {(r) => renderForm(r)}
      </RecordEditDialog>
    );
  }

  return (
    <>
      <CatalogList<Row>
        title={title}
        description={description}
        columns={columns}
        params={params}
        list={list}
        filters={filters}
        access={access}
        texts={texts}
        onOpen={(r) => dialog.open(r.id)}
        onNew={() => dialog.open(NEW_RECORD)}
      />
      {dialogNode}
    </>
  );
}
