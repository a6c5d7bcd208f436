// Permisos de trabajo: list with kind, status and "por vencer" filters in the
// URL (the Tablero card links there). A permit is requested with its workers,
// validity window and the checklist its kind requires; authorising needs
// every check, a window that has not ended and the `autorizar` permission;
// then it is closed, or cancelled with a reason.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconCheck, IconLock, IconPlus, IconX } from '@tabler/icons-react';
import {
  SecPermitAuthorizeDocument,
  SecPermitCancelDocument,
  SecPermitCloseDocument,
  SecPermitCreateDocument,
  SecPermitDetailDocument,
  SecPermitListDocument,
  SecPermitUpdateDocument,
  type SecPermitFieldsFragment,
  type SecPermitKind,
  type SecPermitStatus,
} from '../../../../generated/modules/security/graphql';
import { formatPermitFolio, PERMIT_CHECKLISTS, type PermitKind } from '../../../../schema/security/permits';
import { useScreenAccess } from '../../../components/access';
import { NEW_RECORD, useDialogParam } from '../../../components/dialogParam';
import { DocumentActions, type DocumentAction } from '../../../components/DocumentActions';
import { FormDialog } from '../../../components/EditDialog';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { PickerList } from '../../../components/PickerList';
import { formatDateTime } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { DateTimeField } from '../../../components/DateTimeField';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { BADGES, MODULE, OPTIONS, PERMIT_KIND_LABELS, common } from '../texts';

type Permit = SecPermitFieldsFragment;

const COLUMNS: ListColumn<Permit>[] = [
  { key: 'folio', header: 'Folio', sortable: true, width: 100, render: (r) => formatPermitFolio(r.folio), exportValue: (r) => formatPermitFolio(r.folio) },
  { key: 'kind', header: 'Tipo', sortable: true, render: (r) => PERMIT_KIND_LABELS[r.kind], exportValue: (r) => PERMIT_KIND_LABELS[r.kind] },
  { key: 'area', header: 'Área', sortable: true },
  { key: 'workers', header: 'Trabajadores', render: (r) => r.workers.map((w) => w.fullName).join(', '), exportValue: (r) => r.workers.map((w) => w.fullName).join(', ') },
  { key: 'validFrom', header: 'Desde', format: 'datetime', sortable: true, render: (r) => formatDateTime(r.validFrom) },
  {
    key: 'validTo',
    header: 'Hasta',
    format: 'datetime',
    sortable: true,
    render: (r) => (
      <Stack gap={2} align="flex-start">
        {formatDateTime(r.validTo)}
        {r.expired && (r.status === 'solicitado' || r.status === 'autorizado') ? <Badge color="red" size="sm">Vencido</Badge> : null}
      </Stack>
    ),
  },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={BADGES.permit} />, exportValue: (r) => BADGES.permit[r.status].label },
];

/** An instant to the whole minute, as the date-time input shows it. */
const wholeMinute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

type Values = { kind: SecPermitKind; requesterEmployeeId: string; workerIds: string[]; area: string; description: string; validFrom: string; validTo: string; checklist: string[] };

function missingOf(v: Values): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!v.requesterEmployeeId) missing.requesterEmployeeId = common.required;
  if (!v.area.trim()) missing.area = common.required;
  if (!v.workerIds.some(Boolean)) missing.workerIds = 'Agrega al menos un trabajador.';
  if (!v.validFrom) missing.validFrom = common.required;
  if (!v.validTo) missing.validTo = common.required;
  else if (v.validFrom && Date.parse(v.validTo) <= Date.parse(v.validFrom)) missing.validTo = 'El fin de la vigencia debe ser posterior al inicio.';
  return missing;
}

