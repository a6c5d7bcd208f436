// Solicitudes de pago de mantenimiento: requests from Mantenimiento, from
// Almacén's Solicitud PDM, or captured here. Approving (autorizar) creates the
// expense linked to the request; rejecting records the reason the origin sees.
// Both ask first, naming the request; its Historial is in the dialog.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  ExpenseListDocument,
  PaymentRequestApproveDocument,
  PaymentRequestCreateDocument,
  PaymentRequestDetailDocument,
  PaymentRequestListDocument,
  PaymentRequestRejectDocument,
  SupplierOptionsDocument,
  type PaymentRequestFieldsFragment,
  type PaymentRequestFilter,
  type PaymentRequestOrigin,
  type PaymentRequestStatus,
} from '../../../../generated/modules/shopping/graphql';
import { computeExpenseTotals } from '../../../../schema/shopping/fiscal';
import { CANCEL_COLOR } from '../../../components/confirm';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatDateTime, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { IVA_OPTIONS, REQUEST_ORIGIN, REQUEST_STATUS, SHOPPING_PATHS, withId } from '../texts';
import { useScreenAccess } from '../access';
import { idParam, todayIso } from '../../../components/dates';
import { useDialogParam } from '../../../components/dialogParam';
import { FormDialog } from '../../../components/EditDialog';
import { DateField } from '../../../components/DateField';
import { useFormSave } from '../../../components/useFormSave';
import { InfoField } from '../../../components/InfoField';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { confirmIrreversibleAsync, irreversibleQuestion } from '../../../components/recordActions';

const COLUMNS: ListColumn<PaymentRequestFieldsFragment>[] = [
  { key: 'folio', header: 'Folio', sortable: true, width: 80 },
  { key: 'date', header: 'Fecha', format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'origin', header: 'Origen', sortable: true, render: (r) => `${REQUEST_ORIGIN[r.origin] ?? r.origin}${r.originFolio ? ` ${r.originFolio}` : ''}`, exportValue: (r) => `${REQUEST_ORIGIN[r.origin] ?? r.origin} ${r.originFolio}`.trim() },
  { key: 'description', header: 'Descripción' },
  { key: 'supplier', header: 'Proveedor', sortable: true, render: (r) => r.supplierName ?? '—', exportValue: (r) => r.supplierName ?? '' },
  { key: 'total', header: 'Total', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.total), exportValue: (r) => Number(r.total) },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={REQUEST_STATUS} />, exportValue: (r) => REQUEST_STATUS[r.status]?.label ?? r.status },
];

function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const [create] = useMutation(PaymentRequestCreateDocument);
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: true } });
  const form = useForm({ mode: 'controlled', initialValues: { supplierId: '', date: todayIso(), description: '', category: 'Mantenimiento', subtotal: '', ivaRate: '0.16', originFolio: '' } });
  const v = form.getValues();
  const total = computeExpenseTotals({ subtotal: /^\d+(\.\d+)?$/.test(v.subtotal) ? v.subtotal : '0', ivaRate: v.ivaRate, isrRetentionRate: '0', ivaRetentionRate: '0' }).total;
  const FIELDS = ['supplierId', 'date', 'description', 'category', 'subtotal', 'ivaRate', 'originFolio'];
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onClose });
  const save = () =>
    runSave(async (values) => {
      await create({ variables: { input: { ...values, supplierId: values.supplierId || null } }, refetchQueries: [PaymentRequestListDocument] });
      return 'Solicitud de pago registrada.';
    });
  return (
    <FormDialog title="Nueva solicitud de pago" opened onClose={onClose} onSubmit={save} saving={saving} error={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select label="Proveedor" placeholder="Opcional: se elige al aprobar" searchable clearable data={(suppliers.data?.supplierOptions ?? []).map((s) => ({ value: s.id, label: s.name }))} {...form.getInputProps('supplierId')} />
        <DateField label="Fecha" required {...form.getInputProps('date')} />
        <TextInput label="Categoría" required maxLength={80} {...form.getInputProps('category')} />
        <TextInput label="Documento de origen" maxLength={40} placeholder="Orden, cotización…" {...form.getInputProps('originFolio')} />
        <NumberField precision={2} label="Subtotal" money min={0} required {...form.getInputProps('subtotal')} />
        <Select label="IVA" allowDeselect={false} data={IVA_OPTIONS} {...form.getInputProps('ivaRate')} />
      </SimpleGrid>
      <Textarea label="Descripción" required maxLength={500} autosize minRows={2} {...form.getInputProps('description')} />
      <Text fw={600} ta="right">
        Total: {formatMoney(total)}
      </Text>
    </FormDialog>
  );
}

