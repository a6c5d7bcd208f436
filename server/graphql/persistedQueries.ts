// ERP_PERSISTED_QUERIES=only: the GraphQL endpoint accepts only the operations the SPA ships,
// listed at build time in generated/persisted-operations.json (sha256 → document, written by
// `npm run codegen`). A request sends the whole document (it must be one of the list, up to
// formatting and the __typename fields Apollo Client adds) or only
// `extensions.persistedQuery.sha256Hash` of a listed document.
import fs from 'node:fs';
import { Kind, parse, print, visit, type DocumentNode } from 'graphql';
import { fromRoot } from '../lib/paths';
import { PARSE_OPTIONS } from './armor';

export const PERSISTED_QUERY_REFUSED = 'Este servidor solo acepta las operaciones de la aplicación (lista de consultas persistidas): la operación enviada no está en la lista.';
// SPEC §1 allows five codes; an operation outside the list is forbidden by policy (HTTP 400: the request itself is what is refused).
export const PERSISTED_QUERY_CODE = 'FORBIDDEN';

const manifestFile = fromRoot('generated/persisted-operations.json');

/** Formatting, definition order and __typename selections do not change which data an operation reads. */
export function canonicalDocument(document: DocumentNode): string {
  const stripped = visit(document, {
    Field: (node) => (node.name.value === '__typename' && !node.alias ? null : undefined),
  });
  const definitions = [...stripped.definitions].sort((a, b) => {
    const key = (d: (typeof stripped.definitions)[number]) => `${d.kind === Kind.OPERATION_DEFINITION ? '0' : '1'}${'name' in d && d.name ? d.name.value : ''}`;
    return key(a).localeCompare(key(b));
  });
  return print({ ...stripped, definitions });
}

export type AllowList = {
  size: number;
  /** The document to execute, or null when the request is not an allowed operation. */
  resolve(query: unknown, extensions: unknown): string | null;
};

export function readManifest(): Record<string, string> {
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`ERP_PERSISTED_QUERIES=only necesita ${manifestFile}: ejecuta "npm run codegen" (lo generan también npm install y npm start).`);
  }
  return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string>;
}

/** The manifest when `npm run codegen` wrote it, else null (the read fast path is then off). */
export const manifestIfPresent = (): Record<string, string> | null => (fs.existsSync(manifestFile) ? readManifest() : null);

export function createAllowList(manifest: Record<string, string> = readManifest()): AllowList {
  const byHash = new Map(Object.entries(manifest));
  const canonical = new Set([...byHash.values()].map((doc) => canonicalDocument(parse(doc, PARSE_OPTIONS))));
  return {
    size: byHash.size,
    resolve(query, extensions) {
      const hash = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery?.sha256Hash;
      if (typeof query === 'string' && query.trim() !== '') {
        if (byHash.has(hash as string) && byHash.get(hash as string) === query) return query;
        try {
          return canonical.has(canonicalDocument(parse(query, PARSE_OPTIONS))) ? query : null;
        } catch {
          return null;
        }
      }
      return typeof hash === 'string' ? (byHash.get(hash) ?? null) : null;
    },
  };
}

/**
 * A POST body with its document vetted: the listed document in `query` and the hash taken out of
 * `extensions` (Apollo would otherwise look the hash up in its own cache), or null to refuse.
 */
export function allowedPostBody(allowList: AllowList, body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  const query = allowList.resolve(fields.query, fields.extensions);
  if (query === null) return null;
  const { persistedQuery: _hash, ...extensions } = (typeof fields.extensions === 'object' && fields.extensions ? fields.extensions : {}) as Record<string, unknown>;
  return { ...fields, query, extensions };
}
