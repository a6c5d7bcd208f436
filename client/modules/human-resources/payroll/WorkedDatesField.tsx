// A list of dates in a receipt's incidencias (issue 27): the Sundays worked (prima dominical) and the
// rest days worked (double salary). One DateField per day, offered only inside the payroll's period
// (and only Sundays for the prima dominical), added and removed like the captured concepts; each
// date may say what it is (a día de descanso obligatorio, schema/rh/restDaysWorked.ts).
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { isSunday } from '../../../../schema/rh/restDaysWorked';
import { DateField } from '../../../components/DateField';
import { texts } from './texts';

type InputProps = { value?: string; onChange?: (value: string) => void; error?: ReactNode };

export type WorkedDatesFieldProps = {
  label: string;
  description: string;
  addLabel: string;
  dates: readonly string[];
  period: { start: string; end: string };
  sundaysOnly?: boolean;
  /** A note beside a chosen date (e.g. «Descanso obligatorio: Navidad»). */
  hint?: (date: string) => string | null;
  readOnly: boolean;
  inputProps: (index: number) => InputProps;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

export function WorkedDatesField({ label, description, addLabel, dates, period, sundaysOnly = false, hint, readOnly, inputProps, onAdd, onRemove }: WorkedDatesFieldProps) {
  const t = texts.incident;
  return (
    <Stack gap={6}>
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </div>
      {dates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noDates}
        </Text>
      ) : null}
      {dates.map((date, n) => {
        const note = date && hint ? hint(date) : null;
        return (
          // The index is the key: the server's messages name the dates by position (sundaysWorked.1).
          <Group key={n} gap="xs" align="flex-start" wrap="nowrap">
            <DateField
              aria-label={`${label} ${n + 1}`}
              min={period.start}
              max={period.end}
              excludeDate={sundaysOnly ? (d: string) => !isSunday(d.slice(0, 10)) : undefined}
              disabled={readOnly}
              style={{ flex: '0 0 170px' }}
              {...inputProps(n)}
            />
            {note ? (
              <Text size="xs" c="dimmed" mt={8} style={{ flex: 1 }}>
                {note}
              </Text>
            ) : (
              <div style={{ flex: 1 }} />
            )}
            {readOnly ? null : (
              <ActionIcon variant="subtle" color="red" aria-label={`${t.removeDate} ${n + 1}`} mt={4} onClick={() => onRemove(n)}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {readOnly ? null : (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
