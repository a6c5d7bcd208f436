// What a form shows when its `?id=` names nothing, fails to load or is still loading.
import type { ReactElement } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { FormPage } from '../../../components/FormPage';
import type { AppError } from '../../../components/graphqlErrors';
import { texts } from '../texts';

export function NotFound({ backTo }: { backTo: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.notFound} />
      <Button component={Link} to={backTo} variant="light" leftSection={<IconArrowLeft size={16} />}>
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

/** The form frame with placeholders while the record loads. */
export function LoadingForm() {
  return (
    <FormPage onSubmit={async () => undefined} onCancel={() => undefined} dirty={false} saving={false} loading>
      {null}
    </FormPage>
  );
}

/**
 * The screen a record form shows instead of its editor, or null once the
 * editor can open: a malformed or unknown `?id=` is "not found", another load
 * error is shown as such, and the frame waits while the record (or whatever
 * `waiting` names) loads.
 */
export function formGate(g: { rawId: string | null; id: string | null; record: unknown; loading: boolean; error: AppError | null; hasData: boolean; backTo: string; waiting?: boolean }): ReactElement | null {
  if (g.rawId !== null && g.id === null) return <NotFound backTo={g.backTo} />;
  if (g.error && !g.hasData) return g.error.code === 'NOT_FOUND' ? <NotFound backTo={g.backTo} /> : <LoadFailed message={g.error.message} />;
  if (g.id !== null && !g.loading && g.record === null) return <NotFound backTo={g.backTo} />;
  if ((g.id !== null && g.record === null) || g.waiting) return <LoadingForm />;
  return null;
}
