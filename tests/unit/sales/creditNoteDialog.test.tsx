// @vitest-environment jsdom
// The «Nota de crédito» dialog: it opens on a bonificación line (84111506, ACT) with the forma the
// SAT rule gives (15 for a PPD invoice), «Devolución» brings the invoice's lines and previews the
// total with the invoice's rates against its balance, the request carries the lines, and the
// server's refusal over the balance shows in the dialog.
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
import type { InvoiceDetailQuery } from '../../../generated/modules/sales/graphql';

const { CreditNoteDialog } = await import('../../../client/modules/sales/components/CreditNoteDialog');

type Invoice = NonNullable<InvoiceDetailQuery['invoice']>;
const INVOICE = {
  id: '7',
  label: 'A-7',
  formaPago: '99',
  balance: '1044',
  ivaRate: '0.160000',
  isrRetentionRate: '0',
  ivaRetentionRate: '0',
  lines: [{ id: '1', lineNo: 1, generatorId: null, conceptId: null, description: 'Servicio de vigilancia', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '1000', discountPercent: '0', objetoImp: '02', amount: '1000', base: '1000' }],
} as unknown as Invoice;

let root: Root | null = null;
let container: HTMLElement | null = null;
const requests: { name: string; variables: Record<string, unknown> }[] = [];
let reply: FormattedExecutionResult = { data: null };

beforeAll(() => {
  installMantineDom();
  Element.prototype.scrollIntoView ??= () => undefined;
});
beforeEach(() => {
  requests.length = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

async function render() {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new ApolloLink((operation) => {
      requests.push({ name: operation.operationName ?? '', variables: operation.variables });
      return of(reply);
    }),
  });
  const onSaved = vi.fn();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      createElement(ApolloProvider, {
        client,
        children: createElement(MantineProvider, { env: 'test' }, createElement(Notifications), createElement(CreditNoteDialog, { invoice: INVOICE, onClose: vi.fn(), onSaved })),
      }),
    );
  });
  return onSaved;
}

const dialog = () => document.querySelector('[role="dialog"]');
const text = () => dialog()?.textContent ?? '';
const input = (label: string) => dialog()?.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
const button = (label: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((el) => el.textContent?.trim() === label) as HTMLButtonElement;
const radio = (label: string) => [...(dialog()?.querySelectorAll('label') ?? [])].find((el) => el.textContent?.trim() === label) as HTMLLabelElement;
async function waitFor(check: () => boolean, timeoutMs = 2000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

describe('CreditNoteDialog', () => {
  it('starts on a bonificación line (84111506, ACT) with forma 15 for a PPD invoice', async () => {
    await render();
    expect(text()).toContain('Nota de crédito de la factura A-7');
    expect(input('Clave SAT 1').value).toBe('84111506');
    expect(input('Clave unidad 1').value).toBe('ACT');
    expect(input('Descripción 1').value).toBe('Bonificación sobre la factura A-7');
    expect((dialog()?.querySelector('input[value="15 - Condonación"]') as HTMLInputElement | null)?.value).toBe('15 - Condonación');
  }, 20_000);

  it('«Devolución» previews the invoice’s lines against the balance; the server’s refusal shows in the dialog', async () => {
    reply = { errors: [{ message: 'Revisa los datos capturados.', extensions: { code: 'BAD_USER_INPUT', fields: { lines: 'El total de la nota de crédito ($1,160.00) excede el saldo de la factura A-7 ($1,044.00).' } } }] } as unknown as FormattedExecutionResult;
    await render();
    await act(async () => radio('Devolución').click());
    expect(input('Clave SAT 1').value).toBe('80111600');
    // 1,000.00 + IVA 160.00 = 1,160.00; balance 1,044.00 → −116.00 after the note.
    expect(text()).toContain('$1,160.00');
    expect(text()).toContain('-$116.00');
    expect(document.querySelector('[data-testid="credit-note-over"]')?.textContent).toBe('El total excede el saldo de la factura.');
    await act(async () => button('Emitir nota de crédito').click());
    await waitFor(() => requests.length > 0, 10_000);
    expect(requests[0]).toMatchObject({ name: 'CreditNoteCreate', variables: { input: { invoiceId: '7', formaPago: '15', lines: [{ prodServKey: '80111600', unitKey: 'E48', quantity: '1', unitPrice: '1000', objetoImp: '02' }] } } });
    await waitFor(() => text().includes('excede el saldo de la factura A-7 ($1,044.00)'), 10_000);
  }, 20_000);
});
