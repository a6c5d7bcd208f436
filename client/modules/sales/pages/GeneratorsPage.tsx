// Generadores: server-side list with status filter; rows open the form.
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { GeneratorListDocument, type GeneratorFieldsFragment, type GeneratorFilter, type GeneratorStatus } from '../../../../generated/graphql';
import { folioLabel, GENERATOR_LIFECYCLE } from '../../../../server/modules/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useSalesAccess } from '../access';
import { ClientSelect } from '../components/ClientSelect';
import { useServerList } from '../components/useServerList';
import { recordPath, SALES_PATHS } from '../paths';
import { GENERATOR_BADGES, statusOptions, texts } from '../texts';

const t = texts.generators;
const period = (r: GeneratorFieldsFragment) => `${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)}`;

const COLUMNS: ListColumn<GeneratorFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('generator', r.folio), exportValue: (r) => folioLabel('generator', r.folio) },
  { key: 'periodStart', header: t.columns.period, sortable: true, render: period, exportValue: period },
  { key: 'order', header: t.columns.order, render: (r) => folioLabel('order', r.orderFolio), exportValue: (r) => folioLabel('order', r.orderFolio) },
  { key: 'contract', header: t.columns.contract, render: (r) => `${folioLabel('contract', r.contract.folio)} · ${r.contract.name}`, exportValue: (r) => folioLabel('contract', r.contract.folio) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'amount', header: t.columns.amount, sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={GENERATOR_BADGES} />, exportValue: (r) => GENERATOR_LIFECYCLE.labels[r.status] },
  { key: 'invoiceLabel', header: t.columns.invoice, render: (r) => r.invoiceLabel ?? '—', exportValue: (r) => r.invoiceLabel ?? '' },
];

export function GeneratorsPage() {
  const navigate = useNavigate();
  const access = useSalesAccess('Generadores');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', clientId: '' } });
  const { status, clientId } = params.filters;
  const filter: GeneratorFilter = { ...(status ? { status: status as GeneratorStatus } : {}), ...(clientId ? { clientId } : {}) };
  const list = useServerList(GeneratorListDocument, params, { filter }, (d) => d.generators);

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
      onRowClick={(r) => void navigate(recordPath(SALES_PATHS.generatorForm, r.id))}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SALES_PATHS.generatorForm)}>
            {t.newGenerator}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(GENERATOR_LIFECYCLE.labels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <ClientSelect aria-label={texts.common.filterClient} value={clientId} onChange={(id) => params.setFilter('clientId', id)} clearable w={280} />
        </>
      }
    />
  );
}

export default GeneratorsPage;
