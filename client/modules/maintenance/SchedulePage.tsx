// Programación de servicios: vehicle × service with its due status computed on
// the server (today and the vehicle's last odometer reading), filtered by
// status in the URL (the Tablero cards link here with ?status=vencido).
// Ticking due services of one vehicle and "Generar orden" opens one order for
// them; the margin that makes a service "próximo" is editable here.
// "Corregir" (`?edit=<id>`) fixes the last time done (date and km) and
// deactivates / reactivates the schedule; the Vigencia filter (URL) shows the
// inactive ones.
import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAdjustments, IconCalendarPlus, IconPencil, IconTool } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import {
  MaintenanceFormOptionsDocument,
  MaintenanceOrderFromSchedulesDocument,
  MaintenanceScheduleCountsDocument,
  MaintenanceScheduleCreateDocument,
  MaintenanceScheduleBreakdownDocument,
  MaintenanceScheduleListDocument,
  MaintenanceScheduleUpdateDocument,
  MaintenanceSettingsUpdateDocument,
  type MaintenanceScheduleFieldsFragment,
  type MaintenanceScheduleStatus,
} from '../../../generated/modules/maintenance/graphql';
import { useScreenAccess } from '../../components/access';
import { confirmAsync } from '../../components/confirm';
import { DateField } from '../../components/DateField';
import { todayIso } from '../../components/dates';
import { useDialogParam } from '../../components/dialogParam';
import { EditDialogForm, FormDialog, RecordEditDialog } from '../../components/EditDialog';
import { readGraphQLError } from '../../components/graphqlErrors';
import { formatDate } from '../../components/format';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../components/listParams';
import { notifyError, notifySuccess } from '../../components/notify';
import { NumberField } from '../../components/NumberField';
import { asAppError } from '../../components/serverErrors';
import { StatusBadge } from '../../components/StatusBadge';
import { useFormSave } from '../../components/useFormSave';
import { useServerList } from '../../components/useServerList';
import { VehicleSelect } from '../../components/VehicleSelect';
import { MT_MODULE, MT_PATHS, MT_SCREENS, orderPath, SCHEDULE_BADGES, scheduleStatusOptions, texts } from './texts';

const t = texts.schedule;
const INACTIVE_BADGE = { inactive: { label: t.inactive, color: 'gray' } };

function nextDue(r: MaintenanceScheduleFieldsFragment) {
  return [r.nextDueKm !== null && r.nextDueKm !== undefined ? texts.km(r.nextDueKm) : null, r.nextDueOn ? formatDate(r.nextDueOn) : null].filter(Boolean).join(' · ');
}
function left(r: MaintenanceScheduleFieldsFragment) {
  return [r.kmLeft !== null && r.kmLeft !== undefined ? t.kmLeft(r.kmLeft) : null, r.daysLeft !== null && r.daysLeft !== undefined ? t.daysLeft(r.daysLeft) : null].filter(Boolean).join(' · ');
}

type MarginValues = { marginKm: string; marginDays: string };

function MarginDialog({ current, onClose }: { current: { marginKm: number; marginDays: number; version: number }; onClose: (saved: boolean) => void }) {
  const [update] = useMutation(MaintenanceSettingsUpdateDocument);
  const form = useForm<MarginValues>({ initialValues: { marginKm: String(current.marginKm), marginDays: String(current.marginDays) } });
  const { save, saving, error } = useFormSave<MarginValues>({ form, fields: ['marginKm', 'marginDays'], onSaved: () => onClose(true) });
  return (
    <FormDialog
      title={t.marginTitle}
      opened
      size="sm"
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      onSubmit={() =>
        save(async (v) => {
          await update({ variables: { version: current.version, input: { marginKm: Number(v.marginKm || 0), marginDays: Number(v.marginDays || 0) } } });
          return texts.saved;
        })
      }
    >
      <NumberField label={t.marginKm} precision={0} min={0} {...form.getInputProps('marginKm')} />
      <NumberField label={t.marginDays} precision={0} min={0} {...form.getInputProps('marginDays')} />
    </FormDialog>
  );
}

