// Registro de Movimientos: the chosen caja (`?caja=<id>`, the first active one
// by default) with its open period's cash at a glance, its movements, and new
// ingresos/egresos (only into that open period; the server refuses an egreso
// beyond the cash). Cancelling posts the reversing movement.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconPlus, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  CashBoxOptionListDocument,
  CashConceptOptionListDocument,
  CashMovementCancelDocument,
  CashMovementCreateDocument,
  CashMovementListDocument,
  CashReceiptAttachDocument,
  CurrentCashPeriodViewDocument,
  type CashKind,
  type CashMovementFieldsFragment,
  type CashMovementFilter,
  type CashMovementStatus,
} from '../../../../generated/modules/cash/graphql';
import { CANCEL_COLOR } from '../../../components/confirm';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatDateTime, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { notifyError, notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useScreenAccess } from '../access';
import { idParam, todayIso } from '../../../components/dates';
import { asAppError } from '../../../components/serverErrors';
import { useRecordChanges } from '../../../components/useRecordChanges';
import { AttachmentList, PendingUploads, UPLOAD_IN_PROGRESS, UploadButton } from '../../../components/Attachments';
import type { FileType, UploadedFile } from '../../../components/attachments';
import { useDialogParam } from '../../../components/dialogParam';
import { FormDialog } from '../../../components/EditDialog';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { DateField } from '../../../components/DateField';
import { useFormSave } from '../../../components/useFormSave';
import { InfoField } from '../../../components/InfoField';
import { boxTexts, CASH_PATHS, KIND_LABELS, MOVEMENT_SOURCES, MOVEMENT_STATUS } from '../texts';

const RECEIPT_TYPES: readonly FileType[] = ['pdf', 'png', 'jpg', 'webp'];

const signed = (m: CashMovementFieldsFragment) => (m.kind === 'egreso' ? `-${m.amount}` : m.amount);

const COLUMNS: ListColumn<CashMovementFieldsFragment>[] = [
  { key: 'folio', header: 'Folio', sortable: true, width: 80 },
  { key: 'date', header: 'Fecha', format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'concept', header: 'Concepto', sortable: true, render: (r) => r.conceptName, exportValue: (r) => r.conceptName },
  { key: 'kind', header: 'Tipo', sortable: true, render: (r) => <StatusBadge status={r.kind} labels={KIND_LABELS} />, exportValue: (r) => KIND_LABELS[r.kind]?.label ?? r.kind },
  { key: 'description', header: 'Descripción', render: (r) => (r.reversalOfFolio ? `${r.description}` : r.description) },
  { key: 'amount', header: 'Importe', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(signed(r)), exportValue: (r) => Number(signed(r)) },
  { key: 'balanceAfter', header: 'Saldo', format: 'money', align: 'right', render: (r) => formatMoney(r.balanceAfter), exportValue: (r) => Number(r.balanceAfter) },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={MOVEMENT_STATUS} />, exportValue: (r) => MOVEMENT_STATUS[r.status]?.label ?? r.status },
  { key: 'receipt', header: 'Comprobante', render: (r) => (r.receipt ? 'Sí' : ''), exportValue: (r) => r.receipt?.fileName ?? '' },
];

const KIND_HINTS: Record<CashKind, string> = {
  ingreso: 'Ingreso: suma al saldo de la caja.',
  egreso: 'Egreso: resta del saldo de la caja.',
};

