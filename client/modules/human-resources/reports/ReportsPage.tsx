// Informes de Recursos Humanos: plantilla (active employees and monthly cost
// by área and puesto), alertas de documentos, aniversarios y cumpleaños, and
// the cost of the closed payrolls per concept. The tab and its parameters live
// in the URL; each report exports to Excel (from the rows on screen, real
// dates and numbers) and PDF (server), only with `exportar`.
import { useState } from 'react';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  RhAnniversariesReportDocument,
  RhDocumentAlertsReportDocument,
  RhHeadcountReportDocument,
  RhPayrollCostsReportDocument,
  RhReportPdfDocument,
} from '../../../../generated/modules/human-resources/graphql';
import { CONCEPT_KIND_LABELS } from '../../../../schema/rh/payroll';
import { ANNIVERSARY_KIND_LABELS, DEFAULT_WITHIN_DAYS, MAX_WITHIN_DAYS, headcountTotals, payrollCostTotals, type AnniversaryKind } from '../../../../schema/rh/reports';
import { useScreenAccess } from '../../../components/access';
import { downloadBase64 } from '../../../components/attachments';
import type { ListColumn } from '../../../components/columns';
import { DateField } from '../../../components/DateField';
import { todayIso, yearStartIso } from '../../../components/dates';
import { dateCell, exportRows } from '../../../components/exportRows';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { countColumn, moneyColumn, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { DOCUMENT_BADGES, EMPLOYEE_PATHS } from '../employees/texts';
import { PAYROLL_PATHS } from '../payroll/texts';
import { EmployerQuotasReport } from './EmployerQuotasReport';
import { REPORT_TABS, texts, type ReportTab } from './texts';

const t = texts;

const dateColumn = <T,>(key: keyof T & string, header: string): ListColumn<T> => ({
  key,
  header,
  format: 'date',
  render: (r) => formatDate(r[key] as string | null),
  exportValue: (r) => dateCell(r[key] as string | null),
});

const employeeLink = (r: { employeeId: string; employeeName: string }) => (
  <Anchor component={Link} to={`${EMPLOYEE_PATHS.form}?id=${r.employeeId}`} size="sm">
    {r.employeeName}
  </Anchor>
);

/** The look-ahead from the URL: a whole number of days in range, else the default. */
function daysParam(raw: string | null): number {
  const n = raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : DEFAULT_WITHIN_DAYS;
  return n <= MAX_WITHIN_DAYS ? n : DEFAULT_WITHIN_DAYS;
}

export function ReportsPage() {
  const access = useScreenAccess('Recursos Humanos', 'Informes');
  const apollo = useApolloClient();
  const [params, setParams] = useSearchParams();
  const tab: ReportTab = (REPORT_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as ReportTab) : 'plantilla';
  const withinDays = daysParam(params.get('days'));
  // What is typed may be empty for a moment; the URL (and the query) take it once it is a valid number of days.
  const [daysText, setDaysText] = useState(String(withinDays));
  const from = params.get('from') ?? yearStartIso();
  const to = params.get('to') ?? todayIso();
  const set = (patch: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );

  const periodOk = Boolean(from && to && from <= to);
  const headcount = useQuery(RhHeadcountReportDocument, { skip: tab !== 'plantilla', fetchPolicy: 'network-only' });
  const documents = useQuery(RhDocumentAlertsReportDocument, { variables: { withinDays }, skip: tab !== 'documentos', fetchPolicy: 'network-only' });
  const anniversaries = useQuery(RhAnniversariesReportDocument, { variables: { withinDays }, skip: tab !== 'aniversarios', fetchPolicy: 'network-only' });
  const costs = useQuery(RhPayrollCostsReportDocument, { variables: { from, to }, skip: tab !== 'costo_nomina' || !periodOk, fetchPolicy: 'network-only' });
  const error = readGraphQLError(headcount.error ?? documents.error ?? anniversaries.error ?? costs.error);

  type HeadcountRow = NonNullable<typeof headcount.data>['rhHeadcount'][number];
  type DocumentRow = NonNullable<typeof documents.data>['rhDocumentAlerts'][number];
  type AnniversaryRow = NonNullable<typeof anniversaries.data>['rhAnniversaries'][number];
  type CostRow = NonNullable<typeof costs.data>['rhPayrollCosts'][number];
  type ConceptTotal = ReturnType<typeof payrollCostTotals>['byConcept'][number];

  const headcountRows = headcount.data?.rhHeadcount ?? [];
  const headcountFooter: HeadcountRow | null = headcountRows.length ? { areaName: t.total, positionName: '', ...headcountTotals(headcountRows) } : null;
  const headcountCols: ListColumn<HeadcountRow>[] = [
    { key: 'areaName', header: t.headcount.cols.area },
    { key: 'positionName', header: t.headcount.cols.position },
    countColumn<HeadcountRow>('active', t.headcount.cols.active),
    moneyColumn<HeadcountRow>('monthlyCost', t.headcount.cols.monthlyCost),
  ];

  const documentRows = documents.data?.rhDocumentAlerts ?? [];
  const documentCols: ListColumn<DocumentRow>[] = [
    { key: 'employeeNumber', header: t.documents.cols.number, width: 110 },
    { key: 'employeeName', header: t.documents.cols.employee, render: employeeLink },
    { key: 'documentTypeName', header: t.documents.cols.document },
    { key: 'state', header: t.documents.cols.state, render: (r) => <StatusBadge status={r.state} labels={DOCUMENT_BADGES} />, exportValue: (r) => DOCUMENT_BADGES[r.state]?.label ?? r.state },
    dateColumn<DocumentRow>('expiresOn', t.documents.cols.expiresOn),
  ];

  const anniversaryRows = anniversaries.data?.rhAnniversaries ?? [];
  const kindLabel = (k: string) => ANNIVERSARY_KIND_LABELS[k as AnniversaryKind] ?? k;
  const anniversaryCols: ListColumn<AnniversaryRow>[] = [
    dateColumn<AnniversaryRow>('date', t.anniversaries.cols.date),
    { key: 'kind', header: t.anniversaries.cols.kind, render: (r) => kindLabel(r.kind), exportValue: (r) => kindLabel(r.kind) },
    { key: 'employeeNumber', header: t.anniversaries.cols.number, width: 110 },
    { key: 'employeeName', header: t.anniversaries.cols.employee, render: employeeLink },
    countColumn<AnniversaryRow>('years', t.anniversaries.cols.years),
  ];

  const costRows = costs.data?.rhPayrollCosts ?? [];
  const costTotals = payrollCostTotals(costRows);
  const costCols: ListColumn<CostRow>[] = [
    {
      key: 'folio',
      header: t.costs.cols.folio,
      render: (r) => (
        <Anchor component={Link} to={`${PAYROLL_PATHS.detail}?id=${r.payrollId}`} size="sm">
          {r.folio}
        </Anchor>
      ),
      exportValue: (r) => r.folio,
    },
    { key: 'period', header: t.costs.cols.period, render: (r) => `${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)}`, exportValue: (r) => `${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)}` },
    dateColumn<CostRow>('paymentDate', t.costs.cols.paymentDate),
    { key: 'conceptCode', header: t.costs.cols.code },
    { key: 'conceptName', header: t.costs.cols.concept },
    { key: 'kind', header: t.costs.cols.kind, render: (r) => CONCEPT_KIND_LABELS[r.kind], exportValue: (r) => CONCEPT_KIND_LABELS[r.kind] },
    moneyColumn<CostRow>('amount', t.costs.cols.amount),
  ];
  const conceptCols: ListColumn<ConceptTotal>[] = [
    { key: 'conceptCode', header: t.costs.cols.code },
    { key: 'conceptName', header: t.costs.cols.concept },
    { key: 'kind', header: t.costs.cols.kind, render: (r) => CONCEPT_KIND_LABELS[r.kind] },
    moneyColumn<ConceptTotal>('amount', t.costs.cols.amount),
  ];

  const exportXlsx = async () => {
    if (tab === 'cuotas_bimestre') return;
    const name = t.titles[tab];
    if (tab === 'plantilla') await exportRows(name, headcountCols, headcountFooter ? [...headcountRows, headcountFooter] : [], 'xlsx');
    else if (tab === 'documentos') await exportRows(name, documentCols, documentRows, 'xlsx');
    else if (tab === 'aniversarios') await exportRows(name, anniversaryCols, anniversaryRows, 'xlsx');
    else await exportRows(name, costCols, costRows, 'xlsx');
  };
  const exportPdf = async () => {
    if (tab === 'cuotas_bimestre') return;
    const r = await apollo.query({ query: RhReportPdfDocument, variables: { kind: tab, withinDays, from, to }, fetchPolicy: 'network-only' });
    if (r.data) downloadBase64(r.data.rhReportPdf, `${t.titles[tab]}.pdf`, 'application/pdf');
  };

  const count = (state: DocumentRow['state']) => documentRows.filter((r) => r.state === state).length;
  const note = { plantilla: t.headcount.note, documentos: t.documents.note, aniversarios: t.anniversaries.note, costo_nomina: t.costs.note, cuotas_bimestre: t.quotas.note }[tab];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.description}
      </Text>
      <Tabs value={tab} onChange={(value) => set({ tab: value ?? 'plantilla' })}>
        <Tabs.List>
          {REPORT_TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t.tabs[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'cuotas_bimestre' ? <EmployerQuotasReport canExport={access.exportar} /> : null}
      <Paper withBorder radius="md" p="md" display={tab === 'cuotas_bimestre' ? 'none' : undefined}>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {tab === 'documentos' || tab === 'aniversarios' ? (
              <NumberField
                label={t.withinDays}
                precision={0}
                min={0}
                max={MAX_WITHIN_DAYS}
                w={220}
                value={daysText}
                onChange={(value) => {
                  setDaysText(value);
                  if (/^\d{1,3}$/.test(value) && Number(value) <= MAX_WITHIN_DAYS) set({ days: value });
                }}
              />
            ) : null}
            {tab === 'costo_nomina' ? (
              <>
                <DateField label={t.from} value={from} onChange={(value) => set({ from: value })} />
                <DateField label={t.to} value={to} onChange={(value) => set({ to: value })} error={from && to && from > to ? t.costs.badRange : undefined} />
              </>
            ) : null}
            <Text size="xs" c="dimmed" maw={420}>
              {note}
            </Text>
          </Group>
          {access.exportar ? <ReportExportButtons onXlsx={exportXlsx} onPdf={exportPdf} disabled={tab === 'costo_nomina' && !periodOk} /> : null}
        </Group>
      </Paper>
      {error ? (
        <Alert color="red" variant="light" title={t.loadFailed}>
          {error.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" data-testid={`report-${tab}`} display={tab === 'cuotas_bimestre' ? 'none' : undefined}>
        {tab === 'plantilla' ? <ReportTable columns={headcountCols} rows={headcountRows} footer={headcountFooter} loading={headcount.loading} emptyText={t.headcount.empty} rowKey={(r, i) => `${r.areaName}-${r.positionName}-${i}`} /> : null}
        {tab === 'documentos' ? (
          <Stack gap="sm">
            {documentRows.length ? (
              <Group gap="lg">
                {(['faltante', 'vencido', 'por_vencer'] as const).map((state) => (
                  <Group key={state} gap={6}>
                    <StatusBadge status={state} labels={DOCUMENT_BADGES} />
                    <Text size="sm" fw={600}>
                      {count(state)}
                    </Text>
                  </Group>
                ))}
              </Group>
            ) : null}
            <ReportTable columns={documentCols} rows={documentRows} loading={documents.loading} emptyText={t.documents.empty} rowKey={(r, i) => `${r.employeeId}-${r.documentTypeName}-${i}`} />
          </Stack>
        ) : null}
        {tab === 'aniversarios' ? <ReportTable columns={anniversaryCols} rows={anniversaryRows} loading={anniversaries.loading} emptyText={t.anniversaries.empty} rowKey={(r) => `${r.employeeId}-${r.kind}`} /> : null}
        {tab === 'costo_nomina' ? (
          <Stack gap="md">
            <ReportTable columns={costCols} rows={costRows} loading={costs.loading} emptyText={t.costs.empty} rowKey={(r) => `${r.payrollId}-${r.conceptCode}-${r.kind}`} minWidth={860} />
            {costRows.length ? (
              <>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  {(
                    [
                      [t.costs.perceptions, costTotals.perceptions],
                      [t.costs.deductions, costTotals.deductions],
                      [t.costs.otherPayments, costTotals.otherPayments],
                    ] as const
                  ).map(([label, value]) => (
                    <Paper key={label} withBorder radius="md" p="sm">
                      <Text size="xs" c="dimmed">
                        {label}
                      </Text>
                      <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatMoney(value)}
                      </Text>
                    </Paper>
                  ))}
                </SimpleGrid>
                <Text fw={600} size="sm">
                  {t.costs.byConcept}
                </Text>
                <ReportTable columns={conceptCols} rows={costTotals.byConcept} rowKey={(r) => `${r.kind}-${r.conceptCode}`} />
              </>
            ) : null}
          </Stack>
        ) : null}
      </Paper>
    </Stack>
  );
}
