// Catálogo de Líneas: server-side list; `?id=` opens the form in place.
import { useMemo } from 'react';
import { Button, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconTrash } from '@tabler/icons-react';
import {
  ProductLineCreateDocument,
  ProductLineDeleteDocument,
  ProductLineDetailDocument,
  ProductLineListDocument,
  ProductLineUpdateDocument,
  type ProductLineFieldsFragment,
  type ProductLineFilter,
} from '../../../../generated/modules/warehouse/graphql';
import { CANCEL_COLOR } from '../../../components/confirm';
import { formatNumber } from '../../../components/format';
import { FormPage } from '../../../components/FormPage';
import { CatalogList } from '../../../components/CatalogPage';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { useServerList } from '../../../components/useServerList';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useScreenAccess } from '../access';
import { ACTIVE_FILTER_OPTIONS, activeFilterValue, confirmDelete } from '../components/catalog';
import { errorForForm } from '../components/formErrors';
import { RecordScreen, useRecordParam, type RecordParam } from '../components/record';
import { ACTIVE_LABELS, activeLabel, activeStatus, texts } from '../texts';

const t = texts.lines;
const FIELDS = ['code', 'name', 'description', 'active'] as const;

const COLUMNS: ListColumn<ProductLineFieldsFragment>[] = [
  { key: 'code', header: texts.common.code, sortable: true },
  { key: 'name', header: texts.common.name, sortable: true },
  { key: 'description', header: t.description },
  { key: 'articleCount', header: t.articleCount, format: 'number', sortable: true, align: 'right', render: (row) => formatNumber(row.articleCount, 0) },
  {
    key: 'active',
    header: texts.common.status,
    render: (row) => <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />,
    exportValue: (row) => activeLabel(row.active),
  },
];

function LineList({ record }: { record: RecordParam }) {
  const access = useScreenAccess('Líneas');
  const params = useListParams({ sortBy: 'code', filters: { active: '' } });
  const filter = useMemo<ProductLineFilter>(() => ({ active: activeFilterValue(params.filters.active) }), [params.filters.active]);
  const list = useServerList(ProductLineListDocument, params, { filter }, (d) => d.productLines, { entity: 'product_line' });

  return (
    <CatalogList<ProductLineFieldsFragment>
      description={t.listDescription}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, searchPlaceholder: t.search, exportName: t.exportName }}
      onOpen={(row) => record.open(row.id)}
      onNew={record.openNew}
      filters={
        <SegmentedControl aria-label={texts.common.status} data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
      }
    />
  );
}

type Values = { code: string; name: string; description: string; active: boolean };

function LineEditor({ row, record, onReload }: { row: ProductLineFieldsFragment | null; record: RecordParam; onReload?: () => void }) {
  const access = useScreenAccess('Líneas');
  const [create] = useMutation(ProductLineCreateDocument);
  const [update] = useMutation(ProductLineUpdateDocument);
  const [remove] = useMutation(ProductLineDeleteDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: row ? { code: row.code, name: row.name, description: row.description, active: row.active } : { code: '', name: '', description: '', active: true },
    validate: {
      code: (v) => (v.trim() ? null : texts.common.required),
      name: (v) => (v.trim() ? null : texts.common.required),
    },
  });
  const readOnly = row ? !access.editar : !access.crear;

  const { save, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: record.close, readOnly, errorForForm });
  const submit = () =>
    save(async (values) => {
      if (row) await update({ variables: { id: row.id, version: row.version, input: values } });
      else await create({ variables: { input: values } });
      return row ? texts.common.saved : texts.common.created;
    });

  return (
    <FormPage
      entity="product_line"
      liveRecordId={row?.id ?? null}
      title={row ? `${row.code} · ${row.name}` : t.newTitle}
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
          <Button variant="light" color={CANCEL_COLOR} leftSection={<IconTrash size={16} />} onClick={() => confirmDelete(row.name, async () => (await remove({ variables: { id: row.id, version: row.version } })).data?.productLineDelete, record.close)}>
            {texts.common.delete}
          </Button>
        ) : null
      }
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={texts.common.code} required maxLength={20} disabled={readOnly} data-autofocus {...form.getInputProps('code')} />
            <TextInput label={texts.common.name} required maxLength={120} disabled={readOnly} {...form.getInputProps('name')} />
          </SimpleGrid>
          <Textarea label={t.description} maxLength={500} autosize minRows={2} disabled={readOnly} {...form.getInputProps('description')} />
          <Switch label={texts.common.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      </Paper>
    </FormPage>
  );
}

export function LinesPage() {
  const record = useRecordParam();
  const detail = useQuery(ProductLineDetailDocument, { variables: { id: record.id ?? '' }, skip: !record.id, fetchPolicy: 'network-only' });
  return (
    <RecordScreen
      record={record}
      loaded={Boolean(detail.data)}
      row={detail.data?.productLine}
      error={detail.error}
      onReload={() => void detail.refetch()}
      list={<LineList record={record} />}
      editor={(row, onReload) => <LineEditor row={row} record={record} onReload={onReload} />}
    />
  );
}
