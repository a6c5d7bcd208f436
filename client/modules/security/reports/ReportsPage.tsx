// Reportes de Seguridad: compliance % by type, área or month; open findings;
// equipment held per employee; permits by kind and status. Tab and parameters
// live in the URL; each report exports to Excel (the rows on screen) and PDF
// (server), only with `exportar`.
import { Alert, Anchor, Group, Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  SecComplianceReportDocument,
  SecEquipmentHeldReportDocument,
  SecOpenFindingsReportDocument,
  SecPermitSummaryReportDocument,
  SecReportPdfDocument,
  type SecComplianceBy,
  type SecComplianceReportQuery,
  type SecEquipmentHeldReportQuery,
  type SecOpenFindingsReportQuery,
  type SecPermitSummaryReportQuery,
  type SecReportKind,
} from '../../../../generated/modules/security/graphql';
import { formatInspectionFolio } from '../../../../schema/security/inspections';
import { PERMIT_STATUS_LABELS } from '../../../../schema/security/permits';
import { SECURITY_REPORT_KINDS, SECURITY_REPORT_TITLES } from '../../../../schema/security/reports';
import { useScreenAccess } from '../../../components/access';
import { downloadBase64 } from '../../../components/attachments';
import type { ListColumn } from '../../../components/columns';
import { DateField } from '../../../components/DateField';
import { todayIso, yearStartIso } from '../../../components/dates';
import { dateCell, exportRows } from '../../../components/exportRows';
import { formatDate, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { countColumn, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { BADGES, MODULE, PERMIT_KIND_LABELS, SECURITY_PATHS, TOOL_CATEGORY_LABELS } from '../texts';

type ComplianceRow = SecComplianceReportQuery['secCompliance'][number];
type FindingRow = SecOpenFindingsReportQuery['secOpenFindings'][number];
type HeldRow = SecEquipmentHeldReportQuery['secEquipmentHeld'][number];
type PermitRow = SecPermitSummaryReportQuery['secPermitSummary'][number];

const BY_OPTIONS: { value: SecComplianceBy; label: string }[] = [
  { value: 'tipo', label: 'Por tipo' },
  { value: 'area', label: 'Por área' },
  { value: 'mes', label: 'Por mes' },
];
const pct = <T,>(key: keyof T & string, header: string): ListColumn<T> => ({
  key,
  header,
  format: 'number',
  align: 'right',
  render: (r) => (r[key] === null ? '—' : `${formatNumber(r[key] as string, 2)} %`),
  exportValue: (r) => (r[key] === null ? null : Number(r[key])),
});

export function ReportsPage() {
  const access = useScreenAccess(MODULE, 'Reportes');
  const apollo = useApolloClient();
  const [params, setParams] = useSearchParams();
  const tab = ((SECURITY_REPORT_KINDS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab') : 'cumplimiento') as SecReportKind;
  const by = (['tipo', 'area', 'mes'].includes(params.get('by') ?? '') ? params.get('by') : 'tipo') as SecComplianceBy;
  const from = params.get('from') ?? yearStartIso();
  const to = params.get('to') ?? todayIso();
  const periodOk = Boolean(from && to && from <= to);
  const set = (patch: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );

  const compliance = useQuery(SecComplianceReportDocument, { variables: { from, to, by }, skip: tab !== 'cumplimiento' || !periodOk, fetchPolicy: 'network-only' });
  const findings = useQuery(SecOpenFindingsReportDocument, { skip: tab !== 'hallazgos', fetchPolicy: 'network-only' });
  const held = useQuery(SecEquipmentHeldReportDocument, { skip: tab !== 'equipo', fetchPolicy: 'network-only' });
  const permits = useQuery(SecPermitSummaryReportDocument, { variables: { from, to }, skip: tab !== 'permisos' || !periodOk, fetchPolicy: 'network-only' });
  const error = readGraphQLError(compliance.error ?? findings.error ?? held.error ?? permits.error);

  const complianceRows = compliance.data?.secCompliance ?? [];
  const complianceCols: ListColumn<ComplianceRow>[] = [
    { key: 'label', header: BY_OPTIONS.find((o) => o.value === by)?.label.replace('Por ', '').replace(/^./, (c) => c.toUpperCase()) ?? '' },
    countColumn<ComplianceRow>('inspections', 'Inspecciones'),
    countColumn<ComplianceRow>('approved', 'Aprobadas'),
    countColumn<ComplianceRow>('failed', 'Reprobadas'),
    pct<ComplianceRow>('compliance', 'Cumplimiento'),
    pct<ComplianceRow>('averageScore', 'Calificación promedio'),
  ];
  const findingRows = findings.data?.secOpenFindings ?? [];
  const findingCols: ListColumn<FindingRow>[] = [
    {
      key: 'folio',
      header: 'Inspección',
      render: (r) => (
        <Anchor component={Link} to={`${SECURITY_PATHS.inspection}?id=${r.inspectionId}`} size="sm">
          {formatInspectionFolio(r.folio)}
        </Anchor>
      ),
      exportValue: (r) => formatInspectionFolio(r.folio),
    },
    { key: 'inspectedOn', header: 'Fecha', format: 'date', render: (r) => formatDate(r.inspectedOn), exportValue: (r) => dateCell(r.inspectedOn) },
    { key: 'typeName', header: 'Tipo' },
    { key: 'area', header: 'Área' },
    { key: 'text', header: 'Punto' },
    { key: 'critical', header: 'Crítico', render: (r) => (r.critical ? 'Sí' : ''), exportValue: (r) => (r.critical ? 'Sí' : '') },
    {
      key: 'reportFolio',
      header: 'Reporte',
      render: (r) => (r.reportFolio ? <Group gap={4} wrap="nowrap">{r.reportFolio} {r.reportStatus ? <StatusBadge status={r.reportStatus} labels={BADGES.report} /> : null}</Group> : 'Sin reporte'),
      exportValue: (r) => (r.reportFolio ? `${r.reportFolio} (${BADGES.report[r.reportStatus ?? '']?.label ?? r.reportStatus})` : 'Sin reporte'),
    },
  ];
  const heldRows = held.data?.secEquipmentHeld ?? [];
  const heldCols: ListColumn<HeldRow>[] = [
    { key: 'employeeNumber', header: 'Número', width: 100 },
    { key: 'employeeName', header: 'Empleado' },
    { key: 'toolCode', header: 'Código' },
    { key: 'toolName', header: 'Equipo' },
    { key: 'category', header: 'Categoría', render: (r) => TOOL_CATEGORY_LABELS[r.category], exportValue: (r) => TOOL_CATEGORY_LABELS[r.category] },
    countColumn<HeldRow>('quantity', 'Cantidad'),
    { key: 'deliveredOn', header: 'Entregado', format: 'date', render: (r) => formatDate(r.deliveredOn), exportValue: (r) => dateCell(r.deliveredOn) },
  ];
  const permitRows = permits.data?.secPermitSummary ?? [];
  const permitFooter: PermitRow | null = permitRows.length ? ({ kind: 'Total', status: '', count: permitRows.reduce((a, r) => a + r.count, 0) } as unknown as PermitRow) : null;
  const permitCols: ListColumn<PermitRow>[] = [
    { key: 'kind', header: 'Tipo', render: (r) => PERMIT_KIND_LABELS[r.kind] ?? r.kind, exportValue: (r) => PERMIT_KIND_LABELS[r.kind] ?? r.kind },
    { key: 'status', header: 'Estado', render: (r) => (r.status ? PERMIT_STATUS_LABELS[r.status] : ''), exportValue: (r) => (r.status ? PERMIT_STATUS_LABELS[r.status] : '') },
    countColumn<PermitRow>('count', 'Permisos'),
  ];

  const exportXlsx = async () => {
    const name = SECURITY_REPORT_TITLES[tab];
    if (tab === 'cumplimiento') await exportRows(name, complianceCols, complianceRows, 'xlsx');
    else if (tab === 'hallazgos') await exportRows(name, findingCols, findingRows, 'xlsx');
    else if (tab === 'equipo') await exportRows(name, heldCols, heldRows, 'xlsx');
    else await exportRows(name, permitCols, permitFooter ? [...permitRows, permitFooter] : [], 'xlsx');
  };
  const exportPdf = async () => {
    const r = await apollo.query({ query: SecReportPdfDocument, variables: { kind: tab, from, to, by }, fetchPolicy: 'network-only' });
    if (r.data) downloadBase64(r.data.secReportPdf, `${SECURITY_REPORT_TITLES[tab]}.pdf`, 'application/pdf');
  };
  const withPeriod = tab === 'cumplimiento' || tab === 'permisos';

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(value) => set({ tab: value ?? 'cumplimiento' })}>
        <Tabs.List>
          {SECURITY_REPORT_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {SECURITY_REPORT_TITLES[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {withPeriod ? (
              <>
                <DateField label="Desde" value={from} onChange={(v) => v && set({ from: v })} w={160} />
                <DateField label="Hasta" value={to} onChange={(v) => v && set({ to: v })} w={160} error={periodOk ? undefined : 'La fecha final es anterior a la inicial.'} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {tab === 'hallazgos' ? '«No cumple» sin reporte o con reporte aún no atendido ni descartado.' : 'Equipo entregado y no devuelto, por empleado.'}
              </Text>
            )}
            {tab === 'cumplimiento' ? <SegmentedControl data={BY_OPTIONS} value={by} onChange={(v) => set({ by: v })} /> : null}
          </Group>
          {access.exportar ? <ReportExportButtons onXlsx={exportXlsx} onPdf={exportPdf} disabled={withPeriod && !periodOk} /> : null}
        </Group>
      </Paper>
      {error ? <Alert color="red" variant="light">{error.message}</Alert> : null}
      {tab === 'cumplimiento' ? <ReportTable columns={complianceCols} rows={complianceRows} rowKey={(r) => r.label} loading={compliance.loading} emptyText="Sin inspecciones cerradas en el periodo." /> : null}
      {tab === 'hallazgos' ? <ReportTable columns={findingCols} rows={findingRows} rowKey={(r, i) => `${r.inspectionId}-${i}`} loading={findings.loading} emptyText="Sin hallazgos abiertos." minWidth={900} /> : null}
      {tab === 'equipo' ? <ReportTable columns={heldCols} rows={heldRows} rowKey={(r, i) => `${r.deliveryFolio}-${r.toolCode}-${i}`} loading={held.loading} emptyText="Nadie tiene equipo pendiente de devolver." /> : null}
      {tab === 'permisos' ? <ReportTable columns={permitCols} rows={permitRows} footer={permitFooter} rowKey={(r) => `${r.kind}-${r.status}`} loading={permits.loading} emptyText="Sin permisos en el periodo." /> : null}
    </Stack>
  );
}
