// Formulario de Contratos: `?quoteId=N` starts one from an accepted quote
// (client, name and concepts at the quote's net prices, no retyping);
// `?id=N` edits a vigente contract and shows its progress per concept
// (captured, authorised and billed against contracted) with the moves that
// are legal now (terminar, cancelar) and a shortcut to a new order.
import { useState } from 'react';
import { Alert, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconCircleCheck, IconClipboardList, IconX } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ContractCancelDocument,
  ContractCreateDocument,
  ContractDetailDocument,
  ContractFinishDocument,
  ContractUpdateDocument,
  QuoteDetailDocument,
  type ContractDetailQuery,
  type QuoteDetailQuery,
} from '../../../../generated/modules/sales/graphql';
import { CONTRACT_LIFECYCLE, folioLabel } from '../../../../schema/sales/labels';
import { canAct } from '../../../../schema/lifecycle';
import { UiDecimal } from '../../../components/decimal';
import { FormPage } from '../../../components/FormPage';
import { NumberField } from '../../../components/NumberField';
import { DocumentActions } from '../../../components/DocumentActions';
import { formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifySuccess } from '../../../components/notify';
import { DateField } from '../../../components/DateField';
import { useScreenAccess, type ScreenAccess } from '../access';
import { documentAction } from '../components/actions';
import { ClientSelect } from '../components/ClientSelect';
import { JobCostPanel } from '../components/JobCostPanel';

import { LinesEditor, newLine, type LineValues } from '../components/LinesEditor';
import { formatQuantity } from '../components/quantity';
import { recordGate } from '../../../components/recordGate';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { idParam, recordPath, SALES_PATHS, withQuery } from '../paths';
import { CONTRACT_BADGES, texts } from '../texts';
import { addDaysIso, todayIso } from '../../../components/dates';
import { useFormSave } from '../../../components/useFormSave';

const t = texts.contracts;
type Contract = NonNullable<ContractDetailQuery['contract']>;
type Quote = NonNullable<QuoteDetailQuery['quote']>;
type Values = { clientId: string; name: string; startDate: string; endDate: string; anticipoPercent: string; guaranteePercent: string; notes: string; concepts: LineValues[] };

const FIELDS = ['clientId', 'quoteId', 'name', 'startDate', 'endDate', 'anticipoPercent', 'guaranteePercent', 'notes', 'concepts', 'concepts.'];

/** Net unit price after the quote line's discount (what the contract carries per unit). */
const netPrice = (price: string, discount: string) => new UiDecimal(price).times(new UiDecimal(100).minus(discount || 0)).dividedBy(100).toDecimalPlaces(6).toFixed();

function valuesOf(contract: Contract | null, quote: Quote | null): Values {
  if (contract) {
    return {
      clientId: contract.client.id,
      name: contract.name,
      startDate: contract.startDate,
      endDate: contract.endDate,
      anticipoPercent: contract.anticipoPercent,
      guaranteePercent: contract.guaranteePercent,
      notes: contract.notes,
      concepts: contract.concepts.map((c) => newLine({ id: c.id, description: c.description, prodServKey: c.prodServKey, unitKey: c.unitKey, unitName: c.unitName, quantity: c.quantity, unitPrice: c.unitPrice })),
    };
  }
  const start = todayIso();
  return {
    clientId: quote?.client.id ?? '',
    name: quote?.subject || (quote ? `Contrato ${folioLabel('quote', quote.folio)}` : ''),
    startDate: start,
    endDate: addDaysIso(start, 365),
    anticipoPercent: '0',
    guaranteePercent: '0',
    notes: quote?.notes ?? '',
    concepts: quote
      ? quote.lines.map((l) => newLine({ description: l.description, prodServKey: l.prodServKey, unitKey: l.unitKey, unitName: l.unitName, quantity: l.quantity, unitPrice: netPrice(l.unitPrice, l.discountPercent) }))
      : [newLine()],
  };
}

