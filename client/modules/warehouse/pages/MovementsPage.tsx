// Movimientos: the list (newest first, filters in the URL), the capture form
// (`?id=new`) and the read-only detail of a posted movement (`?id=N`) with
// "Cancelar movimiento", which posts the reverse. Posted movements are never
// edited.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconArrowBackUp, IconArrowLeft, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  StockMovementCancelDocument,
  StockMovementDetailDocument,
  StockMovementListDocument,
  StockMovementPostDocument,
  type StockConceptKind,
  type StockMovementDetailQuery,
  type StockMovementFieldsFragment,
  type StockMovementFilter,
  type StockMovementStatus,
} from '../../../../generated/modules/warehouse/graphql';
import { CANCEL_COLOR } from '../../../components/confirm';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../components/format';
import { FormPage } from '../../../components/FormPage';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults } from '../../../components/DateRangeFilter';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { RecordHistoryButton } from '../../../components/RecordHistory';
import { StatusBadge } from '../../../components/StatusBadge';
import { useScreenAccess } from '../access';

import { Details } from '../components/Details';
import { errorForForm } from '../components/formErrors';
import { LinesEditor, newLine, type LineValues } from '../components/LinesEditor';
import { useConceptOptions, useWarehouseOptions } from '../components/options';
import { LoadFailed, RecordLoading, RecordNotFound, useRecordParam, type RecordParam } from '../components/record';
import { kardexPath, WAREHOUSE_PATHS, withId } from '../paths';
import { KIND_LABELS, MOVEMENT_STATUS, statusOptions, texts } from '../texts';
import { DateField } from '../../../components/DateField';
import { useFormSave } from '../../../components/useFormSave';
import { todayIso } from '../../../components/dates';

const t = texts.movements;
const FIELDS = ['date', 'conceptId', 'warehouseId', 'targetWarehouseId', 'reference', 'notes', 'lines', 'lines.'] as const;
const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

const warehouseText = (m: StockMovementFieldsFragment) => (m.targetWarehouse ? `${m.warehouse.code} → ${m.targetWarehouse.code}` : m.warehouse.code);

const COLUMNS: ListColumn<StockMovementFieldsFragment>[] = [
  { key: 'folio', header: texts.common.folio, sortable: true },
  { key: 'date', header: texts.common.date, format: 'date', sortable: true, render: (m) => formatDate(m.date) },
  { key: 'concept', header: t.concept, sortable: true, render: (m) => m.concept.name, exportValue: (m) => m.concept.name },
  { key: 'kind', header: t.kind, render: (m) => KIND_LABELS[m.kind], exportValue: (m) => KIND_LABELS[m.kind] },
  { key: 'warehouse', header: texts.common.warehouse, render: warehouseText, exportValue: warehouseText },
  { key: 'reference', header: t.reference },
  { key: 'totalAmount', header: texts.common.total, format: 'money', sortable: true, align: 'right', render: (m) => formatMoney(m.totalAmount), exportValue: (m) => m.totalAmount },
  { key: 'status', header: texts.common.status, render: (m) => <StatusBadge status={m.status} labels={MOVEMENT_STATUS} />, exportValue: (m) => MOVEMENT_STATUS[m.status]?.label ?? m.status },
];

