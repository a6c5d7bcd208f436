// Contratos: server-side list with status and client filters; each row shows
// how much of the contract is authorised and billed.
import { ContractListDocument, type ContractFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { CONTRACT_LIFECYCLE, folioLabel } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney, formatNumber } from '../../../components/format';
import { DocumentListPage } from '../components/DocumentListPage';
import { SALES_PATHS } from '../paths';
import { CONTRACT_BADGES, texts } from '../texts';

const t = texts.contracts;

const COLUMNS: ListColumn<ContractFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('contract', r.folio), exportValue: (r) => folioLabel('contract', r.folio) },
  { key: 'name', header: t.columns.name, sortable: true },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'startDate', header: t.columns.startDate, format: 'date', sortable: true, render: (r) => formatDate(r.startDate) },
  { key: 'endDate', header: t.columns.endDate, format: 'date', sortable: true, render: (r) => formatDate(r.endDate) },
  { key: 'amount', header: t.columns.amount, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'authorized', header: t.columns.authorized, format: 'number', align: 'right', render: (r) => `${formatNumber(r.progress.authorizedPercent)} %`, exportValue: (r) => Number(r.progress.authorizedPercent) },
  { key: 'billed', header: t.columns.billed, format: 'number', align: 'right', render: (r) => `${formatNumber(r.progress.billedPercent)} %`, exportValue: (r) => Number(r.progress.billedPercent) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={CONTRACT_BADGES} />, exportValue: (r) => CONTRACT_LIFECYCLE.labels[r.status] },
];

export function ContractsPage() {
  return (
    <DocumentListPage
      dateLabel="Fecha de inicio"
      entity="contract"
      screen="Contratos"
      texts={t}
      newLabel={t.newContract}
      formPath={SALES_PATHS.contractForm}
      document={ContractListDocument}
      pick={(d) => d.contracts}
      columns={COLUMNS}
      statusLabels={CONTRACT_LIFECYCLE.labels}
    />
  );
}
