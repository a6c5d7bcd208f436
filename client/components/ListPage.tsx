// The one list screen presenter: header with actions and export, debounced
// search, filters slot, sortable table, pagination and page size. It holds no
// data logic: the view passes rows/total/loading from its query and the
// URL-backed params from useListParams.
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  EmptyState,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconDownload,
  IconInbox,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react';
import { BulkBar, BulkPageCheckbox, BulkRowCheckbox, usableBulk, type BulkConfig } from './BulkBar';
import type { ListColumn } from './columns';
import { cellContent, RecordCard } from './DetailTable';
import { exportRows, type ExportFormat } from './exportRows';
import { formatNumber } from './format';
import { readGraphQLError, type AppError } from './graphqlErrors';
import { PAGE_SIZE_OPTIONS, type ListParams } from './listParams';
import { notifyError } from './notify';
import { PageHeader } from './PageHeader';
import { usePhone } from './phone';
import { SavedViewsMenu } from './SavedViews';
import { useRowSelection } from './useRowSelection';

export type { ListColumn } from './columns';

export type ListPageProps<T> = {
  /** Optional sub-heading; the shell already shows the screen title. */
  title?: string;
  description?: ReactNode;
  /** Header buttons, e.g. "Nuevo". */
  actions?: ReactNode;
  columns: ListColumn<T>[];
  rows: T[];
  /** Total matching records on the server (all pages). */
  total: number;
  loading: boolean;
  error?: AppError | string | null;
  params: ListParams;
  /** Filter inputs shown next to the search box. */
  filters?: ReactNode;
  onRowClick?: (row: T) => void;
  rowKey: (row: T) => string | number;
  /** File name of exports; defaults to the title. */
  exportName?: string;
  /** Loads every matching row for export; the "Exportar" menu only shows when given. */
  fetchAll?: () => Promise<T[]>;
  searchPlaceholder?: string;
  /** Row checkboxes and the bulk actions bar (see BulkBar). */
  bulk?: BulkConfig<T>;
  /** "Agrupar por" (GroupedTotals.tsx): its control joins the filters; while grouped, its view replaces the table and the pager. */
  grouping?: { control: ReactNode; view: ReactNode | null };
};

const SEARCH_DELAY_MS = 300;
const SKELETON_ROWS = 8;
const LOADING_COUNT = 'Cargando registros…';

function recordCount(total: number): string {
  return `${formatNumber(total, 0)} ${total === 1 ? 'registro' : 'registros'}`;
}

function SortIcon({ active, direction }: { active: boolean; direction: 'ASC' | 'DESC' }) {
  if (!active) return <IconSelector size={14} stroke={1.5} />;
  return direction === 'ASC' ? <IconArrowUp size={14} stroke={1.8} /> : <IconArrowDown size={14} stroke={1.8} />;
}

