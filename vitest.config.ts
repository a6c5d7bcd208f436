import { defineConfig } from 'vitest/config';

// Unit tests only; API and end-to-end suites have their own runners.
export default defineConfig({
  // graphql ships ESM and CJS builds; @graphql-tools loads the CJS one, so
  // point everything at it or graphql-js sees two "realms".
  resolve: { alias: { graphql: 'graphql/index.js' } },
  // Two workers: Vitest's default on a 2-core machine is one (CPUs - 1), and most of a unit file's
  // time is its imports and jsdom start, not CPU the other file needs (130 s -> 86 s here).
  test: { include: ['tests/unit/**/*.test.{ts,tsx}'], maxWorkers: 2 },
});
