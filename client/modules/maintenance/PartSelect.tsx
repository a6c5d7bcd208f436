// Picks an Almacén article for a service's parts or an order's requisition,
// searched on the server through Mantenimiento's own query (a mechanic may
// not see Almacén's catalogue). The chosen article stays listed when a later
// search no longer returns it.
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { MaintenancePartOptionsDocument } from '../../../generated/graphql';

export type KnownPart = { id: string; sku: string; name: string };
export const partLabel = (a: KnownPart) => `${a.sku} · ${a.name}`;

export function PartSelect({ value, onChange, known = [], error, disabled, label }: { value: string; onChange: (id: string) => void; known?: KnownPart[]; error?: string; disabled?: boolean; label?: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<KnownPart | null>(null);
  const { data, loading } = useQuery(MaintenancePartOptionsDocument, { variables: { search: debounced || null, limit: 20 }, skip: disabled, fetchPolicy: 'cache-first' });
  const options = useMemo(() => {
    const results = data?.maintenancePartOptions ?? [];
    const all: KnownPart[] = [...results];
    const chosen = [picked, ...known].find((k) => k?.id === value);
    if (value && chosen && !results.some((r) => r.id === value)) all.unshift(chosen);
    return all;
  }, [data, known, picked, value]);
  return (
    <Select
      label={label}
      aria-label={label ?? 'Artículo'}
      placeholder="Busca por SKU o nombre"
      data={options.map((a) => ({ value: a.id, label: partLabel(a) }))}
      value={value || null}
      onChange={(id) => {
        const chosen = options.find((a) => a.id === id);
        if (chosen) setPicked(chosen);
        onChange(id ?? '');
      }}
      searchable
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={loading ? 'Buscando…' : 'Ningún artículo coincide.'}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      miw={260}
    />
  );
}
