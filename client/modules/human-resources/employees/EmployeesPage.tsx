// Empleados: server-side list with status, área, puesto, frequency and
// document-alert filters in the URL; a row opens the employee form;
// "Importar" reads a spreadsheet, previews it and sends every row (all or none).
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, SegmentedControl, Select } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import {
  RhEmployeeFormOptionsDocument,
  RhEmployeeGroupsDocument,
  RhEmployeeImportDocument,
  RhEmployeeListDocument,
  type RhEmployeeFilter,
  type RhEmployeeImportRow,
  type RhEmployeeRowFieldsFragment,
} from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import type { BulkConfig } from '../../../components/BulkBar';
import { chosenGrouping, countMeasures, GroupBySelect, GroupedTotals, GROUPING_FILTERS, type GroupByOption } from '../../../components/GroupedTotals';
import { ImportDialog } from '../../../components/ImportDialog';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatMoney } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { useServerList } from '../../../components/useServerList';
import { EMPLOYEE_PATHS, FREQUENCY_LABELS, STATUS_BADGES, texts } from './texts';

const t = texts.list;

const COLUMNS: ListColumn<RhEmployeeRowFieldsFragment>[] = [
  { key: 'number', header: t.columns.number, sortable: true },
  { key: 'fullName', header: t.columns.name, sortable: true },
  { key: 'areaName', header: t.columns.area, sortable: true },
  { key: 'positionName', header: t.columns.position, sortable: true },
  { key: 'payFrequency', header: t.columns.frequency, sortable: true, render: (r) => FREQUENCY_LABELS[r.payFrequency], exportValue: (r) => FREQUENCY_LABELS[r.payFrequency] },
  { key: 'dailySalary', header: t.columns.dailySalary, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.dailySalary), exportValue: (r) => Number(r.dailySalary) },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={STATUS_BADGES} />, exportValue: (r) => STATUS_BADGES[r.status].label },
  {
    key: 'documentAlerts',
    header: t.columns.documents,
    format: 'number',
    // De baja: their documents no longer warn.
    render: (r) =>
      r.status === 'baja' ? null : r.documentAlerts > 0 ? (
        <Badge color="red" variant="light">
          {t.alerts(r.documentAlerts)}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          {t.noAlerts}
        </Badge>
      ),
    exportValue: (r) => (r.status === 'baja' ? null : r.documentAlerts),
  },
];

const GROUP_BY: GroupByOption[] = [
  { value: 'AREA', label: t.groupBy.area, filter: 'areaId' },
  { value: 'POSITION', label: t.groupBy.position, filter: 'positionId' },
  { value: 'STATUS', label: t.groupBy.status, filter: 'status' },
  { value: 'FREQUENCY', label: t.groupBy.frequency, filter: 'payFrequency' },
];
const MEASURES = countMeasures(t.groupBy.count);
/** Checkboxes for "Exportar selección" (the bar's own action) when the role may export. */
const BULK: BulkConfig<RhEmployeeRowFieldsFragment> = { actions: [], describe: (r) => `${r.number} ${r.fullName}` };

/** Spreadsheet header texts (folded) → import field. */
const IMPORT_HEADERS: Record<string, keyof RhEmployeeImportRow> = {
  numero: 'number',
  'numero de empleado': 'number',
  nombre: 'names',
  'nombre s': 'names',
  nombres: 'names',
  'apellido paterno': 'lastName',
  'apellido materno': 'secondLastName',
  rfc: 'rfc',
  curp: 'curp',
  nss: 'nss',
  'fecha de nacimiento': 'birthDate',
  'fecha de ingreso': 'hireDate',
  area: 'area',
  puesto: 'position',
  plaza: 'workplace',
  frecuencia: 'payFrequency',
  'frecuencia de pago': 'payFrequency',
  zona: 'wageZone',
  'zona salarial': 'wageZone',
  'salario diario': 'dailySalary',
  salario: 'dailySalary',
  banco: 'bank',
  clabe: 'clabe',
  correo: 'email',
  telefono: 'phone',
};
const IMPORT_REQUIRED: (keyof RhEmployeeImportRow)[] = ['number', 'names', 'lastName', 'rfc', 'curp', 'nss', 'area', 'position'];

