// The one data layer: drizzle over embedded PGlite (default, persisted in
// ERP_DATA_DIR) or over a PostgreSQL server (DATABASE_URL). Same migrations,
// same queries. PGlite is a single connection: drizzle serialises its
// transactions, and a lock file keeps a second process out of the folder.
// On PostgreSQL any number of processes share the database, so start-up work
// (migrations, first seed) runs under an advisory lock, one process at a time.
import fs from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { fromRoot } from '../lib/paths';
import * as schema from './schema';
import { statementCounter } from './statementCount';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * Runs `work` while no other server process on the same database runs its own
   * (PostgreSQL advisory lock; PGlite's folder lock already admits one process).
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** PGlite's buffer pool (PostgreSQL's default is 128MB; PGlite's wasm memory starts at 128 MiB anyway). */
const PGLITE_SHARED_BUFFERS = '32MB';

/** Advisory lock key of start-up work; any constant works, it is scoped to the database. */
const STARTUP_LOCK_KEY = 80_260_008;

const migrationsFolder = fromRoot('server/db/migrations');

export class DataDirLockedError extends Error {}

function takeLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, '.erp.lock');
  const tryCreate = (): boolean => {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  };
  if (!tryCreate()) {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      if (holder > 0 && holder !== process.pid) {
        process.kill(holder, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) {
      throw new DataDirLockedError(
        `La carpeta de datos ${dataDir} ya está en uso por otro proceso del servidor (pid ${holder}). / ` +
          `The data folder is already in use by another server process.`,
      );
    }
    fs.rmSync(lockFile, { force: true });
    if (!tryCreate()) throw new DataDirLockedError(`No se pudo bloquear la carpeta de datos ${dataDir}.`);
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile, { force: true });
    } catch {
      /* already gone */
    }
  };
}

/** Default size of the PostgreSQL pool (config ERP_DB_POOL_MAX). */
export const DEFAULT_POOL_MAX = 20;

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; poolMax?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // NUMERIC, DATE and timestamps come back as strings/Date as the driver gives them; money stays text.
    pg.types.setTypeParser(1082, (v: string) => v);
    // Sized for the load: every in-flight request holds a connection for its transaction, and the
    // session check and the answer's reads take one too (16 posting clients need ~20).
    // JIT off for this application's sessions: the planner's cost estimate of a correlated
    // subquery (the Tablero's document alerts) crosses jit_above_cost on a 25-row table and
    // compiling it took ~170 ms for a query that runs in 0.2 ms; no OLTP statement here gains from it.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? DEFAULT_POOL_MAX, options: '-c jit=off' });
    // An idle pooled connection the server drops (restart, failover) must not take the process down:
    // the pool discards it and the next query opens a fresh one.
    pool.on('error', (err) => console.error(`PostgreSQL: conexión inactiva perdida (${err.message})`));
    // Session-level lock on a dedicated connection: if the process dies, the
    // server drops the connection and the lock with it.
    const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      let locked = false;
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        locked = true;
        return await work();
      } finally {
        // Should the unlock fail, destroying the connection releases the lock.
        const unlocked = !locked || (await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).then(() => true, () => false));
        client.release(!unlocked);
      }
    };
    try {
      // Without the lock, processes started together on an empty database all
      // create drizzle's bookkeeping table and the first tables at once.
      await withStartupLock(() => migrate(drizzle({ client: pool, schema }), { migrationsFolder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db: drizzle({ client: pool, schema, logger: statementCounter() }) as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      withStartupLock,
      close: () => pool.end(),
    };
  }
  const release = takeLock(opts.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const dbDir = path.join(opts.dataDir, 'pglite');
    // shared_buffers 32 MB instead of PostgreSQL's 128 MB: some 110 MiB less RSS; the files
    // stay in the operating system's page cache, so a read past the buffers is still no disk read.
    const client = await PGlite.create(dbDir, { parsers: { 1082: (v: string) => v }, postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
    const db = drizzle({ client, schema, logger: statementCounter() });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      withStartupLock: (work) => work(),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** A unique-index violation of `constraint` from either driver, wrapped or not (two saves racing past a check). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: string; constraint?: string; message?: string };
    if (x.code === '23505' && (x.constraint === constraint || (x.message ?? '').includes(constraint))) return true;
  }
  return false;
}

/** Raw SQL with typed rows; both drivers return `{ rows }`. Parameters travel separately (never interpolated). */
export async function queryRows<T>(executor: Executor, query: import('drizzle-orm').SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type PreparingExecutor = {
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string,
      arrayMode: boolean,
      customResultMapper?: (rows: unknown[][]) => unknown,
    ): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: import('drizzle-orm').SQL): unknown };
};

/**
 * `queryRows` as a named prepared statement: on PostgreSQL each pooled
 * connection parses and plans it once and then only binds the parameters (a
 * statement run on every request — the Tablero — stops paying its planning
 * each time). A name always carries the same SQL text, or the driver refuses
 * it; PGlite ignores the name.
 */
export async function queryPrepared<T>(executor: Executor, name: string, query: import('drizzle-orm').SQL): Promise<T[]> {
  const ex = executor as unknown as PreparingExecutor;
  const result = (await ex.session.prepareQuery(ex.dialect.sqlToQuery(query), undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * A named prepared statement (see queryPrepared) whose rows, as arrays in the select list's order
 * (timestamps as the driver's text, as drizzle reads them), `map` turns into the answer: for a
 * statement a hot read runs on every request, instead of drizzle's generic row mapping. Built once
 * and kept; `execute` takes the values of its `sql.placeholder`s.
 */
export function preparedMapped<T>(
  executor: Executor,
  name: string,
  query: import('drizzle-orm').SQL,
  map: (rows: unknown[][]) => T,
): { execute(placeholders?: Record<string, unknown>): Promise<T> } {
  const ex = executor as unknown as PreparingExecutor;
  return ex.session.prepareQuery(ex.dialect.sqlToQuery(query), undefined, name, true, map) as { execute(placeholders?: Record<string, unknown>): Promise<T> };
}
