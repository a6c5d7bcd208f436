// @vitest-environment jsdom
// The save flow of every edit form: validate → mutate → reset dirty → notice →
// onSaved; a failure puts field messages under their inputs and the rest above
// the form (or in a notice, for the errors asNotice picks); another action's
// error shown with setError is cleared by the next save.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { FormErrors } from '@mantine/form';
import { useFormSave, type FormSave } from '../../../client/components/useFormSave';

const notified = vi.hoisted(() => [] as string[]);
const notifiedErrors = vi.hoisted(() => [] as [string, string | undefined][]);
vi.mock('../../../client/components/notify', () => ({
  notifySuccess: (message: string) => notified.push(message),
  notifyError: (message: string, title?: string) => notifiedErrors.push([message, title]),
}));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  notified.length = 0;
  notifiedErrors.length = 0;
});

type Values = { name: string };

function makeForm(hasErrors = false) {
  const form = {
    errors: {} as FormErrors,
    validate: vi.fn(() => ({ hasErrors })),
    getValues: () => ({ name: 'Acme' }),
    resetDirty: vi.fn(),
    setErrors: vi.fn((errors: FormErrors) => {
      form.errors = errors;
    }),
  };
  return form;
}

let hook: FormSave<Values> | null = null;
type Extra = Pick<Parameters<typeof useFormSave<Values>>[0], 'validate' | 'mapError' | 'asNotice' | 'noticeTitle'>;
function mount(form: ReturnType<typeof makeForm>, onSaved: () => void, readOnly = false, extra: Extra = {}) {
  function Editor() {
    hook = useFormSave<Values>({ form, fields: ['name'], onSaved, readOnly, ...extra });
    return createElement('p', null, hook.saving ? 'guardando' : 'listo');
  }
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(createElement(Editor)));
}

const badInput = new CombinedGraphQLErrors({
  data: null,
  errors: [{ message: 'Revisa los datos capturados.', extensions: { code: 'BAD_USER_INPUT', fields: { name: 'Ya existe.', total: 'El total no cuadra.' } } }],
});

describe('useFormSave', () => {
  it('saves the validated values, resets dirty, notifies and calls onSaved', async () => {
    const form = makeForm();
    const onSaved = vi.fn();
    mount(form, onSaved);
    const mutate = vi.fn(async (values: Values) => `Guardado ${values.name}.`);
    await act(() => hook!.save(mutate));
    expect(mutate).toHaveBeenCalledWith({ name: 'Acme' });
    expect(form.resetDirty).toHaveBeenCalledOnce();
    expect(notified).toEqual(['Guardado Acme.']);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(hook!.saving).toBe(false);
    expect(hook!.error).toBeNull();
  });

  it("goes where the save says instead of onSaved (a new record's page)", async () => {
    const form = makeForm();
    const onSaved = vi.fn();
    const openCreated = vi.fn();
    mount(form, onSaved);
    await act(() => hook!.save(async () => ({ message: 'Cotización registrada.', onSaved: openCreated })));
    expect(form.resetDirty).toHaveBeenCalledOnce();
    expect(notified).toEqual(['Cotización registrada.']);
    expect(openCreated).toHaveBeenCalledOnce();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('raises no notice when the page it opens is the answer', async () => {
    const form = makeForm();
    const onSaved = vi.fn();
    const openCreated = vi.fn();
    mount(form, onSaved);
    await act(() => hook!.save(async () => ({ message: null, onSaved: openCreated })));
    expect(notified).toEqual([]);
    expect(openCreated).toHaveBeenCalledOnce();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('does not mutate when validation fails or the form is read-only', async () => {
    const mutate = vi.fn(async () => 'no');
    mount(makeForm(true), vi.fn());
    await act(() => hook!.save(mutate));
    act(() => root?.unmount());
    mount(makeForm(), vi.fn(), true);
    await act(() => hook!.save(mutate));
    expect(mutate).not.toHaveBeenCalled();
  });

  it('places field messages under their inputs and the rest above the form', async () => {
    const form = makeForm();
    const onSaved = vi.fn();
    mount(form, onSaved);
    await act(() => hook!.save(() => Promise.reject(badInput)));
    expect(form.setErrors).toHaveBeenCalledWith({ name: 'Ya existe.' });
    expect(hook!.error).toEqual({ code: 'BAD_USER_INPUT', message: 'El total no cuadra.', fields: { name: 'Ya existe.', total: 'El total no cuadra.' } });
    expect(onSaved).not.toHaveBeenCalled();
    expect(notified).toEqual([]);
    expect(hook!.saving).toBe(false);
  });

  it("shows another action's error with setError until the next save", async () => {
    mount(makeForm(), vi.fn());
    const conflict = { code: 'CONFLICT' as const, message: 'Otro usuario cambió el registro.', fields: {} };
    act(() => hook!.setError(conflict));
    expect(hook!.error).toEqual(conflict);
    await act(() => hook!.save(async () => 'Guardado.'));
    expect(hook!.error).toBeNull();
  });

  it("stops on the form's own checks and sets their messages beside the rules' ones", async () => {
    const form = makeForm();
    form.errors = { name: 'Obligatorio.' };
    const mutate = vi.fn(async () => 'no');
    mount(form, vi.fn(), false, { validate: (): Record<string, string> => ({ 'lines.0.quantity': 'Debe ser mayor a cero.' }) });
    await act(() => hook!.save(mutate));
    expect(form.setErrors).toHaveBeenCalledWith({ name: 'Obligatorio.', 'lines.0.quantity': 'Debe ser mayor a cero.' });
    expect(mutate).not.toHaveBeenCalled();
    act(() => root?.unmount());
    const passing = makeForm();
    mount(passing, vi.fn(), false, { validate: () => ({}) });
    await act(() => hook!.save(mutate));
    expect(mutate).toHaveBeenCalledOnce();
  });

  it('places server messages under the inputs mapError names', async () => {
    const form = makeForm();
    mount(form, vi.fn(), false, { mapError: (error): Record<string, string> => ({ 'apply.7': error.fields.total ?? '' }) });
    await act(() => hook!.save(() => Promise.reject(badInput)));
    expect(form.setErrors).toHaveBeenCalledWith({ name: 'Ya existe.', 'apply.7': 'El total no cuadra.' });
  });

  it('says the errors asNotice picks in a notice instead of above the form, still placing their fields', async () => {
    const form = makeForm();
    mount(form, vi.fn(), false, { asNotice: (error) => error.code === 'BAD_USER_INPUT', noticeTitle: 'No se pudo guardar' });
    await act(() => hook!.save(() => Promise.reject(badInput)));
    expect(form.setErrors).toHaveBeenCalledWith({ name: 'Ya existe.' });
    expect(notifiedErrors).toEqual([['Revisa los datos capturados.', 'No se pudo guardar']]);
    expect(hook!.error).toBeNull();
    const conflict = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'Otro usuario cambió el registro.', extensions: { code: 'CONFLICT' } }] });
    await act(() => hook!.save(() => Promise.reject(conflict)));
    expect(notifiedErrors).toHaveLength(1);
    expect(hook!.error?.message).toBe('Otro usuario cambió el registro.');
  });
});
