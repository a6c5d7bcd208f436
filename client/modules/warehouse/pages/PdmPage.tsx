// Solicitud PDM: requests to buy maintenance parts that are not in stock.
// `?id=new` captures one; a pending one is edited, sent to Compras or
// rejected (autorizar); sent and rejected ones are read-only.
import { useMemo, useState } from 'react';
import { Alert, Button, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconPlus, IconSend, IconShoppingCart, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  PdmRequestCreateDocument,
  PdmRequestDetailDocument,
  PdmRequestListDocument,
  PdmRequestRejectDocument,
  PdmRequestSendDocument,
  PdmRequestUpdateDocument,
  type PdmRequestDetailQuery,
  type PdmRequestFieldsFragment,
  type PdmRequestFilter,
  type PdmRequestStatus,
} from '../../../../generated/modules/warehouse/graphql';
import { CANCEL_COLOR, confirmAction } from '../../../components/confirm';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatDateTime, formatMoney } from '../../../components/format';
import { FormPage } from '../../../components/FormPage';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { StatusBadge } from '../../../components/StatusBadge';
import { useScreenAccess } from '../access';
import { useScreenAccess as useAnyScreenAccess } from '../../../components/access';
import { purchaseOrderFrom } from '../paths';
import { Details } from '../components/Details';
import { asAppError, errorForForm, placedFields } from '../components/formErrors';
import { useFormSave } from '../../../components/useFormSave';
import { LinesEditor, newLine, type LineValues } from '../components/LinesEditor';
import { LoadFailed, RecordLoading, RecordNotFound, useRecordParam, type RecordParam } from '../components/record';
import { PDM_STATUS, statusOptions, texts } from '../texts';

const t = texts.pdm;
const FIELDS = ['supplier', 'justification', 'lines', 'lines.'] as const;
type Pdm = NonNullable<PdmRequestDetailQuery['pdmRequest']>;

const COLUMNS: ListColumn<PdmRequestFieldsFragment>[] = [
  { key: 'folio', header: texts.common.folio, sortable: true },
  { key: 'createdAt', header: texts.common.date, format: 'datetime', sortable: true, render: (p) => formatDate(p.createdAt) },
  { key: 'supplier', header: t.supplier, sortable: true },
  { key: 'justification', header: t.justification },
  { key: 'requestedByName', header: t.requestedBy },
  { key: 'estimatedTotal', header: t.estimatedTotal, format: 'money', sortable: true, align: 'right', render: (p) => formatMoney(p.estimatedTotal), exportValue: (p) => p.estimatedTotal },
  { key: 'status', header: texts.common.status, sortable: true, render: (p) => <StatusBadge status={p.status} labels={PDM_STATUS} />, exportValue: (p) => PDM_STATUS[p.status]?.label ?? p.status },
];

