// Clientes: server-side list with status and balance filters in the URL; a
// row opens the client form; "Importar" reads a spreadsheet, previews it and
// sends every row for validation (all or nothing).
import { useState } from 'react';
import { Button, Checkbox, Group, SegmentedControl } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ClientListDocument, type ClientFieldsFragment, type ClientFilter } from '../../../../generated/modules/sales/graphql';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatMoney } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useScreenAccess } from '../access';
import { ImportClientsModal } from '../components/ImportClientsModal';
import { useServerList } from '../../../components/useServerList';
import { recordPath, SALES_PATHS } from '../paths';
import { ACTIVE_BADGES, texts } from '../texts';

const t = texts.clients;

const COLUMNS: ListColumn<ClientFieldsFragment>[] = [
  { key: 'name', header: t.columns.name, sortable: true },
  { key: 'rfc', header: t.columns.rfc, sortable: true },
  { key: 'regimenFiscal', header: t.columns.regimen },
  { key: 'city', header: t.columns.city },
  { key: 'creditDays', header: t.columns.creditDays, format: 'number', sortable: true, align: 'right' },
  { key: 'creditLimit', header: t.columns.creditLimit, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.creditLimit), exportValue: (r) => Number(r.creditLimit) },
  { key: 'openBalance', header: t.columns.openBalance, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.openBalance), exportValue: (r) => Number(r.openBalance) },
  {
    key: 'active',
    header: t.columns.status,
    render: (r) => <StatusBadge status={r.active ? 'activo' : 'inactivo'} labels={ACTIVE_BADGES} />,
    exportValue: (r) => (r.active ? 'Activo' : 'Inactivo'),
  },
];

export function ClientsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess('Clientes');
  const [importing, setImporting] = useState(false);
  const params = useListParams({ sortBy: 'name', filters: { active: 'true', withBalance: '' } });
  const { active, withBalance } = params.filters;
  const filter: ClientFilter = { ...(active ? { active: active === 'true' } : {}), ...(withBalance ? { withBalance: true } : {}) };
  const list = useServerList(ClientListDocument, params, { filter }, (d) => d.clients, { entity: 'client' });

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
        onRowClick={(r) => void navigate(recordPath(SALES_PATHS.clientForm, r.id))}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        actions={
          access.crear ? (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                {t.import}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SALES_PATHS.clientForm)}>
                {t.newClient}
              </Button>
            </Group>
          ) : undefined
        }
        filters={
          <>
            <SegmentedControl
              aria-label={texts.common.filterStatus}
              data={[
                { value: 'all', label: t.activeFilter.all },
                { value: 'true', label: t.activeFilter.active },
                { value: 'false', label: t.activeFilter.inactive },
              ]}
              value={active || 'all'}
              onChange={(value) => params.setFilter('active', value === 'all' ? '' : value)}
            />
            <Checkbox label={t.withBalance} checked={withBalance === 'true'} onChange={(e) => params.setFilter('withBalance', e.currentTarget.checked ? 'true' : '')} />
          </>
        }
      />
      <ImportClientsModal opened={importing} onClose={() => setImporting(false)} onImported={() => void list.refetch()} />
    </>
  );
}
