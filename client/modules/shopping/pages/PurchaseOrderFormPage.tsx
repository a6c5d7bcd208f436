// Formulario de Órdenes de compra: no `?id=` captures a new order (by hand,
// or pre-filled from `?origin=requisicion|pdm&originId=N`); `?id=N` edits it
// while borrador, then shows it with the moves that are legal now: Autorizar
// (within the role's limit, the server says so otherwise), the receipt panel
// (quantities per line into the order's warehouse), Cancelar with a reason,
// and the PDF for the supplier. Totals are previewed with the server's rules
// (schema/shopping/purchaseOrders.ts).
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconArrowBackUp, IconCheck, IconCircleMinus, IconFileText, IconPackageImport, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  PurchaseOrderAuthorizeDocument,
  PurchaseOrderCancelDocument,
  PurchaseOrderCloseDocument,
  PurchaseOrderCreateDocument,
  PurchaseOrderDetailDocument,
  PurchaseOrderDraftDocument,
  PurchaseOrderPdfDocument,
  PurchaseOrderReceiveDocument,
  PurchaseOrderUpdateDocument,
  PurchaseReceiptReverseDocument,
  PurchaseWarehouseOptionsDocument,
  SupplierOptionsDocument,
  type PurchaseOrderDetailQuery,
  type PurchaseOrderDraftQuery,
  type PurchaseOrderInput,
  type PurchaseOrderOrigin,
} from '../../../../generated/modules/shopping/graphql';
import { canAct } from '../../../../schema/lifecycle';
import { PURCHASE_ORDER_LIFECYCLE } from '../../../../schema/shopping/lifecycles';
import { computePurchaseOrderTotals, MAX_TOLERANCE_PERCENT } from '../../../../schema/shopping/purchaseOrders';
import { downloadBase64 } from '../../../components/attachments';
import { CANCEL_COLOR } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { DetailTable } from '../../../components/DetailTable';
import { DocumentActions } from '../../../components/DocumentActions';
import { FormPage } from '../../../components/FormPage';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { asAppError, errorForForm } from '../../../components/serverErrors';
import { idParam, todayIso, addDaysIso } from '../../../components/dates';
import { useFormSave } from '../../../components/useFormSave';
import { useScreenAccess, type ScreenAccess } from '../access';
import { MatchPanel } from '../components/MatchPanel';
import { newPurchaseLine, PurchaseOrderLines, type PurchaseLineValues } from '../components/PurchaseOrderLines';
import { ISR_RETENTION_OPTIONS, IVA_OPTIONS, IVA_RETENTION_OPTIONS, PURCHASE_ORDER_ORIGIN, PURCHASE_ORDER_STATUS, PURCHASE_RECEIPT_STATUS, rateOption, SHOPPING_PATHS, withId } from '../texts';
import { SupplierSelect } from '../components/SupplierSelect';
import { TaxTotals } from '../components/TaxTotals';
import { StatusBadge } from '../../../components/StatusBadge';
import { WAREHOUSE_PATHS } from '../../warehouse/paths';

type Order = NonNullable<PurchaseOrderDetailQuery['purchaseOrder']>;
type Draft = PurchaseOrderDraftQuery['purchaseOrderDraft'];
type Values = {
  supplierId: string; date: string; deliveryDate: string; warehouseId: string; notes: string; tolerancePercent: string;
  ivaRate: string; isrRetentionRate: string; ivaRetentionRate: string; lines: PurchaseLineValues[];
};

const FIELDS = ['supplierId', 'date', 'deliveryDate', 'warehouseId', 'notes', 'tolerancePercent', 'ivaRate', 'isrRetentionRate', 'ivaRetentionRate', 'originId', 'lines', 'lines.'];

