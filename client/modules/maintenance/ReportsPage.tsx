// Gestión de reportes: failure reports from drivers (captured here) and from
// Seguridad inspections. Triage sets priority and the responsible employee;
// "Pasar a orden" links it to an open order or opens a new one (it becomes
// en orden, and atendido when that order closes); or it is discarded with a
// reason.
import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Menu, MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  MaintenanceFormOptionsDocument,
  MaintenanceOrderListDocument,
  MaintenanceReportCreateDocument,
  MaintenanceReportDiscardDocument,
  MaintenanceReportListDocument,
  MaintenanceReportToOrderDocument,
  MaintenanceReportTriageDocument,
  type MaintenanceReportFieldsFragment,
  type MaintenanceReportPriority,
  type MaintenanceReportStatus,
} from '../../../generated/modules/maintenance/graphql';
import { useScreenAccess } from '../../components/access';
import { DateField } from '../../components/DateField';
import { todayIso } from '../../components/dates';
import { FormDialog } from '../../components/EditDialog';
import { EmployeeSelect } from '../../components/EmployeeSelect';
import { formatDate } from '../../components/format';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../components/DateRangeFilter';
import { notifySuccess } from '../../components/notify';
import { NumberField } from '../../components/NumberField';
import { ReasonDialog } from '../../components/ReasonDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { useFormSave } from '../../components/useFormSave';
import { useServerList } from '../../components/useServerList';
import { VehicleSelect } from '../../components/VehicleSelect';
import { MT_MODULE, MT_SCREENS, orderPath, priorityOptions, REPORT_BADGES, REPORT_PRIORITY_LABELS, reportStatusOptions, texts } from './texts';

type Report = MaintenanceReportFieldsFragment;
const t = texts.reports;

type NewValues = { vehicleId: string; location: string; title: string; description: string; reporterEmployeeId: string };

function NewReportDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const [create] = useMutation(MaintenanceReportCreateDocument);
  const form = useForm<NewValues>({ initialValues: { vehicleId: '', location: '', title: '', description: '', reporterEmployeeId: '' }, validate: { title: (v) => (v.trim() ? null : texts.required) } });
  const { save, saving, error } = useFormSave<NewValues>({ form, fields: ['vehicleId', 'location', 'title', 'description', 'reporterEmployeeId'], onSaved: () => onClose(true) });
  return (
    <FormDialog
      title={t.newTitle}
      opened
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      onSubmit={() =>
        save(async (v) => {
          await create({ variables: { input: { ...v, vehicleId: v.vehicleId || null, reporterEmployeeId: v.reporterEmployeeId || null } } });
          return t.created;
        })
      }
    >
      <Stack gap="md">
        <TextInput label={t.title} required maxLength={200} data-autofocus {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <VehicleSelect label={t.vehicle} clearable value={form.values.vehicleId} error={form.errors.vehicleId as string | undefined} onChange={(id) => form.setFieldValue('vehicleId', id)} />
          <TextInput label={t.location} maxLength={200} {...form.getInputProps('location')} />
        </SimpleGrid>
        <EmployeeSelect label={t.reporter} clearable value={form.values.reporterEmployeeId} error={form.errors.reporterEmployeeId as string | undefined} onChange={(id) => form.setFieldValue('reporterEmployeeId', id)} />
        <Textarea label={t.details} autosize minRows={2} maxLength={2000} {...form.getInputProps('description')} />
      </Stack>
    </FormDialog>
  );
}

function TriageDialog({ report, onClose }: { report: Report; onClose: (saved: boolean) => void }) {
  const [triage] = useMutation(MaintenanceReportTriageDocument);
  const form = useForm<{ priority: string; assignedEmployeeId: string }>({
    initialValues: { priority: report.priority ?? 'media', assignedEmployeeId: report.assignedEmployeeId ?? '' },
    validate: { assignedEmployeeId: (v) => (v ? null : texts.required) },
  });
  const { save, saving, error } = useFormSave({ form, fields: ['priority', 'assignedEmployeeId'], onSaved: () => onClose(true) });
  return (
    <FormDialog
      title={t.triageTitle(report.folio)}
      opened
      size="md"
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      onSubmit={() =>
        save(async (v) => {
          await triage({ variables: { id: report.id, version: report.version, input: { priority: v.priority as MaintenanceReportPriority, assignedEmployeeId: v.assignedEmployeeId } } });
          return t.triaged;
        })
      }
    >
      <Select label={t.priority} required allowDeselect={false} data={priorityOptions} {...form.getInputProps('priority')} />
      <EmployeeSelect
        label={t.assigned}
        required
        value={form.values.assignedEmployeeId}
        known={report.assignedEmployeeId && report.assignedName ? { id: report.assignedEmployeeId, fullName: report.assignedName } : null}
        error={form.errors.assignedEmployeeId as string | undefined}
        onChange={(id) => form.setFieldValue('assignedEmployeeId', id)}
      />
    </FormDialog>
  );
}

