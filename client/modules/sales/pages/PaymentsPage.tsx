// Pagos: client payments with status and client filters; a row opens the
// payment (read-only, with its applications and cancellation).
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ClientPaymentListDocument, type ClientPaymentFieldsFragment, type ClientPaymentFilter, type IncomeStatus } from '../../../../generated/graphql';
import { folioLabel, INCOME_LIFECYCLE } from '../../../../server/modules/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useSalesAccess } from '../access';
import { formaLabel } from '../components/catalogs';
import { ClientSelect } from '../components/ClientSelect';
import { useServerList } from '../components/useServerList';
import { recordPath, SALES_PATHS } from '../paths';
import { INCOME_BADGES, statusOptions, texts } from '../texts';

const t = texts.payments;

const COLUMNS: ListColumn<ClientPaymentFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('payment', r.folio), exportValue: (r) => folioLabel('payment', r.folio) },
  { key: 'date', header: t.columns.date, sortable: true, render: (r) => formatDate(r.date), exportValue: (r) => formatDate(r.date) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'formaPago', header: t.columns.forma, render: (r) => formaLabel(r.formaPago), exportValue: (r) => formaLabel(r.formaPago) },
  { key: 'accountName', header: t.columns.account },
  { key: 'amount', header: t.columns.amount, sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'appliedAmount', header: t.columns.applied, align: 'right', render: (r) => formatMoney(r.appliedAmount), exportValue: (r) => Number(r.appliedAmount) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={INCOME_BADGES} />, exportValue: (r) => INCOME_LIFECYCLE.labels[r.status] },
];

export function PaymentsPage() {
  const navigate = useNavigate();
  const access = useSalesAccess('Pagos');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', clientId: '' } });
  const { status, clientId } = params.filters;
  const filter: ClientPaymentFilter = { ...(status ? { status: status as IncomeStatus } : {}), ...(clientId ? { clientId } : {}) };
  const list = useServerList(ClientPaymentListDocument, params, { filter }, (d) => d.clientPayments);

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
      onRowClick={(r) => void navigate(recordPath(SALES_PATHS.paymentForm, r.id))}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SALES_PATHS.paymentForm)}>
            {t.newPayment}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(INCOME_LIFECYCLE.labels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <ClientSelect aria-label={texts.common.filterClient} value={clientId} onChange={(id) => params.setFilter('clientId', id)} clearable w={280} />
        </>
      }
    />
  );
}

export default PaymentsPage;
