// Formulario de Gastos: no `?id=` registers a supplier invoice; `?id=N` edits
// it while pendiente and unpaid, otherwise shows it with its payments. Totals
// are previewed with the same function the server uses (fiscal.ts), so what
// the screen shows is what gets saved. The supplier's XML/PDF attach here,
// so a new gasto opens as the saved record (`?id=`) rather than the list.
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Autocomplete, Button, Checkbox, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconCash, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  ExpenseCancelDocument,
  ExpenseCategoryOptionsDocument,
  ExpenseCreateDocument,
  ExpenseDetailDocument,
  ExpenseFileDeleteDocument,
  ExpenseFileAttachDocument,
  ExpenseOrderOptionsDocument,
  ExpenseSatStatusRefreshDocument,
  ExpenseUpdateDocument,
  SupplierOptionsDocument,
  type ExpenseDetailQuery,
  type ExpenseInput } from '../../../../generated/modules/shopping/graphql';
import { computeExpenseTotals, dueDateFor } from '../../../../schema/shopping/fiscal';
import { cfdiDifferences, expenseFromCfdi } from '../../../../schema/shopping/supplierCfdi';
import { CfdiSatStatus, CfdiSummary, CFDI_TEXTS, ReadCfdiButton, type ReadCfdi } from '../components/SupplierCfdi';
import { CANCEL_COLOR } from '../../../components/confirm';
import { DetailTable } from '../../../components/DetailTable';
import { FormPage } from '../../../components/FormPage';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { DocumentActions } from '../../../components/DocumentActions';
import { EXPENSE_STATUS, invoiceRef, ISR_RETENTION_OPTIONS, IVA_OPTIONS, IVA_RETENTION_OPTIONS, PURCHASE_ORDER_STATUS, rateOption, SHOPPING_PATHS, withId } from '../texts';
import { useScreenAccess, type ScreenAccess } from '../access';
import { idParam, todayIso } from '../../../components/dates';
import { asAppError } from '../../../components/serverErrors';
import { AttachmentsPanel } from '../../../components/Attachments';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { DateField } from '../../../components/DateField';
import { useFormSave } from '../../../components/useFormSave';
import { AmountRow } from '../components/AmountRow';
import { SupplierSelect } from '../components/SupplierSelect';
import { TaxTotals } from '../components/TaxTotals';
import { MatchPanel } from '../components/MatchPanel';

type Expense = NonNullable<ExpenseDetailQuery['expense']>;
type Line = { description: string; quantity: string; unitPrice: string };
type Values = {
  supplierId: string; date: string; invoiceSerie: string; invoiceFolio: string; cfdiUuid: string; category: string; description: string;
  mode: 'subtotal' | 'lines'; subtotal: string; lines: Line[]; ivaRate: string; isrRetentionRate: string; ivaRetentionRate: string;
  ivaExempt: boolean; purchaseOrderId: string;
};

const FIELDS = ['supplierId', 'date', 'invoiceSerie', 'invoiceFolio', 'cfdiUuid', 'category', 'description', 'subtotal', 'ivaRate', 'ivaExempt', 'purchaseOrderId', 'isrRetentionRate', 'ivaRetentionRate', 'lines', 'lines.'];
/** Orders an expense may pay: authorised or (partly) received. */
const PAYABLE_ORDER_STATUSES = ['autorizada', 'recibida_parcial', 'recibida'];
const EMPTY_LINE: Line = { description: '', quantity: '1', unitPrice: '' };

