// Detalle de Requisiciones: no `?id=` creates; a pending requisition is
// edited and authorised (or rejected) here; an authorised one is delivered
// (surtida) in one or more goes, each posting a salida, or closed short
// ("Cerrar requisición") when the rest will not arrive. Only the transitions
// legal now are offered (schema/warehouse/requisitions.ts).
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconArrowLeft, IconCheck, IconLock, IconPackageExport, IconShoppingCart, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  RequisitionPurchaseOrdersDocument,
  WarehouseRequisitionAuthorizeDocument,
  WarehouseRequisitionCloseDocument,
  WarehouseRequisitionCreateDocument,
  WarehouseRequisitionDetailDocument,
  WarehouseRequisitionFulfillDocument,
  WarehouseRequisitionRejectDocument,
  WarehouseRequisitionUpdateDocument,
  type WarehouseRequisitionDetailQuery,
} from '../../../../generated/modules/warehouse/graphql';
import { CANCEL_COLOR } from '../../../components/confirm';
import { formatDate, formatDateTime, formatNumber } from '../../../components/format';
import { DetailTable } from '../../../components/DetailTable';
import { FormPage } from '../../../components/FormPage';
import { RecordHeader } from '../../../components/RecordHeader';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { StatusBadge } from '../../../components/StatusBadge';
import { useScreenAccess } from '../access';

import { Details } from '../components/Details';
import { asAppError, errorForForm } from '../components/formErrors';
import { LinesEditor, newLine, type LineValues } from '../components/LinesEditor';
import { useWarehouseOptions } from '../components/options';
import { LoadFailed, RecordLoading } from '../components/record';
import { idParam, purchaseOrderFrom, purchaseOrderPath, WAREHOUSE_PATHS, withId } from '../paths';
import { PURCHASE_ORDER_LIFECYCLE } from '../../../../schema/shopping/lifecycles';
import { useScreenAccess as useAnyScreenAccess } from '../../../components/access';
import { REQUISITION_STATUS, texts } from '../texts';
import { DateField } from '../../../components/DateField';
import { todayIso } from '../../../components/dates';
import { useFormSave } from '../../../components/useFormSave';
import { canCloseRequisition } from '../../../../schema/warehouse/requisitions';

const t = texts.requisitions;
const FIELDS = ['area', 'originReference', 'warehouseId', 'neededDate', 'notes', 'lines', 'lines.'] as const;
type Requisition = NonNullable<WarehouseRequisitionDetailQuery['warehouseRequisition']>;
type Values = { area: string; originReference: string; warehouseId: string; neededDate: string; notes: string; lines: LineValues[] };

