// The temporary password the server generated, shown exactly once: the
// dialog only closes through its button, so it cannot be dismissed by a
// stray click before the admin has copied it.
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { CONFIRM_COLOR } from '../../../components/confirm';
import { texts } from '../texts';

const t = texts.users;

function TemporaryPasswordNotice({ password, onDone }: { password: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        {t.temporaryPasswordLabel}{' '}
        <Code fz="md" fw={700} data-testid="temporary-password">
          {password}
        </Code>
      </Text>
      <Text size="sm">{t.temporaryPasswordHint}</Text>
      <Alert color="orange" variant="light" icon={<IconKey size={18} />}>
        {t.temporaryPasswordOnce}
      </Alert>
      <Group justify="flex-end" gap="xs">
        <CopyButton value={password}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </CopyButton>
        <Button color={CONFIRM_COLOR} onClick={onDone} data-autofocus>
          {t.understood}
        </Button>
      </Group>
    </Stack>
  );
}

let sequence = 0;

/** Resolves when the admin closes the dialog. */
export function showTemporaryPassword(password: string): Promise<void> {
  sequence += 1;
  const modalId = `temporary-password-${sequence}`;
  return new Promise((resolve) => {
    modals.open({
      modalId,
      title: t.temporaryPasswordTitle,
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      withCloseButton: false,
      children: <TemporaryPasswordNotice password={password} onDone={() => modals.close(modalId)} />,
      onClose: () => resolve(),
    });
  });
}
