// Informes › Cuotas por bimestre, SUA part (issue 27): the «Archivos SUA»
// download (asegurados and movimientos for SUA's «Importación de datos») and
// the bimester computed as SUA does beside what the payrolls stored, each
// worker's difference (SUA − nómina) in red with its likely causes.
import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { IconChevronDown, IconFileText } from '@tabler/icons-react';
import { RhSuaFilesDocument, type RhSuaBimesterQuery } from '../../../../generated/modules/human-resources/graphql';
import { monthLabel } from '../../../../schema/moneyGroups';
import type { ListColumn } from '../../../components/columns';
import { downloadBlob, exportRows } from '../../../components/exportRows';
import { formatMoney, formatNumber } from '../../../components/format';
import { notifyError, notifySuccess } from '../../../components/notify';
import { moneyColumn, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { asAppError } from '../../../components/serverErrors';
import { texts } from './texts';

const t = texts.quotas.sua;
type Result = RhSuaBimesterQuery['rhSuaBimester'];
type Row = Result['rows'][number];
type Footer = Omit<Row, 'employeeId'> & { employeeId?: string };

const isZero = (v: string) => Number(v) === 0;
/** A difference: red and bold when it is not zero. */
const diffColumn = (key: keyof Footer & string, header: string, days = false): ListColumn<Footer> => ({
  key,
  header,
  align: 'right',
  format: days ? 'number' : 'money',
  render: (r) => {
    const v = r[key] as string;
    return (
      <Text span size="sm" c={isZero(v) ? undefined : 'red'} fw={isZero(v) ? undefined : 600}>
        {days ? formatNumber(v, 0) : formatMoney(v)}
      </Text>
    );
  },
  exportValue: (r) => Number(r[key]),
});
const daysColumn = (key: keyof Footer & string, header: string): ListColumn<Footer> => ({ key, header, align: 'right', format: 'number', render: (r) => formatNumber(r[key] as string, 0), exportValue: (r) => Number(r[key]) });

function columnsOf(year: number, months: readonly number[]): ListColumn<Footer>[] {
  const month = (i: number) => `${monthLabel(`${year}-${String(months[i]).padStart(2, '0')}`).slice(0, 3)}.`;
  const [m1, m2] = [month(0), month(1)];
  return [
    { key: 'employeeNumber', header: texts.quotas.cols.number, width: 90 },
    { key: 'employeeName', header: texts.quotas.cols.employee, width: 200 },
    {
      key: 'sbc',
      header: t.cols.sbc,
      align: 'right',
      render: (r) =>
        r.sbcStart && r.sbcEnd ? (
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
            {r.sbcStart === r.sbcEnd ? formatMoney(r.sbcStart) : `${formatMoney(r.sbcStart)} → ${formatMoney(r.sbcEnd)}`}
          </Text>
        ) : null,
      exportValue: (r) => (r.sbcStart && r.sbcEnd ? (r.sbcStart === r.sbcEnd ? r.sbcStart : `${r.sbcStart} → ${r.sbcEnd}`) : ''),
    },
    daysColumn('days1', t.cols.daysSua(m1)),
    daysColumn('payrollDays1', t.cols.daysPayroll(m1)),
    daysColumn('days2', t.cols.daysSua(m2)),
    daysColumn('payrollDays2', t.cols.daysPayroll(m2)),
    moneyColumn<Footer>('monthly1', t.cols.monthlySua(m1)),
    moneyColumn<Footer>('payrollMonthly1', t.cols.monthlyPayroll(m1)),
    diffColumn('diffMonthly1', t.cols.diffMonthly(m1)),
    moneyColumn<Footer>('monthly2', t.cols.monthlySua(m2)),
    moneyColumn<Footer>('payrollMonthly2', t.cols.monthlyPayroll(m2)),
    diffColumn('diffMonthly2', t.cols.diffMonthly(m2)),
    moneyColumn<Footer>('bimonthly', t.cols.bimonthlySua),
    moneyColumn<Footer>('payrollBimonthly', t.cols.bimonthlyPayroll),
    diffColumn('diffBimonthly', t.cols.diffBimonthly),
    diffColumn('diffTotal', t.cols.diffTotal),
    {
      key: 'causes',
      header: t.cols.notes,
      width: 380,
      render: (r) =>
        r.employeeId === undefined ? null : r.matches ? (
          <Badge color="teal" variant="light">
            {t.matches}
          </Badge>
        ) : (
          <Stack gap={2}>
            {r.causes.map((c) => (
              <Text key={c} size="xs">
                {c}
              </Text>
            ))}
          </Stack>
        ),
      exportValue: (r) => (r.matches ? t.matches : r.causes.join(' ')),
    },
  ];
}

/** «Archivos SUA»: one menu entry per file, each fetched when chosen (nothing is stored or marked). */
export function SuaFilesMenu({ year, bimester, registrationId, onWarnings }: { year: number; bimester: number; registrationId: string | null; onWarnings: (warnings: string[]) => void }) {
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const download = async (which: 'workers' | 'movements') => {
    if (!registrationId) return;
    setBusy(true);
    try {
      const r = await client.query({ query: RhSuaFilesDocument, variables: { year, bimester, registrationId }, fetchPolicy: 'network-only' });
      const files = r.data?.rhSuaFiles;
      if (!files) return;
      const file = files[which];
      downloadBlob(new Blob([file.content], { type: 'text/plain;charset=us-ascii' }), file.fileName);
      notifySuccess(t.downloaded(file.count), which === 'workers' ? t.workersFile : t.movementsFile);
      onWarnings(files.warnings);
    } catch (caught) {
      notifyError(asAppError(caught).message, 'No se pudo descargar');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconFileText size={16} />} rightSection={<IconChevronDown size={14} />} loading={busy} disabled={!registrationId}>
            {t.files}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void download('workers')}>{t.workersFile}</Menu.Item>
          <Menu.Item onClick={() => void download('movements')}>{t.movementsFile}</Menu.Item>
        </Menu.Dropdown>
    </Menu>
  );
}

