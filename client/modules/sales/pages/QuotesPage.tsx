// Cotizaciones: server-side list with status and client filters in the URL.
import { QuoteListDocument, type QuoteFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { QUOTE_LIFECYCLE, folioLabel } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { DocumentListPage } from '../components/DocumentListPage';
import { SALES_PATHS } from '../paths';
import { QUOTE_BADGES, texts } from '../texts';

const t = texts.quotes;

const COLUMNS: ListColumn<QuoteFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('quote', r.folio), exportValue: (r) => folioLabel('quote', r.folio) },
  { key: 'date', header: t.columns.date, format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'subject', header: t.columns.subject },
  { key: 'validUntil', header: t.columns.validUntil, format: 'date', sortable: true, render: (r) => formatDate(r.validUntil) },
  { key: 'total', header: t.columns.total, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={QUOTE_BADGES} />, exportValue: (r) => QUOTE_LIFECYCLE.labels[r.status] },
];

export function QuotesPage() {
  return (
    <DocumentListPage
      dateLabel="Fecha de la cotización"
      entity="quote"
      screen="Cotizaciones"
      texts={t}
      newLabel={t.newQuote}
      formPath={SALES_PATHS.quoteForm}
      document={QuoteListDocument}
      pick={(d) => d.quotes}
      columns={COLUMNS}
      statusLabels={QUOTE_LIFECYCLE.labels}
    />
  );
}
