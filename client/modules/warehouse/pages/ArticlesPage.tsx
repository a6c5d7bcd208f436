// Catálogo de Artículos: server-side list with line/status filters, import
// from a spreadsheet, and the form in place (`?id=`). The average cost is
// shown, never captured: postings move it.
import { useMemo, useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconFileImport, IconPlayerPause, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ArticleBulkDeactivateDocument,
  ArticleCreateDocument,
  ArticleDeleteDocument,
  ArticleDetailDocument,
  ArticleListDocument,
  ArticleUpdateDocument,
  type ArticleFieldsFragment,
  type ArticleFilter,
} from '../../../../generated/modules/warehouse/graphql';
import type { BulkConfig } from '../../../components/BulkBar';
import { CANCEL_COLOR } from '../../../components/confirm';
import { toDecimal } from '../../../components/decimal';
import { formatMoney, formatNumber } from '../../../components/format';
import { FormPage } from '../../../components/FormPage';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { useServerList } from '../../../components/useServerList';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useScreenAccess } from '../access';
import { ArticleImport } from '../components/ArticleImport';
import { ACTIVE_FILTER_OPTIONS, activeFilterValue, confirmDelete } from '../components/catalog';
import { errorForForm } from '../components/formErrors';
import { useLineOptions, useUnits } from '../components/options';
import { RecordScreen, useRecordParam, type RecordParam } from '../components/record';
import { ACTIVE_LABELS, activeLabel, activeStatus, texts } from '../texts';

const t = texts.articles;
const FIELDS = ['sku', 'name', 'lineId', 'unit', 'minStock', 'maxStock', 'reorderPoint', 'barcode', 'active'] as const;

const COLUMNS: ListColumn<ArticleFieldsFragment>[] = [
  { key: 'sku', header: t.sku, sortable: true },
  { key: 'name', header: texts.common.name, sortable: true },
  { key: 'line', header: t.line, sortable: true, render: (row) => row.line.name, exportValue: (row) => row.line.name },
  { key: 'unit', header: texts.common.unit, sortable: true, render: (row) => row.unit.name, exportValue: (row) => row.unit.name },
  { key: 'totalQuantity', header: t.totalQuantity, format: 'number', sortable: true, align: 'right', render: (row) => formatNumber(row.totalQuantity, row.unit.decimals), exportValue: (row) => row.totalQuantity },
  { key: 'averageCost', header: t.averageCost, format: 'money', align: 'right', render: (row) => formatMoney(row.averageCost, 4), exportValue: (row) => row.averageCost },
  { key: 'minStock', header: t.min, format: 'number', align: 'right', render: (row) => formatNumber(row.minStock, row.unit.decimals), exportValue: (row) => row.minStock },
  { key: 'maxStock', header: t.max, format: 'number', align: 'right', render: (row) => formatNumber(row.maxStock, row.unit.decimals), exportValue: (row) => row.maxStock },
  {
    key: 'active',
    header: texts.common.status,
    render: (row) => <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />,
    exportValue: (row) => activeLabel(row.active),
  },
];

function ArticleList({ record }: { record: RecordParam }) {
  const access = useScreenAccess('Artículos');
  const lines = useLineOptions();
  const [importing, setImporting] = useState(false);
  const params = useListParams({ sortBy: 'sku', filters: { active: '', lineId: '' } });
  const filter = useMemo<ArticleFilter>(
    () => ({ active: activeFilterValue(params.filters.active), lineId: params.filters.lineId || undefined }),
    [params.filters.active, params.filters.lineId],
  );
  const { rows, total, loading, error, fetchAll, refetch } = useServerList(ArticleListDocument, params, { filter }, (d) => d.articles, { entity: 'article' });
  const client = useApolloClient();
  const bulk: BulkConfig<ArticleFieldsFragment> = {
    loadAll: fetchAll,
    describe: (row) => `${row.sku} · ${row.name}`,
    actions: [
      {
        key: 'deactivate',
        label: t.bulkDeactivate,
        icon: <IconPlayerPause size={14} />,
        color: CANCEL_COLOR,
        allowed: access.editar,
        confirm: { title: t.bulkDeactivateTitle, message: t.bulkDeactivateMessage },
        run: async (ids) => {
          const r = await client.mutate({ mutation: ArticleBulkDeactivateDocument, variables: { ids } });
          await refetch();
          return r.data?.articleBulkDeactivate;
        },
      },
    ],
  };

  return (
    <>
      <ListPage
        bulk={bulk}
        description={t.listDescription}
        exportName={t.exportName}
        searchPlaceholder={t.search}
        columns={COLUMNS}
        rows={rows}
        total={total}
        loading={loading}
        error={error}
        params={params}
        rowKey={(row) => row.id}
        onRowClick={(row) => record.open(row.id)}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          access.crear ? (
            <>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>{t.import}</Button>
              <Button leftSection={<IconPlus size={16} />} onClick={record.openNew}>{t.newButton}</Button>
            </>
          ) : undefined
        }
        filters={
          <>
            <Select aria-label={t.line} placeholder={t.line} data={lines.options} value={params.filters.lineId || null} onChange={(v) => params.setFilter('lineId', v ?? '')} clearable searchable w={240} />
            <SegmentedControl aria-label={texts.common.status} data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
          </>
        }
      />
      {access.crear ? <ArticleImport opened={importing} onClose={() => setImporting(false)} onDone={() => { setImporting(false); void refetch(); }} /> : null}
    </>
  );
}

type Values = { sku: string; name: string; lineId: string; unit: string; minStock: string; maxStock: string; reorderPoint: string; barcode: string; active: boolean };

