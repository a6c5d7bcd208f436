// Gastos: supplier invoices with their balance and status; filters by status,
// supplier, overdue and due soon in the URL; totals of the whole filtered list.
import { useMemo } from 'react';
import { Button, Group, Select, Switch, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ExpenseGroupsDocument, ExpenseListDocument, SupplierOptionsDocument, type ExpenseFieldsFragment, type ExpenseFilter, type ExpenseStatus } from '../../../../generated/modules/shopping/graphql';
import { DUE_SOON_DAYS } from '../../../../schema/dates';
import type { BulkConfig } from '../../../components/BulkBar';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { chosenGrouping, GroupBySelect, GroupedTotals, GROUPING_FILTERS, monthFilter, type GroupByOption } from '../../../components/GroupedTotals';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { useRecordChanges } from '../../../components/useRecordChanges';
import { StatusBadge } from '../../../components/StatusBadge';
import { EXPENSE_STATUS, invoiceRef, SHOPPING_PATHS, withId } from '../texts';
import { useScreenAccess } from '../access';
import { SupplierFilter } from '../components/SupplierSelect';

const COLUMNS: ListColumn<ExpenseFieldsFragment>[] = [
  { key: 'folio', header: 'Folio', sortable: true, width: 80 },
  { key: 'date', header: 'Fecha', format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'supplier', header: 'Proveedor', sortable: true, render: (r) => r.supplierName, exportValue: (r) => r.supplierName },
  { key: 'invoice', header: 'Factura', render: (r) => invoiceRef(r.invoiceSerie, r.invoiceFolio), exportValue: (r) => invoiceRef(r.invoiceSerie, r.invoiceFolio) },
  { key: 'category', header: 'Categoría', sortable: true },
  { key: 'total', header: 'Total', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  { key: 'balance', header: 'Saldo', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.balance), exportValue: (r) => Number(r.balance) },
  {
    key: 'dueDate',
    header: 'Vencimiento',
    format: 'date',
    sortable: true,
    render: (r) => (
      <span>
        {formatDate(r.dueDate)}
        {r.daysOverdue > 0 ? (
          <Text span size="xs" c="red" ml={6}>
            ({r.daysOverdue} días vencido)
          </Text>
        ) : null}
      </span>
    ),
  },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={EXPENSE_STATUS} />, exportValue: (r) => EXPENSE_STATUS[r.status]?.label ?? r.status },
];

const STATUS_OPTIONS = Object.entries(EXPENSE_STATUS).map(([value, { label }]) => ({ value, label }));

const GROUP_BY: GroupByOption[] = [
  { value: 'SUPPLIER', label: 'Proveedor', filter: 'supplierId' },
  { value: 'STATUS', label: 'Estado', filter: 'status' },
  { value: 'MONTH', label: 'Mes', filter: 'month' },
];

/** Checkboxes for "Exportar selección" (the bar's own action) when the role may export: gastos have no transition to apply in bulk (pagos and cancelaciones take their own data). */
const BULK: BulkConfig<ExpenseFieldsFragment> = { actions: [], describe: (r) => `${r.folio} ${r.supplierName}` };

export function ExpensesPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const access = useScreenAccess('Gastos');
  const params = useListParams({ sortBy: 'date', sortDirection: 'DESC', filters: { status: '', supplierId: '', overdue: '', dueSoon: '', ...dateRangeDefaults(), ...GROUPING_FILTERS } });
  const { status, supplierId, overdue, dueSoon, from, to, month } = params.filters;
  const filter = useMemo<ExpenseFilter>(
    () => ({ ...(status ? { status: status as ExpenseStatus } : {}), ...(supplierId ? { supplierId } : {}), ...(overdue === 'true' ? { overdue: true } : {}),
      ...(dueSoon === 'true' ? { dueSoon: true } : {}),
      ...dateRangeFilter({ from, to }),
      ...monthFilter(month, { from: 'from', to: 'to' }),
    }),
    [status, supplierId, overdue, dueSoon, from, to, month],
  );
  const groupBy = chosenGrouping(params, GROUP_BY);
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(ExpenseListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  useRecordChanges('expense', () => void refetch().catch(() => undefined));
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: false }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.expenses;

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: ExpenseListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.expenses ?? { items: [], total: 0 };
    });

  return (
    <ListPage
      description={
        page ? (
          <Group gap="lg">
            <span>Facturas de proveedores y su saldo por pagar.</span>
            <Text span size="sm">
              Total: <b>{formatMoney(page.sumTotal)}</b> · Saldo: <b>{formatMoney(page.sumBalance)}</b>
            </Text>
          </Group>
        ) : (
          'Facturas de proveedores y su saldo por pagar.'
        )
      }
      exportName="Gastos"
      searchPlaceholder="Buscar por proveedor, factura, UUID, categoría o folio"
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(withId(SHOPPING_PATHS.expenseForm, r.id))}
      fetchAll={access.exportar ? fetchAll : undefined}
      bulk={BULK}
      grouping={{
        control: <GroupBySelect params={params} options={GROUP_BY} />,
        view: groupBy ? (
          <GroupedTotals params={params} option={groupBy} document={ExpenseGroupsDocument} filter={filter} pick={(d) => d.expenseGroups} entity="expense" exportName="Gastos" canExport={access.exportar} />
        ) : null,
      }}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SHOPPING_PATHS.expenseForm)}>
            Nuevo gasto
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label="Estado" placeholder="Todos los estados" data={STATUS_OPTIONS} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <SupplierFilter suppliers={suppliers.data?.supplierOptions ?? []} value={supplierId} onChange={(v) => params.setFilter('supplierId', v)} />
          <DateRangeFilter params={params} label="Fecha del gasto" />
          <Switch label="Solo vencidos" checked={overdue === 'true'} onChange={(e) => params.setFilter('overdue', e.currentTarget.checked ? 'true' : '')} />
          <Switch label={`Vencen en ${DUE_SOON_DAYS} días`} checked={dueSoon === 'true'} onChange={(e) => params.setFilter('dueSoon', e.currentTarget.checked ? 'true' : '')} />
        </>
      }
    />
  );
}
