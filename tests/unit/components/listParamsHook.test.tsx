// @vitest-environment jsdom
// useListParams writes the list state to the URL, and never to the URL of the
// screen opened next: a write that arrives after the list left (a debounced
// search still pending when a row was opened) is dropped.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useListParams, type ListParams } from '../../../client/components/listParams';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

let captured: ListParams | null = null;
let rerender: () => void = () => undefined;
function List() {
  const [, setTick] = useState(0);
  rerender = () => setTick((t) => t + 1);
  captured = useListParams({ filters: { status: '' } });
  return createElement('p', null, 'lista');
}

function mount() {
  const router = createMemoryRouter(
    [
      { path: '/list', element: createElement(List) },
      { path: '/other', element: createElement('p', null, 'otra') },
    ],
    { initialEntries: ['/list'] },
  );
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(createElement(RouterProvider, { router })));
  return router;
}

describe('useListParams', () => {
  it('writes search and filters to the list URL', () => {
    const router = mount();
    act(() => captured!.setSearch('acme'));
    act(() => captured!.setFilter('status', 'pendiente'));
    expect(router.state.location.pathname).toBe('/list');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('acme');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('pendiente');
  });

  it('drops a write that arrives after the list left the screen', async () => {
    const router = mount();
    const stale = captured!;
    await act(async () => {
      await router.navigate('/other');
    });
    act(() => stale.setSearch('tarde'));
    act(() => stale.setPage(3));
    expect(router.state.location.pathname).toBe('/other');
    expect(router.state.location.search).toBe('');
  });

  it('a setter kept from an earlier render (a debounced search) builds on the current URL, not on the one it saw', () => {
    const router = mount();
    const early = captured!;
    act(() => captured!.setFilter('status', 'pendiente'));
    act(() => early.setSearch('acme'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('pendiente');
    expect(params.get('search')).toBe('acme');
  });

  it('a render between a write and the router taking it does not undo the write', async () => {
    // The grouping picked in a dropdown re-renders the list (the dropdown closes) before the router has
    // applied the new URL; the debounced search that fires next must still build on the grouping.
    const router = mount();
    await act(async () => {
      captured!.setFilter('status', 'pendiente');
      flushSync(() => rerender());
      captured!.setSearch('acme');
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('search')).toBe('acme');
    expect(params.get('status')).toBe('pendiente');
  });

  it('two writes in the same tick both land', () => {
    const router = mount();
    act(() => {
      captured!.setFilter('status', 'pendiente');
      captured!.setSearch('acme');
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('pendiente');
    expect(params.get('search')).toBe('acme');
  });
});
