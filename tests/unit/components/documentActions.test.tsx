// @vitest-environment jsdom
// The document header: hidden moves are absent, a move with a confirm only
// runs after the dialog (and once), a running move keeps its button busy so a
// second click does nothing, and on a phone the secondary moves fold into
// "Más acciones".
import { installMantineDom } from '../mantineDom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import type { ConfirmOptions } from '../../../client/components/confirm';

const confirmCalls: ConfirmOptions[] = [];
vi.mock('../../../client/components/confirm', () => ({
  confirmAction: (options: ConfirmOptions) => {
    confirmCalls.push(options);
    return 'modal';
  },
}));

const notifyError = vi.fn();
vi.mock('../../../client/components/notify', () => ({ notifyError: (...args: unknown[]) => notifyError(...args) }));

const { DocumentActions, MORE_ACTIONS_LABEL } = await import('../../../client/components/DocumentActions');
type Props = Parameters<typeof DocumentActions>[0];

let phone = false;
beforeAll(() => {
  installMantineDom((query) => phone && query.includes('max-width'));
});

let root: Root | null = null;
let container: HTMLElement | null = null;
beforeEach(() => {
  confirmCalls.length = 0;
  phone = false;
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

function render(props: Props) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(MemoryRouter, null, createElement(DocumentActions, props)))));
}

const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement | undefined;
const labels = () => [...document.querySelectorAll('button')].map((b) => b.textContent);
const BADGES = { borrador: { label: 'Borrador', color: 'gray' }, enviada: { label: 'Enviada', color: 'blue' } };

