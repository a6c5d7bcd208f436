// Grupos (Configuración PV): search, sort, the active filter and export; a
// row opens its edit dialog (`?edit=N`), "Nuevo grupo" an empty one.
import { useMemo } from 'react';
import { SegmentedControl, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { VpGroupCreateDocument, VpGroupListDocument, VpGroupUpdateDocument, type VpGroupFieldsFragment } from '../../../../generated/modules/vehicle-park/graphql';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { formatNumber } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, texts, VP_MODULE, VP_SETTINGS_SCREEN } from '../texts';

const t = texts.settings.groups;
const FIELDS = ['name', 'description', 'active'] as const;

const COLUMNS: ListColumn<VpGroupFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'description', header: t.descriptionField },
  { key: 'vehicleCount', header: t.vehicles, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.vehicleCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { name: string; description: string; active: boolean };

export function GroupsPage() {
  const access = useScreenAccess(VP_MODULE, VP_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { active: '' } });
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const list = useServerList(VpGroupListDocument, params, variables, (d) => d.vpGroups, { entity: 'vp_group' });
  const [create] = useMutation(VpGroupCreateDocument);
  const [update] = useMutation(VpGroupUpdateDocument);
  return (
    <CatalogPage<VpGroupFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Grupo: ${r.name}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      filters={<SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />}
      fields={FIELDS}
      initialValues={(g) => ({ name: g?.name ?? '', description: g?.description ?? '', active: g?.active ?? true })}
      validate={{ name: (v) => (v.trim() ? null : texts.required) }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(g, input) => update({ variables: { id: g.id, version: g.version, input } })}
      renderFields={(form, { readOnly }) => (
        <Stack gap="md">
          <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t.descriptionField} autosize minRows={2} maxLength={300} disabled={readOnly} {...form.getInputProps('description')} />
          <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      )}
    />
  );
}
