// What a form shows when its `?id=` names nothing.
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { FormPage } from '../../../components/FormPage';
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
