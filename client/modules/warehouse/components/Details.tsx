// Label/value pairs of a document header (read-only facts of a record).
import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

export type Detail = { label: string; value: ReactNode };

export function Details({ items, cols = 4 }: { items: Detail[]; cols?: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="md">
        {items.map((item) => (
          <Stack gap={2} key={item.label}>
            <Text size="xs" c="dimmed">
              {item.label}
            </Text>
            <Text size="sm" component="div">
              {item.value === '' || item.value === null || item.value === undefined ? '—' : item.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
