// Requisiciones de almacén: the Almacén requisitions the orders asked for,
// with the status Almacén gives them and the cost delivered so far; the
// order folio opens the order. Folio, needed date and status sort (URL-held).
import { useMemo } from 'react';
import { Anchor, Select } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MaintenanceRequisitionListDocument, type MaintenanceRequisitionListQuery } from '../../../generated/modules/maintenance/graphql';
import { useScreenAccess } from '../../components/access';
import { formatDate, formatMoney } from '../../components/format';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../components/listParams';
import { StatusBadge } from '../../components/StatusBadge';
import { useServerList } from '../../components/useServerList';
import { MT_MODULE, MT_SCREENS, orderPath, REQUISITION_BADGES, requisitionStatusOptions, texts } from './texts';

type Row = MaintenanceRequisitionListQuery['maintenanceRequisitions']['items'][number];
const t = texts.requisitions;

const COLUMNS: ListColumn<Row>[] = [
  { key: 'folio', header: t.folio, sortable: true, render: (r) => r.requisition.folio, exportValue: (r) => r.requisition.folio },
  {
    key: 'order',
    header: t.order,
    render: (r) => (
      <Anchor component={Link} to={orderPath(r.orderId)}>
        {r.orderFolio}
      </Anchor>
    ),
    exportValue: (r) => r.orderFolio,
  },
  { key: 'vehicleNumber', header: t.vehicle },
  { key: 'neededDate', header: t.neededDate, sortable: true, format: 'date', render: (r) => formatDate(r.requisition.neededDate), exportValue: (r) => r.requisition.neededDate },
  { key: 'lines', header: t.lines, render: (r) => r.requisition.lines.map((l) => `${l.sku} × ${l.requestedQty}`).join(', '), exportValue: (r) => r.requisition.lines.map((l) => `${l.sku} × ${l.requestedQty}`).join(', ') },
  { key: 'delivered', header: t.delivered, format: 'money', align: 'right', render: (r) => formatMoney(r.requisition.deliveredCost), exportValue: (r) => Number(r.requisition.deliveredCost) },
  { key: 'status', header: t.status, sortable: true, render: (r) => <StatusBadge status={r.requisition.status} labels={REQUISITION_BADGES} />, exportValue: (r) => REQUISITION_BADGES[r.requisition.status]?.label ?? r.requisition.status },
];

export function RequisitionsPage() {
  const access = useScreenAccess(MT_MODULE, MT_SCREENS.requisitions);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '' } });
  const status = params.filters.status;
  const variables = useMemo(() => ({ status: status || null }), [status]);
  const list = useServerList(MaintenanceRequisitionListDocument, params, variables, (d) => d.maintenanceRequisitions, { entity: 'requisition' });
  return (
    <ListPage
      description={t.description}
      exportName={t.exportName}
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.requisition.id}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      filters={<Select aria-label={t.status} placeholder={t.allStatuses} data={requisitionStatusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={190} />}
    />
  );
}
