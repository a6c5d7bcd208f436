// jsdom lacks the layout APIs Mantine probes (matchMedia, ResizeObserver, document.fonts):
// one stand-in for every component test. `matches` decides media queries
// (a phone-width test answers true for "max-width" queries).
export function installMantineDom(matches: (query: string) => boolean = () => false): void {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // Textarea autosize listens for web fonts loading.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
