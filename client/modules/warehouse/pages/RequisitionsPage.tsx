// Requisiciones: server-side list with status and warehouse filters; a row
// opens Detalle de Requisiciones (`?id=`), "Nueva requisición" opens it empty.
import { useMemo } from 'react';
import { Button, Select } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconChecks, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import {
  WarehouseRequisitionBulkAuthorizeDocument,
  WarehouseRequisitionListDocument,
  type WarehouseRequisitionFieldsFragment,
  type WarehouseRequisitionFilter,
  type WarehouseRequisitionStatus,
} from '../../../../generated/modules/warehouse/graphql';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import type { BulkConfig } from '../../../components/BulkBar';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { StatusBadge } from '../../../components/StatusBadge';
import { useScreenAccess } from '../access';
import { useWarehouseOptions } from '../components/options';
import { WAREHOUSE_PATHS, withId } from '../paths';
import { REQUISITION_STATUS, statusOptions, texts } from '../texts';

const t = texts.requisitions;

const COLUMNS: ListColumn<WarehouseRequisitionFieldsFragment>[] = [
  { key: 'folio', header: texts.common.folio, sortable: true },
  { key: 'createdAt', header: texts.common.date, format: 'datetime', sortable: true, render: (r) => formatDate(r.createdAt) },
  { key: 'area', header: t.area, sortable: true },
  { key: 'originReference', header: t.originReference },
  { key: 'requesterName', header: t.requester },
  { key: 'warehouse', header: texts.common.warehouse, render: (r) => r.warehouse.code, exportValue: (r) => r.warehouse.name },
  { key: 'neededDate', header: t.neededDate, format: 'date', sortable: true, render: (r) => formatDate(r.neededDate) },
  { key: 'status', header: texts.common.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={REQUISITION_STATUS} />, exportValue: (r) => REQUISITION_STATUS[r.status]?.label ?? r.status },
];

export function RequisitionsPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const access = useScreenAccess('Requisiciones');
  const warehouses = useWarehouseOptions();
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', warehouseId: '', ...dateRangeDefaults() } });
  const { status, warehouseId, from, to } = params.filters;
  const filter = useMemo<WarehouseRequisitionFilter>(
    () => ({ status: (status || undefined) as WarehouseRequisitionStatus | undefined, warehouseId: warehouseId || undefined, ...dateRangeFilter({ from, to }) }),
    [status, warehouseId, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(WarehouseRequisitionListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.warehouseRequisitions;
  const fetchAll = () =>
    fetchAllPages(async (p, size) => (await client.query({ query: WarehouseRequisitionListDocument, variables: { list: { ...list, page: p, pageSize: size }, filter }, fetchPolicy: 'network-only' })).data?.warehouseRequisitions ?? { items: [], total: 0 });

  const bulk: BulkConfig<WarehouseRequisitionFieldsFragment> = {
    loadAll: fetchAll,
    describe: (r) => r.folio,
    actions: [
      {
        key: 'authorize',
        label: t.bulkAuthorize,
        icon: <IconChecks size={14} />,
        allowed: access.autorizar,
        confirm: { title: t.bulkAuthorizeTitle, message: t.bulkAuthorizeMessage },
        run: async (ids) => {
          const r = await client.mutate({ mutation: WarehouseRequisitionBulkAuthorizeDocument, variables: { ids } });
          await refetch();
          return r.data?.warehouseRequisitionBulkAuthorize;
        },
      },
    ],
  };

  return (
    <ListPage
      bulk={bulk}
      description={t.listDescription}
      exportName={t.exportName}
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(withId(WAREHOUSE_PATHS.requisitionDetail, r.id))}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={access.crear ? <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(WAREHOUSE_PATHS.requisitionDetail)}>{t.newButton}</Button> : undefined}
      filters={
        <>
          <Select aria-label={texts.common.status} placeholder={texts.common.status} data={statusOptions(REQUISITION_STATUS)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <Select aria-label={texts.common.warehouse} placeholder={texts.common.warehouse} data={warehouses.options.map((o) => ({ ...o, disabled: false }))} value={warehouseId || null} onChange={(v) => params.setFilter('warehouseId', v ?? '')} clearable searchable w={220} />
          <DateRangeFilter params={params} label="Fecha de creación" />
        </>
      }
    />
  );
}
