// @vitest-environment jsdom
// recordGate: what every record form shows instead of its editor while its
// `?id=` cannot open one (one copy for Ventas, Compras, RH, Parque Vehicular
// and Configuración).
import { installMantineDom } from '../mantineDom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

vi.mock('../../../client/components/useRecordChanges', () => ({ useRecordChanges: () => undefined }));

const { recordGate } = await import('../../../client/components/recordGate');
type Gate = Parameters<typeof recordGate>[0];

beforeAll(() => installMantineDom());
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  root = null;
});

async function render(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(RouterProvider, { router }))));
  return container;
}

const base: Gate = {
  rawId: '7',
  id: '7',
  record: null,
  loading: false,
  error: null,
  hasData: true,
  notFound: 'El gasto no existe o fue eliminado.',
  back: { label: 'Volver a gastos', to: '/shopping/expenses' },
};

describe('recordGate', () => {
  it('opens the editor for a new record and for a record that loaded', () => {
    expect(recordGate({ ...base, rawId: null, id: null, hasData: false })).toBeNull();
    expect(recordGate({ ...base, record: { id: '7' } })).toBeNull();
  });

  it('says the record does not exist for a malformed id, an unknown one and a NOT_FOUND answer, with a link back to the list', async () => {
    for (const gate of [
      { ...base, rawId: 'abc', id: null },
      { ...base, record: null },
      { ...base, hasData: false, error: { code: 'NOT_FOUND', message: 'El gasto no existe.', fields: {} } },
    ] as Gate[]) {
      const element = recordGate(gate);
      expect(element).not.toBeNull();
      const container = await render(element as ReactElement);
      expect(container.textContent).toContain('El gasto no existe o fue eliminado.');
      expect(container.querySelector('a')?.getAttribute('href')).toBe('/shopping/expenses');
      expect(container.textContent).toContain('Volver a gastos');
      act(() => root?.unmount());
    }
  });

  it('shows another load error with the server’s message, and nothing of it while data stands', async () => {
    const error: Gate['error'] = { code: 'INTERNAL', message: 'Ocurrió un error inesperado. Intenta de nuevo.', fields: {} };
    const container = await render(recordGate({ ...base, hasData: false, error }) as ReactElement);
    expect(container.textContent).toContain('No se pudo cargar');
    expect(container.textContent).toContain('Ocurrió un error inesperado. Intenta de nuevo.');
    expect(recordGate({ ...base, record: { id: '7' }, error })).toBeNull();
  });

  it('waits in the form frame while the record or what the editor needs loads', async () => {
    const loading = recordGate({ ...base, loading: true, hasData: false });
    expect(loading).not.toBeNull();
    const container = await render(loading as ReactElement);
    expect(container.textContent).not.toContain('no existe');
    expect(recordGate({ ...base, rawId: null, id: null, waiting: true })).not.toBeNull();
  });
});
