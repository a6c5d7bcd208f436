// Formulario de Facturas: a borrador bills authorised generadores of one
// client (their concepts come along, no retyping) and/or free lines, with
// serie, fecha, método (PPD forces forma 99), forma de pago, uso CFDI and
// retentions; totals are previewed with the CFDI rules. "Emitir" assigns the
// folio, seals the CFDI with the company's CSD and has the PAC stamp it;
// afterwards the invoice is read-only and shows its Timbre fiscal («Timbrar»
// again when the PAC did not answer), and offers its XML, PDF, payments and
// cancellation (with a reason, only without payments).
import { useState } from 'react';
import { Alert, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconCash, IconCertificate, IconCode, IconFileText, IconFileZip, IconReceiptRefund, IconSend, IconX } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  BillableGeneratorsDocument,
  CompanyProfileDetailDocument,
  InvoiceCancelDocument,
  InvoiceCancelStatusDocument,
  InvoiceCreateDocument,
  InvoiceDetailDocument,
  InvoiceEmitDocument,
  InvoiceStampDocument,
  InvoicePdfDocument,
  InvoiceUpdateDocument,
  InvoiceXmlDocument,
  type InvoiceAnticipoFieldsFragment,
  type InvoiceDetailQuery,
} from '../../../../generated/modules/sales/graphql';
import { anticipoLine } from '../../../../schema/sales/anticipos';
import { AnticipoApplyDialog, InvoiceKindFields, KIND_FIELDS, kindInput, kindValuesOf, RelatedCfdis, type KindValues } from '../components/Anticipos';
import { folioLabel, INVOICE_LIFECYCLE } from '../../../../schema/sales/labels';
import { canAct } from '../../../../schema/lifecycle';
import { DetailTable } from '../../../components/DetailTable';
import { FormPage } from '../../../components/FormPage';
import { DocumentActions } from '../../../components/DocumentActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { DateField } from '../../../components/DateField';
import { useScreenAccess, type ScreenAccess } from '../access';
import { documentAction } from '../components/actions';
import { FORMA_OPTIONS, INVOICE_USO_OPTIONS, METODO_OPTIONS } from '../components/catalogs';
import { ClientSelect, type ClientOption } from '../components/ClientSelect';

import { asAppError } from '../../../components/serverErrors';
import { downloadInvoicesArchive, downloadPdf, downloadXml } from '../components/files';
import { LinesEditor, newLine, toLineInputs, type LineValues } from '../components/LinesEditor';
import { InvoiceStamp } from '../components/InvoiceStamp';
import { CreditNoteDialog } from '../components/CreditNoteDialog';
import { CreditNotes } from '../components/CreditNotes';
import { SatCancelFields, type SatCancelValues } from '../components/SatCancelFields';
import { recordGate } from '../../../components/recordGate';
import { formatQuantity } from '../components/quantity';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { InvoiceTaxControls, previewTotals, retentionMode, TotalsPanel, type RetentionMode } from '../components/Totals';
import type { IvaKind } from '../../../../schema/sales/totals';
import { idParam, recordPath, SALES_PATHS, withQuery } from '../paths';
import { INCOME_BADGES, INVOICE_BADGES, texts } from '../texts';
import { todayIso } from '../../../components/dates';
import { NumberField } from '../../../components/NumberField';
import { CURRENCIES, CURRENCY_LABELS, EXCHANGE_RATE_PLACES, type Currency } from '../../../../schema/sales/currency';
import { useFormSave } from '../../../components/useFormSave';

const t = texts.bills;
type Invoice = NonNullable<InvoiceDetailQuery['invoice']>;
type Values = {
  clientId: string;
  serie: string;
  date: string;
  formaPago: string;
  metodoPago: string;
  usoCfdi: string;
  notes: string;
  ivaKind: IvaKind;
  isr: RetentionMode;
  iva: RetentionMode;
  generatorIds: string[];
  lines: LineValues[];
  currency: Currency;
  exchangeRate: string;
} & KindValues;

const FIELDS = ['clientId', 'serie', 'date', 'formaPago', 'metodoPago', 'usoCfdi', 'notes', 'ivaKind', 'isrRetention', 'ivaRetention', 'ivaRetentionKind', 'lines', 'lines.', 'generatorIds', 'generatorIds.', 'currency', 'exchangeRate', ...KIND_FIELDS];

