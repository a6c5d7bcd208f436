// Convenios: server-side list with type and status filters in the URL; a
// row opens its form; "Nuevo convenio" for whoever may create.
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { RhAgreementListDocument, type RhAgreementFieldsFragment, type RhAgreementKind, type RhAgreementStatus } from '../../../../generated/modules/human-resources/graphql';
import { AGREEMENT_KIND_LABELS, AGREEMENT_STATUS_LABELS } from '../../../../schema/rh/payroll';
import { useScreenAccess } from '../../../components/access';
import { formatDate, formatMoney } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { AGREEMENT_BADGES, AGREEMENT_PATHS, kindOptions, statusOptions, texts } from './texts';

const c = texts.columns;

const COLUMNS: ListColumn<RhAgreementFieldsFragment>[] = [
  { key: 'folio', header: c.folio, sortable: true, width: 80 },
  { key: 'employee', header: c.employee, sortable: true, render: (r) => `${r.employeeNumber} · ${r.employeeName}`, exportValue: (r) => `${r.employeeNumber} ${r.employeeName}` },
  { key: 'kind', header: c.kind, sortable: true, render: (r) => AGREEMENT_KIND_LABELS[r.kind], exportValue: (r) => AGREEMENT_KIND_LABELS[r.kind] },
  { key: 'startDate', header: c.startDate, format: 'date', sortable: true, render: (r) => formatDate(r.startDate) },
  { key: 'total', header: c.total, format: 'money', sortable: true, align: 'right', render: (r) => (r.total === null ? texts.noTotal : formatMoney(r.total)), exportValue: (r) => (r.total === null ? '' : Number(r.total)) },
  {
    key: 'installment',
    header: c.installment,
    format: 'money',
    align: 'right',
    render: (r) => (r.method === 'monto' ? formatMoney(r.installment) : texts.discountOf(r.method, r.rate, formatMoney(r.installment))),
    exportValue: (r) => (r.method === 'monto' ? Number(r.installment) : texts.discountOf(r.method, r.rate, formatMoney(r.installment))),
  },
  { key: 'balance', header: c.balance, format: 'money', sortable: true, align: 'right', render: (r) => (r.balance === null ? texts.noTotal : formatMoney(r.balance)), exportValue: (r) => (r.balance === null ? '' : Number(r.balance)) },
  { key: 'status', header: c.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={AGREEMENT_BADGES} />, exportValue: (r) => AGREEMENT_STATUS_LABELS[r.status] },
];

export function AgreementsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Convenios');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { kind: '', status: '', ...dateRangeDefaults() } });
  const { kind, status } = params.filters;
  const filter = { ...(kind ? { kind: kind as RhAgreementKind } : {}), ...(status ? { status: status as RhAgreementStatus } : {}), ...dateRangeFilter(params.filters) };
  const list = useServerList(RhAgreementListDocument, params, { filter }, (d) => d.rhAgreements, { entity: 'rh_agreement' });
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
      onRowClick={(r) => void navigate(`${AGREEMENT_PATHS.form}?id=${r.id}`)}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      filters={
        <>
          <Select aria-label={c.kind} placeholder={texts.allKinds} data={kindOptions} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={190} />
          <Select aria-label={c.status} placeholder={texts.allStatuses} data={statusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={170} />
          <DateRangeFilter params={params} label="Fecha de inicio" />
        </>
      }
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(AGREEMENT_PATHS.form)}>
            {texts.newAgreement}
          </Button>
        ) : undefined
      }
    />
  );
}
