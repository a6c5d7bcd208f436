// Órdenes de compra: orders to suppliers with their status and total;
// filters by status, supplier, date and "por recibir" in the URL; the sum of
// the whole filtered list. A new order starts by hand or from an authorised
// requisition / a Solicitud PDM (the form's `?origin=&originId=`).
import { useMemo } from 'react';
import { Button, Group, Select, Switch, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import {
  PurchaseOrderListDocument,
  SupplierOptionsDocument,
  type PurchaseOrderFieldsFragment,
  type PurchaseOrderFilter,
  type PurchaseOrderStatus,
} from '../../../../generated/modules/shopping/graphql';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { useRecordChanges } from '../../../components/useRecordChanges';
import { StatusBadge } from '../../../components/StatusBadge';
import { PURCHASE_ORDER_ORIGIN, PURCHASE_ORDER_STATUS, SHOPPING_PATHS, withId } from '../texts';
import { useScreenAccess } from '../access';
import { SupplierFilter } from '../components/SupplierSelect';

const COLUMNS: ListColumn<PurchaseOrderFieldsFragment>[] = [
  { key: 'folio', header: 'Folio', sortable: true, width: 110, render: (r) => r.folioText, exportValue: (r) => r.folioText },
  { key: 'date', header: 'Fecha', format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'supplier', header: 'Proveedor', sortable: true, render: (r) => r.supplierName, exportValue: (r) => r.supplierName },
  { key: 'deliveryDate', header: 'Entrega', format: 'date', sortable: true, render: (r) => formatDate(r.deliveryDate) },
  { key: 'warehouse', header: 'Almacén', render: (r) => r.warehouseName ?? '—', exportValue: (r) => r.warehouseName ?? '' },
  { key: 'origin', header: 'Origen', render: (r) => r.originFolio || PURCHASE_ORDER_ORIGIN[r.origin], exportValue: (r) => r.originFolio || PURCHASE_ORDER_ORIGIN[r.origin] },
  { key: 'total', header: 'Total', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={PURCHASE_ORDER_STATUS} />, exportValue: (r) => PURCHASE_ORDER_STATUS[r.status]?.label ?? r.status },
];

const STATUS_OPTIONS = Object.entries(PURCHASE_ORDER_STATUS).map(([value, { label }]) => ({ value, label }));

export function PurchaseOrdersPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const access = useScreenAccess('Órdenes de compra');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', supplierId: '', open: '', ...dateRangeDefaults() } });
  const { status, supplierId, open, from, to } = params.filters;
  const filter = useMemo<PurchaseOrderFilter>(
    () => ({
      ...(status ? { status: status as PurchaseOrderStatus } : {}),
      ...(supplierId ? { supplierId } : {}),
      ...(open === 'true' ? { open: true } : {}),
      ...dateRangeFilter({ from, to }),
    }),
    [status, supplierId, open, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(PurchaseOrderListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  useRecordChanges('purchase_order', () => void refetch().catch(() => undefined));
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: false }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.purchaseOrders;

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: PurchaseOrderListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.purchaseOrders ?? { items: [], total: 0 };
    });

  const intro = 'Pedidos a proveedores: se autorizan según el límite del rol y se reciben en Almacén.';
  return (
    <ListPage
      description={
        page ? (
          <Group gap="lg">
            <span>{intro}</span>
            <Text span size="sm">
              Total: <b>{formatMoney(page.sumTotal)}</b>
            </Text>
          </Group>
        ) : (
          intro
        )
      }
      exportName="Órdenes de compra"
      searchPlaceholder="Buscar por folio, proveedor, origen o notas"
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(withId(SHOPPING_PATHS.purchaseOrderForm, r.id))}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SHOPPING_PATHS.purchaseOrderForm)}>
            Nueva orden de compra
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label="Estado" placeholder="Todos los estados" data={STATUS_OPTIONS} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <SupplierFilter suppliers={suppliers.data?.supplierOptions ?? []} value={supplierId} onChange={(v) => params.setFilter('supplierId', v)} />
          <DateRangeFilter params={params} label="Fecha de la orden" />
          <Switch label="Por recibir" checked={open === 'true'} onChange={(e) => params.setFilter('open', e.currentTarget.checked ? 'true' : '')} />
        </>
      }
    />
  );
}
