// Rendimiento de combustible (Configuración PV): the km/l band of each vehicle
// type and the general one (types without their own); a load outside its band
// is «atípica». Few rows: searched and sorted in memory; a row opens its edit
// dialog, "Nuevo rango" an empty one (the general band exists already).
import { useMemo } from 'react';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { VpFuelBandCreateDocument, VpFuelBandListDocument, VpFuelBandUpdateDocument, type VpFuelBandFieldsFragment } from '../../../../generated/modules/vehicle-park/graphql';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { clientRowsList, queryClientRows } from '../../../components/clientList';
import { formatNumber } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NumberField } from '../../../components/NumberField';
import { useRecordChanges } from '../../../components/useRecordChanges';
import { fuelTexts, texts, VEHICLE_TYPES, VP_MODULE, VP_SETTINGS_SCREEN } from '../texts';

const t = fuelTexts.bands;
const FIELDS = ['vehicleType', 'minKmPerLitre', 'maxKmPerLitre'] as const;
const typeLabel = (r: Pick<VpFuelBandFieldsFragment, 'vehicleType'>) => r.vehicleType || t.general;

const COLUMNS: ListColumn<VpFuelBandFieldsFragment>[] = [
  { key: 'vehicleType', header: t.vehicleType, sortable: true, render: typeLabel, exportValue: typeLabel },
  { key: 'minKmPerLitre', header: t.min, sortable: true, align: 'right', format: 'number', render: (r) => formatNumber(r.minKmPerLitre, 3), exportValue: (r) => Number(r.minKmPerLitre) },
  { key: 'maxKmPerLitre', header: t.max, sortable: true, align: 'right', format: 'number', render: (r) => formatNumber(r.maxKmPerLitre, 3), exportValue: (r) => Number(r.maxKmPerLitre) },
  { key: 'vehicleCount', header: t.vehicles, sortable: true, align: 'right', format: 'number', render: (r) => formatNumber(r.vehicleCount, 0) },
];

type Values = { vehicleType: string; minKmPerLitre: string; maxKmPerLitre: string };

export function FuelBandsPage() {
  const access = useScreenAccess(VP_MODULE, VP_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: '' });
  const query = useQuery(VpFuelBandListDocument, { fetchPolicy: 'cache-and-network' });
  useRecordChanges('vp_fuel_band', () => void query.refetch().catch(() => undefined));
  const all = useMemo(() => query.data?.vpFuelBands ?? [], [query.data]);
  const page = useMemo(
    () =>
      queryClientRows(all, params, {
        searchText: typeLabel,
        sortValue: (r, key) => (key === 'vehicleType' ? typeLabel(r) : key === 'vehicleCount' ? r.vehicleCount : Number(r[key as 'minKmPerLitre' | 'maxKmPerLitre'])),
      }),
    [all, params],
  );
  const [create] = useMutation(VpFuelBandCreateDocument);
  const [update] = useMutation(VpFuelBandUpdateDocument);
  const list = clientRowsList(query, page);
  return (
    <CatalogPage<VpFuelBandFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Rango: ${typeLabel(r)}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
      fields={FIELDS}
      initialValues={(b) => ({ vehicleType: b?.vehicleType ?? '', minKmPerLitre: b?.minKmPerLitre ?? '', maxKmPerLitre: b?.maxKmPerLitre ?? '' })}
      validate={{
        minKmPerLitre: (v) => (v.trim() ? null : texts.required),
        maxKmPerLitre: (v, values) => (!v.trim() ? texts.required : Number(v) > Number(values.minKmPerLitre || 0) ? null : 'El máximo debe ser mayor que el mínimo.'),
      }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(b, input) => update({ variables: { id: b.id, version: b.version, input } })}
      renderFields={(form, { readOnly, row }) => (
        <Stack gap="md">
          {row && row.vehicleType === '' ? (
            <Select label={t.vehicleType} disabled data={[{ value: '', label: t.general }]} value="" />
          ) : (
            <Select
              label={t.vehicleType}
              required
              searchable
              disabled={readOnly}
              data={[...new Set([...VEHICLE_TYPES, ...(form.values.vehicleType ? [form.values.vehicleType] : [])])]}
              {...form.getInputProps('vehicleType')}
              value={form.values.vehicleType || null}
              onChange={(value) => form.setFieldValue('vehicleType', value ?? '')}
              data-autofocus
            />
          )}
          <SimpleGrid cols={2}>
            <NumberField label={t.min} required precision={3} min={0} disabled={readOnly} {...form.getInputProps('minKmPerLitre')} />
            <NumberField label={t.max} required precision={3} min={0} disabled={readOnly} {...form.getInputProps('maxKmPerLitre')} />
          </SimpleGrid>
        </Stack>
      )}
    />
  );
}
