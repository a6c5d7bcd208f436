// A screen that shows one thing inside its route (the kárdex of an article
// inside Existencias, a saved record inside its form route) names it: the
// heading and the tab title show that name, and the route's own title
// becomes the last breadcrumb, linking back to the route. Cleared when the
// screen unmounts, so the next screen starts with its route title.
import { useEffect, useSyncExternalStore } from 'react';

type Override = { pathname: string; title: string } | null;

let current: Override = null;
const listeners = new Set<() => void>();

function set(next: Override): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The title a screen gave itself for `pathname`, or null to use the route's. */
export function useScreenTitleOverride(pathname: string): string | null {
  const value = useSyncExternalStore(subscribe, () => current, () => null);
  return value && value.pathname === pathname ? value.title : null;
}

/** Names what the screen shows; null (e.g. while loading, or a new record) keeps the route title. */
export function useScreenTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return undefined;
    const entry = { pathname: window.location.pathname, title };
    set(entry);
    return () => {
      if (current === entry) set(null);
    };
  }, [title]);
}
