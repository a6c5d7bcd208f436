// The server as `npm start` runs it (the compiled dist/server/index.js, built
// first when stale), in its own process: time from spawn to the first healthy
// /api/health, the CPU it used until then, and its memory read from /proc.
// BENCH_SERVER=tsx runs server/index.ts through tsx instead (as before the
// server was compiled), to compare. Also the users list's floor
// (bench/users-floor.ts) and PostGraphile 4 (bench/postgraphile-server.ts),
// started the same way.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../server/db/database';
import { seed, seedModuleBase } from '../server/db/seed';
import { track } from './cleanup';
import { answeringCommand } from './pinning';

/** One GraphQL call as a signed-in user; throws with the errors (the bench stops on a failed figure). */
export async function benchGql<T>(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors).slice(0, 2_000));
  return body.data;
}

/** The p-th percentile of ascending samples (nearest rank); NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const BENCH_ADMIN_EMAIL = 'admin@demo.mx';
export const BENCH_PASSWORD = 'Bench-Pass-2026';

/**
 * The demo company as `npm run seed` loads it: the base data every company
 * gets (fiscal tables, system concepts) and then the demo, signed in with the
 * bench's password. Without the base data the demo payrolls are skipped.
 */
export async function seedBenchCompany(db: Db): Promise<void> {
  await seedModuleBase(db);
  await seed(db, { adminEmail: BENCH_ADMIN_EMAIL, adminPassword: BENCH_PASSWORD });
}

export type Memory = { rssMiB: number; peakRssMiB: number };

export type ServerProcess = {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  startMs: number;
  /** CPU time (user + system) the server process used until then, in ms: hardly moved by other load. */
  startCpuMs: number;
  memory(): Memory;
  stop(): Promise<void>;
};

/** VmRSS and VmHWM (peak) of a Linux process, in MiB. */
export function processMemory(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) : Number.NaN;
  };
  return { rssMiB: kib('VmRSS') / 1024, peakRssMiB: kib('VmHWM') / 1024 };
}

/** user + system CPU time of a Linux process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let built = false;
/** The command line of the server: the compiled bundle (built once per bench run when stale) or tsx. */
function serverArgs(): string[] {
  if (process.env.BENCH_SERVER === 'tsx') return ['--import', 'tsx', 'server/index.ts'];
  if (!built) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    built = true;
  }
  return [...cpuProfArgs(), '--enable-source-maps', 'dist/server/index.js'];
}

