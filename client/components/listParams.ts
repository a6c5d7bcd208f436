// List state (page, size, search, sort, filters) lives in the URL query string
// so a reload or a shared link shows the same list. Values equal to their
// default are left out of the URL to keep links short, and any other query
// parameter (an open record's `?id=`, say) is preserved untouched.
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../schema/lists';

export { MAX_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../schema/lists';

export type SortDirection = 'ASC' | 'DESC';

export type ListDefaults = {
  pageSize?: number;
  sortBy?: string;
  sortDirection?: SortDirection;
  /** Every filter the list uses, with its default value ('' = no filter). Only these are read from the URL. */
  filters?: Record<string, string>;
};

export type ListState = {
  page: number;
  pageSize: number;
  search: string;
  sortBy: string;
  sortDirection: SortDirection;
  filters: Record<string, string>;
};

export type ListParams = ListState & {
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSearch: (search: string) => void;
  setSort: (sortBy: string, sortDirection?: SortDirection) => void;
  /** Same column flips the direction; another column sorts ascending. */
  toggleSort: (sortBy: string) => void;
  setFilter: (name: string, value: string) => void;
  setFilters: (values: Record<string, string>) => void;
  reset: () => void;
};

/** The `ListInput` argument every list query of the schema takes. */
export type ListInput = {
  page: number;
  pageSize: number;
  search?: string;
  sortBy?: string;
  sortDirection: SortDirection;
};

const KEYS = {
  page: 'page',
  pageSize: 'pageSize',
  search: 'search',
  sortBy: 'sortBy',
  sortDirection: 'sortDirection',
} as const;

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

function clampPageSize(pageSize: number): number {
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize)));
}

function resolvedDefaults(defaults: ListDefaults): ListState {
  return {
    page: 1,
    pageSize: clampPageSize(defaults.pageSize ?? DEFAULT_PAGE_SIZE),
    search: '',
    sortBy: defaults.sortBy ?? '',
    sortDirection: defaults.sortDirection ?? 'ASC',
    filters: { ...(defaults.filters ?? {}) },
  };
}

/** Reads the list state from a query string; bad or missing values fall back to the defaults. */
export function readListState(params: URLSearchParams, defaults: ListDefaults = {}): ListState {
  const base = resolvedDefaults(defaults);
  const direction = params.get(KEYS.sortDirection);
  const filters: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(base.filters)) {
    filters[name] = params.get(name) ?? fallback;
  }
  const pageSize = positiveInt(params.get(KEYS.pageSize));
  return {
    page: positiveInt(params.get(KEYS.page)) ?? 1,
    pageSize: pageSize === null ? base.pageSize : clampPageSize(pageSize),
    search: params.get(KEYS.search) ?? '',
    sortBy: params.get(KEYS.sortBy) ?? base.sortBy,
    sortDirection: direction === 'ASC' || direction === 'DESC' ? direction : base.sortDirection,
    filters,
  };
}

/** Writes `state` over `previous`, leaving defaults out and foreign parameters in place. */
export function writeListState(
  previous: URLSearchParams,
  state: ListState,
  defaults: ListDefaults = {},
): URLSearchParams {
  const base = resolvedDefaults(defaults);
  const next = new URLSearchParams(previous);
  const put = (key: string, value: string, fallback: string) => {
    if (value === fallback || value === '') next.delete(key);
    else next.set(key, value);
  };
  put(KEYS.page, String(state.page), '1');
  put(KEYS.pageSize, String(state.pageSize), String(base.pageSize));
  put(KEYS.search, state.search, '');
  put(KEYS.sortBy, state.sortBy, base.sortBy);
  put(KEYS.sortDirection, state.sortDirection, base.sortDirection);
  for (const [name, fallback] of Object.entries(base.filters)) {
    const value = state.filters[name] ?? fallback;
    // An empty value that differs from a non-empty default must survive the round trip.
    if (value === fallback) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export function useListParams(defaults: ListDefaults = {}): ListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  // Callers usually pass an object literal; keying on its JSON keeps the
  // state and the setters stable across renders.
  const defaultsKey = JSON.stringify(defaults);
  const stableDefaults = useMemo(() => JSON.parse(defaultsKey) as ListDefaults, [defaultsKey]);

  const state = useMemo(() => readListState(searchParams, stableDefaults), [searchParams, stableDefaults]);

  // A write that arrives after the list left the screen (a debounced search, a
  // late page clamp) would land on the next screen's URL: drop it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The URL as last rendered (or as this hook last wrote it), and the router's latest setter: a
  // setter called late (the debounced search firing after the user already picked a filter or a
  // grouping) must build on the current URL, not on the one its closure saw, or it would undo the
  // newer change. react-router's functional form hands over the params of the render that created
  // the setter, so it cannot be relied on for that. `latest` follows the router only when the
  // router hands over a new URL: a render in between (a dropdown closing right after a pick) still
  // sees the router's previous URL, and taking that one would drop this hook's newer write.
  const latest = useRef(searchParams);
  const fromRouter = useRef(searchParams);
  if (fromRouter.current !== searchParams) {
    fromRouter.current = searchParams;
    latest.current = searchParams;
  }
  const setLatest = useRef(setSearchParams);
  setLatest.current = setSearchParams;

  const setters = useMemo(() => {
    const update = (change: (current: ListState) => ListState, replace = false) => {
      if (!mounted.current) return;
      const next = writeListState(latest.current, change(readListState(latest.current, stableDefaults)), stableDefaults);
      latest.current = next;
      setLatest.current(next, { replace });
    };
    return {
      setPage: (page: number) => update((s) => ({ ...s, page: Math.max(1, Math.trunc(page)) })),
      setPageSize: (pageSize: number) => update((s) => ({ ...s, pageSize: clampPageSize(pageSize), page: 1 })),
      // Typing replaces the history entry instead of adding one per keystroke.
      setSearch: (search: string) => update((s) => ({ ...s, search, page: 1 }), true),
      setSort: (sortBy: string, sortDirection: SortDirection = 'ASC') =>
        update((s) => ({ ...s, sortBy, sortDirection, page: 1 })),
      toggleSort: (sortBy: string) =>
        update((s) => ({
          ...s,
          sortBy,
          sortDirection: s.sortBy === sortBy && s.sortDirection === 'ASC' ? 'DESC' : 'ASC',
          page: 1,
        })),
      setFilter: (name: string, value: string) =>
        update((s) => ({ ...s, filters: { ...s.filters, [name]: value }, page: 1 })),
      setFilters: (values: Record<string, string>) =>
        update((s) => ({ ...s, filters: { ...s.filters, ...values }, page: 1 })),
      reset: () => update(() => resolvedDefaults(stableDefaults)),
    };
  }, [stableDefaults]);

  return useMemo(() => ({ ...state, ...setters }), [state, setters]);
}

/** The GraphQL `ListInput` for the current state (page size capped at 200, empty text omitted). */
export function toListInput(params: Pick<ListState, 'page' | 'pageSize' | 'search' | 'sortBy' | 'sortDirection'>): ListInput {
  const input: ListInput = {
    page: Math.max(1, Math.trunc(params.page)),
    pageSize: clampPageSize(params.pageSize),
    sortDirection: params.sortDirection,
  };
  const search = params.search.trim();
  if (search !== '') input.search = search;
  if (params.sortBy !== '') input.sortBy = params.sortBy;
  return input;
}
