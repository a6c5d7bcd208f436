// @vitest-environment jsdom
// The invoice's «Timbre fiscal»: a stamped invoice shows Timbrada, its UUID (copyable) and the
// stamping time; the sandbox PAC's stamp says SIN VALIDEZ FISCAL, a real PAC's does not; a
// pendiente one says what «Timbrar» does; one emitted before stamping existed says it has none.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { InvoiceStamp } from '../../../client/modules/sales/components/InvoiceStamp';
import { installMantineDom } from '../mantineDom';

beforeAll(() => installMantineDom());

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

const UUID = '09CABB56-A0F3-44F4-8334-0CA521ECD655';
type Stamp = Parameters<typeof InvoiceStamp>[0]['invoice'];

function render(invoice: Stamp): string {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(InvoiceStamp, { invoice }))));
  return container.textContent ?? '';
}

describe('InvoiceStamp', () => {
  it('shows a sandbox stamp: Timbrada, the UUID with its copy button, the time and SIN VALIDEZ FISCAL', () => {
    const text = render({ stampStatus: 'timbrada', uuid: UUID, stampedAt: '2026-11-22T18:01:00.000Z', stampSandbox: true });
    expect(text).toContain('Timbre fiscal');
    expect(text).toContain('Timbrada');
    expect(container?.querySelector('[data-testid="invoice-uuid"]')?.textContent).toBe(UUID);
    expect(container?.querySelector('button[aria-label="Copiar folio fiscal"]')).not.toBeNull();
    expect(text).toMatch(/Fecha de timbrado\d{2}\/\d{2}\/2026 \d{2}:\d{2}/);
    expect(text).toContain('Timbrada por el PAC de pruebas: SIN VALIDEZ FISCAL');
  });

  it('says nothing about validity for a real PAC', () => {
    const text = render({ stampStatus: 'timbrada', uuid: UUID, stampedAt: '2026-11-22T18:01:00.000Z', stampSandbox: false });
    expect(text).toContain(UUID);
    expect(text).not.toContain('SIN VALIDEZ FISCAL');
  });

  it('a pendiente invoice has no UUID yet and says «Timbrar» retries it', () => {
    const text = render({ stampStatus: 'pendiente', uuid: null, stampedAt: null, stampSandbox: null });
    expect(text).toContain('Pendiente de timbrar');
    expect(text).toContain('usa «Timbrar» para reintentarlo');
    expect(container?.querySelector('[data-testid="invoice-uuid"]')).toBeNull();
  });

  it('an invoice emitted before stamping existed says it has neither seal nor stamp', () => {
    const text = render({ stampStatus: null, uuid: null, stampedAt: null, stampSandbox: null });
    expect(text).toContain('Emitida antes del timbrado: este CFDI no tiene sello ni timbre.');
    expect(text).not.toContain('Timbre fiscal');
  });

  it('a cancellation with substitution says its status, its motivo and the CFDI that replaces it', () => {
    const substitute = '5F3B1E2A-7C4D-4E8F-9A0B-1C2D3E4F5A6B';
    render({ stampStatus: 'timbrada', uuid: UUID, stampedAt: '2026-11-22T18:01:00.000Z', stampSandbox: true, satCancelStatus: 'cancelada', satCancelMotivo: '01', satCancelSubstitute: substitute });
    const box = container?.querySelector('[data-testid="invoice-sat-cancel"]')?.textContent ?? '';
    expect(box).toBe(`Cancelada ante el SATMotivo: 01 · Comprobante emitido con errores con relación (lo sustituye otra factura)La sustituye el CFDI ${substitute}`);
    expect(container?.querySelector('[data-testid="invoice-substitute-uuid"]')?.textContent).toBe(substitute);
  });

  it('a cancellation without substitution (motivo 02) names no substitute', () => {
    render({ stampStatus: 'timbrada', uuid: UUID, stampedAt: '2026-11-22T18:01:00.000Z', stampSandbox: false, satCancelStatus: 'solicitada', satCancelMotivo: '02', satCancelSubstitute: null });
    const box = container?.querySelector('[data-testid="invoice-sat-cancel"]')?.textContent ?? '';
    expect(box).toBe('Cancelación solicitada: el receptor debe aceptarlaMotivo: 02 · Comprobante emitido con errores sin relación');
    expect(container?.querySelector('[data-testid="invoice-substitute-uuid"]')).toBeNull();
  });
});
