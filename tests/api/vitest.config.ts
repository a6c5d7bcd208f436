import { defineConfig } from 'vitest/config';

// API suite: each file starts a real server process (PGlite or PostgreSQL, see harness.ts).
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/api/**/*.test.ts'],
    // startup.test.ts is about the embedded database (first start, folder lock): it runs in the PGlite pass only.
    // multiprocess.test.ts is about several servers on one PostgreSQL (PGlite is one process by design): PostgreSQL pass only.
    exclude: process.env.ERP_TEST_DB === 'postgres' ? ['tests/api/startup.test.ts'] : ['tests/api/multiprocess.test.ts'],
    // One migrated and seeded database, copied for each server (template.ts).
    globalSetup: ['tests/api/template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
