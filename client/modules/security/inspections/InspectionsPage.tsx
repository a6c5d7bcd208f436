// Inspecciones: server list with status, result and "con hallazgos" filters in
// the URL; "Nueva inspección" opens a short dialog (type, área, inspector,
// date) and then the checklist screen.
import { useState } from 'react';
import { Badge, Button, Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import {
  SecInspectionBulkCloseDocument,
  SecInspectionCreateDocument,
  SecInspectionGroupsDocument,
  SecInspectionListDocument,
  SecInspectionTypeOptionListDocument,
  type SecInspectionFieldsFragment,
  type SecInspectionResult,
  type SecInspectionStatus,
} from '../../../../generated/modules/security/graphql';
import { formatInspectionFolio } from '../../../../schema/security/inspections';
import { useScreenAccess } from '../../../components/access';
import { DateField } from '../../../components/DateField';
import { todayIso } from '../../../components/dates';
import { FormDialog } from '../../../components/EditDialog';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { formatDate, formatNumber } from '../../../components/format';
import type { BulkConfig } from '../../../components/BulkBar';
import { chosenGrouping, countMeasures, GroupBySelect, GroupedTotals, GROUPING_FILTERS, monthFilter, type GroupByOption } from '../../../components/GroupedTotals';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { BADGES, MODULE, OPTIONS, SECURITY_PATHS, common } from '../texts';

const t = {
  description: 'Checklists de seguridad por área: cumple, no cumple o N/A con nota y foto. La calificación pondera los puntos aplicables; un punto crítico que no cumple reprueba.',
  search: 'Buscar por folio, tipo, área o inspector',
  create: 'Nueva inspección',
  cols: { folio: 'Folio', date: 'Fecha', type: 'Tipo', area: 'Área', inspector: 'Inspector', progress: 'Avance', score: 'Calificación', status: 'Estado', result: 'Resultado' },
  allStatuses: 'Todos los estados',
  allResults: 'Todos los resultados',
  allTypes: 'Todos los tipos',
  bulkClose: 'Cerrar',
  bulkCloseTitle: 'Cerrar inspecciones',
  bulkCloseMessage: (n: number) =>
    n === 1
      ? 'Se cerrará la inspección seleccionada con su calificación y resultado; ya no se podrá modificar.'
      : `Se cerrarán las ${n} inspecciones seleccionadas, cada una con su calificación y resultado; ya no se podrán modificar. Las que tengan puntos sin responder o sin foto de evidencia se quedan en borrador.`,
  groupBy: { status: 'Estado', result: 'Resultado', type: 'Tipo', month: 'Mes', count: 'Inspecciones' },
  withFindings: 'Con hallazgos',
  fields: { type: 'Tipo de inspección', area: 'Área o ubicación', inspector: 'Inspector', date: 'Fecha' },
};

const COLUMNS: ListColumn<SecInspectionFieldsFragment>[] = [
  { key: 'folio', header: t.cols.folio, sortable: true, width: 110, render: (r) => formatInspectionFolio(r.folio), exportValue: (r) => formatInspectionFolio(r.folio) },
  { key: 'inspectedOn', header: t.cols.date, format: 'date', sortable: true, render: (r) => formatDate(r.inspectedOn), exportValue: (r) => r.inspectedOn },
  { key: 'type', header: t.cols.type, sortable: true, render: (r) => r.typeName, exportValue: (r) => r.typeName },
  { key: 'area', header: t.cols.area, sortable: true },
  { key: 'inspectorName', header: t.cols.inspector },
  { key: 'progress', header: t.cols.progress, render: (r) => `${r.answeredCount}/${r.itemCount}`, exportValue: (r) => `${r.answeredCount}/${r.itemCount}` },
  {
    key: 'score',
    header: t.cols.score,
    format: 'number',
    sortable: true,
    align: 'right',
    render: (r) => (r.score === null ? '—' : `${formatNumber(r.score, 2)} %`),
    exportValue: (r) => (r.score === null ? null : Number(r.score)),
  },
  {
    key: 'status',
    header: t.cols.status,
    sortable: true,
    render: (r) => (
      <>
        <StatusBadge status={r.status} labels={BADGES.inspection} /> {r.findings > 0 ? <Badge color="orange" variant="light" size="sm">{r.findings} hallazgo{r.findings === 1 ? '' : 's'}</Badge> : null}
      </>
    ),
    exportValue: (r) => BADGES.inspection[r.status].label,
  },
  { key: 'result', header: t.cols.result, render: (r) => (r.result ? <StatusBadge status={r.result} labels={BADGES.result} /> : '—'), exportValue: (r) => (r.result ? BADGES.result[r.result].label : '') },
];

const GROUP_BY: GroupByOption[] = [
  { value: 'STATUS', label: t.groupBy.status, filter: 'status' },
  { value: 'RESULT', label: t.groupBy.result, filter: 'result' },
  { value: 'TYPE', label: t.groupBy.type, filter: 'typeId' },
  { value: 'MONTH', label: t.groupBy.month, filter: 'month' },
];
const MEASURES = countMeasures(t.groupBy.count);

type NewInspection = { typeId: string; area: string; inspectorEmployeeId: string; inspectedOn: string };
const required = (v: string) => (v.trim() ? null : common.required);

function NewInspectionDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const types = useQuery(SecInspectionTypeOptionListDocument);
  const [create] = useMutation(SecInspectionCreateDocument);
  const form = useForm<NewInspection>({
    mode: 'controlled',
    initialValues: { typeId: '', area: '', inspectorEmployeeId: '', inspectedOn: todayIso() },
    validate: { typeId: required, area: required, inspectorEmployeeId: required, inspectedOn: required },
  });
  const { save, saving, error } = useFormSave({ form, fields: ['typeId', 'area', 'inspectorEmployeeId', 'inspectedOn'], onSaved: onClose });
  const values = form.values;
  // The checklist screen it opens is the answer: no notice.
  const submit = () =>
    save(async (input) => {
      const r = await create({ variables: { input } });
      return { message: null, onSaved: () => void navigate(`${SECURITY_PATHS.inspection}?id=${r.data?.secInspectionCreate.id ?? ''}`) };
    });
  return (
    <FormDialog title={t.create} opened onClose={onClose} onSubmit={submit} saving={saving} error={error} submitLabel="Iniciar" size="md">
      <Select label={t.fields.type} required data={(types.data?.secInspectionTypeOptions ?? []).map((o) => ({ value: o.id, label: o.name }))} {...form.getInputProps('typeId')} value={values.typeId || null} onChange={(v) => form.setFieldValue('typeId', v ?? '')} searchable />
      <TextInput label={t.fields.area} required maxLength={150} {...form.getInputProps('area')} />
      <EmployeeSelect label={t.fields.inspector} required value={values.inspectorEmployeeId} onChange={(v) => form.setFieldValue('inspectorEmployeeId', v)} error={form.errors.inspectorEmployeeId as string | undefined} />
      <DateField label={t.fields.date} required {...form.getInputProps('inspectedOn')} />
    </FormDialog>
  );
}

