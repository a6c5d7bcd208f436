// Bulk actions on a list (ListPage's `bulk` prop): the row and page
// checkboxes, the bar above the table ("N seleccionados", the actions,
// "Exportar selección", "Quitar selección", "Seleccionar las N que
// coinciden") and the result of an action. A screen declares its actions;
// each runs ONE bulk mutation for every selected id and returns the server's
// applied/failures, shown here the same way on every list.
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Menu, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconDownload, IconX } from '@tabler/icons-react';
import type { ListColumn } from './columns';
import { confirmAsync } from './confirm';
import { exportRows, type ExportFormat } from './exportRows';
import { formatNumber } from './format';
import { readGraphQLError } from './graphqlErrors';
import { notifyError, notifySuccess } from './notify';
import type { RowSelection } from './useRowSelection';

export type BulkFailure = { id: string; reference?: string | null; message: string; code: string };
/** What a bulk mutation answers (the BulkResult of the schema). */
export type BulkOutcome = { applied: readonly string[]; failures: readonly BulkFailure[] };

export type BulkAction<T> = {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: string;
  /** The user's ability for it (the server checks it again); false hides the button. */
  allowed: boolean;
  /** Confirm dialog before running; leave out for harmless actions (printing). */
  confirm?: { title: string; message: (count: number) => ReactNode; confirmLabel?: string };
  /** Calls the one bulk mutation; an action that only downloads (a PDF) returns nothing. */
  run: (ids: string[], rows: T[]) => Promise<BulkOutcome | void>;
};

export type BulkConfig<T> = {
  actions: BulkAction<T>[];
  /** Loads every row matching the filters, for "Seleccionar las N que coinciden" (defaults to the list's export loader). */
  loadAll?: () => Promise<T[]>;
  /** Folio or name of a row in the failures table when the server sends none. */
  describe?: (row: T) => string;
};

/** The config when the user can do something with a selection (an allowed action, or exporting), else undefined: no checkboxes for nothing. */
export function usableBulk<T>(bulk: BulkConfig<T> | undefined, canExport: boolean): BulkConfig<T> | undefined {
  return bulk && (canExport || bulk.actions.some((action) => action.allowed)) ? bulk : undefined;
}

export const BULK_TEXTS = {
  selectRow: 'Seleccionar registro',
  selectPage: 'Seleccionar todos los de esta página',
  selected: (n: number) => `${formatNumber(n, 0)} ${n === 1 ? 'seleccionado' : 'seleccionados'}`,
  allMatching: 'todos los que coinciden con los filtros',
  selectMatching: (n: number) => `Seleccionar las ${formatNumber(n, 0)} que coinciden`,
  clear: 'Quitar selección',
  clearedByFilters: 'La búsqueda o los filtros cambiaron: se quitó la selección anterior.',
  export: 'Exportar selección',
  exportFailed: 'No se pudo exportar',
  loadFailed: 'No se pudieron cargar los registros',
  summary: (applied: number, failed: number) => `${formatNumber(applied, 0)} ${applied === 1 ? 'aplicada' : 'aplicadas'}, ${formatNumber(failed, 0)} con error`,
  failedTitle: (label: string) => `${label}: resultado`,
  failedIntro: 'Estos registros no cambiaron; siguen seleccionados para que los revises:',
  reference: 'Registro',
  reason: 'Motivo',
  close: 'Cerrar',
  actionFailed: (label: string) => `No se pudo ${label.toLowerCase()}`,
} as const;

