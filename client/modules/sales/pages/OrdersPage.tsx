// Órdenes de Servicio: server-side list with status filter in the URL.
import { ServiceOrderListDocument, type ServiceOrderFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel, ORDER_LIFECYCLE } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../components/format';
import { DocumentListPage } from '../components/DocumentListPage';
import { SALES_PATHS } from '../paths';
import { ORDER_BADGES, texts } from '../texts';

const t = texts.orders;

const COLUMNS: ListColumn<ServiceOrderFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('order', r.folio), exportValue: (r) => folioLabel('order', r.folio) },
  { key: 'description', header: t.columns.description, sortable: true },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'contract', header: t.columns.contract, render: (r) => (r.contract ? folioLabel('contract', r.contract.folio) : '—'), exportValue: (r) => (r.contract ? folioLabel('contract', r.contract.folio) : '') },
  { key: 'scheduledStart', header: t.columns.scheduledStart, format: 'date', sortable: true, render: (r) => formatDate(r.scheduledStart) },
  { key: 'scheduledEnd', header: t.columns.scheduledEnd, format: 'date', sortable: true, render: (r) => formatDate(r.scheduledEnd) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={ORDER_BADGES} />, exportValue: (r) => ORDER_LIFECYCLE.labels[r.status] },
];

export function OrdersPage() {
  return (
    <DocumentListPage
      dateLabel="Inicio programado"
      entity="service_order"
      screen="Órdenes de Servicio"
      texts={t}
      newLabel={t.newOrder}
      formPath={SALES_PATHS.orderForm}
      document={ServiceOrderListDocument}
      pick={(d) => d.serviceOrders}
      columns={COLUMNS}
      statusLabels={ORDER_LIFECYCLE.labels}
    />
  );
}
