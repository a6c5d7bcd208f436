// Edición de Herramientas (`?id=`): code, name, serial and notes; the status
// moves (a reparación, de regreso, baja con motivo) and, for PPE, stock
// adjustments; below, every delivery, return and repair.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  SecToolDetailDocument,
  SecToolRepairDocument,
  SecToolRepairedDocument,
  SecToolRetireDocument,
  SecToolStockAdjustDocument,
  SecToolUpdateDocument,
  type SecToolDetailQuery,
} from '../../../../generated/modules/security/graphql';
import { useScreenAccess } from '../../../components/access';
import { idParam } from '../../../components/dates';
import { FormDialog } from '../../../components/EditDialog';
import { FormPage } from '../../../components/FormPage';
import { formatDateTime } from '../../../components/format';
import { NumberField } from '../../../components/NumberField';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { notifySuccess } from '../../../components/notify';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { EPP_STOCK_MAX } from '../../../../schema/security/tools';
import { BADGES, MODULE, RETURN_CONDITION_LABELS, SECURITY_PATHS, TOOL_CATEGORY_LABELS, TOOL_EVENT_LABELS, TOOL_STATUS_LABELS, common } from '../texts';

type Tool = NonNullable<SecToolDetailQuery['secTool']>;
type Values = { code: string; name: string; serial: string; notes: string };
type Action = 'repair' | 'retire' | 'stock';

const ACTION_TITLES: Record<Action, string> = { repair: 'Enviar a reparación', retire: 'Dar de baja', stock: 'Ajustar existencia' };

/** Sending to repair and retiring ask only for the reason. */
function ReasonActionDialog({ tool, action, onClose }: { tool: Tool; action: 'repair' | 'retire'; onClose: (done: boolean) => void }) {
  const [repair] = useMutation(SecToolRepairDocument);
  const [retire] = useMutation(SecToolRetireDocument);
  const title = ACTION_TITLES[action];
  return (
    <ReasonDialog
      opened
      title={`${title} · ${tool.code}`}
      confirmLabel={title}
      reasonLabel={common.reason}
      maxLength={300}
      onClose={onClose}
      onConfirm={async (reason) => {
        if (action === 'repair') await repair({ variables: { id: tool.id, version: tool.version, reason } });
        else await retire({ variables: { id: tool.id, version: tool.version, reason } });
        notifySuccess(`${tool.code}: ${title.toLowerCase()} registrado.`);
      }}
    />
  );
}

/** A stock adjustment of PPE: quantity (negative subtracts) and reason. */
function StockDialog({ tool, onClose }: { tool: Tool; onClose: (done: boolean) => void }) {
  const [adjust] = useMutation(SecToolStockAdjustDocument);
  const form = useForm<{ reason: string; quantity: string }>({ mode: 'controlled', initialValues: { reason: '', quantity: '1' }, validate: { reason: (v) => (v.trim() ? null : common.required) } });
  const { save, saving, error } = useFormSave({ form, fields: ['reason', 'quantity'], onSaved: () => onClose(true) });
  const title = ACTION_TITLES.stock;
  const submit = () =>
    save(async ({ reason, quantity }) => {
      await adjust({ variables: { id: tool.id, quantity: Number(quantity), reason } });
      return `${tool.code}: ${title.toLowerCase()} registrado.`;
    });
  return (
    <FormDialog title={`${title} · ${tool.code}`} opened onClose={() => onClose(false)} onSubmit={submit} saving={saving} error={error} submitLabel={title} size="md">
      <NumberField label="Cantidad (negativa para restar)" required precision={0} min={-tool.stock} max={EPP_STOCK_MAX} {...form.getInputProps('quantity')} description={`Existencia actual: ${tool.stock}`} />
      <TextInput label={common.reason} required maxLength={300} data-autofocus {...form.getInputProps('reason')} />
    </FormDialog>
  );
}