export function InspectionsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess(MODULE, 'Inspecciones');
  const [creating, setCreating] = useState(false);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', result: '', typeId: '', findings: '', ...dateRangeDefaults(), ...GROUPING_FILTERS } });
  const { status, result, typeId, findings, month } = params.filters;
  const filter = {
    ...(status ? { status: status as SecInspectionStatus } : {}),
    ...(result ? { result: result as SecInspectionResult } : {}),
    ...(typeId ? { typeId } : {}),
    ...(findings ? { withFindings: true } : {}),
    ...dateRangeFilter(params.filters),
    ...monthFilter(month, { from: 'from', to: 'to' }),
  };
  const groupBy = chosenGrouping(params, GROUP_BY);
  const types = useQuery(SecInspectionTypeOptionListDocument, { fetchPolicy: 'cache-first' }).data?.secInspectionTypeOptions ?? [];
  const list = useServerList(SecInspectionListDocument, params, { filter }, (d) => d.secInspections, { entity: 'sec_inspection' });
  const client = useApolloClient();
  const bulk: BulkConfig<SecInspectionFieldsFragment> = {
    loadAll: list.fetchAll,
    describe: (r) => formatInspectionFolio(r.folio),
    actions: [
      {
        key: 'close',
        label: t.bulkClose,
        icon: <IconLock size={14} />,
        allowed: access.editar,
        confirm: { title: t.bulkCloseTitle, message: t.bulkCloseMessage, confirmLabel: t.bulkCloseTitle },
        run: async (ids) => {
          const r = await client.mutate({ mutation: SecInspectionBulkCloseDocument, variables: { ids } });
          await list.refetch();
          return r.data?.secInspectionBulkClose;
        },
      },
    ],
  };
  return (
    <>
      <ListPage
        description={t.description}
        exportName="Inspecciones"
        searchPlaceholder={t.search}
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate(`${SECURITY_PATHS.inspection}?id=${r.id}`)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        bulk={bulk}
        grouping={{
          control: <GroupBySelect params={params} options={GROUP_BY} />,
          view: groupBy ? (
            <GroupedTotals params={params} option={groupBy} document={SecInspectionGroupsDocument} filter={filter} pick={(d) => d.secInspectionGroups} entity="sec_inspection" measures={MEASURES} exportName="Inspecciones" canExport={access.exportar} />
          ) : null,
        }}
        filters={
          <>
            <Select aria-label={t.cols.status} placeholder={t.allStatuses} data={OPTIONS.inspectionStatus} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
            <Select aria-label={t.cols.result} placeholder={t.allResults} data={OPTIONS.inspectionResult} value={result || null} onChange={(v) => params.setFilter('result', v ?? '')} clearable w={200} />
            <Select aria-label={t.groupBy.type} placeholder={t.allTypes} data={types.map((o) => ({ value: o.id, label: o.name }))} value={typeId || null} onChange={(v) => params.setFilter('typeId', v ?? '')} clearable searchable w={200} />
            <DateRangeFilter params={params} label="Fecha de inspección" />
            <Switch label={t.withFindings} checked={Boolean(findings)} onChange={(e) => params.setFilter('findings', e.currentTarget.checked ? '1' : '')} />
          </>
        }
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t.create}
            </Button>
          ) : undefined
        }
      />
      {creating ? <NewInspectionDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
