// The AppRoute of the screen being shown, read from the router's matches so
// the shell (title, breadcrumbs) and generic screens don't need props.
import { useMatches } from 'react-router-dom';
import type { AppRoute } from './types';

/** `title` alone marks routes outside the table (the 404 page). */
export type RouteHandle = { title: string; appRoute?: AppRoute };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

function useDeepestHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

export function useCurrentAppRoute(): AppRoute | null {
  return useDeepestHandle()?.appRoute ?? null;
}

export function useCurrentTitle(): string | null {
  return useDeepestHandle()?.title ?? null;
}
