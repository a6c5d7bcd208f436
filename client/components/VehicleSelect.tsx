// Picks a vehicle (número económico, plates, brand or model, searched on the
// server) for any module: maintenance orders, inspections, fuel loads. The
// value is the vehicle id; vehicles in baja are never offered and those en
// taller only when `includeInShop` (default). The chosen vehicle stays listed
// when a later search no longer returns it, and a preselected one shows
// through `known`.
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { VehicleOptionListDocument, type VehicleOptionListQuery } from '../../generated/graphql';

export type VehicleOption = VehicleOptionListQuery['vehicleOptions'][number];
/** What a record already knows of its vehicle (e.g. the vehicle of an order). */
export type KnownVehicle = Pick<VehicleOption, 'id' | 'economicNumber'> & Partial<VehicleOption>;

export const VEHICLE_SELECT_TEXTS = {
  placeholder: 'Busca por número económico, placas o modelo',
  nothingFound: 'Ningún vehículo coincide.',
  searching: 'Buscando…',
  inShop: 'en taller',
} as const;

const km = (n: number) => `${new Intl.NumberFormat('es-MX').format(n)} km`;

/** The label of a vehicle in the picker: "ECO-012 · Nissan NP300 · QAL-100-A · 45,210 km (en taller)". */
export const vehicleLabel = (v: KnownVehicle): string =>
  [v.economicNumber, v.brand || v.model ? `${v.brand ?? ''} ${v.model ?? ''}`.trim() : null, v.plate || null, v.odometerKm != null ? km(v.odometerKm) : null]
    .filter(Boolean)
    .join(' · ') + (v.status === 'en_taller' ? ` (${VEHICLE_SELECT_TEXTS.inShop})` : '');

/** The picker's entries: the search results, with the chosen vehicle first when the search left it out. */
export function vehicleSelectData(results: readonly VehicleOption[], value: string, remembered: readonly (KnownVehicle | null | undefined)[]): { value: string; label: string }[] {
  const shown: KnownVehicle[] = [...results];
  if (value && !results.some((v) => v.id === value)) {
    const chosen = remembered.find((v) => v?.id === value);
    if (chosen) shown.unshift(chosen);
  }
  return shown.map((v) => ({ value: v.id, label: vehicleLabel(v) }));
}

type Props = {
  value: string;
  onChange: (id: string, vehicle: KnownVehicle | null) => void;
  known?: KnownVehicle | null;
  /** Offer vehicles en taller too (default); false leaves only activos. */
  includeInShop?: boolean;
  label?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  clearable?: boolean;
  placeholder?: string;
  /** Results per search (the server allows up to 50). */
  limit?: number;
  w?: number | string;
  'aria-label'?: string;
};

export function VehicleSelect({ value, onChange, known = null, includeInShop = true, label, description, error, disabled, required, clearable, placeholder, limit = 20, w, ...rest }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<KnownVehicle | null>(null);
  const { data, loading } = useQuery(VehicleOptionListDocument, { variables: { search: debounced || null, limit, includeInShop }, skip: disabled, fetchPolicy: 'cache-first' });
  const results = useMemo(() => data?.vehicleOptions ?? [], [data]);
  const options = useMemo(() => vehicleSelectData(results, value, [picked, known]), [results, value, picked, known]);

  return (
    <Select
      {...rest}
      label={label}
      description={description}
      placeholder={placeholder ?? VEHICLE_SELECT_TEXTS.placeholder}
      data={options}
      value={value || null}
      onChange={(id) => {
        const chosen = results.find((v) => v.id === id) ?? [picked, known].find((v) => v?.id === id) ?? null;
        if (chosen) setPicked(chosen);
        onChange(id ?? '', chosen);
      }}
      searchable
      onSearchChange={setSearch}
      // The server already filtered; Mantine must not filter the labels again.
      filter={({ options: o }) => o}
      nothingFoundMessage={loading ? VEHICLE_SELECT_TEXTS.searching : VEHICLE_SELECT_TEXTS.nothingFound}
      error={error}
      disabled={disabled}
      required={required}
      clearable={clearable}
      w={w}
    />
  );
}
