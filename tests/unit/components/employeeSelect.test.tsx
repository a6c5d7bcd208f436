// @vitest-environment jsdom
// The shared employee picker: labels, the chosen employee kept when a search
// leaves it out, and the options read from rhEmployeeOptions.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { EmployeeSelect, employeeLabel, employeeSelectData } from '../../../client/components/EmployeeSelect';

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

const ANA = { __typename: 'RhEmployeeOption' as const, id: '7', number: 'E-0007', fullName: 'López Pérez Ana', positionName: 'Técnico', areaName: 'Operaciones' };
const LUIS = { __typename: 'RhEmployeeOption' as const, id: '9', number: 'E-0009', fullName: 'Ruiz Díaz Luis', positionName: 'Chofer', areaName: 'Logística' };

describe('employee picker data', () => {
  it('labels an employee by number, name and puesto', () => {
    expect(employeeLabel(ANA)).toBe('E-0007 · López Pérez Ana (Técnico)');
    expect(employeeLabel({ id: '3', fullName: 'Sin Número' })).toBe('Sin Número');
  });
  it('keeps the chosen employee first when the search does not return it', () => {
    expect(employeeSelectData([LUIS], '7', [null, ANA])).toEqual([
      { value: '7', label: 'E-0007 · López Pérez Ana (Técnico)' },
      { value: '9', label: 'E-0009 · Ruiz Díaz Luis (Chofer)' },
    ]);
    expect(employeeSelectData([ANA, LUIS], '7', [])).toHaveLength(2);
    expect(employeeSelectData([LUIS], '', [ANA])).toEqual([{ value: '9', label: 'E-0009 · Ruiz Díaz Luis (Chofer)' }]);
  });
});

describe('EmployeeSelect', () => {
  let root: Root | null = null;
  let host: HTMLDivElement | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });

  it('asks rhEmployeeOptions with the limit and shows the known employee as the value', async () => {
    const requests: Record<string, unknown>[] = [];
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink((operation) => {
        requests.push({ name: operation.operationName, ...operation.variables });
        return of({ data: { rhEmployeeOptions: [LUIS] } });
      }),
    });
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    await act(async () => {
      root!.render(
        createElement(ApolloProvider, {
          client,
          children: createElement(MantineProvider, null, createElement(EmployeeSelect, { value: '7', known: ANA, onChange: () => undefined, label: 'Chofer', limit: 10 })),
        }),
      );
    });
    // Past the 250 ms debounce: the chosen employee's label in the box is not sent as a search.
    await act(async () => new Promise((r) => setTimeout(r, 320)));
    expect(requests).toEqual([{ name: 'RhEmployeeOptionList', search: null, limit: 10 }]);
    const input = host.querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('E-0007 · López Pérez Ana (Técnico)');
    expect(host.textContent).toContain('Chofer');
  });
});
