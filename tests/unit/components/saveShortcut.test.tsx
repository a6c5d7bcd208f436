// @vitest-environment jsdom
// Ctrl+S / ⌘S saves the form on top: the page's form, or the dialog's when a
// dialog is open over it; a disabled (read-only or saving) form ignores it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { isSaveShortcut, useSaveShortcut } from '../../../client/components/useSaveShortcut';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  document.body.innerHTML = '';
});

function Form({ onSubmit, enabled }: { onSubmit: () => void; enabled: boolean }) {
  const ref = useRef<HTMLFormElement>(null);
  useSaveShortcut(ref, enabled);
  return createElement('form', { ref, onSubmit: (e: Event) => { e.preventDefault(); onSubmit(); } }, createElement('input', { name: 'x' }));
}

function mount(onSubmit: () => void, enabled = true) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(createElement(Form, { onSubmit, enabled })));
}

const press = (init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
};

describe('save shortcut', () => {
  it('recognises Ctrl+S and ⌘S only', () => {
    expect(isSaveShortcut({ key: 's', ctrlKey: true, metaKey: false, altKey: false, shiftKey: false })).toBe(true);
    expect(isSaveShortcut({ key: 'S', ctrlKey: false, metaKey: true, altKey: false, shiftKey: false })).toBe(true);
    expect(isSaveShortcut({ key: 's', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false })).toBe(false);
    expect(isSaveShortcut({ key: 's', ctrlKey: true, metaKey: false, altKey: false, shiftKey: true })).toBe(false);
    expect(isSaveShortcut({ key: 'p', ctrlKey: true, metaKey: false, altKey: false, shiftKey: false })).toBe(false);
  });

  it('submits the page form once and keeps the browser from saving the page', () => {
    const onSubmit = vi.fn();
    mount(onSubmit);
    const event = press({ key: 's', ctrlKey: true });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    press({ key: 'a', ctrlKey: true });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('leaves the page form alone while a dialog is open over it', () => {
    const onSubmit = vi.fn();
    mount(onSubmit);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.appendChild(dialog);
    const event = press({ key: 's', ctrlKey: true });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('does nothing for a read-only or saving form', () => {
    const onSubmit = vi.fn();
    mount(onSubmit, false);
    press({ key: 's', ctrlKey: true });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
