// @vitest-environment jsdom
// Renders the real shared components (through the /components showcase) in
// Mantine's providers and a data router, then drives them like a user would.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ComponentsShowcase } from '../../../client/app/pages/ComponentsShowcase';
import { installMantineDom } from '../mantineDom';

beforeAll(() => {
  installMantineDom();
  Element.prototype.scrollIntoView ??= () => undefined;
});

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

async function renderShowcase(url = '/components') {
  const router = createMemoryRouter(
    [
      { path: '/components', element: createElement(ComponentsShowcase) },
      { path: '/preview', element: createElement('p', null, 'Vista previa') },
    ],
    { initialEntries: [url] },
  );
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      createElement(
        MantineProvider,
        { env: 'test' },
        // The showcase brings its own ModalsHost, as it does outside the shell.
        createElement(Notifications),
        createElement(RouterProvider, { router }),
      ),
    );
  });
  return router;
}

function input(label: string): HTMLInputElement {
  const labelElement = [...document.querySelectorAll('label')].find((el) => el.textContent?.startsWith(label));
  const id = labelElement?.getAttribute('for');
  const element = id ? document.getElementById(id) : null;
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return element;
}

function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const text = () => document.body.textContent ?? '';

async function waitFor(check: () => boolean, timeoutMs = 2000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}
const bodyRows = () => [...document.querySelectorAll('section table tbody tr')];

describe('ComponentsShowcase', () => {
  it('renders every section in Spanish', async () => {
    await renderShowcase();
    for (const heading of ['Campo numérico', 'Formatos', 'Estados', 'Tarjetas de módulo', 'Lista', 'Formulario']) {
      expect(text()).toContain(heading);
    }
    expect(text()).toContain('$1,234.50');
    expect(text()).toContain('-$1,234.50');
    expect(text()).toContain('21/11/2026');
  });

  it('keeps what is typed in a NumberField and refuses what it cannot take', async () => {
    await renderShowcase();
    const amount = input('Importe');
    expect(amount.value).toBe('1234.50');
    type(amount, '1234.567');
    expect(amount.value).toBe('1234.567');
    expect(text()).toContain('Máximo 2 decimales.');
    const adjustment = input('Ajuste');
    type(adjustment, '-150');
    expect(adjustment.value).toBe('-150');
    expect(text()).toContain('No puede ser menor que -100.');
  });

  it('lists, sorts and pages the demo rows with the state in the URL', async () => {
    const router = await renderShowcase();
    expect(text()).toContain('60 registros');
    const sortByName = [...document.querySelectorAll('th button')].find((el) => el.textContent === 'Descripción');
    await act(async () => (sortByName as HTMLElement).click());
    expect(router.state.location.search).toContain('sortBy=name');
    const pageTwo = [...document.querySelectorAll('button')].find((el) => el.textContent === '2');
    await act(async () => (pageTwo as HTMLElement).click());
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('restores the list from a shared link', async () => {
    await renderShowcase('/components?search=balata&status=activo');
    expect((document.querySelector('input[aria-label="Buscar"]') as HTMLInputElement).value).toBe('balata');
    const listRows = bodyRows().filter((row) => row.textContent?.includes('ART-'));
    expect(listRows.length).toBeGreaterThan(0);
    for (const row of listRows) {
      expect(row.textContent).toContain('Balata');
      expect(row.textContent).toContain('Activo');
    }
  });

  it('asks before leaving a dirty form', async () => {
    const router = await renderShowcase();
    type(input('Razón social'), 'Servicios del Norte');
    await act(async () => {
      await router.navigate('/preview');
    });
    expect(router.state.location.pathname).toBe('/components');
    await waitFor(() => text().includes('Hay cambios sin guardar. ¿Salir sin guardar?'));
    const leave = [...document.querySelectorAll('button')].find((el) => el.textContent === 'Salir sin guardar');
    await act(async () => (leave as HTMLElement).click());
    await waitFor(() => router.state.location.pathname === '/preview');
  });

  it('stays on the form when leaving is cancelled; dialog buttons use the product colours', async () => {
    const router = await renderShowcase();
    type(input('Razón social'), 'Servicios del Norte');
    await act(async () => {
      await router.navigate('/preview');
    });
    await waitFor(() => document.querySelector('[role="dialog"]') !== null);
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    const buttons = [...dialog.querySelectorAll('button')];
    const confirm = buttons.find((el) => el.textContent === 'Salir sin guardar') as HTMLElement;
    const cancel = buttons.find((el) => el.textContent === 'Cancelar') as HTMLElement;
    expect(confirm.getAttribute('style')).toContain('#0e918c');
    expect(cancel.getAttribute('style')).toContain('#af0404');
    await act(async () => cancel.click());
    await waitFor(() => document.querySelector('[role="dialog"]') === null);
    expect(router.state.location.pathname).toBe('/components');
    expect(input('Razón social').value).toBe('Servicios del Norte');
  });

  it('does not ask when only the list state in the query string changes', async () => {
    const router = await renderShowcase();
    type(input('Razón social'), 'Servicios del Norte');
    const pageTwo = [...document.querySelectorAll('button')].find((el) => el.textContent === '2');
    await act(async () => (pageTwo as HTMLElement).click());
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('shows Spanish validation messages', async () => {
    await renderShowcase();
    type(input('Razón social'), 'x');
    type(input('Razón social'), '');
    const save = [...document.querySelectorAll('button')].find((el) => el.textContent === 'Guardar');
    await act(async () => (save as HTMLElement).click());
    expect(text()).toContain('La razón social es obligatoria.');
    expect(text()).toContain('Escribe un correo electrónico válido.');
  });
});
