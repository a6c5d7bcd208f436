// Formulario de Generadores: pick an order under contract (`?orderId=N`
// preselects it), a period, and the quantity executed per contract concept.
// Each row shows what was contracted, what other generadores already
// captured and what is left; the server refuses (with the figures) anything
// beyond the contract. A borrador can be authorised; an authorised one can be
// billed from here.
import { useState } from 'react';
import { Alert, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconFileInvoice, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ContractDetailDocument,
  GeneratorAuthorizeDocument,
  GeneratorCreateDocument,
  GeneratorDeleteDocument,
  GeneratorDetailDocument,
  GeneratorUpdateDocument,
  ServiceOrderOptionListDocument,
  type GeneratorDetailQuery,
} from '../../../../generated/modules/sales/graphql';
import { folioLabel, GENERATOR_LIFECYCLE } from '../../../../schema/sales/labels';
import { canAct } from '../../../../schema/lifecycle';
import { UiDecimal, toDecimal } from '../../../components/decimal';
import { FormPage } from '../../../components/FormPage';
import { NumberField } from '../../../components/NumberField';
import { DocumentActions } from '../../../components/DocumentActions';
import { formatDateTime, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { DateField } from '../../../components/DateField';
import { useScreenAccess, type ScreenAccess } from '../access';
import { documentAction } from '../components/actions';

import { errorForForm } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';
import { recordGate } from '../../../components/recordGate';
import { formatQuantity } from '../components/quantity';
import { idParam, recordPath, SALES_PATHS, withQuery } from '../paths';
import { GENERATOR_BADGES, texts } from '../texts';
import { addDaysIso, todayIso } from '../../../components/dates';

const t = texts.generators;
type Generator = NonNullable<GeneratorDetailQuery['generator']>;
type Values = { orderId: string; periodStart: string; periodEnd: string; notes: string; quantities: Record<string, string> };

const FIELDS = ['orderId', 'periodStart', 'periodEnd', 'notes'];

const valuesOf = (g: Generator | null, orderId: string | null): Values =>
  g
    ? { orderId: g.orderId, periodStart: g.periodStart, periodEnd: g.periodEnd, notes: g.notes, quantities: Object.fromEntries(g.lines.map((l) => [l.conceptId, l.quantity])) }
    : { orderId: orderId ?? '', periodStart: addDaysIso(todayIso(), -14), periodEnd: todayIso(), notes: '', quantities: {} };

function GeneratorEditor({ generator, orderId, access, onReload }: { generator: Generator | null; orderId: string | null; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const billAccess = useScreenAccess('Facturas');
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [create] = useMutation(GeneratorCreateDocument);
  const [update] = useMutation(GeneratorUpdateDocument);
  const [authorize] = useMutation(GeneratorAuthorizeDocument);
  const [remove] = useMutation(GeneratorDeleteDocument);
  const editable = generator ? generator.status === 'borrador' && access.editar : access.crear;
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(generator, orderId) });
  const v = form.values;
  const orders = useQuery(ServiceOrderOptionListDocument, { variables: { status: ['abierta', 'en_proceso', 'terminada', 'entregada'] }, fetchPolicy: 'cache-and-network' });
  const underContract = (orders.data?.serviceOrderOptions ?? []).filter((o) => o.contractId);
  const chosen = underContract.find((o) => o.id === v.orderId);
  const contractId = generator?.contract.id ?? chosen?.contractId ?? null;
  const contract = useQuery(ContractDetailDocument, { variables: { id: contractId ?? '' }, skip: !contractId, fetchPolicy: 'network-only' }).data?.contract;
  const own = new Map((generator?.lines ?? []).map((l) => [l.conceptId, l.quantity]));
  const label = generator ? folioLabel('generator', generator.folio) : '';

  const orderOptions = underContract.map((o) => ({ value: o.id, label: `${folioLabel('order', o.folio)} · ${o.description} (${o.clientName})` }));
  if (generator && !orderOptions.some((o) => o.value === generator.orderId)) orderOptions.unshift({ value: generator.orderId, label: folioLabel('order', generator.orderFolio) });

  const rows = (contract?.concepts ?? []).map((c, index) => {
    // Other generadores' quantity: everything captured minus this generador's own (when editing).
    const others = new UiDecimal(c.generatedQuantity).minus(own.get(c.id) ?? 0);
    const available = new UiDecimal(c.quantity).minus(others);
    const qty = toDecimal(v.quantities[c.id] ?? '');
    return { c, index, others, available, amount: qty ? qty.times(c.unitPrice).toDecimalPlaces(2).toFixed(2) : null };
  });
  const total = rows.reduce((acc, r) => acc.plus(r.amount ?? 0), new UiDecimal(0));

  const chosenRows = rows.filter((r) => toDecimal(v.quantities[r.c.id] ?? '')?.gt(0));
  const { save: runSave, saving, error, setError } = useFormSave<Values>({
    form,
    fields: FIELDS,
    onSaved: () => onReload?.(),
    readOnly: !editable,
    validate: (values): Record<string, string> => (values.orderId ? {} : { orderId: 'Este campo es obligatorio.' }),
    // "lines.<i>.quantity" names the i-th submitted line: map it back to its concept row.
    mapError: (appError) => {
      const byConcept: Record<string, string> = {};
      for (const [path, message] of Object.entries(appError.fields)) {
        const m = /^lines\.(\d+)\./.exec(path);
        const row = m ? chosenRows[Number(m[1])] : undefined;
        if (row) byConcept[row.c.id] = message;
      }
      setLineErrors(byConcept);
      return {};
    },
    errorForForm: (appError, placed) => errorForForm(appError, [...placed, 'lines.']),
  });
  const act = documentAction(setError, onReload);

  const save = async () => {
    setLineErrors({});
    if (editable && v.orderId && !chosenRows.length) {
      setError({ code: 'BAD_USER_INPUT', message: t.noLines, fields: {} });
      return;
    }
    await runSave(async () => {
      const input = { orderId: v.orderId, periodStart: v.periodStart, periodEnd: v.periodEnd, notes: v.notes, lines: chosenRows.map((r) => ({ conceptId: r.c.id, quantity: v.quantities[r.c.id] })) };
      if (generator) {
        await update({ variables: { id: generator.id, version: generator.version, input } });
        return texts.common.saved;
      }
      const result = await create({ variables: { input } });
      const id = result.data?.generatorCreate.id;
      return { message: t.created, onSaved: () => void navigate(id ? recordPath(SALES_PATHS.generatorForm, id) : SALES_PATHS.generators, { replace: true }) };
    });
  };

  const headerActions = generator ? (
    <DocumentActions
      status={{ status: generator.status, labels: GENERATOR_BADGES }}
      actions={[
        {
          key: 'authorize',
          label: t.authorize,
          icon: <IconShieldCheck size={16} />,
          color: 'teal',
          show: canAct(GENERATOR_LIFECYCLE, 'autorizar', generator.status) && access.autorizar,
          confirm: { title: t.authorize, message: t.authorizeConfirm(label) + (form.isDirty() ? texts.common.dirtyDiscard : ''), confirmLabel: t.authorize },
          run: () => act(() => authorize({ variables: { id: generator.id, version: generator.version } }), t.authorized),
        },
        {
          key: 'toInvoice',
          label: t.toInvoice,
          icon: <IconFileInvoice size={16} />,
          show: generator.status === 'autorizado' && !generator.invoiceId && billAccess.crear,
          run: () => navigate(withQuery(SALES_PATHS.billForm, { clientId: generator.client.id, generatorId: generator.id })),
        },
        {
          key: 'viewInvoice',
          label: generator.invoiceLabel ?? '',
          variant: 'light',
          show: !!generator.invoiceId,
          run: () => navigate(recordPath(SALES_PATHS.billForm, generator.invoiceId ?? '')),
        },
      ]}
    />
  ) : undefined;

  const extraActions = generator ? (
    <DocumentActions
      collapse={false}
      actions={[
        {
          key: 'remove',
          label: t.remove,
          icon: <IconTrash size={16} />,
          color: 'red',
          variant: 'light',
          show: generator.status === 'borrador' && access.eliminar,
          confirm: { title: t.remove, message: t.removeMessage(label), confirmLabel: t.remove },
          run: () =>
            act(async () => {
              await remove({ variables: { id: generator.id, version: generator.version } });
              form.resetDirty();
              await navigate(SALES_PATHS.generators);
            }, t.removed),
        },
      ]}
    />
  ) : null;

  return (
    <FormPage
      entity="generator"
      title={generator ? `${label} · ${generator.client.name}` : t.formNewTitle}
      description={generator ? `${folioLabel('contract', generator.contract.folio)} · ${generator.contract.name}` : undefined}
      headerActions={headerActions}
      onSubmit={save}
      onCancel={() => void navigate(SALES_PATHS.generators)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
      extraActions={extraActions}
    >
      <Stack gap="md">
        {generator?.authorizedAt ? (
          <Alert color="teal" variant="light" icon={<IconAlertCircle size={18} />}>
            {t.authorizedBy}: {generator.authorizedByName} · {formatDateTime(generator.authorizedAt)}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Select label={t.fields.order} placeholder={t.fields.orderPlaceholder} data={orderOptions} searchable required disabled={!editable} nothingFoundMessage={texts.common.nothingFound} {...form.getInputProps('orderId')} value={v.orderId || null} onChange={(value) => form.setFieldValue('orderId', value ?? '')} />
            <DateField label={t.fields.periodStart} required disabled={!editable} {...form.getInputProps('periodStart')} />
            <DateField label={t.fields.periodEnd} required disabled={!editable} {...form.getInputProps('periodEnd')} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} mb="xs">
            {t.linesTitle}
          </Text>
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.cols.concept}</Table.Th>
                  <Table.Th>{t.cols.unit}</Table.Th>
                  {[t.cols.price, t.cols.contracted, t.cols.previous, t.cols.available].map((h) => (
                    <Table.Th key={h} style={{ textAlign: 'right' }}>
                      {h}
                    </Table.Th>
                  ))}
                  <Table.Th style={{ width: '10rem' }}>{t.cols.quantity}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t.cols.amount}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ c, others, available, amount }) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      {c.lineNo}. {c.description}
                    </Table.Td>
                    <Table.Td>{c.unitName}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatMoney(c.unitPrice)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatQuantity(c.quantity)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatQuantity(others.toFixed())}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatQuantity(available.toFixed())}</Table.Td>
                    <Table.Td>
                      <NumberField
                        aria-label={`${t.cols.quantity} ${c.lineNo}`}
                        precision={4}
                        min={0}
                        disabled={!editable}
                        value={v.quantities[c.id] ?? ''}
                        onChange={(value) => form.setFieldValue('quantities', { ...v.quantities, [c.id]: value })}
                        error={lineErrors[c.id]}
                      />
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{amount ? formatMoney(amount) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end" mt="xs">
            <Text fw={700}>
              {texts.common.total}: {formatMoney(generator && !form.isDirty() ? generator.amount : total.toFixed(2))}
            </Text>
          </Group>
        </Paper>
        <Textarea label={t.fields.notes} autosize minRows={2} disabled={!editable} {...form.getInputProps('notes')} />
      </Stack>
    </FormPage>
  );
}

export function GeneratorFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const orderId = idParam(searchParams.get('orderId'));
  const access = useScreenAccess('Generadores');
  const detail = useQuery(GeneratorDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const generator = detail.data?.generator ?? null;
  const gate = recordGate({ rawId, id, record: generator, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data, notFound: texts.common.notFound, back: { label: texts.common.back, to: SALES_PATHS.generators } });
  if (gate) return gate;
  return <GeneratorEditor key={generator ? `${generator.id}:${generator.version}` : `new:${orderId ?? ''}`} generator={generator} orderId={orderId} access={access} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