describe('DocumentActions', () => {
  it('shows the status badge and only the actions allowed now', () => {
    render({
      status: { status: 'borrador', labels: BADGES },
      actions: [
        { key: 'print', label: 'Imprimir', variant: 'default', show: true, run: vi.fn() },
        { key: 'send', label: 'Enviar', show: true, run: vi.fn() },
        { key: 'accept', label: 'Aceptar', show: false, run: vi.fn() },
      ],
    });
    expect(container?.textContent).toContain('Borrador');
    expect(labels()).toEqual(['Imprimir', 'Enviar']);
    expect(button('Aceptar')).toBeUndefined();
  });

  it('renders nothing when there is no badge and no allowed action', () => {
    render({ actions: [{ key: 'remove', label: 'Eliminar', show: false, run: vi.fn() }], collapse: false });
    expect(labels()).toEqual([]);
    expect(container?.querySelector('.mantine-Group-root')).toBeNull();
  });

  it('an action with a confirm runs only after the dialog, and once', async () => {
    const run = vi.fn(() => Promise.resolve());
    render({ actions: [{ key: 'send', label: 'Enviar', show: true, confirm: { title: 'Enviar', message: '¿Enviar la cotización C-1?', confirmLabel: 'Enviar' }, run }] });
    act(() => button('Enviar')?.click());
    expect(run).not.toHaveBeenCalled();
    expect(confirmCalls).toHaveLength(1);
    expect(confirmCalls[0]).toMatchObject({ title: 'Enviar', message: '¿Enviar la cotización C-1?', confirmLabel: 'Enviar' });
    await act(async () => confirmCalls[0].onConfirm());
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('while run() is pending the button is busy and the others disabled; a second click does nothing', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const other = vi.fn();
    render({
      actions: [
        { key: 'emit', label: 'Emitir', show: true, run },
        { key: 'pdf', label: 'PDF', variant: 'default', show: true, run: other },
      ],
    });
    const emit = button('Emitir')!;
    act(() => {
      emit.click();
      emit.click();
    });
    expect(run).toHaveBeenCalledTimes(1);
    expect(emit.disabled).toBe(true);
    expect(emit.getAttribute('data-loading')).toBe('true');
    expect(button('PDF')?.disabled).toBe(true);
    act(() => button('PDF')?.click());
    expect(other).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(emit.disabled).toBe(false);
    expect(button('PDF')?.disabled).toBe(false);
    act(() => emit.click());
    expect(run).toHaveBeenCalledTimes(2);
    await act(async () => finish());
  });

  it('a failing run says so and frees the button again', async () => {
    const run = vi.fn(() => Promise.reject(new Error('no')));
    render({ actions: [{ key: 'emit', label: 'Emitir', show: true, run }] });
    await act(async () => {
      button('Emitir')?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(button('Emitir')?.disabled).toBe(false);
    expect(notifyError).toHaveBeenCalledWith('Ocurrió un error inesperado. Intenta de nuevo más tarde.', 'No se pudo completar la acción');
  });

  it('on a phone the secondary actions fold into "Más acciones"; the main move stays a button', async () => {
    phone = true;
    const print = vi.fn();
    render({
      status: { status: 'enviada', labels: BADGES },
      actions: [
        { key: 'print', label: 'Imprimir', variant: 'default', show: true, run: print },
        { key: 'accept', label: 'Aceptar', color: 'teal', show: true, run: vi.fn() },
        { key: 'reject', label: 'Rechazar', color: 'red', variant: 'light', show: true, run: vi.fn() },
      ],
    });
    expect(labels()).toEqual(['Aceptar', MORE_ACTIONS_LABEL]);
    await act(async () => button(MORE_ACTIONS_LABEL)?.click());
    const items = [...document.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent);
    expect(items).toEqual(['Imprimir', 'Rechazar']);
    await act(async () => (document.querySelector('[role="menuitem"]') as HTMLElement).click());
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('an action with `to` is a real link', () => {
    render({ collapse: false, actions: [{ key: 'pay', label: 'Registrar pago', variant: 'light', show: true, to: '/system/shopping/payoffs?new=1&supplierId=7' }] });
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Registrar pago');
    expect(link?.getAttribute('href')).toBe('/system/shopping/payoffs?new=1&supplierId=7');
  });

  it('the save bar (collapse off) keeps its buttons on a phone', () => {
    phone = true;
    render({ collapse: false, actions: [{ key: 'remove', label: 'Eliminar', color: 'red', variant: 'light', show: true, run: vi.fn() }] });
    expect(labels()).toEqual(['Eliminar']);
  });
});

const { RecordActionProvider } = await import('../../../client/components/recordActions');

describe('DocumentActions inside a form (record-action rules)', () => {
  const renderIn = (scope: { dirty: boolean; record: { noun: string; reference: string } | null }, props: Props) => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    act(() =>
      root?.render(createElement(MantineProvider, { env: 'test' }, createElement(MemoryRouter, null, createElement(RecordActionProvider, { ...scope, children: createElement(DocumentActions, props) })))),
    );
  };

  it('an unsaved form holds back a move on the saved record, with the Spanish hint; a move that sends the form runs', async () => {
    const cancel = vi.fn();
    const authorize = vi.fn();
    renderIn({ dirty: true, record: null }, { actions: [{ key: 'a', label: 'Autorizar', show: true, sendsForm: true, run: authorize }, { key: 'c', label: 'Cancelar permiso', show: true, run: cancel }] });
    expect(button('Cancelar permiso')?.disabled).toBe(true);
    expect(document.body.textContent).toContain('Guarda los cambios antes de cancelar.');
    await act(async () => button('Cancelar permiso')?.click());
    expect(cancel).not.toHaveBeenCalled();
    await act(async () => button('Autorizar')?.click());
    expect(authorize).toHaveBeenCalledTimes(1);
  });

  it('an irreversible move asks first, naming the record, and a failed check stops it before asking', async () => {
    const close = vi.fn();
    let ready = false;
    renderIn({ dirty: false, record: { noun: 'el permiso', reference: 'PT-000012' } }, { actions: [{ key: 'x', label: 'Cerrar permiso', show: true, irreversible: true, check: () => ready, run: close }] });
    await act(async () => button('Cerrar permiso')?.click());
    expect(confirmCalls).toHaveLength(0);
    ready = true;
    await act(async () => button('Cerrar permiso')?.click());
    expect(confirmCalls).toHaveLength(1);
    expect(confirmCalls[0].message).toBe('¿Cerrar el permiso PT-000012? Esta acción no se puede deshacer.');
    expect(close).not.toHaveBeenCalled();
    await act(async () => confirmCalls[0].onConfirm());
    expect(close).toHaveBeenCalledTimes(1);
  });
});
