// Inventario: physical counts per warehouse. `?id=new` opens a count (the
// server snapshots the stock), `?id=N` captures counted quantities (by hand or
// from a spreadsheet) and closes it, which posts the ajuste entrada/salida.
// The expected quantity is the stock NOW, so movements posted while the count
// is open are part of it; the screen says so.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Modal, Paper, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconArrowLeft, IconCheck, IconDeviceFloppy, IconFileImport, IconInfoCircle, IconPlus, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  InventoryCountCancelDocument,
  InventoryCountCaptureDocument,
  InventoryCountCloseDocument,
  InventoryCountDetailDocument,
  InventoryCountListDocument,
  InventoryCountOpenDocument,
  type InventoryCountDetailQuery,
  type InventoryCountEntryInput,
  type InventoryCountFieldsFragment,
  type InventoryCountFilter,
  type InventoryCountStatus,
} from '../../../../generated/modules/warehouse/graphql';
import { CANCEL_COLOR, confirmAction } from '../../../components/confirm';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDateTime, formatMoney, formatNumber } from '../../../components/format';
import { FormPage } from '../../../components/FormPage';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { NumberField } from '../../../components/NumberField';
import { notifyError, notifySuccess } from '../../../components/notify';
import { readSpreadsheet, SpreadsheetError } from '../../../components/spreadsheet';
import { SpreadsheetGrid } from '../../../components/SpreadsheetGrid';
import { RecordHistoryButton } from '../../../components/RecordHistory';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useScreenAccess } from '../access';
import { ArticleSelect } from '../components/ArticleSelect';
import { countSheetEntries, fold } from '../components/countSheet';
import { Details } from '../components/Details';
import { asAppError, errorForForm } from '../components/formErrors';
import { useWarehouseOptions } from '../components/options';
import { LoadFailed, RecordLoading, RecordNotFound, useRecordParam, type RecordParam } from '../components/record';
import { WAREHOUSE_PATHS, withId } from '../paths';
import { COUNT_STATUS, statusOptions, texts } from '../texts';

const t = texts.inventory;
type Count = NonNullable<InventoryCountDetailQuery['inventoryCount']>;

const COLUMNS: ListColumn<InventoryCountFieldsFragment>[] = [
  { key: 'folio', header: texts.common.folio, sortable: true },
  { key: 'warehouse', header: texts.common.warehouse, render: (c) => `${c.warehouse.code} · ${c.warehouse.name}`, exportValue: (c) => c.warehouse.name },
  { key: 'openedAt', header: t.openedAt, format: 'datetime', sortable: true, render: (c) => formatDateTime(c.openedAt) },
  { key: 'closedAt', header: t.closedAt, format: 'datetime', render: (c) => formatDateTime(c.closedAt) },
  { key: 'countedCount', header: t.counted, format: 'number', align: 'right', render: (c) => `${formatNumber(c.countedCount, 0)} / ${formatNumber(c.lineCount, 0)}`, exportValue: (c) => c.countedCount },
  { key: 'status', header: texts.common.status, sortable: true, render: (c) => <StatusBadge status={c.status} labels={COUNT_STATUS} />, exportValue: (c) => COUNT_STATUS[c.status]?.label ?? c.status },
];

