// @vitest-environment jsdom
// Enter through line items: next field of the line, then the next line's first
// field, a new line past the last one (focused once rendered); an open
// dropdown, Shift+Enter and read-only text keep their own Enter.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { onLinesKeyDown } from '../../../client/components/lineKeys';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
});

type Line = { key: number };

function Editor({ initial, canAdd = true }: { initial: number; canAdd?: boolean }) {
  const [lines, setLines] = useState<Line[]>(Array.from({ length: initial }, (_, i) => ({ key: i })));
  const add = () => setLines((prev) => [...prev, { key: prev.length }]);
  return createElement(
    'form',
    { 'data-testid': 'form', onSubmit: (e: Event) => e.preventDefault() },
    createElement(
      'table',
      { onKeyDown: onLinesKeyDown(canAdd ? add : undefined) },
      createElement(
        'tbody',
        null,
        lines.map((l) =>
          createElement(
            'tr',
            { key: l.key },
            createElement('td', null, createElement('input', { 'aria-label': `articulo ${l.key}`, 'aria-haspopup': 'listbox', 'aria-expanded': 'false', readOnly: true })),
            createElement('td', null, createElement('input', { 'aria-label': `unidad ${l.key}`, readOnly: true })),
            createElement('td', null, createElement('input', { 'aria-label': `cantidad ${l.key}` })),
            createElement('td', null, createElement('input', { 'aria-label': `costo ${l.key}`, disabled: l.key === 1 })),
            createElement('td', null, createElement('input', { 'aria-label': `precio ${l.key}` })),
          ),
        ),
      ),
    ),
  );
}

const field = (label: string) => host!.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
const rows = () => host!.querySelectorAll('tbody > tr').length;

function render(initial: number, canAdd = true) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(createElement(Editor, { initial, canAdd })));
}

/** Presses Enter on the focused element; true when the default action was prevented. */
function enter(init: KeyboardEventInit = {}): boolean {
  const el = document.activeElement as HTMLElement;
  const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init });
  act(() => void el.dispatchEvent(event));
  return event.defaultPrevented;
}

/** Opens a combobox's listbox with `options` under `input` (as Mantine marks it) and focuses the input. */
function openDropdown(input: HTMLInputElement, options: string): HTMLElement {
  const list = document.createElement('div');
  list.id = `lista-${input.getAttribute('aria-label')!.replace(/\s/g, '-')}`;
  list.innerHTML = options;
  document.body.appendChild(list);
  input.setAttribute('aria-expanded', 'true');
  input.setAttribute('aria-controls', list.id);
  input.focus();
  return list;
}

const nextFrames = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));

describe('Enter through line items', () => {
  it('moves on from an open dropdown where nothing is highlighted (an autocomplete showing its suggestions)', () => {
    render(1);
    const list = openDropdown(field('articulo 0'), '<div role="option">72102900 - Servicios</div>');
    expect(enter()).toBe(true);
    expect(document.activeElement).toBe(field('cantidad 0'));
    list.remove();
  });

  it('leaves Enter to a field whose own handler already took it', () => {
    render(1);
    const article = field('articulo 0');
    article.addEventListener('keydown', (e) => e.preventDefault());
    article.focus();
    enter();
    expect(document.activeElement).toBe(article);
  });

  it('moves field by field along a line (skipping read-only text and disabled fields), then to the next line', () => {
    render(2);
    field('articulo 0').focus();
    expect(enter()).toBe(true);
    expect(document.activeElement).toBe(field('cantidad 0'));
    enter();
    expect(document.activeElement).toBe(field('costo 0'));
    enter();
    expect(document.activeElement).toBe(field('precio 0'));
    enter();
    expect(document.activeElement).toBe(field('articulo 1'));
    enter();
    enter();
    // costo 1 is disabled
    expect(document.activeElement).toBe(field('precio 1'));
  });

  it('adds a line past the last field of the last line and focuses its first field', async () => {
    render(1);
    field('precio 0').focus();
    expect(enter()).toBe(true);
    await nextFrames();
    expect(rows()).toBe(2);
    expect(document.activeElement).toBe(field('articulo 1'));
  });

  it('without an add callback the last field keeps Enter (no line added, nothing prevented)', async () => {
    render(1, false);
    field('precio 0').focus();
    expect(enter()).toBe(false);
    await nextFrames();
    expect(rows()).toBe(1);
  });

  it('leaves Enter to an open dropdown with a highlighted option, and with Shift', () => {
    render(2);
    const article = field('articulo 0');
    const list = openDropdown(article, '<div role="option">A</div><div role="option" data-combobox-selected="true">B</div>');
    expect(enter()).toBe(false);
    expect(document.activeElement).toBe(article);
    list.remove();
    field('cantidad 0').focus();
    expect(enter({ shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(field('cantidad 0'));
  });
});
