// Contratos: server-side list with status and client filters; each row shows
// how much of the contract is authorised and billed.
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ContractListDocument, type ContractFieldsFragment, type ContractFilter, type ContractStatus } from '../../../../generated/graphql';
import { CONTRACT_LIFECYCLE, folioLabel } from '../../../../server/modules/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney, formatNumber } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useSalesAccess } from '../access';
import { ClientSelect } from '../components/ClientSelect';
import { useServerList } from '../components/useServerList';
import { recordPath, SALES_PATHS } from '../paths';
import { CONTRACT_BADGES, statusOptions, texts } from '../texts';

const t = texts.contracts;

const COLUMNS: ListColumn<ContractFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('contract', r.folio), exportValue: (r) => folioLabel('contract', r.folio) },
  { key: 'name', header: t.columns.name, sortable: true },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'startDate', header: t.columns.startDate, sortable: true, render: (r) => formatDate(r.startDate), exportValue: (r) => formatDate(r.startDate) },
  { key: 'endDate', header: t.columns.endDate, sortable: true, render: (r) => formatDate(r.endDate), exportValue: (r) => formatDate(r.endDate) },
  { key: 'amount', header: t.columns.amount, sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'authorized', header: t.columns.authorized, align: 'right', render: (r) => `${formatNumber(r.progress.authorizedPercent)} %`, exportValue: (r) => Number(r.progress.authorizedPercent) },
  { key: 'billed', header: t.columns.billed, align: 'right', render: (r) => `${formatNumber(r.progress.billedPercent)} %`, exportValue: (r) => Number(r.progress.billedPercent) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={CONTRACT_BADGES} />, exportValue: (r) => CONTRACT_LIFECYCLE.labels[r.status] },
];

export function ContractsPage() {
  const navigate = useNavigate();
  const access = useSalesAccess('Contratos');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', clientId: '' } });
  const { status, clientId } = params.filters;
  const filter: ContractFilter = { ...(status ? { status: status as ContractStatus } : {}), ...(clientId ? { clientId } : {}) };
  const list = useServerList(ContractListDocument, params, { filter }, (d) => d.contracts);

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
      onRowClick={(r) => void navigate(recordPath(SALES_PATHS.contractForm, r.id))}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SALES_PATHS.contractForm)}>
            {t.newContract}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(CONTRACT_LIFECYCLE.labels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <ClientSelect aria-label={texts.common.filterClient} value={clientId} onChange={(id) => params.setFilter('clientId', id)} clearable w={280} />
        </>
      }
    />
  );
}

export default ContractsPage;