function History({ tool }: { tool: Tool }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        Historial
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Movimiento</Table.Th>
              <Table.Th>Empleado</Table.Th>
              <Table.Th ta="right">Cantidad</Table.Th>
              <Table.Th>Detalle</Table.Th>
              <Table.Th>Estado después</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tool.events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
                <Table.Td>{TOOL_EVENT_LABELS[e.kind as keyof typeof TOOL_EVENT_LABELS] ?? e.kind}{e.deliveryFolio ? ` (entrega ${e.deliveryFolio})` : ''}</Table.Td>
                <Table.Td>{e.employeeName ?? '—'}</Table.Td>
                <Table.Td ta="right">{e.quantity}</Table.Td>
                <Table.Td>{[e.condition ? RETURN_CONDITION_LABELS[e.condition] : '', e.reason, e.stockAfter !== null ? `existencia ${e.stockAfter}` : ''].filter(Boolean).join(' · ') || '—'}</Table.Td>
                <Table.Td>{TOOL_STATUS_LABELS[e.statusAfter]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function ToolEditor({ tool, onReload }: { tool: Tool; onReload: () => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess(MODULE, 'Herramientas');
  const [update] = useMutation(SecToolUpdateDocument);
  const [repaired] = useMutation(SecToolRepairedDocument);
  const [action, setAction] = useState<Action | null>(null);
  const closeAction = (done: boolean) => {
    setAction(null);
    if (done) onReload();
  };
  const editable = access.editar && tool.status !== 'baja';
  const form = useForm<Values>({ mode: 'controlled', initialValues: { code: tool.code, name: tool.name, serial: tool.serial, notes: tool.notes }, validate: { code: (v) => (v.trim() ? null : common.required), name: (v) => (v.trim() ? null : common.required) } });
  const { save, saving, error } = useFormSave<Values>({ form, fields: ['code', 'name', 'serial', 'notes'], readOnly: !editable, onSaved: () => undefined });
  const isTool = tool.category === 'herramienta';
  return (
    <FormPage
      entity="sec_tool"
      title={`${tool.code} · ${tool.name}`}
      headerActions={<StatusBadge status={tool.status} labels={BADGES.tool} />}
      onSubmit={() =>
        save(async (values) => {
          await update({ variables: { id: tool.id, version: tool.version, input: values } });
          onReload();
          return 'Herramienta guardada.';
        })
      }
      onCancel={() => void navigate(SECURITY_PATHS.tools)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
      extraActions={
        access.editar ? (
          <Group gap="xs">
            {isTool && tool.status === 'disponible' ? <Button variant="light" color="orange" onClick={() => setAction('repair')}>Enviar a reparación</Button> : null}
            {isTool && tool.status === 'en_reparacion' ? (
              <Button
                variant="light"
                color="teal"
                onClick={() =>
                  void repaired({ variables: { id: tool.id, version: tool.version } }).then(() => {
                    notifySuccess(`${tool.code} disponible.`);
                    onReload();
                  })
                }
              >
                Regresó de reparación
              </Button>
            ) : null}
            {!isTool && tool.status !== 'baja' ? <Button variant="light" onClick={() => setAction('stock')}>Ajustar existencia</Button> : null}
            {access.eliminar && tool.status !== 'baja' && tool.status !== 'asignada' ? <Button variant="light" color="red" onClick={() => setAction('retire')}>Dar de baja</Button> : null}
          </Group>
        ) : null
      }
    >
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <TextInput label="Código" required disabled={!editable} maxLength={40} {...form.getInputProps('code')} />
          <TextInput label="Nombre" required disabled={!editable} maxLength={150} {...form.getInputProps('name')} />
          <TextInput label="Número de serie" disabled={!editable} maxLength={80} {...form.getInputProps('serial')} />
          <TextInput label="Categoría" value={TOOL_CATEGORY_LABELS[tool.category]} readOnly variant="filled" />
          {isTool ? <TextInput label="En poder de" value={tool.holderName ?? '—'} readOnly variant="filled" /> : <TextInput label="Existencia" value={String(tool.stock)} readOnly variant="filled" />}
          {!isTool ? <TextInput label="Entregados sin devolver" value={String(tool.outstanding)} readOnly variant="filled" /> : null}
        </SimpleGrid>
        <Textarea mt="md" label="Notas" autosize minRows={2} maxLength={500} disabled={!editable} {...form.getInputProps('notes')} />
      </Paper>
      <History tool={tool} />
      {action === 'stock' ? <StockDialog tool={tool} onClose={closeAction} /> : action ? <ReasonActionDialog tool={tool} action={action} onClose={closeAction} /> : null}
    </FormPage>
  );
}

export function ToolDetailPage() {
  const [searchParams] = useSearchParams();
  const id = idParam(searchParams.get('id'));
  const detail = useQuery(SecToolDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const tool = detail.data?.secTool ?? null;
  const loadError = readGraphQLError(detail.error);
  if (id === null || (detail.data && !tool) || loadError) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={loadError?.message ?? common.notFound('La herramienta')}>
        <Anchor component={Link} to={SECURITY_PATHS.tools}>
          {common.backTo('Herramientas')}
        </Anchor>
      </Alert>
    );
  }
  if (!tool) return <FormPage onSubmit={async () => undefined} onCancel={() => undefined} dirty={false} saving={false} loading>{null}</FormPage>;
  return <ToolEditor key={`${tool.id}:${tool.version}`} tool={tool} onReload={() => void detail.refetch()} />;
}
