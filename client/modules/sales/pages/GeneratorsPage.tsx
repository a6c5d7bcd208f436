// Generadores: server-side list with status filter; rows open the form.
import { GeneratorListDocument, type GeneratorFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel, GENERATOR_LIFECYCLE } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { DocumentListPage } from '../components/DocumentListPage';
import { SALES_PATHS } from '../paths';
import { GENERATOR_BADGES, texts } from '../texts';

const t = texts.generators;
const period = (r: GeneratorFieldsFragment) => `${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)}`;

const COLUMNS: ListColumn<GeneratorFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('generator', r.folio), exportValue: (r) => folioLabel('generator', r.folio) },
  { key: 'periodStart', header: t.columns.period, sortable: true, render: period, exportValue: period },
  { key: 'order', header: t.columns.order, render: (r) => folioLabel('order', r.orderFolio), exportValue: (r) => folioLabel('order', r.orderFolio) },
  { key: 'contract', header: t.columns.contract, render: (r) => `${folioLabel('contract', r.contract.folio)} · ${r.contract.name}`, exportValue: (r) => folioLabel('contract', r.contract.folio) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'amount', header: t.columns.amount, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={GENERATOR_BADGES} />, exportValue: (r) => GENERATOR_LIFECYCLE.labels[r.status] },
  { key: 'invoiceLabel', header: t.columns.invoice, render: (r) => r.invoiceLabel ?? '—', exportValue: (r) => r.invoiceLabel ?? '' },
];

export function GeneratorsPage() {
  return (
    <DocumentListPage
      dateLabel="Inicio del periodo"
      entity="generator"
      screen="Generadores"
      texts={t}
      newLabel={t.newGenerator}
      formPath={SALES_PATHS.generatorForm}
      document={GeneratorListDocument}
      pick={(d) => d.generators}
      columns={COLUMNS}
      statusLabels={GENERATOR_LIFECYCLE.labels}
    />
  );
}
