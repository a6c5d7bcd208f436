// Catálogo de servicios: the catalogue list with kind filter; a row opens its
// edit dialog (`?edit=N`): kind, every N km and/or days, estimated hours and
// cost, the task list (one per line) and the Almacén parts with quantities.
import { useMemo } from 'react';
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MaintenanceServiceCreateDocument,
  MaintenanceServiceListDocument,
  MaintenanceServiceUpdateDocument,
  type MaintenanceServiceFieldsFragment,
  type MaintenanceServiceKind,
} from '../../../generated/modules/maintenance/graphql';
import { useScreenAccess } from '../../components/access';
import { CatalogPage } from '../../components/CatalogPage';
import { formatMoney, formatNumber } from '../../components/format';
import type { ListColumn } from '../../components/ListPage';
import { useListParams } from '../../components/listParams';
import { NumberField } from '../../components/NumberField';
import { StatusBadge } from '../../components/StatusBadge';
import { useServerList } from '../../components/useServerList';
import { PartSelect } from './PartSelect';
import { kindOptions, MT_MODULE, MT_SCREENS, SERVICE_KIND_LABELS, texts } from './texts';

const t = texts.catalog;
const ACTIVE_BADGES = { activo: { label: t.activeLabel, color: 'teal' }, inactivo: { label: t.inactiveLabel, color: 'gray' } } as const;

const COLUMNS: ListColumn<MaintenanceServiceFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'kind', header: t.kind, sortable: true, render: (r) => SERVICE_KIND_LABELS[r.kind], exportValue: (r) => SERVICE_KIND_LABELS[r.kind] },
  { key: 'everyKm', header: t.everyKm, format: 'number', sortable: true, align: 'right', render: (r) => (r.everyKm ? formatNumber(r.everyKm, 0) : t.none), exportValue: (r) => r.everyKm ?? null },
  { key: 'everyDays', header: t.everyDays, format: 'number', sortable: true, align: 'right', render: (r) => (r.everyDays ? formatNumber(r.everyDays, 0) : t.none), exportValue: (r) => r.everyDays ?? null },
  { key: 'estimatedCost', header: t.cost, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.estimatedCost), exportValue: (r) => Number(r.estimatedCost) },
  { key: 'parts', header: t.partsCount, format: 'number', align: 'right', render: (r) => formatNumber(r.parts.length, 0), exportValue: (r) => r.parts.length },
  {
    key: 'active',
    header: t.status,
    render: (r) => <StatusBadge status={r.active ? 'activo' : 'inactivo'} labels={ACTIVE_BADGES} />,
    exportValue: (r) => (r.active ? t.activeLabel : t.inactiveLabel),
  },
];

type Values = {
  name: string;
  kind: string;
  everyKm: string;
  everyDays: string;
  estimatedHours: string;
  estimatedCost: string;
  tasks: string;
  parts: { articleId: string; quantity: string }[];
  active: boolean;
};

const FIELDS = ['name', 'kind', 'everyKm', 'everyDays', 'estimatedHours', 'estimatedCost', 'tasks', 'parts', 'active'] as const;

const toInput = (v: Values) => ({
  name: v.name,
  kind: v.kind as MaintenanceServiceKind,
  everyKm: v.everyKm ? Number(v.everyKm) : null,
  everyDays: v.everyDays ? Number(v.everyDays) : null,
  estimatedHours: v.estimatedHours || '0',
  estimatedCost: v.estimatedCost || '0',
  tasks: v.tasks
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean),
  parts: v.parts.filter((p) => p.articleId),
  active: v.active,
});

export function ServicesCatalogPage() {
  const access = useScreenAccess(MT_MODULE, MT_SCREENS.catalog);
  const params = useListParams({ sortBy: 'name', filters: { kind: '' } });
  const kind = params.filters.kind as MaintenanceServiceKind | '';
  const variables = useMemo(() => ({ filter: kind ? { kind } : {} }), [kind]);
  const list = useServerList(MaintenanceServiceListDocument, params, variables, (d) => d.maintenanceServices, { entity: 'mt_service' });
  const [create] = useMutation(MaintenanceServiceCreateDocument);
  const [update] = useMutation(MaintenanceServiceUpdateDocument);
  return (
    <CatalogPage<MaintenanceServiceFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => t.editTitle(r.name), created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      filters={<Select aria-label={t.kind} placeholder={t.allKinds} data={kindOptions} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={180} />}
      fields={FIELDS}
      initialValues={(s) => ({
        name: s?.name ?? '',
        kind: s?.kind ?? 'preventivo',
        everyKm: s?.everyKm ? String(s.everyKm) : '',
        everyDays: s?.everyDays ? String(s.everyDays) : '',
        estimatedHours: s?.estimatedHours ?? '0',
        estimatedCost: s?.estimatedCost ?? '0',
        tasks: (s?.tasks ?? []).join('\n'),
        parts: (s?.parts ?? []).map((p) => ({ articleId: p.articleId, quantity: p.quantity })),
        active: s?.active ?? true,
      })}
      validate={{ name: (v) => (v.trim() ? null : texts.required) }}
      onCreate={(v) => create({ variables: { input: toInput(v) } })}
      onUpdate={(row, v) => update({ variables: { id: row.id, version: row.version, input: toInput(v) } })}
      renderFields={(form, { row, readOnly }) => {
        const known = (row?.parts ?? []).map((p) => ({ id: p.articleId, sku: p.sku, name: p.name }));
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t.name} required maxLength={120} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
              <Select label={t.kind} required allowDeselect={false} data={kindOptions} disabled={readOnly} {...form.getInputProps('kind')} />
              <NumberField label={t.everyKm} precision={0} min={0} disabled={readOnly} {...form.getInputProps('everyKm')} />
              <NumberField label={t.everyDays} precision={0} min={0} disabled={readOnly} {...form.getInputProps('everyDays')} />
              <NumberField label={t.hours} precision={2} min={0} disabled={readOnly} {...form.getInputProps('estimatedHours')} />
              <NumberField label={t.cost} precision={2} money min={0} disabled={readOnly} {...form.getInputProps('estimatedCost')} />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t.frequencyHint}
            </Text>
            <Textarea label={t.tasks} description={t.tasksHint} autosize minRows={3} disabled={readOnly} {...form.getInputProps('tasks')} />
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t.parts}
              </Text>
              {form.values.parts.map((p, i) => (
                <Group key={i} align="flex-start" wrap="nowrap">
                  <PartSelect value={p.articleId} known={known} disabled={readOnly} error={form.errors[`parts.${i}.articleId`] as string | undefined} onChange={(id) => form.setFieldValue(`parts.${i}.articleId`, id)} />
                  <NumberField aria-label={t.quantity} placeholder={t.quantity} precision={4} min={0} w={130} disabled={readOnly} {...form.getInputProps(`parts.${i}.quantity`)} />
                  <ActionIcon variant="subtle" color="red" mt={4} aria-label={t.remove} disabled={readOnly} onClick={() => form.removeListItem('parts', i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {!readOnly ? (
                <Group>
                  <Button variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('parts', { articleId: '', quantity: '1' })}>
                    {t.addPart}
                  </Button>
                </Group>
              ) : null}
            </Stack>
            <Switch label={t.active} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
          </Stack>
        );
      }}
    />
  );
}
