// Formulario de Cotizaciones: a borrador is edited here (client, validity,
// concept lines with SAT keys and discounts, optional retentions) with the
// CFDI totals previewed as you type; afterwards the quote is read-only and the
// header offers the moves that are legal now (enviar, aceptar/rechazar), plus
// duplicar, PDF and "convertir a contrato" once accepted.
import { useState } from 'react';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconCheck, IconCopy, IconFileText, IconSend, IconTrash, IconX, IconFileInvoice } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  CompanyProfileDetailDocument,
  QuoteAcceptDocument,
  QuoteCreateDocument,
  QuoteDeleteDocument,
  QuoteDetailDocument,
  QuoteDuplicateDocument,
  QuotePdfDocument,
  QuoteRejectDocument,
  QuoteSendDocument,
  QuoteUpdateDocument,
  type QuoteDetailQuery,
} from '../../../../generated/modules/sales/graphql';
import { folioLabel, QUOTE_LIFECYCLE } from '../../../../schema/sales/labels';
import { canAct } from '../../../../schema/lifecycle';
import { FormPage } from '../../../components/FormPage';
import { DocumentActions } from '../../../components/DocumentActions';
import { formatDate } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { DateField } from '../../../components/DateField';
import { useScreenAccess, type ScreenAccess } from '../access';
import { documentAction } from '../components/actions';
import { ClientSelect, type ClientOption } from '../components/ClientSelect';

import { asAppError } from '../../../components/serverErrors';
import { downloadPdf } from '../components/files';
import { LinesEditor, newLine, toLineInputs, type LineValues } from '../components/LinesEditor';
import { recordGate } from '../../../components/recordGate';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { previewTotals, RetentionControls, retentionMode, TotalsPanel, type RetentionMode } from '../components/Totals';
import { idParam, recordPath, SALES_PATHS, withQuery } from '../paths';
import { QUOTE_BADGES, texts } from '../texts';
import { addDaysIso, todayIso } from '../../../components/dates';
import { useFormSave } from '../../../components/useFormSave';

const t = texts.quotes;
type Quote = NonNullable<QuoteDetailQuery['quote']>;
type Values = { clientId: string; date: string; validUntil: string; subject: string; notes: string; isr: RetentionMode; iva: RetentionMode; lines: LineValues[] };

const FIELDS = ['clientId', 'date', 'validUntil', 'subject', 'notes', 'lines', 'lines.'];

const valuesOf = (q: Quote | null): Values =>
  q
    ? {
        clientId: q.client.id,
        date: q.date,
        validUntil: q.validUntil,
        subject: q.subject,
        notes: q.notes,
        isr: retentionMode(q.isrRetentionRate),
        iva: retentionMode(q.ivaRetentionRate),
        lines: q.lines.map((l) => newLine({ description: l.description, prodServKey: l.prodServKey, unitKey: l.unitKey, unitName: l.unitName, quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent })),
      }
    : { clientId: '', date: todayIso(), validUntil: addDaysIso(todayIso(), 30), subject: '', notes: '', isr: 'auto', iva: 'auto', lines: [newLine()] };

