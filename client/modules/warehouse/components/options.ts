// Select options shared by the Almacén screens: warehouses, lines, concepts
// and units, loaded once per screen (active records first; an inactive one
// still shows when a document already uses it).
import { useQuery } from '@apollo/client/react';
import {
  ProductLineListDocument,
  StockConceptListDocument,
  UnitsOfMeasureDocument,
  WarehouseListDocument,
  type StockConceptFieldsFragment,
} from '../../../../generated/modules/warehouse/graphql';

export type Option = { value: string; label: string; disabled?: boolean };

const ALL = { page: 1, pageSize: 200 };

export function useWarehouseOptions(opts: { skip?: boolean } = {}) {
  const q = useQuery(WarehouseListDocument, { variables: { list: { ...ALL, sortBy: 'code' } }, skip: opts.skip, fetchPolicy: 'cache-and-network' });
  const items = q.data?.warehouses.items ?? [];
  const options: Option[] = items.map((w) => ({ value: w.id, label: `${w.code} · ${w.name}${w.active ? '' : ' (inactivo)'}`, disabled: !w.active }));
  return { options, items, loading: q.loading };
}

export function useLineOptions() {
  const q = useQuery(ProductLineListDocument, { variables: { list: { ...ALL, sortBy: 'name' } }, fetchPolicy: 'cache-and-network' });
  const items = q.data?.productLines.items ?? [];
  const options: Option[] = items.map((l) => ({ value: l.id, label: `${l.name} (${l.code})${l.active ? '' : ' · inactiva'}`, disabled: !l.active }));
  return { options, items };
}

export function useConceptOptions() {
  const q = useQuery(StockConceptListDocument, { variables: { list: { ...ALL, sortBy: 'kind' } }, fetchPolicy: 'cache-and-network' });
  const items: StockConceptFieldsFragment[] = q.data?.stockConcepts.items ?? [];
  return { items, loading: q.loading };
}

export function useUnits() {
  const q = useQuery(UnitsOfMeasureDocument, { fetchPolicy: 'cache-first' });
  const units = q.data?.unitsOfMeasure ?? [];
  return { units, options: units.map((u) => ({ value: u.code, label: `${u.name} (${u.code})` })) };
}