function PdmList({ record }: { record: RecordParam }) {
  const client = useApolloClient();
  const access = useScreenAccess('Solicitud PDM');
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', ...dateRangeDefaults() } });
  const { status, from, to } = params.filters;
  const filter = useMemo<PdmRequestFilter>(() => ({ status: (status || undefined) as PdmRequestStatus | undefined, ...dateRangeFilter({ from, to }) }), [status, from, to]);
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(PdmRequestListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.pdmRequests;
  const fetchAll = () =>
    fetchAllPages(async (p, size) => (await client.query({ query: PdmRequestListDocument, variables: { list: { ...list, page: p, pageSize: size }, filter }, fetchPolicy: 'network-only' })).data?.pdmRequests ?? { items: [], total: 0 });
  return (
    <ListPage
      description={t.listDescription}
      exportName="Solicitudes PDM"
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(p) => p.id}
      onRowClick={(p) => record.open(p.id)}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={access.crear ? <Button leftSection={<IconPlus size={16} />} onClick={record.openNew}>{t.newButton}</Button> : undefined}
      filters={
        <>
          <Select aria-label={texts.common.status} placeholder={texts.common.status} data={statusOptions(PDM_STATUS)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={200} />
          <DateRangeFilter params={params} label="Fecha de creación" />
        </>
      }
    />
  );
}

type Values = { supplier: string; justification: string; lines: LineValues[] };

function PdmEditor({ pdm, record, onChanged }: { pdm: Pdm | null; record: RecordParam; onChanged?: () => void }) {
  // A sent request is bought through Compras: an Orden de compra drafted from its lines.
  const canBuy = useAnyScreenAccess('Compras', 'Órdenes de compra').crear;
  const access = useScreenAccess('Solicitud PDM');
  const [create] = useMutation(PdmRequestCreateDocument);
  const [update] = useMutation(PdmRequestUpdateDocument);
  const [send] = useMutation(PdmRequestSendDocument);
  const [reject] = useMutation(PdmRequestRejectDocument);
  const [rejecting, setRejecting] = useState(false);
  const pending = !pdm || pdm.status === 'PENDIENTE';
  const readOnly = !pending || (pdm ? !access.editar : !access.crear);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: pdm
      ? { supplier: pdm.supplier, justification: pdm.justification, lines: pdm.lines.map((l) => ({ ...newLine(), articleId: l.article.id, quantity: l.quantity, unitCost: l.estimatedUnitCost })) }
      : { supplier: '', justification: '', lines: [newLine()] },
    validate: { justification: (v) => (v.trim() ? null : texts.common.required) },
  });

  const { save: runSave, saving, error } = useFormSave<Values>({
    form,
    fields: FIELDS,
    onSaved: () => onChanged?.(),
    readOnly,
    errorForForm,
    validate: (v) => {
      const lineErrors: Record<string, string> = {};
      v.lines.forEach((l, i) => {
        if (!l.articleId) lineErrors[`lines.${i}.articleId`] = texts.common.required;
        if (!l.quantity || Number(l.quantity) <= 0) lineErrors[`lines.${i}.quantity`] = texts.common.positive;
        if (l.unitCost === '') lineErrors[`lines.${i}.unitCost`] = texts.common.required;
      });
      if (!v.lines.length) lineErrors.lines = texts.common.noLines;
      return lineErrors;
    },
    // The server names the cost "estimatedUnitCost"; the lines editor shows it as unitCost.
    mapError: (e) => Object.fromEntries(Object.entries(placedFields(e, FIELDS)).filter(([k]) => k.endsWith('estimatedUnitCost')).map(([k, m]) => [k.replace(/estimatedUnitCost$/, 'unitCost'), m])),
  });

  const save = () =>
    runSave(async (v) => {
      const input = { supplier: v.supplier, justification: v.justification, lines: v.lines.map((l) => ({ articleId: l.articleId, quantity: l.quantity, estimatedUnitCost: l.unitCost })) };
      if (pdm) {
        await update({ variables: { id: pdm.id, version: pdm.version, input } });
        return texts.common.saved;
      }
      const result = await create({ variables: { input } });
      const created = result.data?.pdmRequestCreate;
      return { message: texts.common.created, onSaved: () => created && record.open(created.id) };
    });

  const act = (title: string, message: string, label: string, run: () => Promise<unknown>, done: string) => {
    confirmAction({
      title,
      message,
      confirmLabel: label,
      onConfirm: () => {
        void (async () => {
          try {
            await run();
            notifySuccess(done);
            onChanged?.();
          } catch (caught) {
            notifyError(errorForForm(asAppError(caught), []).message, texts.common.actionFailed);
          }
        })();
      },
    });
  };

  const transitions =
    pdm && pdm.status === 'PENDIENTE' && access.autorizar ? (
      <>
        <Button variant="light" color={CANCEL_COLOR} leftSection={<IconX size={16} />} onClick={() => setRejecting(true)}>{t.reject}</Button>
        <Button color="teal" leftSection={<IconSend size={16} />} disabled={form.isDirty()} onClick={() => act(t.sendTitle, t.sendMessage(pdm.folio), t.send, () => send({ variables: { id: pdm.id, version: pdm.version } }), t.sent)}>{t.send}</Button>
        <ReasonDialog
          opened={rejecting}
          title={t.rejectTitle}
          message={pdm.folio}
          confirmLabel={t.reject}
          reasonLabel={texts.common.reason}
          reasonPlaceholder={texts.common.reasonPlaceholder}
          onClose={() => setRejecting(false)}
          onConfirm={async (reason) => {
            await reject({ variables: { id: pdm.id, version: pdm.version, reason } });
            notifySuccess(t.rejected);
            onChanged?.();
          }}
        />
      </>
    ) : null;

  return (
    <FormPage
      title={pdm ? pdm.folio : t.newTitle}
      headerActions={pdm ? <StatusBadge status={pdm.status} labels={PDM_STATUS} /> : undefined}
      onSubmit={save}
      onCancel={record.close}
      entity="pdm_request"
      liveRecordId={pdm?.id ?? null}
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      error={error}
      readOnly={readOnly}
      extraActions={transitions}
    >
      <Stack gap="md">
        {pdm ? (
          <Details
            items={[
              { label: t.requestedBy, value: `${pdm.requestedByName} · ${formatDateTime(pdm.createdAt)}` },
              { label: t.estimatedTotal, value: formatMoney(pdm.estimatedTotal) },
              { label: t.sentAt, value: pdm.sentAt ? `${formatDateTime(pdm.sentAt)} · ${pdm.sentByName ?? ''}` : '' },
              ...(pdm.rejectionReason ? [{ label: texts.requisitions.rejectionReason, value: pdm.rejectionReason }] : []),
            ]}
          />
        ) : null}
        {pdm?.status === 'ENVIADA' ? <Alert variant="light" color="teal">{PDM_STATUS.ENVIADA.label}</Alert> : null}
        {pdm?.status === 'ENVIADA' && canBuy ? (
          <Button variant="light" w="fit-content" leftSection={<IconShoppingCart size={16} />} component={Link} to={purchaseOrderFrom('pdm', pdm.id)}>
            {texts.requisitions.toPurchaseOrder}
          </Button>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t.supplier} placeholder={t.supplierPlaceholder} maxLength={200} disabled={readOnly} {...form.getInputProps('supplier')} />
          </SimpleGrid>
          <Textarea mt="md" label={t.justification} required maxLength={2000} autosize minRows={2} disabled={readOnly} {...form.getInputProps('justification')} />
        </Paper>
        <LinesEditor
          lines={form.values.lines}
          onChange={(lines) => form.setFieldValue('lines', lines)}
          errors={form.errors}
          showAvailable
          costLabel={t.estimatedUnitCost}
          readOnly={readOnly}
          known={pdm?.lines.map((l) => l.article)}
        />
      </Stack>
    </FormPage>
  );
}

export function PdmPage() {
  const record = useRecordParam();
  const detail = useQuery(PdmRequestDetailDocument, { variables: { id: record.id ?? '' }, skip: !record.id, fetchPolicy: 'network-only' });
  if (record.raw === null) return <PdmList record={record} />;
  if (record.isNew) return <PdmEditor key="new" pdm={null} record={record} />;
  const loadError = readGraphQLError(detail.error);
  if (!record.id || loadError?.code === 'NOT_FOUND' || (detail.data && !detail.data.pdmRequest)) return <RecordNotFound onBack={record.close} />;
  if (loadError) return <LoadFailed message={loadError.message} />;
  const pdm = detail.data?.pdmRequest;
  if (!pdm) return <RecordLoading />;
  return <PdmEditor key={`${pdm.id}:${pdm.version}`} pdm={pdm} record={record} onChanged={() => void detail.refetch()} />;
}
