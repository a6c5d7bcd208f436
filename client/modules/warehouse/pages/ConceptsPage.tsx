// Catálogo de Conceptos de movimiento: the kind decides the folio series and
// the stock effect (AJUSTE chooses in or out); only entries may carry cost.
import { useMemo } from 'react';
import { Alert, Badge, Button, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  StockConceptCreateDocument,
  StockConceptDeleteDocument,
  StockConceptDetailDocument,
  StockConceptListDocument,
  StockConceptUpdateDocument,
  type StockConceptFieldsFragment,
  type StockConceptFilter,
  type StockConceptKind,
  type StockDirection,
} from '../../../../generated/modules/warehouse/graphql';
import { CANCEL_COLOR } from '../../../components/confirm';
import { FormPage } from '../../../components/FormPage';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { useServerList } from '../../../components/useServerList';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useScreenAccess } from '../access';
import { ACTIVE_FILTER_OPTIONS, activeFilterValue, confirmDelete } from '../components/catalog';
import { errorForForm } from '../components/formErrors';
import { RecordScreen, useRecordParam, type RecordParam } from '../components/record';
import { ACTIVE_LABELS, activeLabel, activeStatus, DIRECTION_LABELS, KIND_LABELS, texts } from '../texts';

const t = texts.concepts;
const FIELDS = ['code', 'name', 'kind', 'direction', 'affectsCost', 'active'] as const;
const KINDS: StockConceptKind[] = ['ENTRADA', 'SALIDA', 'TRASPASO', 'AJUSTE'];
const KIND_OPTIONS = KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));

const COLUMNS: ListColumn<StockConceptFieldsFragment>[] = [
  { key: 'code', header: texts.common.code, sortable: true },
  { key: 'name', header: texts.common.name, sortable: true, render: (row) => (row.system ? <>{row.name} <Badge size="xs" variant="light">{t.system}</Badge></> : row.name), exportValue: (row) => row.name },
  { key: 'kind', header: t.kind, sortable: true, render: (row) => KIND_LABELS[row.kind], exportValue: (row) => KIND_LABELS[row.kind] },
  { key: 'direction', header: t.direction, render: (row) => DIRECTION_LABELS[row.direction], exportValue: (row) => DIRECTION_LABELS[row.direction] },
  { key: 'affectsCost', header: t.affectsCost },
  {
    key: 'active',
    header: texts.common.status,
    render: (row) => <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />,
    exportValue: (row) => activeLabel(row.active),
  },
];

function ConceptList({ record }: { record: RecordParam }) {
  const access = useScreenAccess('Conceptos');
  const params = useListParams({ sortBy: 'code', filters: { active: '', kind: '' } });
  const filter = useMemo<StockConceptFilter>(
    () => ({ active: activeFilterValue(params.filters.active), kind: (params.filters.kind || undefined) as StockConceptKind | undefined }),
    [params.filters.active, params.filters.kind],
  );
  const { rows, total, loading, error, fetchAll } = useServerList(StockConceptListDocument, params, { filter }, (d) => d.stockConcepts, { entity: 'stock_concept' });

  return (
    <ListPage
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
      actions={access.crear ? <Button leftSection={<IconPlus size={16} />} onClick={record.openNew}>{t.newButton}</Button> : undefined}
      filters={
        <>
          <Select aria-label={t.kind} placeholder={t.kind} data={KIND_OPTIONS} value={params.filters.kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={160} />
          <SegmentedControl aria-label={texts.common.status} data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
        </>
      }
    />
  );
}

type Values = { code: string; name: string; kind: StockConceptKind; direction: StockDirection | ''; affectsCost: boolean; active: boolean };

function ConceptEditor({ row, record, onReload }: { row: StockConceptFieldsFragment | null; record: RecordParam; onReload?: () => void }) {
  const access = useScreenAccess('Conceptos');
  const [create] = useMutation(StockConceptCreateDocument);
  const [update] = useMutation(StockConceptUpdateDocument);
  const [remove] = useMutation(StockConceptDeleteDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: row
      ? { code: row.code, name: row.name, kind: row.kind, direction: row.kind === 'AJUSTE' ? row.direction : '', affectsCost: row.affectsCost, active: row.active }
      : { code: '', name: '', kind: 'ENTRADA', direction: '', affectsCost: true, active: true },
    validate: {
      code: (v) => (v.trim() ? null : texts.common.required),
      name: (v) => (v.trim() ? null : texts.common.required),
      direction: (v, values) => (values.kind === 'AJUSTE' && !v ? texts.common.required : null),
    },
  });
  const readOnly = row ? !access.editar : !access.crear;
  const { kind, direction } = form.values;
  const entersStock = kind === 'ENTRADA' || (kind === 'AJUSTE' && direction === 'IN');

  const { save, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: record.close, readOnly, errorForForm });
  const submit = () =>
    save(async (v) => {
      const input = { code: v.code, name: v.name, kind: v.kind, direction: v.kind === 'AJUSTE' && v.direction ? v.direction : null, affectsCost: entersStock && v.affectsCost, active: v.active };
      if (row) await update({ variables: { id: row.id, version: row.version, input } });
      else await create({ variables: { input } });
      return row ? texts.common.saved : texts.common.created;
    });

  return (
    <FormPage
      entity="stock_concept"
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
        row && access.eliminar && !row.system ? (
          <Button variant="light" color={CANCEL_COLOR} leftSection={<IconTrash size={16} />} onClick={() => confirmDelete(row.name, async () => (await remove({ variables: { id: row.id, version: row.version } })).data?.stockConceptDelete, record.close)}>
            {texts.common.delete}
          </Button>
        ) : null
      }
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {row?.system ? <Alert variant="light" icon={<IconInfoCircle size={18} />}>{t.systemHelp}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={texts.common.code} required maxLength={20} disabled={readOnly} data-autofocus {...form.getInputProps('code')} />
            <TextInput label={texts.common.name} required maxLength={120} disabled={readOnly} {...form.getInputProps('name')} />
            <Select label={t.kind} required data={KIND_OPTIONS} allowDeselect={false} disabled={readOnly || Boolean(row?.system)} {...form.getInputProps('kind')} />
            {kind === 'AJUSTE' ? (
              <Select
                label={t.direction}
                placeholder={t.directionPlaceholder}
                required
                data={[{ value: 'IN', label: t.directionIn }, { value: 'OUT', label: t.directionOut }]}
                disabled={readOnly || Boolean(row?.system)}
                {...form.getInputProps('direction')}
                value={direction || null}
                onChange={(v) => form.setFieldValue('direction', (v ?? '') as StockDirection | '')}
              />
            ) : null}
          </SimpleGrid>
          {entersStock ? <Switch label={t.affectsCost} description={t.affectsCostDescription} disabled={readOnly} {...form.getInputProps('affectsCost', { type: 'checkbox' })} /> : null}
          <Switch label={texts.common.activeSwitch} disabled={readOnly || Boolean(row?.system)} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      </Paper>
    </FormPage>
  );
}

export function ConceptsPage() {
  const record = useRecordParam();
  const detail = useQuery(StockConceptDetailDocument, { variables: { id: record.id ?? '' }, skip: !record.id, fetchPolicy: 'network-only' });
  return (
    <RecordScreen
      record={record}
      loaded={Boolean(detail.data)}
      row={detail.data?.stockConcept}
      error={detail.error}
      onReload={() => void detail.refetch()}
      list={<ConceptList record={record} />}
      editor={(row, onReload) => <ConceptEditor row={row} record={record} onReload={onReload} />}
    />
  );
}
