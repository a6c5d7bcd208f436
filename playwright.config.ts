import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E drives the BUILT SPA (vite build → dist/client) served by the real
// server on a fresh PGlite folder. Debian's Chromium when CHROMIUM_PATH (or
// /usr/bin/chromium) exists; Playwright's own browser elsewhere.
const executablePath = process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  // A journey is 20-40 steps in one or two browser contexts; on this 2-core machine, with the other
  // worker's Chromium and the server busy, a step can take seconds (a clean CI run saw two journeys
  // in flight at once pass 60 s while every step still succeeded). A step waits up to 20 s: a clean
  // CI run saw a reload of Movimientos (the SPA's chunks, session, rules, then the list) not done in
  // 10 s with the other journey busy, while the same reload takes 3 s with two CPU hogs running.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // The theme honours prefers-reduced-motion: no step waits for a modal or notice to finish moving.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: 'pipe',
  },
});
