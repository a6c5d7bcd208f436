// Viáticos: advances to employees with what each has comprobado; filters by
// status and «sin comprobar» (paid more than the configured days ago, the
// Tablero card's link) in the URL; the sums of the whole filtered list.
import { useMemo } from 'react';
import { Button, Group, Select, Switch, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ShoppingSettingsViewDocument, ViaticoListDocument, type ViaticoFieldsFragment, type ViaticoFilter, type ViaticoStatus } from '../../../../generated/modules/shopping/graphql';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { useRecordChanges } from '../../../components/useRecordChanges';
import { StatusBadge } from '../../../components/StatusBadge';
import { SHOPPING_PATHS, VIATICO_STATUS, viaticoTexts as t, withId } from '../texts';
import { useScreenAccess } from '../access';

/** «Contrato 12 · OS 40»: what the advance is charged to. */
export const viaticoCharge = (r: Pick<ViaticoFieldsFragment, 'contractFolio' | 'contractName' | 'serviceOrderFolio'>): string =>
  [r.contractFolio ? `Contrato ${r.contractFolio}${r.contractName ? ` · ${r.contractName}` : ''}` : '', r.serviceOrderFolio ? `OS ${r.serviceOrderFolio}` : ''].filter(Boolean).join(' · ');

const COLUMNS: ListColumn<ViaticoFieldsFragment>[] = [
  { key: 'folio', header: 'Folio', sortable: true, width: 110, render: (r) => r.folioText, exportValue: (r) => r.folioText },
  { key: 'date', header: 'Fecha', format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'employee', header: 'Empleado', sortable: true, render: (r) => r.employeeName, exportValue: (r) => r.employeeName },
  { key: 'charge', header: 'Contrato / OS', render: (r) => viaticoCharge(r) || '—', exportValue: (r) => viaticoCharge(r) },
  { key: 'source', header: 'Pagado desde', render: (r) => r.sourceName, exportValue: (r) => r.sourceName },
  { key: 'amount', header: 'Anticipo', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'comprobado', header: 'Comprobado', format: 'money', align: 'right', render: (r) => formatMoney(r.comprobado), exportValue: (r) => Number(r.comprobado) },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={VIATICO_STATUS} />, exportValue: (r) => VIATICO_STATUS[r.status]?.label ?? r.status },
];

const STATUS_OPTIONS = Object.entries(VIATICO_STATUS).map(([value, { label }]) => ({ value, label }));

export function ViaticosPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const access = useScreenAccess('Viáticos');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', overdue: '', ...dateRangeDefaults() } });
  const { status, overdue, from, to } = params.filters;
  const filter = useMemo<ViaticoFilter>(
    () => ({ ...(status ? { status: status as ViaticoStatus } : {}), ...(overdue === 'true' ? { overdue: true } : {}), ...dateRangeFilter({ from, to }) }),
    [status, overdue, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(ViaticoListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  useRecordChanges('viatico', () => void refetch().catch(() => undefined));
  const settings = useQuery(ShoppingSettingsViewDocument, { fetchPolicy: 'cache-and-network' });
  const days = settings.data?.shoppingSettings.viaticoOverdueDays ?? 5;
  const page = (data ?? previousData)?.viaticos;

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: ViaticoListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.viaticos ?? { items: [], total: 0 };
    });

  return (
    <ListPage
      description={
        page ? (
          <Group gap="lg">
            <span>{t.intro}</span>
            <Text span size="sm">
              {t.sums}: <b>{formatMoney(page.sumAmount)}</b> · {t.sumsComprobado}: <b>{formatMoney(page.sumComprobado)}</b>
            </Text>
          </Group>
        ) : (
          t.intro
        )
      }
      exportName="Viáticos"
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(withId(SHOPPING_PATHS.viaticoForm, r.id))}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SHOPPING_PATHS.viaticoForm)}>
            {t.newButton}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select aria-label="Estado" placeholder="Todos los estados" data={STATUS_OPTIONS} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <DateRangeFilter params={params} label="Fecha del anticipo" />
          <Switch label={t.overdue(days)} checked={overdue === 'true'} onChange={(e) => params.setFilter('overdue', e.currentTarget.checked ? 'true' : '')} />
        </>
      }
    />
  );
}
