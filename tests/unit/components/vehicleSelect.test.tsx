// @vitest-environment jsdom
// The shared vehicle picker: labels, the chosen vehicle kept when a search
// leaves it out, and the options read from vehicleOptions.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { VehicleSelect, vehicleLabel, vehicleSelectData } from '../../../client/components/VehicleSelect';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const NP300 = { __typename: 'VehicleOption' as const, id: '1', economicNumber: 'ECO-001', plate: 'QAL-100-A', brand: 'Nissan', model: 'NP300', status: 'activo' as const, odometerKm: 14055 };
const HILUX = { __typename: 'VehicleOption' as const, id: '7', economicNumber: 'ECO-007', plate: 'WJN-322-G', brand: 'Toyota', model: 'Hilux', status: 'en_taller' as const, odometerKm: 116193 };

describe('vehicle picker data', () => {
  it('labels a vehicle by número económico, brand and model, plates and km, and marks one en taller', () => {
    expect(vehicleLabel(NP300)).toBe('ECO-001 · Nissan NP300 · QAL-100-A · 14,055 km');
    expect(vehicleLabel(HILUX)).toBe('ECO-007 · Toyota Hilux · WJN-322-G · 116,193 km (en taller)');
    expect(vehicleLabel({ id: '3', economicNumber: 'ECO-003' })).toBe('ECO-003');
  });
  it('keeps the chosen vehicle first when the search does not return it', () => {
    expect(vehicleSelectData([HILUX], '1', [null, NP300]).map((o) => o.value)).toEqual(['1', '7']);
    expect(vehicleSelectData([NP300, HILUX], '1', [])).toHaveLength(2);
    expect(vehicleSelectData([HILUX], '', [NP300]).map((o) => o.value)).toEqual(['7']);
  });
});

describe('VehicleSelect', () => {
  let root: Root | null = null;
  let host: HTMLDivElement | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });

  it('asks vehicleOptions with the limit and includeInShop and shows the known vehicle as the value', async () => {
    const requests: Record<string, unknown>[] = [];
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink((operation) => {
        requests.push({ name: operation.operationName, ...operation.variables });
        return of({ data: { vehicleOptions: [HILUX] } });
      }),
    });
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    await act(async () => {
      root!.render(
        createElement(ApolloProvider, {
          client,
          children: createElement(MantineProvider, null, createElement(VehicleSelect, { value: '1', known: NP300, includeInShop: false, onChange: () => undefined, label: 'Vehículo', limit: 10 })),
        }),
      );
    });
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    // The first request; on a loaded machine the debounced search of the shown label may follow it.
    expect(requests[0]).toEqual({ name: 'VehicleOptionList', search: null, limit: 10, includeInShop: false });
    const input = host.querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('ECO-001 · Nissan NP300 · QAL-100-A · 14,055 km');
    expect(host.textContent).toContain('Vehículo');
  });
});