function MovementList({ record }: { record: RecordParam }) {
  const client = useApolloClient();
  const access = useScreenAccess('Movimientos');
  const warehouses = useWarehouseOptions();
  const params = useListParams({ sortBy: 'date', sortDirection: 'DESC', filters: { kind: '', warehouseId: '', status: '', ...dateRangeDefaults() } });
  const { kind, warehouseId, status, from, to } = params.filters;
  const filter = useMemo<StockMovementFilter>(
    () => ({ kind: (kind || undefined) as StockConceptKind | undefined, warehouseId: warehouseId || undefined, status: (status || undefined) as StockMovementStatus | undefined, from: from || undefined, to: to || undefined }),
    [kind, warehouseId, status, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(StockMovementListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.stockMovements;
  const fetchAll = () =>
    fetchAllPages(async (p, size) => (await client.query({ query: StockMovementListDocument, variables: { list: { ...list, page: p, pageSize: size }, filter }, fetchPolicy: 'network-only' })).data?.stockMovements ?? { items: [], total: 0 });

  return (
    <ListPage
      description={t.listDescription}
      exportName={t.exportName}
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(m) => m.id}
      onRowClick={(m) => record.open(m.id)}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={access.crear ? <Button leftSection={<IconPlus size={16} />} onClick={record.openNew}>{t.newButton}</Button> : undefined}
      filters={
        <>
          <Select aria-label={t.kind} placeholder={t.kind} data={KIND_OPTIONS} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={140} />
          <Select aria-label={texts.common.warehouse} placeholder={texts.common.warehouse} data={warehouses.options.map((o) => ({ ...o, disabled: false }))} value={warehouseId || null} onChange={(v) => params.setFilter('warehouseId', v ?? '')} clearable searchable w={220} />
          <Select aria-label={texts.common.status} placeholder={texts.common.status} data={statusOptions(MOVEMENT_STATUS)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={140} />
          <DateRangeFilter params={params} label="Fecha del movimiento" />
        </>
      }
    />
  );
}

type Values = { date: string; conceptId: string; warehouseId: string; targetWarehouseId: string; reference: string; notes: string; lines: LineValues[] };

function MovementForm({ record }: { record: RecordParam }) {
  const access = useScreenAccess('Movimientos');
  const concepts = useConceptOptions();
  const warehouses = useWarehouseOptions();
  const [post] = useMutation(StockMovementPostDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { date: todayIso(), conceptId: '', warehouseId: '', targetWarehouseId: '', reference: '', notes: '', lines: [newLine()] },
    validate: {
      date: (v) => (v ? null : texts.common.required),
      conceptId: (v) => (v ? null : texts.common.required),
      warehouseId: (v) => (v ? null : texts.common.required),
    },
  });
  const concept = concepts.items.find((c) => c.id === form.values.conceptId);
  const isTransfer = concept?.kind === 'TRASPASO';
  const priced = concept?.direction === 'IN' && concept.affectsCost;
  const conceptOptions = concepts.items.filter((c) => c.active).map((c) => ({ value: c.id, label: `${c.code} · ${c.name} (${KIND_LABELS[c.kind]})` }));

  const { save: runSave, saving, error } = useFormSave<Values>({
    form,
    fields: FIELDS,
    onSaved: record.close,
    errorForForm,
    validate: (v) => {
      const lineErrors: Record<string, string> = {};
      v.lines.forEach((l, i) => {
        if (!l.articleId) lineErrors[`lines.${i}.articleId`] = texts.common.required;
        if (!l.quantity || Number(l.quantity) <= 0) lineErrors[`lines.${i}.quantity`] = texts.common.positive;
        if (priced && l.unitCost === '') lineErrors[`lines.${i}.unitCost`] = texts.common.required;
      });
      if (!v.lines.length) lineErrors.lines = texts.common.noLines;
      if (isTransfer && !v.targetWarehouseId) lineErrors.targetWarehouseId = texts.common.required;
      return lineErrors;
    },
  });

  const save = () =>
    runSave(async (v) => {
      const result = await post({
        variables: {
          input: {
            date: v.date,
            conceptId: v.conceptId,
            warehouseId: v.warehouseId,
            targetWarehouseId: isTransfer ? v.targetWarehouseId : null,
            reference: v.reference,
            notes: v.notes,
            lines: v.lines.map((l) => ({ articleId: l.articleId, quantity: l.quantity, unitCost: priced ? l.unitCost : null })),
          },
        },
      });
      const posted = result.data?.stockMovementPost;
      if (!posted) throw new Error('stockMovementPost returned no movement');
      return { message: t.posted(posted.folio), onSaved: () => record.open(posted.id) };
    });

  return (
    <FormPage
      title={t.newTitle}
      onSubmit={save}
      onCancel={record.close}
      dirty={form.isDirty()}
      saving={saving}
      error={error}
      readOnly={!access.crear}
      submitLabel={t.post}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <DateField label={texts.common.date} required max={todayIso()} {...form.getInputProps('date')} />
            <Select label={t.concept} placeholder={t.conceptPlaceholder} required searchable data={conceptOptions} {...form.getInputProps('conceptId')} value={form.values.conceptId || null} onChange={(v) => form.setFieldValue('conceptId', v ?? '')} />
            <Select label={texts.common.warehouse} placeholder={t.warehousePlaceholder} required searchable data={warehouses.options} {...form.getInputProps('warehouseId')} value={form.values.warehouseId || null} onChange={(v) => form.setFieldValue('warehouseId', v ?? '')} />
            {isTransfer ? (
              <Select label={t.target} placeholder={t.warehousePlaceholder} required searchable data={warehouses.options.filter((o) => o.value !== form.values.warehouseId)} {...form.getInputProps('targetWarehouseId')} value={form.values.targetWarehouseId || null} onChange={(v) => form.setFieldValue('targetWarehouseId', v ?? '')} />
            ) : null}
            <TextInput label={t.reference} placeholder={t.referencePlaceholder} maxLength={100} {...form.getInputProps('reference')} />
          </SimpleGrid>
          <Textarea mt="md" label={texts.common.notes} maxLength={1000} autosize minRows={1} {...form.getInputProps('notes')} />
        </Paper>
        {concept ? (
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            {priced ? t.costHelp : concept.direction === 'IN' ? t.avgEntryHelp : t.averageHelp}
          </Alert>
        ) : null}
        <LinesEditor
          lines={form.values.lines}
          onChange={(lines) => form.setFieldValue('lines', lines)}
          errors={form.errors}
          warehouseId={form.values.warehouseId || null}
          showAvailable={Boolean(form.values.warehouseId)}
          costLabel={priced ? texts.common.unitCost : null}
        />
      </Stack>
    </FormPage>
  );
}

type Movement = NonNullable<StockMovementDetailQuery['stockMovement']>;

function MovementDetail({ movement, record, onChanged }: { movement: Movement; record: RecordParam; onChanged: () => void }) {
  const access = useScreenAccess('Movimientos');
  const [cancel] = useMutation(StockMovementCancelDocument);
  const [asking, setAsking] = useState(false);
  const cancellable = access.eliminar && movement.status === 'APLICADO' && !movement.reverses && !movement.sourceType;

  const link = (ref: { id: string; folio: string } | null) => (ref ? <Anchor component={Link} to={withId(WAREHOUSE_PATHS.movements, ref.id)}>{ref.folio}</Anchor> : '');
  const source = movement.sourceType === 'REQUISICION'
    ? <Anchor component={Link} to={withId(WAREHOUSE_PATHS.requisitionDetail, movement.sourceId)}>{t.sourceRequisition}</Anchor>
    : movement.sourceType === 'INVENTARIO'
      ? <Anchor component={Link} to={withId(WAREHOUSE_PATHS.inventory, movement.sourceId)}>{t.sourceCount}</Anchor>
      : '';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={700} size="lg">{movement.folio}</Text>
          <StatusBadge status={movement.status} labels={MOVEMENT_STATUS} />
        </Group>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={record.close}>{texts.common.back}</Button>
          <RecordHistoryButton entity="stock_movement" entityId={movement.id} reference={movement.folio} />
          {cancellable ? (
            <Button color={CANCEL_COLOR} variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={() => setAsking(true)}>{t.cancelMovement}</Button>
          ) : null}
        </Group>
      </Group>
      <Details
        items={[
          { label: texts.common.date, value: formatDate(movement.date) },
          { label: t.concept, value: `${movement.concept.code} · ${movement.concept.name}` },
          { label: t.kind, value: KIND_LABELS[movement.kind] },
          { label: texts.common.warehouse, value: movement.targetWarehouse ? `${movement.warehouse.name} → ${movement.targetWarehouse.name}` : movement.warehouse.name },
          { label: t.reference, value: movement.reference },
          { label: texts.common.total, value: formatMoney(movement.totalAmount) },
          { label: texts.common.createdBy, value: `${movement.createdByName ?? ''} · ${formatDateTime(movement.createdAt)}` },
          { label: t.source, value: source },
          ...(movement.reversedBy ? [{ label: t.reversedBy, value: link(movement.reversedBy) }] : []),
          ...(movement.reverses ? [{ label: t.reverses, value: link(movement.reverses) }] : []),
        ]}
      />
      {movement.notes ? <Alert variant="light" title={texts.common.notes}>{movement.notes}</Alert> : null}
      <Paper withBorder radius="md" p="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{texts.common.article}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{texts.common.quantity}</Table.Th>
                <Table.Th>{texts.common.unit}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{texts.common.unitCost}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{texts.common.amount}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movement.lines.map((l) => (
                <Table.Tr key={l.lineNo}>
                  <Table.Td>{l.lineNo}</Table.Td>
                  <Table.Td>{l.article.sku} · {l.article.name}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatNumber(l.quantity, l.article.unit.decimals)}</Table.Td>
                  <Table.Td>{l.article.unit.name}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.unitCost, 4)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.amount)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={kardexPath(l.article.id, movement.warehouse.id)} size="sm">{t.kardex}</Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <ReasonDialog
        opened={asking}
        title={t.cancelTitle}
        message={t.cancelMessage(movement.folio)}
        confirmLabel={t.cancelMovement}
        reasonLabel={texts.common.reason}
        reasonPlaceholder={texts.common.reasonPlaceholder}
        required={false}
        onClose={() => setAsking(false)}
        onConfirm={async (reason) => {
          await cancel({ variables: { id: movement.id, reason } });
          notifySuccess(t.cancelled(movement.folio));
          onChanged();
        }}
      />
    </Stack>
  );
}

export function MovementsPage() {
  const record = useRecordParam();
  const detail = useQuery(StockMovementDetailDocument, { variables: { id: record.id ?? '' }, skip: !record.id, fetchPolicy: 'network-only' });
  if (record.raw === null) return <MovementList record={record} />;
  if (record.isNew) return <MovementForm record={record} />;
  const loadError = readGraphQLError(detail.error);
  if (!record.id || loadError?.code === 'NOT_FOUND' || (detail.data && !detail.data.stockMovement)) return <RecordNotFound onBack={record.close} />;
  if (loadError) return <LoadFailed message={loadError.message} />;
  const movement = detail.data?.stockMovement;
  if (!movement) return <RecordLoading />;
  return <MovementDetail movement={movement} record={record} onChanged={() => void detail.refetch()} />;
}