type OrderValues = { orderId: string; vehicleId: string; serviceIds: string[]; openedOn: string; odometerIn: string };

function ToOrderDialog({ report, onClose }: { report: Report; onClose: (saved: boolean) => void }) {
  const [link] = useMutation(MaintenanceReportToOrderDocument);
  const options = useQuery(MaintenanceFormOptionsDocument);
  const open = useQuery(MaintenanceOrderListDocument, { variables: { list: { pageSize: 200, sortBy: 'folio', sortDirection: 'DESC' }, filter: report.vehicleId ? { vehicleId: report.vehicleId } : {} } });
  const form = useForm<OrderValues>({ initialValues: { orderId: '', vehicleId: report.vehicleId ?? '', serviceIds: [], openedOn: todayIso(), odometerIn: '' } });
  const { save, saving, error } = useFormSave<OrderValues>({
    form,
    fields: ['orderId', 'newOrder.vehicleId', 'newOrder.serviceIds', 'newOrder.openedOn', 'newOrder.odometerIn'],
    onSaved: () => onClose(true),
  });
  const orders = (open.data?.maintenanceOrders.items ?? []).filter((o) => o.status === 'abierta' || o.status === 'en_proceso').map((o) => ({ value: o.id, label: `${o.folio} · ${o.vehicleNumber}` }));
  const e = form.errors;
  return (
    <FormDialog
      title={t.toOrderTitle(report.folio)}
      opened
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      onSubmit={() =>
        save(async (v) => {
          await link({
            variables: v.orderId
              ? { id: report.id, version: report.version, orderId: v.orderId }
              : { id: report.id, version: report.version, newOrder: { vehicleId: v.vehicleId, serviceIds: v.serviceIds, openedOn: v.openedOn, odometerIn: Number(v.odometerIn || -1) } },
          });
          return t.linked;
        })
      }
    >
      <Stack gap="md">
        <Select label={t.existingOrder} clearable data={orders} {...form.getInputProps('orderId')} />
        <Text size="sm" c="dimmed">
          {t.orNew}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <VehicleSelect
            label={t.vehicle}
            disabled={!!form.values.orderId}
            value={form.values.vehicleId}
            error={e['newOrder.vehicleId'] as string | undefined}
            onChange={(id, vehicle) => {
              form.setFieldValue('vehicleId', id);
              if (vehicle?.odometerKm != null) form.setFieldValue('odometerIn', String(vehicle.odometerKm));
            }}
          />
          <MultiSelect label={t.service} disabled={!!form.values.orderId} data={(options.data?.maintenanceFormOptions.services ?? []).map((s) => ({ value: s.id, label: s.name }))} error={e['newOrder.serviceIds'] as string | undefined} value={form.values.serviceIds} onChange={(v) => form.setFieldValue('serviceIds', v)} />
          <DateField label={texts.orders.fields.openedOn} disabled={!!form.values.orderId} max={todayIso()} error={e['newOrder.openedOn'] as string | undefined} value={form.values.openedOn} onChange={(v) => form.setFieldValue('openedOn', v)} />
          <NumberField label={texts.orders.fields.odometerIn} disabled={!!form.values.orderId} precision={0} min={0} error={e['newOrder.odometerIn'] as string | undefined} value={form.values.odometerIn} onChange={(v) => form.setFieldValue('odometerIn', v)} />
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}

function DiscardDialog({ report, onClose }: { report: Report; onClose: (saved: boolean) => void }) {
  const [discard] = useMutation(MaintenanceReportDiscardDocument);
  return (
    <ReasonDialog
      opened
      title={t.discardTitle(report.folio)}
      confirmLabel={t.discard}
      reasonLabel={t.reason}
      onClose={onClose}
      onConfirm={async (reason) => {
        await discard({ variables: { id: report.id, version: report.version, reason } });
        notifySuccess(t.discarded);
      }}
    />
  );
}

export function ReportsPage() {
  const access = useScreenAccess(MT_MODULE, MT_SCREENS.reports);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', ...dateRangeDefaults() } });
  const status = params.filters.status as MaintenanceReportStatus | '';
  const { from, to } = params.filters;
  const variables = useMemo(() => ({ filter: { ...(status ? { status } : {}), ...dateRangeFilter({ from, to }) } }), [status, from, to]);
  const list = useServerList(MaintenanceReportListDocument, params, variables, (d) => d.maintenanceFailureReports, { entity: 'mt_failure_report' });
  const [dialog, setDialog] = useState<{ kind: 'new' | 'triage' | 'order' | 'discard'; report?: Report } | null>(null);
  const close = (saved: boolean) => {
    setDialog(null);
    if (saved) void list.refetch();
  };
  const columns: ListColumn<Report>[] = [
    { key: 'folio', header: t.folio, sortable: true, width: 110 },
    { key: 'createdAt', header: 'Fecha', format: 'datetime', sortable: true, render: (r) => formatDate(r.createdAt) },
    { key: 'source', header: t.source, render: (r) => `${t.sources[r.source] ?? r.source}${r.sourceReference ? ` · ${r.sourceReference}` : ''}`, exportValue: (r) => t.sources[r.source] ?? r.source },
    { key: 'title', header: t.title },
    { key: 'where', header: t.where, render: (r) => [r.vehicleNumber, r.location].filter(Boolean).join(' · '), exportValue: (r) => [r.vehicleNumber, r.location].filter(Boolean).join(' ') },
    { key: 'priority', header: t.priority, sortable: true, render: (r) => (r.priority ? REPORT_PRIORITY_LABELS[r.priority] : '—'), exportValue: (r) => (r.priority ? REPORT_PRIORITY_LABELS[r.priority] : '') },
    { key: 'assignedName', header: t.assigned, render: (r) => r.assignedName ?? '—' },
    {
      key: 'order',
      header: t.order,
      render: (r) =>
        r.orderId ? (
          <Anchor component={Link} to={orderPath(r.orderId)}>
            {r.orderFolio}
          </Anchor>
        ) : r.discardReason ? (
          r.discardReason
        ) : null,
      exportValue: (r) => r.orderFolio ?? r.discardReason,
    },
    { key: 'status', header: t.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={REPORT_BADGES} />, exportValue: (r) => REPORT_BADGES[r.status].label },
    {
      key: 'actions',
      header: '',
      exportable: false,
      render: (r) =>
        access.editar && (r.status === 'nuevo' || r.status === 'asignado') ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} />}>
                {t.actions}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setDialog({ kind: 'triage', report: r })}>{t.triage}</Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'order', report: r })}>{t.toOrder}</Menu.Item>
              <Menu.Item color="red" onClick={() => setDialog({ kind: 'discard', report: r })}>
                {t.discard}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage
        description={t.description}
        exportName={t.exportName}
        searchPlaceholder={t.search}
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
        <>
          <Select aria-label={t.status} placeholder={t.allStatuses} data={reportStatusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <DateRangeFilter params={params} label="Fecha del reporte" />
        </>
      }
        actions={
          access.crear ? (
            <Group>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'new' })}>
                {t.newButton}
              </Button>
            </Group>
          ) : undefined
        }
      />
      {dialog?.kind === 'new' ? <NewReportDialog onClose={close} /> : null}
      {dialog?.kind === 'triage' && dialog.report ? <TriageDialog report={dialog.report} onClose={close} /> : null}
      {dialog?.kind === 'order' && dialog.report ? <ToOrderDialog report={dialog.report} onClose={close} /> : null}
      {dialog?.kind === 'discard' && dialog.report ? <DiscardDialog report={dialog.report} onClose={close} /> : null}
    </>
  );
}
