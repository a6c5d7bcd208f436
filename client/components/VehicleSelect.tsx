// Picks a vehicle (número económico, plates, brand or model, searched on the
// server) for any module: maintenance orders, inspections, fuel loads. The
// value is the vehicle id; vehicles in baja are never offered and those en
// taller only when `includeInShop` (default). The chosen vehicle stays listed
// when a later search no longer returns it, and a preselected one shows
// through `known`.
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { VehicleOptionListDocument, type VehicleOptionListQuery } from '../../generated/components/graphql';
import { SearchSelect, searchSelectData, type SearchSelectFieldProps } from './SearchSelect';

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
export const vehicleSelectData = (results: readonly VehicleOption[], value: string, remembered: readonly (KnownVehicle | null | undefined)[]) =>
  searchSelectData<KnownVehicle>(results, value, remembered, vehicleLabel);

const NONE: readonly VehicleOption[] = [];

type Props = SearchSelectFieldProps & {
  value: string;
  onChange: (id: string, vehicle: KnownVehicle | null) => void;
  known?: KnownVehicle | null;
  /** Offer vehicles en taller too (default); false leaves only activos. */
  includeInShop?: boolean;
  /** Results per search (the server allows up to 50). */
  limit?: number;
};

export function VehicleSelect({ includeInShop = true, limit = 20, ...props }: Props) {
  const [search, setSearch] = useState<string | null>(null);
  const { data, loading } = useQuery(VehicleOptionListDocument, { variables: { search, limit, includeInShop }, skip: props.disabled, fetchPolicy: 'cache-first' });
  return (
    <SearchSelect<KnownVehicle>
      {...props}
      labelOf={vehicleLabel}
      texts={VEHICLE_SELECT_TEXTS}
      results={data?.vehicleOptions ?? NONE}
      loading={loading}
      onSearch={setSearch}
    />
  );
}
