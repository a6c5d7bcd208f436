// Costos por contrato (issue 28): the contracts not cancelled with their job
// cost against what was billed, one page at a time from the server (sorted
// there by margin %, margin $, billed, cost or folio; searched by name, client
// or folio); each row opens the contract, whose «Costos» has the detail. The
// export asks for every page; whoever may export also edits the job cost
// settings («Configuración»).
import { Button } from '@mantine/core';
import { useState } from 'react';
import { IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { JobCostReportListDocument, type JobCostSummaryFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel } from '../../../../schema/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { moneyColumn as money } from '../../../components/ReportTable';
import { formatMoney, formatNumber } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { useServerList } from '../../../components/useServerList';
import { JobCostSettingsDialog } from '../components/JobCostSettingsDialog';
import { useScreenAccess } from '../access';
import { SALES_PATHS, withQuery } from '../paths';
import { texts } from '../texts';

const t = texts.jobCost;
type Row = JobCostSummaryFieldsFragment;

const COLUMNS: ListColumn<Row>[] = [
  { key: 'folio', header: t.reportCols.folio, sortable: true, render: (r) => folioLabel('contract', r.folio), exportValue: (r) => folioLabel('contract', r.folio) },
  { key: 'name', header: t.reportCols.name },
  { key: 'clientName', header: t.reportCols.client },
  money<Row>('labour', t.figures.labour),
  money<Row>('materials', t.figures.materials),
  money<Row>('expenses', t.figures.expenses),
  money<Row>('vehicles', t.figures.vehicles),
  money<Row>('viaticos', t.figures.viaticos),
  { ...money<Row>('cost', t.figures.cost), sortable: true },
  { ...money<Row>('invoiced', t.figures.invoiced), sortable: true },
  { ...money<Row>('margin', t.figures.margin), sortable: true },
  {
    key: 'marginPercent',
    header: t.figures.marginPercent,
    format: 'number',
    align: 'right',
    sortable: true,
    render: (r) => (r.marginPercent === null ? t.noMargin : `${formatNumber(r.marginPercent)} %`),
    exportValue: (r) => (r.marginPercent === null ? '' : Number(r.marginPercent)),
  },
  { key: 'progressPercent', header: t.figures.progressPercent, format: 'number', align: 'right', render: (r) => `${formatNumber(r.progressPercent)} %`, exportValue: (r) => Number(r.progressPercent) },
  { ...money<Row>('projectedCost', t.figures.projectedCost), render: (r) => (r.projectedCost === null ? '—' : formatMoney(r.projectedCost)), exportValue: (r) => (r.projectedCost === null ? '' : Number(r.projectedCost)) },
];

export function JobCostReportPage() {
  const access = useScreenAccess('Costos');
  const navigate = useNavigate();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The server's default: the lowest margin % first, contracts not billed yet last.
  const params = useListParams({ sortBy: 'marginPercent', sortDirection: 'ASC' });
  const list = useServerList(JobCostReportListDocument, params, {}, (d) => d.jobCostReportList);
  return (
    <>
      <ListPage
        description={t.listDescription}
        exportName={t.reportTitle}
        searchPlaceholder={t.searchPlaceholder}
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate(withQuery(SALES_PATHS.contractForm, { id: r.id }))}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        actions={
          access.exportar ? (
            <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setSettingsOpen(true)}>
              {t.settings.open}
            </Button>
          ) : undefined
        }
      />
      {settingsOpen ? <JobCostSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </>
  );
}
