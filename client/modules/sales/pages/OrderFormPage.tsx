// Formulario de Órdenes de Servicio: work under a vigente contract
// (`?contractId=N` preselects it) or one-off work for a client; description,
// site, programmed dates and responsible people. The header offers the next
// legal move (iniciar, terminar, registrar entrega) and, under a contract,
// capturing a generador for the order.
import { Box, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconCalculator, IconPlayerPlay, IconCircleCheck, IconTruckDelivery } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ContractOptionListDocument,
  ServiceOrderCreateDocument,
  ServiceOrderDetailDocument,
  ServiceOrderFinishDocument,
  ServiceOrderStartDocument,
  ServiceOrderUpdateDocument,
  type ServiceOrderDetailQuery,
} from '../../../../generated/modules/sales/graphql';
import { folioLabel, ORDER_LIFECYCLE } from '../../../../schema/sales/labels';
import { canAct } from '../../../../schema/lifecycle';
import { FormPage } from '../../../components/FormPage';
import { DocumentActions } from '../../../components/DocumentActions';
import { formatDate } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { DateField } from '../../../components/DateField';
import { useScreenAccess, type ScreenAccess } from '../access';
import { documentAction } from '../components/actions';
import { ClientSelect } from '../components/ClientSelect';
import { CrewDays } from '../components/CrewDays';
import { OrderCrew } from '../components/OrderCrew';

import { AttachmentList } from '../../../components/Attachments';
import { recordGate } from '../../../components/recordGate';
import { idParam, recordPath, SALES_PATHS, withQuery } from '../paths';
import { ORDER_BADGES, texts } from '../texts';
import { addDaysIso, todayIso } from '../../../components/dates';
import { useFormSave } from '../../../components/useFormSave';

const t = texts.orders;
type Order = NonNullable<ServiceOrderDetailQuery['serviceOrder']>;
type Values = { target: 'contract' | 'client'; contractId: string; clientId: string; description: string; site: string; scheduledStart: string; scheduledEnd: string; responsibles: string[]; notes: string; crewEmployeeIds: string[]; vehicleIds: string[] };

const FIELDS = ['contractId', 'clientId', 'description', 'site', 'scheduledStart', 'scheduledEnd', 'responsibles', 'responsibles.', 'notes', 'crewEmployeeIds', 'crewEmployeeIds.', 'vehicleIds', 'vehicleIds.'];

const valuesOf = (o: Order | null, contractId: string | null): Values =>
  o
    ? {
        target: o.contract ? 'contract' : 'client',
        contractId: o.contract?.id ?? '',
        clientId: o.client.id,
        description: o.description,
        site: o.site,
        scheduledStart: o.scheduledStart,
        scheduledEnd: o.scheduledEnd,
        responsibles: o.responsibles,
        notes: o.notes,
        crewEmployeeIds: o.crew.map((c) => c.id),
        vehicleIds: o.vehicles.map((x) => x.id),
      }
    : { target: 'contract', contractId: contractId ?? '', clientId: '', description: '', site: '', scheduledStart: todayIso(), scheduledEnd: addDaysIso(todayIso(), 7), responsibles: [], notes: '', crewEmployeeIds: [], vehicleIds: [] };

