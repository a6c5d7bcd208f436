import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right ("Nuevo", "Exportar", ...). */
  actions?: ReactNode;
};

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
      <Stack gap={2}>
        <Title order={2}>{title}</Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
