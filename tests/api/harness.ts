// API tests talk HTTP to a real server process. The database is PGlite in a
// temporary folder, or a fresh database on the PostgreSQL server named by
// TEST_DATABASE_URL when ERP_TEST_DB=postgres (one per server, dropped after).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_ARGS, spawnProductionServer } from '../serverProcess';

export const ADMIN_EMAIL = 'admin@demo.mx';
export const PASSWORD = 'Demo-Pass-2026';

export type GqlError = { message: string; extensions?: { code?: string; fields?: Record<string, string> } };
export type GqlResult<T = Record<string, unknown>> = { data?: T | null; errors?: GqlError[]; status: number };

export type TestServer = {
  url: string;
  dbKind: 'pglite' | 'postgres';
  gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<T>>;
  login(email: string, password?: string): Promise<string>;
  /** POST /api/files with one part `file`; `body` is the JSON answer ({ id, ... } or { error: { code, message } }). */
  upload(token: string | null, bytes: Uint8Array, fileName: string, declaredType?: string): Promise<{ status: number; body: any }>;
  /** GET a file url (/api/files/<id>[/preview]). */
  download(token: string | null, path: string): Promise<{ status: number; bytes: Buffer; contentType: string | null; body: any }>;
  /** Uploads and returns the file id (throws unless 201). */
  uploadId(token: string, bytes: Uint8Array, fileName: string): Promise<string>;
  /** The server process id (its /proc status tells the peak memory). */
  pid: number;
  /** The server's ERP_DATA_DIR (local file storage lives under files/). */
  dataDir: string;
  /** SIGTERM, then the process's exit code once it is gone (0: it shut down by itself). */
  stop(): Promise<number | null>;
  /** The exit code once the process is gone by itself (a crash test's fault knob). */
  exited(): Promise<number | null>;
  /** After the process exited: a new one on the same data folder and database, as a restart would. */
  restart(extraEnv?: Record<string, string>): Promise<void>;
  /** Rows of a read-only query on the server's database; with PGlite only while no process holds it. */
  inspect<T>(query: string, params?: unknown[]): Promise<T[]>;
};

