// Combustible: every vehicle's fuel loads, newest first, with vehicle, date
// and «atípica» filters in the URL and the totals of every page (loads,
// litres, amount, atípicas) from the server; a row opens the load.
import { Badge, Button, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { FuelLoadListDocument, type FuelLoadFieldsFragment, type FuelLoadFilter } from '../../../../generated/modules/vehicle-park/graphql';
import { useScreenAccess } from '../../../components/access';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { formatDate, formatMoney, formatNumber } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { useServerList } from '../../../components/useServerList';
import { VehicleSelect } from '../../../components/VehicleSelect';
import { FUEL_PATHS, VP_FUEL_SCREEN, VP_MODULE, fuelTexts, texts } from '../texts';

const t = fuelTexts.list;

/** The load's km/l: a red «Atípica» badge with the band when outside it, «Parcial» for partial loads, a dash for the first full one. */
export function KmPerLitreCell({ load }: { load: Pick<FuelLoadFieldsFragment, 'kmPerLitre' | 'outlier' | 'fullTank' | 'bandMin' | 'bandMax'> }) {
  if (load.kmPerLitre === null || load.kmPerLitre === undefined) {
    return (
      <Text span size="sm" c="dimmed">
        {load.fullTank ? t.firstFull : t.partial}
      </Text>
    );
  }
  if (!load.outlier) return <span style={{ whiteSpace: 'nowrap' }}>{fuelTexts.kml(load.kmPerLitre)}</span>;
  return (
    <Tooltip label={t.outlierHint(formatNumber(load.bandMin, 3), formatNumber(load.bandMax, 3))} multiline maw={280}>
      <span style={{ whiteSpace: 'nowrap' }}>
        {fuelTexts.kml(load.kmPerLitre)}{' '}
        <Badge color="red" variant="light" size="sm">
          {t.outlier}
        </Badge>
      </span>
    </Tooltip>
  );
}

const COLUMNS: ListColumn<FuelLoadFieldsFragment>[] = [
  { key: 'loadedOn', header: t.columns.loadedOn, sortable: true, render: (r) => formatDate(r.loadedOn), exportValue: (r) => r.loadedOn, width: 110 },
  { key: 'economicNumber', header: t.columns.vehicle, sortable: true, render: (r) => [r.economicNumber, r.plate].filter(Boolean).join(' · '), exportValue: (r) => r.economicNumber },
  { key: 'litres', header: t.columns.litres, sortable: true, align: 'right', format: 'number', render: (r) => fuelTexts.litres(r.litres), exportValue: (r) => Number(r.litres) },
  { key: 'amount', header: t.columns.amount, sortable: true, align: 'right', format: 'money', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'pricePerLitre', header: t.columns.price, align: 'right', format: 'money', render: (r) => formatMoney(r.pricePerLitre, 3), exportValue: (r) => Number(r.pricePerLitre) },
  { key: 'odometerKm', header: t.columns.odometer, sortable: true, align: 'right', format: 'number', render: (r) => texts.km(r.odometerKm), exportValue: (r) => r.odometerKm },
  {
    key: 'kmPerLitre',
    header: t.columns.kml,
    sortable: true,
    align: 'right',
    render: (r) => <KmPerLitreCell load={r} />,
    exportValue: (r) => (r.kmPerLitre ? `${r.kmPerLitre}${r.outlier ? ` (${t.outlier})` : ''}` : r.fullTank ? '' : t.partial),
  },
  { key: 'station', header: t.columns.station, sortable: true },
  { key: 'driverName', header: t.columns.driver, render: (r) => r.driverName ?? '', exportValue: (r) => r.driverName ?? '' },
  { key: 'cfdiUuid', header: t.columns.cfdi, render: (r) => (r.cfdiUuid ? <Badge variant="light" color="blue" size="sm">{t.withCfdi}</Badge> : null), exportValue: (r) => r.cfdiUuid ?? '' },
];

export function FuelLoadsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess(VP_MODULE, VP_FUEL_SCREEN);
  const params = useListParams({ sortBy: 'loadedOn', sortDirection: 'DESC', filters: { vehicleId: '', outlier: '', ...dateRangeDefaults() } });
  const { vehicleId, outlier } = params.filters;
  const filter: FuelLoadFilter = {
    ...(vehicleId ? { vehicleId } : {}),
    ...(outlier ? { outlier: outlier === 'true' } : {}),
    ...dateRangeFilter(params.filters),
  };
  const list = useServerList(FuelLoadListDocument, params, { filter }, (d) => d.fuelLoads, { entity: 'vehicle_fuel_load' });
  const totals = list.page && 'totals' in list.page ? (list.page as { totals: { loads: number; litres: string; amount: string; outliers: number } }).totals : null;

  return (
    <ListPage
      description={
        <>
          {t.description}
          {totals ? (
            <Text component="span" display="block" fw={600} mt={4} data-testid="fuel-totals">
              {t.totals(totals.loads, totals.litres, formatMoney(totals.amount), totals.outliers)}
            </Text>
          ) : null}
        </>
      }
      exportName={t.exportName}
      searchPlaceholder={t.search}
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(`${FUEL_PATHS.form}?id=${r.id}`)}
      fetchAll={access.exportar ? list.fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(FUEL_PATHS.form)}>
            {t.newLoad}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <VehicleSelect aria-label={t.filters.vehicle} placeholder={t.filters.vehicle} clearable value={vehicleId} onChange={(id) => params.setFilter('vehicleId', id)} w={260} />
          <SegmentedControl
            aria-label={t.filters.outlier}
            data={[
              { value: 'all', label: t.filters.all },
              { value: 'true', label: t.filters.outliers },
              { value: 'false', label: t.filters.normal },
            ]}
            value={outlier || 'all'}
            onChange={(value) => params.setFilter('outlier', value === 'all' ? '' : value)}
          />
          <DateRangeFilter params={params} label={t.columns.loadedOn} />
        </>
      }
    />
  );
}