/** BENCH_CPU_PROF=<folder>: every process the bench starts to answer requests writes a V8 CPU profile there. */
const cpuProfArgs = (): string[] => (process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    // The server closes PGlite and removes its lock on SIGTERM; give it time, then insist.
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A process that prints "<readyLine> http://…" once it listens: spawned, its address read, tracked for cleanup. */
type Listening = { child: ChildProcess; url: string; untrack: () => void };

async function spawnListening(opts: {
  label: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  readyLine: string;
  /** Polled once the address is printed; the process counts as started when it holds. */
  ready: (url: string) => Promise<boolean>;
  timeoutMs: number;
  /** A command the process runs under (valgrind for bench/instructions.ts), unpinned. */
  wrap?: readonly string[];
}): Promise<Listening> {
  const started = performance.now();
  const [command, args] = opts.wrap ? [opts.wrap[0], [...opts.wrap.slice(1), process.execPath, ...opts.args]] : answeringCommand(process.execPath, opts.args);
  const child = spawn(command, args, { cwd: REPO_ROOT, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const untrack = track(`${opts.label} (pid ${child.pid})`, () => stopChild(child));
  let output = '';
  let url: string | null = null;
  const addressLine = new RegExp(`${opts.readyLine} (http:\\/\\/\\S+)`);
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
    const m = url ? null : addressLine.exec(output);
    if (m) url = m[1].replace('localhost', '127.0.0.1');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const deadline = started + opts.timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      untrack();
      throw new Error(`${opts.label} terminó al arrancar (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    if (url && (await opts.ready(url))) break;
    if (performance.now() > deadline) {
      await stopChild(child);
      untrack();
      throw new Error(`${opts.label} no estuvo listo a tiempo:\n${output}`);
    }
    await sleep(25);
  }
  return { child, url: url as string, untrack };
}

/**
 * `env`: more of the server's settings (e.g. ERP_GRAPHQL_COMPILE=off for the users section's interpreted run).
 * `permissions`: section b' instead runs bench/permissions-server.ts (the same boot, through tsx), with the
 * permission layer's rules on or off.
 */
export async function startServerProcess(opts: {
  dataDir: string;
  databaseUrl?: string | null;
  timeoutMs?: number;
  env?: Record<string, string>;
  permissions?: boolean;
  wrap?: readonly string[];
}): Promise<ServerProcess> {
  const args = opts.permissions === undefined ? serverArgs() : [...cpuProfArgs(), '--import', 'tsx', 'bench/permissions-server.ts'];
  const started = performance.now();
  // PORT=0 and the address read from the start-up line: a port picked here and
  // handed over could be taken meanwhile by another server on a shared machine,
  // and the bench would then measure (and sign in to) that one.
  const { child, url, untrack } = await spawnListening({
    label: 'el servidor',
    args,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      ERP_DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      ERP_AUTH_PROVIDER: 'local',
      ERP_ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
      ERP_ADMIN_PASSWORD: BENCH_PASSWORD,
      ERP_LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      LOG_LEVEL: 'error',
      ...(opts.permissions === false ? { BENCH_PERMISSIONS: 'off' } : {}),
      ...opts.env,
    },
    readyLine: opts.permissions === undefined ? 'ERP listo en' : 'listo en',
    ready: healthy,
    timeoutMs: opts.timeoutMs ?? 120_000,
    wrap: opts.wrap,
  });
  const startMs = performance.now() - started;
  const pid = child.pid as number;
  const startCpuMs = processCpuMs(pid);
  return {
    url,
    pid,
    startMs,
    startCpuMs,
    memory: () => processMemory(pid),
    stop: async () => {
      await stopChild(child);
      untrack();
    },
  };
}

export type FloorProcess = { url: string; pid: number; memory(): Memory; stop(): Promise<void> };

/** A bench process of its own (floor, PostGraphile) that prints `readyLine` and its address once it can answer. */
async function startSidecar(opts: { label: string; script: string; readyLine: string; env: Record<string, string>; timeoutMs: number; wrap?: readonly string[] }): Promise<FloorProcess> {
  const { child, url, untrack } = await spawnListening({
    label: opts.label,
    args: [...cpuProfArgs(), '--import', 'tsx', opts.script],
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...opts.env },
    readyLine: opts.readyLine,
    ready: async () => true,
    timeoutMs: opts.timeoutMs,
    wrap: opts.wrap,
  });
  const pid = child.pid as number;
  return {
    url,
    pid,
    memory: () => processMemory(pid),
    stop: async () => {
      await stopChild(child);
      untrack();
    },
  };
}

/**
 * bench/users-floor.ts in its own process on a PostgreSQL database: node:http
 * and pg running the users list's SQL, no GraphQL, session or permissions.
 * Its pool has the server's size (ERP_DB_POOL_MAX, passed on from our environment).
 * It prints its address only after answering once from the database.
 */
export function startUsersFloor(opts: { databaseUrl: string; timeoutMs?: number; wrap?: readonly string[] }): Promise<FloorProcess> {
  return startSidecar({ label: 'el piso de users', script: 'bench/users-floor.ts', readyLine: 'Piso listo en', env: { DATABASE_URL: opts.databaseUrl }, timeoutMs: opts.timeoutMs ?? 60_000, wrap: opts.wrap });
}

/**
 * PostGraphile 4 (bench/postgraphile-server.ts) in its own process on a PostgreSQL database,
 * loaded from `postgraphileDir` (the scratch folder bench/postgraphile.ts installs it in).
 * Its pool has the server's size; it prints its address only once its schema is built.
 */
export function startPostgraphile(opts: { databaseUrl: string; postgraphileDir: string; timeoutMs?: number }): Promise<FloorProcess> {
  return startSidecar({
    label: 'PostGraphile',
    script: 'bench/postgraphile-server.ts',
    readyLine: 'PostGraphile listo en',
    env: { DATABASE_URL: opts.databaseUrl, POSTGRAPHILE_DIR: opts.postgraphileDir },
    timeoutMs: opts.timeoutMs ?? 120_000,
  });
}

export async function login(url: string, email = BENCH_ADMIN_EMAIL, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }', variables: { e: email, p: password } }),
  });
  const body = (await res.json()) as { data?: { login?: { token: string } } | null; errors?: unknown };
  const token = body.data?.login?.token;
  if (!token) throw new Error(`no se pudo iniciar sesión como ${email}: ${JSON.stringify(body.errors)}`);
  return token;
}