export const testDbKind = (): 'pglite' | 'postgres' => (process.env.ERP_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database on the test PostgreSQL server (ERP_TEST_DB=postgres only):
 * empty, or a copy of `template` (a database no one is connected to).
 */
export async function createTestDatabase(template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `erp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The database every server of a run starts from: migrated and seeded once by
 * the suite's global set-up (tests/api/template.ts), then copied for each
 * server (the PGlite folder, or CREATE DATABASE ... TEMPLATE), so a test file
 * waits for a boot instead of a first start. Null outside that suite.
 */
export type ServerTemplate = { kind: 'pglite' | 'postgres'; dataDir: string; database: string | null };

declare module 'vitest' {
  export interface ProvidedContext {
    erpServerTemplate: ServerTemplate | null;
  }
}

/** Env keys that change what the first start writes: a server given one of them starts fresh. */
const SEEDING_ENV = /^(ERP_DATA_DIR|DATABASE_URL|ERP_ADMIN_|ERP_SEED|ERP_SESSION_SECRET)/;

async function providedTemplate(extraEnv: Record<string, string>): Promise<ServerTemplate | null> {
  if (Object.keys(extraEnv).some((k) => SEEDING_ENV.test(k))) return null;
  const { inject } = await import('vitest');
  try {
    const template = inject('erpServerTemplate') ?? null;
    return template && template.kind === testDbKind() ? template : null;
  } catch {
    return null; // not provided by this suite's set-up
  }
}

/**
 * Starts a server on a new database, stops it once it has migrated and seeded
 * it, and keeps that database as the template of the run.
 */
export async function createServerTemplate(): Promise<{ template: ServerTemplate; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-template-'));
  const database = testDbKind() === 'postgres' ? await createTestDatabase() : null;
  const { child } = await spawnServer({}, dataDir, database?.url ?? '');
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return {
    // The data folder holds what the demo seed stored (employee documents), the PGlite files too.
    template: { kind: testDbKind(), dataDir, database: database?.name ?? null },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * The server as `npm start` runs it (tests/serverProcess.ts): the compiled dist/server/index.js
 * in production mode; `buildServer()` brings it up to date, the suites' global set-up calls it once.
 */
export { buildServer, SERVER_ARGS };

async function spawnServer(extraEnv: Record<string, string>, dataDir: string, databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const { child, url } = await spawnProductionServer(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      ERP_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ERP_ADMIN_PASSWORD: PASSWORD,
      ERP_LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      LOG_LEVEL: 'error',
      ERP_SAT_STATUS_URL: 'off',
      // PGlite runs the default (an operation compiled from its second request, graphql-js the
      // first time); PostgreSQL compiles every operation at once: the suite answers through both.
      ...(testDbKind() === 'postgres' ? { ERP_GRAPHQL_COMPILE: 'first' } : {}),
      ...extraEnv,
    },
    { startMs: Number(process.env.ERP_TEST_START_MS ?? 180_000) },
  );
  return { child, url };
}

/**
 * One server process. On PostgreSQL it gets a database of its own, dropped on
 * stop, unless `opts.databaseUrl` names one shared with other processes (the
 * caller drops that one). It starts from the run's template when there is one.
 */
export async function startServer(extraEnv: Record<string, string> = {}, opts: { databaseUrl?: string } = {}): Promise<TestServer> {
  if (sharing && Object.keys(extraEnv).length === 0 && !opts.databaseUrl) {
    sharing.server ??= startOwnServer({}, {});
    // The group's server: a suite's own stop() leaves it running for the next suite (runGroup stops it).
    return Object.assign(Object.create(await sharing.server) as TestServer, { stop: async () => null });
  }
  return startOwnServer(extraEnv, opts);
}

/**
 * Set while a group file (tests/api/groups.ts) runs its suites: their `startServer()` without
 * settings answers one server, started by the first suite that asks.
 */
let sharing: { server?: Promise<TestServer> } | null = null;

/** For runGroup: from now on this file's suites share one server; stopped after the last suite. */
export function shareOneServer(afterAll: (fn: () => Promise<unknown>) => void): void {
  sharing = {};
  afterAll(async () => {
    const server = sharing?.server;
    sharing = null;
    if (server) await (await server).stop();
  });
}

async function startOwnServer(extraEnv: Record<string, string>, opts: { databaseUrl?: string }): Promise<TestServer> {
  const kind = testDbKind();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-'));
  const template = opts.databaseUrl ? null : await providedTemplate(extraEnv);
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const ownDatabase = kind === 'postgres' && !opts.databaseUrl ? await createTestDatabase(template?.database ?? undefined) : null;
  const databaseUrl = kind === 'postgres' ? (opts.databaseUrl ?? ownDatabase?.url ?? '') : '';
  let { child, url } = await spawnServer(extraEnv, dataDir, databaseUrl);
  let exitCode: Promise<number | null> = new Promise((r) => child.once('exit', (code) => r(code)));

  const server: TestServer = {
    get url() {
      return url;
    },
    dbKind: kind,
    async gql(query, variables = {}, token = null) {
      const res = await fetch(`${url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as GqlResult;
      return { ...body, status: res.status } as never;
    },
    async upload(token, bytes, fileName, declaredType = 'application/octet-stream') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: declaredType }), fileName);
      const res = await fetch(`${url}/api/files`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async download(token, filePath) {
      const res = await fetch(`${url}${filePath}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      const bytes = Buffer.from(await res.arrayBuffer());
      const contentType = res.headers.get('content-type');
      const body = contentType?.startsWith('application/json') ? JSON.parse(bytes.toString()) : null;
      return { status: res.status, bytes, contentType, body };
    },
    async uploadId(token, bytes, fileName) {
      const r = await server.upload(token, bytes, fileName);
      if (r.status !== 201) throw new Error(`upload of ${fileName} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.id as string;
    },
    get pid() {
      return child.pid ?? 0;
    },
    dataDir,
    exited: () => exitCode,
    async restart(env = {}) {
      await exitCode;
      ({ child, url } = await spawnServer({ ...extraEnv, ...env }, dataDir, databaseUrl));
      exitCode = new Promise((r) => child.once('exit', (code) => r(code)));
    },
    async inspect<T>(query: string, params: unknown[] = []): Promise<T[]> {
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(query, params)).rows as T[];
        } finally {
          await client.end();
        }
      }
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        return (await db.query<T>(query, params)).rows;
      } finally {
        await db.close();
      }
    },
    async login(email, password = PASSWORD) {
      const r = await server.gql<{ login: { token: string } }>(
        'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
        { e: email, p: password },
      );
      if (!r.data?.login) throw new Error(`login failed for ${email}: ${JSON.stringify(r.errors)}`);
      return r.data.login.token;
    },
    async stop() {
      child.kill('SIGTERM');
      const code = await exitCode;
      fs.rmSync(dataDir, { recursive: true, force: true });
      await ownDatabase?.drop();
      return code;
    },
  };
  return server;
}
