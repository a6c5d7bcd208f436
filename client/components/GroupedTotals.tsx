// "Agrupar por" on lists (facturas, gastos, nóminas, empleados…): a select in the list's
// filters (GroupBySelect) and, while a grouping is chosen, a view in place of
// the table (GroupedTotals, given to ListPage's `grouping`): groups with their count
// and the list's amounts (GroupMeasures: subtotal, IVA, total, saldo on money
// documents; other amounts, or none, elsewhere), the grand total as footer, paging, export to Excel, and a
// click on a group that opens the list filtered by it. The choice lives in the
// URL (`groupBy`, a list filter like any other) so saved views keep it; a
// month drill-down is the `month` filter (AAAA-MM) that the screen turns into
// its date range with `monthFilter`.
import { useState, type ReactNode } from 'react';
import { Button, EmptyState, Group, Pagination, Paper, Pill, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { usePhone } from './phone';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { IconDownload, IconInbox } from '@tabler/icons-react';
import type { MoneyGroupFieldsFragment, MoneyGroupPageFieldsFragment } from '../../generated/components/graphql';
import { monthLabel, monthRange } from '../../schema/moneyGroups';
import type { ListColumn } from './columns';
import { exportRows } from './exportRows';
import { fetchAllPages } from './fetchAllPages';
import { formatMoney, formatNumber } from './format';
import { readGraphQLError } from './graphqlErrors';
import { toListInput, type ListParams } from './listParams';
import { notifyError } from './notify';
import { useRecordChanges } from './useRecordChanges';

export type MoneyGroup = MoneyGroupFieldsFragment;
export type MoneyGroupPage = MoneyGroupPageFieldsFragment;

/** One way to group: the GraphQL enum value, its Spanish name, and the list filter a click on a group sets. */
export type GroupByOption = { value: string; label: string; filter: string };

export const GROUPED_TEXTS = {
  groupBy: 'Agrupar por',
  none: 'Sin agrupar',
  by: (label: string) => `Agrupar por ${label.toLowerCase()}`,
  count: 'Documentos',
  subtotal: 'Subtotal',
  tax: 'IVA',
  total: 'Total',
  balance: 'Saldo',
  grandTotal: 'Total general',
  month: 'Mes',
  removeMonth: 'Quitar el filtro de mes',
  open: (what: string, label: string) => `Ver los ${what} de ${label}`,
  groups: (n: number) => `${formatNumber(n, 0)} ${n === 1 ? 'grupo' : 'grupos'}`,
  empty: 'Sin registros',
  emptyFiltered: 'Prueba con otra búsqueda o cambia los filtros.',
  export: 'Exportar grupos',
  exportFailed: 'No se pudo exportar',
} as const;

const NONE = 'none';

/** The list filters the grouping adds to a screen's URL defaults. */
export const GROUPING_FILTERS = { groupBy: '', month: '' } as const;

/** The `month` URL filter (AAAA-MM) as the list's date range, e.g. { dateFrom, dateTo }. */
export function monthFilter(month: string, names: { from: string; to: string }): Record<string, string> {
  const range = monthRange(month);
  return range ? { [names.from]: range.from, [names.to]: range.to } : {};
}

/** The filters a click on a group sets: its own filter, and no grouping so the documents show. */
export function drillFilters(option: GroupByOption, key: string): Record<string, string> {
  return { groupBy: '', [option.filter]: key };
}

type AmountKey = 'subtotal' | 'tax' | 'total' | 'balance';

/** What a group shows besides its name: the count (column header and the unit on a phone's card) and the list's amounts, in order; the one with `strong` is the group's main figure. */
export type GroupMeasures = { count: { header: string; unit: string }; amounts: readonly { key: AmountKey; header: string; strong?: boolean }[] };

/** Money documents (facturas, gastos): subtotal, IVA, total and saldo (or another name for the balance). */
export const moneyMeasures = (balanceLabel: string = GROUPED_TEXTS.balance): GroupMeasures => ({
  count: { header: GROUPED_TEXTS.count, unit: 'doc.' },
  amounts: [
    { key: 'subtotal', header: GROUPED_TEXTS.subtotal },
    { key: 'tax', header: GROUPED_TEXTS.tax },
    { key: 'total', header: GROUPED_TEXTS.total, strong: true },
    { key: 'balance', header: balanceLabel },
  ],
});

/** A list without money (empleados, vehículos…): each group only counts its records. */
export const countMeasures = (header: string, unit: string = header.toLowerCase()): GroupMeasures => ({ count: { header, unit }, amounts: [] });

/** The export columns: numbers stay numbers in Excel. */
export function groupExportColumns(groupHeader: string, measures: GroupMeasures = moneyMeasures()): ListColumn<MoneyGroup>[] {
  return [
    { key: 'label', header: groupHeader },
    { key: 'count', header: measures.count.header, exportValue: (g) => g.count },
    ...measures.amounts.map((c) => ({ key: c.key, header: c.header, exportValue: (g: MoneyGroup) => Number(g[c.key]) })),
  ];
}

export type GroupedTotalsTableProps = {
  groupHeader: string;
  /** The count and amounts shown (moneyMeasures by default). */
  measures?: GroupMeasures;
  page: MoneyGroupPage | undefined;
  loading: boolean;
  error?: string | null;
  /** Page of groups and its size (the list's own URL page and page size). */
  pageNumber: number;
  pageSize: number;
  onPage: (page: number) => void;
  onOpen: (group: MoneyGroup) => void;
  filtered: boolean;
  compact: boolean;
  actions?: ReactNode;
};

/** The presenter: groups as rows (cards on a phone), the grand total as footer, the pager. */
export function GroupedTotalsTable({ groupHeader, measures = moneyMeasures(), page, loading, error, pageNumber, pageSize, onPage, onOpen, filtered, compact, actions }: GroupedTotalsTableProps) {
  const groups = page?.groups ?? [];
  const money = measures.amounts;
  const width = 2 + money.length;
  const unit = (n: number) => `${formatNumber(n, 0)} ${measures.count.unit}`;
  const totalPages = Math.max(1, Math.ceil((page?.totalGroups ?? 0) / pageSize));
  const empty = !loading && groups.length === 0 ? <EmptyState py="xl" icon={<IconInbox size={28} stroke={1.5} />} title={GROUPED_TEXTS.empty} description={filtered && !error ? GROUPED_TEXTS.emptyFiltered : undefined} /> : null;
  const rowProps = (group: MoneyGroup) => ({
    onClick: () => onOpen(group),
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Enter') onOpen(group);
    },
    tabIndex: 0,
    'aria-label': GROUPED_TEXTS.open(measures.count.header.toLowerCase(), group.label),
    style: { cursor: 'pointer' },
  });
  const grand = page?.grandTotal;

  return (
    <Stack gap="md">
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {compact ? (
        <Stack gap="xs" role="list" aria-busy={loading}>
          {loading && !page ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={96} radius="md" />) : null}
          {groups.map((group) => (
            <Paper key={group.key} withBorder radius="md" p="sm" role="listitem" {...rowProps(group)}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text fw={600} size="sm">{group.label}</Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {unit(group.count)}
                </Text>
              </Group>
              <Stack gap={2} mt={money.length ? 4 : 0}>
                {money.map((c) => (
                  <Group key={c.key} justify="space-between" gap="sm" wrap="nowrap">
                    <Text size="xs" c="dimmed">{c.header}</Text>
                    <Text size="sm" fw={c.strong ? 600 : undefined}>{formatMoney(group[c.key])}</Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
          {empty ? <Paper withBorder radius="md">{empty}</Paper> : null}
          {grand && groups.length > 0 ? (
            <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-light)" data-testid="grand-total">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} size="sm">{GROUPED_TEXTS.grandTotal}</Text>
                <Text size="xs" c="dimmed">{unit(grand.count)}</Text>
              </Group>
              <Stack gap={2} mt={4}>
                {money.map((c) => (
                  <Group key={c.key} justify="space-between" gap="sm" wrap="nowrap">
                    <Text size="xs" c="dimmed">{c.header}</Text>
                    <Text size="sm" fw={700}>{formatMoney(grand[c.key])}</Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" aria-busy={loading} style={{ opacity: loading && page ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{groupHeader}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{measures.count.header}</Table.Th>
                  {money.map((c) => (
                    <Table.Th key={c.key} style={{ textAlign: 'right' }}>{c.header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loading && !page
                  ? Array.from({ length: 4 }, (_, i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={width}><Skeleton height={14} radius="sm" /></Table.Td>
                      </Table.Tr>
                    ))
                  : null}
                {groups.map((group) => (
                  <Table.Tr key={group.key} {...rowProps(group)}>
                    <Table.Td>{group.label}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatNumber(group.count, 0)}</Table.Td>
                    {money.map((c) => (
                      <Table.Td key={c.key} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(group[c.key])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                {empty ? (
                  <Table.Tr>
                    <Table.Td colSpan={width}>{empty}</Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
              {grand && groups.length > 0 ? (
                <Table.Tfoot data-testid="grand-total" bg="var(--mantine-color-gray-light)">
                  <Table.Tr style={{ fontWeight: 700 }}>
                    <Table.Td>{GROUPED_TEXTS.grandTotal}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatNumber(grand.count, 0)}</Table.Td>
                    {money.map((c) => (
                      <Table.Td key={c.key} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(grand[c.key])}</Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              ) : null}
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">{GROUPED_TEXTS.groups(page?.totalGroups ?? 0)}</Text>
        <Group gap="sm">
          {actions}
          <Pagination total={totalPages} value={Math.min(pageNumber, totalPages)} onChange={onPage} size="sm" withEdges />
        </Group>
      </Group>
    </Stack>
  );
}

export type GroupingSetup<TData, TVars> = {
  params: ListParams;
  options: GroupByOption[];
  /** The screen's grouped query; it takes the same filter and list input as the list. */
  document: TypedDocumentNode<TData, TVars>;
  filter: unknown;
  pick: (data: TData) => MoneyGroupPage | undefined;
  /** Audit entity of the documents: the groups refresh when anyone changes one. */
  entity?: string;
  /** The count and amounts shown (moneyMeasures by default). */
  measures?: GroupMeasures;
  exportName: string;
  canExport: boolean;
};

/** The chosen grouping of the list in the URL, or null when it shows documents. */
export const chosenGrouping = (params: ListParams, options: GroupByOption[]): GroupByOption | null => options.find((o) => o.value === params.filters.groupBy) ?? null;

/** "Agrupar por" for the list's filters row, with the month drill-down's removable pill. */
export function GroupBySelect({ params, options }: { params: ListParams; options: GroupByOption[] }) {
  const option = chosenGrouping(params, options);
  const month = params.filters.month ?? '';
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label={GROUPED_TEXTS.groupBy}
        data={[{ value: NONE, label: GROUPED_TEXTS.none }, ...options.map((o) => ({ value: o.value, label: GROUPED_TEXTS.by(o.label) }))]}
        value={option?.value ?? NONE}
        onChange={(value) => params.setFilter('groupBy', value && value !== NONE ? value : '')}
        allowDeselect={false}
        w={210}
      />
      {month ? (
        <Pill withRemoveButton onRemove={() => params.setFilter('month', '')} removeButtonProps={{ 'aria-label': GROUPED_TEXTS.removeMonth }} size="md">
          {GROUPED_TEXTS.month}: {monthLabel(month)}
        </Pill>
      ) : null}
    </Group>
  );
}

export type GroupedTotalsProps<TData, TVars> = {
  params: ListParams;
  option: GroupByOption;
  /** The screen's grouped query; it takes the same filter and list input as the list. */
  document: TypedDocumentNode<TData, TVars>;
  filter: unknown;
  pick: (data: TData) => MoneyGroupPage | undefined;
  /** Audit entity of the documents: the groups refresh when anyone changes one. */
  entity?: string;
  /** The count and amounts shown (moneyMeasures by default). */
  measures?: GroupMeasures;
  exportName: string;
  canExport: boolean;
};

/** The view that replaces the list's table while grouped: the grouped query, export, and the drill-down. */
export function GroupedTotals<TData, TVars>(props: GroupedTotalsProps<TData, TVars>) {
  const { params, option } = props;
  const client = useApolloClient();
  const compact = usePhone();
  const [exporting, setExporting] = useState(false);
  const list = toListInput(params);
  const variables = { groupBy: option.value, filter: props.filter, list } as unknown as TVars;
  const { data, previousData, loading, error, refetch } = useQuery(props.document, { variables, fetchPolicy: 'cache-and-network' } as never) as {
    data?: TData;
    previousData?: TData;
    loading: boolean;
    error?: unknown;
    refetch: () => Promise<unknown>;
  };
  useRecordChanges(props.entity, () => void refetch().catch(() => undefined));
  const source = data ?? previousData;
  const page = source ? props.pick(source) : undefined;

  const runExport = async () => {
    setExporting(true);
    try {
      let grand: MoneyGroup | undefined;
      const rows = await fetchAllPages<MoneyGroup>(async (pageNumber, pageSize) => {
        const vars = { groupBy: option.value, filter: props.filter, list: { ...list, page: pageNumber, pageSize } } as unknown as TVars;
        const result = (await client.query({ query: props.document, variables: vars, fetchPolicy: 'network-only' } as never)) as { data?: TData };
        const got = result.data ? props.pick(result.data) : undefined;
        grand = got?.grandTotal;
        return { items: got?.groups ?? [], total: got?.totalGroups ?? 0 };
      });
      const footer = grand ? [{ ...grand, label: GROUPED_TEXTS.grandTotal }] : [];
      await exportRows(`${props.exportName} por ${option.label.toLowerCase()}`, groupExportColumns(option.label, props.measures), [...rows, ...footer], 'xlsx');
    } catch (caught) {
      notifyError(readGraphQLError(caught)?.message ?? 'No se pudo exportar.', GROUPED_TEXTS.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const filtered = params.search !== '' || Object.entries(params.filters).some(([name, value]) => name !== 'groupBy' && value !== '');
  return (
    <GroupedTotalsTable
      groupHeader={option.label}
      measures={props.measures}
      page={page}
      loading={loading}
      error={readGraphQLError(error)?.message ?? null}
      pageNumber={params.page}
      pageSize={params.pageSize}
      onPage={params.setPage}
      onOpen={(group) => params.setFilters(drillFilters(option, group.key))}
      filtered={filtered}
      compact={compact}
      actions={
        props.canExport ? (
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} loading={exporting} onClick={() => void runExport()}>
            {GROUPED_TEXTS.export}
          </Button>
        ) : null
      }
    />
  );
}
