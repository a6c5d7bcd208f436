// Locaciones (Configuración PV): search, sort, the active filter and export; a
// row opens its edit dialog (`?edit=N`), "Nueva locación" an empty one.
import { useMemo } from 'react';
import { SegmentedControl, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { VpLocationCreateDocument, VpLocationListDocument, VpLocationUpdateDocument, type VpLocationFieldsFragment } from '../../../../generated/modules/vehicle-park/graphql';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { formatNumber } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, texts, VP_MODULE, VP_SETTINGS_SCREEN } from '../texts';

const t = texts.settings.locations;
const FIELDS = ['name', 'address', 'active'] as const;

const COLUMNS: ListColumn<VpLocationFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'address', header: t.address, sortable: true },
  { key: 'vehicleCount', header: t.vehicles, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.vehicleCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { name: string; address: string; active: boolean };

export function LocationsPage() {
  const access = useScreenAccess(VP_MODULE, VP_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { active: '' } });
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const list = useServerList(VpLocationListDocument, params, variables, (d) => d.vpLocations, { entity: 'vp_location' });
  const [create] = useMutation(VpLocationCreateDocument);
  const [update] = useMutation(VpLocationUpdateDocument);
  return (
    <CatalogPage<VpLocationFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Locación: ${r.name}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      filters={<SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />}
      fields={FIELDS}
      initialValues={(g) => ({ name: g?.name ?? '', address: g?.address ?? '', active: g?.active ?? true })}
      validate={{ name: (v) => (v.trim() ? null : texts.required) }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(g, input) => update({ variables: { id: g.id, version: g.version, input } })}
      renderFields={(form, { readOnly }) => (
        <Stack gap="md">
          <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t.address} autosize minRows={2} maxLength={300} disabled={readOnly} {...form.getInputProps('address')} />
          <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      )}
    />
  );
}
