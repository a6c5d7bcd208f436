// List screens that open their records in place: `?id=12` edits, `?id=new`
// creates, no id shows the list. A reload or a shared link opens the same.
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
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
