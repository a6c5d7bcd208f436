// Nóminas: server-side list with type and status filters in the URL; a row
// opens "Creación de Nómina"; "Nueva nómina" for whoever may create.
import { Button, Select, Text } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { RhPayrollGroupsDocument, RhPayrollListDocument, RhPayrollReceiptsDocument, type RhPayrollFieldsFragment, type RhPayrollKind, type RhPayrollStatus } from '../../../../generated/modules/human-resources/graphql';
import { PAYROLL_KIND_LABELS, PAYROLL_STATUS_LABELS } from '../../../../schema/rh/payroll';
import { useScreenAccess } from '../../../components/access';
import { downloadBase64 } from '../../../components/attachments';
import type { BulkConfig, BulkFailure } from '../../../components/BulkBar';
import { chosenGrouping, GroupBySelect, GroupedTotals, GROUPING_FILTERS, monthFilter, type GroupByOption, type GroupMeasures } from '../../../components/GroupedTotals';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { formatDate, formatMoney } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { PAYROLL_BADGES, PAYROLL_PATHS, kindOptions, statusOptions, texts } from './texts';

const c = texts.columns;

const COLUMNS: ListColumn<RhPayrollFieldsFragment>[] = [
  { key: 'folio', header: c.folio, sortable: true, width: 80 },
  { key: 'kind', header: c.kind, sortable: true, render: (r) => PAYROLL_KIND_LABELS[r.kind], exportValue: (r) => PAYROLL_KIND_LABELS[r.kind] },
  { key: 'periodStart', header: c.period, sortable: true, render: (r) => texts.period(formatDate(r.periodStart), formatDate(r.periodEnd)), exportValue: (r) => texts.period(formatDate(r.periodStart), formatDate(r.periodEnd)) },
  { key: 'paymentDate', header: c.paymentDate, format: 'date', sortable: true, render: (r) => formatDate(r.paymentDate) },
  { key: 'status', header: c.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={PAYROLL_BADGES} />, exportValue: (r) => PAYROLL_STATUS_LABELS[r.status] },
  { key: 'employeeCount', header: c.employees, format: 'number', align: 'right', exportValue: (r) => r.employeeCount },
  {
    key: 'net',
    header: c.net,
    format: 'money',
    sortable: true,
    align: 'right',
    render: (r) => (Number(r.net) < 0 ? <Text span c="red" inherit>{formatMoney(r.net)}</Text> : formatMoney(r.net)),
    exportValue: (r) => Number(r.net),
  },
];

const g = texts.groupBy;
const GROUP_BY: GroupByOption[] = [
  { value: 'STATUS', label: g.status, filter: 'status' },
  { value: 'KIND', label: g.kind, filter: 'kind' },
  { value: 'MONTH', label: g.month, filter: 'month' },
];
/** Net = perceptions + other payments − deductions, each summed over the group's payrolls. */
const MEASURES: GroupMeasures = {
  count: { header: g.count, unit: g.count.toLowerCase() },
  amounts: [
    { key: 'subtotal', header: g.perceptions },
    { key: 'balance', header: g.otherPayments },
    { key: 'tax', header: g.deductions },
    { key: 'total', header: g.net, strong: true },
  ],
};

export function PayrollsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Nóminas');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { kind: '', status: '', ...dateRangeDefaults(), ...GROUPING_FILTERS } });
  const { kind, status, month } = params.filters;
  const filter = {
    ...(kind ? { kind: kind as RhPayrollKind } : {}),
    ...(status ? { status: status as RhPayrollStatus } : {}),
    ...dateRangeFilter(params.filters),
    ...monthFilter(month, { from: 'from', to: 'to' }),
  };
  const groupBy = chosenGrouping(params, GROUP_BY);
  const client = useApolloClient();
  // One PDF per payroll (the detail's «Recibos PDF», every employee in it); a payroll that cannot print yet is reported with the server's reason.
  const bulk: BulkConfig<RhPayrollFieldsFragment> = {
    describe: (r) => `${c.folio} ${r.folio}`,
    actions: [
      {
        key: 'receipts',
        label: texts.bulkReceipts,
        icon: <IconFileTypePdf size={14} />,
        allowed: access.exportar,
        run: async (ids, rows) => {
          const byId = new Map(rows.map((r) => [r.id, r]));
          const applied: string[] = [];
          const failures: BulkFailure[] = [];
          for (const id of ids) {
            const folio = byId.get(id)?.folio;
            try {
              const r = await client.query({ query: RhPayrollReceiptsDocument, variables: { id, employeeId: null }, fetchPolicy: 'network-only' });
              if (r.data) downloadBase64(r.data.rhPayrollReceiptsPdf, `${texts.bulkReceiptsFile(folio ?? Number(id))}.pdf`, 'application/pdf');
              applied.push(id);
            } catch (error) {
              const e = readGraphQLError(error);
              failures.push({ id, reference: folio ? `${c.folio} ${folio}` : null, message: e?.message ?? texts.bulkReceiptsFailed, code: e?.code ?? 'INTERNAL' });
            }
          }
          return { applied, failures };
        },
      },
    ],
  };
  const list = useServerList(RhPayrollListDocument, params, { filter }, (d) => d.rhPayrolls, { entity: 'rh_payroll' });
  return (
    <ListPage
      description={texts.listDescription}
      exportName={texts.exportName}
      searchPlaceholder={texts.searchPlaceholder}
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(`${PAYROLL_PATHS.detail}?id=${r.id}`)}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      bulk={bulk}
      grouping={{
        control: <GroupBySelect params={params} options={GROUP_BY} />,
        view: groupBy ? (
          <GroupedTotals params={params} option={groupBy} document={RhPayrollGroupsDocument} filter={filter} pick={(d) => d.rhPayrollGroups} entity="rh_payroll" measures={MEASURES} exportName={texts.exportName} canExport={access.exportar} />
        ) : null,
      }}
      filters={
        <>
          <Select aria-label={c.kind} placeholder={texts.allKinds} data={kindOptions} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={180} />
          <Select aria-label={c.status} placeholder={texts.allStatuses} data={statusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={170} />
          <DateRangeFilter params={params} label="Fecha de pago" />
        </>
      }
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(PAYROLL_PATHS.detail)}>
            {texts.newPayroll}
          </Button>
        ) : undefined
      }
    />
  );
}
