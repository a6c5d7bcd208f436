// Períodos de caja: open one in a caja (its opening balance is the last
// arqueo's counted cash), close it with the arqueo by denomination; the
// difference is recorded and must be explained. A closed period is read-only.
// The cajas themselves are a second tab (`?tab=cajas`, CashBoxesSection).
import { Fragment, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconBuildingBank, IconCalculator, IconCalendarStats, IconLockOpen } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  CashBoxListDocument,
  CashOpeningPreviewViewDocument,
  CashPeriodCloseDocument,
  CashPeriodDetailDocument,
  CashPeriodListDocument,
  CashPeriodOpenDocument,
  type CashBoxFieldsFragment,
  type CashPeriodFieldsFragment,
  type CashPeriodFilter,
  type CashPeriodStatus,
} from '../../../../generated/modules/cash/graphql';
import { ARQUEO_MESSAGES, computeArqueo, DENOMINATIONS } from '../../../../schema/cash/arqueo';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatDateTime, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useScreenAccess, type ScreenAccess } from '../access';
import { CashBoxesSection } from './CashBoxesSection';
import { idParam, todayIso } from '../../../components/dates';
import { useDialogParam } from '../../../components/dialogParam';
import { FormDialog } from '../../../components/EditDialog';
import { confirmIrreversibleAsync } from '../../../components/recordActions';
import { DateField } from '../../../components/DateField';
import { useFormSave } from '../../../components/useFormSave';
import { InfoField } from '../../../components/InfoField';
import { BOXES_TAB, boxTexts, CASH_PATHS, denominationLabel, PERIOD_STATUS } from '../texts';

const COLUMNS: ListColumn<CashPeriodFieldsFragment>[] = [
  { key: 'folio', header: 'Período', sortable: true, width: 90 },
  { key: 'cashBoxName', header: 'Caja' },
  { key: 'openedOn', header: 'Apertura', format: 'date', sortable: true, render: (r) => formatDate(r.openedOn) },
  { key: 'closedOn', header: 'Cierre', format: 'date', sortable: true, render: (r) => formatDate(r.closedOn) },
  { key: 'openingBalance', header: 'Saldo inicial', format: 'money', align: 'right', render: (r) => formatMoney(r.openingBalance), exportValue: (r) => Number(r.openingBalance) },
  { key: 'income', header: 'Ingresos', format: 'money', align: 'right', render: (r) => formatMoney(r.income), exportValue: (r) => Number(r.income) },
  { key: 'expense', header: 'Egresos', format: 'money', align: 'right', render: (r) => formatMoney(r.expense), exportValue: (r) => Number(r.expense) },
  { key: 'balance', header: 'Esperado', format: 'money', align: 'right', render: (r) => formatMoney(r.balance), exportValue: (r) => Number(r.balance) },
  { key: 'countedTotal', header: 'Contado', format: 'money', align: 'right', render: (r) => formatMoney(r.countedTotal), exportValue: (r) => (r.countedTotal === null ? null : Number(r.countedTotal)) },
  { key: 'difference', header: 'Diferencia', format: 'money', align: 'right', render: (r) => formatMoney(r.difference), exportValue: (r) => (r.difference === null ? null : Number(r.difference)) },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={PERIOD_STATUS} />, exportValue: (r) => PERIOD_STATUS[r.status]?.label ?? r.status },
];

