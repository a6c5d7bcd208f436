// Picks an active employee by number or name, searching on the server
// (rhEmployeeOptions). The chosen one stays listed when the search moves on.
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { RhAgreementEmployeeOptionsDocument } from '../../../../generated/graphql';
import { texts } from './texts';

export type EmployeeOption = { id: string; number: string; fullName: string };

type Props = {
  value: string;
  onChange: (id: string) => void;
  /** The record's employee, shown before any search (it may be on baja now). */
  known?: EmployeeOption | null;
  label?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
};

export function EmployeeSelect({ value, onChange, known = null, label, error, disabled, required }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<EmployeeOption | null>(null);
  const { data, loading } = useQuery(RhAgreementEmployeeOptionsDocument, { variables: { search: debounced || null }, skip: disabled, fetchPolicy: 'cache-first' });
  const options = useMemo(() => {
    const all = new Map<string, EmployeeOption>();
    for (const e of [known, picked]) if (e) all.set(e.id, e);
    for (const e of data?.rhEmployeeOptions ?? []) all.set(e.id, e);
    const shown = (data?.rhEmployeeOptions ?? []).map((e) => e.id);
    if (value && all.has(value) && !shown.includes(value)) shown.unshift(value);
    return shown.map((id) => all.get(id) as EmployeeOption);
  }, [known, picked, data, value]);

  return (
    <Select
      label={label}
      placeholder={texts.employeePlaceholder}
      data={options.map((e) => ({ value: e.id, label: `${e.number} · ${e.fullName}` }))}
      value={value || null}
      onChange={(id) => {
        const chosen = options.find((e) => e.id === id) ?? null;
        if (chosen) setPicked(chosen);
        onChange(id ?? '');
      }}
      searchable
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={loading ? '…' : texts.nothingFound}
      error={error}
      disabled={disabled}
      required={required}
    />
  );
}
