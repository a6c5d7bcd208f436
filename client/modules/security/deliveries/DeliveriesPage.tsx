// Entrega de Equipo: deliveries to employees (folio, who received it, what is
// still out). "Nueva entrega" picks the employee and the tools/PPE, with the
// received-by name typed and an optional signature drawn on screen; a row
// opens the delivery (`?id=`, so a link opens it again): its lines, each with
// "Devolver" (condition bueno / dañado / perdido), the signature and Historial.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Image, Modal, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  SecDeliverableToolListDocument,
  SecDeliveryCreateDocument,
  SecDeliveryDetailDocument,
  SecDeliveryListDocument,
  SecDeliveryReturnDocument,
  type SecDeliveryFieldsFragment,
  type SecReturnCondition,
} from '../../../../generated/modules/security/graphql';
import { DELIVERY_LINES_MAX, DELIVERY_QUANTITY_MAX, formatDeliveryFolio } from '../../../../schema/security/tools';
import { useScreenAccess } from '../../../components/access';
import { DateField } from '../../../components/DateField';
import { todayIso } from '../../../components/dates';
import { useDialogParam } from '../../../components/dialogParam';
import { DetailTable } from '../../../components/DetailTable';
import { DialogLoadState, FormDialog } from '../../../components/EditDialog';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { formatDate, formatDateTime } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { NumberField } from '../../../components/NumberField';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { RecordHeader } from '../../../components/RecordHeader';
import { SignaturePad } from '../../../components/SignaturePad';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { MODULE, OPTIONS, TOOL_CATEGORY_LABELS, common } from '../texts';

type Delivery = SecDeliveryFieldsFragment;
type Line = Delivery['lines'][number];

const t = {
  description: 'Herramienta y EPP entregados a cada empleado con su acuse. Una herramienta no se entrega dos veces; el EPP descuenta su existencia.',
  search: 'Buscar por folio, empleado, quien recibió o equipo',
  create: 'Nueva entrega',
  openOnly: 'Con equipo pendiente',
  cols: { folio: 'Folio', date: 'Fecha', employee: 'Empleado', receivedBy: 'Recibió', items: 'Equipo', outstanding: 'Pendiente' },
  fields: { employee: 'Empleado', receivedBy: 'Nombre de quien recibe', date: 'Fecha de entrega', notes: 'Notas', tool: 'Equipo', quantity: 'Cantidad', signature: 'Firma de recibido (opcional)' },
  addLine: 'Agregar equipo',
  toolPlaceholder: 'Busca por código o nombre',
  created: (folio: number) => `Entrega ${formatDeliveryFolio(folio)} registrada.`,
  lines: { tool: 'Equipo', delivered: 'Entregado', returned: 'Devuelto', pending: 'Pendiente' },
  return: 'Devolver',
  returnTitle: (l: Line) => `Devolver ${l.toolCode} · ${l.toolName}`,
  condition: 'Condición',
  returned: 'Devolución registrada.',
  conditionHelp: 'Bueno: queda disponible. Dañado: la herramienta pasa a reparación. Perdido: se da de baja (indica el motivo).',
  stock: (n: number) => `Existencia: ${n}`,
  detail: 'Entrega de equipo',
  notFound: 'La entrega no existe o ya no está disponible.',
  outstanding: (n: number) => `${n} pendiente${n === 1 ? '' : 's'} de devolver`,
  allReturned: 'Todo devuelto',
  registered: 'Registrada',
  signatureLabel: 'Firma de recibido',
  signatureAlt: (folio: string) => `Firma de recibido de la entrega ${folio}`,
  unsigned: 'Sin firma: se registró solo el nombre de quien recibió.',
  linesFull: `Máximo ${DELIVERY_LINES_MAX} equipos por entrega; registra el resto en otra entrega.`,
};

