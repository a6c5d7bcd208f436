// Facturas: server-side list with status, client, "con saldo", overdue and due-soon filters.
import { useState } from 'react';
import { Button, Checkbox, Group } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { InvoiceListDocument, type InvoiceFieldsFragment } from '../../../../generated/graphql';
import { INVOICE_LIFECYCLE } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { useSalesAccess } from '../access';
import { CompanyProfileDialog } from '../components/CompanyProfileDialog';
import { DocumentListPage } from '../components/DocumentListPage';
import { SALES_PATHS } from '../paths';
import { INVOICE_BADGES, texts } from '../texts';

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
  const access = useSalesAccess('Facturas');
  const [company, setCompany] = useState(false);

  return (
    <>
      <DocumentListPage
        dateLabel="Fecha de emisión"
        entity="invoice"
        screen="Facturas"
        texts={t}
        newLabel={t.newBill}
        formPath={SALES_PATHS.billForm}
        document={InvoiceListDocument}
        pick={(d) => d.invoices}
        columns={COLUMNS}
        statusLabels={INVOICE_LIFECYCLE.labels}
        sortBy="date"
        extraFilters={{
          defaults: { openOnly: '', overdue: '', dueSoon: '' },
          toFilter: ({ openOnly, overdue, dueSoon }) => ({ ...(openOnly ? { openOnly: true } : {}), ...(overdue ? { overdue: true } : {}), ...(dueSoon ? { dueSoon: true } : {}) }),
          render: (params) => (
            <Group gap="md">
              <Checkbox label={t.openOnly} checked={params.filters.openOnly === 'true'} onChange={(e) => params.setFilter('openOnly', e.currentTarget.checked ? 'true' : '')} />
              <Checkbox label={t.overdue} checked={params.filters.overdue === 'true'} onChange={(e) => params.setFilter('overdue', e.currentTarget.checked ? 'true' : '')} />
              <Checkbox label={t.dueSoon} checked={params.filters.dueSoon === 'true'} onChange={(e) => params.setFilter('dueSoon', e.currentTarget.checked ? 'true' : '')} />
            </Group>
          ),
        }}
        moreActions={() => (
          <Button variant="default" leftSection={<IconBuilding size={16} />} onClick={() => setCompany(true)}>
            {texts.company.open}
          </Button>
        )}
      />
      <CompanyProfileDialog opened={company} readOnly={!access.autorizar} onClose={() => setCompany(false)} />
    </>
  );
}

export default BillsPage;
