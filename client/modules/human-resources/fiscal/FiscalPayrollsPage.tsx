// Nóminas Fiscales: the calculated and closed payrolls with the sums of their
// fiscal figures (gravado, ISR retenido, subsidio causado, IMSS obrero); a row
// opens its detail, "Calculadora" opens the tax calculator (?dialog=calculadora).
import { useMemo } from 'react';
import { Button, Select } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconCalculator } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import {
  RhFiscalPayrollListDocument,
  type RhFiscalPayrollRowFieldsFragment,
  type RhPayrollFilter,
  type RhPayrollKind,
  type RhPayrollStatus,
} from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import { todayIso } from '../../../components/dates';
import { useDialogParam } from '../../../components/dialogParam';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { StatusBadge } from '../../../components/StatusBadge';
import { TaxCalculatorDialog } from './TaxCalculatorDialog';
import { FISCAL_PATHS, PAYROLL_KIND_LABELS, PAYROLL_STATUS, texts } from './texts';

const t = texts.list;
const c = t.columns;
type Row = RhFiscalPayrollRowFieldsFragment;

const money = (pick: (r: Row) => string | undefined) => ({
  align: 'right' as const,
  format: 'money' as const,
  render: (r: Row) => formatMoney(pick(r)),
  exportValue: (r: Row) => (pick(r) === undefined ? null : Number(pick(r))),
});

/** "01/06 – 15/06/2026" within one year, both dates whole otherwise. */
export const periodText = (r: Pick<Row, 'periodStart' | 'periodEnd'>) =>
  r.periodStart.slice(0, 4) === r.periodEnd.slice(0, 4) ? `${formatDate(r.periodStart).slice(0, 5)} – ${formatDate(r.periodEnd)}` : `${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)}`;

const COLUMNS: ListColumn<Row>[] = [
  { key: 'folio', header: c.folio, sortable: true, width: 80 },
  { key: 'periodStart', header: c.period, sortable: true, render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{periodText(r)}</span>, exportValue: periodText },
  { key: 'paymentDate', header: c.paymentDate, format: 'date', sortable: true, render: (r) => formatDate(r.paymentDate) },
  { key: 'tableYear', header: c.tableYear, sortable: true, align: 'right' },
  { key: 'employeeCount', header: c.employees, format: 'number', align: 'right' },
  { key: 'taxable', header: c.taxable, ...money((r) => r.fiscalTotals?.taxable) },
  { key: 'isrWithheld', header: c.withheld, ...money((r) => r.fiscalTotals?.isrWithheld) },
  { key: 'subsidy', header: c.subsidy, ...money((r) => r.fiscalTotals?.subsidy) },
  { key: 'imssEmployee', header: c.imss, ...money((r) => r.fiscalTotals?.imssEmployee) },
  { key: 'status', header: c.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={PAYROLL_STATUS} />, exportValue: (r) => PAYROLL_STATUS[r.status]?.label ?? r.status },
];

const KIND_OPTIONS = Object.entries(PAYROLL_KIND_LABELS).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = [
  { value: 'calculada', label: PAYROLL_STATUS.calculada.label },
  { value: 'cerrada', label: PAYROLL_STATUS.cerrada.label },
];
/** Next year, this year and the three before it (payment years with payrolls). */
const yearOptions = (thisYear = Number(todayIso().slice(0, 4))) => Array.from({ length: 5 }, (_, i) => String(thisYear + 1 - i)).map((y) => ({ value: y, label: y }));

export function FiscalPayrollsPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Nóminas Fiscales');
  const dialog = useDialogParam('dialog');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { kind: '', status: '', year: '', ...dateRangeDefaults() } });
  const { kind, status, year, from, to } = params.filters;
  const filter = useMemo<RhPayrollFilter>(
    () => ({ ...(kind ? { kind: kind as RhPayrollKind } : {}), ...(status ? { status: status as RhPayrollStatus } : {}), ...(year ? { year: Number(year) } : {}), ...dateRangeFilter({ from, to }) }),
    [kind, status, year, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(RhFiscalPayrollListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.rhFiscalPayrolls;
  const years = useMemo(() => yearOptions(), []);
  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: RhFiscalPayrollListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.rhFiscalPayrolls ?? { items: [], total: 0 };
    });
  return (
    <>
      <ListPage
        description={t.description}
        exportName={t.exportName}
        searchPlaceholder={t.search}
        columns={COLUMNS}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => navigate(`${FISCAL_PATHS.detail}?id=${r.id}`)}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          <Button leftSection={<IconCalculator size={16} />} onClick={() => dialog.open('calculadora')}>
            {t.calculator}
          </Button>
        }
        filters={
          <>
            <Select aria-label={c.kind} placeholder={t.allKinds} data={KIND_OPTIONS} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={170} />
            <Select aria-label={c.status} placeholder={t.allStatus} data={STATUS_OPTIONS} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={200} />
            <Select aria-label={t.year} placeholder={t.year} data={years} value={year || null} onChange={(v) => params.setFilter('year', v ?? '')} clearable w={140} />
            <DateRangeFilter params={params} label="Fecha de pago" />
          </>
        }
      />
      {dialog.value === 'calculadora' ? <TaxCalculatorDialog onClose={dialog.close} /> : null}
    </>
  );
}
