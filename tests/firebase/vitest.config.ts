import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The Firebase Auth emulator suite: slower (the emulator takes seconds to
// start) and kept out of the unit run. `npx vitest run --config tests/firebase/vitest.config.ts`
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/firebase/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // The API suite's template: servers start from one migrated and seeded database.
    globalSetup: ['tests/api/template.ts'],
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
