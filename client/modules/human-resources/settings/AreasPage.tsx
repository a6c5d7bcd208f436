// Áreas: server list with search, sort, the active filter and export; a row
// opens its edit dialog (`?edit=N`), "Nueva área" an empty one (`?edit=new`).
import { useMemo } from 'react';
import { SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { RhAreaCreateDocument, RhAreaListDocument, RhAreaUpdateDocument, type RhAreaFieldsFragment } from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { formatNumber } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { requiredText } from './validation';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, RH_MODULE, RH_SETTINGS_SCREEN, texts } from './texts';

const t = texts.areas;
const FIELDS = ['name', 'active'] as const;

const COLUMNS: ListColumn<RhAreaFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'positionCount', header: t.positions, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.positionCount, 0) },
  { key: 'employeeCount', header: t.employees, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.employeeCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { name: string; active: boolean };

export function AreasPage() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { active: '' } });
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const list = useServerList(RhAreaListDocument, params, variables, (d) => d.rhAreas, { entity: 'rh_area' });
  const [create] = useMutation(RhAreaCreateDocument);
  const [update] = useMutation(RhAreaUpdateDocument);
  return (
    <CatalogPage<RhAreaFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Área: ${r.name}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      filters={<SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />}
      fields={FIELDS}
      initialValues={(area) => ({ name: area?.name ?? '', active: area?.active ?? true })}
      validate={{ name: requiredText }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(area, input) => update({ variables: { id: area.id, version: area.version, input } })}
      renderFields={(form, { readOnly }) => (
        <Stack gap="md">
          <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
          <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Text size="sm" c="dimmed">
            {t.inactiveHint}
          </Text>
        </Stack>
      )}
    />
  );
}
