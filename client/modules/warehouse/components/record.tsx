// List screens that open their records in place: `?id=12` edits, `?id=new`
// creates, no id shows the list. A reload or a shared link opens the same.
import { Fragment, type ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { idParam, NEW_ID } from '../paths';
import { texts } from '../texts';

export type RecordParam = {
  /** The raw `id` parameter (null on the list). */
  raw: string | null;
  /** A valid record id, or null (new or invalid). */
  id: string | null;
  isNew: boolean;
  open: (id: string) => void;
  openNew: () => void;
  close: () => void;
};

export function useRecordParam(): RecordParam {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const set = (value: string | null) =>
    setParams((previous) => {
      // The list's own state (page, search, filters) stays, so closing returns to it.
      const next = new URLSearchParams(previous);
      if (value === null) next.delete('id');
      else next.set('id', value);
      return next;
    });
  return {
    raw,
    id: idParam(raw),
    isNew: raw === NEW_ID,
    open: (id) => set(id),
    openNew: () => set(NEW_ID),
    close: () => set(null),
  };
}

export function RecordNotFound({ onBack }: { onBack: () => void }) {
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.notFound} />
      <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
        {texts.common.back}
      </Button>
    </Stack>
  );
}

export function LoadFailed({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.loadFailed}>
      {message}
    </Alert>
  );
}

export function RecordLoading() {
  return (
    <Stack gap="sm" aria-busy>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

export type RecordScreenProps<Row extends { id: string; version: number }> = {
  record: RecordParam;
  /** The detail query has answered (its record may still be null: deleted). */
  loaded: boolean;
  /** The record the detail query read (undefined while it loads). */
  row: Row | null | undefined;
  /** The detail query's error, if any. */
  error: unknown;
  onReload: () => void;
  list: ReactNode;
  /** The form for a new record (row null) or for the record read. */
  editor: (row: Row | null, onReload?: () => void) => ReactNode;
};

/**
 * What a catalogue screen shows for its `?id=`: the list, a new record, or
 * the record once read. The form is keyed by the record's version, so a
 * reload after a conflict starts it again.
 */
export function RecordScreen<Row extends { id: string; version: number }>({ record, loaded, row, error, onReload, list, editor }: RecordScreenProps<Row>) {
  if (record.raw === null) return <>{list}</>;
  if (record.isNew) return <Fragment key="new">{editor(null)}</Fragment>;
  const loadError = readGraphQLError(error);
  if (!record.id || loadError?.code === 'NOT_FOUND' || (loaded && !row)) return <RecordNotFound onBack={record.close} />;
  if (loadError) return <LoadFailed message={loadError.message} />;
  if (!row) return <RecordLoading />;
  return <Fragment key={`${row.id}:${row.version}`}>{editor(row, onReload)}</Fragment>;
}