const COLUMNS: ListColumn<Delivery>[] = [
  { key: 'folio', header: t.cols.folio, sortable: true, width: 110, render: (r) => formatDeliveryFolio(r.folio), exportValue: (r) => formatDeliveryFolio(r.folio) },
  { key: 'deliveredOn', header: t.cols.date, format: 'date', sortable: true, render: (r) => formatDate(r.deliveredOn), exportValue: (r) => r.deliveredOn },
  { key: 'employee', header: t.cols.employee, sortable: true, render: (r) => r.employeeName, exportValue: (r) => r.employeeName },
  { key: 'receivedBy', header: t.cols.receivedBy },
  { key: 'items', header: t.cols.items, render: (r) => r.lines.map((l) => `${l.toolCode} ×${l.quantity}`).join(', '), exportValue: (r) => r.lines.map((l) => `${l.toolCode} x${l.quantity}`).join(', ') },
  { key: 'outstanding', header: t.cols.outstanding, format: 'number', align: 'right', render: (r) => (r.outstanding > 0 ? <Badge color="blue" variant="light">{r.outstanding}</Badge> : <Badge color="gray" variant="light">0</Badge>), exportValue: (r) => r.outstanding },
];

type DraftLine = { toolId: string; label: string; category: string; quantity: string };

function ToolPicker({ onPick, taken }: { onPick: (l: DraftLine) => void; taken: string[] }) {
  const full = taken.length >= DELIVERY_LINES_MAX;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = useQuery(SecDeliverableToolListDocument, { variables: { search: debounced || null }, fetchPolicy: 'network-only' });
  const tools = (data?.secDeliverableTools ?? []).filter((x) => !taken.includes(x.id));
  return (
    <Select
      label={t.fields.tool}
      placeholder={t.toolPlaceholder}
      disabled={full}
      description={full ? t.linesFull : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={tools.map((x) => ({ value: x.id, label: `${x.code} · ${x.name}${x.category === 'epp' ? ` (${t.stock(x.stock)})` : ''}` }))}
      value={null}
      onChange={(id) => {
        const tool = tools.find((x) => x.id === id);
        if (tool) onPick({ toolId: tool.id, label: `${tool.code} · ${tool.name}`, category: tool.category, quantity: '1' });
        setSearch('');
      }}
      nothingFoundMessage="Sin equipo disponible con ese texto"
    />
  );
}

type NewDelivery = { employeeId: string; receivedBy: string; deliveredOn: string; signature: string | null; lines: DraftLine[] };

function missingOf(v: NewDelivery): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!v.employeeId) missing.employeeId = common.required;
  if (!v.receivedBy.trim()) missing.receivedBy = common.required;
  if (!v.lines.length) missing.lines = 'Agrega al menos un equipo a la entrega.';
  else if (v.lines.length > DELIVERY_LINES_MAX) missing.lines = t.linesFull;
  return missing;
}

function NewDeliveryDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const [create] = useMutation(SecDeliveryCreateDocument);
  const form = useForm<NewDelivery>({ mode: 'controlled', initialValues: { employeeId: '', receivedBy: '', deliveredOn: todayIso(), signature: null, lines: [] } });
  const { employeeId, lines } = form.values;
  const placed = ['employeeId', 'receivedBy', 'deliveredOn', 'lines', ...lines.flatMap((_, i) => [`lines.${i}.toolId`, `lines.${i}.quantity`])];
  const { save, saving, error } = useFormSave({ form, fields: placed, onSaved: () => onClose(true), validate: missingOf });
  const fieldError = (path: string) => form.errors[path] as string | undefined;
  const submit = () =>
    save(async (v) => {
      const r = await create({ variables: { input: { employeeId: v.employeeId, receivedBy: v.receivedBy, deliveredOn: v.deliveredOn, signature: v.signature, lines: v.lines.map((l) => ({ toolId: l.toolId, quantity: Number(l.quantity) })) } } });
      return t.created(r.data?.secDeliveryCreate.folio ?? 0);
    });
  return (
    <FormDialog title={t.create} opened onClose={() => onClose(false)} onSubmit={submit} saving={saving} error={error} size="lg">
      <Stack gap="sm">
        <EmployeeSelect label={t.fields.employee} required value={employeeId} onChange={(id) => form.setFieldValue('employeeId', id)} error={fieldError('employeeId')} />
        <ToolPicker taken={lines.map((l) => l.toolId)} onPick={(l) => form.insertListItem('lines', l)} />
        {form.errors.lines ? (
          <Text size="xs" c="red">
            {form.errors.lines}
          </Text>
        ) : null}
        {lines.map((l, i) => (
          <Paper key={l.toolId} withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {l.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {TOOL_CATEGORY_LABELS[l.category as 'epp' | 'herramienta']}
                </Text>
                {fieldError(`lines.${i}.toolId`) || fieldError(`lines.${i}.quantity`) ? (
                  <Text size="xs" c="red">
                    {fieldError(`lines.${i}.toolId`) ?? fieldError(`lines.${i}.quantity`)}
                  </Text>
                ) : null}
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <NumberField
                  aria-label={`${t.fields.quantity} ${l.label}`}
                  w={110}
                  precision={0}
                  min={1}
                  max={l.category === 'epp' ? DELIVERY_QUANTITY_MAX : 1}
                  disabled={l.category !== 'epp'}
                  value={l.quantity}
                  onChange={(v) => form.setFieldValue(`lines.${i}.quantity`, v)}
                />
                <ActionIcon variant="subtle" color="red" aria-label={`Quitar ${l.label}`} onClick={() => form.removeListItem('lines', i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
        <TextInput label={t.fields.receivedBy} required maxLength={150} {...form.getInputProps('receivedBy')} />
        <DateField label={t.fields.date} required {...form.getInputProps('deliveredOn')} />
        <SignaturePad label={t.fields.signature} onChange={(signature) => form.setFieldValue('signature', signature)} />
      </Stack>
    </FormDialog>
  );
}

type Return = { quantity: string; condition: SecReturnCondition; reason: string };

function ReturnDialog({ line, onClose }: { line: Line; onClose: (saved: boolean) => void }) {
  const [giveBack] = useMutation(SecDeliveryReturnDocument);
  const form = useForm<Return>({ mode: 'controlled', initialValues: { quantity: String(line.outstanding), condition: 'bueno', reason: '' } });
  const { condition } = form.values;
  const { save, saving, error } = useFormSave({
    form,
    fields: ['quantity', 'reason', 'condition'],
    onSaved: () => onClose(true),
    validate: (v): Record<string, string> => (v.condition !== 'bueno' && !v.reason.trim() ? { reason: 'Indica el motivo.' } : {}),
  });
  const submit = () =>
    save(async (v) => {
      await giveBack({ variables: { input: { lineId: line.id, ...v, quantity: Number(v.quantity) } } });
      return t.returned;
    });
  return (
    <FormDialog title={t.returnTitle(line)} opened onClose={() => onClose(false)} onSubmit={submit} saving={saving} error={error} submitLabel={t.return} size="md">
      <NumberField label={t.fields.quantity} required precision={0} min={1} max={line.outstanding} maxLabel="lo pendiente" disabled={line.category !== 'epp'} {...form.getInputProps('quantity')} />
      <Select label={t.condition} data={OPTIONS.returnCondition} value={condition} onChange={(v) => form.setFieldValue('condition', (v ?? 'bueno') as SecReturnCondition)} allowDeselect={false} description={t.conditionHelp} />
      <TextInput label={common.reason} required={condition !== 'bueno'} maxLength={300} {...form.getInputProps('reason')} />
    </FormDialog>
  );
}

/** A delivery opened from the list (`?id=`): who received what, the signed acknowledgement, returns and its Historial. */
function DeliveryDialog({ id, canReturn, onClose, onReturned }: { id: string; canReturn: boolean; onClose: () => void; onReturned: () => void }) {
  const [returning, setReturning] = useState<Line | null>(null);
  const detail = useQuery(SecDeliveryDetailDocument, { variables: { id }, fetchPolicy: 'network-only' });
  const delivery = detail.data?.secDelivery ?? null;
  const loadError = readGraphQLError(detail.error);
  const folio = delivery ? formatDeliveryFolio(delivery.folio) : '';
  return (
    <Modal opened onClose={onClose} title={delivery ? `${folio} · ${delivery.employeeName}` : t.detail} size="lg" centered>
      {!delivery ? (
        <DialogLoadState loading={detail.loading} error={loadError} notFoundMessage={t.notFound} onClose={onClose} />
      ) : (
        <Stack gap="sm">
          <RecordHeader
            reference={folio}
            entity="sec_delivery"
            entityId={delivery.id}
            namesScreen={false}
            status={delivery.outstanding > 0 ? <Badge color="blue" variant="light">{t.outstanding(delivery.outstanding)}</Badge> : <Badge color="gray" variant="light">{t.allReturned}</Badge>}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <InfoField label={t.fields.employee} value={delivery.employeeName} />
            <InfoField label={t.fields.receivedBy} value={delivery.receivedBy} />
            <InfoField label={t.fields.date} value={formatDate(delivery.deliveredOn)} />
            <InfoField label={t.registered} value={formatDateTime(delivery.createdAt)} />
            {delivery.notes ? <InfoField label={t.fields.notes} value={delivery.notes} /> : null}
          </SimpleGrid>
          <DetailTable
            rows={delivery.lines}
            rowKey={(l) => l.id}
            columns={[
              { key: 'tool', header: t.lines.tool, render: (l) => `${l.toolCode} · ${l.toolName}` },
              { key: 'quantity', header: t.lines.delivered, align: 'right' },
              { key: 'returnedQuantity', header: t.lines.returned, align: 'right' },
              {
                key: 'return',
                header: '',
                align: 'right',
                exportable: false,
                render: (l) =>
                  canReturn && l.outstanding > 0 ? (
                    <Button size="compact-sm" variant="light" leftSection={<IconArrowBackUp size={14} />} onClick={() => setReturning(l)} aria-label={`${t.return} ${l.toolCode}`}>
                      {t.return}
                    </Button>
                  ) : null,
              },
            ]}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t.signatureLabel}
            </Text>
            {delivery.signature ? (
              <Image src={delivery.signature} alt={t.signatureAlt(folio)} h={120} w="auto" fit="contain" radius="sm" style={{ border: '1px solid var(--mantine-color-default-border)', background: 'white' }} />
            ) : (
              <Text size="sm" c="dimmed">
                {t.unsigned}
              </Text>
            )}
          </Stack>
        </Stack>
      )}
      {returning ? (
        <ReturnDialog
          line={returning}
          onClose={(saved) => {
            setReturning(null);
            if (saved) {
              void detail.refetch();
              onReturned();
            }
          }}
        />
      ) : null}
    </Modal>
  );
}

export function DeliveriesPage() {
  const access = useScreenAccess(MODULE, 'Entrega de Equipo');
  const [creating, setCreating] = useState(false);
  const opened = useDialogParam('id', { replace: false });
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { open: '', ...dateRangeDefaults() } });
  const list = useServerList(SecDeliveryListDocument, params, { filter: { ...(params.filters.open ? { open: true } : {}), ...dateRangeFilter(params.filters) } }, (d) => d.secDeliveries, { entity: 'sec_delivery' });
  return (
    <>
      <ListPage
        description={t.description}
        exportName="Entregas de equipo"
        searchPlaceholder={t.search}
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => opened.open(r.id)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
          <>
            <DateRangeFilter params={params} label="Fecha de entrega" />
            <Switch label={t.openOnly} checked={Boolean(params.filters.open)} onChange={(e) => params.setFilter('open', e.currentTarget.checked ? '1' : '')} />
          </>
        }
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t.create}
            </Button>
          ) : undefined
        }
      />
      {creating ? (
        <NewDeliveryDialog
          onClose={(saved) => {
            setCreating(false);
            if (saved) void list.refetch();
          }}
        />
      ) : null}
      {opened.value ? <DeliveryDialog id={opened.value} canReturn={access.editar} onClose={opened.close} onReturned={() => void list.refetch()} /> : null}
    </>
  );
}