function ExportMenu<T>({
  name,
  columns,
  fetchAll,
}: {
  name: string;
  columns: ListColumn<T>[];
  fetchAll: () => Promise<T[]>;
}) {
  const [exporting, setExporting] = useState(false);

  const run = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await exportRows(name, columns, await fetchAll(), format);
    } catch (error) {
      notifyError(readGraphQLError(error)?.message ?? 'No se pudo exportar.', 'No se pudo exportar');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={exporting}
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('xlsx')}>Excel (.xlsx)</Menu.Item>
        <Menu.Item onClick={() => void run('csv')}>CSV (.csv)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function ListPage<T>({
  title,
  description,
  actions,
  columns,
  rows,
  total,
  loading,
  error,
  params,
  filters,
  onRowClick,
  rowKey,
  exportName,
  fetchAll,
  searchPlaceholder = 'Buscar…',
  bulk: bulkConfig,
  grouping,
}: ListPageProps<T>) {
  const bulk = usableBulk(bulkConfig, Boolean(fetchAll));
  const { page, pageSize, search, sortBy, sortDirection, setPage, setPageSize, setSearch, toggleSort } = params;
  const selection = useRowSelection({ rows, rowKey, scope: JSON.stringify([search, params.filters]) });
  const selectable = bulk ? 1 : 0;
  const [searchText, setSearchText] = useState(search);
  const [urlSearch, setUrlSearch] = useState(search);
  const sendSearch = useDebouncedCallback((value: string) => setSearch(value), SEARCH_DELAY_MS);

  // The URL can change under us (back button, a shared link, "reset"): follow
  // it, unless the user is still typing and their text is about to be sent.
  if (search !== urlSearch) {
    setUrlSearch(search);
    if (!sendSearch.isPending()) setSearchText(search);
  }

  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    // A stale link or a narrower search can leave the page past the end.
    if (!loading && total > 0 && page > totalPages) setPage(totalPages);
  }, [loading, total, page, totalPages, setPage]);

  const errorMessage = typeof error === 'string' ? error : (error?.message ?? null);
  const showSkeleton = loading && rows.length === 0;
  const filtered = search !== '' || Object.values(params.filters).some((value) => value !== '');
  // A default page size outside the usual options still has to be selectable.
  const pageSizes = [...new Set<number>([...PAGE_SIZE_OPTIONS, pageSize])].sort((a, b) => a - b);

  // Opening a row leaves the list: a search still waiting to be sent must not
  // rewrite the URL of the screen just opened.
  const openRow = (row: T) => {
    sendSearch.cancel();
    onRowClick?.(row);
  };
  const rowProps = (row: T) =>
    onRowClick
      ? {
          onClick: () => openRow(row),
          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
            if (event.key === 'Enter') openRow(row);
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
        }
      : {};

  // On a phone the table becomes one card per record (no sideways scrolling):
  // the first column heads the card, the others follow as "label: value".
  const compact = usePhone();
  const sortable = columns.filter((c) => c.sortable);


  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            <SavedViewsMenu />
            {fetchAll ? <ExportMenu name={exportName ?? title ?? 'exportacion'} columns={columns} fetchAll={fetchAll} /> : null}
            {actions}
          </>
        }
      />

      {/* data-list-filters: on a phone each filter takes the whole row (phone.css). */}
      <Group gap="sm" align="flex-end" wrap="wrap" data-list-filters>
        <TextInput
          aria-label="Buscar"
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            sendSearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') sendSearch.flush();
          }}
          style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
        />
        {filters}
        {grouping?.control}
      </Group>

      {errorMessage ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se pudo cargar la información">
          {errorMessage}
        </Alert>
      ) : null}

      {bulk ? (
        <BulkBar config={bulk} selection={selection} rowKey={rowKey} pageRows={rows.length} total={total} exportColumns={fetchAll ? columns : undefined} exportName={exportName ?? title ?? 'seleccion'} loadAll={fetchAll} />
      ) : null}

      {grouping?.view ?? (compact ? (
        <Stack gap="xs">
          {sortable.length > 0 ? (
            <Group gap="xs" wrap="nowrap">
              <Select
                aria-label="Ordenar por"
                placeholder="Ordenar por"
                data={sortable.map((c) => ({ value: c.key, label: c.header }))}
                value={sortable.some((c) => c.key === sortBy) ? sortBy : null}
                onChange={(key) => {
                  if (key && key !== sortBy) toggleSort(key);
                }}
                allowDeselect={false}
                style={{ flex: 1 }}
                size="sm"
              />
              <Button
                variant="default"
                size="sm"
                aria-label={sortDirection === 'ASC' ? 'Orden ascendente' : 'Orden descendente'}
                onClick={() => toggleSort(sortBy)}
                disabled={!sortable.some((c) => c.key === sortBy)}
              >
                <SortIcon active direction={sortDirection} />
              </Button>
            </Group>
          ) : null}
          <Stack gap="xs" role="list" aria-busy={loading} style={{ opacity: loading && !showSkeleton ? 0.6 : 1 }}>
            {showSkeleton
              ? Array.from({ length: Math.min(pageSize, 4) }, (_, index) => <Skeleton key={`skeleton-${index}`} height={96} radius="md" />)
              : rows.map((row) => (
                  <RecordCard
                    key={rowKey(row)}
                    columns={columns}
                    row={row}
                    role="listitem"
                    leading={bulk ? <BulkRowCheckbox selection={selection} row={row} /> : null}
                    {...rowProps(row)}
                  />
                ))}
            {!loading && rows.length === 0 ? (
              <Paper withBorder radius="md">
                <EmptyState
                  py="xl"
                  icon={<IconInbox size={28} stroke={1.5} />}
                  title="Sin registros"
                  description={filtered && !errorMessage ? 'Prueba con otra búsqueda o cambia los filtros.' : undefined}
                />
              </Paper>
            ) : null}
          </Stack>
        </Stack>
      ) : (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover={Boolean(onRowClick)} verticalSpacing="sm" aria-busy={loading}>
            <Table.Thead>
              <Table.Tr>
                {bulk ? <Table.Th w={40}><BulkPageCheckbox selection={selection} /></Table.Th> : null}
                {columns.map((column) => {
                  const active = sortBy === column.key;
                  return (
                    <Table.Th
                      key={column.key}
                      style={{ width: column.width, textAlign: column.align ?? 'left', whiteSpace: 'nowrap' }}
                      aria-sort={active ? (sortDirection === 'ASC' ? 'ascending' : 'descending') : undefined}
                    >
                      {column.sortable ? (
                        <UnstyledButton
                          onClick={() => toggleSort(column.key)}
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit' }}
                        >
                          {column.header}
                          <SortIcon active={active} direction={sortDirection} />
                        </UnstyledButton>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: loading && !showSkeleton ? 0.6 : 1 }}>
              {showSkeleton
                ? Array.from({ length: Math.min(pageSize, SKELETON_ROWS) }, (_, index) => (
                    <Table.Tr key={`skeleton-${index}`}>
                      {bulk ? <Table.Td /> : null}
                      {columns.map((column) => (
                        <Table.Td key={column.key}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((row) => (
                    <Table.Tr key={rowKey(row)} {...rowProps(row)} bg={bulk && selection.isSelected(row) ? 'var(--mantine-color-teal-light)' : undefined}>
                      {bulk ? <Table.Td><BulkRowCheckbox selection={selection} row={row} /></Table.Td> : null}
                      {columns.map((column) => (
                        <Table.Td key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                          {cellContent(column, row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
              {!loading && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + selectable}>
                    <EmptyState
                      py="xl"
                      icon={<IconInbox size={28} stroke={1.5} />}
                      title="Sin registros"
                      description={filtered && !errorMessage ? 'Prueba con otra búsqueda o cambia los filtros.' : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      ))}

      <Group justify="space-between" wrap="wrap" gap="sm" display={grouping?.view ? 'none' : undefined}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {/* Before the first page arrives the total is not known: «0 registros» beside the skeleton rows read as an empty list. */}
          {showSkeleton ? LOADING_COUNT : recordCount(total)}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Por página
            </Text>
            <Select
              aria-label="Registros por página"
              data={pageSizes.map(String)}
              value={String(pageSize)}
              onChange={(value) => {
                if (value) setPageSize(Number(value));
              }}
              allowDeselect={false}
              w={84}
              size="xs"
            />
          </Group>
          <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={setPage} size="sm" withEdges />
        </Group>
      </Group>
    </Stack>
  );
}
