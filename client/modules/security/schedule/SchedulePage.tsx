// Programación: planned inspections (type, área, responsible, date,
// repetition) with overdue ones flagged; "Vencidas" filter in the URL (the
// Tablero card links here). A pending row can be edited, cancelled or
// started: "Iniciar inspección" creates it linked to the plan, and closing
// that inspection schedules the next occurrence.
import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconPlayerPlay, IconPlus, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import {
  SecInspectionCreateDocument,
  SecInspectionTypeOptionListDocument,
  SecScheduleCancelDocument,
  SecScheduleCreateDocument,
  SecScheduleListDocument,
  SecScheduleUpdateDocument,
  type SecRecurrence,
  type SecScheduleFieldsFragment,
  type SecScheduleStatus,
} from '../../../../generated/modules/security/graphql';
import { formatInspectionFolio } from '../../../../schema/security/inspections';
import { useScreenAccess } from '../../../components/access';
import { confirmAction } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { todayIso } from '../../../components/dates';
import { FormDialog } from '../../../components/EditDialog';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { formatDate } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { notifyError } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { BADGES, MODULE, OPTIONS, RECURRENCE_LABELS, SECURITY_PATHS, common } from '../texts';

type Row = SecScheduleFieldsFragment;
type Values = { typeId: string; area: string; responsibleEmployeeId: string; dueOn: string; recurrence: SecRecurrence; notes: string };
const REQUIRED = ['typeId', 'area', 'responsibleEmployeeId', 'dueOn'] as const;

const COLUMNS: ListColumn<Row>[] = [
  {
    key: 'dueOn',
    header: 'Fecha',
    format: 'date',
    sortable: true,
    render: (r) => (
      <Stack gap={2} align="flex-start">
        {formatDate(r.dueOn)}
        {r.overdue ? <Badge color="red" variant="filled" size="sm">Vencida</Badge> : null}
      </Stack>
    ),
    exportValue: (r) => r.dueOn,
  },
  { key: 'type', header: 'Tipo', sortable: true, render: (r) => r.typeName, exportValue: (r) => r.typeName },
  { key: 'area', header: 'Área', sortable: true },
  { key: 'responsible', header: 'Responsable', sortable: true, render: (r) => r.responsibleName, exportValue: (r) => r.responsibleName },
  { key: 'recurrence', header: 'Repetición', render: (r) => RECURRENCE_LABELS[r.recurrence], exportValue: (r) => RECURRENCE_LABELS[r.recurrence] },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={BADGES.schedule} />, exportValue: (r) => BADGES.schedule[r.status].label },
  { key: 'inspection', header: 'Inspección', render: (r) => (r.inspectionFolio ? formatInspectionFolio(r.inspectionFolio) : '—'), exportValue: (r) => (r.inspectionFolio ? formatInspectionFolio(r.inspectionFolio) : '') },
];