function Progressbars({ contract }: { contract: Contract }) {
  const p = contract.progress;
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        {t.progress}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="md">
        <Stack gap={2}>
          <Text size="sm">
            {t.totals.authorized}: {formatMoney(p.authorizedAmount)} ({formatNumber(p.authorizedPercent)} %)
          </Text>
          <Progress value={Math.min(100, Number(p.authorizedPercent))} color="teal" aria-label={t.totals.authorized} />
        </Stack>
        <Stack gap={2}>
          <Text size="sm">
            {t.totals.billed}: {formatMoney(p.billedAmount)} ({formatNumber(p.billedPercent)} %)
          </Text>
          <Progress value={Math.min(100, Number(p.billedPercent))} color="blue" aria-label={t.totals.billed} />
        </Stack>
      </SimpleGrid>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.progressCols.concept}</Table.Th>
              {[t.progressCols.contracted, t.progressCols.generated, t.progressCols.authorized, t.progressCols.billed, t.progressCols.remaining, t.progressCols.percent].map((h) => (
                <Table.Th key={h} style={{ textAlign: 'right' }}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contract.concepts.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.lineNo}. {c.description} <Text span c="dimmed" size="xs">({c.unitName})</Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatQuantity(c.quantity)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatQuantity(c.generatedQuantity)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(c.authorizedAmount)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(c.billedAmount)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatQuantity(c.remainingQuantity)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {formatNumber(c.progressPercent)} %
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function ContractEditor({ contract, quote, access, onReload }: { contract: Contract | null; quote: Quote | null; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const orderAccess = useScreenAccess('Órdenes de Servicio');
  const costAccess = useScreenAccess('Costos');
  const [cancelling, setCancelling] = useState(false);
  const [create] = useMutation(ContractCreateDocument);
  const [update] = useMutation(ContractUpdateDocument);
  const [finish] = useMutation(ContractFinishDocument);
  const [cancel] = useMutation(ContractCancelDocument);
  const editable = contract ? contract.status === 'vigente' && access.editar : access.crear;
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(contract, quote), validate: { clientId: (value) => (value ? null : 'Este campo es obligatorio.') } });
  const v = form.values;
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => onReload?.(), readOnly: !editable });
  const amount = v.concepts.reduce((acc, c) => acc.plus(new UiDecimal(c.quantity || 0).times(c.unitPrice || 0).toDecimalPlaces(2)), new UiDecimal(0));
  const label = contract ? folioLabel('contract', contract.folio) : '';
  const act = documentAction(setError, onReload);

  const save = () =>
    runSave(async () => {
      const input = {
        clientId: v.clientId,
        quoteId: contract ? contract.quoteId : (quote?.id ?? null),
        name: v.name,
        startDate: v.startDate,
        endDate: v.endDate,
        anticipoPercent: v.anticipoPercent || '0',
        guaranteePercent: v.guaranteePercent || '0',
        notes: v.notes,
        concepts: v.concepts.map((c) => ({ id: c.id ?? null, description: c.description, prodServKey: c.prodServKey, unitKey: c.unitKey, unitName: c.unitName, quantity: c.quantity, unitPrice: c.unitPrice })),
      };
      if (contract) {
        await update({ variables: { id: contract.id, version: contract.version, input } });
        return texts.common.saved;
      }
      const result = await create({ variables: { input } });
      const id = result.data?.contractCreate.id;
      return { message: t.created, onSaved: () => void navigate(id ? recordPath(SALES_PATHS.contractForm, id) : SALES_PATHS.contracts, { replace: true }) };
    });

  const headerActions = contract ? (
    <DocumentActions
      status={{ status: contract.status, labels: CONTRACT_BADGES }}
      actions={[
        {
          key: 'newOrder',
          label: t.newOrder,
          icon: <IconClipboardList size={16} />,
          variant: 'default',
          show: contract.status === 'vigente' && orderAccess.crear,
          run: () => navigate(withQuery(SALES_PATHS.orderForm, { contractId: contract.id })),
        },
        {
          key: 'finish',
          label: t.finish,
          icon: <IconCircleCheck size={16} />,
          color: 'teal',
          show: canAct(CONTRACT_LIFECYCLE, 'terminar', contract.status) && access.autorizar,
          confirm: { title: t.finish, message: t.finishConfirm(label), confirmLabel: t.finish },
          run: () => act(() => finish({ variables: { id: contract.id, version: contract.version } }), t.finished),
        },
        { key: 'cancel', label: t.cancel, icon: <IconX size={16} />, color: 'red', variant: 'light', show: canAct(CONTRACT_LIFECYCLE, 'cancelar', contract.status) && access.eliminar, run: () => setCancelling(true) },
      ]}
    />
  ) : undefined;

  return (
    <FormPage
      entity="contract"
      title={contract ? `${label} · ${contract.name}` : t.formNewTitle}
      description={contract ? contract.client.name : quote ? t.fromQuote(folioLabel('quote', quote.folio)) : undefined}
      headerActions={headerActions}
      onSubmit={save}
      onCancel={() => void navigate(SALES_PATHS.contracts)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
    >
      <Stack gap="md">
        {contract?.cancelReason ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {contract.cancelReason}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <ClientSelect
              label={texts.common.client}
              required
              value={v.clientId}
              known={contract?.client ?? quote?.client ?? null}
              // The client of a contract (or of its quote) is fixed.
              disabled={!editable || Boolean(contract) || Boolean(quote)}
              error={typeof form.errors.clientId === 'string' ? form.errors.clientId : undefined}
              onChange={(id) => form.setFieldValue('clientId', id)}
            />
            <TextInput label={t.fields.name} required disabled={!editable} maxLength={200} {...form.getInputProps('name')} />
            {contract?.quoteFolio || quote ? <TextInput label={t.fields.quote} value={folioLabel('quote', contract?.quoteFolio ?? quote?.folio)} readOnly variant="filled" /> : <div />}
            <DateField label={t.fields.startDate} required disabled={!editable} {...form.getInputProps('startDate')} />
            <DateField label={t.fields.endDate} required disabled={!editable} {...form.getInputProps('endDate')} />
            <div />
            <NumberField label={t.fields.anticipoPercent} precision={4} min={0} max={100} disabled={!editable} {...form.getInputProps('anticipoPercent')} />
            <NumberField label={t.fields.guaranteePercent} precision={4} min={0} max={100} disabled={!editable} {...form.getInputProps('guaranteePercent')} />
          </SimpleGrid>
        </Paper>
        <LinesEditor field="concepts" title={t.concepts} lines={v.concepts} onChange={(concepts) => form.setFieldValue('concepts', concepts)} errors={form.errors} withDiscount={false} readOnly={!editable} />
        <Group align="flex-start" justify="space-between" gap="md" wrap="wrap">
          <Textarea label={t.fields.notes} autosize minRows={3} disabled={!editable} style={{ flex: '1 1 24rem' }} {...form.getInputProps('notes')} />
          <Paper withBorder radius="md" p="sm" miw={280}>
            <Text size="sm" c="dimmed">
              {t.totals.contracted}
            </Text>
            <Text fw={700} size="lg" data-testid="contract-amount">
              {formatMoney(contract && !form.isDirty() ? contract.amount : amount.toFixed(2))}
            </Text>
            {contract ? (
              <Text size="xs" c="dimmed">
                {t.totals.anticipo}: {formatMoney(contract.progress.anticipoAmount)} · {t.totals.guarantee}: {formatMoney(contract.progress.guaranteeAmount)}
              </Text>
            ) : null}
          </Paper>
        </Group>
        {contract ? <Progressbars contract={contract} /> : null}
        {contract && costAccess.ver ? <JobCostPanel contractId={contract.id} /> : null}
      </Stack>
      {contract ? (
        <ReasonDialog
          opened={cancelling}
          title={t.cancelTitle}
          confirmLabel={t.cancel}
          onClose={() => setCancelling(false)}
          onConfirm={async (reason) => {
            await cancel({ variables: { id: contract.id, version: contract.version, reason } });
            notifySuccess(t.cancelled);
            onReload?.();
          }}
        />
      ) : null}
    </FormPage>
  );
}

export function ContractFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const quoteId = idParam(searchParams.get('quoteId'));
  const access = useScreenAccess('Contratos');
  const detail = useQuery(ContractDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const source = useQuery(QuoteDetailDocument, { variables: { id: quoteId ?? '' }, skip: id !== null || quoteId === null, fetchPolicy: 'network-only' });
  const contract = detail.data?.contract ?? null;
  const quote = source.data?.quote ?? null;
  const gate = recordGate({
    rawId, id, record: contract, loading: detail.loading, error: readGraphQLError(detail.error ?? source.error), hasData: !!(detail.data || source.data),
    notFound: texts.common.notFound, back: { label: texts.common.back, to: SALES_PATHS.contracts }, waiting: quoteId !== null && id === null && source.loading,
  });
  if (gate) return gate;
  return <ContractEditor key={contract ? `${contract.id}:${contract.version}` : `new:${quote?.id ?? ''}`} contract={contract} quote={quote} access={access} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
