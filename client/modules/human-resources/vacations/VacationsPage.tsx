// Vacaciones: server-side list with estado and empleado filters in the URL; a row opens its request;
// "Nueva solicitud" for whoever may create.
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { RhVacationRequestListDocument, type RhVacationRequestFieldsFragment, type RhVacationStatus } from '../../../../generated/modules/human-resources/graphql';
import { VACATION_LIFECYCLE } from '../../../../schema/rh/vacations';
import { useScreenAccess } from '../../../components/access';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { formatDate } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { statusOptions, texts, VACATION_BADGES, VACATION_PATHS } from './texts';

const c = texts.columns;

const COLUMNS: ListColumn<RhVacationRequestFieldsFragment>[] = [
  { key: 'folio', header: c.folio, sortable: true, width: 80 },
  { key: 'employee', header: c.employee, sortable: true, render: (r) => `${r.employeeNumber} · ${r.employeeName}`, exportValue: (r) => `${r.employeeNumber} ${r.employeeName}` },
  { key: 'firstDay', header: c.firstDay, format: 'date', sortable: true, render: (r) => formatDate(r.firstDay) },
  { key: 'lastDay', header: c.lastDay, format: 'date', render: (r) => formatDate(r.lastDay) },
  { key: 'days', header: c.days, sortable: true, align: 'right', width: 80 },
  { key: 'status', header: c.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={VACATION_BADGES} />, exportValue: (r) => VACATION_LIFECYCLE.labels[r.status] },
  { key: 'prima', header: c.prima, render: (r) => (r.primaPayrollFolio === null ? '' : `Nómina ${r.primaPayrollFolio}`), exportValue: (r) => r.primaPayrollFolio ?? '' },
];

export function VacationsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Vacaciones');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', employeeId: '', ...dateRangeDefaults() } });
  const { status, employeeId } = params.filters;
  const filter = { ...(status ? { status: status as RhVacationStatus } : {}), ...(employeeId ? { employeeId } : {}), ...dateRangeFilter(params.filters) };
  const list = useServerList(RhVacationRequestListDocument, params, { filter }, (d) => d.rhVacationRequests, { entity: 'rh_vacation_request' });
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
      onRowClick={(r) => void navigate(`${VACATION_PATHS.form}?id=${r.id}`)}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      filters={
        <>
          <Select aria-label={c.status} placeholder={texts.allStatuses} data={statusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={170} />
          <EmployeeSelect aria-label={texts.employeeFilter} placeholder={texts.employeeFilter} clearable w={260} value={employeeId} onChange={(id) => params.setFilter('employeeId', id)} />
          <DateRangeFilter params={params} label="Primer día" />
        </>
      }
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(VACATION_PATHS.form)}>
            {texts.newRequest}
          </Button>
        ) : undefined
      }
    />
  );
}
