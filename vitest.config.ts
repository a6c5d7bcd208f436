import { defineConfig } from 'vitest/config';

// Unit tests only; API and end-to-end suites have their own runners.
export default defineConfig({
  // graphql ships ESM and CJS builds; @graphql-tools loads the CJS one, so
  // point everything at it or graphql-js sees two "realms".
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: { include: ['tests/unit/**/*.test.{ts,tsx}'] },
});
