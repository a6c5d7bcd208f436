// Facturas: server-side list with status, client and "con saldo" filters.
import { useState } from 'react';
import { Button, Checkbox, Group, Select } from '@mantine/core';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { InvoiceListDocument, type InvoiceFieldsFragment, type InvoiceFilter, type InvoiceStatus } from '../../../../generated/graphql';
import { INVOICE_LIFECYCLE } from '../../../../server/modules/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useSalesAccess } from '../access';
import { ClientSelect } from '../components/ClientSelect';
import { CompanyProfileDialog } from '../components/CompanyProfileDialog';
import { useServerList } from '../components/useServerList';
import { recordPath, SALES_PATHS } from '../paths';
import { INVOICE_BADGES, statusOptions, texts } from '../texts';

const t = texts.bills;

const COLUMNS: ListColumn<InvoiceFieldsFragment>[] = [
  { key: 'folio', header: t.columns.label, sortable: true, render: (r) => r.label, exportValue: (r) => r.label },
  { key: 'date', header: t.columns.date, sortable: true, render: (r) => formatDate(r.date), exportValue: (r) => formatDate(r.date) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'metodoPago', header: t.columns.metodo },
  { key: 'dueDate', header: t.columns.dueDate, sortable: true, render: (r) => formatDate(r.dueDate), exportValue: (r) => formatDate(r.dueDate) },
  { key: 'total', header: t.columns.total, sortable: true, align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  { key: 'balance', header: t.columns.balance, sortable: true, align: 'right', render: (r) => formatMoney(r.balance), exportValue: (r) => Number(r.balance) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={INVOICE_BADGES} />, exportValue: (r) => INVOICE_LIFECYCLE.labels[r.status] },
];

export function BillsPage() {
  const navigate = useNavigate();
  const access = useSalesAccess('Facturas');
  const params = useListParams({ sortBy: 'date', sortDirection: 'DESC', filters: { status: '', clientId: '', openOnly: '' } });
  const { status, clientId, openOnly } = params.filters;
  const filter: InvoiceFilter = { ...(status ? { status: status as InvoiceStatus } : {}), ...(clientId ? { clientId } : {}), ...(openOnly ? { openOnly: true } : {}) };
  const list = useServerList(InvoiceListDocument, params, { filter }, (d) => d.invoices);
  const [company, setCompany] = useState(false);

  return (
    <>
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
        onRowClick={(r) => void navigate(recordPath(SALES_PATHS.billForm, r.id))}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        actions={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconBuilding size={16} />} onClick={() => setCompany(true)}>
              {texts.company.open}
            </Button>
            {access.crear ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SALES_PATHS.billForm)}>
                {t.newBill}
              </Button>
            ) : null}
          </Group>
        }
        filters={
          <>
            <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(INVOICE_LIFECYCLE.labels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
            <ClientSelect aria-label={texts.common.filterClient} value={clientId} onChange={(id) => params.setFilter('clientId', id)} clearable w={280} />
            <Checkbox label={t.openOnly} checked={openOnly === 'true'} onChange={(e) => params.setFilter('openOnly', e.currentTarget.checked ? 'true' : '')} />
          </>
        }
      />
      <CompanyProfileDialog opened={company} readOnly={!access.autorizar} onClose={() => setCompany(false)} />
    </>
  );
}

export default BillsPage;
