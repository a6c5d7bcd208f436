// Reportes de Ventas: sales per client and month, receivables aging as of a
// date (corriente, 1–30, 31–60, 61–90, >90 days past due), quote conversion
// and contract progress. The tab and its parameters live in the URL; each
// report exports to Excel (from the rows on screen) and PDF (server).
import { Alert, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import {
  ContractProgressReportDocument,
  QuoteConversionReportDocument,
  ReceivablesAgingReportDocument,
  SalesByClientReportDocument,
  SalesReportPdfDocument,
  type SalesReportKind,
} from '../../../../generated/modules/sales/graphql';
import { CONTRACT_LIFECYCLE, folioLabel } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/columns';
import { exportRows } from '../../../components/exportRows';
import { moneyColumn as money, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { DateField } from '../../../components/DateField';
import { useScreenAccess } from '../access';

import { downloadPdf } from '../components/files';
import { texts } from '../texts';
import { todayIso, yearStartIso } from '../../../components/dates';

const t = texts.reports;
type Tab = 'sales' | 'aging' | 'conversion' | 'progress';
const KIND: Record<Tab, SalesReportKind> = { sales: 'SALES_BY_CLIENT', aging: 'AGING', conversion: 'QUOTE_CONVERSION', progress: 'CONTRACT_PROGRESS' };

export function ReportsPage() {
  const access = useScreenAccess('Reportes');
  const apollo = useApolloClient();
  const [params, setParams] = useSearchParams();
  const tab = (['sales', 'aging', 'conversion', 'progress'].includes(params.get('tab') ?? '') ? params.get('tab') : 'aging') as Tab;
  const from = params.get('from') ?? yearStartIso();
  const to = params.get('to') ?? todayIso();
  const asOf = params.get('asOf') ?? todayIso();
  const set = (patch: Record<string, string>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) next.set(k, v);
      return next;
    }, { replace: true });

  const periodOk = Boolean(from && to && from <= to);
  const sales = useQuery(SalesByClientReportDocument, { variables: { from, to }, skip: tab !== 'sales' || !periodOk, fetchPolicy: 'network-only' });
  const aging = useQuery(ReceivablesAgingReportDocument, { variables: { asOf }, skip: tab !== 'aging' || !asOf, fetchPolicy: 'network-only' });
  const conversion = useQuery(QuoteConversionReportDocument, { variables: { from, to }, skip: tab !== 'conversion' || !periodOk, fetchPolicy: 'network-only' });
  const progress = useQuery(ContractProgressReportDocument, { variables: {}, skip: tab !== 'progress', fetchPolicy: 'network-only' });
  const error = readGraphQLError(sales.error ?? aging.error ?? conversion.error ?? progress.error);

  type SalesRow = NonNullable<typeof sales.data>['salesByClient'][number];
  type AgingRow = NonNullable<typeof aging.data>['receivablesAging']['rows'][number];
  type ProgressRow = NonNullable<typeof progress.data>['contractProgressReport'][number];
  const salesCols: ListColumn<SalesRow>[] = [
    { key: 'clientName', header: t.salesCols.client },
    { key: 'month', header: t.salesCols.month },
    { key: 'invoiceCount', header: t.salesCols.count, format: 'number', align: 'right' },
    money<SalesRow>('subtotal', t.salesCols.subtotal),
    money<SalesRow>('total', t.salesCols.total),
  ];
  const agingCols: ListColumn<AgingRow>[] = [
    { key: 'clientName', header: t.agingCols.client },
    money<AgingRow>('current', t.agingCols.current),
    money<AgingRow>('days1to30', t.agingCols.d30),
    money<AgingRow>('days31to60', t.agingCols.d60),
    money<AgingRow>('days61to90', t.agingCols.d90),
    money<AgingRow>('over90', t.agingCols.over90),
    money<AgingRow>('total', t.agingCols.total),
  ];
  const progressCols: ListColumn<ProgressRow>[] = [
    { key: 'folio', header: t.progressCols.folio, render: (r) => folioLabel('contract', r.folio), exportValue: (r) => folioLabel('contract', r.folio) },
    { key: 'name', header: t.progressCols.name },
    { key: 'clientName', header: t.progressCols.client },
    { key: 'status', header: t.progressCols.status, render: (r) => CONTRACT_LIFECYCLE.labels[r.status], exportValue: (r) => CONTRACT_LIFECYCLE.labels[r.status] },
    money<ProgressRow>('contractedAmount', t.progressCols.contracted),
    money<ProgressRow>('authorizedAmount', t.progressCols.authorized),
    { key: 'authorizedPercent', header: t.progressCols.authorizedPct, format: 'number', align: 'right', render: (r) => `${formatNumber(r.authorizedPercent)} %`, exportValue: (r) => Number(r.authorizedPercent) },
    money<ProgressRow>('billedAmount', t.progressCols.billed),
    { key: 'billedPercent', header: t.progressCols.billedPct, format: 'number', align: 'right', render: (r) => `${formatNumber(r.billedPercent)} %`, exportValue: (r) => Number(r.billedPercent) },
  ];
  const conv = conversion.data?.quoteConversion;
  const convRows = conv
    ? [
        { key: t.conversion.total, value: String(conv.total) },
        { key: t.conversion.draft, value: String(conv.draft) },
        { key: t.conversion.sent, value: String(conv.sent) },
        { key: t.conversion.accepted, value: String(conv.accepted) },
        { key: t.conversion.rejected, value: String(conv.rejected) },
        { key: t.conversion.expired, value: String(conv.expired) },
        { key: t.conversion.rate, value: `${formatNumber(conv.rate)} %` },
        { key: t.conversion.amountOffered, value: formatMoney(conv.amountOffered) },
        { key: t.conversion.amountAccepted, value: formatMoney(conv.amountAccepted) },
        { key: t.conversion.amountRate, value: `${formatNumber(conv.amountRate)} %` },
      ]
    : [];

  const exportXlsx = async () => {
    const name = t.tabs[tab];
    if (tab === 'sales') await exportRows(name, salesCols, sales.data?.salesByClient ?? [], 'xlsx');
    else if (tab === 'aging') {
      const report = aging.data?.receivablesAging;
      await exportRows(`${name} ${asOf}`, agingCols, report ? [...report.rows, { ...report.totals, clientId: null }] : [], 'xlsx');
    } else if (tab === 'progress') await exportRows(name, progressCols, progress.data?.contractProgressReport ?? [], 'xlsx');
    else await exportRows(name, [{ key: 'key', header: name }, { key: 'value', header: '' }], convRows, 'xlsx');
  };

  const printPdf = async () => {
    const r = await apollo.query({ query: SalesReportPdfDocument, variables: { kind: KIND[tab], from, to, asOf }, fetchPolicy: 'network-only' });
    if (r.data) downloadPdf(r.data.salesReportPdf, t.tabs[tab]);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.description} {t.inMxn}
      </Text>
      <Tabs value={tab} onChange={(value) => set({ tab: value ?? 'aging' })}>
        <Tabs.List>
          {(Object.keys(KIND) as Tab[]).map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t.tabs[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {tab === 'aging' ? <DateField label={t.asOf} value={asOf} onChange={(value) => set({ asOf: value })} /> : null}
            {tab === 'sales' || tab === 'conversion' ? (
              <>
                <DateField label={texts.common.from} value={from} onChange={(value) => set({ from: value })} />
                <DateField label={texts.common.to} value={to} onChange={(value) => set({ to: value })} />
              </>
            ) : null}
          </SimpleGrid>
          {access.exportar ? <ReportExportButtons onXlsx={exportXlsx} onPdf={printPdf} /> : null}
        </Group>
      </Paper>
      {error ? (
        <Alert color="red" variant="light" title={texts.common.loadFailed}>
          {error.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" data-testid={`report-${tab}`}>
        {tab === 'sales' ? <ReportTable emptyText={t.empty} columns={salesCols} rows={sales.data?.salesByClient ?? []} rowKey={(r) => `${r.clientId}-${r.month}`} /> : null}
        {tab === 'aging' ? <ReportTable emptyText={t.empty} columns={agingCols} rows={aging.data?.receivablesAging.rows ?? []} footer={aging.data ? { ...aging.data.receivablesAging.totals, clientId: null } : null} rowKey={(r, i) => `${r.clientId ?? 'x'}-${i}`} /> : null}
        {tab === 'progress' ? <ReportTable emptyText={t.empty} columns={progressCols} rows={progress.data?.contractProgressReport ?? []} rowKey={(r) => r.contractId} /> : null}
        {tab === 'conversion' ? (
          conv ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="md">
              {convRows.map((r) => (
                <Stack key={r.key} gap={2}>
                  <Text size="xs" c="dimmed">
                    {r.key}
                  </Text>
                  <Text fw={700} size="lg">
                    {r.value}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed">{t.empty}</Text>
          )
        ) : null}
      </Paper>
    </Stack>
  );
}