type ScheduleValues = { vehicleId: string; serviceId: string; lastDoneOn: string; lastDoneKm: string };

function ScheduleDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const [create] = useMutation(MaintenanceScheduleCreateDocument);
  const options = useQuery(MaintenanceFormOptionsDocument);
  const form = useForm<ScheduleValues>({
    initialValues: { vehicleId: '', serviceId: '', lastDoneOn: todayIso(), lastDoneKm: '' },
    validate: { vehicleId: (v) => (v ? null : texts.required), serviceId: (v) => (v ? null : texts.required), lastDoneKm: (v) => (v ? null : texts.required) },
  });
  const { save, saving, error } = useFormSave<ScheduleValues>({ form, fields: ['vehicleId', 'serviceId', 'lastDoneOn', 'lastDoneKm'], onSaved: () => onClose(true) });
  const services = (options.data?.maintenanceFormOptions.services ?? []).map((s) => ({ value: s.id, label: s.name }));
  return (
    <FormDialog
      title={t.scheduleTitle}
      opened
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      onSubmit={() =>
        save(async (v) => {
          await create({ variables: { input: { vehicleId: v.vehicleId, serviceId: v.serviceId, lastDoneOn: v.lastDoneOn, lastDoneKm: Number(v.lastDoneKm), active: true } } });
          return t.scheduled;
        })
      }
    >
      <Stack gap="md">
        <VehicleSelect
          label={t.vehicle}
          required
          value={form.values.vehicleId}
          error={form.errors.vehicleId as string | undefined}
          onChange={(id, vehicle) => {
            form.setFieldValue('vehicleId', id);
            if (vehicle?.odometerKm != null && !form.values.lastDoneKm) form.setFieldValue('lastDoneKm', String(vehicle.odometerKm));
          }}
        />
        <Select label={t.service} required searchable data={services} {...form.getInputProps('serviceId')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label={t.lastDoneOn} required max={todayIso()} {...form.getInputProps('lastDoneOn')} />
          <NumberField label={t.lastDoneKm} precision={0} min={0} required {...form.getInputProps('lastDoneKm')} />
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}

type EditValues = { lastDoneOn: string; lastDoneKm: string; active: boolean };

/** Corrects the last time done and switches the schedule on or off (turning it off asks first). */
function ScheduleEditForm({ row, onClose }: { row: MaintenanceScheduleFieldsFragment; onClose: (saved: boolean) => void }) {
  const [update] = useMutation(MaintenanceScheduleUpdateDocument);
  const form = useForm<EditValues>({
    initialValues: { lastDoneOn: row.lastDoneOn, lastDoneKm: String(row.lastDoneKm), active: row.active },
    validate: { lastDoneOn: (v) => (v ? null : texts.required), lastDoneKm: (v) => (v !== '' ? null : texts.required) },
  });
  const { save, saving, error } = useFormSave<EditValues>({ form, fields: ['lastDoneOn', 'lastDoneKm', 'active'], onSaved: () => onClose(true) });
  const submit = async () => {
    if (row.active && !form.getValues().active && !(await confirmAsync({ title: t.deactivateTitle, message: t.deactivateBody(row.vehicleNumber, row.serviceName), confirmLabel: t.deactivate }))) return;
    await save(async (values) => {
      await update({
        variables: {
          id: row.id,
          version: row.version,
          input: { vehicleId: row.vehicleId, serviceId: row.serviceId, lastDoneOn: values.lastDoneOn, lastDoneKm: Number(values.lastDoneKm), active: values.active },
        },
      });
      return values.active === row.active ? t.updated : values.active ? t.reactivated : t.deactivated;
    });
  };
  return (
    <EditDialogForm onSubmit={submit} onCancel={() => onClose(false)} saving={saving} error={error}>
      <Text size="sm" fw={500}>
        {row.vehicleNumber} · {row.vehicleName} — {row.serviceName}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label={t.lastDoneOn} required max={todayIso()} {...form.getInputProps('lastDoneOn')} />
        <NumberField label={t.lastDoneKm} precision={0} min={0} required {...form.getInputProps('lastDoneKm')} />
      </SimpleGrid>
      <Switch label={t.active} description={t.activeHint} {...form.getInputProps('active', { type: 'checkbox' })} />
    </EditDialogForm>
  );
}

/** `?edit=<id>`: the row on this page, or read from the server after a reload or a shared link. */
function ScheduleEditDialog({ id, rows, onClose }: { id: string; rows: MaintenanceScheduleFieldsFragment[]; onClose: (saved: boolean) => void }) {
  const onPage = rows.find((r) => r.id === id);
  const q = useQuery(MaintenanceScheduleBreakdownDocument, { variables: { id }, skip: !!onPage, fetchPolicy: 'network-only' });
  return (
    <RecordEditDialog
      row={onPage ?? q.data?.maintenanceScheduleBreakdown?.schedule ?? null}
      title={() => t.editTitle}
      loading={q.loading}
      error={q.error ? readGraphQLError(q.error) : null}
      notFoundMessage={texts.breakdown.notFound}
      onClose={() => onClose(false)}
    >
      {(row) => <ScheduleEditForm row={row} onClose={onClose} />}
    </RecordEditDialog>
  );
}

export function SchedulePage() {
  const navigate = useNavigate();
  const access = useScreenAccess(MT_MODULE, MT_SCREENS.schedule);
  const orderAccess = useScreenAccess(MT_MODULE, MT_SCREENS.orders);
  const params = useListParams({ sortBy: 'due', filters: { status: '', active: 'true' } });
  const status = params.filters.status as MaintenanceScheduleStatus | '';
  const activeRaw = params.filters.active;
  const active = activeRaw === 'false' ? false : activeRaw === 'all' ? null : true;
  const variables = useMemo(() => ({ filter: { ...(status ? { status } : {}), active } }), [status, active]);
  const edit = useDialogParam('edit');
  const list = useServerList(MaintenanceScheduleListDocument, params, variables, (d) => d.maintenanceSchedules, { entity: 'mt_schedule' });
  const counts = useQuery(MaintenanceScheduleCountsDocument, { fetchPolicy: 'cache-and-network' });
  const [generate, generating] = useMutation(MaintenanceOrderFromSchedulesDocument);
  const [selected, setSelected] = useState<MaintenanceScheduleFieldsFragment[]>([]);
  const [dialog, setDialog] = useState<'margin' | 'schedule' | null>(null);
  const settings = counts.data?.maintenanceSettings;

  const toggle = (row: MaintenanceScheduleFieldsFragment, on: boolean) => {
    if (on && selected.some((s) => s.vehicleId !== row.vehicleId)) {
      notifyError(t.oneVehicle);
      return;
    }
    setSelected((prev) => (on ? [...prev, row] : prev.filter((s) => s.id !== row.id)));
  };

  const columns: ListColumn<MaintenanceScheduleFieldsFragment>[] = [
    ...(orderAccess.crear
      ? [
          {
            key: 'select',
            header: '',
            exportable: false,
            width: 40,
            render: (r: MaintenanceScheduleFieldsFragment) =>
              r.openOrderId || !r.active ? null : (
                <Checkbox
                  aria-label={`${t.select} ${r.vehicleNumber} ${r.serviceName}`}
                  checked={selected.some((s) => s.id === r.id)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={(e) => toggle(r, e.currentTarget.checked)}
                />
              ),
          },
        ]
      : []),
    { key: 'vehicle', header: t.vehicle, sortable: true, render: (r) => `${r.vehicleNumber} · ${r.vehicleName}`, exportValue: (r) => `${r.vehicleNumber} ${r.vehicleName}` },
    { key: 'service', header: t.service, sortable: true, render: (r) => r.serviceName, exportValue: (r) => r.serviceName },
    { key: 'lastDoneOn', header: t.lastDone, sortable: true, render: (r) => `${formatDate(r.lastDoneOn)} · ${texts.km(r.lastDoneKm)}`, exportValue: (r) => `${r.lastDoneOn} ${r.lastDoneKm}` },
    { key: 'nextDue', header: t.nextDue, render: nextDue, exportValue: nextDue },
    { key: 'due', header: t.left, sortable: true, render: left, exportValue: left },
    {
      key: 'status',
      header: t.status,
      sortable: true,
      render: (r) =>
        r.active ? <StatusBadge status={r.status} labels={SCHEDULE_BADGES} /> : <StatusBadge status="inactive" labels={INACTIVE_BADGE} />,
      exportValue: (r) => (r.active ? SCHEDULE_BADGES[r.status].label : t.inactive),
    },
    {
      key: 'order',
      header: t.order,
      exportValue: (r) => r.openOrderFolio ?? '',
      render: (r) =>
        r.openOrderId ? (
          <Anchor component={Link} to={orderPath(r.openOrderId)} onClick={(e) => e.stopPropagation()}>
            {r.openOrderFolio}
          </Anchor>
        ) : null,
    },
    ...(access.editar
      ? [
          {
            key: 'edit',
            header: '',
            exportable: false,
            width: 48,
            render: (r: MaintenanceScheduleFieldsFragment) => (
              <Tooltip label={t.edit}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t.editAria(r.vehicleNumber, r.serviceName)}
                  onClick={(e) => {
                    e.stopPropagation();
                    edit.open(r.id);
                  }}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  const generateOrder = async () => {
    try {
      const r = await generate({ variables: { scheduleIds: selected.map((s) => s.id), openedOn: todayIso() } });
      const order = r.data?.maintenanceOrderFromSchedules;
      if (order) {
        notifySuccess(t.generated(order.folio));
        void navigate(orderPath(order.id));
      }
    } catch (caught) {
      const e = asAppError(caught);
      notifyError(Object.values(e.fields ?? {})[0] ?? e.message);
    }
  };

  const c = counts.data?.maintenanceScheduleCounts;
  return (
    <>
      <ListPage
        description={
          <Stack gap={2}>
            <Text size="sm">{t.description}</Text>
            {c && settings ? (
              <Text size="sm" c="dimmed">
                {t.counts(c)} · {t.margin(settings)}
              </Text>
            ) : null}
          </Stack>
        }
        exportName={t.exportName}
        searchPlaceholder={t.search}
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate(`${MT_PATHS.breakdown}?id=${r.id}`)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
          <Group gap="xs">
            <Select aria-label={t.status} placeholder={t.allStatuses} data={scheduleStatusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
            <Select aria-label={t.activeFilter} data={t.activeOptions} value={activeRaw || 'true'} onChange={(v) => params.setFilter('active', v ?? 'true')} allowDeselect={false} w={140} />
          </Group>
        }
        actions={
          <Group gap="xs">
            {orderAccess.crear ? (
              <Button leftSection={<IconTool size={16} />} disabled={!selected.length} loading={generating.loading} onClick={() => void generateOrder()}>
                {t.generate(selected.length)}
              </Button>
            ) : null}
            {access.crear ? (
              <Button variant="light" leftSection={<IconCalendarPlus size={16} />} onClick={() => setDialog('schedule')}>
                {t.schedule}
              </Button>
            ) : null}
            {access.editar && settings ? (
              <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setDialog('margin')}>
                {t.editMargin}
              </Button>
            ) : null}
          </Group>
        }
      />
      {dialog === 'margin' && settings ? (
        <MarginDialog
          current={settings}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void Promise.all([counts.refetch(), list.refetch()]);
          }}
        />
      ) : null}
      {edit.value && access.editar ? (
        <ScheduleEditDialog
          id={edit.value}
          rows={list.rows}
          onClose={(saved) => {
            edit.close();
            if (saved) void Promise.all([counts.refetch(), list.refetch()]);
          }}
        />
      ) : null}
      {dialog === 'schedule' ? (
        <ScheduleDialog
          onClose={(saved) => {
            setDialog(null);
            if (saved) void Promise.all([counts.refetch(), list.refetch()]);
          }}
        />
      ) : null}
    </>
  );
}
