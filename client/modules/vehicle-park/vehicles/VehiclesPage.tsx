// Vehículos: server-side list with status, grupo, locación and document-alert
// filters in the URL (the Tablero's card links here with `alerts=true`); a
// row opens the vehicle form.
import { Badge, Button, Checkbox, SegmentedControl, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { VehicleFormOptionsDocument, VehicleGroupsDocument, VehicleListDocument, type VehicleFilter, type VehicleRowFieldsFragment } from '../../../../generated/modules/vehicle-park/graphql';
import { useScreenAccess } from '../../../components/access';
import type { BulkConfig } from '../../../components/BulkBar';
import { chosenGrouping, countMeasures, GroupBySelect, GroupedTotals, GROUPING_FILTERS, type GroupByOption } from '../../../components/GroupedTotals';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { useListParams } from '../../../components/listParams';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { useServerList } from '../../../components/useServerList';
import { VEHICLE_PATHS, VEHICLE_STATUS_BADGES, VP_MODULE, VP_VEHICLES_SCREEN, texts } from '../texts';

const t = texts.list;

const COLUMNS: ListColumn<VehicleRowFieldsFragment>[] = [
  { key: 'economicNumber', header: t.columns.economicNumber, sortable: true },
  { key: 'plate', header: t.columns.plate, sortable: true, render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{r.plate}</span>, exportValue: (r) => r.plate },
  { key: 'brand', header: t.columns.vehicle, sortable: true, render: (r) => `${r.brand} ${r.model} · ${r.year}`, exportValue: (r) => `${r.brand} ${r.model} · ${r.year}` },
  { key: 'groupName', header: t.columns.group, sortable: true, render: (r) => r.groupName ?? '', exportValue: (r) => r.groupName ?? '' },
  { key: 'locationName', header: t.columns.location, sortable: true, render: (r) => r.locationName ?? '', exportValue: (r) => r.locationName ?? '' },
  { key: 'driverName', header: t.columns.driver, sortable: true, render: (r) => r.driverName ?? '', exportValue: (r) => r.driverName ?? '' },
  { key: 'odometerKm', header: t.columns.odometer, format: 'number', sortable: true, align: 'right', render: (r) => texts.km(r.odometerKm), exportValue: (r) => r.odometerKm },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={VEHICLE_STATUS_BADGES} />, exportValue: (r) => VEHICLE_STATUS_BADGES[r.status].label },
  {
    key: 'documentAlerts',
    header: t.columns.documents,
    width: 140,
    render: (r) =>
      r.status === 'baja' ? null : r.documentAlerts > 0 ? (
        <Badge color="red" variant="light">
          {t.alerts(r.documentAlerts)}
        </Badge>
      ) : r.documentsDueSoon > 0 ? (
        <Badge color="yellow" variant="light">
          {t.dueSoon(r.documentsDueSoon)}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          {t.noAlerts}
        </Badge>
      ),
    exportValue: (r) => (r.status === 'baja' ? '' : r.documentAlerts > 0 ? t.alerts(r.documentAlerts) : r.documentsDueSoon > 0 ? t.dueSoon(r.documentsDueSoon) : t.noAlerts),
  },
];

const GROUP_BY: GroupByOption[] = [
  { value: 'STATUS', label: t.groupBy.status, filter: 'status' },
  { value: 'GROUP', label: t.groupBy.group, filter: 'groupId' },
  { value: 'LOCATION', label: t.groupBy.location, filter: 'locationId' },
];
const MEASURES = countMeasures(t.groupBy.count);
/** Checkboxes for "Exportar selección" (the bar's own action) when the role may export. */
const BULK: BulkConfig<VehicleRowFieldsFragment> = { actions: [], describe: (r) => `${r.economicNumber} ${r.plate}` };

export function VehiclesPage() {
  const navigate = useNavigate();
  const access = useScreenAccess(VP_MODULE, VP_VEHICLES_SCREEN);
  const params = useListParams({ sortBy: 'economicNumber', filters: { status: '', groupId: '', locationId: '', alerts: '', ...dateRangeDefaults(), ...GROUPING_FILTERS } });
  const { status, groupId, locationId, alerts } = params.filters;
  const filter: VehicleFilter = {
    ...(status ? { status: status as VehicleFilter['status'] } : {}),
    ...(groupId ? { groupId } : {}),
    ...(locationId ? { locationId } : {}),
    ...(alerts ? { documentAlerts: true } : {}),
    ...dateRangeFilter(params.filters),
  };
  const list = useServerList(VehicleListDocument, params, { filter }, (d) => d.vehicles, { entity: 'vehicle' });
  const groupBy = chosenGrouping(params, GROUP_BY);
  const options = useQuery(VehicleFormOptionsDocument, { fetchPolicy: 'cache-first' }).data?.vehicleFormOptions;

  return (
    <ListPage
      description={t.description}
      exportName={t.exportName}
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(`${VEHICLE_PATHS.form}?id=${r.id}`)}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      bulk={BULK}
      grouping={{
        control: <GroupBySelect params={params} options={GROUP_BY} />,
        view: groupBy ? (
          <GroupedTotals params={params} option={groupBy} document={VehicleGroupsDocument} filter={filter} pick={(d) => d.vehicleGroups} entity="vehicle" measures={MEASURES} exportName={t.exportName} canExport={access.exportar} />
        ) : null,
      }}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(VEHICLE_PATHS.form)}>
            {t.newVehicle}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <SegmentedControl
            aria-label={t.filters.status}
            data={[
              { value: 'all', label: t.filters.all },
              { value: 'activo', label: VEHICLE_STATUS_BADGES.activo.label },
              { value: 'en_taller', label: VEHICLE_STATUS_BADGES.en_taller.label },
              { value: 'baja', label: VEHICLE_STATUS_BADGES.baja.label },
            ]}
            value={status || 'all'}
            onChange={(value) => params.setFilter('status', value === 'all' ? '' : value)}
          />
          <Select
            aria-label={t.filters.group}
            placeholder={t.filters.group}
            data={(options?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={groupId || null}
            onChange={(value) => params.setFilter('groupId', value ?? '')}
            clearable
            w={180}
          />
          <Select
            aria-label={t.filters.location}
            placeholder={t.filters.location}
            data={(options?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={locationId || null}
            onChange={(value) => params.setFilter('locationId', value ?? '')}
            clearable
            w={200}
          />
          <DateRangeFilter params={params} label="Fecha de adquisición" />
          <Checkbox label={t.filters.alerts} checked={alerts === 'true'} onChange={(e) => params.setFilter('alerts', e.currentTarget.checked ? 'true' : '')} />
        </>
      }
    />
  );
}
