// Órdenes de mantenimiento: the list, and the order's form on the same route
// (`?id=N` opens one, `?id=nueva` a new one). The form opens the order (the
// odometer in goes to the vehicle's log, the vehicle goes en taller), edits
// mechanic / workshop / labour, asks Almacén for parts (a requisition with the
// order as origin, its delivery status shown here), and starts, closes or
// cancels it. The costs are the server's: parts at the exit movements'
// average cost, labour hours × rate and the external workshop.
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconCheck, IconPackage, IconPlayerPlay, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  MaintenanceFormOptionsDocument,
  MaintenanceOrderCancelDocument,
  MaintenanceOrderCloseDocument,
  MaintenanceOrderCreateDocument,
  MaintenanceOrderDetailDocument,
  MaintenanceOrderListDocument,
  MaintenanceOrderRequestPartsDocument,
  MaintenanceOrderStartDocument,
  MaintenanceOrderUpdateDocument,
  MaintenanceServiceListDocument,
  type MaintenanceOrderDetailQuery,
  type MaintenanceOrderRowFragment,
  type MaintenanceOrderStatus,
} from '../../../generated/modules/maintenance/graphql';
import { useScreenAccess } from '../../components/access';
import { filledLines, requiredInLine } from '../../components/blankLines';
import { DateField } from '../../components/DateField';
import { idParam, todayIso } from '../../components/dates';
import { FormDialog } from '../../components/EditDialog';
import { EmployeeSelect } from '../../components/EmployeeSelect';
import { FormPage } from '../../components/FormPage';
import { formatDate, formatMoney, formatNumber } from '../../components/format';
import { readGraphQLError } from '../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../components/DateRangeFilter';
import { notifySuccess } from '../../components/notify';
import { NumberField } from '../../components/NumberField';
import { onLinesKeyDown } from '../../components/lineKeys';
import { ReasonDialog } from '../../components/ReasonDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { useFormSave } from '../../components/useFormSave';
import { useServerList } from '../../components/useServerList';
import { UiDecimal, type UiDecimalValue } from '../../components/decimal';
import { VehicleSelect } from '../../components/VehicleSelect';
import { PartSelect } from './PartSelect';
import { MT_MODULE, MT_PATHS, MT_SCREENS, ORDER_BADGES, orderPath, orderStatusOptions, PAYMENT_BADGES, REQUISITION_BADGES, texts } from './texts';

const t = texts.orders;
const f = t.fields;
const NEW = 'nueva';

const COLUMNS: ListColumn<MaintenanceOrderRowFragment>[] = [
  { key: 'folio', header: t.folio, sortable: true, width: 110 },
  { key: 'vehicle', header: t.vehicle, sortable: true, render: (r) => `${r.vehicleNumber} · ${r.vehicleName}`, exportValue: (r) => `${r.vehicleNumber} ${r.vehicleName}` },
  { key: 'openedOn', header: t.openedOn, format: 'date', sortable: true, render: (r) => formatDate(r.openedOn), exportValue: (r) => r.openedOn },
  { key: 'mechanic', header: t.mechanic, render: (r) => r.supplierName ?? r.mechanicName ?? '—', exportValue: (r) => r.supplierName ?? r.mechanicName ?? '' },
  { key: 'total', header: t.total, format: 'money', align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  { key: 'status', header: t.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={ORDER_BADGES} />, exportValue: (r) => ORDER_BADGES[r.status].label },
];

function OrderList() {
  const navigate = useNavigate();
  const access = useScreenAccess(MT_MODULE, MT_SCREENS.orders);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', ...dateRangeDefaults() } });
  const status = params.filters.status as MaintenanceOrderStatus | '';
  const { from, to } = params.filters;
  const variables = useMemo(() => ({ filter: { ...(status ? { status } : {}), ...dateRangeFilter({ from, to }) } }), [status, from, to]);
  const list = useServerList(MaintenanceOrderListDocument, params, variables, (d) => d.maintenanceOrders, { entity: 'mt_order' });
  return (
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
      onRowClick={(r) => void navigate(orderPath(r.id))}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      filters={
        <>
          <Select aria-label={t.status} placeholder={t.allStatuses} data={orderStatusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
          <DateRangeFilter params={params} label="Fecha de apertura" />
        </>
      }
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(`${MT_PATHS.orders}?id=${NEW}`)}>
            {t.newButton}
          </Button>
        ) : undefined
      }
    />
  );
}

type Order = NonNullable<MaintenanceOrderDetailQuery['maintenanceOrder']>;