export function EmployeesPage() {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Empleados');
  const [importing, setImporting] = useState(false);
  const [runImport] = useMutation(RhEmployeeImportDocument);
  const params = useListParams({ sortBy: 'number', filters: { status: 'activo', areaId: '', positionId: '', payFrequency: '', alerts: '', ...dateRangeDefaults(), ...GROUPING_FILTERS } });
  const { status, areaId, positionId, payFrequency, alerts } = params.filters;
  const filter: RhEmployeeFilter = {
    ...(status ? { status: status as RhEmployeeFilter['status'] } : {}),
    ...(areaId ? { areaId } : {}),
    ...(positionId ? { positionId } : {}),
    ...(payFrequency ? { payFrequency: payFrequency as RhEmployeeFilter['payFrequency'] } : {}),
    ...(alerts ? { documentAlerts: true } : {}),
    ...dateRangeFilter(params.filters),
  };
  const list = useServerList(RhEmployeeListDocument, params, { filter }, (d) => d.rhEmployees, { entity: 'rh_employee' });
  const options = useQuery(RhEmployeeFormOptionsDocument, { fetchPolicy: 'cache-first' }).data?.rhEmployeeFormOptions;
  const groupBy = chosenGrouping(params, GROUP_BY);
  const positions = (options?.positions ?? []).filter((p) => !areaId || p.areaId === areaId);

  return (
    <>
      <ListPage
        description={t.description}
        exportName={t.exportName}
        searchPlaceholder={t.search}
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate(`${EMPLOYEE_PATHS.form}?id=${r.id}`)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        bulk={BULK}
        grouping={{
          control: <GroupBySelect params={params} options={GROUP_BY} />,
          view: groupBy ? (
            <GroupedTotals params={params} option={groupBy} document={RhEmployeeGroupsDocument} filter={filter} pick={(d) => d.rhEmployeeGroups} entity="rh_employee" measures={MEASURES} exportName={t.exportName} canExport={access.exportar} />
          ) : null,
        }}
        actions={
          access.crear ? (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                {t.import}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(EMPLOYEE_PATHS.form)}>
                {t.newEmployee}
              </Button>
            </Group>
          ) : undefined
        }
        filters={
          <>
            <SegmentedControl
              aria-label={t.filters.status}
              data={[
                { value: 'activo', label: STATUS_BADGES.activo.label },
                { value: 'baja', label: STATUS_BADGES.baja.label },
                { value: 'all', label: t.filters.all },
              ]}
              value={status || 'all'}
              onChange={(value) => params.setFilter('status', value === 'all' ? '' : value)}
            />
            <Select
              aria-label={t.filters.area}
              placeholder={t.filters.area}
              data={(options?.areas ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={areaId || null}
              onChange={(value) => params.setFilters({ areaId: value ?? '', positionId: '' })}
              clearable
              searchable
              w={200}
            />
            <Select
              aria-label={t.filters.position}
              placeholder={t.filters.position}
              data={positions.map((p) => ({ value: p.id, label: p.name }))}
              value={positionId || null}
              onChange={(value) => params.setFilter('positionId', value ?? '')}
              clearable
              searchable
              w={200}
            />
            <Select
              aria-label={t.filters.frequency}
              placeholder={t.filters.frequency}
              data={Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({ value, label }))}
              value={payFrequency || null}
              onChange={(value) => params.setFilter('payFrequency', value ?? '')}
              clearable
              w={150}
            />
            <DateRangeFilter params={params} label="Fecha de alta" />
            <Checkbox label={t.filters.alerts} checked={alerts === 'true'} onChange={(e) => params.setFilter('alerts', e.currentTarget.checked ? 'true' : '')} />
          </>
        }
      />
      <ImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title={texts.import.title}
        help={texts.import.help}
        headers={IMPORT_HEADERS}
        required={IMPORT_REQUIRED}
        missingColumns={texts.import.missingColumns}
        run={async (rows) => (await runImport({ variables: { rows } })).data?.rhEmployeeImport.created ?? 0}
        done={texts.import.done}
        onImported={() => void list.refetch()}
      />
    </>
  );
}
