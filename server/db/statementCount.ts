// Test-only SQL statement counter (ERP_COUNT_SQL=1): drizzle's logger counts
// every statement issued inside a request's async context, and the GraphQL
// answer carries the count in `extensions.sqlStatements`, so API tests can
// prove a query costs a fixed number of statements (no N+1). Off by default:
// no logger, no extension.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

const requests = new AsyncLocalStorage<{ statements: number }>();

// Honoured in production too: the tests run the production server, and a count of statements
// (never their text) tells a client nothing about the data. server/main.ts warns when it is on.
// Read once: process.env is a slow lookup and this is asked on every request.
const ENABLED = process.env.ERP_COUNT_SQL === '1';
export const statementCountEnabled = (): boolean => ENABLED;

/** The drizzle logger that counts (undefined when counting is off). */
export function statementCounter(): Logger | undefined {
  if (!statementCountEnabled()) return undefined;
  return {
    logQuery() {
      const store = requests.getStore();
      if (store) store.statements += 1;
    },
  };
}

/** Runs `work` (the rest of one request) with a fresh count. */
export const countStatements = <T>(work: () => T): T => requests.run({ statements: 0 }, work);

/** Statements counted so far in this request, or null outside one. */
export const statementsSoFar = (): number | null => requests.getStore()?.statements ?? null;
