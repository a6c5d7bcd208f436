// Pagos a proveedores: one payment from one account to one supplier, applied
// to that supplier's open expenses. The server keeps the figures exact (no
// overpayment, no negative account) in one transaction; cancelling reverses it.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconPlus, IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  AccountOptionListDocument,
  CompanyAccountListDocument,
  ExpenseListDocument,
  OpenExpenseListDocument,
  SupplierOptionsDocument,
  SupplierPaymentCancelDocument,
  SupplierPaymentCreateDocument,
  SupplierPaymentDetailDocument,
  SupplierPaymentListDocument,
  type SupplierPaymentFieldsFragment,
  type SupplierPaymentFilter,
  type SupplierPaymentStatus,
} from '../../../../generated/modules/shopping/graphql';
import { CANCEL_COLOR } from '../../../components/confirm';
import { toDecimal, UiDecimal } from '../../../components/decimal';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { invoiceRef, PAYMENT_FORMS, PAYMENT_STATUS, paymentFormLabel, SHOPPING_PATHS, withId } from '../texts';
import { useScreenAccess } from '../access';
import { idParam, todayIso } from '../../../components/dates';
import { errorForForm } from '../../../components/serverErrors';
import { FormDialog } from '../../../components/EditDialog';
import { DateField } from '../../../components/DateField';
import { useFormSave } from '../../../components/useFormSave';
import { InfoField } from '../../../components/InfoField';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { SupplierFilter } from '../components/SupplierSelect';

const COLUMNS: ListColumn<SupplierPaymentFieldsFragment>[] = [
  { key: 'folio', header: 'Folio', sortable: true, width: 80 },
  { key: 'date', header: 'Fecha', format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'supplier', header: 'Proveedor', sortable: true, render: (r) => r.supplierName, exportValue: (r) => r.supplierName },
  { key: 'account', header: 'Cuenta', sortable: true, render: (r) => r.accountName, exportValue: (r) => r.accountName },
  { key: 'paymentForm', header: 'Forma de pago', render: (r) => paymentFormLabel(r.paymentForm), exportValue: (r) => paymentFormLabel(r.paymentForm) },
  { key: 'reference', header: 'Referencia' },
  { key: 'amount', header: 'Importe', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={PAYMENT_STATUS} />, exportValue: (r) => PAYMENT_STATUS[r.status]?.label ?? r.status },
];

const sumOf = (values: string[]) => values.reduce((t, v) => t.plus(toDecimal(v) ?? 0), new UiDecimal(0));

