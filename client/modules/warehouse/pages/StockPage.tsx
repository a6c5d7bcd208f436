// Existencias: stock per warehouse × article with average cost, value and
// min/max/reorder flags; filters by warehouse, line and flag in the URL;
// totals per warehouse; server-side XLSX/CSV/PDF export. A row opens its kárdex
// in place (`?articleId=&warehouseId=`).
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Menu, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import {
  StockExportDocument,
  StockLevelListDocument,
  StockTotalsDocument,
  type StockFlag,
  type StockLevelFilter,
  type StockLevelListQuery,
  type WarehouseExportFormat,
} from '../../../../generated/modules/warehouse/graphql';
import { formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { notifyError } from '../../../components/notify';
import { useScreenAccess } from '../access';

import { downloadServerFile } from '../components/download';
import { KardexView } from '../components/KardexView';
import { useLineOptions, useWarehouseOptions } from '../components/options';
import { idParam } from '../paths';
import { texts } from '../texts';
import { daysAgoIso, todayIso } from '../../../components/dates';

const t = texts.stock;
type Row = StockLevelListQuery['stockLevels']['items'][number];

const FLAG_OPTIONS = Object.entries(t.flags).map(([value, label]) => ({ value, label }));

const flagsOf = (row: Row) => [row.belowMinimum ? t.belowMin : '', row.aboveMaximum ? t.aboveMax : '', row.atReorderPoint ? t.reorder : ''].filter(Boolean);

const COLUMNS: ListColumn<Row>[] = [
  { key: 'warehouse', header: texts.common.warehouse, sortable: true, render: (r) => r.warehouse.code, exportValue: (r) => r.warehouse.name },
  { key: 'sku', header: texts.articles.sku, sortable: true, render: (r) => r.article.sku, exportValue: (r) => r.article.sku },
  { key: 'name', header: texts.common.article, sortable: true, render: (r) => r.article.name, exportValue: (r) => r.article.name },
  { key: 'line', header: texts.articles.line, sortable: true, render: (r) => r.article.line.name, exportValue: (r) => r.article.line.name },
  { key: 'quantity', header: texts.common.quantity, format: 'number', sortable: true, align: 'right', render: (r) => `${formatNumber(r.quantity, r.article.unit.decimals)} ${r.article.unit.name}`, exportValue: (r) => r.quantity },
  { key: 'averageCost', header: t.averageCost, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.averageCost, 4), exportValue: (r) => r.averageCost },
  { key: 'value', header: t.value, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.value), exportValue: (r) => r.value },
  {
    key: 'flags',
    header: t.filterFlag,
    render: (r) => (
      <Group gap={4}>
        {r.belowMinimum ? <Badge color="red" variant="light" size="sm">{t.belowMin}</Badge> : null}
        {r.aboveMaximum ? <Badge color="orange" variant="light" size="sm">{t.aboveMax}</Badge> : null}
        {r.atReorderPoint && !r.belowMinimum ? <Badge color="yellow" variant="light" size="sm">{t.reorder}</Badge> : null}
      </Group>
    ),
    exportValue: (r) => flagsOf(r).join(', '),
  },
];

function StockList({ onOpen }: { onOpen: (row: Row) => void }) {
  const client = useApolloClient();
  const access = useScreenAccess('Existencias');
  const warehouses = useWarehouseOptions();
  const lines = useLineOptions();
  const [exporting, setExporting] = useState(false);
  const params = useListParams({ sortBy: 'sku', filters: { warehouseId: '', lineId: '', flag: '', zero: '' } });
  const { warehouseId, lineId, flag, zero } = params.filters;
  const filter = useMemo<StockLevelFilter>(
    () => ({ warehouseId: warehouseId || undefined, lineId: lineId || undefined, flag: (flag || undefined) as StockFlag | undefined, includeZero: zero === '1' }),
    [warehouseId, lineId, flag, zero],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(StockLevelListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const totals = useQuery(StockTotalsDocument, { variables: { filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.stockLevels;

  const download = async (format: WarehouseExportFormat) => {
    setExporting(true);
    try {
      const result = await client.query({ query: StockExportDocument, variables: { filter, search: params.search || null, format }, fetchPolicy: 'network-only' });
      if (result.data) downloadServerFile(result.data.stockExport);
    } catch (caught) {
      notifyError(readGraphQLError(caught)?.message ?? texts.common.exportFailed, texts.common.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <ListPage
        description={t.listDescription}
        exportName={t.exportName}
        searchPlaceholder={t.search}
        columns={COLUMNS}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => `${r.warehouse.id}:${r.article.id}`}
        onRowClick={onOpen}
        actions={
          access.exportar ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" loading={exporting} leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>{texts.common.export}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void download('XLSX')}>{texts.common.exportXlsx}</Menu.Item>
                <Menu.Item onClick={() => void download('CSV')}>{texts.common.exportCsv}</Menu.Item>
                <Menu.Item onClick={() => void download('PDF')}>{texts.common.exportPdf}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : undefined
        }
        filters={
          <>
            <Select aria-label={t.filterWarehouse} placeholder={t.filterWarehouse} data={warehouses.options.map((o) => ({ ...o, disabled: false }))} value={warehouseId || null} onChange={(v) => params.setFilter('warehouseId', v ?? '')} clearable searchable w={220} />
            <Select aria-label={t.filterLine} placeholder={t.filterLine} data={lines.options.map((o) => ({ ...o, disabled: false }))} value={lineId || null} onChange={(v) => params.setFilter('lineId', v ?? '')} clearable searchable w={220} />
            <Select aria-label={t.filterFlag} placeholder={t.filterFlag} data={FLAG_OPTIONS} value={flag || null} onChange={(v) => params.setFilter('flag', v ?? '')} clearable w={190} />
            <Switch label={t.includeZero} checked={zero === '1'} onChange={(e) => params.setFilter('zero', e.currentTarget.checked ? '1' : '')} />
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">{t.totals}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {(totals.data?.stockTotals ?? []).map((row) => (
            <Stack key={row.warehouse.id} gap={2}>
              <Text size="sm" fw={600}>{row.warehouse.code} · {row.warehouse.name}</Text>
              <Text size="sm">{t.value}: {formatMoney(row.value)}</Text>
              <Text size="xs" c="dimmed">
                {t.articleCount}: {formatNumber(row.articleCount, 0)} · {t.belowMin}: {formatNumber(row.belowMinimumCount, 0)} · {t.aboveMax}: {formatNumber(row.aboveMaximumCount, 0)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

export function StockPage() {
  const access = useScreenAccess('Existencias');
  const [params, setParams] = useSearchParams();
  const articleId = idParam(params.get('articleId'));
  const warehouseId = idParam(params.get('warehouseId'));
  const update = (values: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(values)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  if (articleId && warehouseId) {
    return (
      <KardexView
        articleId={articleId}
        warehouseId={warehouseId}
        from={params.get('from') ?? daysAgoIso(90)}
        to={params.get('to') ?? todayIso()}
        canExport={access.exportar}
        onChange={(next) => update({ warehouseId: next.warehouseId ?? warehouseId, ...(next.from !== undefined ? { from: next.from } : {}), ...(next.to !== undefined ? { to: next.to } : {}) })}
        onBack={() => update({ articleId: null, warehouseId: null, from: null, to: null })}
      />
    );
  }
  return <StockList onOpen={(row) => update({ articleId: row.article.id, warehouseId: row.warehouse.id })} />;
}