function NewMovementDialog({ box, onClose }: { box: { id: string; name: string }; onClose: (saved: boolean) => void }) {
  const concepts = useQuery(CashConceptOptionListDocument, { fetchPolicy: 'cache-and-network' });
  const [create] = useMutation(CashMovementCreateDocument);
  const [attach] = useMutation(CashReceiptAttachDocument);
  const [receipt, setReceipt] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { conceptId: '', date: todayIso(), amount: '', description: '', reference: '' },
    validate: { conceptId: (v) => (v ? null : 'Elige el concepto.'), description: (v) => (v.trim() ? null : 'Este campo es obligatorio.') },
  });
  const FIELDS = ['conceptId', 'date', 'amount', 'description', 'reference'];
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => onClose(true) });
  const options = concepts.data?.cashConceptOptions ?? [];
  const chosenKind = options.find((c) => c.id === form.values.conceptId)?.kind ?? null;
  const group = (kind: CashKind, label: string) => ({ group: label, items: options.filter((c) => c.kind === kind).map((c) => ({ value: c.id, label: c.name })) });
  const save = async () => {
    if (uploading) {
      setError(form.validate().hasErrors ? null : { code: 'BAD_USER_INPUT', message: UPLOAD_IN_PROGRESS, fields: {} });
      return;
    }
    await runSave(async (values) => {
      const r = await create({ variables: { input: { ...values, cashBoxId: box.id } } });
      const movement = r.data?.cashMovementCreate;
      if (movement && receipt[0]) {
        try {
          await attach({ variables: { movementId: movement.id, fileId: receipt[0].id } });
        } catch (caught) {
          notifyError(asAppError(caught).fields.fileId ?? asAppError(caught).message, 'El movimiento se registró, pero el comprobante no');
        }
      }
      return `Movimiento ${movement?.folio ?? ''} registrado.`;
    });
  };
  return (
    <FormDialog title={`Nuevo movimiento · ${box.name}`} opened onClose={() => onClose(false)} onSubmit={save} saving={saving} error={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Concepto"
          required
          searchable
          data={[group('ingreso', 'Ingresos'), group('egreso', 'Egresos')]}
          nothingFoundMessage="Sin conceptos activos"
          // Once picked, the list's group headings are gone: the field itself says which way the money goes.
          description={chosenKind ? KIND_HINTS[chosenKind] : 'Ingresos y egresos, por grupo.'}
          {...form.getInputProps('conceptId')}
        />
        <DateField label="Fecha" required {...form.getInputProps('date')} />
        <NumberField precision={2} label="Importe" money min={0} required {...form.getInputProps('amount')} />
        <TextInput label="Referencia" maxLength={100} placeholder="Ticket, nota…" {...form.getInputProps('reference')} />
      </SimpleGrid>
      <TextInput label="Descripción" required maxLength={300} {...form.getInputProps('description')} />
      <PendingUploads files={receipt} onChange={setReceipt} types={RECEIPT_TYPES} max={1} label="Adjuntar comprobante" hint="PDF o imagen, hasta 20 MB (opcional)." onBusyChange={setUploading} />
    </FormDialog>
  );
}

