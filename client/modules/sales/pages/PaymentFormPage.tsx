// Formulario de Pagos: a client payment on a date, with its forma de pago,
// deposited into a company account and applied to that client's open
// invoices (never more than each balance nor than the payment; the server
// checks again under lock). `?clientId=&invoiceId=` come from an invoice.
// `?id=N` shows a recorded payment with its parcialidades and cancellation.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconCertificate, IconCode, IconFileText, IconFileZip, IconX } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ClientPaymentCancelDocument,
  ClientPaymentCreateDocument,
  ClientPaymentDetailDocument,
  ClientPaymentStampDocument,
  DepositAccountOptionListDocument,
  PaymentComplementArchiveDocument,
  PaymentComplementPdfDocument,
  PaymentComplementXmlDocument,
  OpenInvoiceListDocument,
  type ClientPaymentDetailQuery,
} from '../../../../generated/modules/sales/graphql';
import { folioLabel, INCOME_LIFECYCLE } from '../../../../schema/sales/labels';
import { canAct } from '../../../../schema/lifecycle';
import { toDecimal, UiDecimal } from '../../../components/decimal';
import { DetailTable } from '../../../components/DetailTable';
import { FormPage } from '../../../components/FormPage';
import { NumberField } from '../../../components/NumberField';
import { DocumentActions } from '../../../components/DocumentActions';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError, type AppError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { documentAction } from '../components/actions';
import { downloadArchive, downloadPdf, downloadXml } from '../components/files';
import { PaymentComplement } from '../components/PaymentComplement';
import { cfdiFileBase, PAYMENT_CFDI_SERIE } from '../../../../schema/sales/paymentComplement';
import { DateField } from '../../../components/DateField';
import { useFormSave } from '../../../components/useFormSave';
import { useScreenAccess, type ScreenAccess } from '../access';
import { formaLabel, PAYMENT_FORMA_OPTIONS } from '../components/catalogs';
import { ClientSelect } from '../components/ClientSelect';

import { errorForForm } from '../../../components/serverErrors';
import { recordGate } from '../../../components/recordGate';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { idParam, recordPath, SALES_PATHS } from '../paths';
import { INCOME_BADGES, texts } from '../texts';
import { todayIso } from '../../../components/dates';
import { CURRENCIES, CURRENCY_LABELS, EXCHANGE_RATE_PLACES, type Currency } from '../../../../schema/sales/currency';
import { proposeApplications, toPaymentCurrency, type PaymentDraft } from '../components/paymentApplications';

const t = texts.payments;
type Payment = NonNullable<ClientPaymentDetailQuery['clientPayment']>;
type Values = { clientId: string; date: string; formaPago: string; accountId: string; amount: string; currency: Currency; exchangeRate: string; reference: string; notes: string; apply: Record<string, string> };

const FIELDS = ['clientId', 'date', 'formaPago', 'accountId', 'amount', 'currency', 'exchangeRate', 'reference', 'notes'];

const tc = t.complement;

