// Picks an active employee (number or name, searched on the server) for any
// module: drivers, mechanics, inspectors, requesters. The value is the
// employee id; the chosen employee stays listed when a later search no
// longer returns it, and a preselected one shows through `known`.
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { RhEmployeeOptionListDocument, type RhEmployeeOptionListQuery } from '../../generated/graphql';

export type EmployeeOption = RhEmployeeOptionListQuery['rhEmployeeOptions'][number];
/** What a record already knows of its employee (e.g. the driver of a vehicle). */
export type KnownEmployee = Pick<EmployeeOption, 'id' | 'fullName'> & Partial<EmployeeOption>;

export const EMPLOYEE_SELECT_TEXTS = {
  placeholder: 'Busca por número o nombre',
  nothingFound: 'Ningún empleado activo coincide.',
  searching: 'Buscando…',
} as const;

/** The label of an employee in the picker: "E-0012 · López Pérez Ana (Técnico)". */
export const employeeLabel = (e: KnownEmployee): string =>
  `${e.number ? `${e.number} · ` : ''}${e.fullName}${e.positionName ? ` (${e.positionName})` : ''}`;

/** The picker's entries: the search results, with the chosen employee first when the search left it out. */
export function employeeSelectData(results: readonly EmployeeOption[], value: string, remembered: readonly (KnownEmployee | null | undefined)[]): { value: string; label: string }[] {
  const shown: KnownEmployee[] = [...results];
  if (value && !results.some((e) => e.id === value)) {
    const chosen = remembered.find((e) => e?.id === value);
    if (chosen) shown.unshift(chosen);
  }
  return shown.map((e) => ({ value: e.id, label: employeeLabel(e) }));
}

type Props = {
  value: string;
  onChange: (id: string, employee: KnownEmployee | null) => void;
  known?: KnownEmployee | null;
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

export function EmployeeSelect({ value, onChange, known = null, label, description, error, disabled, required, clearable, placeholder, limit = 20, w, ...rest }: Props) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<KnownEmployee | null>(null);
  // Mantine puts the chosen employee's label in the search box: that is no search.
  const chosenLabel = [picked, known].find((e) => e?.id === value);
  const term = chosenLabel && search.trim() === employeeLabel(chosenLabel) ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, 250);
  const { data, loading } = useQuery(RhEmployeeOptionListDocument, { variables: { search: debounced || null, limit }, skip: disabled, fetchPolicy: 'cache-first' });
  const results = useMemo(() => data?.rhEmployeeOptions ?? [], [data]);
  const options = useMemo(() => employeeSelectData(results, value, [picked, known]), [results, value, picked, known]);

  return (
    <Select
      {...rest}
      label={label}
      description={description}
      placeholder={placeholder ?? EMPLOYEE_SELECT_TEXTS.placeholder}
      data={options}
      value={value || null}
      onChange={(id) => {
        const chosen = results.find((e) => e.id === id) ?? [picked, known].find((e) => e?.id === id) ?? null;
        if (chosen) setPicked(chosen);
        onChange(id ?? '', chosen);
      }}
      searchable
      onSearchChange={setSearch}
      // The server already filtered; Mantine must not filter the labels again.
      filter={({ options: o }) => o}
      nothingFoundMessage={loading ? EMPLOYEE_SELECT_TEXTS.searching : EMPLOYEE_SELECT_TEXTS.nothingFound}
      error={error}
      disabled={disabled}
      required={required}
      clearable={clearable}
      w={w}
    />
  );
}
