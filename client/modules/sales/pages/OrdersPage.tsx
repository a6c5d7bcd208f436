// Órdenes de Servicio: server-side list with status filter in the URL.
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ServiceOrderListDocument, type ServiceOrderFieldsFragment, type ServiceOrderFilter, type ServiceOrderStatus } from '../../../../generated/graphql';
import { folioLabel, ORDER_LIFECYCLE } from '../../../../server/modules/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useSalesAccess } from '../access';
import { ClientSelect } from '../components/ClientSelect';
import { useServerList } from '../components/useServerList';
import { recordPath, SALES_PATHS } from '../paths';
import { ORDER_BADGES, statusOptions, texts } from '../texts';

const t = texts.orders;

const COLUMNS: ListColumn<ServiceOrderFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('order', r.folio), exportValue: (r) => folioLabel('order', r.folio) },
  { key: 'description', header: t.columns.description, sortable: true },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'contract', header: t.columns.contract, render: (r) => (r.contract ? folioLabel('contract', r.contract.folio) : '—'), exportValue: (r) => (r.contract ? folioLabel('contract', r.contract.folio) : '') },
  { key: 'scheduledStart', header: t.columns.scheduledStart, sortable: true, render: (r) => formatDate(r.scheduledStart), exportValue: (r) => formatDate(r.scheduledStart) },
  { key: 'scheduledEnd', header: t.columns.scheduledEnd, sortable: true, render: (r) => formatDate(r.scheduledEnd), exportValue: (r) => formatDate(r.scheduledEnd) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={ORDER_BADGES} />, exportValue: (r) => ORDER_LIFECYCLE.labels[r.status] },
];

export function OrdersPage() {
  const navigate = useNavigate();
  const access = useSalesAccess('Órdenes de Servicio');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', clientId: '' } });
  const { status, clientId } = params.filters;
  const filter: ServiceOrderFilter = { ...(status ? { status: status as ServiceOrderStatus } : {}), ...(clientId ? { clientId } : {}) };
  const list = useServerList(ServiceOrderListDocument, params, { filter }, (d) => d.serviceOrders);

  return (
    <ListPage
      description={t.listDescription}
      exportName={t.exportName}
      searchPlaceholder={t.searchPlaceholder}
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(recordPath(SALES_PATHS.orderForm, r.id))}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SALES_PATHS.orderForm)}>
            {t.newOrder}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(ORDER_LIFECYCLE.labels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <ClientSelect aria-label={texts.common.filterClient} value={clientId} onChange={(id) => params.setFilter('clientId', id)} clearable w={280} />
        </>
      }
    />
  );
}

export default OrdersPage;
