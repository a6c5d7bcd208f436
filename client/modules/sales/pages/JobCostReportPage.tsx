// Costos por contrato (issue 28): every contract not cancelled with its job
// cost against what was billed, sorted by margin (lowest first or highest
// first); each row opens the contract's «Costos». Exports to Excel; whoever
// may export also edits the job cost settings («Configuración»).
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { JobCostReportDocument, type JobCostSummaryFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/columns';
import { exportRows } from '../../../components/exportRows';
import { moneyColumn as money, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { JobCostSettingsDialog } from '../components/JobCostSettingsDialog';
import { useScreenAccess } from '../access';
import { SALES_PATHS, withQuery } from '../paths';
import { texts } from '../texts';

const t = texts.jobCost;
type Row = JobCostSummaryFieldsFragment;

const COLUMNS: ListColumn<Row>[] = [
  {
    key: 'folio',
    header: t.reportCols.folio,
    render: (r) => (
      <Anchor component={Link} to={withQuery(SALES_PATHS.contractForm, { id: r.id })} size="sm">
        {folioLabel('contract', r.folio)}
      </Anchor>
    ),
    exportValue: (r) => folioLabel('contract', r.folio),
  },
  { key: 'name', header: t.reportCols.name },
  { key: 'clientName', header: t.reportCols.client },
  money<Row>('labour', t.figures.labour),
  money<Row>('materials', t.figures.materials),
  money<Row>('expenses', t.figures.expenses),
  money<Row>('vehicles', t.figures.vehicles),
  money<Row>('viaticos', t.figures.viaticos),
  money<Row>('cost', t.figures.cost),
  money<Row>('invoiced', t.figures.invoiced),
  money<Row>('margin', t.figures.margin),
  { key: 'marginPercent', header: t.figures.marginPercent, format: 'number', align: 'right', render: (r) => (r.marginPercent === null ? t.noMargin : `${formatNumber(r.marginPercent)} %`), exportValue: (r) => (r.marginPercent === null ? '' : Number(r.marginPercent)) },
  { key: 'progressPercent', header: t.figures.progressPercent, format: 'number', align: 'right', render: (r) => `${formatNumber(r.progressPercent)} %`, exportValue: (r) => Number(r.progressPercent) },
  { ...money<Row>('projectedCost', t.figures.projectedCost), render: (r) => (r.projectedCost === null ? '—' : formatMoney(r.projectedCost)), exportValue: (r) => (r.projectedCost === null ? '' : Number(r.projectedCost)) },
];

export function JobCostReportPage() {
  const access = useScreenAccess('Costos');
  const [params, setParams] = useSearchParams();
  const order = params.get('orden') === 'mayor' ? 'mayor' : 'menor';
  const { data, loading, error } = useQuery(JobCostReportDocument, { fetchPolicy: 'cache-and-network' });
  const failed = readGraphQLError(error);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The server sends the lowest margin first (unbilled contracts last); «Mayor margen» reverses the billed ones.
  const rows = data?.jobCostReport ?? [];
  const shown = order === 'menor' ? rows : [...rows.filter((r) => r.marginPercent !== null).reverse(), ...rows.filter((r) => r.marginPercent === null)];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            value={order}
            onChange={(v) => setParams((p) => { p.set('orden', v); return p; }, { replace: true })}
            data={[{ value: 'menor', label: t.sort.low }, { value: 'mayor', label: t.sort.high }]}
          />
          <Group gap="xs">
            {access.exportar ? (
              <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setSettingsOpen(true)}>
                {t.settings.open}
              </Button>
            ) : null}
            {access.exportar ? <ReportExportButtons disabled={!shown.length} onXlsx={() => exportRows(t.reportTitle, COLUMNS, shown, 'xlsx')} /> : null}
          </Group>
        </Group>
      </Paper>
      {failed ? (
        <Alert color="red" variant="light" title={texts.common.loadFailed}>
          {failed.message}
        </Alert>
      ) : null}
      {settingsOpen ? <JobCostSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
      <ReportTable loading={loading && !data} emptyText={t.empty} columns={COLUMNS} rows={shown} rowKey={(r) => r.id} minWidth={1100} />
    </Stack>
  );
}