function PaymentView({ payment, access, onReload }: { payment: Payment; access: ScreenAccess; onReload: () => void }) {
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [cancel] = useMutation(ClientPaymentCancelDocument);
  const [stamp] = useMutation(ClientPaymentStampDocument);
  const act = documentAction(setError, onReload);
  const label = folioLabel('payment', payment.folio);
  const complement = payment.complementStatus;
  // The complement exists (sealed, stamped, or stamped and cancelled) only in these states: its XML and PDF can be read.
  const hasCfdi = complement === 'timbrado' || complement === 'pendiente' || complement === 'cancelado';
  const fileBase = cfdiFileBase('ComplementoPago', PAYMENT_CFDI_SERIE, payment.folio, payment.uuid);

  const download = async (kind: 'xml' | 'pdf' | 'zip') => {
    try {
      if (kind === 'xml') {
        const r = await apollo.query({ query: PaymentComplementXmlDocument, variables: { id: payment.id }, fetchPolicy: 'network-only' });
        if (r.data?.complementoPagoXml) downloadXml(r.data.complementoPagoXml, fileBase);
      } else if (kind === 'pdf') {
        const r = await apollo.query({ query: PaymentComplementPdfDocument, variables: { id: payment.id }, fetchPolicy: 'network-only' });
        if (r.data?.complementoPagoPdf) downloadPdf(r.data.complementoPagoPdf, fileBase);
      } else {
        const r = await apollo.query({ query: PaymentComplementArchiveDocument, variables: { id: payment.id }, fetchPolicy: 'network-only' });
        if (r.data) {
          downloadArchive(r.data.complementoPagoArchivos);
          notifySuccess(tc.archived);
        }
      }
    } catch (caught) {
      notifyError(asAppError(caught).message, texts.common.actionFailed);
    }
  };

  return (
    <FormPage
      title={`${label} · ${payment.client.name}`}
      description={`${formatDate(payment.date)} · ${formaLabel(payment.formaPago)} · ${payment.accountName}`}
      headerActions={
        <DocumentActions
          status={{ status: payment.status, labels: INCOME_BADGES }}
          actions={[
            {
              key: 'stamp',
              label: tc.stamp,
              icon: <IconCertificate size={16} />,
              // The mutation's ability (crear on Pagos); a cancelled payment issues nothing.
              show: payment.status === 'aplicado' && access.crear && (complement === 'sin_emitir' || complement === 'pendiente' || complement === 'rechazado'),
              confirm: { title: tc.stampTitle(label), message: tc.stampConfirm(label, payment.client.name), confirmLabel: tc.stamp },
              run: () =>
                act(
                  async () => {
                    const r = await stamp({ variables: { id: payment.id } });
                    const uuid = r.data?.clientPaymentStamp.uuid;
                    if (uuid) notifySuccess(tc.stamped(uuid));
                  },
                  '',
                  { reloadOnRefusal: true },
                ),
            },
            { key: 'archive', label: tc.archive, icon: <IconFileZip size={16} />, variant: 'default', show: complement === 'timbrado', run: () => download('zip') },
            { key: 'xml', label: tc.xml, icon: <IconCode size={16} />, variant: 'default', show: hasCfdi, run: () => download('xml') },
            { key: 'pdf', label: tc.pdf, icon: <IconFileText size={16} />, variant: 'default', show: hasCfdi, run: () => download('pdf') },
            { key: 'cancel', label: t.cancel, icon: <IconX size={16} />, color: 'red', variant: 'light', show: canAct(INCOME_LIFECYCLE, 'cancelar', payment.status) && access.eliminar, run: () => setCancelling(true) },
          ]}
        />
      }
      onSubmit={async () => undefined}
      onCancel={() => void navigate(SALES_PATHS.payments)}
      entity="client_payment"
      dirty={false}
      saving={false}
      error={error}
      onReload={onReload}
      readOnly
    >
      <Stack gap="md">
        {payment.cancelReason ? (
          <Alert color="red" variant="light" title={t.cancel}>
            {payment.cancelReason}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
            <TextInput label={t.amountIn(payment.currency)} value={formatMoney(payment.amount)} readOnly variant="filled" />
            <TextInput label={`${t.applied} (${payment.currency})`} value={formatMoney(payment.appliedAmount)} readOnly variant="filled" />
            {payment.currency === 'USD' || payment.applications.some((a) => a.invoiceCurrency === 'USD') ? (
              <TextInput label={t.fields.exchangeRate} value={payment.exchangeRate} readOnly variant="filled" />
            ) : null}
            <TextInput label={t.fields.reference} value={payment.reference} readOnly variant="filled" />
            <TextInput label={t.fields.account} value={payment.accountName} readOnly variant="filled" />
          </SimpleGrid>
        </Paper>
        <PaymentComplement payment={payment} />
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} mb="xs">
            {t.applications}
          </Text>
          <DetailTable
            rows={payment.applications}
            rowKey={(a) => a.id}
            striped={false}
            onRowClick={(a) => void navigate(recordPath(SALES_PATHS.billForm, a.invoiceId))}
            columns={[
              { key: 'invoiceLabel', header: t.appCols.invoice },
              { key: 'installment', header: t.appCols.installment, align: 'right' },
              { key: 'invoiceCurrency', header: t.invoiceCols.currency },
              { key: 'equivalence', header: t.equivalence, align: 'right' },
              { key: 'previous', header: t.appCols.previous, align: 'right', render: (a) => formatMoney(a.previousBalance) },
              { key: 'amount', header: t.appCols.amount, align: 'right', render: (a) => formatMoney(a.amount) },
              { key: 'remaining', header: t.appCols.remaining, align: 'right', render: (a) => formatMoney(a.remainingBalance) },
              { key: 'ppd', header: t.appCols.ppd, render: (a) => (a.isPpd ? texts.common.yes : texts.common.no) },
            ]}
          />
        </Paper>
        {payment.notes ? <Text size="sm">{payment.notes}</Text> : null}
      </Stack>
      <ReasonDialog
        opened={cancelling}
        title={t.cancelTitle}
        confirmLabel={t.cancel}
        onClose={() => setCancelling(false)}
        onConfirm={async (reason) => {
          await cancel({ variables: { id: payment.id, version: payment.version, reason } });
          notifySuccess(t.cancelled);
          onReload();
        }}
      />
    </FormPage>
  );
}

function PaymentEditor({ defaults, access }: { defaults: { clientId: string | null; invoiceId: string | null }; access: ScreenAccess }) {
  const navigate = useNavigate();
  const [create] = useMutation(ClientPaymentCreateDocument);
  const accounts = useQuery(DepositAccountOptionListDocument, { fetchPolicy: 'cache-and-network' });
  const form = useForm<Values>({ mode: 'controlled', initialValues: { clientId: defaults.clientId ?? '', date: todayIso(), formaPago: '03', accountId: '', amount: '', currency: 'MXN', exchangeRate: '', reference: '', notes: '', apply: {} } });
  const v = form.values;
  const open = useQuery(OpenInvoiceListDocument, { variables: { clientId: v.clientId }, skip: !v.clientId, fetchPolicy: 'network-only' });
  const invoices = useMemo(() => open.data?.openInvoices ?? [], [open.data]);
  const currencyOf = (id: string): Currency => invoices.find((inv) => inv.id === id)?.currency ?? 'MXN';
  // What each application (in its invoice's currency) is in the payment's currency.
  const converted = Object.fromEntries(Object.entries(v.apply).map(([id, a]) => [id, toPaymentCurrency(a || '0', currencyOf(id), v.currency, v.exchangeRate)]));
  const needsRate = v.currency === 'USD' || Object.keys(v.apply).some((id) => currencyOf(id) === 'USD');
  const applied = Object.values(converted).reduce((acc, a) => acc.plus(toDecimal(a ?? '0') ?? 0), new UiDecimal(0));
  const unapplied = (toDecimal(v.amount) ?? new UiDecimal(0)).minus(applied);
  const readOnly = !access.crear;

  // The ticked invoices whose amount the form proposed (in tick order): they follow the amount
  // received, the currency and the rate (paymentApplications.ts); a typed amount or «Liquidar» stands.
  const proposed = useRef<string[]>([]);
  const propose = (draft: PaymentDraft) => proposeApplications(draft, proposed.current, invoices);
  const setDraft = (change: Partial<PaymentDraft>) => {
    const values = form.getValues();
    const draft = { amount: values.amount, currency: values.currency, exchangeRate: values.exchangeRate, apply: values.apply, ...change };
    form.setValues({ ...change, apply: propose(draft) });
  };
  const setTyped = (id: string, amount: string) => {
    proposed.current = proposed.current.filter((p) => p !== id);
    form.setFieldValue('apply', { ...form.getValues().apply, [id]: amount });
  };

  // An invoice named in the URL starts ticked, once: unticked afterwards, it stays unticked (`form`
  // is a new object on every render). Its proposal is its whole balance until an amount is captured.
  const preselected = useRef(false);
  useEffect(() => {
    const invoice = invoices.find((i) => i.id === defaults.invoiceId);
    if (!invoice || preselected.current) return;
    preselected.current = true;
    const values = form.getValues();
    if (invoice.id in values.apply) return;
    proposed.current = [...proposed.current, invoice.id];
    form.setFieldValue('apply', proposeApplications({ ...values, apply: { ...values.apply, [invoice.id]: '' } }, proposed.current, invoices));
  }, [defaults.invoiceId, invoices, form]);

  const applications = Object.entries(v.apply).map(([invoiceId, amount]) => ({ invoiceId, amount: amount || '0' }));
  const { save: runSave, saving, error } = useFormSave<Values>({
    form,
    fields: FIELDS,
    onSaved: () => void navigate(SALES_PATHS.payments, { replace: true }),
    readOnly,
    validate: (values) => ({
      ...(values.clientId ? {} : { clientId: 'Este campo es obligatorio.' }),
      ...(values.accountId ? {} : { accountId: 'Este campo es obligatorio.' }),
    }),
    // applications.<i>.* names the i-th applied invoice: show it under that invoice's amount.
    mapError: (appError) => {
      const ids = applications.map((a) => a.invoiceId);
      const mapped: Record<string, string> = {};
      for (const [path, message] of Object.entries(appError.fields)) {
        const m = /^applications\.(\d+)\./.exec(path);
        if (m && ids[Number(m[1])]) mapped[`apply.${ids[Number(m[1])]}`] = message;
      }
      return mapped;
    },
    errorForForm: (appError, placed) => errorForForm(appError, [...placed, 'applications.']),
  });

  const save = () =>
    runSave(async () => {
      const input = {
        clientId: v.clientId,
        date: v.date,
        formaPago: v.formaPago,
        accountId: v.accountId,
        amount: v.amount || '0',
        currency: v.currency,
        exchangeRate: needsRate ? v.exchangeRate || null : null,
        reference: v.reference,
        notes: v.notes,
        applications,
      };
      const result = await create({ variables: { input } });
      const payment = result.data?.clientPaymentCreate;
      const message = t.created(folioLabel('payment', payment?.folio));
      return payment ? { message, onSaved: () => void navigate(recordPath(SALES_PATHS.paymentForm, payment.id), { replace: true }) } : message;
    });

  // Ticking an invoice proposes what is left of the payment, up to the invoice's balance (all of
  // the balance while no payment amount is captured); the person can still change it.
  const toggle = (id: string, checked: boolean) => {
    const apply = { ...v.apply };
    if (checked) {
      proposed.current = [...proposed.current.filter((p) => p !== id), id];
      apply[id] = '';
    } else {
      proposed.current = proposed.current.filter((p) => p !== id);
      delete apply[id];
    }
    setDraft({ apply });
  };

  return (
    <FormPage
      title={t.formNewTitle}
      onSubmit={save}
      onCancel={() => void navigate(SALES_PATHS.payments)}
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      error={error}
      readOnly={readOnly}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <ClientSelect label={texts.common.client} required value={v.clientId} disabled={readOnly} error={typeof form.errors.clientId === 'string' ? form.errors.clientId : undefined} onChange={(id) => {
                proposed.current = [];
                form.setValues({ clientId: id, apply: {} });
              }} />
            <DateField label={t.fields.date} required disabled={readOnly} {...form.getInputProps('date')} />
            <Select label={t.fields.formaPago} data={PAYMENT_FORMA_OPTIONS} searchable allowDeselect={false} required disabled={readOnly} {...form.getInputProps('formaPago')} />
            <Select
              label={t.fields.account}
              data={(accounts.data?.depositAccountOptions ?? []).map((a) => ({ value: a.id, label: [a.name, a.bank, a.number].filter(Boolean).join(' · ') }))}
              required
              disabled={readOnly}
              {...form.getInputProps('accountId')}
              value={v.accountId || null}
              onChange={(value) => form.setFieldValue('accountId', value ?? '')}
            />
            <Select
              label={t.fields.currency}
              data={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
              allowDeselect={false}
              required
              disabled={readOnly}
              {...form.getInputProps('currency')}
              onChange={(value) => setDraft({ currency: (value ?? 'MXN') as Currency })}
            />
            <NumberField precision={2} label={t.amountIn(v.currency)} money min={0} required disabled={readOnly} {...form.getInputProps('amount')} onChange={(amount) => setDraft({ amount })} />
            {needsRate ? (
              <NumberField precision={EXCHANGE_RATE_PLACES} label={t.fields.exchangeRate} description={t.exchangeRateHelp} required disabled={readOnly} {...form.getInputProps('exchangeRate')} onChange={(exchangeRate) => setDraft({ exchangeRate })} />
            ) : null}
            <TextInput label={t.fields.reference} disabled={readOnly} maxLength={200} {...form.getInputProps('reference')} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} mb="xs">
            {t.invoices}
          </Text>
          {typeof form.errors.applications === 'string' ? <Text c="red" size="sm">{form.errors.applications}</Text> : null}
          {v.clientId && invoices.length === 0 && !open.loading ? (
            <Text size="sm" c="dimmed">
              {t.noInvoices}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.invoiceCols.apply}</Table.Th>
                    <Table.Th>{t.invoiceCols.invoice}</Table.Th>
                    <Table.Th>{t.invoiceCols.date}</Table.Th>
                    <Table.Th>{t.invoiceCols.dueDate}</Table.Th>
                    <Table.Th>{t.invoiceCols.metodo}</Table.Th>
                    <Table.Th>{t.invoiceCols.currency}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t.invoiceCols.total}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t.invoiceCols.balance}</Table.Th>
                    <Table.Th style={{ width: '15rem' }}>{t.invoiceCols.amount}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoices.map((inv) => {
                    const selected = inv.id in v.apply;
                    const fieldError = form.errors[`apply.${inv.id}`];
                    return (
                      <Table.Tr key={inv.id}>
                        <Table.Td>
                          <Checkbox aria-label={`${t.invoiceCols.apply} ${inv.label}`} checked={selected} disabled={readOnly} onChange={(e) => toggle(inv.id, e.currentTarget.checked)} />
                        </Table.Td>
                        <Table.Td>{inv.label}</Table.Td>
                        <Table.Td>{formatDate(inv.date)}</Table.Td>
                        <Table.Td>{formatDate(inv.dueDate)}</Table.Td>
                        <Table.Td>{inv.metodoPago}</Table.Td>
                        <Table.Td>{inv.currency}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>{formatMoney(inv.total)}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>{formatMoney(inv.balance)}</Table.Td>
                        <Table.Td>
                          {selected ? (
                            <Group gap={4} wrap="nowrap">
                              <NumberField precision={2}
                                aria-label={`${t.invoiceCols.amount} ${inv.label}`}
                                money
                                min={0}
                                max={inv.balance}
                                value={v.apply[inv.id]}
                                error={typeof fieldError === 'string' ? fieldError : undefined}
                                onChange={(value) => setTyped(inv.id, value)}
                              />
                              <Button size="compact-xs" variant="subtle" onClick={() => setTyped(inv.id, new UiDecimal(inv.balance).toFixed(2))}>
                                {t.payAll}
                              </Button>
                            </Group>
                          ) : null}
                          {selected && inv.currency !== v.currency ? (
                            <Text size="xs" c="dimmed">
                              {converted[inv.id] === null ? t.needsRate : t.inPaymentCurrency(formatMoney(converted[inv.id] as string), v.currency)}
                            </Text>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="flex-end" gap="lg" mt="xs">
            <Text size="sm">
              {t.applied}: <b>{formatMoney(applied.toFixed(2))} {v.currency}</b>
            </Text>
            <Text size="sm" c={unapplied.isNegative() ? 'red' : undefined}>
              {t.unapplied}: <b>{formatMoney(unapplied.toFixed(2))} {v.currency}</b>
            </Text>
          </Group>
        </Paper>
        <Textarea label={t.fields.notes} autosize minRows={2} disabled={readOnly} {...form.getInputProps('notes')} />
      </Stack>
    </FormPage>
  );
}

export function PaymentFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const access = useScreenAccess('Pagos');
  const detail = useQuery(ClientPaymentDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const payment = detail.data?.clientPayment ?? null;
  const gate = recordGate({ rawId, id, record: payment, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data, notFound: texts.common.notFound, back: { label: texts.common.back, to: SALES_PATHS.payments } });
  if (gate) return gate;
  if (payment) return <PaymentView key={`${payment.id}:${payment.version}`} payment={payment} access={access} onReload={() => void detail.refetch()} />;
  return <PaymentEditor defaults={{ clientId: idParam(searchParams.get('clientId')), invoiceId: idParam(searchParams.get('invoiceId')) }} access={access} />;
}
