// @vitest-environment jsdom
// A screen whose code fails to load shows the Spanish message and retries the
// import on "Reintentar"; any other error goes on to the route error boundary.
import { Component, act, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { ScreenHost } from '../../../client/app/routing/ScreenHost';

// React only runs act() warnings-free with this flag set.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // jsdom lacks matchMedia, which Mantine reads for the colour scheme.
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
});

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>route boundary: {String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

let root: Root | null = null;
let container: HTMLDivElement;

async function mount(node: ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(<MantineProvider>{node}</MantineProvider>);
  });
}

async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

describe('ScreenHost', () => {
  it('shows the Spanish load failure and imports again on "Reintentar"', async () => {
    const screen: ComponentType = () => <p>pantalla lista</p>;
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(screen);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await mount(<ScreenHost load={load} />);
    await settle();
    expect(container.textContent).toContain('No se pudo cargar la pantalla.');
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Reintentar');
    expect(retry).toBeDefined();

    await act(async () => {
      retry?.click();
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(container.textContent).toContain('pantalla lista');
  });

  it('rethrows errors that are not load failures', async () => {
    const Broken = () => {
      throw new Error('fallo de render');
    };
    const load = vi.fn(() => Promise.resolve(Broken));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await mount(
      <Outer>
        <ScreenHost load={load} />
      </Outer>,
    );
    await settle();
    expect(container.textContent).toContain('route boundary: fallo de render');
    expect(container.textContent).not.toContain('Reintentar');
  });
});
