// Picks an active client by name or RFC, searching on the server. The chosen
// client stays listed even when the current search no longer returns it.
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { ClientDetailDocument, ClientOptionListDocument } from '../../../../generated/modules/sales/graphql';
import { texts } from '../texts';

export type ClientOption = { id: string; name: string; rfc: string; usoCfdi?: string; creditDays?: number; currency?: 'MXN' | 'USD' };

type Props = {
  value: string;
  onChange: (id: string, client: ClientOption | null) => void;
  /** The record's current client, shown before any search. */
  known?: ClientOption | null;
  label?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  w?: number | string;
  clearable?: boolean;
  placeholder?: string;
  'aria-label'?: string;
};

export function ClientSelect({ value, onChange, known = null, label, error, disabled, required, w, clearable, placeholder, ...rest }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<ClientOption | null>(null);
  const { data, loading } = useQuery(ClientOptionListDocument, { variables: { search: debounced || null }, skip: disabled, fetchPolicy: 'cache-first' });
  // A preselected client (e.g. `?clientId=` in the URL) may be outside the first page of options.
  const needsLookup = Boolean(value) && known?.id !== value && picked?.id !== value && !(data?.clientOptions ?? []).some((c) => c.id === value);
  const lookup = useQuery(ClientDetailDocument, { variables: { id: value }, skip: !needsLookup, fetchPolicy: 'cache-first' }).data?.client;
  const options = useMemo(() => {
    const all = new Map<string, ClientOption>();
    for (const c of [lookup, known, picked]) if (c) all.set(c.id, c);
    for (const c of data?.clientOptions ?? []) all.set(c.id, c);
    const shown = (data?.clientOptions ?? []).map((c) => c.id);
    if (value && all.has(value) && !shown.includes(value)) shown.unshift(value);
    return shown.map((id) => all.get(id) as ClientOption);
  }, [lookup, known, picked, data, value]);

  return (
    <Select
      {...rest}
      label={label}
      placeholder={placeholder ?? texts.common.clientPlaceholder}
      data={options.map((c) => ({ value: c.id, label: `${c.name} (${c.rfc})` }))}
      value={value || null}
      onChange={(id) => {
        const chosen = options.find((c) => c.id === id) ?? null;
        if (chosen) setPicked(chosen);
        onChange(id ?? '', chosen);
      }}
      searchable
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={loading ? '…' : texts.common.nothingFound}
      error={error}
      disabled={disabled}
      required={required}
      clearable={clearable}
      w={w}
    />
  );
}
