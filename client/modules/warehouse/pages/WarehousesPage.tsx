// Catálogo de Almacenes: server-side list; `?id=` opens the form in place.
import { useMemo } from 'react';
import { Button, Paper, SegmentedControl, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconTrash } from '@tabler/icons-react';
import {
  WarehouseCreateDocument,
  WarehouseDeleteDocument,
  WarehouseDetailDocument,
  WarehouseListDocument,
  WarehouseUpdateDocument,
  type WarehouseFieldsFragment,
  type WarehouseFilter,
} from '../../../../generated/modules/warehouse/graphql';
import { CANCEL_COLOR } from '../../../components/confirm';
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

const t = texts.warehouses;
const FIELDS = ['code', 'name', 'location', 'responsible', 'active'] as const;

const COLUMNS: ListColumn<WarehouseFieldsFragment>[] = [
  { key: 'code', header: texts.common.code, sortable: true },
  { key: 'name', header: texts.common.name, sortable: true },
  { key: 'location', header: t.location, sortable: true },
  { key: 'responsible', header: t.responsible, sortable: true },
  {
    key: 'active',
    header: texts.common.status,
    render: (row) => <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />,
    exportValue: (row) => activeLabel(row.active),
  },
];

function WarehouseList({ record }: { record: RecordParam }) {
  const access = useScreenAccess('Almacenes');
  const params = useListParams({ sortBy: 'code', filters: { active: '' } });
  const filter = useMemo<WarehouseFilter>(() => ({ active: activeFilterValue(params.filters.active) }), [params.filters.active]);
  const list = useServerList(WarehouseListDocument, params, { filter }, (d) => d.warehouses, { entity: 'warehouse' });

  return (
    <CatalogList<WarehouseFieldsFragment>
      description={t.listDescription}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, searchPlaceholder: t.search, exportName: t.exportName }}
      onOpen={(row) => record.open(row.id)}
      onNew={record.openNew}
      filters={
        <SegmentedControl
          aria-label={texts.common.status}
          data={ACTIVE_FILTER_OPTIONS}
          value={params.filters.active || 'all'}
          onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)}
        />
      }
    />
  );
}

type Values = { code: string; name: string; location: string; responsible: string; active: boolean };

function WarehouseEditor({ row, record, onReload }: { row: WarehouseFieldsFragment | null; record: RecordParam; onReload?: () => void }) {
  const access = useScreenAccess('Almacenes');
  const [create] = useMutation(WarehouseCreateDocument);
  const [update] = useMutation(WarehouseUpdateDocument);
  const [remove] = useMutation(WarehouseDeleteDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: row ? { code: row.code, name: row.name, location: row.location, responsible: row.responsible, active: row.active } : { code: '', name: '', location: '', responsible: '', active: true },
    validate: {
      code: (v) => (v.trim() ? (v.length > 20 ? texts.common.maxLength(20) : null) : texts.common.required),
      name: (v) => (v.trim() ? (v.length > 120 ? texts.common.maxLength(120) : null) : texts.common.required),
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
      entity="warehouse"
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
          <Button variant="light" color={CANCEL_COLOR} leftSection={<IconTrash size={16} />} onClick={() => confirmDelete(row.name, async () => (await remove({ variables: { id: row.id, version: row.version } })).data?.warehouseDelete, record.close)}>
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
            <TextInput label={t.location} maxLength={200} disabled={readOnly} {...form.getInputProps('location')} />
            <TextInput label={t.responsible} description={t.responsibleDescription} maxLength={120} disabled={readOnly} {...form.getInputProps('responsible')} />
          </SimpleGrid>
          <Switch label={texts.common.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      </Paper>
    </FormPage>
  );
}

export function WarehousesPage() {
  const record = useRecordParam();
  const detail = useQuery(WarehouseDetailDocument, { variables: { id: record.id ?? '' }, skip: !record.id, fetchPolicy: 'network-only' });
  return (
    <RecordScreen
      record={record}
      loaded={Boolean(detail.data)}
      row={detail.data?.warehouse}
      error={detail.error}
      onReload={() => void detail.refetch()}
      list={<WarehouseList record={record} />}
      editor={(row, onReload) => <WarehouseEditor row={row} record={record} onReload={onReload} />}
    />
  );
}
