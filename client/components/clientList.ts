// Search, sort and paging over rows already in memory, with the same ListState
// a server list uses. For small lists (document lines, a report already
// fetched, the showcase) so they can still use ListPage unchanged.
import { readGraphQLError } from './graphqlErrors';
import type { ListState } from './listParams';

export type ClientListOptions<T> = {
  /** Text the search box matches against (accent and case insensitive). */
  searchText: (row: T) => string;
  /** Value to sort a column by; defaults to the row property named by the column key. */
  sortValue?: (row: T, key: string) => string | number | null | undefined;
};

export type ClientListResult<T> = {
  /** The current page. */
  items: T[];
  /** Every row matching the search, sorted (what an export should contain). */
  matching: T[];
  total: number;
};

/** "Válvula" and "valvula" match: Spanish users rarely type accents in a search box. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function defaultSortValue(row: unknown, key: string): string | number | null {
  if (typeof row !== 'object' || row === null) return null;
  const value = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

const collator = new Intl.Collator('es-MX', { numeric: true, sensitivity: 'base' });

function compare(a: string | number | null | undefined, b: string | number | null | undefined): number {
  // Empty values go last whatever the direction.
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '' ? 0 : 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function queryClientRows<T>(
  rows: readonly T[],
  state: Pick<ListState, 'page' | 'pageSize' | 'search' | 'sortBy' | 'sortDirection'>,
  options: ClientListOptions<T>,
): ClientListResult<T> {
  const needle = foldText(state.search.trim());
  const found = needle === '' ? [...rows] : rows.filter((row) => foldText(options.searchText(row)).includes(needle));
  if (state.sortBy !== '') {
    const valueOf = options.sortValue ?? ((row: T, key: string) => defaultSortValue(row, key));
    const sign = state.sortDirection === 'DESC' ? -1 : 1;
    found.sort((left, right) => {
      const a = valueOf(left, state.sortBy);
      const b = valueOf(right, state.sortBy);
      const emptyA = a === null || a === undefined || a === '';
      const emptyB = b === null || b === undefined || b === '';
      if (emptyA || emptyB) return compare(a, b);
      return sign * compare(a, b);
    });
  }
  const start = (Math.max(1, state.page) - 1) * state.pageSize;
  return { items: found.slice(start, start + state.pageSize), matching: found, total: found.length };
}

/**
 * The `list` a CatalogPage takes for rows one query brought whole and queryClientRows paged: the
 * export gets every matching row, in the screen's order.
 */
export function clientRowsList<T>(
  query: { loading: boolean; data?: unknown; error?: unknown; refetch: () => Promise<unknown> },
  page: ClientListResult<T>,
) {
  return {
    rows: page.items,
    total: page.total,
    loading: query.loading && !query.data,
    error: readGraphQLError(query.error),
    fetchAll: async () => page.matching,
    refetch: () => query.refetch(),
  };
}
