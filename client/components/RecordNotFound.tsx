// What a record's form shows when its id names nothing (or the record could
// not be read): one orange notice and a way back. Every form page uses it.
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

type Back = { label: string; to?: string };

/**
 * `message` says which record is missing («El vehículo no existe.»); with `error` (a load that failed
 * for another reason) the title is «No se pudo cargar» and the server's message follows. `back.to`
 * links to the list; without it the button goes back in the browser's history.
 */
export function RecordNotFound({ message, error, back }: { message: string; error?: { message: string } | null; back: Back }) {
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={error ? 'No se pudo cargar' : message}>
        {error ? error.message : null}
      </Alert>
      {back.to ? (
        <Button component={Link} to={back.to} variant="light" leftSection={<IconArrowLeft size={16} />}>
          {back.label}
        </Button>
      ) : (
        <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={() => window.history.back()}>
          {back.label}
        </Button>
      )}
    </Stack>
  );
}