function MovementDialog({ movement, canCancel, canAttach, onClose }: { movement: CashMovementFieldsFragment; canCancel: boolean; canAttach: boolean; onClose: (changed: boolean) => void }) {
  const [cancel] = useMutation(CashMovementCancelDocument);
  const [attachReceipt] = useMutation(CashReceiptAttachDocument);
  const [cancelling, setCancelling] = useState(false);
  const [current, setCurrent] = useState(movement);
  const open = current.periodStatus === 'abierto';
  const record = { noun: 'el movimiento', reference: String(current.folio) };
  // A viático's payment or reintegro: its document cancels it.
  const source = current.sourceEntity ? (MOVEMENT_SOURCES[current.sourceEntity] ?? null) : null;
  const attach = async (file: UploadedFile) => {
    try {
      const r = await attachReceipt({ variables: { movementId: current.id, fileId: file.id } });
      if (r.data) setCurrent(r.data.cashReceiptAttach);
      notifySuccess('Comprobante adjuntado.');
    } catch (caught) {
      notifyError(asAppError(caught).fields.fileId ?? asAppError(caught).message, 'No se pudo adjuntar');
    }
  };
  return (
    <FormDialog
      title={`Movimiento ${current.folio}`}
      opened
      onClose={() => onClose(false)}
      onSubmit={async () => undefined}
      saving={false}
      readOnly
      record={record}
      history={{ entity: 'cash_movement', id: current.id }}
      extraActions={
        <>
          {open && canAttach ? (
            <UploadButton types={RECEIPT_TYPES} size="sm" label={current.receipt ? 'Reemplazar comprobante' : 'Adjuntar comprobante'} onUploaded={attach} />
          ) : null}
          {open && canCancel && current.status === 'vigente' && !current.reversalOf && !current.sourceEntity ? (
            <Button variant="light" color={CANCEL_COLOR} leftSection={<IconX size={16} />} onClick={() => setCancelling(true)}>
              Cancelar
            </Button>
          ) : null}
        </>
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <InfoField label="Fecha" value={formatDate(current.date)} />
        <InfoField label="Concepto" value={current.conceptName} />
        <InfoField label="Tipo" value={<StatusBadge status={current.kind} labels={KIND_LABELS} />} />
        <InfoField label="Importe" value={formatMoney(current.amount)} />
        <InfoField label="Saldo después" value={formatMoney(current.balanceAfter)} />
        <InfoField label="Estado" value={<StatusBadge status={current.status} labels={MOVEMENT_STATUS} />} />
        <InfoField label="Referencia" value={current.reference || '—'} />
        <InfoField label="Registró" value={`${current.createdByName ?? ''} · ${formatDateTime(current.createdAt)}`} />
        <InfoField label="Período" value={`${current.periodFolio} (${current.periodStatus === 'abierto' ? 'abierto' : 'cerrado'})`} />
      </SimpleGrid>
      <Text size="sm">{current.description}</Text>
      {current.reversalOfFolio ? <Text size="sm" c="dimmed">Cancela el movimiento {current.reversalOfFolio}.</Text> : null}
      {source && current.sourceId ? (
        <Text size="sm">
          Registrado por el{' '}
          <Anchor component={Link} to={`${source.path}?id=${current.sourceId}`}>
            {source.label.toLowerCase()} {current.reference}
          </Anchor>
          ; se cancela desde ese documento.
        </Text>
      ) : null}
      {current.cancelReason ? (
        <Alert color="gray" variant="light" title="Cancelado">
          {current.cancelReason}
        </Alert>
      ) : null}
      {current.receipt ? <AttachmentList files={[current.receipt]} /> : null}
      {!open ? <Text size="xs" c="dimmed">El período está cerrado: el movimiento es de solo lectura.</Text> : null}
      <ReasonDialog
        opened={cancelling}
        title={`Cancelar el movimiento ${current.folio}`}
        message={
          <Stack gap={4}>
            <Text size="sm">{irreversibleQuestion('cancelar', record)}</Text>
            <Text size="sm">Se registrará el movimiento contrario por {formatMoney(current.amount)} en el período abierto.</Text>
          </Stack>
        }
        confirmLabel="Cancelar movimiento"
        reasonLabel="Motivo de la cancelación"
        maxLength={300}
        onClose={(done) => {
          setCancelling(false);
          if (done) onClose(true);
        }}
        onConfirm={async (reason) => {
          const r = await cancel({ variables: { id: current.id, reason } });
          notifySuccess(`Movimiento ${current.folio} cancelado con el movimiento ${r.data?.cashMovementCancel.folio ?? ''}.`);
        }}
      />
    </FormDialog>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'md'}>
        {formatMoney(value)}
      </Text>
    </Stack>
  );
}

