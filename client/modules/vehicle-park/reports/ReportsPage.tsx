// Reportes de Parque Vehicular: documents expired or due within N days,
// vehicles by estado / grupo / locación, and kilometres per vehicle and month
// from the odometer log, and maintenance cost per vehicle and per km over a
// date range. The tab and its parameters live in the URL; each report exports
// to Excel (from the rows on screen) and PDF (server), only with `exportar`.
import { useState } from 'react';
import { Alert, Anchor, Group, Paper, SegmentedControl, Select, Stack, Tabs, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { VpExpiringDocumentsReportDocument, VpKmPerMonthReportDocument, VpMaintenanceCostReportDocument, VpReportPdfDocument, VpVehicleCountsReportDocument, type VpReportKind, type VpVehicleGrouping } from '../../../../generated/modules/vehicle-park/graphql';
import { isIsoDate } from '../../../../schema/dates';
import { DEFAULT_DOC_DAYS, MAX_DOC_DAYS, MAX_MONTHS, isMonth, kmPivot, monthSpan, monthsBefore, monthsBetween, VP_GROUPING_LABELS, VP_REPORT_TITLES, vehicleCountTotals, type KmPivotRow } from '../../../../schema/vehicle-park/reports';
import { useScreenAccess } from '../../../components/access';
import { downloadBase64 } from '../../../components/attachments';
import type { ListColumn } from '../../../components/columns';
import { todayIso } from '../../../components/dates';
import { DateField } from '../../../components/DateField';
import { dateCell, exportRows } from '../../../components/exportRows';
import { formatDate, formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { DOCUMENT_BADGES } from '../../../components/RecordFiles';
import { countColumn, moneyColumn, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { VEHICLE_PATHS, VP_MODULE, VP_REPORTS_SCREEN, texts } from '../texts';

const t = texts.reports;
const TABS: readonly VpReportKind[] = ['documentos', 'vehiculos', 'km_mes', 'costo_mtto'];
const GROUPINGS: readonly VpVehicleGrouping[] = ['status', 'group', 'location'];
const MONTH_NAMES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const monthLabel = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

/** The look-ahead from the URL: a whole number of days in range, else the default. */
function daysParam(raw: string | null): number {
  const n = raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : DEFAULT_DOC_DAYS;
  return n <= MAX_DOC_DAYS ? n : DEFAULT_DOC_DAYS;
}

const vehicleLink = (r: { vehicleId: string; economicNumber: string }) =>
  // The totals row has no vehicle.
  !r.vehicleId ? (
    r.economicNumber
  ) : (
  <Anchor component={Link} to={`${VEHICLE_PATHS.form}?id=${r.vehicleId}`} size="sm">
    {r.economicNumber}
  </Anchor>
);

export function ReportsPage() {
  const access = useScreenAccess(VP_MODULE, VP_REPORTS_SCREEN);
  const apollo = useApolloClient();
  const [params, setParams] = useSearchParams();
  const tab: VpReportKind = TABS.includes(params.get('tab') as VpReportKind) ? (params.get('tab') as VpReportKind) : 'documentos';
  const days = daysParam(params.get('days'));
  const [daysText, setDaysText] = useState(String(days));
  const by: VpVehicleGrouping = GROUPINGS.includes(params.get('by') as VpVehicleGrouping) ? (params.get('by') as VpVehicleGrouping) : 'status';
  const thisMonth = todayIso().slice(0, 7);
  const fromMonth = isMonth(params.get('from') ?? '') ? (params.get('from') as string) : monthsBefore(thisMonth, 5);
  const toMonth = isMonth(params.get('to') ?? '') ? (params.get('to') as string) : thisMonth;
  const span = monthSpan(fromMonth, toMonth);
  const rangeOk = span > 0 && span <= MAX_MONTHS;
  const today = todayIso();
  const fromDate = isIsoDate(params.get('fromDate') ?? '') ? (params.get('fromDate') as string) : `${today.slice(0, 4)}-01-01`;
  const toDate = isIsoDate(params.get('toDate') ?? '') ? (params.get('toDate') as string) : today;
  const datesOk = fromDate <= toDate;
  const monthOptions = Array.from({ length: 36 }, (_, i) => monthsBefore(thisMonth, i)).map((m) => ({ value: m, label: monthLabel(m) }));
  const set = (patch: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );

  const documents = useQuery(VpExpiringDocumentsReportDocument, { variables: { days }, skip: tab !== 'documentos', fetchPolicy: 'network-only' });
  const counts = useQuery(VpVehicleCountsReportDocument, { variables: { by }, skip: tab !== 'vehiculos', fetchPolicy: 'network-only' });
  const km = useQuery(VpKmPerMonthReportDocument, { variables: { fromMonth, toMonth }, skip: tab !== 'km_mes' || !rangeOk, fetchPolicy: 'network-only' });
  const cost = useQuery(VpMaintenanceCostReportDocument, { variables: { fromDate, toDate }, skip: tab !== 'costo_mtto' || !datesOk, fetchPolicy: 'network-only' });
  const error = readGraphQLError(documents.error ?? counts.error ?? km.error ?? cost.error);

  type DocumentRow = NonNullable<typeof documents.data>['vpExpiringDocuments'][number];
  type CountRow = NonNullable<typeof counts.data>['vpVehicleCounts'][number];

  const documentRows = documents.data?.vpExpiringDocuments ?? [];
  const documentCols: ListColumn<DocumentRow>[] = [
    { key: 'economicNumber', header: t.documents.cols.economicNumber, render: vehicleLink, exportValue: (r) => r.economicNumber, width: 130 },
    { key: 'plate', header: t.documents.cols.plate },
    { key: 'documentTypeName', header: t.documents.cols.document },
    { key: 'state', header: t.documents.cols.state, render: (r) => <StatusBadge status={r.state} labels={DOCUMENT_BADGES} />, exportValue: (r) => DOCUMENT_BADGES[r.state]?.label ?? r.state },
    { key: 'expiresOn', header: t.documents.cols.expiresOn, format: 'date', render: (r) => formatDate(r.expiresOn), exportValue: (r) => dateCell(r.expiresOn) },
    countColumn<DocumentRow>('daysLeft', t.documents.cols.daysLeft),
  ];

  const countRows = counts.data?.vpVehicleCounts ?? [];
  const countFooter: CountRow | null = countRows.length ? { label: t.total, ...vehicleCountTotals(countRows) } : null;
  const countCols: ListColumn<CountRow>[] = [
    { key: 'label', header: VP_GROUPING_LABELS[by] },
    countColumn<CountRow>('activo', t.vehicles.cols.activo),
    countColumn<CountRow>('enTaller', t.vehicles.cols.enTaller),
    countColumn<CountRow>('baja', t.vehicles.cols.baja),
    countColumn<CountRow>('total', t.vehicles.cols.total),
  ];

  // One row per vehicle, one column per month (the API sends vehicle × month).
  const kmRows = kmPivot(km.data?.vpKmPerMonth ?? []);
  const months = rangeOk ? monthsBetween(fromMonth, toMonth) : [];
  const kmCell = (r: KmPivotRow, m: string) => r.months[m];
  const kmCols: ListColumn<KmPivotRow>[] = [
    { key: 'economicNumber', header: t.km.cols.economicNumber, render: vehicleLink, exportValue: (r) => r.economicNumber, width: 130 },
    ...months.map(
      (m): ListColumn<KmPivotRow> => ({
        key: m,
        header: monthLabel(m),
        format: 'number',
        align: 'right',
        render: (r) => (kmCell(r, m) === undefined ? '' : formatNumber(kmCell(r, m), 0)),
        exportValue: (r) => kmCell(r, m) ?? null,
      }),
    ),
    { key: 'total', header: t.total, format: 'number', align: 'right', render: (r) => formatNumber(r.total, 0), exportValue: (r) => r.total },
    { key: 'closingKm', header: t.km.cols.closingKm, format: 'number', align: 'right', render: (r) => (r.vehicleId ? formatNumber(r.closingKm, 0) : ''), exportValue: (r) => (r.vehicleId ? r.closingKm : null) },
  ];
  const kmFooter: KmPivotRow | null = kmRows.length
    ? {
        vehicleId: '',
        economicNumber: t.total,
        months: Object.fromEntries(months.map((m) => [m, kmRows.reduce((sum, r) => sum + (r.months[m] ?? 0), 0)])),
        total: kmRows.reduce((sum, r) => sum + r.total, 0),
        closingKm: 0,
      }
    : null;

  type CostRow = NonNullable<typeof cost.data>['vpMaintenanceCost']['rows'][number];
  const costRows = cost.data?.vpMaintenanceCost.rows ?? [];
  const costTotals = cost.data?.vpMaintenanceCost.totals;
  const costFooter: CostRow | null = costRows.length && costTotals ? { ...costTotals, vehicleId: '', economicNumber: t.total, brand: '', model: '' } : null;
  const costCols: ListColumn<CostRow>[] = [
    { key: 'economicNumber', header: t.cost.cols.economicNumber, render: vehicleLink, exportValue: (r) => r.economicNumber, width: 130 },
    { key: 'vehicle', header: t.cost.cols.vehicle, render: (r) => `${r.brand} ${r.model}`.trim(), exportValue: (r) => `${r.brand} ${r.model}`.trim() },
    countColumn<CostRow>('orders', t.cost.cols.orders),
    moneyColumn<CostRow>('partsCost', t.cost.cols.partsCost),
    moneyColumn<CostRow>('labourCost', t.cost.cols.labourCost),
    moneyColumn<CostRow>('externalCost', t.cost.cols.externalCost),
    moneyColumn<CostRow>('total', t.cost.cols.total),
    countColumn<CostRow>('km', t.cost.cols.km),
    // No km run: no cost per km (a dash, an empty XLSX cell).
    { key: 'costPerKm', header: t.cost.cols.costPerKm, format: 'money', align: 'right', render: (r) => (r.costPerKm === null || r.costPerKm === undefined ? '—' : formatMoney(r.costPerKm)), exportValue: (r) => (r.costPerKm ? Number(r.costPerKm) : null) },
    { key: 'fuelLitres', header: t.cost.cols.fuelLitres, format: 'number', align: 'right', render: (r) => formatNumber(r.fuelLitres, 3), exportValue: (r) => Number(r.fuelLitres) },
    moneyColumn<CostRow>('fuelCost', t.cost.cols.fuelCost),
    moneyColumn<CostRow>('totalCost', t.cost.cols.totalCost),
    {
      key: 'totalCostPerKm',
      header: t.cost.cols.totalCostPerKm,
      format: 'money',
      align: 'right',
      render: (r) => (r.totalCostPerKm === null || r.totalCostPerKm === undefined ? '—' : formatMoney(r.totalCostPerKm)),
      exportValue: (r) => (r.totalCostPerKm ? Number(r.totalCostPerKm) : null),
    },
  ];

  const exportXlsx = async () => {
    const name = VP_REPORT_TITLES[tab];
    if (tab === 'documentos') await exportRows(name, documentCols, documentRows, 'xlsx');
    else if (tab === 'vehiculos') await exportRows(name, countCols, countFooter ? [...countRows, countFooter] : [], 'xlsx');
    else if (tab === 'km_mes') await exportRows(name, kmCols, kmFooter ? [...kmRows, kmFooter] : [], 'xlsx');
    else await exportRows(name, costCols, costFooter ? [...costRows, costFooter] : [], 'xlsx');
  };
  const exportPdf = async () => {
    const r = await apollo.query({ query: VpReportPdfDocument, variables: { kind: tab, days, by, fromMonth, toMonth, fromDate, toDate }, fetchPolicy: 'network-only' });
    if (r.data) downloadBase64(r.data.vpReportPdf, `${VP_REPORT_TITLES[tab]}.pdf`, 'application/pdf');
  };

  const note = { documentos: t.documents.note, vehiculos: t.vehicles.note, km_mes: t.km.note, costo_mtto: t.cost.note }[tab];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.description}
      </Text>
      <Tabs value={tab} onChange={(value) => set({ tab: value ?? 'documentos' })}>
        <Tabs.List>
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t.tabs[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {tab === 'documentos' ? (
              <NumberField
                label={t.days}
                precision={0}
                min={0}
                max={MAX_DOC_DAYS}
                w={260}
                value={daysText}
                onChange={(value) => {
                  setDaysText(value);
                  if (/^\d{1,3}$/.test(value) && Number(value) <= MAX_DOC_DAYS) set({ days: value });
                }}
              />
            ) : null}
            {tab === 'vehiculos' ? (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t.by}
                </Text>
                <SegmentedControl data={GROUPINGS.map((g) => ({ value: g, label: VP_GROUPING_LABELS[g] }))} value={by} onChange={(value) => set({ by: value })} />
              </Stack>
            ) : null}
            {tab === 'km_mes' ? (
              <>
                <Select label={t.fromMonth} data={monthOptions} value={fromMonth} onChange={(value) => set({ from: value ?? fromMonth })} allowDeselect={false} w={150} />
                <Select label={t.toMonth} data={monthOptions} value={toMonth} onChange={(value) => set({ to: value ?? toMonth })} allowDeselect={false} w={150} error={rangeOk ? undefined : t.badRange} />
              </>
            ) : null}
            {tab === 'costo_mtto' ? (
              <>
                <DateField label={t.fromDate} value={fromDate} max={today} onChange={(value) => value && set({ fromDate: value })} w={150} />
                <DateField label={t.toDate} value={toDate} max={today} onChange={(value) => value && set({ toDate: value })} w={150} error={datesOk ? undefined : t.badDateRange} />
              </>
            ) : null}
            <Text size="xs" c="dimmed" maw={420}>
              {tab === 'vehiculos' ? `${note.replace('por estado', `por ${VP_GROUPING_LABELS[by].toLowerCase()}`)}` : note}
            </Text>
          </Group>
          {access.exportar ? <ReportExportButtons onXlsx={exportXlsx} onPdf={exportPdf} disabled={(tab === 'km_mes' && !rangeOk) || (tab === 'costo_mtto' && !datesOk)} /> : null}
        </Group>
      </Paper>
      {error ? (
        <Alert color="red" variant="light" title={t.loadFailed}>
          {error.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" data-testid={`report-${tab}`}>
        {tab === 'documentos' ? (
          <Stack gap="sm">
            {documentRows.length ? (
              <Group gap="lg">
                {(['vencido', 'por_vencer'] as const).map((state) => (
                  <Group key={state} gap={6}>
                    <StatusBadge status={state} labels={DOCUMENT_BADGES} />
                    <Text size="sm" fw={600}>
                      {documentRows.filter((r) => r.state === state).length}
                    </Text>
                  </Group>
                ))}
              </Group>
            ) : null}
            <ReportTable columns={documentCols} rows={documentRows} loading={documents.loading} emptyText={t.documents.empty} rowKey={(r, i) => `${r.vehicleId}-${r.documentTypeName}-${i}`} />
          </Stack>
        ) : null}
        {tab === 'vehiculos' ? <ReportTable columns={countCols} rows={countRows} footer={countFooter} loading={counts.loading} emptyText={t.vehicles.empty} rowKey={(r) => r.label} minWidth={560} /> : null}
        {tab === 'km_mes' ? (
          <ReportTable
            columns={kmCols}
            rows={kmRows}
            footer={kmFooter}
            loading={km.loading}
            emptyText={t.km.empty}
            rowKey={(r) => r.vehicleId}
            minWidth={300 + months.length * 90}
          />
        ) : null}
        {tab === 'costo_mtto' ? (
          <ReportTable columns={costCols} rows={costRows} footer={costFooter} loading={cost.loading} emptyText={datesOk ? t.cost.empty : t.badDateRange} rowKey={(r) => r.vehicleId} minWidth={1040} />
        ) : null}
      </Paper>
    </Stack>
  );
}