function PermitDialog({ permit, onClose }: { permit: Permit | null; onClose: (saved: boolean) => void }) {
  const access = useScreenAccess(MODULE, 'Permisos');
  const [create] = useMutation(SecPermitCreateDocument);
  const [update] = useMutation(SecPermitUpdateDocument);
  const [authorize] = useMutation(SecPermitAuthorizeDocument);
  const [closePermit] = useMutation(SecPermitCloseDocument);
  const [cancel] = useMutation(SecPermitCancelDocument);
  const now = Date.now();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: permit
      ? { kind: permit.kind, requesterEmployeeId: permit.requesterEmployeeId, workerIds: permit.workers.map((w) => w.employeeId), area: permit.area, description: permit.description, validFrom: permit.validFrom, validTo: permit.validTo, checklist: permit.checklist }
      : { kind: 'altura', requesterEmployeeId: '', workerIds: [''], area: '', description: '', validFrom: wholeMinute(now + 3_600_000), validTo: wholeMinute(now + 9 * 3_600_000), checklist: [] },
  });
  const v = form.values;
  const [cancelling, setCancelling] = useState(false);
  const editable = !permit ? access.crear : permit.status === 'solicitado' && access.editar;
  const dirty = editable && form.isDirty();
  const fieldError = (path: string) => form.errors[path] as string | undefined;
  const placed = ['kind', 'requesterEmployeeId', 'workerIds', 'area', 'description', 'validFrom', 'validTo', 'checklist', ...v.workerIds.map((_, i) => `workerIds.${i}`)];
  const input = (values: Values) => ({ ...values, workerIds: values.workerIds.filter(Boolean), validFrom: values.validFrom, validTo: values.validTo });
  const edit = useFormSave({ form, fields: placed, readOnly: !editable, onSaved: () => onClose(true), validate: missingOf });
  // Cerrar acts on the permit as saved (nothing to edit then): its own busy state and error, no edit rights needed.
  const action = useFormSave({ form, fields: placed, onSaved: () => onClose(true) });
  const saving = edit.saving || action.saving;
  const submit = () => {
    action.setError(null);
    return edit.save(async (values) => {
      if (permit) await update({ variables: { id: permit.id, version: permit.version, input: input(values) } });
      else await create({ variables: { input: input(values) } });
      return 'Permiso guardado.';
    });
  };
  const folio = permit ? formatPermitFolio(permit.folio) : '';
  const record = permit ? { noun: 'el permiso', reference: folio } : undefined;
  const checklist = PERMIT_CHECKLISTS[v.kind as PermitKind];
  const actions: DocumentAction[] = permit
    ? [
        {
          key: 'authorize',
          label: 'Autorizar',
          icon: <IconCheck size={16} />,
          color: 'teal',
          show: permit.status === 'solicitado' && access.autorizar && !permit.expired,
          irreversible: true,
          // The form as shown (the boxes just ticked) is saved and authorised in one request.
          sendsForm: true,
          run: () => {
            const work = async (values: Values) => {
              await authorize({ variables: { id: permit.id, version: permit.version, input: dirty ? input(values) : null } });
              return `Permiso ${folio} autorizado.`;
            };
            if (dirty) {
              action.setError(null);
              return edit.save(work);
            }
            edit.setError(null);
            return action.save(work);
          },
        },
        {
          key: 'close',
          label: 'Cerrar permiso',
          icon: <IconLock size={16} />,
          variant: 'light',
          show: permit.status === 'autorizado' && access.editar,
          irreversible: true,
          run: () => {
            edit.setError(null);
            return action.save(async () => (await closePermit({ variables: { id: permit.id, version: permit.version } }), `Permiso ${folio} cerrado.`));
          },
        },
        { key: 'cancel', label: 'Cancelar permiso', icon: <IconX size={16} />, color: 'red', variant: 'light', show: (permit.status === 'solicitado' || permit.status === 'autorizado') && access.eliminar, run: () => setCancelling(true) },
      ]
    : [];
  return (
    <FormDialog
      title={permit ? `${folio} · ${PERMIT_KIND_LABELS[permit.kind]}` : 'Solicitar permiso de trabajo'}
      opened
      onClose={() => onClose(false)}
      onSubmit={submit}
      saving={saving}
      error={action.error ?? edit.error}
      readOnly={!editable}
      dirty={dirty}
      record={record}
      history={permit ? { entity: 'sec_permit', id: permit.id } : undefined}
      extraActions={permit ? <DocumentActions actions={actions} collapse={false} /> : undefined}
      size="lg"
    >
      <Stack gap="sm">
        {permit ? (
          <Group gap="xs">
            <StatusBadge status={permit.status} labels={BADGES.permit} />
            {permit.authorizedByName ? <Text size="sm">Autorizó {permit.authorizedByName} el {formatDateTime(permit.authorizedAt)}</Text> : null}
          </Group>
        ) : null}
        {permit?.expired && permit.status === 'solicitado' ? <Alert color="orange" variant="light">La vigencia ya terminó: no se puede autorizar. Cambia la vigencia o cancélalo.</Alert> : null}
        {permit?.cancelReason ? <Alert color="red" variant="light">Cancelado: {permit.cancelReason}</Alert> : null}
        <Select label="Tipo de permiso" data={OPTIONS.permitKind} value={v.kind} onChange={(k) => form.setValues({ kind: (k ?? 'altura') as SecPermitKind, checklist: [] })} allowDeselect={false} disabled={!editable} />
        <EmployeeSelect label="Solicitante" required value={v.requesterEmployeeId} known={permit ? { id: permit.requesterEmployeeId, fullName: permit.requesterName } : null} onChange={(x) => form.setFieldValue('requesterEmployeeId', x)} error={fieldError('requesterEmployeeId')} disabled={!editable} />
        <PickerList
          label="Trabajadores"
          values={v.workerIds}
          onChange={(ids) => form.setFieldValue('workerIds', ids)}
          addLabel="Agregar trabajador"
          removeLabel={(n) => `Quitar trabajador ${n}`}
          error={typeof form.errors.workerIds === 'string' ? form.errors.workerIds : undefined}
          disabled={!editable}
          min={1}
          renderPicker={(w, i, onPick) => {
            const known = permit?.workers.find((x) => x.employeeId === w);
            return (
              <EmployeeSelect
                aria-label={`Trabajador ${i + 1}`}
                value={w}
                known={known ? { id: w, fullName: known.fullName } : null}
                onChange={onPick}
                error={fieldError(`workerIds.${i}`)}
                disabled={!editable}
              />
            );
          }}
        />
        <TextInput label="Área" required {...form.getInputProps('area')} maxLength={150} disabled={!editable} />
        <Textarea label="Trabajo a realizar" autosize minRows={1} maxLength={1000} {...form.getInputProps('description')} disabled={!editable} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateTimeField label="Vigente desde" required {...form.getInputProps('validFrom')} disabled={!editable} />
          <DateTimeField label="Vigente hasta" required {...form.getInputProps('validTo')} disabled={!editable} />
        </SimpleGrid>
        <Checkbox.Group label={`Checklist de ${PERMIT_KIND_LABELS[v.kind].toLowerCase()} (todo marcado para autorizar)`} {...form.getInputProps('checklist')}>
          <Stack gap={6} mt={6}>
            {checklist.map((c) => (
              <Checkbox key={c.key} value={c.key} label={c.text} disabled={!editable} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
      {permit ? (
        <ReasonDialog
          opened={cancelling}
          title={`Cancelar el permiso ${folio}`}
          message={irreversibleQuestion('cancelar', record ?? null)}
          confirmLabel="Cancelar permiso"
          reasonLabel="Motivo de cancelación"
          maxLength={300}
          onClose={(done) => {
            setCancelling(false);
            if (done) onClose(true);
          }}
          onConfirm={async (reason) => {
            await cancel({ variables: { id: permit.id, version: permit.version, reason } });
            notifySuccess(`Permiso ${folio} cancelado.`);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

/** The permit at `?id=` read on its own, so a reload or a shared link opens it again. */
function SavedPermitDialog({ id, onClose }: { id: string; onClose: (saved: boolean) => void }) {
  const { data } = useQuery(SecPermitDetailDocument, { variables: { id }, fetchPolicy: 'network-only' });
  const permit = data?.secPermit;
  return permit ? <PermitDialog key={`${permit.id}:${permit.version}`} permit={permit} onClose={onClose} /> : null;
}

export function PermitsPage() {
  const access = useScreenAccess(MODULE, 'Permisos');
  const open = useDialogParam('id', { replace: false });
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { kind: '', status: '', expiring: '', ...dateRangeDefaults() } });
  const { kind, status, expiring } = params.filters;
  const filter = { ...(kind ? { kind: kind as SecPermitKind } : {}), ...(status ? { status: status as SecPermitStatus } : {}), ...(expiring ? { expiring: true } : {}), ...dateRangeFilter(params.filters) };
  const list = useServerList(SecPermitListDocument, params, { filter }, (d) => d.secPermits, { entity: 'sec_permit' });
  return (
    <>
      <ListPage
        description="Un trabajador no puede tener dos permisos del mismo tipo con horarios que se traslapan. Un permiso vencido no se autoriza."
        exportName="Permisos de trabajo"
        searchPlaceholder="Buscar por folio, área, trabajo o trabajador"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => open.open(r.id)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
          <>
            <Select aria-label="Tipo" placeholder="Todos los tipos" data={OPTIONS.permitKind} value={kind || null} onChange={(x) => params.setFilter('kind', x ?? '')} clearable w={190} />
            <Select aria-label="Estado" placeholder="Todos los estados" data={OPTIONS.permitStatus} value={status || null} onChange={(x) => params.setFilter('status', x ?? '')} clearable w={170} />
            <DateRangeFilter params={params} label="Inicio de vigencia" />
            <Switch label="Por vencer" checked={Boolean(expiring)} onChange={(e) => params.setFilter('expiring', e.currentTarget.checked ? 'true' : '')} />
          </>
        }
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open.open(NEW_RECORD)}>
              Solicitar permiso
            </Button>
          ) : undefined
        }
      />
      {open.value === NEW_RECORD ? (
        <PermitDialog
          permit={null}
          onClose={(saved) => {
            open.close();
            if (saved) void list.refetch();
          }}
        />
      ) : open.value ? (
        <SavedPermitDialog
          id={open.value}
          onClose={(saved) => {
            open.close();
            if (saved) void list.refetch();
          }}
        />
      ) : null}
    </>
  );
}
