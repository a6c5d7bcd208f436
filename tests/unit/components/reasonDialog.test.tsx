// @vitest-environment jsdom
// The shared "¿por qué?" dialog: an empty required reason is refused in
// Spanish without calling the server; a refusal naming `reason` shows its
// message under the field and keeps the dialog open; a success sends the
// trimmed reason and closes it; an optional reason may go empty.
import { installMantineDom } from '../mantineDom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ReasonDialog, REASON_DIALOG_TEXTS, type ReasonDialogProps } from '../../../client/components/ReasonDialog';

beforeAll(() => {
  installMantineDom();
  // The autosize Textarea listens for web fonts, which jsdom lacks.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
});

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  document.body.innerHTML = '';
});

function render(over: Partial<ReasonDialogProps> = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn<(reason: string) => Promise<unknown>>(() => Promise.resolve());
  const props: ReasonDialogProps = { opened: true, title: 'Rechazar requisición', message: 'R-000012', confirmLabel: 'Rechazar', onClose, onConfirm, ...over };
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const draw = (p: ReasonDialogProps) => act(() => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(ReasonDialog, p))));
  draw(props);
  return { props, onClose: props.onClose as typeof onClose, onConfirm: props.onConfirm as typeof onConfirm, draw };
}

const dialog = () => document.querySelector('[role="dialog"]');
const textarea = () => document.querySelector('textarea') as HTMLTextAreaElement;
const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;
const fieldError = () => document.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;

function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(textarea(), value);
    textarea().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(label: string) {
  await act(async () => {
    button(label).click();
    await Promise.resolve();
  });
}

const refusal = (fields: Record<string, string>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message: 'Revisa los datos marcados.', extensions: { code: 'BAD_USER_INPUT', fields } }] });

describe('ReasonDialog', () => {
  it('shows the title, the message, the Spanish reason label and both buttons', () => {
    render();
    expect(dialog()?.textContent).toContain('Rechazar requisición');
    expect(dialog()?.textContent).toContain('R-000012');
    expect(document.querySelector('label')?.textContent).toContain('Motivo');
    expect(textarea().placeholder).toBe('Escribe el motivo');
    expect(textarea().maxLength).toBe(500);
    expect(button('Cancelar')).toBeDefined();
    expect(button('Rechazar')).toBeDefined();
  });

  it('an empty (or blank) reason shows the Spanish message and does not call onConfirm', async () => {
    const { onConfirm, onClose } = render();
    await click('Rechazar');
    expect(fieldError()).toBe('Escribe el motivo.');
    expect(REASON_DIALOG_TEXTS.required).toBe('Escribe el motivo.');
    type('   ');
    await click('Rechazar');
    expect(fieldError()).toBe('Escribe el motivo.');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('a refusal with fields.reason shows it under the field and keeps the dialog open', async () => {
    const onConfirm = vi.fn(() => Promise.reject(refusal({ reason: 'Máximo 500 caracteres.' })));
    const { onClose } = render({ onConfirm });
    type('  Sin presupuesto  ');
    await click('Rechazar');
    expect(onConfirm).toHaveBeenCalledWith('Sin presupuesto');
    expect(fieldError()).toBe('Máximo 500 caracteres.');
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
    expect(textarea().value).toBe('  Sin presupuesto  ');
    expect(button('Rechazar').disabled).toBe(false);
  });

  it('a refusal without a reason field shows the server message under the field', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new CombinedGraphQLErrors({ data: null, errors: [{ message: 'La requisición ya no está pendiente.', extensions: { code: 'CONFLICT' } }] })));
    const { onClose } = render({ onConfirm });
    type('Duplicada');
    await click('Rechazar');
    expect(fieldError()).toBe('La requisición ya no está pendiente.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a refusal naming another field shows that field’s message, not the generic one', async () => {
    const onConfirm = vi.fn(() => Promise.reject(refusal({ acuse: 'El acuse debe tener 7 dígitos.', date: 'La fecha no puede ser futura.' })));
    const { onClose } = render({ onConfirm });
    type('Lote 12');
    await click('Rechazar');
    expect(fieldError()).toBe('El acuse debe tener 7 dígitos. La fecha no puede ser futura.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('fields shown by onFieldErrors are not repeated under the reason', async () => {
    const onConfirm = vi.fn(() => Promise.reject(refusal({ motive: 'Elige el motivo del SAT.' })));
    const onFieldErrors = vi.fn(() => true);
    render({ onConfirm, onFieldErrors });
    type('Error en el RFC');
    await click('Rechazar');
    expect(onFieldErrors).toHaveBeenCalledWith({ motive: 'Elige el motivo del SAT.' });
    expect(fieldError()).toBeNull();
  });

  it('a success sends the trimmed reason and closes the dialog as confirmed', async () => {
    const { onConfirm, onClose, props, draw } = render();
    type(' Duplicada ');
    await click('Rechazar');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith('Duplicada');
    expect(onClose).toHaveBeenCalledExactlyOnceWith(true);
    // The parent closes it; reopened, it starts empty.
    draw({ ...props, opened: false });
    expect(dialog()).toBeNull();
    draw({ ...props, opened: true });
    expect(textarea().value).toBe('');
    expect(fieldError()).toBeNull();
  });

  it('Cancelar closes without confirming', async () => {
    const { onConfirm, onClose } = render();
    type('Algo');
    await click('Cancelar');
    expect(onClose).toHaveBeenCalledExactlyOnceWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('an optional reason may go empty, with the given label and length', async () => {
    const { onConfirm, onClose } = render({ required: false, reasonLabel: 'Motivo de la reactivación', maxLength: 300, confirmLabel: 'Reactivar' });
    expect(document.querySelector('label')?.textContent).toBe('Motivo de la reactivación');
    expect(textarea().maxLength).toBe(300);
    await click('Reactivar');
    expect(onConfirm).toHaveBeenCalledWith('');
    expect(onClose).toHaveBeenCalledExactlyOnceWith(true);
  });
});
