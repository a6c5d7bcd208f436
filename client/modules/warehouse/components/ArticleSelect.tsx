// Picks an article by SKU, name or barcode, searching on the server (the
// catalogue has thousands of rows). The chosen article stays listed even when
// the current search no longer returns it.
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { ArticleOptionsDocument, type ArticleOptionFieldsFragment } from '../../../../generated/modules/warehouse/graphql';
import { texts } from '../texts';

export type ArticleOption = ArticleOptionFieldsFragment;

export const articleLabel = (a: Pick<ArticleOption, 'sku' | 'name'>) => `${a.sku} · ${a.name}`;

type Props = {
  value: string;
  onChange: (id: string) => void;
  /** Options already known (the document's own lines), so their labels show at once. */
  known?: ArticleOption[];
  label?: string;
  error?: string;
  disabled?: boolean;
  'aria-label'?: string;
};

export function ArticleSelect({ value, onChange, known = [], label, error, disabled, ...rest }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<Map<string, ArticleOption>>(new Map());
  const { data, loading } = useQuery(ArticleOptionsDocument, {
    variables: { search: debounced || null, limit: 20 },
    skip: disabled,
    fetchPolicy: 'cache-first',
  });
  const results = data?.articleOptions;
  const options = useMemo(() => {
    const all = new Map<string, ArticleOption>();
    for (const a of known) all.set(a.id, a);
    for (const a of picked.values()) all.set(a.id, a);
    for (const a of results ?? []) all.set(a.id, a);
    const shown = (results ?? []).map((a) => a.id);
    if (value && all.has(value) && !shown.includes(value)) shown.unshift(value);
    return shown.map((id) => all.get(id) as ArticleOption);
  }, [known, picked, results, value]);

  return (
    <Select
      {...rest}
      label={label}
      placeholder={texts.common.searchArticle}
      data={options.map((a) => ({ value: a.id, label: articleLabel(a) }))}
      value={value || null}
      onChange={(id) => {
        const chosen = options.find((a) => a.id === id);
        if (chosen) setPicked((prev) => new Map(prev).set(chosen.id, chosen));
        onChange(id ?? '');
      }}
      searchable
      onSearchChange={setSearch}
      // The server already filtered: show what it returned.
      filter={({ options: all }) => all}
      nothingFoundMessage={loading ? '…' : texts.common.nothingFound}
      error={error}
      disabled={disabled}
      clearable={!disabled}
      comboboxProps={{ withinPortal: true }}
      miw={260}
    />
  );
}
