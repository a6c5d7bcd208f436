// «Costos» of a contract (issue 28): what its service orders cost (labour,
// materials issued, expenses assigned, vehicles' km) against what was billed,
// the margin (also per concept of the contract) and the projection at
// completion; each line opens its document.
// Shown only with «Ventas-Costos» (labour reveals salaries).
import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { ContractJobCostDocument, type ContractJobCostQuery, type JobCostSummaryFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/columns';
import { moneyColumn, ReportTable } from '../../../components/ReportTable';
import { formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { JOB_COST_SOURCES, SALES_PATHS, withQuery } from '../paths';
import { formatViaticoFolio } from '../../../../schema/shopping/viaticos';
import { texts } from '../texts';

const t = texts.jobCost;
type Line = ContractJobCostQuery['contractJobCost']['lines'][number];

/** Where a line's document opens, and how it is named. */
function documentOf(l: Line): { to: string; label: string } {
  if (l.kind === 'material') return { to: withQuery(JOB_COST_SOURCES.requisition, { id: l.documentId }), label: `REQ-${String(l.folio).padStart(6, '0')}` };
  if (l.kind === 'expense') return { to: withQuery(JOB_COST_SOURCES.expense, { id: l.documentId }), label: `Gasto ${l.folio}` };
  if (l.kind === 'viatico') return { to: withQuery(JOB_COST_SOURCES.viatico, { id: l.documentId }), label: formatViaticoFolio(l.folio) };
  if (l.kind === 'vehicle') return { to: withQuery(JOB_COST_SOURCES.vehicle, { id: l.documentId }), label: l.description.split(' · ')[0] };
  return { to: withQuery(SALES_PATHS.orderForm, { id: l.documentId }), label: folioLabel('order', l.folio) };
}

const COLUMNS: ListColumn<Line>[] = [
  { key: 'kind', header: t.cols.kind, render: (l) => t.kinds[l.kind], exportValue: (l) => t.kinds[l.kind] },
  {
    key: 'document',
    header: t.cols.document,
    render: (l) => {
      const d = documentOf(l);
      return (
        <Anchor component={Link} to={d.to} size="sm">
          {d.label}
        </Anchor>
      );
    },
    exportValue: (l) => documentOf(l).label,
  },
  {
    key: 'order',
    header: t.cols.order,
    render: (l) =>
      l.orderId ? (
        <Anchor component={Link} to={withQuery(SALES_PATHS.orderForm, { id: l.orderId })} size="sm">
          {folioLabel('order', l.orderFolio)}
        </Anchor>
      ) : (
        '—'
      ),
  },
  { key: 'description', header: t.cols.description },
  { key: 'quantity', header: t.cols.quantity, format: 'number', align: 'right', render: (l) => formatNumber(l.quantity) },
  moneyColumn<Line>('amount', t.cols.amount),
];

type Concept = ContractJobCostQuery['contractJobCost']['concepts'][number];
const bc = t.byConcept;
const pctOf = (v: string | null) => (v === null ? '—' : `${formatNumber(v)} %`);

const CONCEPT_COLUMNS: ListColumn<Concept>[] = [
  { key: 'description', header: bc.cols.concept, render: (c) => (c.conceptId === null ? <Text size="sm" c="dimmed" inherit>{c.description}</Text> : c.lineNo === null ? c.description : `${c.lineNo}. ${c.description}`) },
  moneyColumn<Concept>('contracted', bc.cols.contracted),
  moneyColumn<Concept>('authorized', bc.cols.authorized),
  moneyColumn<Concept>('invoiced', bc.cols.invoiced),
  moneyColumn<Concept>('cost', bc.cols.cost),
  {
    ...moneyColumn<Concept>('margin', bc.cols.margin),
    render: (c) => (
      <Text size="sm" c={Number(c.margin) < 0 ? 'red' : undefined} inherit>
        {formatMoney(c.margin)}
      </Text>
    ),
  },
  { key: 'marginPercent', header: bc.cols.marginPercent, format: 'number', align: 'right', render: (c) => pctOf(c.marginPercent) },
];

/** Margin per concept of the contract, with the contract's totals as its last row. */
export function JobCostByConcept({ concepts, summary }: { concepts: Concept[]; summary: JobCostSummaryFieldsFragment }) {
  const footer: Concept = {
    conceptId: 'total',
    lineNo: null,
    description: bc.total,
    contracted: summary.contractAmount,
    authorized: summary.authorized,
    invoiced: summary.invoiced,
    cost: summary.cost,
    margin: summary.margin,
    marginPercent: summary.marginPercent,
  };
  return (
    <Stack gap={4} data-testid="job-cost-by-concept">
      <Title order={5}>{bc.title}</Title>
      <Text size="xs" c="dimmed">
        {bc.hint}
      </Text>
      <ReportTable minWidth={560} columns={CONCEPT_COLUMNS} rows={concepts} footer={footer} rowKey={(c) => c.conceptId ?? 'none'} />
    </Stack>
  );
}

/** The figures of a contract's job cost, as cards. */
export function JobCostFigures({ summary }: { summary: JobCostSummaryFieldsFragment }) {
  const f = t.figures;
  const pct = (v: string | null) => (v === null ? t.noMargin : `${formatNumber(v)} %`);
  const items: [string, string, string?][] = [
    [f.labour, formatMoney(summary.labour)],
    [f.materials, formatMoney(summary.materials)],
    [f.expenses, formatMoney(summary.expenses)],
    [f.vehicles, formatMoney(summary.vehicles)],
    [f.viaticos, formatMoney(summary.viaticos)],
    [f.cost, formatMoney(summary.cost)],
    [f.invoiced, formatMoney(summary.invoiced)],
    [f.authorized, formatMoney(summary.authorized)],
    [f.collected, formatMoney(summary.collected)],
    [f.margin, formatMoney(summary.margin), Number(summary.margin) < 0 ? 'red' : 'teal'],
    [f.marginPercent, pct(summary.marginPercent)],
    [f.progressPercent, `${formatNumber(summary.progressPercent)} %`],
    [f.projectedCost, summary.projectedCost === null ? '—' : formatMoney(summary.projectedCost)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
      {items.map(([label, value, color]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} c={color} data-testid={`job-cost-${label}`}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

export function JobCostPanel({ contractId }: { contractId: string }) {
  const { data, loading, error } = useQuery(ContractJobCostDocument, { variables: { contractId }, fetchPolicy: 'cache-and-network' });
  const cost = data?.contractJobCost;
  const failed = readGraphQLError(error);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>{t.panel}</Title>
        {failed ? (
          <Alert color="red" variant="light" title={texts.common.loadFailed}>
            {failed.message}
          </Alert>
        ) : null}
        {cost ? <JobCostFigures summary={cost.summary} /> : null}
        {cost?.concepts.length ? <JobCostByConcept concepts={cost.concepts} summary={cost.summary} /> : null}
        <ReportTable loading={loading && !cost} emptyText={t.empty} columns={COLUMNS} rows={cost?.lines ?? []} rowKey={(l) => `${l.kind}-${l.documentId}-${l.orderId ?? ''}`} />
      </Stack>
    </Paper>
  );
}
