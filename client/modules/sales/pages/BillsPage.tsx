// Facturas: server-side list with status, client, "con saldo", overdue and due-soon filters.
import { Badge, Button, Checkbox, Group, Select, Text } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { IconBuilding, IconFileZip, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { InvoiceGroupsDocument, InvoiceListDocument, InvoicesPdfDocument, type Currency, type InvoiceFieldsFragment, type InvoiceKind } from '../../../../generated/modules/sales/graphql';
import { GROUPED_TEXTS, type GroupByOption, type GroupMeasures } from '../../../components/GroupedTotals';
import { INVOICE_LIFECYCLE } from '../../../../schema/sales/labels';
import { INVOICE_KINDS } from '../../../../schema/sales/anticipos';
import { CURRENCIES } from '../../../../schema/sales/currency';
import type { BulkConfig } from '../../../components/BulkBar';
import type { ListColumn } from '../../../components/ListPage';
import { useScreenAccess as useSharedScreenAccess } from '../../../components/access';
import { notifyError, notifySuccess } from '../../../components/notify';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { useScreenAccess } from '../access';
import { DocumentListPage } from '../components/DocumentListPage';
import { downloadInvoicesArchive, downloadPdf } from '../components/files';
import { SALES_PATHS } from '../paths';
import { SETTINGS_PATHS } from '../../settings/paths';
import { INVOICE_BADGES, texts } from '../texts';

const t = texts.bills;

const COLUMNS: ListColumn<InvoiceFieldsFragment>[] = [
  { key: 'folio', header: t.columns.label, sortable: true, render: (r) => r.label, exportValue: (r) => r.label },
  { key: 'date', header: t.columns.date, format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'kind', header: t.columns.kind, render: (r) => t.kindShort[r.kind], exportValue: (r) => t.kindShort[r.kind] },
  { key: 'metodoPago', header: t.columns.metodo },
  { key: 'dueDate', header: t.columns.dueDate, format: 'date', sortable: true, render: (r) => formatDate(r.dueDate) },
  // Amounts in the invoice's own currency; a dollar balance shows its pesos (at the invoice's TipoCambio) beneath.
  { key: 'currency', header: t.columns.currency, render: (r) => r.currency, exportValue: (r) => r.currency },
  { key: 'total', header: t.columns.total, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  {
    key: 'balance',
    header: t.columns.balance,
    format: 'money',
    sortable: true,
    align: 'right',
    render: (r) =>
      r.currency === 'MXN' ? (
        formatMoney(r.balance)
      ) : (
        <>
          {formatMoney(r.balance)}
          {Number(r.balance) > 0 && (
            <Text span display="block" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title={t.balanceMxnHelp(r.exchangeRate)}>
              {t.balanceMxn(formatMoney(r.balanceMxn))}
            </Text>
          )}
        </>
      ),
    exportValue: (r) => Number(r.balance),
  },
  // The UUID's first block is enough to tell invoices apart on screen; the export carries it whole.
  {
    key: 'uuid',
    header: t.columns.uuid,
    render: (r) =>
      r.uuid ? (
        <Text span size="sm" ff="monospace" title={r.uuid}>
          {r.uuid.split('-')[0]}
        </Text>
      ) : r.stampStatus === 'pendiente' ? (
        <Badge color="orange" variant="light">
          {t.timbre.statuses.pendiente}
        </Badge>
      ) : null,
    exportValue: (r) => r.uuid ?? '',
  },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={INVOICE_BADGES} />, exportValue: (r) => INVOICE_LIFECYCLE.labels[r.status] },
];

const GROUP_BY: GroupByOption[] = [
  { value: 'CLIENT', label: t.columns.client, filter: 'clientId' },
  { value: 'STATUS', label: t.columns.status, filter: 'status' },
  { value: 'MONTH', label: t.groupMonth, filter: 'month' },
];

/** The groups add invoices of both currencies: their figures are in pesos (each invoice at its TipoCambio). */
const MXN_MEASURES: GroupMeasures = {
  count: { header: GROUPED_TEXTS.count, unit: 'doc.' },
  amounts: [
    { key: 'subtotal', header: `${GROUPED_TEXTS.subtotal} (MXN)` },
    { key: 'tax', header: `${GROUPED_TEXTS.tax} (MXN)` },
    { key: 'total', header: `${GROUPED_TEXTS.total} (MXN)`, strong: true },
    { key: 'balance', header: `${GROUPED_TEXTS.balance} (MXN)` },
  ],
};

export function BillsPage() {
  const access = useScreenAccess('Facturas');
  const companyAccess = useSharedScreenAccess('Configuración', 'Empresa');
  const apollo = useApolloClient();
  const bulk: BulkConfig<InvoiceFieldsFragment> = {
    describe: (r) => r.label,
    actions: [
      {
        key: 'print',
        label: t.bulkPrint,
        icon: <IconPrinter size={14} />,
        allowed: access.ver,
        run: async (ids) => {
          const r = await apollo.query({ query: InvoicesPdfDocument, variables: { ids }, fetchPolicy: 'network-only' });
          if (!r.data) return;
          downloadPdf(r.data.facturasPdf, t.bulkPdfName);
          notifySuccess(t.bulkPrinted(ids.length), t.bulkPrint);
        },
      },
      {
        // Only stamped invoices have a CFDI to download: the others in the selection are left out, and said so.
        key: 'archive',
        label: t.bulkArchive,
        icon: <IconFileZip size={14} />,
        allowed: access.ver,
        run: async (ids, rows) => {
          const stamped = rows.filter((r) => r.stampStatus === 'timbrada');
          const skipped = rows.filter((r) => r.stampStatus !== 'timbrada').map((r) => r.label);
          if (!stamped.length) {
            notifyError(t.bulkArchiveNone, t.bulkArchive);
            return;
          }
          await downloadInvoicesArchive(apollo, stamped.length === rows.length ? ids : stamped.map((r) => r.id));
          notifySuccess(t.bulkArchived(stamped.length) + (skipped.length ? ` ${t.bulkArchiveSkipped(skipped)}` : ''), t.bulkArchive);
        },
      },
    ],
  };

  return (
    <>
      <DocumentListPage
        dateLabel="Fecha de emisión"
        entity="invoice"
        bulk={bulk}
        screen="Facturas"
        texts={t}
        newLabel={t.newBill}
        formPath={SALES_PATHS.billForm}
        document={InvoiceListDocument}
        pick={(d) => d.invoices}
        columns={COLUMNS}
        statusLabels={INVOICE_LIFECYCLE.labels}
        sortBy="date"
        grouping={{ options: GROUP_BY, document: InvoiceGroupsDocument, pick: (d) => d.invoiceGroups, measures: MXN_MEASURES }}
        extraFilters={{
          defaults: { openOnly: '', overdue: '', dueSoon: '', kind: '', currency: '' },
          toFilter: ({ openOnly, overdue, dueSoon, kind, currency }) => ({
            ...(openOnly ? { openOnly: true } : {}),
            ...(overdue ? { overdue: true } : {}),
            ...(dueSoon ? { dueSoon: true } : {}),
            ...(kind ? { kind: kind as InvoiceKind } : {}),
            ...(currency ? { currency: currency as Currency } : {}),
          }),
          render: (params) => (
            <Group gap="md">
              <Select aria-label={t.columns.kind} placeholder={t.allKinds} data={INVOICE_KINDS.map((k) => ({ value: k.value, label: t.kindShort[k.value] }))} value={params.filters.kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={170} />
              <Select aria-label={t.columns.currency} placeholder={t.allCurrencies} data={[...CURRENCIES]} value={params.filters.currency || null} onChange={(v) => params.setFilter('currency', v ?? '')} clearable w={150} />
              <Checkbox label={t.openOnly} checked={params.filters.openOnly === 'true'} onChange={(e) => params.setFilter('openOnly', e.currentTarget.checked ? 'true' : '')} />
              <Checkbox label={t.overdue} checked={params.filters.overdue === 'true'} onChange={(e) => params.setFilter('overdue', e.currentTarget.checked ? 'true' : '')} />
              <Checkbox label={t.dueSoon} checked={params.filters.dueSoon === 'true'} onChange={(e) => params.setFilter('dueSoon', e.currentTarget.checked ? 'true' : '')} />
            </Group>
          ),
        }}
        // The emisor's data and its CSD live in Configuración › Empresa: a link for whoever may open it.
        moreActions={() =>
          companyAccess.ver ? (
            <Button component={Link} to={SETTINGS_PATHS.company} variant="default" leftSection={<IconBuilding size={16} />}>
              {t.company}
            </Button>
          ) : null
        }
      />
    </>
  );
}