/** Opens a period in one of the active cajas without an open one (`boxes`), the first of them chosen. */
function OpenDialog({ boxes, onClose }: { boxes: CashBoxFieldsFragment[]; onClose: (saved: boolean) => void }) {
  const [open] = useMutation(CashPeriodOpenDocument);
  const form = useForm({ mode: 'controlled', initialValues: { cashBoxId: boxes[0]?.id ?? '', date: todayIso(), openingBalance: '', notes: '' }, validate: { cashBoxId: (v) => (v ? null : 'Elige la caja.') } });
  const cashBoxId = form.values.cashBoxId;
  const preview = useQuery(CashOpeningPreviewViewDocument, { variables: { cashBoxId }, fetchPolicy: 'network-only', skip: !cashBoxId });
  const p = preview.data?.cashOpeningPreview;
  const FIELDS = ['cashBoxId', 'date', 'openingBalance', 'notes'];
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: () => onClose(true) });
  const save = () =>
    runSave(async (v) => {
      const r = await open({ variables: { input: { cashBoxId: v.cashBoxId, date: v.date, notes: v.notes, openingBalance: p?.carried ? null : v.openingBalance || '0' } } });
      return `Período ${r.data?.cashPeriodOpen.folio ?? ''} abierto en ${r.data?.cashPeriodOpen.cashBoxName ?? ''} con ${formatMoney(r.data?.cashPeriodOpen.openingBalance ?? '0')}.`;
    });
  return (
    <FormDialog title="Abrir período de caja" opened onClose={() => onClose(false)} onSubmit={save} saving={saving} error={error} submitLabel="Abrir período" size="md">
      <Select label={boxTexts.boxLabel} required allowDeselect={false} data={boxes.map((b) => ({ value: b.id, label: b.name }))} {...form.getInputProps('cashBoxId')} />
      <DateField label="Fecha de apertura" required {...form.getInputProps('date')} />
      {p?.carried ? (
        <Text size="sm">
          Saldo inicial: <b>{formatMoney(p.openingBalance)}</b> (efectivo contado en el arqueo del período anterior).
        </Text>
      ) : (
        <NumberField precision={2} label="Fondo inicial" money min={0} description="Solo el primer período de la caja lo captura; los siguientes toman el arqueo anterior." {...form.getInputProps('openingBalance')} />
      )}
      <Textarea label="Notas" maxLength={500} autosize minRows={2} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}

