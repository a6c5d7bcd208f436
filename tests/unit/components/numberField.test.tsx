// @vitest-environment jsdom
// The one number input, driven key by key as a person types (issue 25 item 2):
// what was typed stays on screen, a figure the field cannot take is refused in
// Spanish, and the value handed to the form is never another number.
import { installMantineDom } from '../mantineDom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { EditDialogForm } from '../../../client/components/EditDialog';
import { NumberField, type NumberFieldProps } from '../../../client/components/NumberField';

beforeAll(() => installMantineDom());

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  document.body.innerHTML = '';
});

type Rules = Omit<NumberFieldProps, 'value' | 'onChange'>;

/** A form holding the field's value as @mantine/form would, with a "Liquidar"-style button that sets it from outside. */
function Harness({ rules, initial, onValue, outside }: { rules: Rules; initial: string; onValue: (v: string) => void; outside?: string }) {
  const [value, setValue] = useState(initial);
  return createElement(
    'div',
    null,
    createElement(NumberField, {
      label: 'Campo',
      ...rules,
      value,
      onChange: (v: string) => {
        setValue(v);
        onValue(v);
      },
    }),
    outside === undefined ? null : createElement('button', { type: 'button', onClick: () => setValue(outside) }, 'Liquidar'),
  );
}

function render(rules: Rules, initial = '', outside?: string) {
  const values: string[] = [];
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(Harness, { rules, initial, outside, onValue: (v) => values.push(v) }))));
  return { values, last: () => values[values.length - 1] };
}

const input = () => document.querySelector('input') as HTMLInputElement;
const shownError = () => document.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;

function setText(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Types `keys` one at a time after what the field shows; returns the text after each key. */
function typeKeys(keys: string): string[] {
  act(() => input().focus());
  const seen: string[] = [];
  for (const key of keys) {
    setText(input().value + key);
    seen.push(input().value);
  }
  return seen;
}

const blur = () => act(() => input().blur());

const PPE: Rules = { precision: 0, min: 1, max: 100000 };
const BALANCE: Rules = { precision: 2, money: true, min: 0, max: '9533.33', maxLabel: 'el saldo' };
const ODOMETER: Rules = { precision: 0, min: 0 };

describe('NumberField', () => {
  it('PPE quantity: «1.5» stays 1.5 and is refused as not whole; it never becomes 15', () => {
    const field = render(PPE, '1');
    setText('');
    expect(typeKeys('1.5')).toEqual(['1', '1.', '1.5']);
    expect(shownError()).toBe('Debe ser un número entero.');
    expect(field.last()).toBe('1.5');
    expect(field.values).not.toContain('15');
    expect(input().hasAttribute('data-number-refused')).toBe(true);
  });

  it('PPE quantity: «1,5» stays as typed and asks for a decimal point once the person stops typing', () => {
    const field = render(PPE, '1');
    setText('');
    expect(typeKeys('1,5')).toEqual(['1', '1,', '1,5']);
    // While typing, "1,5" may still become "1,500": no message yet.
    expect(shownError()).toBeNull();
    blur();
    expect(input().value).toBe('1,5');
    expect(shownError()).toBe('Usa punto para decimales: 1.5');
    expect(field.last()).toBe('');
    expect(field.values).not.toContain('15');
  });

  it('odometer: 12,850.5 is refused, not rounded to 12,851', () => {
    const field = render(ODOMETER, '');
    typeKeys('12,850.5');
    blur();
    expect(input().value).toBe('12,850.5');
    expect(shownError()).toBe('Debe ser un número entero.');
    expect(field.values).not.toContain('12851');
    setText('12,850');
    expect(shownError()).toBeNull();
    expect(field.last()).toBe('12850');
  });

  it('supplier payment: 20,000 against a $9,533.33 balance keeps every keystroke and says why', () => {
    const field = render(BALANCE, '');
    expect(typeKeys('20,000')).toEqual(['2', '20', '20,', '20,0', '20,00', '20,000']);
    expect(shownError()).toBe('No puede ser mayor que el saldo ($9,533.33).');
    expect(field.last()).toBe('20000');
    expect(field.values).not.toContain('9533.33');
    blur();
    expect(input().value).toBe('20,000.00');
    expect(shownError()).toBe('No puede ser mayor que el saldo ($9,533.33).');
  });

  it('money shows its scale: a quoted 1234.50 read back as "1234.5" shows 1234.50', () => {
    const field = render({ precision: 2, money: true, min: 0 }, '1234.5');
    expect(input().value).toBe('1234.50');
    expect(field.values).toEqual([]);
    typeKeys('');
    setText('99.9');
    blur();
    expect(input().value).toBe('99.90');
    expect(field.last()).toBe('99.9');
  });

  it('reads 1,234.5 as 1234.5 and refuses -1 and abc in Spanish', () => {
    const field = render({ precision: 2, min: 0 }, '');
    setText('1,234.5');
    expect(field.last()).toBe('1234.5');
    expect(shownError()).toBeNull();
    setText('-1');
    expect(shownError()).toBe('No puede ser negativo.');
    expect(field.last()).toBe('');
    setText('abc');
    expect(input().value).toBe('abc');
    expect(shownError()).toBe('Escribe solo cifras y punto decimal, por ejemplo 1234.50.');
    expect(field.last()).toBe('');
  });

  it('a value set from outside («Liquidar», a reset) replaces the text', () => {
    render(BALANCE, '', '9533.33');
    typeKeys('20,000');
    act(() => (document.querySelector('button') as HTMLButtonElement).click());
    expect(input().value).toBe('9533.33');
    expect(shownError()).toBeNull();
  });

  it('a form with a refused figure does not submit and points at the field', () => {
    const onSubmit = vi.fn();
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    function Form() {
      const [value, setValue] = useState('');
      const field = createElement(NumberField, { label: 'Cantidad', ...PPE, value, onChange: setValue });
      return createElement(EditDialogForm, { onSubmit, onCancel: () => undefined, saving: false, children: field });
    }
    act(() => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(Form))));
    typeKeys('1,5');
    const submit = () => act(() => (document.querySelector('form') as HTMLFormElement).requestSubmit());
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input());
    expect(shownError()).toBe('Usa punto para decimales: 1.5');
    setText('2');
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