export function MovementsPage() {
  const client = useApolloClient();
  const access = useScreenAccess('Movimientos');
  const record = useDialogParam('id', { replace: false });
  const [creating, setCreating] = useState(false);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { caja: '', periodId: '', kind: '', status: '', ...dateRangeDefaults() } });
  const { caja, kind, status, from, to } = params.filters;
  const boxes = useQuery(CashBoxOptionListDocument, { fetchPolicy: 'cache-and-network' });
  const boxOptions = boxes.data?.cashBoxOptions ?? [];
  // The caja in the URL, else the first active one.
  const boxId = caja || boxOptions[0]?.id || '';
  const box = boxOptions.find((b) => b.id === boxId) ?? null;
  const current = useQuery(CurrentCashPeriodViewDocument, { variables: { cashBoxId: boxId }, fetchPolicy: 'cache-and-network', skip: !boxId });
  const period = current.data?.currentCashPeriod ?? null;
  const periodLoading = !boxId || (current.loading && !current.data);
  // Without an explicit period the screen shows the open one.
  const periodId = params.filters.periodId || period?.id || '';
  const filter = useMemo<CashMovementFilter>(
    () => ({ ...(periodId ? { periodId } : {}), ...(kind ? { kind: kind as CashKind } : {}), ...(status ? { status: status as CashMovementStatus } : {}), ...dateRangeFilter({ from, to }) }),
    [periodId, kind, status, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(CashMovementListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network', skip: periodLoading });
  const page = (data ?? previousData)?.cashMovements;
  const selectedId = idParam(record.value);
  const selected = page?.items.find((m) => m.id === selectedId) ?? null;
  const refresh = () => {
    void current.refetch();
    void boxes.refetch();
    void refetch();
  };
  // Another cashier's movement changes the list and the period's balance.
  useRecordChanges('cash_movement', refresh);
  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: CashMovementListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.cashMovements ?? { items: [], total: 0 };
    });

  return (
    <Stack gap="md">
      <Select
        label={boxTexts.boxLabel}
        data={boxOptions.map((b) => ({ value: b.id, label: b.name }))}
        value={box ? box.id : null}
        // Another caja: its open period, from the first page.
        onChange={(v) => params.setFilters({ caja: v ?? '', periodId: '' })}
        allowDeselect={false}
        nothingFoundMessage="Sin cajas activas"
        w={{ base: '100%', sm: 320 }}
      />
      {period ? (
        <Paper withBorder radius="md" p="md" aria-label="Período abierto">
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Text fw={600}>
                {period.cashBoxName} · Período {period.folio} abierto desde {formatDate(period.openedOn)}
              </Text>
              <Text size="xs" c="dimmed">
                {period.movementCount} movimientos
              </Text>
            </Stack>
            <Group gap="xl">
              <Figure label="Saldo inicial" value={period.openingBalance} />
              <Figure label="Ingresos" value={period.income} />
              <Figure label="Egresos" value={period.expense} />
              <Figure label="Efectivo en caja" value={period.balance} strong />
            </Group>
          </Group>
        </Paper>
      ) : periodLoading ? null : (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={box ? `No hay un período abierto en ${box.name}` : 'No hay un período abierto'}>
          Los movimientos solo se registran en un período abierto.{' '}
          <Anchor component={Link} to={CASH_PATHS.periods}>
            Ir a Períodos
          </Anchor>
        </Alert>
      )}
      <ListPage
        description={params.filters.periodId ? 'Movimientos del período elegido.' : 'Movimientos del período abierto.'}
        exportName="Movimientos de caja"
        searchPlaceholder="Buscar por descripción, referencia, concepto o folio"
        columns={COLUMNS}
        rows={periodId ? (page?.items ?? []) : []}
        total={periodId ? (page?.total ?? 0) : 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => record.open(r.id)}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          access.crear && period ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nuevo movimiento
            </Button>
          ) : undefined
        }
        filters={
          <>
            <Select aria-label="Tipo" placeholder="Ingresos y egresos" data={[{ value: 'ingreso', label: 'Ingresos' }, { value: 'egreso', label: 'Egresos' }]} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={180} />
            <Select aria-label="Estado" placeholder="Todos" data={[{ value: 'vigente', label: 'Vigentes' }, { value: 'cancelado', label: 'Cancelados' }]} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={150} />
            <DateRangeFilter params={params} label="Fecha del movimiento" />
          </>
        }
      />
      {creating && period ? (
        <NewMovementDialog
          box={{ id: period.cashBoxId, name: period.cashBoxName }}
          onClose={(saved) => {
            setCreating(false);
            if (saved) refresh();
          }}
        />
      ) : null}
      {selected ? (
        <MovementDialog
          key={selected.id}
          movement={selected}
          canCancel={access.eliminar}
          canAttach={access.editar}
          onClose={(changed) => {
            record.close();
            if (changed) refresh();
            else void refetch();
          }}
        />
      ) : null}
    </Stack>
  );
}