function QuoteEditor({ quote, access, onReload }: { quote: Quote | null; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const contractAccess = useScreenAccess('Contratos');
  const [rejecting, setRejecting] = useState(false);
  const [client, setClient] = useState<ClientOption | null>(quote ? quote.client : null);
  const company = useQuery(CompanyProfileDetailDocument, { fetchPolicy: 'cache-first' }).data?.companyProfile;
  const [create] = useMutation(QuoteCreateDocument);
  const [update] = useMutation(QuoteUpdateDocument);
  const [send] = useMutation(QuoteSendDocument);
  const [accept] = useMutation(QuoteAcceptDocument);
  const [reject] = useMutation(QuoteRejectDocument);
  const [duplicate] = useMutation(QuoteDuplicateDocument);
  const [remove] = useMutation(QuoteDeleteDocument);

  const editable = quote ? quote.status === 'borrador' && access.editar : access.crear;
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(quote), validate: { clientId: (value) => (value ? null : 'Este campo es obligatorio.') } });
  const v = form.values;
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => onReload?.(), readOnly: !editable });
  const totals = previewTotals(v.lines, company, client?.rfc, { isr: v.isr, iva: v.iva });
  const label = quote ? folioLabel('quote', quote.folio) : '';

  const save = () =>
    runSave(async () => {
      const input = {
        clientId: v.clientId,
        date: v.date,
        validUntil: v.validUntil,
        subject: v.subject,
        notes: v.notes,
        isrRetention: v.isr === 'auto' ? null : v.isr === 'yes',
        ivaRetention: v.iva === 'auto' ? null : v.iva === 'yes',
        lines: toLineInputs(v.lines),
      };
      if (quote) {
        await update({ variables: { id: quote.id, version: quote.version, input } });
        return texts.common.saved;
      }
      const result = await create({ variables: { input } });
      const id = result.data?.quoteCreate.id;
      return { message: t.created, onSaved: () => void navigate(id ? recordPath(SALES_PATHS.quoteForm, id) : SALES_PATHS.quotes, { replace: true }) };
    });

  const act = documentAction(setError, onReload);

  const printPdf = async () => {
    if (!quote) return;
    try {
      const result = await apollo.query({ query: QuotePdfDocument, variables: { id: quote.id }, fetchPolicy: 'network-only' });
      if (result.data) downloadPdf(result.data.quotePdf, `Cotizacion-${label}`);
    } catch (caught) {
      notifyError(asAppError(caught).message, texts.common.actionFailed);
    }
  };

  const headerActions = quote ? (
    <DocumentActions
      status={{ status: quote.status, labels: QUOTE_BADGES }}
      actions={[
        { key: 'print', label: texts.common.print, icon: <IconFileText size={16} />, variant: 'default', show: true, run: printPdf },
        {
          key: 'duplicate',
          label: t.duplicate,
          icon: <IconCopy size={16} />,
          variant: 'default',
          show: access.crear,
          run: () =>
            act(async () => {
              const r = await duplicate({ variables: { id: quote.id } });
              const id = r.data?.quoteDuplicate.id;
              if (id) await navigate(recordPath(SALES_PATHS.quoteForm, id));
            }, t.duplicated),
        },
        {
          key: 'send',
          label: t.send,
          icon: <IconSend size={16} />,
          show: canAct(QUOTE_LIFECYCLE, 'enviar', quote.status) && access.editar,
          confirm: { title: t.send, message: t.sendConfirm(label) + (form.isDirty() ? texts.common.dirtyDiscard : ''), confirmLabel: t.send },
          run: () => act(() => send({ variables: { id: quote.id, version: quote.version } }), t.sent),
        },
        {
          key: 'accept',
          label: t.accept,
          icon: <IconCheck size={16} />,
          color: 'teal',
          show: canAct(QUOTE_LIFECYCLE, 'aceptar', quote.status) && access.autorizar,
          confirm: { title: t.accept, message: t.acceptConfirm(label), confirmLabel: t.accept },
          run: () => act(() => accept({ variables: { id: quote.id, version: quote.version } }), t.accepted),
        },
        { key: 'reject', label: t.reject, icon: <IconX size={16} />, color: 'red', variant: 'light', show: canAct(QUOTE_LIFECYCLE, 'rechazar', quote.status) && access.autorizar, run: () => setRejecting(true) },
        {
          key: 'toContract',
          label: t.toContract,
          icon: <IconFileInvoice size={16} />,
          show: quote.status === 'aceptada' && !quote.contractId && contractAccess.crear,
          run: () => navigate(withQuery(SALES_PATHS.contractForm, { quoteId: quote.id })),
        },
        { key: 'viewContract', label: t.viewContract, variant: 'light', show: !!quote.contractId, run: () => navigate(recordPath(SALES_PATHS.contractForm, quote.contractId ?? '')) },
      ]}
    />
  ) : undefined;

  const extraActions = quote ? (
    <DocumentActions
      collapse={false}
      actions={[
        {
          key: 'remove',
          label: t.remove,
          icon: <IconTrash size={16} />,
          color: 'red',
          variant: 'light',
          show: quote.status === 'borrador' && access.eliminar,
          confirm: { title: t.removeTitle, message: t.removeMessage(label), confirmLabel: t.remove },
          run: () =>
            act(async () => {
              await remove({ variables: { id: quote.id, version: quote.version } });
              form.resetDirty();
              await navigate(SALES_PATHS.quotes);
            }, t.removed),
        },
      ]}
    />
  ) : null;

  return (
    <FormPage
      entity="quote"
      title={quote ? `${label} · ${quote.client.name}` : t.formNewTitle}
      description={quote ? `${formatDate(quote.date)} · ${quote.subject}` : undefined}
      headerActions={headerActions}
      onSubmit={save}
      onCancel={() => void navigate(SALES_PATHS.quotes)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
      extraActions={extraActions}
    >
      <Stack gap="md">
        {quote?.status === 'vencida' ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
            {t.expiredNote}
          </Alert>
        ) : null}
        {quote?.rejectionReason ? (
          <Alert color="red" variant="light" title={t.rejectedReason}>
            {quote.rejectionReason}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            <ClientSelect
              label={texts.common.client}
              required
              value={v.clientId}
              known={quote?.client ?? null}
              disabled={!editable}
              error={typeof form.errors.clientId === 'string' ? form.errors.clientId : undefined}
              onChange={(id, c) => {
                form.setFieldValue('clientId', id);
                setClient(c);
              }}
            />
            <DateField label={t.fields.date} required disabled={!editable} {...form.getInputProps('date')} />
            <DateField label={t.fields.validUntil} required disabled={!editable} {...form.getInputProps('validUntil')} />
            <TextInput label={t.fields.subject} disabled={!editable} maxLength={200} {...form.getInputProps('subject')} />
          </SimpleGrid>
        </Paper>
        <LinesEditor lines={v.lines} onChange={(lines) => form.setFieldValue('lines', lines)} errors={form.errors} readOnly={!editable} />
        <Group align="flex-start" justify="space-between" wrap="wrap" gap="md">
          <Stack gap="sm" style={{ flex: '1 1 24rem' }}>
            <RetentionControls isr={v.isr} iva={v.iva} disabled={!editable} onChange={(next) => form.setValues(next)} />
            <Textarea label={t.fields.notes} autosize minRows={3} disabled={!editable} {...form.getInputProps('notes')} />
          </Stack>
          {quote && !editable ? (
            <TotalsPanel totals={quote} />
          ) : (
            <Stack gap={4}>
              <TotalsPanel totals={totals} />
              <Text size="xs" c="dimmed" ta="right">
                MXN
              </Text>
            </Stack>
          )}
        </Group>
      </Stack>
      {quote ? (
        <ReasonDialog
          opened={rejecting}
          title={t.rejectTitle}
          confirmLabel={t.reject}
          onClose={() => setRejecting(false)}
          onConfirm={async (reason) => {
            await reject({ variables: { id: quote.id, version: quote.version, reason } });
            notifySuccess(t.rejected);
            onReload?.();
          }}
        />
      ) : null}
    </FormPage>
  );
}

export function QuoteFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const access = useScreenAccess('Cotizaciones');
  const detail = useQuery(QuoteDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const quote = detail.data?.quote ?? null;
  const gate = recordGate({ rawId, id, record: quote, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data, notFound: texts.common.notFound, back: { label: texts.common.back, to: SALES_PATHS.quotes } });
  if (gate) return gate;
  return <QuoteEditor key={quote ? `${quote.id}:${quote.version}` : 'new'} quote={quote} access={access} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