function valuesOf(inv: Invoice | null, defaults: { clientId: string | null; generatorId: string | null; serie: string }): Values {
  if (inv) {
    return {
      clientId: inv.client.id,
      serie: inv.serie,
      date: inv.date,
      formaPago: inv.formaPago,
      metodoPago: inv.metodoPago,
      usoCfdi: inv.usoCfdi,
      notes: inv.notes,
      ivaKind: inv.ivaKind as IvaKind,
      isr: retentionMode(inv.isrRetentionRate),
      iva: retentionMode(inv.ivaRetentionRate),
      generatorIds: inv.generators.map((g) => g.id),
      // A factura de anticipo's one concept is the server's, from its amount.
      lines: (inv.kind === 'ANTICIPO' ? [] : inv.lines)
        .filter((l) => !l.generatorId)
        .map((l) => newLine({ description: l.description, prodServKey: l.prodServKey, unitKey: l.unitKey, unitName: l.unitName, quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent, objetoImp: l.objetoImp })),
      currency: inv.currency,
      exchangeRate: inv.currency === 'USD' ? inv.exchangeRate : '',
      ...kindValuesOf(inv, todayIso()),
    };
  }
  return {
    clientId: defaults.clientId ?? '',
    serie: defaults.serie,
    date: todayIso(),
    formaPago: '99',
    metodoPago: 'PPD',
    usoCfdi: 'G03',
    notes: '',
    ivaKind: 'TASA_16',
    isr: 'auto',
    iva: 'auto',
    generatorIds: defaults.generatorId ? [defaults.generatorId] : [],
    lines: defaults.generatorId ? [] : [newLine()],
    currency: 'MXN',
    exchangeRate: '',
    ...kindValuesOf(null, todayIso()),
  };
}

