// @vitest-environment jsdom
// The CSD dialog of Facturas: the CSD's public data with its days left (orange at 30 days or
// less, red once expired), «Sin CSD» without one, no upload form for a read-only user; an
// upload sends both files through uploadFile and their ids to companyCsdUpload, and a refusal
// (the server's or /api/files') lands under the input it is about, with nothing sent after it.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { FormattedExecutionResult } from 'graphql';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { installMantineDom } from '../mantineDom';

const uploads: string[] = [];
let refuseUpload: string | null = null;
vi.mock('../../../client/components/attachments', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../client/components/attachments')>();
  return {
    ...real,
    uploadFile: async (file: File) => {
      if (refuseUpload && file.name === refuseUpload) throw new real.FileTransferError('invalid-argument', 'El archivo no es un certificado ni una llave en formato DER.');
      uploads.push(file.name);
      return { id: `id-${file.name}`, fileName: file.name, contentType: 'application/octet-stream', fileType: 'der', size: file.size };
    },
  };
});

const { CompanyCsdDialog } = await import('../../../client/modules/settings/company/CompanyCsdDialog');

type Reply = FormattedExecutionResult;
const CSD = { __typename: 'CompanyCsd', rfc: 'EKU9003173C9', holderName: 'ESCUELA KEMPER URGATE SA DE CV', noCertificado: '30001000000500003416', validFrom: '2023-05-18T12:00:00.000Z', validTo: '2027-05-18T12:00:00.000Z', daysToExpiry: 172, uploadedAt: '2026-11-27T17:00:00.000Z' };

let root: Root | null = null;
let container: HTMLElement | null = null;
const requests: { name: string; variables: Record<string, unknown> }[] = [];
let replies: Record<string, Reply> = {};

beforeAll(() => {
  installMantineDom();
  Element.prototype.scrollIntoView ??= () => undefined;
});
beforeEach(() => {
  uploads.length = 0;
  requests.length = 0;
  refuseUpload = null;
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

async function render(csd: typeof CSD | null, { readOnly = false, upload }: { readOnly?: boolean; upload?: Reply } = {}) {
  replies = { CompanyCsdDetail: { data: { companyCsd: csd } }, CompanyCsdUpload: upload ?? { data: { companyCsdUpload: { ...CSD, noCertificado: '30001000000500009999' } } } };
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new ApolloLink((operation) => {
      requests.push({ name: operation.operationName ?? '', variables: operation.variables });
      return of(replies[operation.operationName ?? '']);
    }),
  });
  const onClose = vi.fn();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      createElement(ApolloProvider, {
        client,
        children: createElement(MantineProvider, { env: 'test' }, createElement(Notifications), createElement(CompanyCsdDialog, { opened: true, readOnly, onClose })),
      }),
    );
  });
  await waitFor(() => !document.querySelector('[role="dialog"] .mantine-Skeleton-root'));
  return onClose;
}

const text = () => document.querySelector('[role="dialog"]')?.textContent ?? '';
const button = (label: string) => [...document.querySelectorAll('[role="dialog"] button')].find((el) => el.textContent?.trim() === label) as HTMLButtonElement | undefined;
const fileInput = (accept: string) => document.querySelector(`[role="dialog"] input[type="file"][accept="${accept}"]`) as HTMLInputElement;
const passwordInput = () => document.querySelector('[role="dialog"] input[type="password"]') as HTMLInputElement;
/** The error message Mantine shows under the input with this label. */
const errorUnder = (label: string) => {
  const wrapper = [...document.querySelectorAll('[role="dialog"] .mantine-InputWrapper-root')].find((w) => w.querySelector('label')?.textContent?.startsWith(label));
  return wrapper?.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;
};

