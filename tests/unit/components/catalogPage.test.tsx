// @vitest-environment jsdom
// The shared catalogue page: the dialog opened through the URL (`?edit=new`,
// `?edit=N`), "Nuevo …" only with `crear`, a read-only record without
// `editar`, create and update (with the row's version) through the screen's
// callbacks, the success notice, the list refreshed, and a server field
// error shown under its input.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider, Stack, TextInput } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { CatalogPage, type CatalogAccess, type CatalogListData } from '../../../client/components/CatalogPage';
import type { AppError } from '../../../client/components/graphqlErrors';
import { useListParams } from '../../../client/components/listParams';
import { installMantineDom } from '../mantineDom';

beforeAll(() => {
  installMantineDom();
  Element.prototype.scrollIntoView ??= () => undefined;
});

type Row = { id: string; version: number; name: string; active: boolean };
type Values = { name: string };

const ROWS: Row[] = [
  { id: '1', version: 3, name: 'Ventas', active: true },
  { id: '2', version: 1, name: 'Logística', active: false },
];

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

type Callbacks = { onCreate: (values: Values) => Promise<unknown>; onUpdate: (row: Row, values: Values) => Promise<unknown>; refetch: () => Promise<unknown> };

async function renderCatalog(url: string, access: CatalogAccess, callbacks: Callbacks, over: Partial<CatalogListData<Row>> = {}): Promise<ReturnType<typeof createBrowserRouter>> {
  function Screen() {
    const params = useListParams({ sortBy: 'name', filters: { active: '' } });
    const list: CatalogListData<Row> = { rows: ROWS, total: ROWS.length, loading: false, error: null, fetchAll: async () => ROWS, refetch: callbacks.refetch, ...over };
    return createElement(CatalogPage<Row, Values>, {
      description: 'Las áreas de la empresa.',
      columns: [{ key: 'name', header: 'Nombre', sortable: true }],
      params,
      list,
      access,
      texts: { newButton: 'Nueva área', newTitle: 'Nueva área', editTitle: (r) => `Área: ${r.name}`, created: 'Área registrada.', saved: 'Cambios guardados.', notFound: 'El registro no existe.', searchPlaceholder: 'Buscar área' },
      fields: ['name'],
      initialValues: (row) => ({ name: row?.name ?? '' }),
      validate: { name: (v) => (v.trim() ? null : 'Este dato es obligatorio.') },
      onCreate: callbacks.onCreate,
      onUpdate: callbacks.onUpdate,
      renderFields: (form, { readOnly }) => createElement(Stack, null, createElement(TextInput, { label: 'Nombre', disabled: readOnly, ...form.getInputProps('name') })),
    });
  }
  const router = createMemoryRouter([{ path: '/areas', element: createElement(Screen) }], { initialEntries: [url] });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(createElement(MantineProvider, { env: 'test' }, createElement(Notifications), createElement(RouterProvider, { router })));
  });
  return router;
}

const text = () => document.body.textContent ?? '';
const button = (label: string) => [...document.querySelectorAll('button')].find((el) => el.textContent?.trim() === label) as HTMLButtonElement | undefined;
const dialogInput = () => document.querySelector('[role="dialog"] input') as HTMLInputElement | null;
const editParam = (router: ReturnType<typeof createBrowserRouter>) => new URLSearchParams(router.state.location.search).get('edit');

function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function waitFor(check: () => boolean, timeoutMs = 2000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

const ALL: CatalogAccess = { crear: true, editar: true, exportar: true };
const resolved = () => vi.fn(async () => ({}));

describe('CatalogPage', () => {
  it('says it is loading, not «0 registros», while the first page has not arrived', async () => {
    await renderCatalog('/areas', ALL, { onCreate: resolved(), onUpdate: resolved(), refetch: resolved() }, { rows: [], total: 0, loading: true });
    expect(text()).toContain('Cargando registros…');
    expect(text()).not.toContain('0 registros');
    act(() => root?.unmount());
    await renderCatalog('/areas', ALL, { onCreate: resolved(), onUpdate: resolved(), refetch: resolved() });
    expect(text()).toContain('2 registros');
  });

  it('opens "Nuevo" through the URL and creates the record, then closes and refreshes the list', async () => {
    const onCreate = resolved();
    const refetch = resolved();
    const router = await renderCatalog('/areas', ALL, { onCreate, onUpdate: resolved(), refetch });
    expect(text()).toContain('Ventas');
    expect(text()).toContain('Las áreas de la empresa.');
    await act(async () => button('Nueva área')!.click());
    expect(editParam(router)).toBe('new');
    await waitFor(() => dialogInput() !== null);
    // Required field checked before any call.
    await act(async () => button('Guardar')!.click());
    expect(text()).toContain('Este dato es obligatorio.');
    expect(onCreate).not.toHaveBeenCalled();
    type(dialogInput()!, 'Compras');
    await act(async () => button('Guardar')!.click());
    await waitFor(() => editParam(router) === null);
    expect(onCreate).toHaveBeenCalledWith({ name: 'Compras' });
    expect(refetch).toHaveBeenCalled();
    await waitFor(() => text().includes('Área registrada.'));
  });

  it('edits the row of `?edit=N` with its version, and shows a server field error under the input', async () => {
    const conflict: AppError = { code: 'BAD_USER_INPUT', message: 'Revisa los datos marcados.', fields: { name: 'Ya existe un área con ese nombre.' } };
    const onUpdate = vi.fn().mockRejectedValueOnce(conflict).mockResolvedValueOnce({});
    const router = await renderCatalog('/areas?edit=1', ALL, { onCreate: resolved(), onUpdate, refetch: resolved() });
    await waitFor(() => dialogInput() !== null);
    expect(text()).toContain('Área: Ventas');
    expect(dialogInput()!.value).toBe('Ventas');
    type(dialogInput()!, 'Logística');
    await act(async () => button('Guardar')!.click());
    await waitFor(() => text().includes('Ya existe un área con ese nombre.'));
    expect(onUpdate).toHaveBeenCalledWith(ROWS[0], { name: 'Logística' });
    expect(dialogInput()!.getAttribute('aria-invalid')).toBe('true');
    expect(editParam(router)).toBe('1');
    type(dialogInput()!, 'Ventas y mercadotecnia');
    await act(async () => button('Guardar')!.click());
    await waitFor(() => editParam(router) === null);
    await waitFor(() => text().includes('Cambios guardados.'));
  });

  it('hides "Nuevo" without crear and shows a record read-only without editar', async () => {
    const router = await renderCatalog('/areas', { crear: false, editar: false, exportar: false }, { onCreate: resolved(), onUpdate: resolved(), refetch: resolved() });
    expect(button('Nueva área')).toBeUndefined();
    expect(button('Exportar')).toBeUndefined();
    const row = [...document.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes('Logística')) as HTMLElement;
    await act(async () => row.click());
    expect(editParam(router)).toBe('2');
    await waitFor(() => dialogInput() !== null);
    expect(text()).toContain('Solo lectura');
    expect(dialogInput()!.disabled).toBe(true);
    expect(button('Guardar')).toBeUndefined();
    await act(async () => button('Cerrar')!.click());
    expect(editParam(router)).toBeNull();
  });

  it('says so when `?edit=N` is not among the rows', async () => {
    await renderCatalog('/areas?edit=99', ALL, { onCreate: resolved(), onUpdate: resolved(), refetch: resolved() });
    await waitFor(() => text().includes('El registro no existe.'));
  });
});
