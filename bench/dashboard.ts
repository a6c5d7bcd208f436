// The Tablero's one query (issue 8 part 3: p95 under 150 ms on PostgreSQL):
// as the administrator (every indicator) on the demo company, 1 and 20
// connections, on PostgreSQL (when it answers) and PGlite, against a real
// server process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { track } from './cleanup';
import { runLoad, summarise, type LoadResult } from './load';
import { createBenchDatabase, dropBenchDatabase } from './postgres';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, login, startServerProcess } from './server-process';

/** The query the SPA's Tablero sends (every card), read from its operation file so the bench measures what the screen asks. */
export const DASHBOARD_QUERY = fs.readFileSync(path.join(import.meta.dirname, '../client/app/pages/dashboard.graphql'), 'utf8');

export type DashboardBenchRow = { db: string; result: LoadResult };

async function runOne(label: string, opts: { dataDir: string; databaseUrl: string | null; durationSec: number; warmupSec: number; step: (t: string) => void }): Promise<DashboardBenchRow[]> {
  const server = await startServerProcess({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, timeoutMs: 180_000 });
  try {
    const token = await login(server.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    if (opts.warmupSec > 0) await runLoad({ url: server.url, token, query: DASHBOARD_QUERY, connections: 4, durationSec: opts.warmupSec, warmupSec: 0 });
    const rows: DashboardBenchRow[] = [];
    for (const connections of [1, 20]) {
      opts.step(`Tablero (${label}): ${connections} conexiones, ${opts.durationSec} s`);
      rows.push({ db: label, result: summarise([await runLoad({ url: server.url, token, query: DASHBOARD_QUERY, connections, durationSec: opts.durationSec, warmupSec: 0 })]) });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export async function benchDashboard(opts: { postgres: boolean; durationSec: number; warmupSec: number; step: (t: string) => void }): Promise<DashboardBenchRow[]> {
  const rows: DashboardBenchRow[] = [];
  if (opts.postgres) {
    const db = await createBenchDatabase('tablero');
    const untrack = track(`la base de datos ${db.name}`, () => dropBenchDatabase(db.name));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-tablero-'));
    try {
      rows.push(...(await runOne('PostgreSQL', { ...opts, dataDir, databaseUrl: db.url })));
    } finally {
      await dropBenchDatabase(db.name);
      untrack();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-tablero-'));
  try {
    rows.push(...(await runOne('PGlite', { ...opts, dataDir, databaseUrl: null })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
