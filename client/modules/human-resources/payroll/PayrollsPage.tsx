// Nóminas: server-side list with type and status filters in the URL; a row
// opens "Creación de Nómina"; "Nueva nómina" for whoever may create.
import { Button, Select, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { RhPayrollListDocument, type RhPayrollFieldsFragment, type RhPayrollKind, type RhPayrollStatus } from '../../../../generated/modules/human-resources/graphql';
import { PAYROLL_KIND_LABELS, PAYROLL_STATUS_LABELS } from '../../../../schema/rh/payroll';
import { useScreenAccess } from '../../../components/access';
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

export function PayrollsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Nóminas');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { kind: '', status: '', ...dateRangeDefaults() } });
  const { kind, status } = params.filters;
  const filter = { ...(kind ? { kind: kind as RhPayrollKind } : {}), ...(status ? { status: status as RhPayrollStatus } : {}), ...dateRangeFilter(params.filters) };
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
