// Puestos por áreas: server list filtered by área (and active) in the URL; a
// row opens its edit dialog (`?edit=N`), "Nuevo puesto" an empty one.
import { useMemo } from 'react';
import { SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { RhPositionCreateDocument, RhPositionListDocument, RhPositionUpdateDocument, type RhPositionFieldsFragment, type RhPositionFilter } from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { formatMoney, formatNumber } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { useOrganizationOptions } from './organization';
import { moneyValue, positiveSalary, requiredText } from './validation';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, RH_MODULE, RH_SETTINGS_SCREEN, texts } from './texts';

const t = texts.positions;
const FIELDS = ['areaId', 'name', 'baseDailySalary', 'active'] as const;

const COLUMNS: ListColumn<RhPositionFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'areaName', header: t.area, sortable: true },
  { key: 'baseDailySalary', header: t.salary, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.baseDailySalary), exportValue: (r) => Number(r.baseDailySalary) },
  { key: 'workplaceCount', header: t.workplaces, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.workplaceCount, 0) },
  { key: 'employeeCount', header: t.employees, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.employeeCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { areaId: string; name: string; baseDailySalary: string; active: boolean };

export function PositionsPage() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { areaId: '', active: '' } });
  const organization = useOrganizationOptions();
  const { areaId } = params.filters;
  const active = activeFilter(params.filters.active);
  const variables = useMemo<{ filter: RhPositionFilter }>(() => ({ filter: { ...(areaId ? { areaId } : {}), ...(active === undefined ? {} : { active }) } }), [areaId, active]);
  const list = useServerList(RhPositionListDocument, params, variables, (d) => d.rhPositions, { entity: 'rh_position' });
  const [create] = useMutation(RhPositionCreateDocument);
  const [update] = useMutation(RhPositionUpdateDocument);
  return (
    <CatalogPage<RhPositionFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Puesto: ${r.name}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      filters={
        <>
          <Select aria-label={t.area} placeholder={t.allAreas} data={organization.areaOptions()} value={areaId || null} onChange={(v) => params.setFilter('areaId', v ?? '')} clearable w={240} />
          <SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
        </>
      }
      fields={FIELDS}
      initialValues={(position) =>
        position
          ? { areaId: position.areaId, name: position.name, baseDailySalary: moneyValue(position.baseDailySalary), active: position.active }
          : { areaId, name: '', baseDailySalary: '', active: true }
      }
      validate={{
        areaId: (v) => (v ? null : texts.required),
        name: requiredText,
        baseDailySalary: positiveSalary,
      }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(position, input) => update({ variables: { id: position.id, version: position.version, input } })}
      renderFields={(form, { row: position, readOnly }) => {
        const used = position !== null && (position.workplaceCount > 0 || position.employeeCount > 0);
        return (
          <Stack gap="md">
            <Select
              label={t.area}
              required
              allowDeselect={false}
              searchable
              data={organization.areaOptions({ keep: position?.areaId })}
              disabled={readOnly || used}
              description={used ? t.areaLockedHint : undefined}
              {...form.getInputProps('areaId')}
            />
            <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
            <NumberField label={t.salary} required money precision={2} min={0} disabled={readOnly} {...form.getInputProps('baseDailySalary')} />
            <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
          </Stack>
        );
      }}
    />
  );
}
