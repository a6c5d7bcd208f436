// The list screen every Ventas document shares (cotizaciones, contratos,
// órdenes, generadores, facturas, pagos): status and client filters in the
// URL, server pagination and export, a row opens its form, and "Nuevo …" for
// whoever may create. A screen adds its own filters and buttons on top.
import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { Button, Group, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import type { BulkConfig } from '../../../components/BulkBar';
import { chosenGrouping, GroupBySelect, GroupedTotals, GROUPING_FILTERS, monthFilter, type GroupByOption, type GroupMeasures, type MoneyGroupPage } from '../../../components/GroupedTotals';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams, type ListInput, type ListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { useScreenAccess, type SalesScreen, type ScreenAccess } from '../access';
import { recordPath } from '../paths';
import { SALES_RANGE_KEYS } from './dateRange';
import { statusOptions, texts } from '../texts';
import { ClientSelect } from './ClientSelect';
import { useServerList } from '../../../components/useServerList';

type Page<T> = { items: T[]; total: number };

/** Filters beyond status and client: their URL defaults, how they enter the query filter, and their inputs. */
export type ExtraListFilters = {
  defaults: Record<string, string>;
  toFilter: (values: Record<string, string>) => Record<string, unknown>;
  render: (params: ListParams) => ReactNode;
};

export type DocumentListPageProps<TData, TVars, TRow, TGroups = unknown> = {
  /** Audit entity of the rows (invoice, quote…): the list refreshes when any user changes one. */
  entity: string;
  screen: SalesScreen;
  texts: { listDescription: string; exportName: string; searchPlaceholder: string };
  newLabel: string;
  formPath: string;
  document: TypedDocumentNode<TData, TVars>;
  pick: (data: TData) => Page<TRow> | undefined;
  columns: ListColumn<TRow>[];
  statusLabels: Record<string, string>;
  sortBy?: string;
  /** What the list's date range filters (Fecha, Inicio…); every Ventas document list is dated. */
  dateLabel: string;
  extraFilters?: ExtraListFilters;
  /** Buttons shown before "Nuevo …". */
  moreActions?: (access: ScreenAccess) => ReactNode;
  /** Row checkboxes and bulk actions; "Seleccionar las N que coinciden" loads through the list's own loader. */
  bulk?: BulkConfig<TRow>;
  /** "Agrupar por" with subtotals: the ways to group and the grouped query (same filter as the list). */
  grouping?: { options: GroupByOption[]; document: TypedDocumentNode<TGroups, never>; pick: (data: TGroups) => MoneyGroupPage | undefined; measures?: GroupMeasures };
};

export function DocumentListPage<TData, TVars extends { list?: ListInput | null }, TRow extends { id: string }, TGroups = unknown>(props: DocumentListPageProps<TData, TVars, TRow, TGroups>) {
  const navigate = useNavigate();
  const access = useScreenAccess(props.screen);
  const grouped = props.grouping ? GROUPING_FILTERS : {};
  const params = useListParams({ sortBy: props.sortBy ?? 'folio', sortDirection: 'DESC', filters: { status: '', clientId: '', ...dateRangeDefaults(SALES_RANGE_KEYS), ...grouped, ...props.extraFilters?.defaults } });
  const { status, clientId } = params.filters;
  const filter = {
    ...(status ? { status } : {}),
    ...(clientId ? { clientId } : {}),
    ...dateRangeFilter(params.filters, SALES_RANGE_KEYS),
    ...(props.grouping ? monthFilter(params.filters.month ?? '', { from: 'dateFrom', to: 'dateTo' }) : {}),
    ...props.extraFilters?.toFilter(params.filters),
  };
  const groupBy = props.grouping ? chosenGrouping(params, props.grouping.options) : null;
  // The status comes from the URL as text; the server rejects a value outside its enum.
  const list = useServerList(props.document, params, { filter } as unknown as Omit<TVars, 'list'>, props.pick, { entity: props.entity });

  const newButton = access.crear ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(props.formPath)}>
      {props.newLabel}
    </Button>
  ) : null;
  const more = props.moreActions?.(access);

  return (
    <ListPage
      bulk={props.bulk ? { loadAll: list.fetchAll, ...props.bulk } : undefined}
      description={props.texts.listDescription}
      exportName={props.texts.exportName}
      searchPlaceholder={props.texts.searchPlaceholder}
      columns={props.columns}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(recordPath(props.formPath, r.id))}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      grouping={
        props.grouping
          ? {
              control: <GroupBySelect params={params} options={props.grouping.options} />,
              view: groupBy ? (
                <GroupedTotals params={params} option={groupBy} document={props.grouping.document} filter={filter} pick={props.grouping.pick} measures={props.grouping.measures} entity={props.entity} exportName={props.texts.exportName} canExport={access.exportar} />
              ) : null,
            }
          : undefined
      }
      actions={
        more ? (
          <Group gap="xs">
            {more}
            {newButton}
          </Group>
        ) : (newButton ?? undefined)
      }
      filters={
        <>
          <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(props.statusLabels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <ClientSelect aria-label={texts.common.filterClient} value={clientId} onChange={(id) => params.setFilter('clientId', id)} clearable w={280} />
          <DateRangeFilter params={params} keys={SALES_RANGE_KEYS} label={props.dateLabel} />
          {props.extraFilters?.render(params)}
        </>
      }
    />
  );
}