function RequisitionForm({ requisition, onSaved }: { requisition: Requisition | null; onSaved?: () => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess('Requisiciones');
  const warehouses = useWarehouseOptions();
  const [create] = useMutation(WarehouseRequisitionCreateDocument);
  const [update] = useMutation(WarehouseRequisitionUpdateDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: requisition
      ? {
          area: requisition.area,
          originReference: requisition.originReference,
          warehouseId: requisition.warehouse.id,
          neededDate: requisition.neededDate,
          notes: requisition.notes,
          lines: requisition.lines.map((l) => ({ ...newLine(), articleId: l.article.id, quantity: l.requestedQuantity })),
        }
      : { area: '', originReference: '', warehouseId: '', neededDate: todayIso(), notes: '', lines: [newLine()] },
    validate: {
      area: (v) => (v.trim() ? null : texts.common.required),
      warehouseId: (v) => (v ? null : texts.common.required),
      neededDate: (v) => (v ? null : texts.common.required),
    },
  });
  const readOnly = requisition ? !access.editar : !access.crear;

  const { save: runSave, saving, error } = useFormSave<Values>({
    form,
    fields: FIELDS,
    onSaved: () => onSaved?.(),
    readOnly,
    errorForForm,
    validate: (v) => {
      const lineErrors: Record<string, string> = {};
      v.lines.forEach((l, i) => {
        if (!l.articleId) lineErrors[`lines.${i}.articleId`] = texts.common.required;
        if (!l.quantity || Number(l.quantity) <= 0) lineErrors[`lines.${i}.quantity`] = texts.common.positive;
      });
      if (!v.lines.length) lineErrors.lines = texts.common.noLines;
      return lineErrors;
    },
  });

  const save = () =>
    runSave(async (v) => {
      const input = { area: v.area, originReference: v.originReference, warehouseId: v.warehouseId, neededDate: v.neededDate, notes: v.notes, lines: v.lines.map((l) => ({ articleId: l.articleId, quantity: l.quantity })) };
      if (requisition) {
        await update({ variables: { id: requisition.id, version: requisition.version, input } });
        return texts.common.saved;
      }
      const result = await create({ variables: { input } });
      const created = result.data?.warehouseRequisitionCreate;
      if (!created) throw new Error('warehouseRequisitionCreate returned no requisition');
      return { message: t.created(created.folio), onSaved: () => void navigate(withId(WAREHOUSE_PATHS.requisitionDetail, created.id), { replace: true }) };
    });

  return (
    <FormPage
      title={requisition ? requisition.folio : t.newTitle}
      headerActions={requisition ? <StatusBadge status={requisition.status} labels={REQUISITION_STATUS} /> : undefined}
      onSubmit={save}
      onCancel={() => void navigate(WAREHOUSE_PATHS.requisitions)}
      entity="requisition"
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      error={error}
      readOnly={readOnly}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <TextInput label={t.area} required maxLength={120} disabled={readOnly} data-autofocus {...form.getInputProps('area')} />
            <TextInput label={t.originReference} placeholder={t.originPlaceholder} maxLength={120} disabled={readOnly} {...form.getInputProps('originReference')} />
            <Select label={texts.common.warehouse} required searchable data={warehouses.options} disabled={readOnly} {...form.getInputProps('warehouseId')} value={form.values.warehouseId || null} onChange={(v) => form.setFieldValue('warehouseId', v ?? '')} />
            <DateField label={t.neededDate} required min={todayIso()} disabled={readOnly} {...form.getInputProps('neededDate')} />
          </SimpleGrid>
          <Textarea mt="md" label={texts.common.notes} maxLength={1000} autosize minRows={1} disabled={readOnly} {...form.getInputProps('notes')} />
        </Paper>
        <LinesEditor
          lines={form.values.lines}
          onChange={(lines) => form.setFieldValue('lines', lines)}
          errors={form.errors}
          warehouseId={form.values.warehouseId || null}
          showAvailable={Boolean(form.values.warehouseId)}
          readOnly={readOnly}
          known={requisition?.lines.map((l) => l.article)}
          quantityLabel={t.requested}
        />
      </Stack>
    </FormPage>
  );
}

/** Per-line quantities for authorising or delivering, with the server's messages under each input. */
function QuantityPanel({
  requisition,
  mode,
  onDone,
}: {
  requisition: Requisition;
  mode: 'authorize' | 'fulfill';
  onDone: () => void;
}) {
  const access = useScreenAccess('Requisiciones');
  const [authorize, authorizing] = useMutation(WarehouseRequisitionAuthorizeDocument);
  const [fulfill, fulfilling] = useMutation(WarehouseRequisitionFulfillDocument);
  const [reject] = useMutation(WarehouseRequisitionRejectDocument);
  const [rejecting, setRejecting] = useState(false);
  const initial = Object.fromEntries(requisition.lines.map((l) => [l.id, mode === 'authorize' ? l.requestedQuantity : l.pendingQuantity]));
  const [quantities, setQuantities] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const lines = mode === 'fulfill' ? requisition.lines.filter((l) => Number(l.pendingQuantity) > 0) : requisition.lines;

  const submit = async () => {
    setErrors({});
    setMessage(null);
    const payload = lines.map((l) => ({ lineId: l.id, quantity: quantities[l.id] || '0' }));
    try {
      if (mode === 'authorize') {
        await authorize({ variables: { id: requisition.id, version: requisition.version, lines: payload } });
        notifySuccess(t.authorized_);
      } else {
        await fulfill({ variables: { id: requisition.id, version: requisition.version, lines: payload } });
        notifySuccess(t.fulfilled);
      }
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

  const label = mode === 'authorize' ? t.toAuthorize : t.toDeliver;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{mode === 'authorize' ? t.authorizeTitle : t.fulfill}</Text>
        <Text size="sm" c="dimmed">{mode === 'authorize' ? t.authorizeHelp : t.fulfillHelp}</Text>
        {message ? <Alert color="red" variant="light">{message}</Alert> : null}
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.common.article}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.requested}</Table.Th>
                {mode === 'fulfill' ? <Table.Th style={{ textAlign: 'right' }}>{t.pending}</Table.Th> : null}
                <Table.Th style={{ textAlign: 'right' }}>{texts.common.available}</Table.Th>
                <Table.Th style={{ width: '10rem' }}>{label}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.article.sku} · {l.article.name}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatNumber(l.requestedQuantity, l.article.unit.decimals)}</Table.Td>
                  {mode === 'fulfill' ? <Table.Td style={{ textAlign: 'right' }}>{formatNumber(l.pendingQuantity, l.article.unit.decimals)}</Table.Td> : null}
                  <Table.Td style={{ textAlign: 'right' }}>{formatNumber(l.article.available, l.article.unit.decimals)} {l.article.unit.name}</Table.Td>
                  <Table.Td>
                    <NumberField
                      aria-label={`${label} ${l.article.sku}`}
                      value={quantities[l.id] ?? ''}
                      onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: v }))}
                      precision={l.article.unit.decimals}
                      min={0}
                      error={errors[l.id]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="xs">
          {mode === 'authorize' && access.autorizar ? (
            <Button variant="light" color={CANCEL_COLOR} leftSection={<IconX size={16} />} onClick={() => setRejecting(true)}>{t.reject}</Button>
          ) : null}
          <Button
            leftSection={mode === 'authorize' ? <IconCheck size={16} /> : <IconPackageExport size={16} />}
            loading={authorizing.loading || fulfilling.loading}
            onClick={() => void submit()}
          >
            {mode === 'authorize' ? t.authorize : t.fulfill}
          </Button>
        </Group>
      </Stack>
      <ReasonDialog
        opened={rejecting}
        title={t.rejectTitle}
        confirmLabel={t.reject}
        reasonLabel={texts.common.reason}
        reasonPlaceholder={texts.common.reasonPlaceholder}
        onClose={() => setRejecting(false)}
        onConfirm={async (reason) => {
          await reject({ variables: { id: requisition.id, version: requisition.version, reason } });
          notifySuccess(t.rejected);
          onDone();
        }}
      />
    </Paper>
  );
}

