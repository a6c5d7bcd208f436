// @vitest-environment jsdom
// useRowSelection: ticking rows and the page, "all matching", keeping only the
// failed rows after an action, and dropping the selection (with a notice)
// when the search or filters change which records it stands for.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useRowSelection, type RowSelection } from '../../../client/components/useRowSelection';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

type Row = { id: string; name: string };
const row = (n: number): Row => ({ id: String(n), name: `Registro ${n}` });
const PAGE_1 = [row(1), row(2), row(3)];
const PAGE_2 = [row(4), row(5)];

let root: Root | null = null;
let selection: RowSelection<Row>;
let props = { rows: PAGE_1, scope: 'a' };

function Probe({ rows, scope }: { rows: Row[]; scope: string }) {
  selection = useRowSelection({ rows, rowKey: (r) => r.id, scope });
  return null;
}

function mount() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(createElement(Probe, props)));
}

function rerender(next: Partial<typeof props>) {
  props = { ...props, ...next };
  act(() => root!.render(createElement(Probe, props)));
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  props = { rows: PAGE_1, scope: 'a' };
  document.body.innerHTML = '';
});

describe('useRowSelection', () => {
  it('ticks and unticks single rows; the page checkbox reads none / some / all', () => {
    mount();
    expect(selection.pageState).toBe('none');
    act(() => selection.toggle(PAGE_1[1]));
    expect(selection.ids).toEqual(['2']);
    expect(selection.pageState).toBe('some');
    expect(selection.isSelected(PAGE_1[1])).toBe(true);
    act(() => selection.toggle(PAGE_1[1]));
    expect(selection.count).toBe(0);
    expect(selection.pageState).toBe('none');
  });

  it('selects the whole page, keeps it across pages, and unticks only the page on screen', () => {
    mount();
    act(() => selection.togglePage());
    expect(selection.ids).toEqual(['1', '2', '3']);
    expect(selection.pageState).toBe('all');
    rerender({ rows: PAGE_2 });
    expect(selection.pageState).toBe('none');
    act(() => selection.togglePage());
    expect(selection.count).toBe(5);
    act(() => selection.togglePage());
    expect(selection.ids).toEqual(['1', '2', '3']);
    // Rows keep their data for the export and the failures table.
    expect(selection.rows.map((r) => r.name)).toEqual(['Registro 1', 'Registro 2', 'Registro 3']);
  });

  it('"all matching" replaces the selection with every loaded row until one is unticked', () => {
    mount();
    act(() => selection.togglePage());
    act(() => selection.selectAllMatching([...PAGE_1, ...PAGE_2]));
    expect(selection.allMatching).toBe(true);
    expect(selection.count).toBe(5);
    act(() => selection.toggle(PAGE_1[0]));
    expect(selection.allMatching).toBe(false);
    expect(selection.count).toBe(4);
  });

  it('keeps only the rows an action could not apply to', () => {
    mount();
    act(() => selection.togglePage());
    act(() => selection.keepOnly(['3', '99']));
    expect(selection.ids).toEqual(['3']);
  });

  it('a new search or filter drops the selection and says so; clearing by hand does not', () => {
    mount();
    act(() => selection.toggle(PAGE_1[0]));
    rerender({ scope: 'b' });
    expect(selection.count).toBe(0);
    expect(selection.clearedByFilters).toBe(true);
    // Ticking again hides the notice.
    act(() => selection.toggle(PAGE_1[0]));
    expect(selection.clearedByFilters).toBe(false);
    act(() => selection.clear());
    expect(selection.count).toBe(0);
    expect(selection.clearedByFilters).toBe(false);
    // Nothing was selected: a filter change has nothing to announce.
    rerender({ scope: 'c' });
    expect(selection.clearedByFilters).toBe(false);
  });
});