function ArqueoTable({ lines }: { lines: { value: string; count: number; amount: string }[] }) {
  return (
    <Table aria-label="Arqueo">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Denominación</Table.Th>
          <Table.Th ta="right">Cantidad</Table.Th>
          <Table.Th ta="right">Importe</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines
          .filter((l) => l.count > 0)
          .map((l) => (
            <Table.Tr key={l.value}>
              <Table.Td>{denominationLabel(l.value)}</Table.Td>
              <Table.Td ta="right">{l.count}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

function PeriodDialog({ id, canClose, onClose }: { id: string; canClose: boolean; onClose: (changed: boolean) => void }) {
  const { data, error, refetch } = useQuery(CashPeriodDetailDocument, { variables: { id }, fetchPolicy: 'network-only' });
  const [close] = useMutation(CashPeriodCloseDocument);
  const [closing, setClosing] = useState(false);
  const p = data?.cashPeriod;
  const form = useForm({
    mode: 'controlled',
    initialValues: { date: todayIso(), differenceReason: '', counts: Object.fromEntries(DENOMINATIONS.map((d) => [`d${d.replace('.', '_')}`, ''])) as Record<string, string> },
  });
  const v = form.getValues();
  const countsOf = (values: typeof v) => DENOMINATIONS.map((d) => ({ value: d, count: Number(values.counts[`d${d.replace('.', '_')}`] || '0') }));
  const counts = countsOf(v);
  const arqueo = p ? computeArqueo(counts, p.balance) : null;
  // A difference must be explained: said before asking to close, as the server would.
  const unexplained = (values: typeof v): Record<string, string> =>
    p && Number(computeArqueo(countsOf(values), p.balance).difference) !== 0 && !values.differenceReason.trim() ? { differenceReason: ARQUEO_MESSAGES.differenceReason } : {};
  // Closing locks the period for good: asked first, naming it, once the arqueo is valid.
  const record = p ? { noun: 'el período', reference: String(p.folio) } : undefined;
  const confirm = () => confirmIrreversibleAsync({ label: 'Cerrar período', record: record ?? null });
  const { save: runSave, saving, error: saveError } = useFormSave({ form, fields: ['date', 'differenceReason'], onSaved: () => onClose(true), validate: unexplained, confirm });
  const submit = async () => {
    if (!p) return;
    await runSave(async () => {
      await close({ variables: { id: p.id, version: p.version, input: { date: v.date, differenceReason: v.differenceReason || null, denominations: counts.filter((c) => c.count > 0) } } });
      return `Período ${p.folio} cerrado.`;
    });
  };
  const loadError = readGraphQLError(error);
  return (
    <FormDialog
      title={p ? `Período ${p.folio} · ${p.cashBoxName}` : 'Período'}
      opened
      onClose={() => onClose(false)}
      onSubmit={submit}
      saving={saving}
      error={saveError}
      onReload={() => void refetch()}
      readOnly={!closing}
      record={record}
      history={p ? { entity: 'cash_period', id: p.id } : undefined}
      submitLabel="Cerrar período"
      size="xl"
      extraActions={
        p ? (
          <>
            <Button component={Link} to={`${CASH_PATHS.movements}?${new URLSearchParams({ caja: p.cashBoxId, periodId: p.id }).toString()}`} variant="default">
              Ver movimientos
            </Button>
            {p.status === 'abierto' && canClose && !closing ? (
              <Button leftSection={<IconCalculator size={16} />} onClick={() => setClosing(true)}>
                Cerrar con arqueo
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      {loadError ? <Alert color="red">{loadError.message}</Alert> : null}
      {p ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <InfoField label="Estado" value={<StatusBadge status={p.status} labels={PERIOD_STATUS} />} />
            <InfoField label="Apertura" value={`${formatDate(p.openedOn)} · ${p.openedByName ?? ''}`} />
            <InfoField label="Saldo inicial" value={formatMoney(p.openingBalance)} />
            <InfoField label="Ingresos / egresos" value={`${formatMoney(p.income)} / ${formatMoney(p.expense)}`} />
            <InfoField label="Efectivo esperado" value={formatMoney(p.balance)} />
            {p.status === 'cerrado' ? (
              <>
                <InfoField label="Cierre" value={`${formatDate(p.closedOn)} · ${p.closedByName ?? ''} · ${formatDateTime(p.closedAt)}`} />
                <InfoField label="Contado" value={formatMoney(p.countedTotal)} />
                <InfoField label="Diferencia" value={<Text c={Number(p.difference) === 0 ? undefined : 'red'} size="sm">{formatMoney(p.difference)}</Text>} />
              </>
            ) : null}
          </SimpleGrid>
          {p.differenceReason ? (
            <Alert color="gray" variant="light" title="Explicación de la diferencia">
              {p.differenceReason}
            </Alert>
          ) : null}
          {p.status === 'cerrado' ? <ArqueoTable lines={p.denominations} /> : null}
          {closing && arqueo ? (
            <Stack gap="sm">
              <Text fw={600} size="sm">
                Arqueo: cuenta el efectivo por denominación
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {DENOMINATIONS.map((d) => (
                  <NumberField key={d} label={denominationLabel(d)} precision={0} min={0} {...form.getInputProps(`counts.d${d.replace('.', '_')}`)} />
                ))}
              </SimpleGrid>
              <Group justify="flex-end" gap="xl">
                <InfoField label="Efectivo esperado" value={formatMoney(arqueo.expected)} />
                <InfoField label="Efectivo contado" value={formatMoney(arqueo.counted)} />
                <InfoField label="Diferencia" value={<Text fw={700} c={Number(arqueo.difference) === 0 ? 'teal' : 'red'}>{`${formatMoney(arqueo.difference)} ${Number(arqueo.difference) > 0 ? '(sobrante)' : Number(arqueo.difference) < 0 ? '(faltante)' : ''}`}</Text>} />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <DateField label="Fecha de cierre" required {...form.getInputProps('date')} />
                <TextInput label="Explicación de la diferencia" required={Number(arqueo.difference) !== 0} maxLength={500} {...form.getInputProps('differenceReason')} />
              </SimpleGrid>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </FormDialog>
  );
}

/**
 * Períodos, and the cajas as a second tab (`?tab=cajas`) under the same
 * abilities; each tab keeps its own list state in the query string, so
 * switching starts the other list afresh.
 */
export function PeriodsPage() {
  const access = useScreenAccess('Períodos');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === BOXES_TAB ? BOXES_TAB : 'periods';
  return (
    <Tabs value={tab} onChange={(value) => setSearchParams(value === BOXES_TAB ? { tab: BOXES_TAB } : {})} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="periods" leftSection={<IconCalendarStats size={16} />}>
          {boxTexts.tabPeriods}
        </Tabs.Tab>
        <Tabs.Tab value={BOXES_TAB} leftSection={<IconBuildingBank size={16} />}>
          {boxTexts.tabBoxes}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="periods">
        <PeriodsList access={access} />
      </Tabs.Panel>
      <Tabs.Panel value={BOXES_TAB}>
        <CashBoxesSection access={access} />
      </Tabs.Panel>
    </Tabs>
  );
}

function PeriodsList({ access }: { access: ScreenAccess }) {
  const client = useApolloClient();
  const record = useDialogParam('id', { replace: false });
  const [opening, setOpening] = useState(false);
  const boxes = useQuery(CashBoxListDocument, { fetchPolicy: 'cache-and-network' });
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { caja: '', status: '', ...dateRangeDefaults() } });
  const { caja, status } = params.filters;
  const { from, to } = params.filters;
  const filter = useMemo<CashPeriodFilter>(
    () => ({ ...(caja ? { cashBoxId: caja } : {}), ...(status ? { status: status as CashPeriodStatus } : {}), ...dateRangeFilter({ from, to }) }),
    [caja, status, from, to],
  );
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(CashPeriodListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.cashPeriods;
  const selected = idParam(record.value);
  const allBoxes = boxes.data?.cashBoxes ?? [];
  // The open periods, one per caja at most; a period opens in an active caja without one.
  const openBoxes = allBoxes.filter((b) => b.openPeriodId && b.openPeriodFolio);
  const closedBoxes = allBoxes.filter((b) => b.active && !b.openPeriodId);
  const openable = caja ? [...closedBoxes.filter((b) => b.id === caja), ...closedBoxes.filter((b) => b.id !== caja)] : closedBoxes;
  const refresh = () => {
    void refetch();
    void boxes.refetch();
  };
  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: CashPeriodListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.cashPeriods ?? { items: [], total: 0 };
    });
  return (
    <>
      <ListPage
        description={
          openBoxes.length ? (
            <span>
              {openBoxes.length === 1 ? 'Período abierto: ' : 'Períodos abiertos: '}
              {openBoxes.map((b, i) => (
                <Fragment key={b.id}>
                  {i > 0 ? '; ' : ''}
                  {b.name} <Anchor onClick={() => record.open(b.openPeriodId!)}>{b.openPeriodFolio}</Anchor>, efectivo esperado {formatMoney(b.balance)}
                </Fragment>
              ))}
              .
            </span>
          ) : boxes.data ? (
            'No hay período abierto.'
          ) : null
        }
        exportName="Períodos de caja"
        searchPlaceholder="Buscar por folio o notas"
        columns={COLUMNS}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => record.open(r.id)}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          access.crear && openable.length ? (
            <Button leftSection={<IconLockOpen size={16} />} onClick={() => setOpening(true)}>
              Abrir período
            </Button>
          ) : undefined
        }
        filters={
          <>
            <Select
              aria-label={boxTexts.boxLabel}
              placeholder={boxTexts.allBoxes}
              data={allBoxes.map((b) => ({ value: b.id, label: b.active ? b.name : `${b.name} (inactiva)` }))}
              value={caja || null}
              onChange={(v) => params.setFilter('caja', v ?? '')}
              clearable
              w={240}
            />
            <Select aria-label="Estado" placeholder="Todos" data={[{ value: 'abierto', label: 'Abiertos' }, { value: 'cerrado', label: 'Cerrados' }]} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={160} />
            <DateRangeFilter params={params} label="Fecha de apertura" />
          </>
        }
      />
      {opening && openable.length ? (
        <OpenDialog
          boxes={openable}
          onClose={(saved) => {
            setOpening(false);
            if (saved) refresh();
          }}
        />
      ) : null}
      {selected ? (
        <PeriodDialog
          key={selected}
          id={selected}
          canClose={access.autorizar}
          onClose={(changed) => {
            record.close();
            if (changed) refresh();
          }}
        />
      ) : null}
    </>
  );
}