function RequestDialog({ id, canAuthorize, onClose }: { id: string; canAuthorize: boolean; onClose: () => void }) {
  const { data, error, refetch } = useQuery(PaymentRequestDetailDocument, { variables: { id }, fetchPolicy: 'network-only' });
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: true } });
  const [approve] = useMutation(PaymentRequestApproveDocument);
  const [reject] = useMutation(PaymentRequestRejectDocument);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const r = data?.paymentRequest;
  const record = r ? { noun: 'la solicitud de pago', reference: String(r.folio) } : undefined;
  const form = useForm({ mode: 'controlled', initialValues: { supplierId: '', date: todayIso(), invoiceSerie: '', invoiceFolio: '', cfdiUuid: '' } });
  const loadError = readGraphQLError(error);
  const FIELDS = ['supplierId', 'date', 'invoiceSerie', 'invoiceFolio', 'cfdiUuid'];
  // Approving creates the gasto: asked first, naming the request, once the form is valid.
  const confirm = () => confirmIrreversibleAsync({ label: 'Aprobar y crear gasto', record: record ?? null });
  const { save: runSave, saving, error: saveError } = useFormSave({ form, fields: FIELDS, onSaved: onClose, confirm });
  const submit = async () => {
    if (!r || !approving) return;
    await runSave(async (v) => {
      const res = await approve({
        variables: { id: r.id, version: r.version, input: { supplierId: v.supplierId || r.supplierId || null, date: v.date, invoiceSerie: v.invoiceSerie, invoiceFolio: v.invoiceFolio, cfdiUuid: v.cfdiUuid || null } },
        refetchQueries: [PaymentRequestListDocument, ExpenseListDocument],
      });
      return `Solicitud ${r.folio} aprobada: se creó el gasto ${res.data?.paymentRequestApprove.expenseFolio ?? ''}.`;
    });
  };
  return (
    <FormDialog
      title={r ? `Solicitud ${r.folio}` : 'Solicitud de pago'}
      opened
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      error={saveError}
      onReload={() => void refetch()}
      readOnly={!approving}
      record={record}
      history={r ? { entity: 'payment_request', id: r.id } : undefined}
      submitLabel="Aprobar y crear gasto"
      extraActions={
        r && canAuthorize && r.status === 'pendiente' && !approving ? (
          <>
            <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => setApproving(true)}>
              Aprobar
            </Button>
            <Button variant="light" color={CANCEL_COLOR} leftSection={<IconX size={16} />} onClick={() => setRejecting(true)}>
              Rechazar
            </Button>
          </>
        ) : null
      }
    >
      {loadError ? <Alert color="red">{loadError.message}</Alert> : null}
      {r ? (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{r.description}</Text>
            <StatusBadge status={r.status} labels={REQUEST_STATUS} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <InfoField label="Origen" value={`${REQUEST_ORIGIN[r.origin] ?? r.origin} ${r.originFolio}`.trim()} />
            <InfoField label="Fecha" value={formatDate(r.date)} />
            <InfoField label="Categoría" value={r.category} />
            <InfoField label="Proveedor" value={r.supplierName ?? 'Por definir'} />
            <InfoField label="Subtotal" value={formatMoney(r.subtotal)} />
            <InfoField label="Total" value={formatMoney(r.total)} />
            <InfoField label="Solicitó" value={r.requestedByName ?? '—'} />
            {r.reviewedAt ? <InfoField label="Revisó" value={`${r.reviewedByName ?? ''} · ${formatDateTime(r.reviewedAt)}`} /> : null}
            {r.expenseId ? (
              <InfoField
                label="Gasto"
                value={
                  <Anchor component={Link} to={withId(SHOPPING_PATHS.expenseForm, r.expenseId)} size="sm">
                    Gasto {r.expenseFolio}
                  </Anchor>
                }
              />
            ) : null}
          </SimpleGrid>
          {r.rejectReason ? (
            <Alert color="red" variant="light" title="Motivo del rechazo">
              {r.rejectReason}
            </Alert>
          ) : null}
          {approving ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select label="Proveedor" required={!r.supplierId} placeholder={r.supplierName ?? 'Elige el proveedor'} searchable data={(suppliers.data?.supplierOptions ?? []).map((s) => ({ value: s.id, label: s.name }))} {...form.getInputProps('supplierId')} />
              <DateField label="Fecha del gasto" required {...form.getInputProps('date')} />
              <TextInput label="Serie de la factura" maxLength={25} {...form.getInputProps('invoiceSerie')} />
              <TextInput label="Folio de la factura" maxLength={40} {...form.getInputProps('invoiceFolio')} />
              <TextInput label="UUID del CFDI" maxLength={36} {...form.getInputProps('cfdiUuid')} />
            </SimpleGrid>
          ) : null}
        </Stack>
      ) : null}
      {r ? (
        <ReasonDialog
          opened={rejecting}
          title={`Rechazar la solicitud ${r.folio}`}
          message={irreversibleQuestion('rechazar', record ?? null)}
          confirmLabel="Rechazar solicitud"
          reasonLabel="Motivo del rechazo"
          onClose={(done) => {
            setRejecting(false);
            if (done) onClose();
          }}
          onConfirm={async (reason) => {
            await reject({ variables: { id: r.id, version: r.version, reason }, refetchQueries: [PaymentRequestListDocument] });
            notifySuccess(`Solicitud ${r.folio} rechazada.`);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

export function ApplicationsPage() {
  const client = useApolloClient();
  const access = useScreenAccess('Solicitudes de pago');
  const record = useDialogParam('id', { replace: false });
  const selected = idParam(record.value);
  const [creating, setCreating] = useState(false);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: 'pendiente', origin: '', ...dateRangeDefaults() } });
  const { status, origin, from, to } = params.filters;
  const filter = useMemo<PaymentRequestFilter>(() => ({ ...(status ? { status: status as PaymentRequestStatus } : {}), ...(origin ? { origin: origin as PaymentRequestOrigin } : {}), ...dateRangeFilter({ from, to }) }), [status, origin, from, to]);
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(PaymentRequestListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.paymentRequests;
  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: PaymentRequestListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.paymentRequests ?? { items: [], total: 0 };
    });
  return (
    <>
      <ListPage
        description="Solicitudes de pago de Mantenimiento y de Almacén (Solicitud PDM). Al aprobarlas se crea el gasto."
        exportName="Solicitudes de pago"
        searchPlaceholder="Buscar por descripción, documento, proveedor o folio"
        columns={COLUMNS}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => record.open(r.id)}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nueva solicitud
            </Button>
          ) : undefined
        }
        filters={
          <>
            <Select aria-label="Estado" placeholder="Todos los estados" data={Object.entries(REQUEST_STATUS).map(([value, s]) => ({ value, label: s.label }))} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={170} />
            <Select aria-label="Origen" placeholder="Todos los orígenes" data={Object.entries(REQUEST_ORIGIN).map(([value, label]) => ({ value, label }))} value={origin || null} onChange={(v) => params.setFilter('origin', v ?? '')} clearable w={230} />
            <DateRangeFilter params={params} label="Fecha de la solicitud" />
          </>
        }
      />
      {creating ? <NewRequestDialog onClose={() => setCreating(false)} /> : null}
      {selected ? <RequestDialog key={selected} id={selected} canAuthorize={access.autorizar} onClose={() => record.close()} /> : null}
    </>
  );
}
