// Which list rows are ticked for a bulk action. Rows are remembered by key
// with their data (export and the failures table need them), so moving to
// another page or sorting keeps the selection. A new search or filter
// changes which records the selection stands for: it is then dropped and
// `clearedByFilters` tells the bar to say so.
import { useState } from 'react';

export type PageSelectionState = 'none' | 'some' | 'all';

export type RowSelection<T> = {
  /** Ticked rows, in the order they were ticked. */
  rows: T[];
  ids: string[];
  count: number;
  /** Every row matching the filters was selected through "Seleccionar las N que coinciden". */
  allMatching: boolean;
  /** The last search/filter change dropped a selection. */
  clearedByFilters: boolean;
  /** The header checkbox of the current page. */
  pageState: PageSelectionState;
  isSelected: (row: T) => boolean;
  toggle: (row: T) => void;
  /** Ticks every row of the page, or unticks them when all already are. */
  togglePage: () => void;
  /** Replaces the selection with every matching row (loaded by the caller). */
  selectAllMatching: (rows: T[]) => void;
  /** Leaves only these keys selected (e.g. the rows an action could not apply to). */
  keepOnly: (ids: readonly string[]) => void;
  clear: () => void;
};

type State<T> = { scope: string; selected: Map<string, T>; allMatching: boolean; clearedByFilters: boolean };

const EMPTY = new Map<never, never>();

/**
 * `rows` is the page on screen; `scope` is any text that changes when the
 * search or the filters do (the list's own key of "which records").
 */
export function useRowSelection<T>({ rows, rowKey, scope }: { rows: readonly T[]; rowKey: (row: T) => string | number; scope: string }): RowSelection<T> {
  const [state, setState] = useState<State<T>>({ scope, selected: EMPTY, allMatching: false, clearedByFilters: false });
  const keyOf = (row: T) => String(rowKey(row));

  // Adjusting state during render (not in an effect) so the stale selection never shows for a frame.
  let current = state;
  if (state.scope !== scope) {
    current = { scope, selected: EMPTY, allMatching: false, clearedByFilters: state.selected.size > 0 };
    setState(current);
  }

  const update = (change: (selected: Map<string, T>) => Map<string, T>, allMatching = false) =>
    setState((s) => ({ ...s, selected: change(s.selected), allMatching, clearedByFilters: false }));

  const onPage = rows.filter((row) => current.selected.has(keyOf(row))).length;
  const pageState: PageSelectionState = rows.length === 0 || onPage === 0 ? 'none' : onPage === rows.length ? 'all' : 'some';

  return {
    rows: [...current.selected.values()],
    ids: [...current.selected.keys()],
    count: current.selected.size,
    allMatching: current.allMatching,
    clearedByFilters: current.clearedByFilters,
    pageState,
    isSelected: (row) => current.selected.has(keyOf(row)),
    toggle: (row) =>
      update((selected) => {
        const next = new Map(selected);
        const key = keyOf(row);
        if (next.has(key)) next.delete(key);
        else next.set(key, row);
        return next;
      }),
    togglePage: () =>
      update((selected) => {
        const next = new Map(selected);
        const all = rows.length > 0 && rows.every((row) => next.has(keyOf(row)));
        for (const row of rows) {
          if (all) next.delete(keyOf(row));
          else next.set(keyOf(row), row);
        }
        return next;
      }),
    selectAllMatching: (all) => update(() => new Map(all.map((row) => [keyOf(row), row])), true),
    keepOnly: (ids) => {
      const keep = new Set(ids);
      update((selected) => new Map([...selected].filter(([key]) => keep.has(key))));
    },
    clear: () => update(() => EMPTY),
  };
}
