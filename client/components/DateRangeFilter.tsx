// The date range filter of every dated list: one button in the list's filters
// that opens a Spanish calendar (two clicks pick the first and last day, the
// DatesProvider in main.tsx sets es-mx and Monday first), quick presets, two
// DD/MM/AAAA fields for typing, and "Limpiar". Both ends live in the URL with
// the other list filters (listParams.ts), so a reload, a shared link or a
// saved view keeps them; the server applies them inclusively in Mexico City
// days and refuses an inverted range with the same rule (schema/dates.ts).
import { useState } from 'react';
import { Button, CloseButton, Group, Input, Popover, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { dateRangeError } from '../../schema/dates';
import { DateField } from './DateField';
import { dateRangePresets } from './dates';
import { formatDate } from './format';
import type { ListParams } from './listParams';

export const DATE_RANGE_TEXTS = {
  label: 'Fechas',
  placeholder: 'Todas las fechas',
  from: 'Desde',
  to: 'Hasta',
  clear: 'Limpiar',
  clearLabel: 'Quitar el filtro de fechas',
  pickHint: 'Elige el primer y el último día en el calendario o escríbelos (DD/MM/AAAA).',
} as const;

/** The URL keys of a list's range: `from`/`to`, or the module's own names (Ventas: `dateFrom`/`dateTo`). */
export type DateRangeKeys = { from: string; to: string };
export const DATE_RANGE_KEYS: DateRangeKeys = { from: 'from', to: 'to' };

/** The URL defaults of a range, to spread into `useListParams({ filters })`. */
export const dateRangeDefaults = (keys: DateRangeKeys = DATE_RANGE_KEYS): Record<string, string> => ({ [keys.from]: '', [keys.to]: '' });

/** The range as the list's GraphQL filter takes it (empty ends left out). */
export function dateRangeFilter(filters: Record<string, string>, keys: DateRangeKeys = DATE_RANGE_KEYS): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters[keys.from]) out[keys.from] = filters[keys.from];
  if (filters[keys.to]) out[keys.to] = filters[keys.to];
  return out;
}

/** What the closed button reads: "01/11/2026 – 30/11/2026", "Desde 01/11/2026", "Hasta …" or nothing. */
export function dateRangeText(from: string, to: string): string {
  if (from && to) return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
  if (from) return `${DATE_RANGE_TEXTS.from} ${formatDate(from)}`;
  if (to) return `${DATE_RANGE_TEXTS.to} ${formatDate(to)}`;
  return '';
}

type Range = [string | null, string | null];

export type DateRangeFilterProps = {
  params: Pick<ListParams, 'filters' | 'setFilters'>;
  keys?: DateRangeKeys;
  /** What the dates are (Fecha de emisión, Alta…): the button's accessible name and the dropdown's title. */
  label?: string;
  w?: number | string;
};

export function DateRangeFilter({ params, keys = DATE_RANGE_KEYS, label = DATE_RANGE_TEXTS.label, w = 262 }: DateRangeFilterProps) {
  const from = params.filters[keys.from] ?? '';
  const to = params.filters[keys.to] ?? '';
  const [opened, setOpened] = useState(false);
  // The calendar's own value: after the first click only its start is known, and the list waits for the end.
  const [picking, setPicking] = useState<Range>([from || null, to || null]);
  const [typed, setTyped] = useState({ from, to });
  const typedError = dateRangeError(typed.from, typed.to);

  const apply = (nextFrom: string, nextTo: string) => {
    setPicking([nextFrom || null, nextTo || null]);
    setTyped({ from: nextFrom, to: nextTo });
    params.setFilters({ [keys.from]: nextFrom, [keys.to]: nextTo });
  };
  const open = () => {
    setPicking([from || null, to || null]);
    setTyped({ from, to });
    setOpened(true);
  };
  const type = (end: 'from' | 'to', value: string) => {
    const next = { ...typed, [end]: value };
    setTyped(next);
    // An inverted range stays in the fields with its message and never reaches the list.
    if (!dateRangeError(next.from, next.to)) {
      setPicking([next.from || null, next.to || null]);
      params.setFilters({ [keys.from]: next.from, [keys.to]: next.to });
    }
  };
  const text = dateRangeText(from, to);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Input
          component="button"
          type="button"
          pointer
          aria-label={text ? `${label}: ${text}` : label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => (opened ? setOpened(false) : open())}
          leftSection={<IconCalendar size={16} />}
          rightSection={text ? <CloseButton size="sm" aria-label={DATE_RANGE_TEXTS.clearLabel} onClick={(e) => { e.stopPropagation(); apply('', ''); }} /> : null}
          rightSectionPointerEvents="all"
          w={w}
          data-testid="date-range-filter"
        >
          {text ? <Text size="sm" truncate>{text}</Text> : <Input.Placeholder>{DATE_RANGE_TEXTS.placeholder}</Input.Placeholder>}
        </Input>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label} maw="calc(100vw - 16px)">
        <Stack gap="xs">
          <Text size="sm" fw={600}>{label}</Text>
          <Group gap={6}>
            {dateRangePresets().map((p) => (
              <Button key={p.label} size="compact-xs" variant={p.from === from && p.to === to ? 'filled' : 'light'} onClick={() => { apply(p.from, p.to); setOpened(false); }}>
                {p.label}
              </Button>
            ))}
          </Group>
          <Group gap="xs" grow wrap="nowrap" align="flex-start">
            <DateField label={DATE_RANGE_TEXTS.from} size="xs" value={typed.from} onChange={(v) => type('from', v)} error={typedError?.end === 'from' ? typedError.message : undefined} />
            <DateField label={DATE_RANGE_TEXTS.to} size="xs" value={typed.to} onChange={(v) => type('to', v)} error={typedError?.end === 'to' ? typedError.message : undefined} />
          </Group>
          <DatePicker
            type="range"
            allowSingleDateInRange
            value={picking}
            defaultDate={from || to || undefined}
            onChange={(value) => {
              setPicking(value);
              setTyped({ from: value[0] ?? '', to: value[1] ?? '' });
              if (value[0] && value[1]) {
                params.setFilters({ [keys.from]: value[0], [keys.to]: value[1] });
                setOpened(false);
              }
            }}
          />
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" maw={220}>{DATE_RANGE_TEXTS.pickHint}</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => apply('', '')} disabled={!from && !to && !typed.from && !typed.to}>
              {DATE_RANGE_TEXTS.clear}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
