// @vitest-environment jsdom
// PickerList: one picker per row with its remove button, then «Agregar …»;
// `min` keeps the rows a record needs (a permit names one worker or more).
import { installMantineDom } from '../mantineDom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { PickerList } from '../../../client/components/PickerList';

beforeAll(() => installMantineDom());
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  root = null;
});

function render(values: string[], extra: { min?: number; max?: number } = {}) {
  const changes: string[][] = [];
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      createElement(
        MantineProvider,
        { env: 'test' },
        createElement(PickerList, {
          label: 'Trabajadores',
          values,
          onChange: (v) => changes.push(v),
          addLabel: 'Agregar trabajador',
          removeLabel: (n) => `Quitar trabajador ${n}`,
          renderPicker: (value, i) => createElement('span', { 'data-row': i }, value || '—'),
          ...extra,
        }),
      ),
    ),
  );
  const button = (name: string) => [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
  return { container, changes, button };
}

describe('PickerList', () => {
  it('removes a row and adds an empty one', () => {
    const { changes, button } = render(['1', '2']);
    act(() => button('Quitar trabajador 1')?.click());
    act(() => button('Agregar trabajador')?.click());
    expect(changes).toEqual([['2'], ['1', '2', '']]);
  });

  it('with min=1 the last row cannot be removed; with max the add button hides', () => {
    expect(render(['1'], { min: 1 }).button('Quitar trabajador 1')).toBeUndefined();
    act(() => root?.unmount());
    const two = render(['1', '2'], { min: 1, max: 2 });
    expect(two.button('Quitar trabajador 1')).toBeDefined();
    expect(two.button('Agregar trabajador')).toBeUndefined();
  });
});