type NewValues = { vehicleId: string; serviceIds: string[]; openedOn: string; odometerIn: string; mechanicEmployeeId: string; supplierId: string; notes: string };

function NewOrder() {
  const navigate = useNavigate();
  const options = useQuery(MaintenanceFormOptionsDocument);
  const [create] = useMutation(MaintenanceOrderCreateDocument);
  const form = useForm<NewValues>({
    mode: 'controlled',
    initialValues: { vehicleId: '', serviceIds: [], openedOn: todayIso(), odometerIn: '', mechanicEmployeeId: '', supplierId: '', notes: '' },
    validate: { vehicleId: (v) => (v ? null : texts.required), serviceIds: (v) => (v.length ? null : texts.required), odometerIn: (v) => (v ? null : texts.required) },
  });
  const { save, saving, error } = useFormSave<NewValues>({ form, fields: ['vehicleId', 'serviceIds', 'openedOn', 'odometerIn', 'mechanicEmployeeId', 'supplierId', 'notes'], onSaved: () => undefined });
  const o = options.data?.maintenanceFormOptions;
  return (
    <FormPage
      title={t.newTitle}
      onCancel={() => void navigate(MT_PATHS.orders)}
      dirty={form.isDirty()}
      saving={saving}
      error={error}
      onSubmit={() =>
        save(async (v) => {
          const r = await create({
            variables: {
              input: { vehicleId: v.vehicleId, serviceIds: v.serviceIds, openedOn: v.openedOn, odometerIn: Number(v.odometerIn), mechanicEmployeeId: v.mechanicEmployeeId || null, supplierId: v.supplierId || null, notes: v.notes },
            },
          });
          const created = r.data?.maintenanceOrderCreate;
          if (created) void navigate(orderPath(created.id), { replace: true });
          return t.created(created?.folio ?? '');
        })
      }
    >
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <VehicleSelect
            label={f.vehicle}
            required
            includeInShop={false}
            value={form.values.vehicleId}
            error={form.errors.vehicleId as string | undefined}
            onChange={(id, vehicle) => {
              form.setFieldValue('vehicleId', id);
              if (vehicle?.odometerKm != null) form.setFieldValue('odometerIn', String(vehicle.odometerKm));
            }}
          />
          <MultiSelect label={f.services} required searchable data={(o?.services ?? []).map((s) => ({ value: s.id, label: s.name }))} {...form.getInputProps('serviceIds')} />
          <DateField label={f.openedOn} required max={todayIso()} {...form.getInputProps('openedOn')} />
          <NumberField label={f.odometerIn} precision={0} min={0} required description={t.odometerHint} {...form.getInputProps('odometerIn')} />
          <EmployeeSelect label={f.mechanic} clearable value={form.values.mechanicEmployeeId} error={form.errors.mechanicEmployeeId as string | undefined} onChange={(id) => form.setFieldValue('mechanicEmployeeId', id)} />
          <Select label={f.supplier} clearable searchable data={(o?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))} {...form.getInputProps('supplierId')} />
        </SimpleGrid>
        <Textarea mt="md" label={f.notes} autosize minRows={2} maxLength={2000} {...form.getInputProps('notes')} />
      </Paper>
    </FormPage>
  );
}

type PartLine = { articleId: string; quantity: string };
type PartValues = { warehouseId: string; neededDate: string; lines: PartLine[]; notes: string };

