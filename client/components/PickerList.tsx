// A list of records picked one per row (the workers of a permit, the crew and
// vehicles of a service order): each row is a picker (EmployeeSelect,
// VehicleSelect…) with its remove button, then «Agregar …». Controlled: the
// parent holds the ids; server messages arrive per row ("crewEmployeeIds.1")
// or for the whole list ("crewEmployeeIds").
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

type Props = {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** The picker of row `index` (its aria-label names the row). */
  renderPicker: (value: string, index: number, onPick: (id: string) => void) => ReactNode;
  addLabel: string;
  removeLabel: (n: number) => string;
  /** The message of the whole list, if any. */
  error?: ReactNode;
  disabled?: boolean;
  /** Rows at most: «Agregar» hides at the limit. */
  max?: number;
  /** Rows at least: the remove buttons hide at the limit (a permit names one worker or more). */
  min?: number;
  /** Said when the list is empty and cannot be changed. */
  emptyText?: string;
};

export function PickerList({ label, values, onChange, renderPicker, addLabel, removeLabel, error, disabled = false, max, min = 0, emptyText = 'Ninguno.' }: Props) {
  const set = (index: number, id: string) => onChange(values.map((v, i) => (i === index ? id : v)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {disabled && !values.length ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : null}
      {values.map((value, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>{renderPicker(value, i, (id) => set(i, id))}</div>
          {disabled || values.length <= min ? null : (
            <ActionIcon variant="subtle" color="red" mt={6} aria-label={removeLabel(i + 1)} onClick={() => onChange(values.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
      {disabled || (max !== undefined && values.length >= max) ? null : (
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...values, ''])} w="fit-content">
          {addLabel}
        </Button>
      )}
    </Stack>
  );
}
