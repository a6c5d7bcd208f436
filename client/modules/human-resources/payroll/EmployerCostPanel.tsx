// «Costo patronal» of an ordinary payroll (issue 27): the employer quotas the
// calculation stored per employee, the state payroll tax and their totals.
// Read again whenever the payroll's version changes (a recalculation).
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { RhPayrollEmployerQuotasDocument, type RhPayrollEmployerQuotasQuery } from '../../../../generated/modules/human-resources/graphql';
import { dec, money } from '../../../../schema/money';
import type { ListColumn } from '../../../components/columns';
import { formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { moneyColumn, ReportTable } from '../../../components/ReportTable';
import { EMPLOYER_COST_TEXTS as t } from './texts';

type Quota = RhPayrollEmployerQuotasQuery['rhPayrollEmployerQuotas']['rows'][number];
type Row = Quota & { em: string; cost: string };

const withGroups = (q: Omit<Quota, 'payrollEmployeeId' | 'employeeNumber' | 'employeeName'> & Partial<Quota>): Row =>
  ({
    ...q,
    em: money(dec(q.emCuotaFija).plus(q.emExcedente).plus(q.emPrestacionesDinero).plus(q.emGastosMedicosPensionados)),
    cost: money(dec(q.total).plus(q.isn)),
  }) as Row;

const COLUMNS: ListColumn<Row>[] = [
  { key: 'employeeNumber', header: t.cols.number, width: 90 },
  { key: 'employeeName', header: t.cols.employee, width: 220 },
  { key: 'registro', header: t.cols.registro },
  moneyColumn<Row>('sbc', t.cols.sbc),
  { key: 'days', header: t.cols.days, align: 'right', render: (r) => (r.days ? formatNumber(r.days, 2) : '') },
  moneyColumn<Row>('em', t.cols.em),
  moneyColumn<Row>('invalidezVida', t.cols.iv),
  moneyColumn<Row>('guarderiasPrestacionesSociales', t.cols.gps),
  moneyColumn<Row>('riesgoTrabajo', t.cols.rt),
  moneyColumn<Row>('retiro', t.cols.retiro),
  moneyColumn<Row>('cesantiaVejez', t.cols.cv),
  moneyColumn<Row>('infonavit', t.cols.infonavit),
  moneyColumn<Row>('total', t.cols.total),
  moneyColumn<Row>('isn', t.cols.isn),
  moneyColumn<Row>('cost', t.cols.cost),
];

export function EmployerCostPanel({ payrollId }: { payrollId: string }) {
  const query = useQuery(RhPayrollEmployerQuotasDocument, { variables: { payrollId }, fetchPolicy: 'network-only' });
  const error = readGraphQLError(query.error);
  const data = query.data?.rhPayrollEmployerQuotas;
  const rows = (data?.rows ?? []).map(withGroups);
  const footer = data && rows.length ? ({ ...withGroups({ ...data.totals, sbc: '', days: '', registro: '', state: null, riskPremiumPercent: null, cesantiaVejezRate: null, isnRatePercent: null, problem: null }), employeeNumber: t.total, employeeName: '' } as Row) : null;
  const notes = rows.flatMap((r) => {
    const who = `${r.employeeNumber} ${r.employeeName}`;
    if (r.problem) return [t.problem(who, r.problem)];
    return r.isnRatePercent === null ? [t.noRate(who)] : [];
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid="employer-cost">
      <Stack gap="sm">
        <Text fw={600}>{t.title}</Text>
        <Text size="sm" c="dimmed">
          {t.note}
        </Text>
        {error ? (
          <Alert color="red" variant="light" title={t.loadFailed}>
            {error.message}
          </Alert>
        ) : null}
        {notes.length ? (
          <Alert color="orange" variant="light">
            <Stack gap={2}>
              {notes.map((n) => (
                <Text key={n} size="sm">
                  {n}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <ReportTable columns={COLUMNS} rows={rows} footer={footer} loading={query.loading} emptyText={t.empty} rowKey={(r) => r.payrollEmployeeId} minWidth={1280} />
        {data && rows.length ? (
          <Group justify="flex-end" gap="xl">
            <InfoField label={t.summary.imss} value={formatMoney(data.totals.total)} />
            <InfoField label={t.summary.isn} value={formatMoney(data.totals.isn)} />
            <InfoField label={t.summary.total} value={formatMoney(money(dec(data.totals.total).plus(data.totals.isn)))} />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