function OrderEditor({ order, contractId, access, onReload }: { order: Order | null; contractId: string | null; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const generatorAccess = useScreenAccess('Generadores');
  const deliveryAccess = useScreenAccess('Entrega de Órdenes');
  const [create] = useMutation(ServiceOrderCreateDocument);
  const [update] = useMutation(ServiceOrderUpdateDocument);
  const [start] = useMutation(ServiceOrderStartDocument);
  const [finish] = useMutation(ServiceOrderFinishDocument);
  const contracts = useQuery(ContractOptionListDocument, { variables: {}, fetchPolicy: 'cache-and-network' });
  const editable = order ? (order.status === 'abierta' || order.status === 'en_proceso') && access.editar : access.crear;
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(order, contractId) });
  const v = form.values;
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => onReload?.(), readOnly: !editable });
  const label = order ? folioLabel('order', order.folio) : '';
  const act = documentAction(setError, onReload);
  const contractOptions = (contracts.data?.contractOptions ?? []).map((c) => ({ value: c.id, label: `${folioLabel('contract', c.folio)} · ${c.name} (${c.clientName})` }));
  if (order?.contract && !contractOptions.some((o) => o.value === order.contract?.id)) {
    contractOptions.unshift({ value: order.contract.id, label: `${folioLabel('contract', order.contract.folio)} · ${order.contract.name}` });
  }

  const save = () =>
    runSave(async () => {
      const input = {
        contractId: v.target === 'contract' ? v.contractId || null : null,
        clientId: v.target === 'client' ? v.clientId || null : null,
        description: v.description,
        site: v.site,
        scheduledStart: v.scheduledStart,
        scheduledEnd: v.scheduledEnd,
        // Free-text responsables of older orders are kept as they are; the crew replaces them.
        responsibles: v.responsibles,
        notes: v.notes,
        crewEmployeeIds: v.crewEmployeeIds.filter(Boolean),
        vehicleIds: v.vehicleIds.filter(Boolean),
      };
      if (order) {
        await update({ variables: { id: order.id, version: order.version, input } });
        return texts.common.saved;
      }
      const result = await create({ variables: { input } });
      const id = result.data?.serviceOrderCreate.id;
      return { message: t.created, onSaved: () => void navigate(id ? recordPath(SALES_PATHS.orderForm, id) : SALES_PATHS.orders, { replace: true }) };
    });

  const headerActions = order ? (
    <DocumentActions
      status={{ status: order.status, labels: ORDER_BADGES }}
      actions={[
        {
          key: 'newGenerator',
          label: t.newGenerator,
          icon: <IconCalculator size={16} />,
          variant: 'default',
          show: !!order.contract && generatorAccess.crear,
          run: () => navigate(withQuery(SALES_PATHS.generatorForm, { orderId: order.id })),
        },
        {
          key: 'start',
          label: t.start,
          icon: <IconPlayerPlay size={16} />,
          show: canAct(ORDER_LIFECYCLE, 'iniciar', order.status) && access.editar,
          run: () => act(() => start({ variables: { id: order.id, version: order.version } }), t.started),
        },
        {
          key: 'finish',
          label: t.finish,
          icon: <IconCircleCheck size={16} />,
          color: 'teal',
          show: canAct(ORDER_LIFECYCLE, 'terminar', order.status) && access.editar,
          // A terminated order goes on to delivery and invoicing: asked first, naming the order.
          irreversible: true,
          run: () => act(() => finish({ variables: { id: order.id, version: order.version } }), t.finished),
        },
        {
          key: 'deliver',
          label: t.deliver,
          icon: <IconTruckDelivery size={16} />,
          show: canAct(ORDER_LIFECYCLE, 'entregar', order.status) && deliveryAccess.crear,
          run: () => navigate(withQuery(SALES_PATHS.deliveries, { orderId: order.id })),
        },
      ]}
    />
  ) : undefined;

  return (
    <FormPage
      entity="service_order"
      title={order ? `${label} · ${order.client.name}` : t.formNewTitle}
      description={order?.contract ? `${folioLabel('contract', order.contract.folio)} · ${order.contract.name}` : undefined}
      headerActions={headerActions}
      onSubmit={save}
      onCancel={() => void navigate(SALES_PATHS.orders)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
      record={order ? { noun: 'la orden', reference: label } : undefined}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <SegmentedControl
              aria-label={t.fields.target}
              data={[
                { value: 'contract', label: t.fields.underContract },
                { value: 'client', label: t.fields.oneOff },
              ]}
              value={v.target}
              disabled={!editable}
              onChange={(value) => form.setFieldValue('target', value as Values['target'])}
              w="fit-content"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {v.target === 'contract' ? (
                <Select label={t.fields.contract} placeholder={t.fields.contractPlaceholder} data={contractOptions} searchable required disabled={!editable} nothingFoundMessage={texts.common.nothingFound} {...form.getInputProps('contractId')} value={v.contractId || null} onChange={(value) => form.setFieldValue('contractId', value ?? '')} />
              ) : (
                <ClientSelect label={texts.common.client} required value={v.clientId} known={order?.client ?? null} disabled={!editable} error={typeof form.errors.clientId === 'string' ? form.errors.clientId : undefined} onChange={(id) => form.setFieldValue('clientId', id)} />
              )}
              <TextInput label={t.fields.site} disabled={!editable} maxLength={300} {...form.getInputProps('site')} />
            </SimpleGrid>
            <Textarea label={t.fields.description} required autosize minRows={2} disabled={!editable} maxLength={500} {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DateField label={t.fields.scheduledStart} required disabled={!editable} {...form.getInputProps('scheduledStart')} />
              <DateField label={t.fields.scheduledEnd} required disabled={!editable} {...form.getInputProps('scheduledEnd')} />
            </SimpleGrid>
            <Textarea label={t.fields.notes} autosize minRows={2} disabled={!editable} {...form.getInputProps('notes')} />
          </Stack>
        </Paper>
        <OrderCrew
          order={order}
          crewIds={v.crewEmployeeIds}
          vehicleIds={v.vehicleIds}
          onCrewChange={(ids) => form.setFieldValue('crewEmployeeIds', ids)}
          onVehiclesChange={(ids) => form.setFieldValue('vehicleIds', ids)}
          errorOf={(field) => (typeof form.errors[field] === 'string' ? (form.errors[field] as string) : undefined)}
          disabled={!editable}
        />
        {order ? (
          <CrewDays order={order} editable={access.editar} crewEditable={editable} onChanged={() => onReload?.()} setError={setError} />
        ) : (
          <Text size="sm" c="dimmed">
            {texts.crew.saveFirst}
          </Text>
        )}
        {order?.delivery ? (
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="xs">
              {t.delivery}
            </Text>
            <Text size="sm">
              {formatDate(order.delivery.date)} · {t.receivedBy}: {order.delivery.receivedBy}
            </Text>
            {order.delivery.notes ? <Text size="sm" c="dimmed">{order.delivery.notes}</Text> : null}
            {order.delivery.files.length ? (
              <Box mt="xs">
                <AttachmentList files={order.delivery.files} />
              </Box>
            ) : null}
          </Paper>
        ) : null}
      </Stack>
    </FormPage>
  );
}

export function OrderFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const contractId = idParam(searchParams.get('contractId'));
  const access = useScreenAccess('Órdenes de Servicio');
  const detail = useQuery(ServiceOrderDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const order = detail.data?.serviceOrder ?? null;
  const gate = recordGate({ rawId, id, record: order, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data, notFound: texts.common.notFound, back: { label: texts.common.back, to: SALES_PATHS.orders } });
  if (gate) return gate;
  return <OrderEditor key={order ? `${order.id}:${order.version}` : `new:${contractId ?? ''}`} order={order} contractId={contractId} access={access} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
