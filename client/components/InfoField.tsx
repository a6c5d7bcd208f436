// A read-only label over its value, for the summary of a record in a dialog.
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

export function InfoField({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Stack>
  );
}