function RequestPartsDialog({ order, onClose }: { order: Order; onClose: (saved: boolean) => void }) {
  const options = useQuery(MaintenanceFormOptionsDocument);
  const [request] = useMutation(MaintenanceOrderRequestPartsDocument);
  const form = useForm<PartValues>({
    mode: 'controlled',
    initialValues: { warehouseId: '', neededDate: todayIso(), lines: [{ articleId: '', quantity: '' }], notes: '' },
    validate: { warehouseId: (v) => (v ? null : texts.required), lines: { articleId: requiredInLine<PartValues>(texts.required), quantity: requiredInLine<PartValues>(texts.required) } },
  });
  const { save, saving, error } = useFormSave<PartValues>({ form, fields: ['warehouseId', 'neededDate', 'lines', 'notes', ...form.values.lines.flatMap((_l, i) => [`lines.${i}.articleId`, `lines.${i}.quantity`])], onSaved: () => onClose(true) });
  // The parts the catalogue lists for the order's services, summed per article.
  const catalogue = useQuery(MaintenanceServiceListDocument, { variables: { list: { pageSize: 200 } } });
  const serviceParts = useMemo(() => {
    const ids = new Set(order.services.map((s) => s.serviceId));
    const byArticle = new Map<string, { id: string; sku: string; name: string; quantity: UiDecimalValue }>();
    for (const svc of catalogue.data?.maintenanceServices.items ?? []) {
      if (!ids.has(svc.id)) continue;
      for (const p of svc.parts) {
        const prev = byArticle.get(p.articleId);
        byArticle.set(p.articleId, { id: p.articleId, sku: p.sku, name: p.name, quantity: (prev?.quantity ?? new UiDecimal(0)).plus(p.quantity) });
      }
    }
    return [...byArticle.values()];
  }, [catalogue.data, order.services]);
  return (
    <FormDialog
      title={t.requestTitle}
      opened
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      submitLabel={t.requestParts}
      onSubmit={() =>
        save(async (v) => {
          const r = await request({ variables: { id: order.id, version: order.version, input: { warehouseId: v.warehouseId, neededDate: v.neededDate, notes: v.notes, lines: filledLines(v.lines) } } });
          const reqs = r.data?.maintenanceOrderRequestParts.requisitions ?? [];
          return t.requested(reqs[reqs.length - 1]?.folio ?? '');
        })
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.requestHelp}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t.warehouse} required data={(options.data?.maintenanceFormOptions.warehouses ?? []).map((w) => ({ value: w.id, label: w.name }))} {...form.getInputProps('warehouseId')} />
          <DateField label={t.neededDate} required min={todayIso()} {...form.getInputProps('neededDate')} />
        </SimpleGrid>
        <Stack gap="sm" onKeyDown={onLinesKeyDown(() => form.insertListItem('lines', { articleId: '', quantity: '' }))}>
          {form.values.lines.map((line, i) => (
            <Group key={i} align="flex-start" wrap="nowrap" data-line-row>
              <PartSelect label={i === 0 ? texts.catalog.article : undefined} known={serviceParts} value={line.articleId} error={form.errors[`lines.${i}.articleId`] as string | undefined} onChange={(id) => form.setFieldValue(`lines.${i}.articleId`, id)} />
              <NumberField label={i === 0 ? texts.catalog.quantity : undefined} aria-label={texts.catalog.quantity} precision={4} min={0} w={130} {...form.getInputProps(`lines.${i}.quantity`)} />
              <ActionIcon variant="subtle" color="red" mt={i === 0 ? 28 : 4} aria-label={texts.catalog.remove} disabled={form.values.lines.length === 1} onClick={() => form.removeListItem('lines', i)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Group>
          <Button variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('lines', { articleId: '', quantity: '' })}>
            {t.addLine}
          </Button>
          {serviceParts.length ? (
            <Button variant="subtle" onClick={() => form.setFieldValue('lines', serviceParts.map((p) => ({ articleId: p.id, quantity: p.quantity.toString() })))}>
              {t.fromServices}
            </Button>
          ) : null}
        </Group>
        <TextInput label={texts.orders.fields.notes} maxLength={1000} {...form.getInputProps('notes')} />
      </Stack>
    </FormDialog>
  );
}

type CloseValues = { closedOn: string; odometerOut: string };

function CloseDialog({ order, onClose }: { order: Order; onClose: (saved: boolean) => void }) {
  const [close] = useMutation(MaintenanceOrderCloseDocument);
  const form = useForm<CloseValues>({ initialValues: { closedOn: todayIso(), odometerOut: '' } });
  const { save, saving, error } = useFormSave<CloseValues>({ form, fields: ['closedOn', 'odometerOut'], onSaved: () => onClose(true) });
  return (
    <FormDialog
      title={t.closeTitle(order.folio)}
      opened
      size="md"
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      submitLabel={t.close}
      onSubmit={() =>
        save(async (v) => {
          await close({ variables: { id: order.id, version: order.version, closedOn: v.closedOn, odometerOut: v.odometerOut === '' ? null : Number(v.odometerOut) } });
          return t.closed(order.folio);
        })
      }
    >
      <Text size="sm">{t.closeHelp}</Text>
      <DateField label={t.closedOn} required min={order.openedOn} max={todayIso()} {...form.getInputProps('closedOn')} />
      <NumberField label={t.odometerOut} description={t.odometerOutHint(texts.km(order.odometerIn))} precision={0} min={0} {...form.getInputProps('odometerOut')} />
    </FormDialog>
  );
}

function CancelDialog({ order, onClose }: { order: Order; onClose: (saved: boolean) => void }) {
  const [cancel] = useMutation(MaintenanceOrderCancelDocument);
  return (
    <ReasonDialog
      opened
      title={t.cancelTitle(order.folio)}
      confirmLabel={t.cancel}
      reasonLabel={t.cancelReason}
      onClose={onClose}
      onConfirm={async (reason) => {
        await cancel({ variables: { id: order.id, version: order.version, reason } });
        notifySuccess(t.cancelled(order.folio));
      }}
    />
  );
}

function Requisitions({ order }: { order: Order }) {
  const c = t.reqCols;
  // Almacén's own screen only for those who may open it.
  const warehouse = useScreenAccess('Almacén', 'Requisiciones');
  if (!order.requisitions.length) {
    return (
      <Text size="sm" c="dimmed">
        {t.noRequisitions}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={t.requisitions}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.folio}</Table.Th>
            <Table.Th>{c.status}</Table.Th>
            <Table.Th>{c.article}</Table.Th>
            <Table.Th ta="right">{c.requested}</Table.Th>
            <Table.Th ta="right">{c.authorized}</Table.Th>
            <Table.Th ta="right">{c.delivered}</Table.Th>
            <Table.Th ta="right">{c.cost}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.requisitions.flatMap((r) =>
            r.lines.map((l, i) => (
              <Table.Tr key={`${r.id}:${l.articleId}`}>
                <Table.Td>{i === 0 ? warehouse.ver ? <Anchor component={Link} to={`${MT_PATHS.warehouseRequisition}?id=${r.id}`}>{r.folio}</Anchor> : r.folio : null}</Table.Td>
                <Table.Td>{i === 0 ? <StatusBadge status={r.status} labels={REQUISITION_BADGES} /> : null}</Table.Td>
                <Table.Td>
                  {l.sku} · {l.name}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(l.requestedQty, 2)}</Table.Td>
                <Table.Td ta="right">{l.authorizedQty === null || l.authorizedQty === undefined ? '—' : formatNumber(l.authorizedQty, 2)}</Table.Td>
                <Table.Td ta="right">{formatNumber(l.deliveredQty, 2)}</Table.Td>
                <Table.Td ta="right">{i === 0 ? formatMoney(r.deliveredCost) : null}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type EditValues = { mechanicEmployeeId: string; supplierId: string; labourHours: string; labourRate: string; externalCost: string; externalInvoice: string; notes: string };

function OrderEditor({ order, onReload }: { order: Order; onReload: () => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess(MT_MODULE, MT_SCREENS.orders);
  const options = useQuery(MaintenanceFormOptionsDocument);
  const [update] = useMutation(MaintenanceOrderUpdateDocument);
  const [start, starting] = useMutation(MaintenanceOrderStartDocument);
  const [dialog, setDialog] = useState<'parts' | 'close' | 'cancel' | null>(null);
  const live = order.status === 'abierta' || order.status === 'en_proceso';
  const editable = live && access.editar;
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: {
      mechanicEmployeeId: order.mechanicEmployeeId ?? '',
      supplierId: order.supplierId ?? '',
      labourHours: order.labourHours,
      labourRate: order.labourRate,
      externalCost: order.externalCost,
      externalInvoice: order.externalInvoice,
      notes: order.notes,
    },
  });
  const { save, saving, error } = useFormSave<EditValues>({ form, fields: Object.keys(form.values), readOnly: !editable, onSaved: onReload });
  const closeDialog = (saved: boolean) => {
    setDialog(null);
    if (saved) onReload();
  };
  return (
    <FormPage
      entity="mt_order"
      title={t.titleOf(order.folio, order.vehicleNumber)}
      headerActions={
        <Group gap="xs">
          <StatusBadge status={order.status} labels={ORDER_BADGES} />
          {live && access.editar ? (
            <Button variant="light" leftSection={<IconPackage size={16} />} onClick={() => setDialog('parts')}>
              {t.requestParts}
            </Button>
          ) : null}
          {order.status === 'abierta' && access.editar ? (
            <Button
              variant="light"
              leftSection={<IconPlayerPlay size={16} />}
              loading={starting.loading}
              onClick={() =>
                void start({ variables: { id: order.id, version: order.version } }).then(() => {
                  notifySuccess(t.started);
                  onReload();
                })
              }
            >
              {t.start}
            </Button>
          ) : null}
          {order.status === 'en_proceso' && access.autorizar ? (
            <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => setDialog('close')}>
              {t.close}
            </Button>
          ) : null}
          {live && access.eliminar ? (
            <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDialog('cancel')}>
              {t.cancel}
            </Button>
          ) : null}
        </Group>
      }
      onSubmit={() =>
        save(async (v) => {
          await update({ variables: { id: order.id, version: order.version, input: { ...v, mechanicEmployeeId: v.mechanicEmployeeId || null, supplierId: v.supplierId || null } } });
          return texts.saved;
        })
      }
      onCancel={() => void navigate(MT_PATHS.orders)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
    >
      <Stack gap="md">
        {order.cancelReason ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {t.cancelledBecause(order.cancelReason)}
          </Alert>
        ) : null}
        {order.reportFolios.length ? (
          <Alert color="blue" variant="light">
            {t.reports(order.reportFolios)}
          </Alert>
        ) : null}
        {order.paymentRequest ? (
          <Alert color={PAYMENT_BADGES[order.paymentRequest.status]?.color ?? 'gray'} variant="light">
            {t.payment(order.paymentRequest.folio, PAYMENT_BADGES[order.paymentRequest.status]?.label ?? order.paymentRequest.status)}
            {order.paymentRequest.rejectReason ? ` · ${t.paymentRejected(order.paymentRequest.rejectReason)}` : ''}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <TextInput label={f.vehicle} value={`${order.vehicleNumber} · ${order.vehicleName}`} readOnly variant="filled" />
            <TextInput label={f.openedOn} value={formatDate(order.openedOn)} readOnly variant="filled" />
            <TextInput label={f.odometerIn} value={texts.km(order.odometerIn)} readOnly variant="filled" />
            <EmployeeSelect
              label={f.mechanic}
              clearable
              disabled={!editable}
              value={form.values.mechanicEmployeeId}
              known={order.mechanicEmployeeId && order.mechanicName ? { id: order.mechanicEmployeeId, fullName: order.mechanicName } : null}
              onChange={(id) => form.setFieldValue('mechanicEmployeeId', id)}
            />
            <Select label={f.supplier} clearable searchable disabled={!editable} data={(options.data?.maintenanceFormOptions.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))} {...form.getInputProps('supplierId')} />
            <TextInput label={f.externalInvoice} maxLength={60} disabled={!editable} {...form.getInputProps('externalInvoice')} />
            <NumberField label={f.labourHours} precision={2} min={0} disabled={!editable} {...form.getInputProps('labourHours')} />
            <NumberField label={f.labourRate} precision={2} money min={0} disabled={!editable} {...form.getInputProps('labourRate')} />
            <NumberField label={f.externalCost} precision={2} money min={0} disabled={!editable} {...form.getInputProps('externalCost')} />
          </SimpleGrid>
          <Textarea mt="md" label={f.notes} autosize minRows={2} maxLength={2000} disabled={!editable} {...form.getInputProps('notes')} />
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="xs">
              {t.servicesTitle}
            </Text>
            <Stack gap={4}>
              {order.services.map((s) => (
                <Text key={s.serviceId} size="sm">
                  {s.name}
                </Text>
              ))}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="xs">
              {t.costs}
            </Text>
            <Table aria-label={t.costs}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{t.parts}</Table.Td>
                  <Table.Td ta="right">{formatMoney(order.partsCost)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>{t.labour}</Table.Td>
                  <Table.Td ta="right">{formatMoney(order.labourCost)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>{t.external}</Table.Td>
                  <Table.Td ta="right">{formatMoney(order.externalCost)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td fw={700}>{t.total}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatMoney(order.total)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Paper>
        </SimpleGrid>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t.requisitions}
          </Text>
          <Requisitions order={order} />
        </Paper>
      </Stack>
      {dialog === 'parts' ? <RequestPartsDialog order={order} onClose={closeDialog} /> : null}
      {dialog === 'close' ? <CloseDialog order={order} onClose={closeDialog} /> : null}
      {dialog === 'cancel' ? <CancelDialog order={order} onClose={closeDialog} /> : null}
    </FormPage>
  );
}

function OrderForm({ rawId }: { rawId: string }) {
  const id = idParam(rawId);
  const detail = useQuery(MaintenanceOrderDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const order = detail.data?.maintenanceOrder ?? null;
  const loadError = readGraphQLError(detail.error);
  if (id === null || (detail.data && !order) || loadError) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={loadError?.message ?? t.notFound}>
        <Link to={MT_PATHS.orders}>{t.back}</Link>
      </Alert>
    );
  }
  if (!order) {
    return (
      <FormPage onSubmit={async () => undefined} onCancel={() => undefined} dirty={false} saving={false} loading>
        {null}
      </FormPage>
    );
  }
  return <OrderEditor key={`${order.id}:${order.version}`} order={order} onReload={() => void detail.refetch()} />;
}

export function OrdersPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  if (rawId === NEW) return <NewOrder />;
  if (rawId !== null) return <OrderForm rawId={rawId} />;
  return <OrderList />;
}
