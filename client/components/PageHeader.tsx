// The shell already shows the screen title (h2) and breadcrumbs; a page
// header adds an optional sub-heading (e.g. the record's name), a
// description and the actions.
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export type PageHeaderProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons on the right ("Nuevo", "Exportar", ...). */
  actions?: ReactNode;
};

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  if (!title && !description && !actions) return null;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
      <Stack gap={2}>
        {title ? <Title order={3}>{title}</Title> : null}
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
