// The rows of a record's detail (a requisition's partidas, a delivery's tools,
// an invoice's payments): a table on a desktop, one card per row on a phone
// (the first column heads the card, the others follow as "label: value",
// buttons get the card's whole width), so nothing scrolls sideways or is cut
// at 390 px. ListPage's phone cards are the same RecordCard.
import type { ComponentPropsWithoutRef, KeyboardEvent, ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text, type PaperProps } from '@mantine/core';
import { rowField, type ListColumn } from './columns';
import { usePhone } from './phone';

/** What a cell shows: the column's render, else the row's plain value (booleans as Sí/No). */
export function cellContent<T>(column: ListColumn<T>, row: T): ReactNode {
  if (column.render) return column.render(row);
  const value = rowField(row, column.key);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return value ?? '';
}

/** One record as a phone card. A column left out of exports holds buttons or icons: it gets the whole width, unlabelled. */
export function RecordCard<T>({ columns, row, leading, ...rest }: { columns: ListColumn<T>[]; row: T; leading?: ReactNode } & PaperProps & Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'style'>) {
  const [head, ...others] = columns;
  return (
    <Paper withBorder radius="md" p="sm" {...rest}>
      <Group gap="xs" wrap="nowrap">
        {leading}
        <Text fw={600} size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {head ? cellContent(head, row) : null}
        </Text>
      </Group>
      <Stack gap={2} mt={4}>
        {others.map((column) =>
          column.exportable === false ? (
            <Group key={column.key} justify="flex-end" mt={4}>
              {cellContent(column, row)}
            </Group>
          ) : (
            <Group key={column.key} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
              {column.header ? <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{column.header}</Text> : <span />}
              <Text size="sm" ta="right" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {cellContent(column, row)}
              </Text>
            </Group>
          ),
        )}
      </Stack>
    </Paper>
  );
}

export type DetailTableProps<T> = {
  columns: ListColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  'aria-label'?: string;
  striped?: boolean;
  /** Opens the row's record (an invoice's payment, a payment's invoice). */
  onRowClick?: (row: T) => void;
};

export function DetailTable<T>({ columns, rows, rowKey, striped = true, onRowClick, 'aria-label': label }: DetailTableProps<T>) {
  const phone = usePhone();
  const open = (row: T) =>
    onRowClick
      ? {
          onClick: () => onRowClick(row),
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Enter') onRowClick(row);
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
        }
      : {};
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label={label}>
        {rows.map((row) => (
          <RecordCard key={rowKey(row)} columns={columns} row={row} role="listitem" {...open(row)} />
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="xs" striped={striped} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} style={{ width: column.width, textAlign: column.align ?? 'left' }}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...open(row)}>
            {columns.map((column) => (
              <Table.Td key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                {cellContent(column, row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