/** The result of an action: a toast when everything applied, a dialog with the failed rows otherwise. */
export function showBulkResult<T>(label: string, outcome: BulkOutcome, rows: T[], rowKey: (row: T) => string, describe?: (row: T) => string): void {
  const summary = BULK_TEXTS.summary(outcome.applied.length, outcome.failures.length);
  if (outcome.failures.length === 0) {
    notifySuccess(summary, label);
    return;
  }
  const byId = new Map(rows.map((row) => [rowKey(row), row]));
  const referenceOf = (failure: BulkFailure) => {
    const row = byId.get(failure.id);
    return failure.reference ?? (row && describe ? describe(row) : failure.id);
  };
  modals.open({
    title: BULK_TEXTS.failedTitle(label),
    size: 'lg',
    centered: true,
    children: (
      <>
        <Text fw={600} mb="xs" data-testid="bulk-summary">
          {summary}
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {BULK_TEXTS.failedIntro}
        </Text>
        <ScrollArea.Autosize mah={360}>
          <Table striped withTableBorder verticalSpacing="xs" aria-label={BULK_TEXTS.failedTitle(label)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{BULK_TEXTS.reference}</Table.Th>
                <Table.Th>{BULK_TEXTS.reason}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcome.failures.map((failure) => (
                <Table.Tr key={failure.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{referenceOf(failure)}</Table.Td>
                  <Table.Td>{failure.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => modals.closeAll()}>
            {BULK_TEXTS.close}
          </Button>
        </Group>
      </>
    ),
  });
}

export function BulkRowCheckbox<T>({ selection, row }: { selection: RowSelection<T>; row: T }) {
  return (
    <Checkbox
      aria-label={BULK_TEXTS.selectRow}
      checked={selection.isSelected(row)}
      onChange={() => selection.toggle(row)}
      // Ticking must not open the record (the row's own click handler).
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    />
  );
}

export function BulkPageCheckbox<T>({ selection }: { selection: RowSelection<T> }) {
  return (
    <Checkbox
      aria-label={BULK_TEXTS.selectPage}
      checked={selection.pageState === 'all'}
      indeterminate={selection.pageState === 'some'}
      onChange={() => selection.togglePage()}
    />
  );
}

type BulkBarProps<T> = {
  config: BulkConfig<T>;
  selection: RowSelection<T>;
  rowKey: (row: T) => string | number;
  /** Rows of the page on screen and all matching the filters. */
  pageRows: number;
  total: number;
  /** The list's export columns; "Exportar selección" shows when the list may export. */
  exportColumns?: ListColumn<T>[];
  exportName: string;
  loadAll?: () => Promise<T[]>;
};

export function BulkBar<T>({ config, selection, rowKey, pageRows, total, exportColumns, exportName, loadAll }: BulkBarProps<T>) {
  const [busy, setBusy] = useState<string | null>(null);
  const key = (row: T) => String(rowKey(row));
  const actions = config.actions.filter((action) => action.allowed);
  const loader = config.loadAll ?? loadAll;

  if (selection.count === 0) {
    return selection.clearedByFilters ? (
      <Text size="sm" c="dimmed" role="status">
        {BULK_TEXTS.clearedByFilters}
      </Text>
    ) : null;
  }

  const selectMatching = async () => {
    if (!loader) return;
    setBusy('matching');
    try {
      selection.selectAllMatching(await loader());
    } catch (error) {
      notifyError(readGraphQLError(error)?.message ?? BULK_TEXTS.loadFailed, BULK_TEXTS.loadFailed);
    } finally {
      setBusy(null);
    }
  };

  const exportSelection = async (format: ExportFormat) => {
    if (!exportColumns) return;
    setBusy('export');
    try {
      await exportRows(exportName, exportColumns, selection.rows, format);
    } catch (error) {
      notifyError(readGraphQLError(error)?.message ?? BULK_TEXTS.exportFailed, BULK_TEXTS.exportFailed);
    } finally {
      setBusy(null);
    }
  };

  const run = async (action: BulkAction<T>) => {
    const rows = selection.rows;
    const ids = selection.ids;
    if (action.confirm) {
      const ok = await confirmAsync({ title: action.confirm.title, message: action.confirm.message(ids.length), confirmLabel: action.confirm.confirmLabel ?? action.label });
      if (!ok) return;
    }
    setBusy(action.key);
    try {
      const outcome = await action.run(ids, rows);
      if (!outcome) return;
      // What failed stays selected, to retry or review; what applied leaves the selection.
      selection.keepOnly(outcome.failures.map((f) => f.id));
      showBulkResult(action.label, outcome, rows, key, config.describe);
    } catch (error) {
      notifyError(readGraphQLError(error)?.message ?? BULK_TEXTS.actionFailed(action.label), BULK_TEXTS.actionFailed(action.label));
    } finally {
      setBusy(null);
    }
  };

  const offerMatching = loader && !selection.allMatching && selection.pageState === 'all' && total > pageRows;

  return (
    // Sticky under the shell's header: on a long list (and on a phone's cards) the actions stay in reach while ticking.
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={8}
      bg="var(--mantine-color-teal-0)"
      role="region"
      aria-label={BULK_TEXTS.selected(selection.count)}
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 8px)', zIndex: 5 }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="bulk-count">
            {BULK_TEXTS.selected(selection.count)}
            {selection.allMatching ? ` (${BULK_TEXTS.allMatching})` : ''}
          </Text>
          {offerMatching ? (
            <Button variant="subtle" size="compact-sm" loading={busy === 'matching'} onClick={() => void selectMatching()}>
              {BULK_TEXTS.selectMatching(total)}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          {actions.map((action) => (
            <Button key={action.key} size="xs" color={action.color} leftSection={action.icon} loading={busy === action.key} disabled={busy !== null && busy !== action.key} onClick={() => void run(action)}>
              {action.label}
            </Button>
          ))}
          {exportColumns ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" loading={busy === 'export'} leftSection={<IconDownload size={14} />} rightSection={<IconChevronDown size={12} />}>
                  {BULK_TEXTS.export}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void exportSelection('xlsx')}>Excel (.xlsx)</Menu.Item>
                <Menu.Item onClick={() => void exportSelection('csv')}>CSV (.csv)</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => selection.clear()}>
            {BULK_TEXTS.clear}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