function BillEditor({ invoice, defaults, access, onReload }: { invoice: Invoice | null; defaults: { clientId: string | null; generatorId: string | null }; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const paymentAccess = useScreenAccess('Pagos');
  const [cancelling, setCancelling] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [applying, setApplying] = useState<InvoiceAnticipoFieldsFragment | null>(null);
  const [satCancel, setSatCancel] = useState<SatCancelValues>({ motivo: null, substituteId: null });
  const [satErrors, setSatErrors] = useState<Record<string, string>>({});
  const [checkCancellation] = useMutation(InvoiceCancelStatusDocument);
  const [client, setClient] = useState<ClientOption | null>(invoice ? invoice.client : null);
  const company = useQuery(CompanyProfileDetailDocument, { fetchPolicy: 'cache-first' }).data?.companyProfile;
  const [create] = useMutation(InvoiceCreateDocument);
  const [update] = useMutation(InvoiceUpdateDocument);
  const [emit] = useMutation(InvoiceEmitDocument);
  const [stamp] = useMutation(InvoiceStampDocument);
  const [cancel] = useMutation(InvoiceCancelDocument);
  const editable = invoice ? invoice.status === 'borrador' && access.editar : access.crear;
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(invoice, { ...defaults, serie: company?.defaultSeries ?? 'A' }), validate: { clientId: (value) => (value ? null : 'Este campo es obligatorio.') } });
  const v = form.values;
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => onReload?.(), readOnly: !editable });
  const billable = useQuery(BillableGeneratorsDocument, { variables: { clientId: v.clientId }, skip: !v.clientId || !editable, fetchPolicy: 'network-only' });
  // Authorised generadores free to bill, or already in this draft.
  const generators = (billable.data?.generators.items ?? []).filter((g) => !g.invoiceId || g.invoiceId === invoice?.id);
  const generatorLines = generators.filter((g) => v.generatorIds.includes(g.id)).flatMap((g) => g.lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, objetoImp: '02' })));
  const anticipoKind = v.kind === 'ANTICIPO';
  const totals = previewTotals(anticipoKind ? [anticipoLine(v.anticipoAmount || '0')] : [...generatorLines, ...v.lines], company, client?.rfc ?? invoice?.client.rfc, { isr: v.isr, iva: v.iva, ivaKind: v.ivaKind });
  const act = documentAction(setError, onReload);
  const seriesOptions = (company?.invoiceSeries ?? [v.serie]).map((s) => ({ value: s, label: s }));

  const save = () =>
    runSave(async () => {
      const input = {
        clientId: v.clientId,
        serie: v.serie,
        date: v.date,
        formaPago: v.formaPago,
        metodoPago: v.metodoPago,
        usoCfdi: v.usoCfdi,
        notes: v.notes,
        isrRetention: v.isr === 'auto' ? null : v.isr === 'yes',
        ivaRetention: v.iva === 'auto' ? null : v.iva === 'yes' || v.iva === 'six',
        ivaKind: v.ivaKind,
        ivaRetentionKind: v.iva === 'six' ? ('SEIS' as const) : v.iva === 'yes' ? ('DOS_TERCIOS' as const) : null,
        // A factura de anticipo carries only its amount: the server writes its one concept.
        generatorIds: anticipoKind ? [] : v.generatorIds,
        lines: anticipoKind ? [] : toLineInputs(v.lines, { withObjetoImp: true }),
        currency: v.currency,
        exchangeRate: v.currency === 'USD' ? v.exchangeRate || null : null,
        ...kindInput(v),
      };
      if (invoice) {
        await update({ variables: { id: invoice.id, version: invoice.version, input } });
        return texts.common.saved;
      }
      const result = await create({ variables: { input } });
      const id = result.data?.invoiceCreate.id;
      return { message: t.created, onSaved: () => void navigate(id ? recordPath(SALES_PATHS.billForm, id) : SALES_PATHS.bills, { replace: true }) };
    });

  const fetchDocument = async (kind: 'xml' | 'pdf') => {
    if (!invoice) return;
    const name = `Factura-${invoice.folio ? `${invoice.serie}-${invoice.folio}` : `borrador-${invoice.id}`}`;
    try {
      if (kind === 'xml') {
        const r = await apollo.query({ query: InvoiceXmlDocument, variables: { id: invoice.id }, fetchPolicy: 'network-only' });
        if (r.data) downloadXml(r.data.facturaXml, name);
      } else {
        const r = await apollo.query({ query: InvoicePdfDocument, variables: { id: invoice.id }, fetchPolicy: 'network-only' });
        if (r.data) downloadPdf(r.data.facturaPdf, name);
      }
    } catch (caught) {
      notifyError(asAppError(caught).message, texts.common.actionFailed);
    }
  };

  const setMetodo = (metodo: string) => {
    // PPD is paid later: its forma de pago is always 99 (por definir).
    form.setValues({ metodoPago: metodo, formaPago: metodo === 'PPD' ? '99' : v.formaPago === '99' ? '03' : v.formaPago });
  };

  const headerActions = invoice ? (
    <DocumentActions
      status={{ status: invoice.status, labels: INVOICE_BADGES }}
      actions={[
        { key: 'xml', label: t.xml, icon: <IconCode size={16} />, variant: 'default', show: true, run: () => fetchDocument('xml') },
        { key: 'pdf', label: texts.common.pdf, icon: <IconFileText size={16} />, variant: 'default', show: true, run: () => fetchDocument('pdf') },
        {
          key: 'archive',
          label: texts.bills.bulkArchive,
          icon: <IconFileZip size={16} />,
          variant: 'default',
          show: invoice.stampStatus === 'timbrada',
          run: async () => {
            try {
              await downloadInvoicesArchive(apollo, [invoice.id]);
              notifySuccess(texts.bills.bulkArchived(1));
            } catch (caught) {
              notifyError(asAppError(caught).message, texts.common.actionFailed);
            }
          },
        },
        {
          key: 'emit',
          label: t.emit,
          icon: <IconSend size={16} />,
          show: canAct(INVOICE_LIFECYCLE, 'emitir', invoice.status) && access.autorizar,
          confirm: { title: t.emit, message: t.emitConfirm + (form.isDirty() ? texts.common.dirtyDiscard : ''), confirmLabel: t.emit },
          run: () =>
            act(
              async () => {
                const r = await emit({ variables: { id: invoice.id, version: invoice.version } });
                const label = r.data?.invoiceEmit.label;
                if (label) notifySuccess(t.emitted(label));
              },
              '',
              { reloadOnRefusal: true },
            ),
        },
        {
          key: 'stamp',
          label: t.stamp,
          icon: <IconCertificate size={16} />,
          show: invoice.stampStatus === 'pendiente' && access.autorizar,
          confirm: { title: t.stamp, message: t.stampConfirm, confirmLabel: t.stamp },
          run: () =>
            act(
              async () => {
                const r = await stamp({ variables: { id: invoice.id } });
                const uuid = r.data?.invoiceStamp.uuid;
                if (uuid) notifySuccess(t.stamped(uuid));
              },
              '',
              { reloadOnRefusal: true },
            ),
        },
        {
          key: 'registerPayment',
          label: t.registerPayment,
          icon: <IconCash size={16} />,
          color: 'teal',
          show: canAct(INVOICE_LIFECYCLE, 'cobrar', invoice.status) && paymentAccess.crear,
          run: () => navigate(withQuery(SALES_PATHS.paymentForm, { clientId: invoice.client.id, invoiceId: invoice.id })),
        },
        {
          key: 'creditNote',
          label: texts.creditNotes.action,
          icon: <IconReceiptRefund size={16} />,
          variant: 'light',
          // A stamped invoice with a balance, not cancelled nor with a cancellation in process.
          show: invoice.stampStatus === 'timbrada' && canAct(INVOICE_LIFECYCLE, 'acreditar', invoice.status) && Number(invoice.balance) > 0 && invoice.satCancelStatus !== 'solicitada' && access.crear,
          run: () => setCrediting(true),
        },
        {
          key: 'checkCancellation',
          label: t.satCancel.checkStatus,
          icon: <IconCertificate size={16} />,
          show: invoice.satCancelStatus === 'solicitada' && access.eliminar,
          run: () =>
            act(async () => {
              await checkCancellation({ variables: { id: invoice.id } });
            }, t.satCancel.checked),
        },
        {
          key: 'cancel',
          label: t.cancel,
          icon: <IconX size={16} />,
          color: 'red',
          variant: 'light',
          show: canAct(INVOICE_LIFECYCLE, 'cancelar', invoice.status) && access.eliminar && invoice.satCancelStatus !== 'solicitada',
          run: () => setCancelling(true),
        },
      ]}
    />
  ) : undefined;

  return (
    <FormPage
      entity="invoice"
      title={invoice ? `${invoice.label} · ${invoice.client.name}` : t.formNewTitle}
      description={invoice ? `${formatDate(invoice.date)} · ${t.fields.dueDate}: ${formatDate(invoice.dueDate)}` : undefined}
      headerActions={headerActions}
      onSubmit={save}
      onCancel={() => void navigate(SALES_PATHS.bills)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
    >
      <Stack gap="md">
        {invoice && invoice.status !== 'borrador' && (invoice.stampStatus || invoice.emittedAt) ? <InvoiceStamp invoice={invoice} /> : null}
        {invoice?.cancelReason ? (
          <Alert color="red" variant="light" title={t.cancel}>
            {invoice.cancelReason}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <ClientSelect
              label={texts.common.client}
              required
              value={v.clientId}
              known={invoice?.client ?? null}
              disabled={!editable}
              error={typeof form.errors.clientId === 'string' ? form.errors.clientId : undefined}
              onChange={(id, c) => {
                // The client's usual uso de CFDI and currency are proposed; the person may change them.
                form.setValues({ clientId: id, generatorIds: [], anticipoIds: [], ...(c?.usoCfdi ? { usoCfdi: c.usoCfdi } : {}), ...(c?.currency ? { currency: c.currency, ...(c.currency === 'MXN' ? { exchangeRate: '' } : {}) } : {}) });
                setClient(c);
              }}
            />
            <Select label={t.fields.serie} data={seriesOptions} allowDeselect={false} required disabled={!editable} {...form.getInputProps('serie')} />
            <DateField label={t.fields.date} required disabled={!editable} {...form.getInputProps('date')} />
            <Select label={t.fields.metodoPago} data={METODO_OPTIONS} allowDeselect={false} required disabled={!editable} {...form.getInputProps('metodoPago')} onChange={(value) => setMetodo(value ?? 'PUE')} />
            <Select label={t.fields.formaPago} data={FORMA_OPTIONS} searchable allowDeselect={false} required disabled={!editable || v.metodoPago === 'PPD'} {...form.getInputProps('formaPago')} />
            <Select label={t.fields.usoCfdi} data={INVOICE_USO_OPTIONS} searchable allowDeselect={false} required disabled={!editable} {...form.getInputProps('usoCfdi')} />
            <Select
              label={t.fields.currency}
              data={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
              allowDeselect={false}
              required
              disabled={!editable}
              {...form.getInputProps('currency')}
              onChange={(value) => form.setValues({ currency: (value ?? 'MXN') as Currency, ...(value === 'MXN' ? { exchangeRate: '' } : {}) })}
            />
            {v.currency === 'USD' ? (
              <NumberField label={t.fields.exchangeRate} description={t.exchangeRateHelp} precision={EXCHANGE_RATE_PLACES} required disabled={!editable} {...form.getInputProps('exchangeRate')} />
            ) : null}
          </SimpleGrid>
          {v.metodoPago === 'PPD' ? (
            <Text size="xs" c="dimmed" mt="xs">
              {t.ppdNote}
            </Text>
          ) : null}
        </Paper>
        {editable || (invoice && invoice.kind !== 'NORMAL') ? (
          <InvoiceKindFields values={v} clientId={v.clientId} related={invoice?.anticipos ?? []} editable={editable} errors={form.errors} onChange={(patch) => form.setValues(patch)} />
        ) : null}
        {editable && !anticipoKind ? (
          <Paper withBorder radius="md" p="sm">
            <Text fw={600}>{t.generators}</Text>
            <Text size="xs" c="dimmed" mb="xs">
              {t.generatorsHelp}
            </Text>
            {typeof form.errors.generatorIds === 'string' ? <Text c="red" size="sm">{form.errors.generatorIds}</Text> : null}
            {v.clientId && generators.length === 0 && !billable.loading ? (
              <Text size="sm" c="dimmed">
                {t.noGenerators}
              </Text>
            ) : (
              <Stack gap={4}>
                {generators.map((g, i) => (
                  <Checkbox
                    key={g.id}
                    label={`${folioLabel('generator', g.folio)} · ${folioLabel('contract', g.contract.folio)} ${g.contract.name} · ${formatDate(g.periodStart)}–${formatDate(g.periodEnd)} · ${formatMoney(g.amount)}`}
                    checked={v.generatorIds.includes(g.id)}
                    error={typeof form.errors[`generatorIds.${i}`] === 'string' ? (form.errors[`generatorIds.${i}`] as string) : undefined}
                    onChange={(e) => form.setFieldValue('generatorIds', e.currentTarget.checked ? [...v.generatorIds, g.id] : v.generatorIds.filter((x) => x !== g.id))}
                  />
                ))}
              </Stack>
            )}
          </Paper>
        ) : null}
        {invoice && !editable ? (
          <Paper withBorder radius="md" p="sm">
            <Text fw={600} mb="xs">
              {texts.lines.title}
            </Text>
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing={4} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{texts.lines.prodServKey}</Table.Th>
                    <Table.Th>{texts.lines.description}</Table.Th>
                    <Table.Th>{texts.lines.unitName}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{texts.lines.quantity}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{texts.lines.unitPrice}</Table.Th>
                    <Table.Th>{texts.lines.objetoImp}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{texts.lines.amount}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoice.lines.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.prodServKey}</Table.Td>
                      <Table.Td>{l.description}</Table.Td>
                      <Table.Td>
                        {l.unitKey} {l.unitName}
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatQuantity(l.quantity)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.unitPrice)}</Table.Td>
                      <Table.Td>{l.objetoImp}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.base)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        ) : anticipoKind ? null : (
          <LinesEditor title={t.freeLines} lines={v.lines} onChange={(lines) => form.setFieldValue('lines', lines)} errors={form.errors} withObjetoImp readOnly={!editable} />
        )}
        <Group align="flex-start" justify="space-between" wrap="wrap" gap="md">
          <Stack gap="sm" style={{ flex: '1 1 24rem' }}>
            <InvoiceTaxControls ivaKind={v.ivaKind} isr={v.isr} iva={v.iva} disabled={!editable} errors={form.errors} onChange={(next) => form.setValues(next)} />
            <Textarea label={t.fields.notes} autosize minRows={2} disabled={!editable} {...form.getInputProps('notes')} />
          </Stack>
          <TotalsPanel
            totals={invoice && !editable ? invoice : totals}
            ivaKind={v.ivaKind}
            extra={invoice && invoice.status !== 'borrador' ? [{ label: texts.common.balance, value: invoice.balance }] : undefined}
            currency={v.currency}
            exchangeRate={v.exchangeRate}
          />
        </Group>
        {invoice && invoice.payments.length ? (
          <Paper withBorder radius="md" p="sm">
            <Text fw={600} mb="xs">
              {t.payments}
            </Text>
            <DetailTable
              rows={invoice.payments}
              rowKey={(p) => p.paymentId}
              striped={false}
              onRowClick={(p) => void navigate(recordPath(SALES_PATHS.paymentForm, p.paymentId))}
              columns={[
                { key: 'folio', header: t.paymentCols.folio, render: (p) => folioLabel('payment', p.paymentFolio) },
                { key: 'date', header: t.paymentCols.date, render: (p) => formatDate(p.date) },
                { key: 'installment', header: t.paymentCols.installment, align: 'right' },
                { key: 'previous', header: t.paymentCols.previous, align: 'right', render: (p) => formatMoney(p.previousBalance) },
                { key: 'amount', header: t.paymentCols.amount, align: 'right', render: (p) => formatMoney(p.amount) },
                { key: 'remaining', header: t.paymentCols.remaining, align: 'right', render: (p) => formatMoney(p.remainingBalance) },
                { key: 'status', header: t.paymentCols.status, render: (p) => <StatusBadge status={p.status} labels={INCOME_BADGES} /> },
              ]}
            />
          </Paper>
        ) : null}
        {invoice && invoice.status !== 'borrador' ? <RelatedCfdis invoice={invoice} canApply={access.crear} onApply={setApplying} /> : null}
        {invoice && invoice.creditNotes.length ? <CreditNotes notes={invoice.creditNotes} canCreate={access.crear} canCancel={access.eliminar} onChanged={() => onReload?.()} /> : null}
      </Stack>
      {invoice && applying ? (
        <AnticipoApplyDialog
          invoice={invoice}
          anticipo={applying}
          onClose={() => setApplying(null)}
          onSaved={() => {
            setApplying(null);
            onReload?.();
          }}
        />
      ) : null}
      {invoice && crediting ? (
        <CreditNoteDialog
          invoice={invoice}
          onClose={() => setCrediting(false)}
          onSaved={() => {
            setCrediting(false);
            onReload?.();
          }}
        />
      ) : null}
      {invoice ? (
        <ReasonDialog
          opened={cancelling}
          title={t.cancelTitle}
          confirmLabel={t.cancel}
          reasonLabel={invoice.stampStatus === 'timbrada' ? t.satCancel.reason : undefined}
          onClose={() => {
            setCancelling(false);
            setSatCancel({ motivo: null, substituteId: null });
            setSatErrors({});
          }}
          extra={
            invoice.stampStatus === 'timbrada' ? (
              <SatCancelFields
                invoice={invoice}
                values={satCancel}
                errors={satErrors}
                onChange={(v) => {
                  setSatCancel(v);
                  setSatErrors({});
                }}
              />
            ) : undefined
          }
          onFieldErrors={(fields) => {
            const mine = Object.fromEntries(Object.entries(fields).filter(([k]) => k === 'motivo' || k === 'substituteId'));
            setSatErrors(mine);
            return Object.keys(mine).length > 0;
          }}
          onConfirm={async (reason) => {
            const sat = invoice.stampStatus === 'timbrada' ? { motivo: satCancel.motivo, substituteId: satCancel.substituteId } : {};
            const r = await cancel({ variables: { id: invoice.id, version: invoice.version, reason, ...sat } });
            notifySuccess(r.data?.invoiceCancel.satCancelStatus === 'solicitada' ? t.satCancel.requested : t.cancelled);
            onReload?.();
          }}
        />
      ) : null}
    </FormPage>
  );
}

export function BillFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const defaults = { clientId: idParam(searchParams.get('clientId')), generatorId: idParam(searchParams.get('generatorId')) };
  const access = useScreenAccess('Facturas');
  const detail = useQuery(InvoiceDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const company = useQuery(CompanyProfileDetailDocument, { fetchPolicy: 'cache-first' });
  const invoice = detail.data?.invoice ?? null;
  // The new form starts on the company's default serie.
  const waiting = id === null && company.loading && !company.data;
  const gate = recordGate({ rawId, id, record: invoice, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data, notFound: texts.common.notFound, back: { label: texts.common.back, to: SALES_PATHS.bills }, waiting });
  if (gate) return gate;
  return (
    <BillEditor
      key={invoice ? `${invoice.id}:${invoice.version}` : `new:${defaults.clientId ?? ''}:${defaults.generatorId ?? ''}`}
      invoice={invoice}
      defaults={defaults}
      access={access}
      onReload={id === null ? undefined : () => void detail.refetch()}
    />
  );
}
