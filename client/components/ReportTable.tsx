// The table of a report screen (Ventas, Recursos Humanos…): the same
// ListColumn descriptions the XLSX export reads, right-aligned tabular
// figures, an optional bold totals row and a Spanish empty state. The
// report's own toolbar holds the parameters; ReportExportButtons the
// Excel / PDF downloads, shown only with `exportar`.
import { useState, type ReactNode } from 'react';
import { Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import type { ListColumn } from './columns';
import { formatMoney, formatNumber } from './format';
import { notifyError } from './notify';
import { asAppError } from './serverErrors';

/** A money column: $1,234.50 on screen, a number in XLSX. */
export const moneyColumn = <T,>(key: keyof T & string, header: string): ListColumn<T> => ({
  key,
  header,
  format: 'money',
  align: 'right',
  render: (r) => formatMoney(r[key] as string),
  exportValue: (r) => Number(r[key]),
});

/** A count column: whole numbers, grouped. */
export const countColumn = <T,>(key: keyof T & string, header: string): ListColumn<T> => ({
  key,
  header,
  format: 'number',
  align: 'right',
  render: (r) => formatNumber(Number(r[key] ?? 0), 0),
  exportValue: (r) => Number(r[key] ?? 0),
});

export type ReportTableProps<T> = {
  columns: ListColumn<T>[];
  rows: T[];
  /** A bold last row with the same keys (column totals). */
  footer?: T | null;
  rowKey: (row: T, index: number) => string;
  emptyText?: ReactNode;
  loading?: boolean;
  minWidth?: number;
};

export function ReportTable<T>({ columns, rows, footer, rowKey, emptyText = 'Sin datos para los parámetros elegidos.', loading = false, minWidth = 720 }: ReportTableProps<T>) {
  const cell = (c: ListColumn<T>, r: T) => (c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? ''));
  if (loading && !rows.length) return <Skeleton height={160} />;
  if (!rows.length) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="report-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={{ textAlign: c.align ?? 'left', width: c.width }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={rowKey(r, i)}>
              {columns.map((c) => (
                <Table.Td key={c.key} style={{ textAlign: c.align ?? 'left', fontVariantNumeric: 'tabular-nums' }}>
                  {cell(c, r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? (
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} style={{ textAlign: c.align ?? 'left', fontVariantNumeric: 'tabular-nums' }}>
                  {cell(c, footer)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}

/** Excel and PDF buttons of a report; each shows its own spinner and a Spanish notice when it fails. */
/** Excel and PDF buttons; a report without a PDF passes no `onPdf`. */
export function ReportExportButtons({ onXlsx, onPdf, disabled = false }: { onXlsx: () => Promise<void>; onPdf?: () => Promise<void>; disabled?: boolean }) {
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = async (kind: 'xlsx' | 'pdf') => {
    setBusy(kind);
    try {
      await (kind === 'xlsx' ? onXlsx() : onPdf?.());
    } catch (caught) {
      notifyError(asAppError(caught).message, 'No se pudo exportar');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={busy === 'xlsx'} disabled={disabled} onClick={() => void run('xlsx')}>
        Excel
      </Button>
      {onPdf ? (
        <Button variant="default" leftSection={<IconFileTypePdf size={16} />} loading={busy === 'pdf'} disabled={disabled} onClick={() => void run('pdf')}>
          PDF
        </Button>
      ) : null}
    </Group>
  );
}