function ScheduleDialog({ row, onClose }: { row: Row | null; onClose: (saved: boolean) => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess(MODULE, 'Programación');
  const inspections = useScreenAccess(MODULE, 'Inspecciones');
  const types = useQuery(SecInspectionTypeOptionListDocument);
  const [create] = useMutation(SecScheduleCreateDocument);
  const [update] = useMutation(SecScheduleUpdateDocument);
  const [cancel] = useMutation(SecScheduleCancelDocument);
  const [start] = useMutation(SecInspectionCreateDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: row
      ? { typeId: row.typeId, area: row.area, responsibleEmployeeId: row.responsibleEmployeeId, dueOn: row.dueOn, recurrence: row.recurrence, notes: row.notes }
      : { typeId: '', area: '', responsibleEmployeeId: '', dueOn: todayIso(), recurrence: 'monthly', notes: '' },
  });
  const v = form.values;
  const pending = !row || row.status === 'pendiente';
  const editable = pending && (row ? access.editar : access.crear);
  const placed = Object.keys(v);
  const edit = useFormSave({
    form,
    fields: placed,
    readOnly: !editable,
    onSaved: () => onClose(true),
    validate: (values): Record<string, string> => Object.fromEntries(REQUIRED.filter((k) => !values[k].trim()).map((k) => [k, common.required])),
  });
  // "Iniciar inspección" starts the plan as saved (no edit rights needed, the edits not checked) and opens the checklist (no notice).
  const starting = useFormSave({ form, fields: placed, onSaved: () => undefined });
  const saving = edit.saving || starting.saving;
  const submit = () => {
    starting.setError(null);
    return edit.save(async (input) => {
      if (row) await update({ variables: { id: row.id, version: row.version, input } });
      else await create({ variables: { input } });
      return 'Inspección programada guardada.';
    });
  };
  const startInspection = async () => {
    if (!row) return;
    edit.setError(null);
    await starting.save(async () => {
      const r = await start({ variables: { input: { typeId: row.typeId, area: row.area, inspectorEmployeeId: row.responsibleEmployeeId, inspectedOn: todayIso(), scheduleId: row.id } } });
      return { message: null, onSaved: () => void navigate(`${SECURITY_PATHS.inspection}?id=${r.data?.secInspectionCreate.id ?? ''}`) };
    });
  };
  const extra = row && pending ? (
    <Group gap="xs">
      {row.inspectionId ? (
        <Button variant="light" onClick={() => void navigate(`${SECURITY_PATHS.inspection}?id=${row.inspectionId}`)}>
          Abrir inspección
        </Button>
      ) : inspections.crear ? (
        <Button variant="light" color="teal" leftSection={<IconPlayerPlay size={16} />} onClick={() => void startInspection()} loading={saving}>
          Iniciar inspección
        </Button>
      ) : null}
      {access.eliminar ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconX size={16} />}
          onClick={() =>
            confirmAction({
              title: 'Cancelar programación',
              message: 'La inspección programada se cancela y no genera la siguiente.',
              confirmLabel: 'Cancelar programación',
              onConfirm: () =>
                void cancel({ variables: { id: row.id, version: row.version } }).then(
                  () => onClose(true),
                  (c: unknown) => notifyError(asAppError(c).message),
                ),
            })
          }
        >
          Cancelar
        </Button>
      ) : null}
    </Group>
  ) : undefined;
  return (
    <FormDialog title={row ? `${row.typeName} · ${row.area}` : 'Programar inspección'} opened onClose={() => onClose(false)} onSubmit={submit} saving={saving} error={starting.error ?? edit.error} readOnly={!editable} extraActions={extra} size="lg">
      <Select label="Tipo de inspección" required searchable data={(types.data?.secInspectionTypeOptions ?? []).map((o) => ({ value: o.id, label: o.name })).concat(row && !(types.data?.secInspectionTypeOptions ?? []).some((o) => o.id === row.typeId) ? [{ value: row.typeId, label: row.typeName }] : [])} {...form.getInputProps('typeId')} value={v.typeId || null} onChange={(x) => form.setFieldValue('typeId', x ?? '')} disabled={!editable} />
      <TextInput label="Área o ubicación" required maxLength={150} {...form.getInputProps('area')} disabled={!editable} />
      <EmployeeSelect label="Responsable" required value={v.responsibleEmployeeId} known={row ? { id: row.responsibleEmployeeId, fullName: row.responsibleName } : null} onChange={(x) => form.setFieldValue('responsibleEmployeeId', x)} error={form.errors.responsibleEmployeeId as string | undefined} disabled={!editable} />
      <Group grow>
        <DateField label="Fecha" required {...form.getInputProps('dueOn')} disabled={!editable} />
        <Select label="Repetición" data={OPTIONS.recurrence} value={v.recurrence} onChange={(x) => form.setFieldValue('recurrence', (x ?? 'none') as SecRecurrence)} allowDeselect={false} disabled={!editable} description="Al cerrar la inspección se programa la siguiente." />
      </Group>
      <Textarea label="Notas" autosize minRows={1} maxLength={500} {...form.getInputProps('notes')} disabled={!editable} />
    </FormDialog>
  );
}

export function SchedulePage() {
  const access = useScreenAccess(MODULE, 'Programación');
  const [open, setOpen] = useState<Row | 'new' | null>(null);
  const params = useListParams({ sortBy: 'dueOn', sortDirection: 'ASC', filters: { status: 'pendiente', overdue: '', ...dateRangeDefaults() } });
  const { status, overdue } = params.filters;
  const filter = { ...(status ? { status: status as SecScheduleStatus } : {}), ...(overdue ? { overdue: true } : {}), ...dateRangeFilter(params.filters) };
  const list = useServerList(SecScheduleListDocument, params, { filter }, (d) => d.secSchedules, { entity: 'sec_schedule' });
  return (
    <>
      <ListPage
        description="Inspecciones planeadas por área con su responsable. Las pendientes con fecha pasada aparecen como vencidas."
        exportName="Programación de inspecciones"
        searchPlaceholder="Buscar por área, tipo o responsable"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => setOpen(r)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
          <>
            <Select aria-label="Estado" placeholder="Todos los estados" data={OPTIONS.scheduleStatus} value={status || null} onChange={(x) => params.setFilter('status', x ?? '')} clearable w={170} />
            <DateRangeFilter params={params} label="Fecha programada" />
            <Switch label="Solo vencidas" checked={Boolean(overdue)} onChange={(e) => params.setFilter('overdue', e.currentTarget.checked ? 'true' : '')} />
          </>
        }
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
              Programar inspección
            </Button>
          ) : undefined
        }
      />
      {open ? (
        <ScheduleDialog
          row={open === 'new' ? null : open}
          onClose={(saved) => {
            setOpen(null);
            if (saved) void list.refetch();
          }}
        />
      ) : null}
    </>
  );
}
