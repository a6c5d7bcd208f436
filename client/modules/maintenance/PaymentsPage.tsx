// Solicitudes de pago: the orders with an external workshop; "Enviar a
// Compras" turns the workshop's invoice into a Compras maintenance payment
// request, and its approval or rejection shows here and on the order.
// Filters (URL): the request's status and the workshop.
import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  MaintenancePaymentOrderListDocument,
  MaintenancePaymentRequestCreateDocument,
  MaintenancePaymentSuppliersDocument,
  type MaintenancePaymentFilterStatus,
  type MaintenancePaymentOrderListQuery,
} from '../../../generated/modules/maintenance/graphql';
import { useScreenAccess } from '../../components/access';
import { DateField } from '../../components/DateField';
import { todayIso } from '../../components/dates';
import { FormDialog } from '../../components/EditDialog';
import { formatMoney } from '../../components/format';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../components/listParams';
import { NumberField } from '../../components/NumberField';
import { StatusBadge } from '../../components/StatusBadge';
import { useFormSave } from '../../components/useFormSave';
import { useServerList } from '../../components/useServerList';
import { MT_MODULE, MT_SCREENS, orderPath, PAYMENT_BADGES, paymentStatusOptions, texts } from './texts';

type Order = MaintenancePaymentOrderListQuery['maintenancePaymentOrders']['items'][number]['order'];
const t = texts.payments;
type Values = { date: string; invoice: string; subtotal: string };

function SendDialog({ order, onClose }: { order: Order; onClose: (saved: boolean) => void }) {
  const [send] = useMutation(MaintenancePaymentRequestCreateDocument);
  const form = useForm<Values>({
    initialValues: { date: todayIso(), invoice: order.externalInvoice, subtotal: order.externalCost },
    validate: { invoice: (v) => (v.trim() ? null : texts.required), subtotal: (v) => (v ? null : texts.required) },
  });
  const { save, saving, error } = useFormSave<Values>({ form, fields: ['date', 'invoice', 'subtotal'], onSaved: () => onClose(true) });
  return (
    <FormDialog
      title={t.sendTitle(order.folio)}
      opened
      size="md"
      onClose={() => onClose(false)}
      saving={saving}
      error={error}
      submitLabel={t.send}
      onSubmit={() =>
        save(async (v) => {
          await send({ variables: { orderId: order.id, input: v } });
          return t.sent;
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label={t.date} required max={todayIso()} {...form.getInputProps('date')} />
        <TextInput label={t.invoice} required maxLength={60} {...form.getInputProps('invoice')} />
        <NumberField label={t.subtotal} precision={2} money min={0} required {...form.getInputProps('subtotal')} />
      </SimpleGrid>
    </FormDialog>
  );
}

export function PaymentsPage() {
  const access = useScreenAccess(MT_MODULE, MT_SCREENS.payments);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', supplierId: '' } });
  const { status, supplierId } = params.filters;
  const variables = useMemo(() => ({ filter: { status: (status || null) as MaintenancePaymentFilterStatus | null, supplierId: supplierId || null } }), [status, supplierId]);
  const suppliers = useQuery(MaintenancePaymentSuppliersDocument);
  const list = useServerList(MaintenancePaymentOrderListDocument, params, variables, (d) => ({ items: d.maintenancePaymentOrders.items.map((i) => i.order), total: d.maintenancePaymentOrders.total }), { entity: 'mt_order' });
  const [sending, setSending] = useState<Order | null>(null);
  const columns: ListColumn<Order>[] = [
    {
      key: 'folio',
      header: t.order,
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={orderPath(r.id)}>
          {r.folio}
        </Anchor>
      ),
      exportValue: (r) => r.folio,
    },
    { key: 'vehicle', header: t.vehicle, sortable: true, render: (r) => r.vehicleNumber, exportValue: (r) => r.vehicleNumber },
    { key: 'supplierName', header: t.supplier },
    { key: 'externalCost', header: t.external, format: 'money', align: 'right', render: (r) => formatMoney(r.externalCost), exportValue: (r) => Number(r.externalCost) },
    { key: 'externalInvoice', header: t.invoice },
    { key: 'request', header: t.request, render: (r) => (r.paymentRequest ? String(r.paymentRequest.folio) : t.none), exportValue: (r) => r.paymentRequest?.folio ?? '' },
    {
      key: 'status',
      header: t.status,
      render: (r) => <StatusBadge status={r.paymentRequest?.status ?? 'sin_solicitud'} labels={PAYMENT_BADGES} />,
      exportValue: (r) => PAYMENT_BADGES[r.paymentRequest?.status ?? 'sin_solicitud'].label,
    },
    {
      key: 'send',
      header: '',
      exportable: false,
      render: (r) =>
        access.crear && r.status !== 'cancelada' && (!r.paymentRequest || r.paymentRequest.status === 'rechazada') ? (
          <Button size="xs" variant="light" leftSection={<IconSend size={14} />} onClick={() => setSending(r)}>
            {t.send}
          </Button>
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
          <Group gap="xs">
            <Select aria-label={t.status} placeholder={t.allStatuses} data={paymentStatusOptions} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
            <Select
              aria-label={t.supplier}
              placeholder={t.allSuppliers}
              data={(suppliers.data?.maintenancePaymentSuppliers ?? []).map((x) => ({ value: x.id, label: x.name }))}
              value={supplierId || null}
              onChange={(v) => params.setFilter('supplierId', v ?? '')}
              clearable
              searchable
              w={240}
            />
          </Group>
        }
      />
      {sending ? (
        <SendDialog
          order={sending}
          onClose={(saved) => {
            setSending(null);
            if (saved) void list.refetch();
          }}
        />
      ) : null}
    </>
  );
}
