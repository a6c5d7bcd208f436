// Informes › Cuotas por bimestre (issue 27): the employer quotas a registro
// patronal owes for an IMSS bimester, per employee, from the closed ordinary
// payrolls (the server adds the stored figures): the monthly branches of each
// month (EM, IV, GPS, RT) and the bimonthly ones (retiro, cesantía y vejez,
// INFONAVIT). Year, bimester and registro live in the URL; Excel with `exportar`.
// Below, the SUA side: the import files for SUA and the bimester computed as
// SUA does beside these figures (SuaReconciliation.tsx).
import { Alert, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { RhEmployerQuotasBimesterDocument, RhEmployerRegistrationOptionsDocument, RhSuaBimesterDocument, type RhEmployerQuotasBimesterQuery } from '../../../../generated/modules/human-resources/graphql';
import { BIMESTER_OPTIONS, currentBimester, YEAR_NOW, YEAR_OPTIONS } from '../bimesters';
import { monthLabel } from '../../../../schema/moneyGroups';
import type { ListColumn } from '../../../components/columns';
import { exportRows } from '../../../components/exportRows';
import { formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { moneyColumn, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { SuaFilesMenu, SuaReconciliation, SuaWarnings } from './SuaReconciliation';
import { texts } from './texts';

const t = texts.quotas;
type Result = RhEmployerQuotasBimesterQuery['rhEmployerQuotasBimester'];
type Row = Omit<Result['rows'][number], 'employeeId'> & { employeeId?: string };

const daysColumn = (key: 'days1' | 'days2', header: string): ListColumn<Row> => ({ key, header, align: 'right', render: (r) => formatNumber(r[key], 2), exportValue: (r) => Number(r[key]) });

/** The columns with each month's name ("marzo de 2026 · EM"). */
function columnsOf(year: number, months: readonly number[]): ListColumn<Row>[] {
  // "nov." in the header: one line per column on screen.
  const month = (i: number) => `${monthLabel(`${year}-${String(months[i]).padStart(2, '0')}`).slice(0, 3)}.`;
  const monthly = (n: 1 | 2): ListColumn<Row>[] => [
    daysColumn(`days${n}`, `${t.cols.days} ${month(n - 1)}`),
    moneyColumn<Row>(`em${n}`, `${t.cols.em} ${month(n - 1)}`),
    moneyColumn<Row>(`iv${n}`, `${t.cols.iv} ${month(n - 1)}`),
    moneyColumn<Row>(`gps${n}`, `${t.cols.gps} ${month(n - 1)}`),
    moneyColumn<Row>(`rt${n}`, `${t.cols.rt} ${month(n - 1)}`),
    moneyColumn<Row>(`monthly${n}`, `${t.cols.monthly} ${month(n - 1)}`),
  ];
  return [
    { key: 'employeeNumber', header: t.cols.number, width: 90 },
    { key: 'employeeName', header: t.cols.employee, width: 220 },
    ...monthly(1),
    ...monthly(2),
    moneyColumn<Row>('retiro', t.cols.retiro),
    moneyColumn<Row>('cesantiaVejez', t.cols.cv),
    moneyColumn<Row>('infonavit', t.cols.infonavit),
    moneyColumn<Row>('bimonthly', t.cols.bimonthly),
    moneyColumn<Row>('isn', t.cols.isn),
  ];
}


export function EmployerQuotasReport({ canExport }: { canExport: boolean }) {
  const [params, setParams] = useSearchParams();
  const year = YEAR_OPTIONS.includes(params.get('year') ?? '') ? Number(params.get('year')) : YEAR_NOW;
  const bimester = /^[1-6]$/.test(params.get('bim') ?? '') ? Number(params.get('bim')) : currentBimester();
  const options = useQuery(RhEmployerRegistrationOptionsDocument, { fetchPolicy: 'cache-and-network' });
  const registrations = options.data?.rhEmployerRegistrationOptions ?? [];
  const registrationId = registrations.find((r) => r.id === params.get('reg'))?.id ?? registrations[0]?.id ?? null;
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const report = useQuery(RhEmployerQuotasBimesterDocument, { variables: { year, bimester, registrationId: registrationId ?? '' }, skip: !registrationId, fetchPolicy: 'network-only' });
  const sua = useQuery(RhSuaBimesterDocument, { variables: { year, bimester, registrationId: registrationId ?? '' }, skip: !registrationId, fetchPolicy: 'network-only' });
  const error = readGraphQLError(options.error ?? report.error ?? sua.error);
  // The last download's warnings, shown while the same bimester and registro are on screen.
  const fileKey = `${year}-${bimester}-${registrationId ?? ''}`;
  const [fileWarnings, setFileWarnings] = useState<{ key: string; warnings: string[] }>({ key: '', warnings: [] });
  const warnings = fileWarnings.key === fileKey ? fileWarnings.warnings : [];
  const setWarnings = (list: string[]) => setFileWarnings({ key: fileKey, warnings: list });
  const data = report.data?.rhEmployerQuotasBimester;
  const rows: Row[] = data?.rows ?? [];
  const months = data?.months ?? [bimester * 2 - 1, bimester * 2];
  const columns = columnsOf(year, months);
  const footer: Row | null = data && rows.length ? { ...data.totals, employeeNumber: t.total, employeeName: '' } : null;
  const registrationLabel = (r: { registro: string; name: string; active: boolean }) => `${r.registro} · ${r.name}${r.active ? '' : ` (${t.inactive})`}`;
  const title = `${t.exportName} ${year}-${bimester}`;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select label={t.year} data={YEAR_OPTIONS} value={String(year)} onChange={(v) => set('year', v)} allowDeselect={false} w={110} />
            <Select label={t.bimester} data={BIMESTER_OPTIONS} value={String(bimester)} onChange={(v) => set('bim', v)} allowDeselect={false} w={230} />
            <Select
              label={t.registration}
              placeholder={t.noRegistrations}
              data={registrations.map((r) => ({ value: r.id, label: registrationLabel(r) }))}
              value={registrationId}
              onChange={(v) => set('reg', v)}
              allowDeselect={false}
              w={300}
            />
            <Text size="xs" c="dimmed" maw={420}>
              {t.note}
            </Text>
          </Group>
          <Group gap="xs">
            <SuaFilesMenu year={year} bimester={bimester} registrationId={registrationId} onWarnings={setWarnings} />
            {canExport ? <ReportExportButtons disabled={!rows.length} onXlsx={() => exportRows(title, columns, footer ? [...rows, footer] : [], 'xlsx')} /> : null}
          </Group>
        </Group>
      </Paper>
      <SuaWarnings warnings={warnings} />
      {error ? (
        <Alert color="red" variant="light" title={texts.loadFailed}>
          {error.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" data-testid="employer-quotas-bimester">
        <ReportTable
          columns={columns}
          rows={rows}
          footer={footer}
          loading={report.loading || options.loading}
          emptyText={registrationId ? t.empty : t.noRegistrations}
          rowKey={(r, i) => `${r.employeeId ?? 'total'}-${i}`}
          minWidth={1500}
        />
      </Paper>
      {registrationId ? <SuaReconciliation data={sua.data?.rhSuaBimester} loading={sua.loading} failed={Boolean(sua.error)} year={year} months={months} canExport={canExport} /> : null}
    </Stack>
  );
}