const valuesOf = (e: Expense | null): Values =>
  e
    ? {
        supplierId: e.supplierId, date: e.date, invoiceSerie: e.invoiceSerie, invoiceFolio: e.invoiceFolio, cfdiUuid: e.cfdiUuid ?? '', category: e.category,
        description: e.description, mode: e.lines.length ? 'lines' : 'subtotal', subtotal: e.subtotal,
        lines: e.lines.length ? e.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice })) : [{ ...EMPTY_LINE }],
        ivaRate: rateOption(IVA_OPTIONS, e.ivaRate), isrRetentionRate: rateOption(ISR_RETENTION_OPTIONS, e.isrRetentionRate), ivaRetentionRate: rateOption(IVA_RETENTION_OPTIONS, e.ivaRetentionRate),
        ivaExempt: e.ivaExempt, purchaseOrderId: e.purchaseOrderId ?? '',
      }
    : { supplierId: '', date: todayIso(), invoiceSerie: '', invoiceFolio: '', cfdiUuid: '', category: '', description: '', mode: 'subtotal', subtotal: '', lines: [{ ...EMPTY_LINE }], ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0', ivaExempt: false, purchaseOrderId: '' };

const toInput = (v: Values): ExpenseInput => ({
  supplierId: v.supplierId, date: v.date, invoiceSerie: v.invoiceSerie.trim(), invoiceFolio: v.invoiceFolio.trim(), cfdiUuid: v.cfdiUuid.trim() || null,
  category: v.category.trim(), description: v.description.trim(), ivaRate: v.ivaRate, isrRetentionRate: v.isrRetentionRate, ivaRetentionRate: v.ivaRetentionRate,
  ivaExempt: Number(v.ivaRate) === 0 && v.ivaExempt, purchaseOrderId: v.purchaseOrderId || null,
  ...(v.mode === 'lines' ? { lines: v.lines.map((l) => ({ description: l.description.trim(), quantity: l.quantity || '0', unitPrice: l.unitPrice || '0' })), subtotal: null } : { subtotal: v.subtotal || null, lines: [] }),
});

/** The preview: never throws on half-typed numbers. */
function preview(v: Values) {
  const num = (s: string) => (/^\d+(\.\d+)?$/.test(s) ? s : '0');
  return computeExpenseTotals({
    lines: v.mode === 'lines' ? v.lines.map((l) => ({ quantity: num(l.quantity), unitPrice: num(l.unitPrice) })) : null,
    subtotal: num(v.subtotal),
    ivaRate: v.ivaRate,
    isrRetentionRate: v.isrRetentionRate,
    ivaRetentionRate: v.ivaRetentionRate,
  });
}

/** Cancelling asks first, naming the gasto, and why. */
function CancelDialog({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const [cancel] = useMutation(ExpenseCancelDocument);
  return (
    <ReasonDialog
      opened
      title={`Cancelar gasto ${expense.folio}`}
      message={
        <Stack gap={4}>
          <Text size="sm">{irreversibleQuestion('cancelar', { noun: 'el gasto', reference: String(expense.folio) })}</Text>
          <Text size="sm">Un gasto cancelado deja de contar como cuenta por pagar. Solo se puede cancelar si no tiene pagos.</Text>
        </Stack>
      }
      confirmLabel="Cancelar gasto"
      reasonLabel="Motivo"
      onClose={onClose}
      onConfirm={async (reason) => {
        await cancel({ variables: { id: expense.id, version: expense.version, reason } });
        notifySuccess(`Gasto ${expense.folio} cancelado.`);
      }}
    />
  );
}

function ExpenseFiles({ expense, canEdit, onChanged }: { expense: Expense; canEdit: boolean; onChanged: () => void }) {
  const [attach] = useMutation(ExpenseFileAttachDocument);
  const [remove] = useMutation(ExpenseFileDeleteDocument);
  return (
    <AttachmentsPanel
      title="Comprobantes del proveedor (XML / PDF)"
      files={expense.files}
      types={['xml', 'pdf']}
      canEdit={canEdit}
      hint={canEdit ? 'El XML debe ser el CFDI del proveedor; PDF hasta 20 MB.' : undefined}
      onAttach={async (file) => {
        try {
          await attach({ variables: { expenseId: expense.id, fileId: file.id } });
          notifySuccess(`Se adjuntó ${file.fileName}.`);
          onChanged();
        } catch (caught) {
          const e = asAppError(caught);
          notifyError(e.fields.fileId ?? e.message, 'No se pudo adjuntar');
        }
      }}
      onRemove={async (file) => {
        try {
          await remove({ variables: { id: file.id } });
          onChanged();
        } catch (caught) {
          notifyError(asAppError(caught).message, 'No se pudo quitar');
        }
      }}
    />
  );
}

function Editor({ expense, access, onReload }: { expense: Expense | null; access: ScreenAccess; onReload: () => void }) {
  const navigate = useNavigate();
  const [create] = useMutation(ExpenseCreateDocument);
  const [update] = useMutation(ExpenseUpdateDocument);
  const [attach] = useMutation(ExpenseFileAttachDocument);
  const [askSat, { loading: askingSat }] = useMutation(ExpenseSatStatusRefreshDocument);
  const [cancelling, setCancelling] = useState(false);
  const [cfdi, setCfdi] = useState<{ read: ReadCfdi; unmatched: string[] } | null>(null);
  const supplierAccess = useScreenAccess('Proveedores');
  const orderAccess = useScreenAccess('Órdenes de compra');
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: false } });
  const categories = useQuery(ExpenseCategoryOptionsDocument);
  const editable = expense === null ? access.crear : access.editar && expense.status === 'pendiente' && expense.balance === expense.total && expense.payments.length === 0;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(expense),
    validate: {
      supplierId: (v) => (v ? null : 'Selecciona el proveedor.'),
      date: (v) => (v ? null : 'La fecha es obligatoria.'),
      category: (v) => (v.trim() ? null : 'Este campo es obligatorio.'),
      subtotal: (v, all) => (all.mode === 'subtotal' && !(Number(v) > 0) ? 'Captura el subtotal.' : null),
    },
  });
  const v = form.getValues();
  const totals = preview(v);
  const supplierOptions = (suppliers.data?.supplierOptions ?? []).filter((s) => s.active || s.id === expense?.supplierId);
  const supplier = supplierOptions.find((s) => s.id === v.supplierId);
  const dueDate = supplier && v.date ? dueDateFor(v.date, supplier.creditDays) : null;
  const orders = useQuery(ExpenseOrderOptionsDocument, { variables: { supplierId: v.supplierId }, skip: !v.supplierId || !orderAccess.ver });
  const orderOptions = (orders.data?.purchaseOrders.items ?? [])
    .filter((o) => PAYABLE_ORDER_STATUSES.includes(o.status) || o.id === expense?.purchaseOrderId)
    .map((o) => ({ value: o.id, label: `${o.folioText} · ${formatDate(o.date)} · ${formatMoney(o.total)} · ${PURCHASE_ORDER_STATUS[o.status]?.label ?? o.status}` }));
  const supplierOfCfdi = cfdi ? supplierOptions.find((s) => s.active && s.rfc.toUpperCase() === cfdi.read.emisorRfc) : undefined;
  // What the server says (e.g. a CFDI issued to another RFC) and, live, what the expense as typed says differently.
  const differences = cfdi ? [...cfdi.read.differences, ...cfdiDifferences(cfdi.read, { supplierRfc: supplier?.rfc ?? cfdi.read.emisorRfc, ...totals })] : [];

  const applyCfdi = (read: ReadCfdi, options = supplierOptions) => {
    const values = expenseFromCfdi(read);
    const match = options.find((s) => s.active && s.rfc.toUpperCase() === read.emisorRfc);
    form.setValues({
      ...(match ? { supplierId: match.id } : {}),
      invoiceSerie: values.invoiceSerie,
      invoiceFolio: values.invoiceFolio,
      cfdiUuid: read.uuid,
      date: values.date,
      mode: 'subtotal',
      subtotal: values.subtotal,
      ivaRate: values.ivaRate,
      isrRetentionRate: values.isrRetentionRate,
      ivaRetentionRate: values.ivaRetentionRate,
    });
    setCfdi({ read, unmatched: values.unmatched });
  };

  // The CFDI read becomes the expense's voucher once saved (its UUID is checked again on attaching).
  const attachCfdi = async (expenseId: string) => {
    if (!cfdi || !access.editar) return;
    try {
      await attach({ variables: { expenseId, fileId: cfdi.read.fileId } });
    } catch (caught) {
      const e = asAppError(caught);
      notifyError(e.fields.fileId ?? e.message, 'No se pudo adjuntar');
    }
  };

  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: () => void navigate(SHOPPING_PATHS.expenses), readOnly: !editable });
  const save = () =>
    runSave(async (values) => {
      const input = toInput(values);
      if (expense) {
        await update({ variables: { id: expense.id, version: expense.version, input } });
        await attachCfdi(expense.id);
        return 'Gasto guardado.';
      }
      const created = (await create({ variables: { input } })).data?.expenseCreate;
      if (created) await attachCfdi(created.id);
      // Straight to the saved record: the supplier's XML and PDF attach there.
      return created
        ? { message: `Gasto ${created.folio} registrado: adjunta aquí el XML y el PDF del proveedor.`, onSaved: () => void navigate(withId(SHOPPING_PATHS.expenseForm, created.id), { replace: true }) }
        : 'Gasto registrado.';
    });

  const openBalance = expense && (expense.status === 'pendiente' || expense.status === 'pagado_parcial');

  return (
    <FormPage
      entity="expense"
      title={expense ? `Gasto ${expense.folio} · ${expense.supplierName}` : 'Nuevo gasto'}
      description={expense ? `Factura ${invoiceRef(expense.invoiceSerie, expense.invoiceFolio) || 'sin folio'} del ${formatDate(expense.date)} · vence ${formatDate(expense.dueDate)}` : 'Registra la factura del proveedor.'}
      headerActions={expense ? <DocumentActions status={{ status: expense.status, labels: EXPENSE_STATUS }} actions={[]} /> : undefined}
      onSubmit={save}
      onCancel={() => void navigate(SHOPPING_PATHS.expenses)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
      extraActions={
        expense ? (
          <DocumentActions
            collapse={false}
            actions={[
              { key: 'pay', label: 'Registrar pago', icon: <IconCash size={16} />, variant: 'light', show: !!openBalance && (expense.match?.payable ?? true), to: `${SHOPPING_PATHS.payoffs}?new=1&supplierId=${expense.supplierId}` },
              { key: 'cancel', label: 'Cancelar gasto', icon: <IconX size={16} />, color: CANCEL_COLOR, variant: 'light', show: access.eliminar && expense.status === 'pendiente' && expense.payments.length === 0, run: () => setCancelling(true) },
            ]}
          />
        ) : null
      }
    >
      <Stack gap="md">
        {expense?.status === 'cancelado' ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} title="Gasto cancelado">
            {expense.cancelReason}
          </Alert>
        ) : null}
        {expense && !editable && expense.status !== 'cancelado' ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {expense.payments.length ? 'El gasto tiene pagos: ya no se puede modificar.' : 'Solo lectura.'}
          </Alert>
        ) : null}
        {expense?.cfdiUuid && expense.status !== 'cancelado' ? (
          <CfdiSatStatus
            status={expense.satStatus ?? null}
            checkedAt={expense.satCheckedAt ?? null}
            canAsk={access.editar}
            asking={askingSat}
            onAsk={() =>
              void askSat({ variables: { id: expense.id } }).then(
                (r) => {
                  const status = r.data?.expenseSatStatusRefresh.satStatus;
                  if (status) notifySuccess(CFDI_TEXTS.satAsked(status), CFDI_TEXTS.satStatus);
                  onReload();
                },
                (caught) => notifyError(asAppError(caught).fields.id ?? asAppError(caught).message, CFDI_TEXTS.satAsk),
              )
            }
          />
        ) : null}
        {expense?.match && expense.status !== 'cancelado' ? <MatchPanel match={expense.match} expense={expense} canAuthorize={orderAccess.autorizar} onChanged={onReload} /> : null}
        {editable ? (
          <Group gap="sm" wrap="wrap">
            <ReadCfdiButton currentFolio={expense?.folio ?? null} onRead={(read) => applyCfdi(read)} />
            <Text size="xs" c="dimmed" style={{ flex: '1 1 16rem' }}>
              {CFDI_TEXTS.readHint}
            </Text>
          </Group>
        ) : null}
        {cfdi ? (
          <CfdiSummary
            cfdi={cfdi.read}
            supplierKnown={!!supplierOfCfdi}
            differences={differences}
            unmatched={cfdi.unmatched}
            canCreateSupplier={supplierAccess.crear}
            onRefreshSuppliers={() =>
              void suppliers.refetch().then((r) => {
                const match = (r.data?.supplierOptions ?? []).find((s) => s.active && s.rfc.toUpperCase() === cfdi.read.emisorRfc);
                if (match) form.setFieldValue('supplierId', match.id);
              })
            }
            onDiscard={() => setCfdi(null)}
          />
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <SupplierSelect suppliers={supplierOptions} disabled={!editable} {...form.getInputProps('supplierId')} />
            <DateField label="Fecha de la factura" required disabled={!editable} {...form.getInputProps('date')} />
            <TextInput label="Vencimiento" readOnly value={dueDate ? `${formatDate(dueDate)} (${supplier?.creditDays ?? 0} días de crédito)` : '—'} />
            <TextInput label="Serie" maxLength={25} disabled={!editable} {...form.getInputProps('invoiceSerie')} />
            <TextInput label="Folio de la factura" maxLength={40} disabled={!editable} {...form.getInputProps('invoiceFolio')} />
            <TextInput label="UUID del CFDI" maxLength={36} placeholder="Opcional" disabled={!editable} {...form.getInputProps('cfdiUuid')} />
            <Autocomplete label="Categoría" required maxLength={80} data={categories.data?.expenseCategories ?? []} disabled={!editable} {...form.getInputProps('category')} />
            {orderAccess.ver ? (
              <Select
                label="Orden de compra"
                placeholder={v.supplierId ? 'Ninguna' : 'Elige primero el proveedor'}
                description="Se concilia con sus recepciones antes de pagar."
                clearable
                data={orderOptions}
                nothingFoundMessage="El proveedor no tiene órdenes autorizadas."
                disabled={!editable || !v.supplierId}
                {...form.getInputProps('purchaseOrderId')}
                onChange={(value) => form.setFieldValue('purchaseOrderId', value ?? '')}
              />
            ) : null}
          </SimpleGrid>
          <Textarea label="Descripción" mt="md" maxLength={500} autosize minRows={2} disabled={!editable} {...form.getInputProps('description')} />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Text fw={600} size="sm">
              Importes
            </Text>
            <SegmentedControl
              size="xs"
              disabled={!editable}
              data={[{ value: 'subtotal', label: 'Por subtotal' }, { value: 'lines', label: 'Por partidas' }]}
              {...form.getInputProps('mode')}
            />
          </Group>
          {v.mode === 'subtotal' ? (
            <NumberField precision={2} label="Subtotal" money min={0} required disabled={!editable} maw={260} {...form.getInputProps('subtotal')} />
          ) : (
            <Stack gap="xs">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Descripción</Table.Th>
                    <Table.Th w={120}>Cantidad</Table.Th>
                    <Table.Th w={160}>Precio unitario</Table.Th>
                    <Table.Th w={140} ta="right">
                      Importe
                    </Table.Th>
                    <Table.Th w={40} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {v.lines.map((_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>
                        <TextInput aria-label={`Descripción partida ${i + 1}`} maxLength={300} disabled={!editable} {...form.getInputProps(`lines.${i}.description`)} />
                      </Table.Td>
                      <Table.Td>
                        <NumberField aria-label={`Cantidad partida ${i + 1}`} precision={4} min={0} disabled={!editable} {...form.getInputProps(`lines.${i}.quantity`)} />
                      </Table.Td>
                      <Table.Td>
                        <NumberField aria-label={`Precio partida ${i + 1}`} precision={2} min={0} money disabled={!editable} {...form.getInputProps(`lines.${i}.unitPrice`)} />
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(totals.lineAmounts[i] ?? '0')}</Table.Td>
                      <Table.Td>
                        {editable && v.lines.length > 1 ? (
                          <ActionIcon variant="subtle" color="red" aria-label={`Quitar partida ${i + 1}`} onClick={() => form.removeListItem('lines', i)}>
                            <IconTrash size={14} />
                          </ActionIcon>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {editable ? (
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('lines', { ...EMPTY_LINE })} w="fit-content">
                  Agregar partida
                </Button>
              ) : null}
            </Stack>
          )}
          <TaxTotals
            rateProps={(f) => form.getInputProps(f)}
            amounts={expense && !editable ? expense : totals}
            disabled={!editable}
            label="Totales del gasto"
            mt="md"
            below={
              Number(v.ivaRate) === 0 ? (
                <Checkbox
                  mt="sm"
                  label="Exento de IVA (la DIOT lo reporta aparte de la tasa 0 %)"
                  disabled={!editable}
                  {...form.getInputProps('ivaExempt', { type: 'checkbox' })}
                />
              ) : null
            }
          >
            {expense ? <AmountRow label="Saldo por pagar" value={expense.balance} bold /> : null}
          </TaxTotals>
        </Paper>
        {expense ? (
          <Paper withBorder radius="md" p="md">
            <Text fw={600} size="sm" mb="xs">
              Pagos aplicados
            </Text>
            {expense.payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin pagos.
              </Text>
            ) : (
              <DetailTable
                rows={expense.payments}
                rowKey={(p) => p.paymentId}
                striped={false}
                columns={[
                  {
                    key: 'folio',
                    header: 'Pago',
                    render: (p) => (
                      <Anchor component={Link} to={`${SHOPPING_PATHS.payoffs}?id=${p.paymentId}`} size="sm">
                        {p.paymentFolio}
                      </Anchor>
                    ),
                  },
                  { key: 'date', header: 'Fecha', render: (p) => formatDate(p.date) },
                  { key: 'accountName', header: 'Cuenta' },
                  { key: 'status', header: 'Estado', render: (p) => (p.status === 'cancelado' ? 'Cancelado' : 'Aplicado') },
                  { key: 'amount', header: 'Aplicado', align: 'right', render: (p) => formatMoney(p.amount) },
                ]}
              />
            )}
          </Paper>
        ) : null}
        {expense ? <ExpenseFiles expense={expense} canEdit={access.editar && expense.status !== 'cancelado'} onChanged={onReload} /> : cfdi ? null : (
          <Text size="xs" c="dimmed">
            Los archivos XML y PDF del proveedor se adjuntan después de guardar el gasto.
          </Text>
        )}
      </Stack>
      {cancelling && expense ? (
        <CancelDialog
          expense={expense}
          onClose={() => {
            setCancelling(false);
            onReload();
          }}
        />
      ) : null}
    </FormPage>
  );
}

export function ExpenseFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = idParam(raw);
  const access = useScreenAccess('Gastos');
  const detail = useQuery(ExpenseDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const expense = detail.data?.expense ?? null;
  const gate = recordGate({
    rawId: raw, id, record: expense, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data,
    notFound: 'El gasto no existe o fue eliminado.', back: { label: 'Volver a gastos', to: SHOPPING_PATHS.expenses },
  });
  if (gate) return gate;
  return <Editor key={expense ? `${expense.id}:${expense.version}:${expense.files.length}` : 'new'} expense={expense} access={access} onReload={() => void detail.refetch()} />;
}
