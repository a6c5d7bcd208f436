// Entrega de Órdenes: the deliveries made, and "Registrar entrega" for a
// terminada order (`?orderId=N` opens it preselected, from the order form):
// date, who received it, notes and evidence files; the order becomes
// entregada in the same transaction.
import { useState } from 'react';
import { Button, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OrderDeliveryCreateDocument, OrderDeliveryListDocument, ServiceOrderOptionListDocument, type OrderDeliveryFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel } from '../../../../schema/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { formatDate } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { SALES_RANGE_KEYS } from '../components/dateRange';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { FormDialog } from '../../../components/EditDialog';
import { DateField } from '../../../components/DateField';
import { useScreenAccess } from '../access';

import { errorForForm } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';
import { AttachmentLinks, PendingUploads, UPLOAD_IN_PROGRESS } from '../../../components/Attachments';
import type { UploadedFile } from '../../../components/attachments';
import { useServerList } from '../../../components/useServerList';
import { idParam, recordPath, SALES_PATHS } from '../paths';
import { texts } from '../texts';
import { todayIso } from '../../../components/dates';

const t = texts.deliveries;
type Values = { orderId: string; date: string; receivedBy: string; notes: string; files: UploadedFile[] };
const FIELDS = ['orderId', 'date', 'receivedBy', 'notes'];

function DeliveryDialog({ opened, orderId, onClose, onSaved }: { opened: boolean; orderId: string | null; onClose: () => void; onSaved: () => void }) {
  const [create] = useMutation(OrderDeliveryCreateDocument);
  const [uploading, setUploading] = useState(false);
  const orders = useQuery(ServiceOrderOptionListDocument, { variables: { status: ['terminada'] }, skip: !opened, fetchPolicy: 'network-only' });
  const form = useForm<Values>({ mode: 'controlled', initialValues: { orderId: orderId ?? '', date: todayIso(), receivedBy: '', notes: '', files: [] } });
  const v = form.values;
  const options = (orders.data?.serviceOrderOptions ?? []).map((o) => ({ value: o.id, label: `${folioLabel('order', o.folio)} · ${o.description} (${o.clientName})` }));

  const { save, saving, error } = useFormSave<Values>({
    form,
    fields: FIELDS,
    onSaved: () => {
      form.reset();
      onSaved();
      onClose();
    },
    validate: (values) => {
      const required: Record<string, string> = {};
      if (!values.orderId) required.orderId = 'Este campo es obligatorio.';
      if (!values.receivedBy.trim()) required.receivedBy = 'Este campo es obligatorio.';
      if (Object.keys(required).length) return required;
      return uploading ? { files: UPLOAD_IN_PROGRESS } : {};
    },
    // fileIds.<i> names the i-th attached file: one message under the uploads, each with its file's name.
    mapError: (appError): Record<string, string> => {
      const fileErrors = Object.entries(appError.fields).filter(([path]) => path.startsWith('fileIds')).map(([path, message]) => `${v.files[Number(path.split('.')[1])]?.fileName ?? ''}: ${message}`.replace(/^: /, ''));
      return fileErrors.length ? { files: fileErrors.join(' ') } : {};
    },
    errorForForm: (appError, placed) => errorForForm(appError, [...placed, 'fileIds']),
  });
  const submit = () =>
    save(async (values) => {
      await create({ variables: { input: { orderId: values.orderId, date: values.date, receivedBy: values.receivedBy, notes: values.notes, fileIds: values.files.map((f) => f.id) } } });
      return t.created;
    });

  return (
    <FormDialog title={t.newDelivery} opened={opened} onClose={onClose} onSubmit={submit} saving={saving} error={error}>
      <Stack gap="sm">
        <Select label={t.fields.order} placeholder={t.fields.orderPlaceholder} data={options} searchable required nothingFoundMessage={t.noOrders} {...form.getInputProps('orderId')} value={v.orderId || null} onChange={(value) => form.setFieldValue('orderId', value ?? '')} />
        {opened && !orders.loading && options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noOrders}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label={t.fields.date} required {...form.getInputProps('date')} />
          <TextInput label={t.fields.receivedBy} required maxLength={200} {...form.getInputProps('receivedBy')} />
        </SimpleGrid>
        <Textarea label={t.fields.notes} autosize minRows={2} {...form.getInputProps('notes')} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t.fields.files}
          </Text>
          <PendingUploads files={v.files} onChange={(files) => form.setFieldValue('files', files)} types={['pdf', 'png', 'jpg', 'webp']} max={10} hint={t.fields.filesHelp} error={form.errors.files} onBusyChange={setUploading} />
        </Stack>
      </Stack>
    </FormDialog>
  );
}

export function DeliveryOrdersPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const presetOrder = idParam(searchParams.get('orderId'));
  const access = useScreenAccess('Entrega de Órdenes');
  const [opened, setOpened] = useState(presetOrder !== null);
  const params = useListParams({ sortBy: 'date', sortDirection: 'DESC', filters: dateRangeDefaults(SALES_RANGE_KEYS) });
  const list = useServerList(OrderDeliveryListDocument, params, { filter: dateRangeFilter(params.filters, SALES_RANGE_KEYS) }, (d) => d.orderDeliveries, { entity: 'order_delivery' });

  const columns: ListColumn<OrderDeliveryFieldsFragment>[] = [
    { key: 'date', header: t.columns.date, format: 'date', sortable: true, render: (r) => formatDate(r.date) },
    { key: 'orderFolio', header: t.columns.order, sortable: true, render: (r) => `${folioLabel('order', r.orderFolio)} · ${r.orderDescription}`, exportValue: (r) => `${folioLabel('order', r.orderFolio)} ${r.orderDescription}` },
    { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
    { key: 'receivedBy', header: t.columns.receivedBy, sortable: true },
    {
      key: 'files',
      header: t.columns.files,
      render: (r) => <AttachmentLinks files={r.files} />,
      exportValue: (r) => r.files.map((f) => f.fileName).join(', '),
    },
  ];

  const close = () => {
    setOpened(false);
    if (presetOrder) setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('orderId');
      return next;
    }, { replace: true });
  };

  return (
    <>
      <ListPage
        description={t.listDescription}
        exportName={t.exportName}
        searchPlaceholder={t.searchPlaceholder}
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate(recordPath(SALES_PATHS.orderForm, r.orderId))}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={<DateRangeFilter params={params} keys={SALES_RANGE_KEYS} label="Fecha de entrega" />}
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
              {t.newDelivery}
            </Button>
          ) : undefined
        }
      />
      {access.crear ? <DeliveryDialog key={presetOrder ?? 'new'} opened={opened} orderId={presetOrder} onClose={close} onSaved={() => void list.refetch()} /> : null}
    </>
  );
}