function NewPaymentDialog({ initialSupplierId, onClose }: { initialSupplierId: string | null; onClose: () => void }) {
  const [create] = useMutation(SupplierPaymentCreateDocument);
  const accounts = useQuery(AccountOptionListDocument, { variables: { activeOnly: true }, fetchPolicy: 'network-only' });
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: false }, fetchPolicy: 'cache-and-network' });
  const form = useForm({
    mode: 'controlled',
    initialValues: { accountId: '', supplierId: initialSupplierId ?? '', date: todayIso(), paymentForm: '03', reference: '', notes: '', applied: {} as Record<string, string> },
  });
  const v = form.getValues();
  const open = useQuery(OpenExpenseListDocument, { variables: { supplierId: v.supplierId }, skip: !v.supplierId, fetchPolicy: 'network-only' });
  const expenses = v.supplierId ? (open.data?.openExpenses ?? []) : [];
  // Keys are prefixed so a numeric id is never read as an array index by the form.
  const appliedOf = (expenseId: string) => v.applied[`e${expenseId}`] ?? '';
  const applications = expenses.filter((e) => (toDecimal(appliedOf(e.id)) ?? new UiDecimal(0)).gt(0)).map((e) => ({ expenseId: e.id, amount: appliedOf(e.id) }));
  const total = sumOf(applications.map((a) => a.amount));
  const account = accounts.data?.accountOptions.find((a) => a.id === v.accountId);

  const FIELDS = ['accountId', 'supplierId', 'date', 'paymentForm', 'reference', 'notes'];
  const { save: runSave, saving, error } = useFormSave({
    form,
    fields: FIELDS,
    onSaved: onClose,
    // "applications.2.amount" → the row of the third expense sent.
    mapError: (e) => {
      const mapped: Record<string, string> = {};
      for (const [path, message] of Object.entries(e.fields)) {
        const m = /^applications\.(\d+)\./.exec(path);
        if (m && applications[Number(m[1])]) mapped[`applied.e${applications[Number(m[1])].expenseId}`] = message;
      }
      return mapped;
    },
    errorForForm: (e, placed) => errorForForm(e, [...placed, ...Object.keys(e.fields).filter((p) => p.startsWith('applications.'))]),
  });
  const save = () =>
    runSave(async () => {
      const r = await create({
        variables: { input: { accountId: v.accountId, supplierId: v.supplierId, date: v.date, paymentForm: v.paymentForm, reference: v.reference, notes: v.notes, amount: total.toFixed(2), applications } },
        refetchQueries: [SupplierPaymentListDocument, ExpenseListDocument, AccountOptionListDocument, CompanyAccountListDocument],
      });
      return `Pago ${r.data?.supplierPaymentCreate.folio ?? ''} registrado por ${formatMoney(total.toFixed(2))}.`;
    });

  return (
    <FormDialog title="Nuevo pago a proveedor" opened onClose={onClose} onSubmit={save} saving={saving} error={error} submitLabel={`Registrar pago por ${formatMoney(total.toFixed(2))}`} size="xl">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="Proveedor"
          required
          searchable
          data={(suppliers.data?.supplierOptions ?? []).map((s) => ({ value: s.id, label: s.name }))}
          {...form.getInputProps('supplierId')}
          onChange={(value) => {
            form.setFieldValue('supplierId', value ?? '');
            form.setFieldValue('applied', {});
          }}
        />
        <Select
          label="Cuenta de retiro"
          required
          searchable
          data={(accounts.data?.accountOptions ?? []).map((a) => ({ value: a.id, label: `${a.name} (${formatMoney(a.balance)})` }))}
          {...form.getInputProps('accountId')}
        />
        <DateField label="Fecha de pago" required {...form.getInputProps('date')} />
        <Select label="Forma de pago" allowDeselect={false} data={PAYMENT_FORMS} {...form.getInputProps('paymentForm')} />
        <TextInput label="Referencia" maxLength={100} placeholder="SPEI, cheque…" {...form.getInputProps('reference')} />
        <TextInput label="Notas" maxLength={500} {...form.getInputProps('notes')} />
      </SimpleGrid>
      {v.supplierId ? (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Gastos por pagar">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Gasto</Table.Th>
                <Table.Th>Factura</Table.Th>
                <Table.Th>Vence</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
                <Table.Th w={190}>Aplicar</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {expenses.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.folio}</Table.Td>
                  <Table.Td>{invoiceRef(e.invoiceSerie, e.invoiceFolio) || e.description}</Table.Td>
                  <Table.Td>
                    {formatDate(e.dueDate)}
                    {e.daysOverdue > 0 ? (
                      <Text span size="xs" c="red" ml={4}>
                        ({e.daysOverdue} d)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(e.balance)}</Table.Td>
                  <Table.Td>
                    <NumberField precision={2} aria-label={`Aplicar al gasto ${e.folio}`} money min={0} max={e.balance} maxLabel="el saldo" {...form.getInputProps(`applied.e${e.id}`)} value={appliedOf(e.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" onClick={() => form.setFieldValue(`applied.e${e.id}`, e.balance)}>
                      Liquidar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {expenses.length === 0 && !open.loading ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center">
                      El proveedor no tiene gastos por pagar.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          Elige el proveedor para ver sus gastos por pagar.
        </Text>
      )}
      <Group justify="flex-end" gap="lg">
        {account ? (
          <Text size="sm" c={total.gt(account.balance) ? 'red' : 'dimmed'}>
            Saldo de la cuenta: {formatMoney(account.balance)}
          </Text>
        ) : null}
        <Text fw={700}>Total del pago: {formatMoney(total.toFixed(2))}</Text>
      </Group>
    </FormDialog>
  );
}

function PaymentDialog({ id, canCancel, onClose }: { id: string; canCancel: boolean; onClose: () => void }) {
  const { data, error } = useQuery(SupplierPaymentDetailDocument, { variables: { id }, fetchPolicy: 'network-only' });
  const [cancel] = useMutation(SupplierPaymentCancelDocument);
  const [cancelling, setCancelling] = useState(false);
  const p = data?.supplierPayment;
  const loadError = readGraphQLError(error);
  const record = p ? { noun: 'el pago', reference: String(p.folio) } : undefined;
  return (
    <FormDialog
      title={p ? `Pago ${p.folio} · ${p.supplierName}` : 'Pago'}
      opened
      onClose={onClose}
      onSubmit={async () => undefined}
      saving={false}
      readOnly
      record={record}
      history={p ? { entity: 'supplier_payment', id: p.id } : undefined}
      size="xl"
      extraActions={
        p && canCancel && p.status === 'aplicado' ? (
          <Button variant="light" color={CANCEL_COLOR} leftSection={<IconX size={16} />} onClick={() => setCancelling(true)}>
            Cancelar pago
          </Button>
        ) : null
      }
    >
      {loadError ? <Alert color="red">{loadError.message}</Alert> : null}
      {p ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <InfoField label="Fecha" value={formatDate(p.date)} />
            <InfoField label="Cuenta" value={p.accountName} />
            <InfoField label="Forma de pago" value={paymentFormLabel(p.paymentForm)} />
            <InfoField label="Referencia" value={p.reference || '—'} />
            <InfoField label="Importe" value={formatMoney(p.amount)} />
            <InfoField label="Aplicado" value={formatMoney(p.applied)} />
            <InfoField label="Estado" value={<StatusBadge status={p.status} labels={PAYMENT_STATUS} />} />
            {p.cancelReason ? <InfoField label="Motivo de cancelación" value={p.cancelReason} /> : null}
          </SimpleGrid>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Gasto</Table.Th>
                <Table.Th>Factura</Table.Th>
                <Table.Th ta="right">Aplicado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.applications.map((a) => (
                <Table.Tr key={a.expenseId}>
                  <Table.Td>
                    <Anchor component={Link} to={withId(SHOPPING_PATHS.expenseForm, a.expenseId)} size="sm">
                      {a.expenseFolio}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{a.invoiceRef}</Table.Td>
                  <Table.Td ta="right">{formatMoney(a.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      {p ? (
        <ReasonDialog
          opened={cancelling}
          title={`Cancelar el pago ${p.folio}`}
          message={
            <Stack gap={4}>
              <Text size="sm">{irreversibleQuestion('cancelar', record ?? null)}</Text>
              <Text size="sm">Se devolverá {formatMoney(p.amount)} a la cuenta y el saldo de cada gasto.</Text>
            </Stack>
          }
          confirmLabel="Cancelar pago"
          reasonLabel="Motivo de la cancelación"
          onClose={(done) => {
            setCancelling(false);
            if (done) onClose();
          }}
          onConfirm={async (reason) => {
            await cancel({ variables: { id: p.id, reason }, refetchQueries: [SupplierPaymentListDocument, ExpenseListDocument, AccountOptionListDocument, CompanyAccountListDocument] });
            notifySuccess(`Pago ${p.folio} cancelado; los saldos se restauraron.`);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

export function PayoffsPage() {
  const client = useApolloClient();
  const access = useScreenAccess('Pagos');
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = idParam(searchParams.get('id'));
  const creating = searchParams.get('new') === '1';
  const params = useListParams({ sortBy: 'date', sortDirection: 'DESC', filters: { status: '', supplierId: '', accountId: '', ...dateRangeDefaults() } });
  const { status, supplierId, accountId, from, to } = params.filters;
  const filter = useMemo<SupplierPaymentFilter>(
    () => ({ ...(status ? { status: status as SupplierPaymentStatus } : {}), ...(supplierId ? { supplierId } : {}), ...(accountId ? { accountId } : {}), ...dateRangeFilter({ from, to }) }),
    [status, supplierId, accountId, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(SupplierPaymentListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const suppliers = useQuery(SupplierOptionsDocument, { variables: { activeOnly: false }, fetchPolicy: 'cache-and-network' });
  const accounts = useQuery(AccountOptionListDocument, { variables: { activeOnly: false }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.supplierPayments;

  const setParam = (changes: Record<string, string | null>) =>
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: SupplierPaymentListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.supplierPayments ?? { items: [], total: 0 };
    });

  return (
    <>
      <ListPage
        description="Pagos a proveedores desde las cuentas de la empresa, aplicados a sus gastos."
        exportName="Pagos a proveedores"
        searchPlaceholder="Buscar por proveedor, cuenta, referencia o folio"
        columns={COLUMNS}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => setParam({ id: r.id })}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setParam({ new: '1', supplierId: null })}>
              Nuevo pago
            </Button>
          ) : undefined
        }
        filters={
          <>
            <Select aria-label="Estado" placeholder="Todos los estados" data={Object.entries(PAYMENT_STATUS).map(([value, s]) => ({ value, label: s.label }))} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={170} />
            <SupplierFilter suppliers={suppliers.data?.supplierOptions ?? []} value={supplierId} onChange={(v) => params.setFilter('supplierId', v)} />
            <Select aria-label="Cuenta" placeholder="Todas las cuentas" data={(accounts.data?.accountOptions ?? []).map((a) => ({ value: a.id, label: a.name }))} value={accountId || null} onChange={(v) => params.setFilter('accountId', v ?? '')} clearable w={200} />
            <DateRangeFilter params={params} label="Fecha de pago" />
          </>
        }
      />
      {creating && access.crear ? <NewPaymentDialog initialSupplierId={searchParams.get('supplierId')} onClose={() => setParam({ new: null, supplierId: null })} /> : null}
      {selected ? <PaymentDialog key={selected} id={selected} canCancel={access.eliminar} onClose={() => setParam({ id: null })} /> : null}
    </>
  );
}
