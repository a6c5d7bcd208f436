// What the SPA POSTs to /api/graphql, for the load generators (bench/load.ts, bench/load-child.ts).
import { createRequire } from 'node:module';

const APOLLO_CLIENT_VERSION = (createRequire(import.meta.url)('@apollo/client/package.json') as { version: string }).version;

/**
 * The POST body Apollo Client 4's HttpLink sends (what the SPA sends): the operation's name, the
 * variables, its client-library extension, the document, in that order. The server answers the
 * SPA's persisted reads sent this way by its short path (server/graphql/readFastPath.ts), which
 * needs the operationName; a document without a name (`{ __typename }`) is sent without one.
 */
export function graphqlBody(query: string, variables: Record<string, unknown>): string {
  const operationName = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1];
  const extensions = { clientLibrary: { name: '@apollo/client', version: APOLLO_CLIENT_VERSION } };
  return JSON.stringify(operationName ? { operationName, variables, extensions, query } : { variables, extensions, query });
}
