// The bench's own PostgreSQL databases, erp_bench_<pid> (and erp_bench_<pid>_<label>
// for the module sections, each on its own data), created on the local server
// (trust auth) and dropped at the end.
import pg from 'pg';
import { track } from './cleanup';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The server's version, or null when nothing answers (the PostgreSQL runs are then skipped). */
export async function postgresVersion(): Promise<string | null> {
  try {
    return await withAdmin(async (c) => (await c.query<{ server_version: string }>('show server_version')).rows[0].server_version);
  } catch {
    return null;
  }
}

export type BenchDatabase = { name: string; url: string };

/** `label` (lower-case letters) gives a database of its own, apart from the shared erp_bench_<pid>. */
export async function createBenchDatabase(label?: string): Promise<BenchDatabase> {
  if (label !== undefined && !/^[a-z]+$/.test(label)) throw new Error(`Etiqueta de base de datos no válida: ${label}`);
  const name = `erp_bench_${process.pid}${label ? `_${label}` : ''}`;
  await withAdmin(async (c) => {
    // A leftover from an earlier run with the same pid would skew "fresh start".
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  track(`la base de datos ${name}`, () => withAdmin(async (c) => void (await c.query(`drop database if exists ${name} with (force)`))));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops one of the bench's databases (e.g. a child script's, after it failed). */
export async function dropBenchDatabase(name: string): Promise<void> {
  if (!/^erp_bench_\w+$/.test(name)) throw new Error(`No es una base de datos del bench: ${name}`);
  await withAdmin(async (c) => void (await c.query(`drop database if exists ${name} with (force)`)));
}
