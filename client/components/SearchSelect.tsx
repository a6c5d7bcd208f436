// The one server-searched picker every module's "point at a record" field
// uses (employees, vehicles…): the user types, the server filters (debounced),
// the value is the record id. The chosen record stays listed when a later
// search no longer returns it, a preselected one shows through `known`, and
// the chosen record's label, which Mantine puts in the box, is not sent as a
// search. Each picker supplies its query hook, its label and its texts.
import { useEffect, useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

export const SEARCH_DEBOUNCE_MS = 250;

export type SearchSelectTexts = { placeholder: string; nothingFound: string; searching: string };

/** The picker's entries: the search results, with the chosen record first when the search left it out. */
export function searchSelectData<T extends { id: string }>(
  results: readonly T[],
  value: string,
  remembered: readonly (T | null | undefined)[],
  labelOf: (item: T) => string,
): { value: string; label: string }[] {
  const shown: T[] = [...results];
  if (value && !results.some((r) => r.id === value)) {
    const chosen = remembered.find((r) => r?.id === value);
    if (chosen) shown.unshift(chosen);
  }
  return shown.map((r) => ({ value: r.id, label: labelOf(r) }));
}

export type SearchSelectFieldProps = {
  label?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  clearable?: boolean;
  placeholder?: string;
  w?: number | string;
  miw?: number | string;
  'aria-label'?: string;
};

type Props<T extends { id: string }> = SearchSelectFieldProps & {
  value: string;
  onChange: (id: string, item: T | null) => void;
  known?: T | null;
  labelOf: (item: T) => string;
  texts: SearchSelectTexts;
  /** What the server returned for the last search, and whether a search is running. */
  results: readonly T[];
  loading: boolean;
  /** The (debounced) term to search for; `null` asks for the first page. */
  onSearch: (term: string | null) => void;
};

export function SearchSelect<T extends { id: string }>({ value, onChange, known = null, labelOf, texts, results, loading, onSearch, placeholder, disabled, ...field }: Props<T>) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const chosen = [picked, known].find((r) => r?.id === value);
  const term = chosen && search.trim() === labelOf(chosen) ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  useEffect(() => onSearch(debounced || null), [debounced, onSearch]);
  const options = useMemo(() => searchSelectData(results, value, [picked, known], labelOf), [results, value, picked, known, labelOf]);

  return (
    <Select
      {...field}
      disabled={disabled}
      placeholder={placeholder ?? texts.placeholder}
      data={options}
      value={value || null}
      onChange={(id) => {
        const item = results.find((r) => r.id === id) ?? [picked, known].find((r) => r?.id === id) ?? null;
        if (item) setPicked(item);
        onChange(id ?? '', item);
      }}
      searchable
      onSearchChange={setSearch}
      // The server already filtered; Mantine must not filter the labels again.
      filter={({ options: o }) => o}
      nothingFoundMessage={loading ? texts.searching : texts.nothingFound}
    />
  );
}