function pick(input: HTMLInputElement, name: string) {
  const file = new File([new Uint8Array([0x30, 0x82, 0x01, 0x00])], name, { type: 'application/octet-stream' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function waitFor(check: () => boolean, timeoutMs = 2000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}
async function fillAndSubmit(password = '12345678a') {
  pick(fileInput('.cer'), 'EKU9003173C9.cer');
  pick(fileInput('.key'), 'EKU9003173C9.key');
  type(passwordInput(), password);
  await act(async () => button('Cargar CSD')!.click());
}

describe('CompanyCsdDialog', () => {
  it('shows the CSD: RFC, titular, número, vigencia dd/mm/aaaa and the days left', async () => {
    await render(CSD);
    for (const value of ['EKU9003173C9', 'ESCUELA KEMPER URGATE SA DE CV', '30001000000500003416', '18/05/2023 al 18/05/2027', 'Quedan 172 días']) expect(text()).toContain(value);
    expect(text()).not.toContain('por vencer');
    expect(document.querySelector('[data-testid="csd-days"]')?.getAttribute('style') ?? '').toContain('teal');
  });

  it('warns in orange at 30 days or less and in red once expired', async () => {
    await render({ ...CSD, daysToExpiry: 30 });
    expect(text()).toContain('Quedan 30 días');
    expect(text()).toContain('El CSD está por vencer');
    expect(document.querySelector('[data-testid="csd-days"]')?.getAttribute('style') ?? '').toContain('orange');
    act(() => root?.unmount());
    await render({ ...CSD, daysToExpiry: -2 });
    expect(text()).toContain('Venció hace 2 días');
    expect(text()).toContain('El CSD venció');
    expect(document.querySelector('[data-testid="csd-days"]')?.getAttribute('style') ?? '').toContain('red');
  });

  it('says invoices cannot be stamped without a CSD', async () => {
    await render(null);
    expect(text()).toContain('Sin CSD: las facturas no se pueden timbrar.');
    expect(text()).toContain('Cargar un CSD');
  });

  it('shows a read-only user the data without the upload form', async () => {
    await render(CSD, { readOnly: true });
    expect(text()).toContain('30001000000500003416');
    expect(fileInput('.cer')).toBeNull();
    expect(passwordInput()).toBeNull();
    expect(button('Cargar CSD')).toBeUndefined();
    expect(button('Cerrar')).toBeDefined();
  });

  it('asks for the three fields before sending anything', async () => {
    await render(CSD);
    await act(async () => button('Cargar CSD')!.click());
    expect(errorUnder('Certificado (.cer)')).toBe('Este campo es obligatorio.');
    expect(errorUnder('Llave privada (.key)')).toBe('Este campo es obligatorio.');
    expect(errorUnder('Contraseña de la llave privada')).toBe('Este campo es obligatorio.');
    expect(uploads).toEqual([]);
    expect(requests.map((r) => r.name)).toEqual(['CompanyCsdDetail']);
  });

  it('uploads both files and sends their ids with the password, then closes', async () => {
    const onClose = await render(CSD);
    await fillAndSubmit();
    await waitFor(() => onClose.mock.calls.length > 0);
    expect(uploads).toEqual(['EKU9003173C9.cer', 'EKU9003173C9.key']);
    expect(requests.find((r) => r.name === 'CompanyCsdUpload')?.variables).toEqual({ input: { cerFileId: 'id-EKU9003173C9.cer', keyFileId: 'id-EKU9003173C9.key', password: '12345678a' } });
    await waitFor(() => (document.body.textContent ?? '').includes('CSD cargado: las facturas se sellarán con el certificado 30001000000500009999.'));
  });

  it('puts the server refusal under its input (password, certificate) and says it only once', async () => {
    const refusal = (field: string, message: string): Reply => ({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields: { [field]: message } } }] });
    const onClose = await render(CSD, { upload: refusal('password', 'La contraseña de la llave privada (.key) es incorrecta.') });
    await fillAndSubmit('otra');
    await waitFor(() => errorUnder('Contraseña de la llave privada') !== null);
    expect(errorUnder('Contraseña de la llave privada')).toBe('La contraseña de la llave privada (.key) es incorrecta.');
    expect(text()).toContain('Revisa los datos marcados.');
    expect(text().split('es incorrecta').length - 1).toBe(1);
    expect(onClose).not.toHaveBeenCalled();

    replies.CompanyCsdUpload = refusal('cerFileId', 'El certificado es de una e.firma (FIEL), no un CSD: sube el certificado de sello digital.');
    type(passwordInput(), '12345678a');
    await act(async () => button('Cargar CSD')!.click());
    await waitFor(() => errorUnder('Certificado (.cer)') !== null);
    expect(errorUnder('Certificado (.cer)')).toBe('El certificado es de una e.firma (FIEL), no un CSD: sube el certificado de sello digital.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a file /api/files refused under that file and sends nothing after it', async () => {
    await render(CSD);
    refuseUpload = 'EKU9003173C9.key';
    await fillAndSubmit();
    await waitFor(() => errorUnder('Llave privada (.key)') !== null);
    expect(errorUnder('Llave privada (.key)')).toBe('El archivo no es un certificado ni una llave en formato DER.');
    expect(errorUnder('Certificado (.cer)')).toBeNull();
    expect(requests.map((r) => r.name)).toEqual(['CompanyCsdDetail']);
  });
});
