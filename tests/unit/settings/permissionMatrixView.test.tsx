// @vitest-environment jsdom
// The matrix presenter: one check box per offered permission (none where a
// screen doesn't offer it), "Seleccionar todo" indeterminate while partial,
// and nothing editable in read-only mode.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { PermissionMatrix, type MatrixModuleView } from '../../../client/modules/settings/roles/PermissionMatrix';
import type { GrantSet } from '../../../client/modules/settings/roles/permissionMatrix';
import { installMantineDom } from '../mantineDom';

beforeAll(() => {
  installMantineDom();
});

const MODULES: MatrixModuleView[] = [
  {
    id: '10',
    name: 'Configuración',
    icon: 'settings',
    active: true,
    submodules: [
      { id: '1', name: 'Usuarios', active: true, permissions: ['ver', 'crear', 'editar', 'eliminar', 'exportar'] },
      { id: '2', name: 'Roles', active: true, permissions: ['ver', 'editar'] },
    ],
  },
];

let root: Root | null = null;
let container: HTMLElement | null = null;
let latest: GrantSet = new Set();

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

function Harness({ initial, disabled }: { initial: string[]; disabled: boolean }) {
  const [grants, setGrants] = useState<GrantSet>(new Set(initial));
  latest = grants;
  return createElement(PermissionMatrix, {
    modules: MODULES,
    grants,
    disabled,
    onChange: (update) => setGrants((current) => update(current)),
  });
}

function render(initial: string[], disabled = false) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => {
    root?.render(createElement(MantineProvider, { env: 'test' }, createElement(Harness, { initial, disabled })));
  });
}

const box = (label: string): HTMLInputElement => {
  const element = document.querySelector(`input[aria-label="${label}"]`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no check box "${label}"`);
  return element;
};

describe('PermissionMatrix', () => {
  it('shows only the permissions each screen offers', () => {
    render([]);
    expect(box('Crear: Usuarios')).toBeTruthy();
    expect(document.querySelector('input[aria-label="Crear: Roles"]')).toBeNull();
    expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(1 + 2 + 5 + 2);
  });

  it('marks a partial module as indeterminate and completes it with "Seleccionar todo"', () => {
    render(['2:ver']);
    expect(box('Seleccionar todo: Configuración').indeterminate).toBe(true);
    expect(box('Todo: Roles').indeterminate).toBe(true);
    act(() => box('Seleccionar todo: Configuración').click());
    expect(latest.size).toBe(7);
    expect(box('Seleccionar todo: Configuración').checked).toBe(true);
    act(() => box('Seleccionar todo: Configuración').click());
    expect(latest.size).toBe(0);
  });

  it('toggles a single permission and a whole row', () => {
    render([]);
    act(() => box('Editar: Roles').click());
    expect([...latest]).toEqual(['2:editar']);
    act(() => box('Todo: Usuarios').click());
    expect(latest.size).toBe(6);
    expect(box('Todo: Usuarios').checked).toBe(true);
  });

  it('is read-only when disabled', () => {
    render(['1:ver'], true);
    const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.every((element) => element.disabled)).toBe(true);
    expect(box('Ver: Usuarios').checked).toBe(true);
  });
});
