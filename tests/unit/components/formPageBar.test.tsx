// @vitest-environment jsdom
// FormPage's sticky save bar (issue 25 item 9): it shows only with something
// to do (a closed record opened for reading showed a bar with only
// «Cancelar»), and on a phone it is one compact row — Cancelar, the record's
// other moves behind «Más acciones», Guardar — instead of ~200 of 844 px.
import { installMantineDom } from '../mantineDom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

vi.mock('../../../client/components/useRecordChanges', () => ({ useRecordChanges: () => undefined }));

const { FormPage } = await import('../../../client/components/FormPage');
const { DocumentActions, MORE_ACTIONS_LABEL } = await import('../../../client/components/DocumentActions');

let phone = false;
beforeAll(() => {
  installMantineDom((query) => phone && query.includes('max-width'));
});

let root: Root | null = null;
beforeEach(() => {
  phone = false;
});
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  root = null;
});

async function render({ readOnly = false, extraActions }: { readOnly?: boolean; extraActions?: ReactNode }) {
  const page = createElement(FormPage, {
    onSubmit: async () => undefined,
    onCancel: () => undefined,
    dirty: false,
    saving: false,
    readOnly,
    extraActions,
    children: createElement('p', null, 'Campos'),
  });
  const router = createMemoryRouter([{ path: '/', element: page }]);
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(RouterProvider, { router }))));
}

const bar = () => document.querySelector<HTMLElement>('[data-save-bar]');
const barShown = () => bar() !== null && bar()?.style.display !== 'none';
// Shown = no ancestor inside the bar hidden (the phone's menu stays mounted, hidden, while closed).
const hidden = (el: Element) => el.closest('[style*="display: none"]') !== null;
const barButtons = () => [...(bar()?.querySelectorAll('button') ?? [])].filter((b) => !hidden(b)).map((b) => b.getAttribute('aria-label') ?? b.textContent);
const closeAction = (show: boolean) => createElement(DocumentActions, { collapse: false, actions: [{ key: 'close', label: 'Cerrar inspección', variant: 'light', show, run: vi.fn() }] });

describe('FormPage save bar', () => {
  it('offers Cancelar and Guardar on an editable record', async () => {
    await render({});
    expect(barShown()).toBe(true);
    expect(barButtons()).toEqual(['Cancelar', 'Guardar']);
  });

  it('does not show on a record opened for reading with no move left (a CERRADA order)', async () => {
    await render({ readOnly: true });
    expect(barShown()).toBe(false);
  });

  it('does not show when the record\'s moves are all out of reach now', async () => {
    await render({ readOnly: true, extraActions: closeAction(false) });
    expect(barShown()).toBe(false);
  });

  it('shows on a record opened for reading that still has a move', async () => {
    await render({ readOnly: true, extraActions: closeAction(true) });
    expect(barShown()).toBe(true);
    expect(barButtons()).toEqual(['Cerrar inspección', 'Cancelar']);
  });

  it('on a phone is one row: Cancelar, «Más acciones» holding the other moves, Guardar', async () => {
    phone = true;
    await render({ extraActions: closeAction(true) });
    expect(barButtons()).toEqual(['Cancelar', MORE_ACTIONS_LABEL, 'Guardar']);
    // The move waits in the menu until it is opened.
    const move = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cerrar inspección');
    expect(move() && hidden(move()!)).toBe(true);
    await act(async () => bar()?.querySelector<HTMLButtonElement>(`[aria-label="${MORE_ACTIONS_LABEL}"]`)?.click());
    expect(move() && hidden(move()!)).toBe(false);
  });

  it('on a phone shows no «Más acciones» when the record has no other move', async () => {
    phone = true;
    await render({ extraActions: closeAction(false) });
    expect(barButtons()).toEqual(['Cancelar', 'Guardar']);
  });
});
