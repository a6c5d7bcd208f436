// Plazas: server list filtered by área, puesto, situación (vacante/ocupada)
// and active, all in the URL; a row opens the plaza form (`?id=N`).
import { useMemo } from 'react';
import { SegmentedControl, Select, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { RhWorkplaceListDocument, type RhWorkplaceFieldsFragment, type RhWorkplaceFilter, type RhWorkplaceStatus } from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import { formatMoney } from '../../../components/format';
import { CatalogList } from '../../../components/CatalogPage';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { useOrganizationOptions } from './organization';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, RH_MODULE, RH_SETTINGS_SCREEN, texts, WORKPLACE_STATUS, workplaceFormPath } from './texts';

const t = texts.workplaces;

const holderText = (r: RhWorkplaceFieldsFragment) => (r.holderName ? `${r.holderNumber ?? ''} · ${r.holderName}` : '');

const COLUMNS: ListColumn<RhWorkplaceFieldsFragment>[] = [
  { key: 'code', header: t.code, sortable: true },
  { key: 'areaName', header: t.area, sortable: true },
  { key: 'positionName', header: t.position, sortable: true },
  { key: 'authorizedDailySalary', header: t.salary, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.authorizedDailySalary), exportValue: (r) => Number(r.authorizedDailySalary) },
  { key: 'location', header: t.location },
  { key: 'status', header: t.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={WORKPLACE_STATUS} />, exportValue: (r) => WORKPLACE_STATUS[r.status]?.label ?? r.status },
  {
    key: 'holderName',
    header: t.holder,
    sortable: true,
    render: (r) =>
      r.holderName ? (
        holderText(r)
      ) : (
        <Text size="sm" c="dimmed">
          {t.noHolder}
        </Text>
      ),
    exportValue: holderText,
  },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

const STATUS_OPTIONS = Object.entries(WORKPLACE_STATUS).map(([value, { label }]) => ({ value, label: `${label}s` }));

export function WorkplacesPage() {
  const navigate = useNavigate();
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const organization = useOrganizationOptions();
  const params = useListParams({ sortBy: 'code', filters: { areaId: '', positionId: '', status: '', active: '' } });
  const { areaId, positionId, status } = params.filters;
  const active = activeFilter(params.filters.active);
  const variables = useMemo<{ filter: RhWorkplaceFilter }>(
    () => ({
      filter: {
        ...(areaId ? { areaId } : {}),
        ...(positionId ? { positionId } : {}),
        ...(status === 'vacante' || status === 'ocupada' ? { status: status as RhWorkplaceStatus } : {}),
        ...(active === undefined ? {} : { active }),
      },
    }),
    [areaId, positionId, status, active],
  );
  const list = useServerList(RhWorkplaceListDocument, params, variables, (d) => d.rhWorkplaces, { entity: 'rh_workplace' });
  // A puesto of another área would leave the list empty: choosing an área clears it.
  const setArea = (v: string | null) => params.setFilters({ areaId: v ?? '', positionId: v && organization.position(positionId)?.areaId !== v ? '' : positionId });
  return (
    <CatalogList<RhWorkplaceFieldsFragment>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, searchPlaceholder: t.search, exportName: t.exportName }}
      onOpen={(r) => void navigate(workplaceFormPath(r.id))}
      onNew={() => void navigate(workplaceFormPath())}
      filters={
        <>
          <Select aria-label={t.area} placeholder={texts.positions.allAreas} data={organization.areaOptions()} value={areaId || null} onChange={setArea} clearable w={220} />
          <Select aria-label={t.position} placeholder={t.allPositions} data={organization.positionGroups({ areaId })} value={positionId || null} onChange={(v) => params.setFilter('positionId', v ?? '')} clearable searchable w={240} />
          <Select aria-label={t.status} placeholder={t.allStatuses} data={STATUS_OPTIONS} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={220} />
          <SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
        </>
      }
    />
  );
}
