// Where to go after signing in: the guard sends a signed-out visitor to the
// landing page with the page they asked for in `?next=`, the sign-in pages
// keep it, and a successful sign-in opens it. Only paths of this origin are
// followed, so a crafted link cannot send a fresh session elsewhere.
export const NEXT_PARAM = 'next';

const PUBLIC_ENTRY = /^\/(login|loginOld|home)(\/|$|\?)/;

/** The same-origin path in `raw`, or null if it is absent, foreign or a sign-in page. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://erp.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://erp.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return PUBLIC_ENTRY.test(path) || path === '/' ? null : path;
}

/** `path` with `?next=<wanted>` appended when `wanted` is worth returning to. */
export function withNext(path: string, wanted: string | null | undefined): string {
  const next = safeNextPath(wanted);
  if (!next) return path;
  const joiner = path.includes('?') ? '&' : '?';
  return `${path}${joiner}${NEXT_PARAM}=${encodeURIComponent(next)}`;
}

/** The `next` carried by a location's query string (already validated). */
export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));
}

/** The query string to keep on links between the public pages (`?next=…` or ''). */
export function nextSearch(search: string): string {
  const next = nextFromSearch(search);
  return next ? `?${NEXT_PARAM}=${encodeURIComponent(next)}` : '';
}
