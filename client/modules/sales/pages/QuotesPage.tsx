// Cotizaciones: server-side list with status and client filters in the URL.
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { QuoteListDocument, type QuoteFieldsFragment, type QuoteFilter, type QuoteStatus } from '../../../../generated/graphql';
import { QUOTE_LIFECYCLE, folioLabel } from '../../../../server/modules/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useSalesAccess } from '../access';
import { ClientSelect } from '../components/ClientSelect';
import { useServerList } from '../components/useServerList';
import { recordPath, SALES_PATHS } from '../paths';
import { QUOTE_BADGES, statusOptions, texts } from '../texts';

const t = texts.quotes;

const COLUMNS: ListColumn<QuoteFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('quote', r.folio), exportValue: (r) => folioLabel('quote', r.folio) },
  { key: 'date', header: t.columns.date, sortable: true, render: (r) => formatDate(r.date), exportValue: (r) => formatDate(r.date) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'subject', header: t.columns.subject },
  { key: 'validUntil', header: t.columns.validUntil, sortable: true, render: (r) => formatDate(r.validUntil), exportValue: (r) => formatDate(r.validUntil) },
  { key: 'total', header: t.columns.total, sortable: true, align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={QUOTE_BADGES} />, exportValue: (r) => QUOTE_LIFECYCLE.labels[r.status] },
];

export function QuotesPage() {
  const navigate = useNavigate();
  const access = useSalesAccess('Cotizaciones');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', clientId: '' } });
  const { status, clientId } = params.filters;
  const filter: QuoteFilter = { ...(status ? { status: status as QuoteStatus } : {}), ...(clientId ? { clientId } : {}) };
  const list = useServerList(QuoteListDocument, params, { filter }, (d) => d.quotes);

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
      onRowClick={(r) => void navigate(recordPath(SALES_PATHS.quoteForm, r.id))}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SALES_PATHS.quoteForm)}>
            {t.newQuote}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(QUOTE_LIFECYCLE.labels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <ClientSelect aria-label={texts.common.filterClient} value={clientId} onChange={(id) => params.setFilter('clientId', id)} clearable w={280} />
        </>
      }
    />
  );
}

export default QuotesPage;