const valuesOf = (o: Order | null, draft: Draft | null): Values =>
  o
    ? {
        supplierId: o.supplierId, date: o.date, deliveryDate: o.deliveryDate, warehouseId: o.warehouseId ?? '', notes: o.notes, tolerancePercent: o.tolerancePercent,
        ivaRate: rateOption(IVA_OPTIONS, o.ivaRate), isrRetentionRate: rateOption(ISR_RETENTION_OPTIONS, o.isrRetentionRate), ivaRetentionRate: rateOption(IVA_RETENTION_OPTIONS, o.ivaRetentionRate),
        lines: o.lines.map((l) => newPurchaseLine({ kind: l.articleId ? 'article' : 'service', articleId: l.articleId ?? '', sku: l.sku ?? '', description: l.description, quantity: l.quantity, unitPrice: l.unitPrice })),
      }
    : {
        supplierId: '', date: todayIso(), deliveryDate: addDaysIso(todayIso(), 7), warehouseId: draft?.warehouseId ?? '', notes: draft?.notes ?? '', tolerancePercent: '0',
        ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0',
        lines: draft?.lines.length
          ? draft.lines.map((l) => newPurchaseLine({ articleId: l.articleId, sku: l.sku, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice ?? '' }))
          : [newPurchaseLine()],
      };

const toInput = (v: Values, draft: Draft | null): PurchaseOrderInput => ({
  supplierId: v.supplierId, date: v.date, deliveryDate: v.deliveryDate, warehouseId: v.warehouseId || null, notes: v.notes.trim(),
  tolerancePercent: v.tolerancePercent || '0', ivaRate: v.ivaRate, isrRetentionRate: v.isrRetentionRate, ivaRetentionRate: v.ivaRetentionRate,
  ...(draft ? { origin: draft.origin, originId: draft.originId } : {}),
  lines: v.lines.map((l) => ({ articleId: l.kind === 'article' ? l.articleId || null : null, description: l.description.trim(), quantity: l.quantity || '0', unitPrice: l.unitPrice || '0' })),
});

/** A quantity as the API sends it (no trailing zeros), with its own decimals: 4 → "4", 2.5 → "2.5". */
const qty = (value: string) => formatNumber(value, (value.split('.')[1] ?? '').length);

/** The preview: never throws on half-typed numbers. */
const preview = (v: Values) => {
  const num = (s: string) => (/^\d+(\.\d+)?$/.test(s) ? s : '0');
  return computePurchaseOrderTotals({ lines: v.lines.map((l) => ({ quantity: num(l.quantity), unitPrice: num(l.unitPrice) })), ivaRate: v.ivaRate, isrRetentionRate: v.isrRetentionRate, ivaRetentionRate: v.ivaRetentionRate });
};

