// Picks an Almacén article for a service's parts or an order's requisition,
// searched on the server through Mantenimiento's own query (a mechanic may
// not see Almacén's catalogue): the shared SearchSelect with this query and label.
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { MaintenancePartOptionsDocument } from '../../../generated/modules/maintenance/graphql';
import { SearchSelect } from '../../components/SearchSelect';

export type KnownPart = { id: string; sku: string; name: string };
export const partLabel = (a: KnownPart) => `${a.sku} · ${a.name}`;

const TEXTS = { placeholder: 'Busca por SKU o nombre', nothingFound: 'Ningún artículo coincide.', searching: 'Buscando…' } as const;
const NONE: readonly KnownPart[] = [];

export function PartSelect({ value, onChange, known = [], error, disabled, label }: { value: string; onChange: (id: string) => void; known?: KnownPart[]; error?: string; disabled?: boolean; label?: string }) {
  const [search, setSearch] = useState<string | null>(null);
  const { data, loading } = useQuery(MaintenancePartOptionsDocument, { variables: { search, limit: 20 }, skip: disabled, fetchPolicy: 'cache-first' });
  return (
    <SearchSelect<KnownPart>
      label={label}
      aria-label={label ?? 'Artículo'}
      value={value}
      onChange={(id) => onChange(id)}
      known={known.find((k) => k.id === value) ?? null}
      labelOf={partLabel}
      texts={TEXTS}
      results={data?.maintenancePartOptions ?? NONE}
      loading={loading}
      onSearch={setSearch}
      error={error}
      disabled={disabled}
      miw={260}
    />
  );
}