function validateRanges(values: Values): { minStock?: string; reorderPoint?: string } {
  const min = toDecimal(values.minStock || '0');
  const max = toDecimal(values.maxStock || '0');
  const reorder = toDecimal(values.reorderPoint || '0');
  if (!min || !max || !reorder) return {};
  if (max.greaterThan(0) && min.greaterThan(max)) return { minStock: t.minAboveMax };
  if (reorder.greaterThan(0) && (reorder.lessThan(min) || (max.greaterThan(0) && reorder.greaterThan(max)))) return { reorderPoint: t.reorderRange };
  return {};
}

function ArticleEditor({ row, record, onReload }: { row: ArticleFieldsFragment | null; record: RecordParam; onReload?: () => void }) {
  const access = useScreenAccess('Artículos');
  const lines = useLineOptions();
  const units = useUnits();
  const [create] = useMutation(ArticleCreateDocument);
  const [update] = useMutation(ArticleUpdateDocument);
  const [remove] = useMutation(ArticleDeleteDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: row
      ? { sku: row.sku, name: row.name, lineId: row.line.id, unit: row.unit.code, minStock: row.minStock, maxStock: row.maxStock, reorderPoint: row.reorderPoint, barcode: row.barcode, active: row.active }
      : { sku: '', name: '', lineId: '', unit: 'H87', minStock: '0', maxStock: '0', reorderPoint: '0', barcode: '', active: true },
    validate: (values) => ({
      sku: values.sku.trim() ? null : texts.common.required,
      name: values.name.trim() ? null : texts.common.required,
      lineId: values.lineId ? null : texts.common.required,
      unit: values.unit ? null : texts.common.required,
      ...validateRanges(values),
    }),
  });
  const readOnly = row ? !access.editar : !access.crear;
  const unit = units.units.find((u) => u.code === form.values.unit);
  const decimals = unit?.decimals ?? 0;

  const { save, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: record.close, readOnly, errorForForm });
  const submit = () =>
    save(async (v) => {
      const input = { ...v, minStock: v.minStock || '0', maxStock: v.maxStock || '0', reorderPoint: v.reorderPoint || '0' };
      if (row) await update({ variables: { id: row.id, version: row.version, input } });
      else await create({ variables: { input } });
      return row ? texts.common.saved : texts.common.created;
    });

  return (
    <FormPage
      entity="article"
      liveRecordId={row?.id ?? null}
      title={row ? `${row.sku} · ${row.name}` : t.newTitle}
      headerActions={row ? <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} /> : undefined}
      onSubmit={submit}
      onCancel={record.close}
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={readOnly}
      extraActions={
        row && access.eliminar ? (
          <Button variant="light" color={CANCEL_COLOR} leftSection={<IconTrash size={16} />} onClick={() => confirmDelete(row.name, async () => (await remove({ variables: { id: row.id, version: row.version } })).data?.articleDelete, record.close)}>
            {texts.common.delete}
          </Button>
        ) : null
      }
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t.sku} required maxLength={40} disabled={readOnly} data-autofocus {...form.getInputProps('sku')} />
            <TextInput label={texts.common.name} required maxLength={200} disabled={readOnly} {...form.getInputProps('name')} />
            <Select label={t.line} placeholder={t.linePlaceholder} required searchable data={lines.options} disabled={readOnly} {...form.getInputProps('lineId')} value={form.values.lineId || null} onChange={(v) => form.setFieldValue('lineId', v ?? '')} />
            <Select label={texts.common.unit} placeholder={t.unitPlaceholder} description={unit ? t.unitDescription(unit.decimals) : undefined} required searchable allowDeselect={false} data={units.options} disabled={readOnly} {...form.getInputProps('unit')} />
            <NumberField label={t.min} precision={decimals} min={0} disabled={readOnly} {...form.getInputProps('minStock')} />
            <NumberField label={t.max} precision={decimals} min={0} disabled={readOnly} {...form.getInputProps('maxStock')} />
            <NumberField label={t.reorder} precision={decimals} min={0} disabled={readOnly} {...form.getInputProps('reorderPoint')} />
            <TextInput label={t.barcode} maxLength={60} disabled={readOnly} {...form.getInputProps('barcode')} />
          </SimpleGrid>
          <Switch mt="md" label={texts.common.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Paper>
        {row ? (
          <Paper withBorder radius="md" p="md">
            <Group gap="xl">
              <Stack gap={2}>
                <Text size="xs" c="dimmed">{t.totalQuantity}</Text>
                <Text fw={600}>{formatNumber(row.totalQuantity, row.unit.decimals)} {row.unit.name}</Text>
              </Stack>
              <Stack gap={2}>
                <Text size="xs" c="dimmed">{t.averageCost}</Text>
                <Text fw={600}>{formatMoney(row.averageCost, 4)}</Text>
              </Stack>
              <Text size="xs" c="dimmed">{t.averageCostHelp}</Text>
            </Group>
          </Paper>
        ) : null}
      </Stack>
    </FormPage>
  );
}

export function ArticlesPage() {
  const record = useRecordParam();
  const detail = useQuery(ArticleDetailDocument, { variables: { id: record.id ?? '' }, skip: !record.id, fetchPolicy: 'network-only' });
  return (
    <RecordScreen
      record={record}
      loaded={Boolean(detail.data)}
      row={detail.data?.article}
      error={detail.error}
      onReload={() => void detail.refetch()}
      list={<ArticleList record={record} />}
      editor={(row, onReload) => <ArticleEditor row={row} record={record} onReload={onReload} />}
    />
  );
}