function CountList({ record }: { record: RecordParam }) {
  const client = useApolloClient();
  const access = useScreenAccess('Inventario');
  const warehouses = useWarehouseOptions();
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', warehouseId: '', ...dateRangeDefaults() } });
  const { status, warehouseId, from, to } = params.filters;
  const filter = useMemo<InventoryCountFilter>(() => ({ status: (status || undefined) as InventoryCountStatus | undefined, warehouseId: warehouseId || undefined, ...dateRangeFilter({ from, to }) }), [status, warehouseId, from, to]);
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(InventoryCountListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.inventoryCounts;
  const fetchAll = () =>
    fetchAllPages(async (p, size) => (await client.query({ query: InventoryCountListDocument, variables: { list: { ...list, page: p, pageSize: size }, filter }, fetchPolicy: 'network-only' })).data?.inventoryCounts ?? { items: [], total: 0 });
  return (
    <ListPage
      description={t.listDescription}
      exportName="Inventarios"
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(c) => c.id}
      onRowClick={(c) => record.open(c.id)}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={access.crear ? <Button leftSection={<IconPlus size={16} />} onClick={record.openNew}>{t.newButton}</Button> : undefined}
      filters={
        <>
          <Select aria-label={texts.common.status} placeholder={texts.common.status} data={statusOptions(COUNT_STATUS)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={160} />
          <Select aria-label={texts.common.warehouse} placeholder={texts.common.warehouse} data={warehouses.options.map((o) => ({ ...o, disabled: false }))} value={warehouseId || null} onChange={(v) => params.setFilter('warehouseId', v ?? '')} clearable searchable w={220} />
          <DateRangeFilter params={params} label="Fecha de apertura" />
        </>
      }
    />
  );
}

function OpenCount({ record }: { record: RecordParam }) {
  const warehouses = useWarehouseOptions();
  const access = useScreenAccess('Inventario');
  const [open] = useMutation(InventoryCountOpenDocument);
  const form = useForm({ mode: 'controlled', initialValues: { warehouseId: '', notes: '' }, validate: { warehouseId: (v: string) => (v ? null : texts.common.required) } });
  const { save: runSave, saving, error } = useFormSave({ form, fields: ['warehouseId'], onSaved: () => undefined, readOnly: !access.crear, errorForForm });
  const save = () =>
    runSave(async (input) => {
      const result = await open({ variables: { input } });
      const count = result.data?.inventoryCountOpen;
      return count ? { message: t.opened(count.folio), onSaved: () => record.open(count.id) } : { message: null, onSaved: () => undefined };
    });
  return (
    <FormPage title={t.openTitle} description={t.openHelp} onSubmit={save} onCancel={record.close} dirty={false} saving={saving} error={error} readOnly={!access.crear} submitLabel={t.newButton}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md" maw={520}>
          <Select label={texts.common.warehouse} required searchable data={warehouses.options} {...form.getInputProps('warehouseId')} value={form.values.warehouseId || null} onChange={(v) => form.setFieldValue('warehouseId', v ?? '')} />
          <Textarea label={texts.common.notes} maxLength={1000} autosize minRows={2} {...form.getInputProps('notes')} />
        </Stack>
      </Paper>
    </FormPage>
  );
}

function CountImport({ opened, onClose, onImport }: { opened: boolean; onClose: () => void; onImport: (entries: InventoryCountEntryInput[]) => Promise<void> }) {
  const [rows, setRows] = useState<string[][]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const entries = rows.length ? countSheetEntries(rows) : null;
  const pick = async (picked: File | null) => {
    setFile(picked);
    setRows([]);
    setProblem(null);
    if (!picked) return;
    try {
      const sheet = (await readSpreadsheet(picked)).sheets[0]?.rows ?? [];
      setRows(sheet);
      if (!countSheetEntries(sheet)) setProblem(t.importMissingHeaders);
    } catch (caught) {
      setProblem(caught instanceof SpreadsheetError ? caught.message : texts.common.loadFailed);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t.importTitle} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t.importHelp}</Text>
        <FileInput label={texts.articles.importFile} placeholder={texts.articles.importFilePlaceholder} accept=".xlsx,.csv" value={file} onChange={(f) => void pick(f)} clearable />
        {problem ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>{problem}</Alert> : null}
        {rows.length ? <SpreadsheetGrid rows={rows} firstRowIsHeader maxHeight={300} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{texts.common.cancel}</Button>
          <Button disabled={!entries?.length} onClick={() => entries && void onImport(entries)}>{t.importRun(entries?.length ?? 0)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CountDetail({ count, record, onChanged }: { count: Count; record: RecordParam; onChanged: () => void }) {
  const access = useScreenAccess('Inventario');
  const [capture, capturing] = useMutation(InventoryCountCaptureDocument);
  const [close, closing] = useMutation(InventoryCountCloseDocument);
  const [cancel] = useMutation(InventoryCountCancelDocument);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [importing, setImporting] = useState(false);
  const [extraArticle, setExtraArticle] = useState('');
  const [extraQty, setExtraQty] = useState('');
  const open = count.status === 'ABIERTO';
  const editable = open && access.editar;
  const dirty = Object.keys(edits).length > 0;

  const send = async (entries: InventoryCountEntryInput[], keys: string[]) => {
    setMessage(null);
    setErrors({});
    try {
      await capture({ variables: { id: count.id, version: count.version, entries } });
      notifySuccess(t.saved);
      setEdits({});
      setImporting(false);
      setExtraArticle('');
      setExtraQty('');
      onChanged();
    } catch (caught) {
      const e = asAppError(caught);
      // Entries typed on screen get their message under the input; imported ones are listed by sheet row.
      const byKey: Record<string, string> = {};
      const rows: string[] = [];
      for (const [path, text] of Object.entries(e.fields)) {
        const m = /^entries\.(\d+)\./.exec(path);
        if (!m) continue;
        const index = Number(m[1]);
        if (keys[index]) byKey[keys[index]] = text;
        else rows.push(`${texts.articles.importRow(index + 2)}: ${text}`);
      }
      setErrors(byKey);
      setMessage(rows.length ? rows.join(' · ') : errorForForm(e, Object.keys(byKey).length ? ['entries.'] : []).message);
    }
  };

  const saveEdits = () => {
    const ids = Object.keys(edits);
    void send(ids.map((articleId) => ({ articleId, countedQuantity: edits[articleId] })), ids);
  };

  const askClose = () =>
    confirmAction({
      title: t.closeTitle,
      message: t.closeMessage(count.folio),
      confirmLabel: t.close,
      onConfirm: () => {
        void (async () => {
          try {
            await close({ variables: { id: count.id, version: count.version } });
            notifySuccess(t.closed(count.folio));
            onChanged();
          } catch (caught) {
            notifyError(errorForForm(asAppError(caught), []).message, texts.common.actionFailed);
          }
        })();
      },
    });

  const askCancel = () =>
    confirmAction({
      title: t.cancelTitle,
      message: t.cancelMessage,
      confirmLabel: t.cancelCount,
      onConfirm: () => {
        void (async () => {
          try {
            await cancel({ variables: { id: count.id, version: count.version } });
            notifySuccess(t.cancelled);
            onChanged();
          } catch (caught) {
            notifyError(errorForForm(asAppError(caught), []).message, texts.common.actionFailed);
          }
        })();
      },
    });

  const shown = count.lines.filter((l) => !filter || fold(`${l.article.sku} ${l.article.name}`).includes(fold(filter)));
  const surplus = count.lines.reduce((s, l) => s + (Number(l.differenceValue ?? 0) > 0 ? Number(l.differenceValue) : 0), 0);
  const shortage = count.lines.reduce((s, l) => s + (Number(l.differenceValue ?? 0) < 0 ? Number(l.differenceValue) : 0), 0);
  const link = (ref: { id: string; folio: string } | null) => (ref ? <Anchor component={Link} to={withId(WAREHOUSE_PATHS.movements, ref.id)}>{ref.folio}</Anchor> : '');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Text fw={700} size="lg">{count.folio}</Text>
          <StatusBadge status={count.status} labels={COUNT_STATUS} />
        </Group>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={record.close}>{texts.common.back}</Button>
          <RecordHistoryButton entity="inventory_count" entityId={count.id} reference={count.folio} />
          {editable ? <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>{t.import}</Button> : null}
          {editable ? <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={capturing.loading} onClick={saveEdits}>{t.saveCounts}</Button> : null}
          {open && access.autorizar ? <Button color="teal" leftSection={<IconCheck size={16} />} disabled={dirty} loading={closing.loading} onClick={askClose}>{t.close}</Button> : null}
          {open && access.eliminar ? <Button variant="light" color={CANCEL_COLOR} leftSection={<IconX size={16} />} onClick={askCancel}>{t.cancelCount}</Button> : null}
        </Group>
      </Group>
      <Details
        items={[
          { label: texts.common.warehouse, value: `${count.warehouse.code} · ${count.warehouse.name}` },
          { label: t.openedAt, value: `${formatDateTime(count.openedAt)} · ${count.openedByName ?? ''}` },
          { label: t.closedAt, value: count.closedAt ? `${formatDateTime(count.closedAt)} · ${count.closedByName ?? ''}` : '' },
          { label: t.counted, value: `${formatNumber(count.countedCount, 0)} / ${formatNumber(count.lineCount, 0)}` },
          { label: t.totalsIn, value: formatMoney(surplus.toFixed(2)) },
          { label: t.totalsOut, value: formatMoney(shortage.toFixed(2)) },
          { label: t.adjustments, value: <Group gap="xs">{link(count.inMovement)}{link(count.outMovement)}</Group> },
          { label: texts.common.notes, value: count.notes },
        ]}
      />
      {open ? (
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>
          {t.expectedHelp} {t.uncountedHelp}
        </Alert>
      ) : null}
      {dirty && open ? <Alert color="orange" variant="light">{t.unsaved}</Alert> : null}
      {message ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>{message}</Alert> : null}
      {editable ? (
        <Group align="flex-end" gap="sm">
          <ArticleSelect label={t.addArticle} value={extraArticle} onChange={setExtraArticle} error={errors['extra']} />
          <NumberField label={t.countedQty} value={extraQty} onChange={setExtraQty} precision={3} min={0} w={140} />
          <Button variant="light" leftSection={<IconPlus size={16} />} disabled={!extraArticle || !extraQty} onClick={() => void send([{ articleId: extraArticle, countedQuantity: extraQty }], ['extra'])}>
            {texts.common.addLine}
          </Button>
        </Group>
      ) : null}
      <TextInput placeholder={texts.stock.search} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={360} aria-label={texts.stock.search} />
      <Paper withBorder radius="md" p="sm">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" striped aria-label={t.lines}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.common.article}</Table.Th>
                <Table.Th>{texts.common.unit}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.snapshot}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.expected}</Table.Th>
                <Table.Th style={{ width: '9rem' }}>{t.countedQty}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.difference}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.differenceValue}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((l) => {
                const d = l.article.unit.decimals;
                const value = edits[l.article.id] ?? l.countedQuantity ?? '';
                return (
                  <Table.Tr key={l.article.id}>
                    <Table.Td>{l.article.sku} · {l.article.name}</Table.Td>
                    <Table.Td>{l.article.unit.name}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatNumber(l.snapshotQuantity, d)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatNumber(l.expectedQuantity, d)}</Table.Td>
                    <Table.Td>
                      {editable ? (
                        <NumberField
                          aria-label={`${t.countedQty} ${l.article.sku}`}
                          value={value}
                          onChange={(v) => setEdits((prev) => ({ ...prev, [l.article.id]: v }))}
                          precision={d}
                          min={0}
                          error={errors[l.article.id]}
                        />
                      ) : (
                        <Text size="sm" ta="right">{l.countedQuantity === null ? '—' : formatNumber(l.countedQuantity, d)}</Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{l.difference === null ? '' : formatNumber(l.difference, d)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{l.differenceValue === null ? '' : formatMoney(l.differenceValue)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {editable ? <CountImport opened={importing} onClose={() => setImporting(false)} onImport={(entries) => send(entries, entries.map(() => ''))} /> : null}
    </Stack>
  );
}

export function InventoryPage() {
  const record = useRecordParam();
  const detail = useQuery(InventoryCountDetailDocument, { variables: { id: record.id ?? '' }, skip: !record.id, fetchPolicy: 'network-only' });
  if (record.raw === null) return <CountList record={record} />;
  if (record.isNew) return <OpenCount record={record} />;
  const loadError = readGraphQLError(detail.error);
  if (!record.id || loadError?.code === 'NOT_FOUND' || (detail.data && !detail.data.inventoryCount)) return <RecordNotFound onBack={record.close} />;
  if (loadError) return <LoadFailed message={loadError.message} />;
  const count = detail.data?.inventoryCount;
  if (!count) return <RecordLoading />;
  return <CountDetail key={count.version} count={count} record={record} onChanged={() => void detail.refetch()} />;
}