/** Registrar recepción: what arrives of each open line, into the order's warehouse at its unit price. */
function ReceiptPanel({ order, onDone }: { order: Order; onDone: () => void }) {
  const [receive, receiving] = useMutation(PurchaseOrderReceiveDocument);
  const open = order.lines.filter((l) => Number(l.receivable) > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, String(Math.max(0, Number(l.quantity) - Number(l.receivedQty)))])),
  );
  const [date, setDate] = useState(todayIso());
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = async () => {
    setErrors({});
    setMessage(null);
    const payload = open.map((l) => ({ lineId: l.id, quantity: quantities[l.id] || '0' }));
    try {
      await receive({ variables: { id: order.id, input: { date, notes: notes.trim(), lines: payload } } });
      notifySuccess(`Recepción registrada en la orden ${order.folioText}.`);
      onDone();
    } catch (caught) {
      const e = asAppError(caught);
      // "lines.<i>.quantity" follows the order sent: map it back to the line.
      const byLine: Record<string, string> = {};
      for (const [path, text] of Object.entries(e.fields)) {
        const match = /^lines\.(\d+)\./.exec(path);
        if (match && payload[Number(match[1])]) byLine[payload[Number(match[1])].lineId] = text;
      }
      setErrors(byLine);
      setMessage(errorForForm(e, Object.keys(byLine).length ? ['lines.'] : []).message);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>Registrar recepción</Text>
        <Text size="sm" c="dimmed">
          Los artículos entran a {order.warehouseName ?? 'su almacén'} al precio de la orden (costo promedio). Se puede recibir en partes; lo demás sigue abierto.
          {Number(order.tolerancePercent) > 0 ? ` Se acepta hasta ${order.tolerancePercent} % más de lo pedido.` : ''}
        </Text>
        {message ? <Alert color="red" variant="light">{message}</Alert> : null}
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Partida</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Pedido</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Recibido</Table.Th>
                <Table.Th style={{ width: '10rem' }}>Se recibe</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {open.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.sku ? `${l.sku} · ${l.description}` : l.description}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{qty(l.quantity)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{qty(l.receivedQty)}</Table.Td>
                  <Table.Td>
                    <NumberField aria-label={`Se recibe ${l.position}`} value={quantities[l.id] ?? ''} onChange={(q) => setQuantities((all) => ({ ...all, [l.id]: q }))} precision={4} min={0} error={errors[l.id]} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField label="Fecha de recepción" value={date} onChange={(d) => setDate(d ?? todayIso())} />
          <TextInput label="Notas (remisión del proveedor)" maxLength={500} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button leftSection={<IconPackageImport size={16} />} loading={receiving.loading} onClick={() => void submit()}>
            Registrar recepción
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The receipts of the order; a reversed one stays listed as such (why, who, the movement that took its stock back out). */
function Receipts({ order, canReverse, onReload }: { order: Order; canReverse: boolean; onReload: () => void }) {
  const lineLabel = new Map(order.lines.map((l) => [l.id, l.sku ?? l.description]));
  const [reverse] = useMutation(PurchaseReceiptReverseDocument);
  const [reversing, setReversing] = useState<Order['receipts'][number] | null>(null);
  const reversible = canReverse && canAct(PURCHASE_ORDER_LIFECYCLE, 'revertirRecepcion', order.status);
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm" mb="xs">
        Recepciones
      </Text>
      {order.receipts.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin recepciones.
        </Text>
      ) : (
        <DetailTable
          rows={order.receipts}
          rowKey={(r) => r.id}
          striped={false}
          columns={[
            { key: 'date', header: 'Fecha', render: (r) => formatDate(r.date) },
            { key: 'movementFolio', header: 'Entrada de almacén', render: (r) => r.movementFolio ?? 'Solo servicios' },
            { key: 'lines', header: 'Recibido', render: (r) => r.lines.map((l) => `${lineLabel.get(l.lineId) ?? ''}: ${qty(l.quantity)}`).join(' · ') },
            { key: 'notes', header: 'Notas' },
            { key: 'createdByName', header: 'Registró', render: (r) => r.createdByName ?? '' },
            {
              key: 'reversed',
              header: 'Estado',
              render: (r) =>
                r.reversed ? (
                  <Stack gap={2}>
                    <StatusBadge status="revertida" labels={PURCHASE_RECEIPT_STATUS} />
                    <Text size="xs" c="dimmed">
                      {r.reverseReason} · {r.reversedByName ?? ''}
                      {r.reversedAt ? ` · ${formatDateTime(r.reversedAt)}` : ''}
                      {r.reversalMovementFolio ? ` · reversa ${r.reversalMovementFolio}` : ''}
                    </Text>
                  </Stack>
                ) : reversible ? (
                  <Button size="compact-xs" variant="light" color={CANCEL_COLOR} leftSection={<IconArrowBackUp size={14} />} onClick={() => setReversing(r)}>
                    Revertir recepción
                  </Button>
                ) : (
                  <StatusBadge status="vigente" labels={PURCHASE_RECEIPT_STATUS} />
                ),
            },
          ]}
        />
      )}
      {reversing ? (
        <ReasonDialog
          opened
          title={`Revertir recepción del ${formatDate(reversing.date)} de ${order.folioText}`}
          message={
            <Stack gap={4}>
              <Text size="sm">
                {reversing.movementFolio
                  ? `Los artículos de la entrada ${reversing.movementFolio} salen del almacén al costo con que entraron; solo si la existencia sigue ahí.`
                  : 'La recepción solo tenía servicios: no mueve el almacén.'}
              </Text>
              <Text size="sm">Sus cantidades vuelven a quedar pendientes en la orden. La recepción queda en la lista como revertida.</Text>
            </Stack>
          }
          confirmLabel="Revertir recepción"
          reasonLabel="Motivo"
          onClose={() => {
            setReversing(null);
            onReload();
          }}
          onConfirm={async (reason) => {
            await reverse({ variables: { orderId: order.id, receiptId: reversing.id, reason } });
            notifySuccess(`Recepción de ${order.folioText} revertida.`);
          }}
        />
      ) : null}
    </Paper>
  );
}

/** Where the order came from: the requisition or Solicitud PDM, as a link. */
function OriginLink({ order }: { order: Order }) {
  if (order.origin === 'manual' || !order.originId) return null;
  const to = order.origin === 'requisicion' ? `${WAREHOUSE_PATHS.requisitionDetail}?id=${encodeURIComponent(order.originId)}` : `${WAREHOUSE_PATHS.pdm}?id=${encodeURIComponent(order.originId)}`;
  return (
    <Text size="sm">
      Hecha desde {PURCHASE_ORDER_ORIGIN[order.origin].toLowerCase()}{' '}
      <Anchor component={Link} to={to} size="sm">
        {order.originFolio}
      </Anchor>
    </Text>
  );
}

/** The expenses that pay the order, each with its three-way match (the panel itself is on the expense). */
function OrderExpenses({ order, canAuthorize, onReload }: { order: Order; canAuthorize: boolean; onReload: () => void }) {
  return (
    <>
      {order.expenses.map((e) =>
        e.match ? (
          <MatchPanel
            key={e.id}
            match={e.match}
            expense={e}
            canAuthorize={canAuthorize}
            onChanged={onReload}
            heading={
              <>
                Conciliación del gasto{' '}
                <Anchor component={Link} to={withId(SHOPPING_PATHS.expenseForm, e.id)} size="sm">
                  {e.folio}
                </Anchor>{' '}
                del {formatDate(e.date)} por {formatMoney(e.total)}
              </>
            }
          />
        ) : null,
      )}
    </>
  );
}

function Editor({ order, draft, access, onReload }: { order: Order | null; draft: Draft | null; access: ScreenAccess; onReload: () => void }) {
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const [create] = useMutation(PurchaseOrderCreateDocument);
  const [update] = useMutation(PurchaseOrderUpdateDocument);
  const [authorize] = useMutation(PurchaseOrderAuthorizeDocument);
  const [cancel] = useMutation(PurchaseOrderCancelDocument);
  const [cancelling, setCancelling] = useState(false);
  const [close] = useMutation(PurchaseOrderCloseDocument);
  const [closing, setClosing] = useState(false);
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: false } });
  const warehouses = useQuery(PurchaseWarehouseOptionsDocument);
  const editable = order === null ? access.crear : access.editar && order.status === 'borrador';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(order, draft),
    validate: {
      supplierId: (v) => (v ? null : 'Selecciona el proveedor.'),
      date: (v) => (v ? null : 'La fecha es obligatoria.'),
      deliveryDate: (v, all) => (!v ? 'La fecha es obligatoria.' : v < all.date ? 'La fecha de entrega no puede ser anterior a la fecha de la orden.' : null),
    },
  });
  const v = form.getValues();
  const totals = preview(v);
  const supplierOptions = (suppliers.data?.supplierOptions ?? []).filter((s) => s.active || s.id === order?.supplierId);
  const record = order ? { noun: 'la orden de compra', reference: order.folioText } : null;

  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onReload, readOnly: !editable });
  const save = () =>
    runSave(async (values) => {
      const input = toInput(values, order ? null : draft);
      if (order) {
        await update({ variables: { id: order.id, version: order.version, input } });
        return `Orden ${order.folioText} guardada.`;
      }
      const created = (await create({ variables: { input } })).data?.purchaseOrderCreate;
      return created
        ? { message: `Orden ${created.folioText} guardada en borrador.`, onSaved: () => void navigate(withId(SHOPPING_PATHS.purchaseOrderForm, created.id), { replace: true }) }
        : 'Orden guardada.';
    });

  const printPdf = async () => {
    if (!order) return;
    const r = await apollo.query({ query: PurchaseOrderPdfDocument, variables: { id: order.id }, fetchPolicy: 'network-only' });
    if (r.data) downloadBase64(r.data.purchaseOrderPdf, `Orden-de-compra-${order.folioText}.pdf`, 'application/pdf');
  };

  const headerActions = order ? (
    <DocumentActions
      status={{ status: order.status, labels: PURCHASE_ORDER_STATUS }}
      actions={[
        { key: 'pdf', label: 'PDF para el proveedor', icon: <IconFileText size={16} />, variant: 'default', show: true, run: printPdf },
        {
          key: 'authorize',
          label: 'Autorizar',
          icon: <IconCheck size={16} />,
          color: 'teal',
          show: canAct(PURCHASE_ORDER_LIFECYCLE, 'autorizar', order.status) && access.autorizar,
          irreversible: true,
          run: async () => {
            await authorize({ variables: { id: order.id, version: order.version } });
            notifySuccess(`Orden ${order.folioText} autorizada.`);
            onReload();
          },
        },
      ]}
    />
  ) : undefined;

  return (
    <FormPage
      entity="purchase_order"
      record={record ?? undefined}
      title={order ? `${order.folioText} · ${order.supplierName}` : 'Nueva orden de compra'}
      description={
        order
          ? `Del ${formatDate(order.date)} · entrega ${formatDate(order.deliveryDate)}${order.originFolio ? ` · origen ${order.originFolio}` : ''}`
          : draft
            ? `Desde ${PURCHASE_ORDER_ORIGIN[draft.origin].toLowerCase()} ${draft.originFolio}${draft.supplierText ? ` · proveedor sugerido: ${draft.supplierText}` : ''}`
            : 'Pedido a un proveedor: artículos de Almacén o servicios.'
      }
      headerActions={headerActions}
      onSubmit={save}
      onCancel={() => void navigate(SHOPPING_PATHS.purchaseOrders)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
      extraActions={
        order ? (
          <DocumentActions
            collapse={false}
            actions={[
              {
                key: 'cancel',
                label: 'Cancelar orden',
                icon: <IconX size={16} />,
                color: CANCEL_COLOR,
                variant: 'light',
                show: canAct(PURCHASE_ORDER_LIFECYCLE, 'cancelar', order.status) && access.eliminar,
                run: () => setCancelling(true),
              },
              {
                key: 'close',
                label: 'Cerrar con faltante',
                icon: <IconCircleMinus size={16} />,
                color: CANCEL_COLOR,
                variant: 'light',
                show: canAct(PURCHASE_ORDER_LIFECYCLE, 'cerrar', order.status) && access.autorizar,
                run: () => setClosing(true),
              },
            ]}
          />
        ) : null
      }
    >
      <Stack gap="md">
        {order?.status === 'cancelada' ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} title="Orden cancelada">
            {order.cancelReason}
          </Alert>
        ) : null}
        {order?.status === 'cerrada' ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title="Cerrada con faltante">
            {order.closeReason}
            {order.closedByName ? ` · ${order.closedByName}` : ''}
            {order.closedAt ? ` · ${formatDateTime(order.closedAt)}` : ''}
          </Alert>
        ) : null}
        {order ? <OriginLink order={order} /> : null}
        {order?.authorizedByName ? (
          <Text size="sm" c="dimmed">
            Autorizada por {order.authorizedByName}
            {order.authorizedAt ? ` el ${formatDateTime(order.authorizedAt)}` : ''}.
          </Text>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <SupplierSelect suppliers={supplierOptions} disabled={!editable} {...form.getInputProps('supplierId')} />
            <DateField label="Fecha de la orden" required disabled={!editable} {...form.getInputProps('date')} />
            <DateField label="Fecha de entrega" required disabled={!editable} {...form.getInputProps('deliveryDate')} />
            <Select
              label="Almacén que recibe"
              description="Obligatorio si hay artículos"
              clearable
              data={(warehouses.data?.purchaseWarehouseOptions ?? []).map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))}
              disabled={!editable}
              {...form.getInputProps('warehouseId')}
            />
            <NumberField
              label="Tolerancia de recepción (%)"
              description={`Cuánto más de lo pedido se acepta (0 a ${MAX_TOLERANCE_PERCENT})`}
              precision={2}
              min={0}
              max={MAX_TOLERANCE_PERCENT}
              disabled={!editable}
              {...form.getInputProps('tolerancePercent')}
            />
          </SimpleGrid>
          <Textarea label="Notas para el proveedor" mt="md" maxLength={1000} autosize minRows={2} disabled={!editable} {...form.getInputProps('notes')} />
        </Paper>
        <PurchaseOrderLines
          lines={v.lines}
          onChange={(lines) => form.setFieldValue('lines', lines)}
          errors={form.errors}
          amounts={totals.lineAmounts}
          readOnly={!editable}
          received={order && order.status !== 'borrador' ? order.lines.map((l) => qty(l.receivedQty)) : undefined}
        />
        <Paper withBorder radius="md" p="md">
          <TaxTotals
            rateProps={(f) => form.getInputProps(f)}
            amounts={order && !editable ? order : totals}
            disabled={!editable}
            label="Totales de la orden"
          />
        </Paper>
        {order && canAct(PURCHASE_ORDER_LIFECYCLE, 'recibir', order.status) && access.editar ? <ReceiptPanel key={order.version} order={order} onDone={onReload} /> : null}
        {order ? <Receipts order={order} canReverse={access.autorizar} onReload={onReload} /> : null}
        {order ? <OrderExpenses order={order} canAuthorize={access.autorizar} onReload={onReload} /> : null}
      </Stack>
      {cancelling && order ? (
        <ReasonDialog
          opened
          title={`Cancelar orden de compra ${order.folioText}`}
          message={
            <Stack gap={4}>
              <Text size="sm">{irreversibleQuestion('cancelar', record)}</Text>
              <Text size="sm">Solo se cancela una orden sin recepciones; el proveedor ya no debe surtirla.</Text>
            </Stack>
          }
          confirmLabel="Cancelar orden"
          reasonLabel="Motivo"
          onClose={() => {
            setCancelling(false);
            onReload();
          }}
          onConfirm={async (reason) => {
            await cancel({ variables: { id: order.id, version: order.version, reason } });
            notifySuccess(`Orden ${order.folioText} cancelada.`);
          }}
        />
      ) : null}
      {closing && order ? (
        <ReasonDialog
          opened
          title={`Cerrar con faltante ${order.folioText}`}
          message={
            <Stack gap={4}>
              <Text size="sm">{irreversibleQuestion('cerrar', record)}</Text>
              <Text size="sm">Lo que falta por recibir ya no se espera: la orden no admitirá más recepciones.</Text>
            </Stack>
          }
          confirmLabel="Cerrar con faltante"
          reasonLabel="Motivo"
          onClose={() => {
            setClosing(false);
            onReload();
          }}
          onConfirm={async (reason) => {
            await close({ variables: { id: order.id, version: order.version, reason } });
            notifySuccess(`Orden ${order.folioText} cerrada con faltante.`);
          }}
        />
      ) : null}
    </FormPage>
  );
}