/** What the last download could not carry (to capture in SUA by hand). */
export function SuaWarnings({ warnings }: { warnings: readonly string[] }) {
  if (!warnings.length) return null;
  return (
    <Alert color="yellow" variant="light" title={t.warningsTitle} data-testid="sua-warnings">
      <List size="sm">
        {warnings.map((w) => (
          <List.Item key={w}>{w}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The reconciliation table; `data` undefined while the first answer is on its way. */
export function SuaReconciliation({ data, loading, failed, year, months, canExport }: { data: Result | undefined; loading: boolean; failed: boolean; year: number; months: readonly number[]; canExport: boolean }) {
  const rows: Footer[] = data?.rows ?? [];
  const columns = columnsOf(year, months);
  const footer: Footer | null = data && rows.length ? { ...data.totals, employeeNumber: texts.quotas.total, employeeName: '', nss: '', sbcStart: null, sbcEnd: null, incapacityDays: 0, matches: data.differences === 0, causes: [], problem: null } : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="sua-reconciliation">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} maw={900}>
            <Title order={4}>{t.title}</Title>
            <Text size="xs" c="dimmed">
              {t.note}
            </Text>
            {data && rows.length ? (
              <Text size="sm" c={data.differences ? 'red' : 'teal'} fw={600}>
                {data.differences ? t.differences(data.differences) : t.allMatch}
              </Text>
            ) : null}
          </Stack>
          {canExport ? <ReportExportButtons disabled={!rows.length} onXlsx={() => exportRows(`${t.exportName} ${year}-${data?.bimester ?? ''}`, columns, footer ? [...rows, footer] : [], 'xlsx')} /> : null}
        </Group>
        {failed ? (
          <Text c="red" ta="center" py="lg">
            {t.failed}
          </Text>
        ) : (
          <ReportTable columns={columns} rows={rows} footer={footer} loading={loading} emptyText={t.empty} rowKey={(r, i) => `${r.employeeId ?? 'total'}-${i}`} minWidth={2100} />
        )}
      </Stack>
    </Paper>
  );
}