/** "Cerrar requisición": cancels the undelivered remainder with a reason, after the confirm dialog. */
function CloseRequisitionButton({ requisition, onDone }: { requisition: Requisition; onDone: () => void }) {
  const [close] = useMutation(WarehouseRequisitionCloseDocument);
  const [asking, setAsking] = useState(false);
  const delivered = requisition.lines.some((l) => Number(l.deliveredQuantity) > 0);
  return (
    <>
      <Button variant="light" color={CANCEL_COLOR} leftSection={<IconLock size={16} />} onClick={() => setAsking(true)}>
        {t.close}
      </Button>
      <ReasonDialog
        opened={asking}
        title={t.closeTitle}
        message={t.closeMessage(requisition.folio, delivered)}
        confirmLabel={t.close}
        reasonLabel={texts.common.reason}
        reasonPlaceholder={texts.common.reasonPlaceholder}
        onClose={() => setAsking(false)}
        onConfirm={async (reason) => {
          await close({ variables: { id: requisition.id, version: requisition.version, reason } });
          notifySuccess(t.closed);
          onDone();
        }}
      />
    </>
  );
}

function RequisitionView({ requisition, onChanged }: { requisition: Requisition; onChanged: () => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess('Requisiciones');
  const pending = requisition.status === 'PENDIENTE';
  const deliverable = requisition.status === 'AUTORIZADA' || requisition.status === 'SURTIDA_PARCIAL';
  // What the warehouse cannot deliver from stock is bought: Compras drafts an order from the pending lines.
  const orderAccess = useAnyScreenAccess('Compras', 'Órdenes de compra');
  const canBuy = orderAccess.crear;
  // The orders Compras drafted from it, for whoever may see them.
  const orders = useQuery(RequisitionPurchaseOrdersDocument, { variables: { filter: { origin: 'requisicion', originId: requisition.id } }, skip: !orderAccess.ver, fetchPolicy: 'network-only' });
  const orderItems = orders.data?.purchaseOrders.items ?? [];
  return (
    <Stack gap="md">
      {pending && access.editar ? (
        <RequisitionForm key={requisition.version} requisition={requisition} onSaved={onChanged} />
      ) : (
        <>
          <RecordHeader
            reference={requisition.folio}
            entity="requisition"
            entityId={requisition.id}
            status={<StatusBadge status={requisition.status} labels={REQUISITION_STATUS} />}
            actions={
              <>
                {deliverable && canBuy ? (
                  <Button variant="light" leftSection={<IconShoppingCart size={16} />} component={Link} to={purchaseOrderFrom('requisicion', requisition.id)}>
                    {t.toPurchaseOrder}
                  </Button>
                ) : null}
                {canCloseRequisition(requisition.status) && access.autorizar ? <CloseRequisitionButton requisition={requisition} onDone={onChanged} /> : null}
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(WAREHOUSE_PATHS.requisitions)}>{texts.common.back}</Button>
              </>
            }
          />
          <Details
            items={[
              { label: t.area, value: requisition.area },
              { label: t.originReference, value: requisition.originReference },
              { label: texts.common.warehouse, value: `${requisition.warehouse.code} · ${requisition.warehouse.name}` },
              { label: t.neededDate, value: formatDate(requisition.neededDate) },
              { label: t.requester, value: requisition.requesterName },
              { label: t.authorizedBy, value: requisition.authorizedByName ? `${requisition.authorizedByName} · ${formatDateTime(requisition.authorizedAt)}` : '' },
              ...(requisition.rejectionReason ? [{ label: t.rejectionReason, value: requisition.rejectionReason }] : []),
              ...(requisition.status === 'CERRADA'
                ? [
                    { label: t.closeReason, value: requisition.closeReason },
                    { label: t.closedBy, value: requisition.closedByName ? `${requisition.closedByName} · ${formatDateTime(requisition.closedAt)}` : '' },
                  ]
                : []),
              ...(orderAccess.ver
                ? [
                    {
                      label: t.purchaseOrders,
                      value: orderItems.length ? (
                        <Group gap="xs">
                          {orderItems.map((o) => (
                            <Anchor key={o.id} component={Link} to={purchaseOrderPath(o.id)}>
                              {o.folioText} · {o.supplierName} · {PURCHASE_ORDER_LIFECYCLE.labels[o.status]}
                            </Anchor>
                          ))}
                        </Group>
                      ) : (
                        ''
                      ),
                    },
                  ]
                : []),
              {
                label: t.movements,
                value: requisition.movements.length ? (
                  <Group gap="xs">
                    {requisition.movements.map((m) => <Anchor key={m.id} component={Link} to={withId(WAREHOUSE_PATHS.movements, m.id)}>{m.folio}</Anchor>)}
                  </Group>
                ) : '',
              },
            ]}
          />
          <Paper withBorder radius="md" p="sm">
            <DetailTable
              aria-label={texts.common.articles}
              rows={requisition.lines}
              rowKey={(l) => l.id}
              columns={[
                { key: 'article', header: texts.common.article, render: (l) => `${l.article.sku} · ${l.article.name}` },
                { key: 'requested', header: t.requested, align: 'right', render: (l) => formatNumber(l.requestedQuantity, l.article.unit.decimals) },
                { key: 'authorized', header: t.authorized, align: 'right', render: (l) => (l.authorizedQuantity === null ? '—' : formatNumber(l.authorizedQuantity, l.article.unit.decimals)) },
                { key: 'delivered', header: t.delivered, align: 'right', render: (l) => formatNumber(l.deliveredQuantity, l.article.unit.decimals) },
                { key: 'pending', header: t.pending, align: 'right', render: (l) => formatNumber(l.pendingQuantity, l.article.unit.decimals) },
                { key: 'unit', header: texts.common.unit, render: (l) => l.article.unit.name },
              ]}
            />
          </Paper>
        </>
      )}
      {pending && access.autorizar ? <QuantityPanel key={`a${requisition.version}`} requisition={requisition} mode="authorize" onDone={onChanged} /> : null}
      {deliverable && access.editar ? <QuantityPanel key={`f${requisition.version}`} requisition={requisition} mode="fulfill" onDone={onChanged} /> : null}
    </Stack>
  );
}

export function RequisitionDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = idParam(raw);
  const detail = useQuery(WarehouseRequisitionDetailDocument, { variables: { id: id ?? '' }, skip: !id, fetchPolicy: 'network-only' });
  if (raw === null) return <RequisitionForm requisition={null} />;
  const loadError = readGraphQLError(detail.error);
  if (!id || loadError?.code === 'NOT_FOUND' || (detail.data && !detail.data.warehouseRequisition)) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="orange" variant="light" title={texts.common.notFound} />
        <Button component={Link} to={WAREHOUSE_PATHS.requisitions} variant="light" leftSection={<IconArrowLeft size={16} />}>{texts.common.back}</Button>
      </Stack>
    );
  }
  if (loadError) return <LoadFailed message={loadError.message} />;
  const requisition = detail.data?.warehouseRequisition;
  if (!requisition) return <RecordLoading />;
  return <RequisitionView requisition={requisition} onChanged={() => void detail.refetch()} />;
}