const ORIGINS: readonly PurchaseOrderOrigin[] = ['requisicion', 'pdm'];

export function PurchaseOrderFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = idParam(raw);
  const origin = ORIGINS.find((o) => o === searchParams.get('origin')) ?? null;
  const originId = idParam(searchParams.get('originId'));
  const access = useScreenAccess('Órdenes de compra');
  const detail = useQuery(PurchaseOrderDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const fromSource = id === null && origin !== null && originId !== null;
  const draft = useQuery(PurchaseOrderDraftDocument, { variables: { origin: origin ?? 'requisicion', originId: originId ?? '' }, skip: !fromSource, fetchPolicy: 'network-only' });
  const order = detail.data?.purchaseOrder ?? null;
  const gate = recordGate({
    rawId: raw, id, record: order, loading: detail.loading, error: readGraphQLError(detail.error) ?? readGraphQLError(draft.error), hasData: !!(detail.data || draft.data),
    notFound: 'La orden de compra no existe o fue eliminada.', back: { label: 'Volver a órdenes de compra', to: SHOPPING_PATHS.purchaseOrders }, waiting: fromSource && !draft.data,
  });
  if (gate) return gate;
  return <Editor key={order ? `${order.id}:${order.version}` : 'new'} order={order} draft={draft.data?.purchaseOrderDraft ?? null} access={access} onReload={() => void detail.refetch()} />;
}
