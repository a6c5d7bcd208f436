// A value a person copies elsewhere (a folio fiscal, a certificate number): the text,
// selectable, and a button that puts it on the clipboard and says so.
import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

const TEXTS = { copy: 'Copiar', copied: 'Copiado' };

export function CopyValue({ value, label = TEXTS.copy, testId }: { value: string; /** What the button copies, for its tooltip and screen readers. */ label?: string; testId?: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? TEXTS.copied : label} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? TEXTS.copied : label}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
