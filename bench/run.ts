// `npm run bench`: start-up time and memory, latency and throughput of the
// users list (on PostgreSQL also of its node + pg floor, bench/users-floor.ts,
// and of PostGraphile 4 on the same table, bench/postgraphile.ts),
// the cost of the permission layer, the Almacén, Compras (and,
// when bench/sales.ts is there, Ventas) figures, and the size of the SPA.
// Prints figures and writes them as JSON; it asserts nothing (bench/README.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanupAll, track } from './cleanup';
import { type LoadResult, type LoadSample, referenceBody, runLoad, summarise } from './load';
import { createBenchDatabase, dropBenchDatabase, postgresVersion, type BenchDatabase } from './postgres';
import { ensurePostgraphile, POSTGRAPHILE_DIR, POSTGRAPHILE_USERS_QUERY, POSTGRAPHILE_USERS_VARIABLES } from './postgraphile';
import { login, type Memory, processCpuMs, REPO_ROOT, type ServerProcess, startPostgraphile, startServerProcess, startUsersFloor } from './server-process';
import { benchShoppingAging, SHOPPING_BENCH_HEADERS } from './shopping-aging';
import { benchProcesses, type ProcessesResult } from './processes';
import { benchPayroll, PAYROLL_EMPLOYEES, type PayrollBenchRow } from './payroll';
import { benchDashboard, type DashboardBenchRow } from './dashboard';
import { benchInstructions, type InstructionsResult } from './instructions';
import { benchMaintenance, MAINTENANCE_VEHICLES, type MaintenanceBenchRow } from './maintenance';
import { benchCfdi, CFDI_CLIENTS, CFDI_GOAL_PER_SEC, type CfdiBenchRow } from './cfdi';
import { benchJobCost, JOB_COST_CONTRACTS, JOB_COST_GOAL_MS, type JobCostBenchResult } from './job-cost';
import { canPin, setPinning } from './pinning';
import { measureSpa, type SpaSizes } from './spa';
import { formatTable, kB, mib, ms, ratio, rps } from './table';
import { prepareUsers, type UsersPrepared } from './users';
import { USERS_PAGE_SIZE, USERS_QUERY, USERS_VARIABLES } from './users-query';
import { benchWarehouse, WAREHOUSE_BENCH_HEADERS, type WarehousePosting } from './warehouse';

const SECTIONS = ['start', 'users', 'permissions', 'instructions', 'warehouse', 'shopping', 'sales', 'processes', 'payroll', 'maintenance', 'cfdi', 'jobcost', 'dashboard', 'spa'] as const;
type Section = (typeof SECTIONS)[number];
type DbKind = 'pglite' | 'postgres';
type ModuleSection = Extract<Section, 'warehouse' | 'shopping' | 'sales'>;
/** Ventas' own bench script (another team's): run as a child process, since it runs on import. */
const SALES_SCRIPT = path.join(import.meta.dirname, 'sales.ts');

/** Issue 12: the server within 1.2× of the floor (requests/s and p95) at 20 connections, p95 under 50 ms. */
const FLOOR_GOAL = 1.2;
const USERS_P95_GOAL_MS = 50;
/** Issue 24's goals, each printed as a ratio measured in the same run. */
const GOALS = {
  /** Users list requests/s over PostGraphile 4's (totalCount not selected), at 1 and at 20 connections: at least. */
  postgraphileThroughput: 1.5,
  /** Users list CPU per request over the floor's, at 1 and at 20 connections: at most. */
  floorCpu: 1.6,
  /** Permission layer on/off CPU per request, at 1 and at 20 connections: at most. */
  permissionsCpu: 1.1,
  /** Movements posted per second at 16 clients (warehouse section, PostgreSQL): at least. */
  postingPerSec: 300,
  postingClients: 16,
} as const;
/** The least a signed-in GraphQL request can ask: its cost is the stack's, not the data's. */
const EMPTY_QUERY = '{ __typename }';
const CONNECTIONS = [1, 20] as const;
const DB_LABEL: Record<DbKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

type Options = {
  only: Set<Section>;
  build: boolean;
  durationSec: number;
  warmupSec: number;
  /** Seconds of unmeasured load, at each connection count measured, every process answering the list gets before its first measured run. */
  settleSec: number;
  /** --pin=on|off: pin the processes sections b and b' compare (bench/pinning.ts). */
  pin: boolean;
  users: number;
  permissionsDb: DbKind | null;
  rounds: number;
  /** Sequential requests per query in the module sections (warehouse, shopping, sales). */
  runs: number;
  /** Seconds of posting per client count in the warehouse section. */
  postingSec: number;
  out: string;
};

function parseArgs(argv: string[]): Options {
  const value = (name: string): string | undefined => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const known = new Set(['only', 'build', 'duration', 'warmup', 'settle', 'pin', 'users', 'permissions-db', 'rounds', 'runs', 'posting-seconds', 'out', 'help']);
  for (const arg of argv) {
    const name = /^--([a-z-]+)/.exec(arg)?.[1];
    if (!name || !known.has(name)) throw new Error(`Argumento desconocido: ${arg} (ver bench/README.md)`);
  }
  if (argv.includes('--help')) {
    console.log(fs.readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8'));
    process.exit(0);
  }
  const only = new Set<Section>();
  for (const s of (value('only') ?? SECTIONS.join(',')).split(',').map((x) => x.trim())) {
    if (!(SECTIONS as readonly string[]).includes(s)) throw new Error(`--only admite ${SECTIONS.join(', ')} (recibido "${s}")`);
    only.add(s as Section);
  }
  const onOff = (name: string, fallback: boolean): boolean => {
    const v = value(name);
    if (v === undefined) return fallback;
    if (v !== 'on' && v !== 'off') throw new Error(`--${name} admite on u off (recibido "${v}")`);
    return v === 'on';
  };
  const positive = (name: string, fallback: number): number => {
    const n = Number(value(name) ?? fallback);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} debe ser un número positivo`);
    return n;
  };
  const db = value('permissions-db');
  if (db !== undefined && db !== 'pglite' && db !== 'postgres') throw new Error('--permissions-db admite pglite o postgres');
  return {
    only,
    build: argv.includes('--build'),
    durationSec: positive('duration', 10),
    warmupSec: positive('warmup', 2),
    settleSec: positive('settle', 10),
    pin: onOff('pin', true),
    users: positive('users', 10_000),
    permissionsDb: db ?? null,
    rounds: Math.max(1, Math.round(positive('rounds', 2))),
    runs: Math.max(1, Math.round(positive('runs', 10))),
    postingSec: Math.max(1, positive('posting-seconds', 5)),
    out: value('out') ?? path.join(os.tmpdir(), 'erp-bench-latest.json'),
  };
}

const step = (message: string) => console.error(`· ${message}`);
/** A measured segment's own figures under its step line, so the spread between rounds shows. */
const stepFigures = (sample: LoadSample) => {
  const r = summarise([sample]);
  step(`  ${Math.round(r.requestsPerSec)} pet/s, p50 ${r.p50Ms.toFixed(2)} ms${r.cpuMsPerRequest === null ? '' : `, CPU/pet ${r.cpuMsPerRequest.toFixed(3)} ms`}`);
};

type StartFigure = { db: DbKind; run: 'first' | 'second'; startMs: number; startCpuMs: number } & Memory;
type UsersFigure = {
  db: DbKind;
  prepared: UsersPrepared;
  load: LoadResult[];
  memoryAfterLoad: Memory;
  /** PostgreSQL only: the same load against bench/users-floor.ts (node + pg, the server's SQL) on the same database. */
  floor: FloorFigure | null;
  /** PostgreSQL only: PostGraphile 4 answering the same page, totalCount not selected. */
  postgraphile: PostgraphileFigure | null;
  /** PostgreSQL only: the same server with ERP_GRAPHQL_COMPILE=off (graphql-js interprets every request). */
  interpreted: { load: LoadResult[]; memoryAfterLoad: Memory } | null;
  /**
   * PostgreSQL only: `{ __typename }` signed in, at 20 connections, on the same server: what every
   * request costs before any data (HTTP, session, Apollo, GraphQL), to set beside the floor.
   */
  emptyQuery: LoadResult | null;
};
type FloorFigure = {
  load: LoadResult[];
  /** `{ __typename }`'s answer from node:http alone (the floor's /empty/), 20 connections: HTTP's own cost. */
  emptyQuery: LoadResult;
  memoryAfterLoad: Memory;
  /** Whether the floor's answer was byte for byte the server's. */
  sameAnswer: boolean;
  /** At 20 connections, server over floor: below 1 for requests/s and above 1 for p95 = the server costs. */
  throughputServerFloor: number;
  p95ServerFloor: number;
  /** At 20 connections, the server's CPU per answer over the floor's (each process's own, from /proc). */
  cpuServerFloor: number | null;
  /** The same at each connection count (issue 24's goal: ≤ 1.6 at 1 and at 20). */
  cpuServerFloorByConnections: { connections: number; ratio: number | null }[];
};
/** PostGraphile 4 on the same table and database (PostgreSQL only): its load, or why it did not run. */
type PostgraphileFigure = {
  version: string | null;
  /** Time npm install took in this run (0 = installed by an earlier run). */
  installMs: number;
  load: LoadResult[];
  memoryAfterLoad: Memory | null;
  /** Why there is no load (npm install or start-up failed). */
  error: string | null;
  /** Whether its page lists the same users in the same order as the server's. */
  samePage: boolean | null;
  /** Server over PostGraphile at each connection count: requests/s (goal ≥ 1.5) and CPU per request. */
  ratios: { connections: number; throughputServerPg: number; cpuServerPg: number | null }[];
};
type Goal = {
  /** What is measured and against what, e.g. "users / PostGraphile 4 peticiones/s, 1 conexión". */
  what: string;
  target: string;
  /** The measured figure, formatted; null when this run did not measure it. */
  measured: string | null;
  holds: boolean | null;
  note?: string;
};
const cpuRatio = (server: LoadResult, floor: LoadResult): number | null =>
  server.cpuMsPerRequest !== null && floor.cpuMsPerRequest ? server.cpuMsPerRequest / floor.cpuMsPerRequest : null;

type PermissionsFigure = {
  db: DbKind;
  /** Segments per side, in turns; each measured durationSec / rounds per connection count. */
  rounds: number;
  on: LoadResult[];
  off: LoadResult[];
  /** Cost factors: above 1 means the permission layer slows the query down. */
  ratios: { connections: number; p50OnOff: number; throughputOffOn: number; cpuOnOff: number | null }[];
};
/** A module section's table: the rows of both databases, as the module's bench script prints them. */
type ModuleFigure = {
  section: ModuleSection;
  title: string;
  /** 1-minute load average when the section began. */
  loadAverageStart: number;
  headers: string[];
  rows: string[][];
  seconds: number;
};
type Report = {
  at: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; postgres: string | null };
  /** 1-minute load average when the run began and ended: other work on the machine skews every figure. */
  loadAverage: { start: number; end: number };
  options: { durationSec: number; warmupSec: number; settleSec: number; users: number; runs: number; postingSec: number; rounds: number };
  start: StartFigure[];
  users: UsersFigure[];
  permissions: PermissionsFigure | null;
  /** The users list in instructions per answer under callgrind, server and floor (needs PostgreSQL and valgrind). */
  instructions: InstructionsResult | null;
  /** Whether sections b and b' ran their answering processes on one core and the load generator on another. */
  pinned: boolean;
  modules: ModuleFigure[];
  /** One vs two server processes on one PostgreSQL (needs PostgreSQL). */
  processes: ProcessesResult | null;
  /** Recursos Humanos: import, calculation and receipts of a 2,000-employee payroll. */
  payroll: PayrollBenchRow[];
  /** Mantenimiento: the schedule page with its due status at 2,000 vehicles × 8 services. */
  maintenance: MaintenanceBenchRow[];
  cfdi: CfdiBenchRow[];
  /** Ventas › Costos: the report across 1,000 contracts with 100,000 source documents and one contract's job cost. */
  jobCost: JobCostBenchResult | null;
  /** The Tablero query as the administrator, 1 and 20 connections. */
  dashboard: DashboardBenchRow[];
  spa: SpaSizes | null;
  /** Movements per second posted in the warehouse section, by database and clients. */
  posting: WarehousePosting[];
  /** Issue 24's speed goals with the ratios measured in this run. */
  goals: Goal[];
  skipped: string[];
  totalSec: number;
};

async function main(): Promise<void> {
  const began = performance.now();
  const opts = parseArgs(process.argv.slice(2));
  const pgVersion = opts.only.has('spa') && opts.only.size === 1 ? null : await postgresVersion();
  const report: Report = {
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '?',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres: pgVersion,
    },
    loadAverage: { start: os.loadavg()[0], end: Number.NaN },
    options: { durationSec: opts.durationSec, warmupSec: opts.warmupSec, settleSec: opts.settleSec, users: opts.users, runs: opts.runs, postingSec: opts.postingSec, rounds: opts.rounds },
    start: [],
    users: [],
    permissions: null,
    instructions: null,
    pinned: false,
    modules: [],
    processes: null,
    payroll: [],
    maintenance: [],
    cfdi: [],
    jobCost: null,
    dashboard: [],
    spa: null,
    posting: [],
    goals: [],
    skipped: [],
    totalSec: 0,
  };
  const needsDb = [...opts.only].some((s) => s !== 'spa');
  if (needsDb && !pgVersion) report.skipped.push('PostgreSQL (no responde en 127.0.0.1:5432): solo PGlite');

  // Lazily created, shared by the sections: one PGlite folder and one database.
  const tempDir = (label: string): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `erp-bench-${label}-`));
    track(`la carpeta ${dir}`, async () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  let pgliteDir: string | null = null;
  let pgDataDir: string | null = null;
  let pgDb: BenchDatabase | null = null;
  const target = async (db: DbKind): Promise<{ databaseUrl: string | null; dataDir: string }> => {
    if (db === 'pglite') return { databaseUrl: null, dataDir: (pgliteDir ??= tempDir('pglite')) };
    pgDb ??= await createBenchDatabase();
    return { databaseUrl: pgDb.url, dataDir: (pgDataDir ??= tempDir('pg')) };
  };
  const kinds: DbKind[] = pgVersion ? ['pglite', 'postgres'] : ['pglite'];
  /**
   * --settle seconds of unmeasured load at each connection count measured, once per process before its first measured run.
   * A fresh server keeps getting faster for its first 20,000-odd answers while V8 optimises its code: over
   * consecutive 3 s runs at 1 connection, 0.46, 0.31, 0.29, 0.25, 0.26 ms of CPU per answer, while the floor
   * (a few dozen lines) was at its figure from the first. The 2 s warm-up alone measured the server half cold.
   */
  const settle = async (label: string, url: string, token: string, query: string, variables: Record<string, unknown> = {}, connectionCounts: readonly number[] = CONNECTIONS): Promise<void> => {
    if (opts.settleSec <= 0) return;
    for (const connections of connectionCounts) {
      step(`${label}: ${opts.settleSec} s de carga sin medir (${connections} ${connections === 1 ? 'conexión' : 'conexiones'}) antes de medir`);
      await runLoad({ url, token, query, variables, connections, durationSec: opts.settleSec, warmupSec: 0 });
    }
  };
  // The users query at 1 and 20 connections, each after its warm-up (the reference answer is fetched first).
  // The warm-up is a run of its own, so that the CPU the answering process (`pid`) used is read around the
  // measured run only (/proc: the server and the floor are processes of their own).
  // `query`/`variables`: PostGraphile's own query for the same page.
  const usersLoad = async (
    label: string,
    url: string,
    token: string,
    pid: number,
    query: string = USERS_QUERY,
    variables: Record<string, unknown> = USERS_VARIABLES,
  ): Promise<LoadResult[]> => {
    const load: LoadResult[] = [];
    await settle(label, url, token, query, variables);
    for (const connections of CONNECTIONS) {
      step(`${label}: consulta users, ${connections} conexión(es), ${opts.durationSec} s`);
      const request = { url, token, query, variables, connections, durationSec: opts.durationSec, warmupSec: 0 };
      if (opts.warmupSec > 0) await runLoad({ ...request, durationSec: opts.warmupSec });
      const cpuBefore = processCpuMs(pid);
      const sample = await runLoad(request);
      load.push(summarise([{ ...sample, serverCpuMs: processCpuMs(pid) - cpuBefore }]));
    }
    return load;
  };
  // `{ __typename }` at 20 connections: what a request costs before any data is read.
  const emptyLoad = async (label: string, url: string, token: string, pid: number): Promise<LoadResult> => {
    await settle(label, url, token, EMPTY_QUERY, {}, [20]);
    step(`${label}: consulta { __typename }, 20 conexiones, ${opts.durationSec} s`);
    const request = { url, token, query: EMPTY_QUERY, connections: 20, durationSec: opts.durationSec, warmupSec: 0 };
    if (opts.warmupSec > 0) await runLoad({ ...request, durationSec: opts.warmupSec });
    const cpuBefore = processCpuMs(pid);
    const sample = await runLoad(request);
    return summarise([{ ...sample, serverCpuMs: processCpuMs(pid) - cpuBefore }]);
  };

  /** A process the users comparison loads: its URL, token, query and the samples measured on it, per connection count. */
  type UsersTarget = { label: string; url: string; token: string; pid: number; query: string; variables: Record<string, unknown>; samples: LoadSample[][] };
  const usersTarget = (label: string, url: string, token: string, pid: number, query: string = USERS_QUERY, variables: Record<string, unknown> = USERS_VARIABLES): UsersTarget => ({
    label,
    url,
    token,
    pid,
    query,
    variables,
    samples: CONNECTIONS.map((): LoadSample[] => []),
  });
  /**
   * Processes answering the list measured in turns (issue 24's goals are their ratios: the server, its
   * floor and PostGraphile in section b, the two permission sides in b'), each settled first: the
   * --duration seconds per connection count are split over --rounds rounds, in the given order, then
   * the reverse, and so on, each segment after its own warm-up. A change in the
   * machine's other load during the run then weighs on all three instead of on the one measured at that
   * moment (measured one after the other, the floor's own figures moved by a third between two runs).
   */
  const usersInTurns = async (targets: readonly UsersTarget[]): Promise<void> => {
    const seconds = opts.durationSec / opts.rounds;
    for (const t of targets) await settle(t.label, t.url, t.token, t.query, t.variables);
    for (let round = 0; round < opts.rounds; round++) {
      for (const t of round % 2 === 0 ? targets : [...targets].reverse()) {
        for (const [i, connections] of CONNECTIONS.entries()) {
          step(`${t.label}: consulta users, ${connections} conexión(es), ${seconds} s (ronda ${round + 1} de ${opts.rounds})`);
          const request = { url: t.url, token: t.token, query: t.query, variables: t.variables, connections, durationSec: seconds, warmupSec: 0 };
          if (opts.warmupSec > 0) await runLoad({ ...request, durationSec: opts.warmupSec });
          const cpuBefore = processCpuMs(t.pid);
          const sample = await runLoad(request);
          t.samples[i].push({ ...sample, serverCpuMs: processCpuMs(t.pid) - cpuBefore });
          stepFigures(t.samples[i].at(-1)!);
        }
      }
    }
  };
  const mergedLoad = (t: UsersTarget): LoadResult[] => t.samples.map(summarise);

  /** PostGraphile 4 installed (in a scratch folder) and started on the database, or the figure saying why not. */
  const startPostgraphileFor = async (databaseUrl: string): Promise<{ figure: PostgraphileFigure; process: Awaited<ReturnType<typeof startPostgraphile>> | null }> => {
    const figure: PostgraphileFigure = { version: null, installMs: 0, load: [], memoryAfterLoad: null, error: null, samePage: null, ratios: [] };
    const install = await ensurePostgraphile(step);
    if (!install.ok) return { figure: { ...figure, error: install.reason }, process: null };
    figure.version = install.version;
    figure.installMs = install.installMs;
    try {
      step(`PostGraphile ${install.version}: arranque e introspección del esquema public`);
      return { figure, process: await startPostgraphile({ databaseUrl, postgraphileDir: POSTGRAPHILE_DIR }) };
    } catch (error) {
      return { figure: { ...figure, error: `no arrancó: ${(error instanceof Error ? error.message : String(error)).split('\n').slice(0, 4).join(' / ')}` }, process: null };
    }
  };
  /** Whether PostGraphile's page lists the server's users in the server's order. */
  const samePageAs = async (url: string, serverAnswer: string): Promise<boolean> => {
    const answer = await referenceBody(url, '', POSTGRAPHILE_USERS_QUERY, POSTGRAPHILE_USERS_VARIABLES);
    const ids = (JSON.parse(answer) as { data: { allUsers: { nodes: { id: number }[] } } }).data.allUsers.nodes.map((n) => String(n.id));
    const serverIds = (JSON.parse(serverAnswer) as { data: { users: { items: { id: string }[] } } }).data.users.items.map((u) => u.id);
    return JSON.stringify(ids) === JSON.stringify(serverIds);
  };

  if (opts.only.has('start')) {
    for (const db of kinds) {
      const where = await target(db);
      for (const run of ['first', 'second'] as const) {
        step(`${DB_LABEL[db]}: ${run === 'first' ? 'primer arranque (migraciones + datos demo)' : 'segundo arranque'}`);
        const server = await startServerProcess(where);
        report.start.push({ db, run, startMs: server.startMs, startCpuMs: server.startCpuMs, ...server.memory() });
        await server.stop();
      }
    }
  }

  // Sections b and b' compare processes answering the same list: pinned (bench/pinning.ts).
  const pinned = opts.pin && canPin();
  report.pinned = (opts.only.has('users') || opts.only.has('permissions')) && pinned;
  setPinning(pinned);
  if (opts.only.has('users')) {
    for (const db of kinds) {
      const where = await target(db);
      step(`${DB_LABEL[db]}: ${opts.users} usuarios en la base`);
      const prepared = await prepareUsers({ ...where, target: opts.users });
      if (db === 'pglite' || !where.databaseUrl) {
        const server = await startServerProcess(where);
        try {
          const token = await login(server.url);
          const load = await usersLoad(DB_LABEL[db], server.url, token, server.pid);
          report.users.push({ db, prepared, load, memoryAfterLoad: server.memory(), floor: null, postgraphile: null, interpreted: null, emptyQuery: null });
        } finally {
          await server.stop();
        }
        continue;
      }
      const databaseUrl = where.databaseUrl;
      // What compiled execution (server/graphql/compiledExecution.ts) is worth: the same server, interpreted, on its own first.
      let interpreted: UsersFigure['interpreted'] = null;
      {
        const alone = await startServerProcess({ ...where, env: { ERP_GRAPHQL_COMPILE: 'off' } });
        try {
          const token = await login(alone.url);
          interpreted = { load: await usersLoad(`${DB_LABEL[db]}, sin compilar`, alone.url, token, alone.pid), memoryAfterLoad: alone.memory() };
        } finally {
          await alone.stop();
        }
      }
      // Then the server, the floor (node + pg, the server's SQL) and PostGraphile 4 (if it can be installed
      // and started; otherwise its row says why) side by side on the same database, loaded in turns.
      const server = await startServerProcess(where);
      let floorProcess: Awaited<ReturnType<typeof startUsersFloor>> | null = null;
      let pg: Awaited<ReturnType<typeof startPostgraphileFor>> | null = null;
      try {
        const token = await login(server.url);
        floorProcess = await startUsersFloor({ databaseUrl });
        pg = await startPostgraphileFor(databaseUrl);
        const serverTarget = usersTarget(DB_LABEL[db], server.url, token, server.pid);
        const floorTarget = usersTarget(`${DB_LABEL[db]}, piso (node + pg)`, floorProcess.url, '', floorProcess.pid);
        const pgTarget = pg.process
          ? usersTarget(`PostgreSQL, PostGraphile ${pg.figure.version}`, pg.process.url, '', pg.process.pid, POSTGRAPHILE_USERS_QUERY, POSTGRAPHILE_USERS_VARIABLES)
          : null;
        try {
          await usersInTurns(pgTarget ? [serverTarget, floorTarget, pgTarget] : [serverTarget, floorTarget]);
        } catch (error) {
          // PostGraphile failing under load leaves the server's and the floor's figures out too: say so and stop.
          if (pg.process) pg.figure.error = `falló la carga: ${error instanceof Error ? error.message : String(error)}`;
          throw error;
        }
        const load = mergedLoad(serverTarget);
        const figure: UsersFigure = { db, prepared, load, memoryAfterLoad: server.memory(), floor: null, postgraphile: null, interpreted, emptyQuery: null };
        figure.emptyQuery = await emptyLoad(DB_LABEL[db], server.url, token, server.pid);
        const serverAnswer = await referenceBody(server.url, token, USERS_QUERY, USERS_VARIABLES);
        const floorLoad = mergedLoad(floorTarget);
        const at20 = (results: LoadResult[]) => results.find((r) => r.connections === 20) as LoadResult;
        figure.floor = {
          load: floorLoad,
          // The floor's /empty/ answers { __typename }'s body at once: node:http alone.
          emptyQuery: await emptyLoad(`${DB_LABEL[db]}, piso (node + pg)`, `${floorProcess.url}/empty`, '', floorProcess.pid),
          memoryAfterLoad: floorProcess.memory(),
          sameAnswer: (await referenceBody(floorProcess.url, '', USERS_QUERY, USERS_VARIABLES)) === serverAnswer,
          throughputServerFloor: at20(load).requestsPerSec / at20(floorLoad).requestsPerSec,
          p95ServerFloor: at20(load).p95Ms / at20(floorLoad).p95Ms,
          cpuServerFloor: cpuRatio(at20(load), at20(floorLoad)),
          cpuServerFloorByConnections: floorLoad.map((f, i) => ({ connections: f.connections, ratio: cpuRatio(load[i], f) })),
        };
        if (pgTarget && pg.process) {
          const pgLoad = mergedLoad(pgTarget);
          pg.figure.load = pgLoad;
          pg.figure.memoryAfterLoad = pg.process.memory();
          pg.figure.samePage = await samePageAs(pg.process.url, serverAnswer);
          pg.figure.ratios = pgLoad.map((r, i) => ({ connections: r.connections, throughputServerPg: load[i].requestsPerSec / r.requestsPerSec, cpuServerPg: cpuRatio(load[i], r) }));
        }
        figure.postgraphile = pg.figure;
        report.users.push(figure);
      } finally {
        await pg?.process?.stop();
        await floorProcess?.stop();
        await server.stop();
      }
    }
  }

  if (opts.only.has('permissions')) {
    const db: DbKind = opts.permissionsDb ?? (pgVersion ? 'postgres' : 'pglite');
    if (db === 'postgres' && !pgVersion) throw new Error('--permissions-db=postgres pero PostgreSQL no responde');
    const where = await target(db);
    step(`${DB_LABEL[db]}: ${opts.users} usuarios en la base`);
    await prepareUsers({ ...where, target: opts.users });
    // Both sides run side by side, each in its own process (bench/permissions-server.ts), and are
    // loaded in turns: on, off, then off, on, ..., each segment after its own warm-up. Booted in this
    // process, one after the other or side by side, the side booted first was the slower one whichever
    // it was (CPU ratio 1.08-1.18 with the rules booted first, 0.86-0.88 with them booted second).
    // PGlite admits one process per folder: the side without rules gets a copy, taken before either starts.
    const offDir = db === 'pglite' ? tempDir('pglite-permisos') : where.dataDir;
    if (db === 'pglite') fs.cpSync(where.dataDir, offDir, { recursive: true });
    const processes: ServerProcess[] = [];
    const sides: UsersTarget[] = [];
    try {
      for (const permissions of [true, false]) {
        const dataDir = permissions ? where.dataDir : offDir;
        const label = `${DB_LABEL[db]}, permisos ${permissions ? 'activos' : 'desactivados'}`;
        step(`${label}: arranque (bench/permissions-server.ts)`);
        const server = await startServerProcess({ ...where, dataDir, permissions });
        processes.push(server);
        sides.push(usersTarget(label, server.url, await login(server.url), server.pid));
      }
      await usersInTurns(sides);
    } finally {
      for (const server of processes) await server.stop();
    }
    const [on, off] = sides.map(mergedLoad);
    report.permissions = {
      db,
      rounds: opts.rounds,
      on,
      off,
      ratios: on.map((r, i) => ({
        connections: r.connections,
        p50OnOff: r.p50Ms / off[i].p50Ms,
        throughputOffOn: off[i].requestsPerSec / r.requestsPerSec,
        cpuOnOff: r.cpuMsPerRequest !== null && off[i].cpuMsPerRequest !== null ? r.cpuMsPerRequest / off[i].cpuMsPerRequest : null,
      })),
    };
  }

  setPinning(false);

  if (opts.only.has('instructions')) {
    if (pgVersion === null) report.skipped.push('Instrucciones: PostgreSQL no responde (el piso es de PostgreSQL)');
    else {
      const where = await target('postgres');
      step(`PostgreSQL: ${opts.users} usuarios en la base`);
      await prepareUsers({ ...where, target: opts.users });
      report.instructions = await benchInstructions({ databaseUrl: where.databaseUrl as string, dataDir: where.dataDir, step });
    }
  }

  // Module sections: each bench script loads its own data into its own PGlite
  // folder and database (erp_bench_<pid>_<section>) and starts its own server.
  const moduleSection = async (section: ModuleSection, title: string, headers: string[], run: (db: DbKind) => Promise<string[][]>): Promise<void> => {
    const loadAverageStart = os.loadavg()[0];
    const sectionBegan = performance.now();
    const rows: string[][] = [];
    for (const db of kinds) {
      step(`${DB_LABEL[db]}: ${title}`);
      rows.push(...(await run(db)));
    }
    report.modules.push({ section, title, loadAverageStart, headers, rows, seconds: (performance.now() - sectionBegan) / 1000 });
  };

  if (opts.only.has('warehouse')) {
    await moduleSection(
      'warehouse',
      `Almacén: registro de movimientos (${opts.postingSec} s por número de clientes), Existencias y kárdex (${opts.runs} peticiones secuenciales)`,
      WAREHOUSE_BENCH_HEADERS,
      (db) => benchWarehouse(db, { runs: opts.runs, seconds: opts.postingSec, warmupSeconds: opts.warmupSec }, report.posting),
    );
  }

  if (opts.only.has('shopping')) {
    await moduleSection(
      'shopping',
      `Compras: antigüedad de saldos (payablesAging), ${opts.runs} peticiones secuenciales`,
      SHOPPING_BENCH_HEADERS,
      (db) => benchShoppingAging(db, { runs: opts.runs }),
    );
  }

  if (opts.only.has('sales')) {
    if (!fs.existsSync(SALES_SCRIPT)) report.skipped.push('Ventas: no existe bench/sales.ts');
    else {
      step(`Ventas: node --import tsx bench/sales.ts --runs=${opts.runs} (PGlite y, si responde, PostgreSQL)`);
      const loadAverageStart = os.loadavg()[0];
      const sectionBegan = performance.now();
      const result = await runBenchScript(SALES_SCRIPT, [`--runs=${opts.runs}`], pgVersion !== null);
      const table = result.code === 0 ? parsePrintedTable(result.stdout) : null;
      if (table) report.modules.push({ section: 'sales', loadAverageStart, ...table, seconds: (performance.now() - sectionBegan) / 1000 });
      else report.skipped.push(`Ventas: bench/sales.ts ${result.code === 0 ? 'no imprimió una tabla' : `terminó con código ${result.code}`}`);
    }
  }

  if (opts.only.has('processes')) {
    if (pgVersion === null) report.skipped.push('Procesos: PostgreSQL no responde en TEST_DATABASE_URL');
    else report.processes = await benchProcesses({ durationSec: opts.durationSec, warmupSec: opts.warmupSec, rounds: 20, step });
  }

  if (opts.only.has('payroll')) report.payroll = await benchPayroll({ postgres: pgVersion !== null, step });
  if (opts.only.has('maintenance')) {
    if (pgVersion === null) report.skipped.push('Mantenimiento: PostgreSQL no responde (la meta es en PostgreSQL)');
    else report.maintenance = await benchMaintenance({ postgres: true, step });
  }
  if (opts.only.has('cfdi')) {
    if (pgVersion === null) report.skipped.push('CFDI: PostgreSQL no responde (la meta es en PostgreSQL)');
    else report.cfdi = await benchCfdi({ postgres: true, step });
  }
  if (opts.only.has('jobcost')) {
    if (pgVersion === null) report.skipped.push('Costo de obra: PostgreSQL no responde (la meta es en PostgreSQL)');
    else report.jobCost = await benchJobCost({ postgres: true, step });
  }
  if (opts.only.has('dashboard')) report.dashboard = await benchDashboard({ postgres: pgVersion !== null, durationSec: opts.durationSec, warmupSec: opts.warmupSec, step });

  if (opts.only.has('spa')) {
    step(opts.build ? 'SPA: vite build' : 'SPA: tamaños de dist/client (compila si falta; --build para recompilar)');
    report.spa = await measureSpa({ forceBuild: opts.build });
  }

  report.goals = speedGoals(report, opts);
  report.totalSec = (performance.now() - began) / 1000;
  report.loadAverage.end = os.loadavg()[0];
  print(report);
  fs.writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResultados en JSON: ${opts.out}`);
}

/**
 * Runs a bench script that does its work on import (bench/sales.ts) in a child
 * process of its own process group, its progress on our stderr. On cleanup the
 * group gets SIGTERM (the script then drops its own folder, database and
 * server), SIGKILL after 30 s, and its database is dropped here too in case
 * it could not.
 */
async function runBenchScript(file: string, args: string[], postgres: boolean): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`No se pudo ejecutar ${file}`);
  // 'close', not 'exit': by then all of its stdout has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const untrackDb = postgres ? track(`la base de datos erp_bench_${pid}`, () => dropBenchDatabase(`erp_bench_${pid}`)) : () => undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is gone already
    }
  };
  const untrack = track(`el proceso ${path.basename(file)} (pid ${pid})`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const force = setTimeout(() => signalGroup('SIGKILL'), 30_000);
    signalGroup('SIGTERM');
    await exited;
    clearTimeout(force);
  });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (stdout += chunk));
  const code = await exited;
  untrack();
  // A clean exit dropped its database; after a failure, drop it now.
  if (code !== 0 && postgres) await dropBenchDatabase(`erp_bench_${pid}`).catch(() => undefined);
  untrackDb();
  return { code, stdout };
}

/** The last table formatTable printed (title line, header, dashes, rows), cells cut at the dash columns. */
function parsePrintedTable(text: string): { title: string; headers: string[]; rows: string[][] } | null {
  const lines = text.split('\n');
  const dashes = lines.findLastIndex((l) => /^ {2}-+( {2}-+)*$/.test(l));
  if (dashes < 1) return null;
  const columns = [...lines[dashes].matchAll(/-+/g)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
  const cells = (line: string) => columns.map((c, i) => line.slice(c.from, i === columns.length - 1 ? undefined : c.to).trim());
  const rows: string[][] = [];
  for (const line of lines.slice(dashes + 1)) {
    if (!line.startsWith('  ')) break;
    rows.push(cells(line));
  }
  const title = lines.slice(0, dashes - 1).findLast((l) => l.trim() !== '')?.trim() ?? 'Ventas';
  return rows.length ? { title, headers: cells(lines[dashes - 1]), rows } : null;
}

const orDash = (value: number | null, format: (n: number) => string): string => (value === null ? '-' : format(value));

/**
 * Issue 24's speed goals, each from figures of this run: users list over PostGraphile 4
 * (requests/s) and over its floor (CPU per request) on PostgreSQL, the permission layer's CPU
 * ratio, and posting at 16 clients on PostgreSQL (warehouse section). A goal whose section did
 * not run (or could not measure it) says so instead of a figure.
 */
function speedGoals(report: Report, opts: Options): Goal[] {
  const goals: Goal[] = [];
  const usersPg = report.users.find((u) => u.db === 'postgres') ?? null;
  const notRun = (section: Section) =>
    opts.only.has(section) ? 'no medido (ver arriba)' : `no medido en esta corrida (--only=${section})`;
  for (const connections of CONNECTIONS) {
    const what = `users / PostGraphile 4 (sin totalCount), peticiones/s, ${connections} ${connections === 1 ? 'conexión' : 'conexiones'}`;
    const target = `≥ ${ratio(GOALS.postgraphileThroughput)}`;
    const pgFigure = usersPg?.postgraphile ?? null;
    const r = pgFigure?.ratios.find((x) => x.connections === connections);
    if (r) goals.push({ what, target, measured: `${ratio(r.throughputServerPg)}×`, holds: r.throughputServerPg >= GOALS.postgraphileThroughput });
    else goals.push({ what, target, measured: null, holds: null, note: pgFigure?.error ?? (usersPg ? 'PostGraphile no corrió' : notRun('users')) });
  }
  for (const connections of CONNECTIONS) {
    const what = `users CPU/pet servidor ÷ piso (misma página), ${connections} ${connections === 1 ? 'conexión' : 'conexiones'}`;
    const target = `≤ ${ratio(GOALS.floorCpu)}`;
    const r = usersPg?.floor?.cpuServerFloorByConnections.find((x) => x.connections === connections)?.ratio ?? null;
    if (r !== null) goals.push({ what, target, measured: `${ratio(r)}×`, holds: r <= GOALS.floorCpu });
    else goals.push({ what, target, measured: null, holds: null, note: usersPg ? 'sin CPU del piso' : notRun('users') });
  }
  for (const connections of CONNECTIONS) {
    const what = `capa de permisos, CPU/pet activa ÷ desactivada, ${connections} ${connections === 1 ? 'conexión' : 'conexiones'}`;
    const target = `≤ ${ratio(GOALS.permissionsCpu)}`;
    const p = report.permissions;
    const r = p?.ratios.find((x) => x.connections === connections)?.cpuOnOff ?? null;
    if (p && r !== null) goals.push({ what, target, measured: `${ratio(r)}×`, holds: r <= GOALS.permissionsCpu, note: p.db === 'postgres' ? undefined : DB_LABEL[p.db] });
    else goals.push({ what, target, measured: null, holds: null, note: notRun('permissions') });
  }
  {
    const what = `Almacén: movimientos registrados por segundo, ${GOALS.postingClients} clientes (PostgreSQL)`;
    const target = `≥ ${GOALS.postingPerSec}/s`;
    const r = report.posting.find((x) => x.db === 'postgres' && x.clients === GOALS.postingClients);
    if (r)
      goals.push({
        what,
        target,
        measured: `${rps(r.perSecond)}/s`,
        holds: r.perSecond >= GOALS.postingPerSec,
        note: `sección d${r.failed ? `; ${r.failed} con error` : ''}`,
      });
    else goals.push({ what, target, measured: null, holds: null, note: report.posting.length ? 'PostgreSQL no respondió' : notRun('warehouse') });
  }
  return goals;
}

function print(report: Report): void {
  const { machine } = report;
  const out: string[] = [
    '',
    `ERP bench · ${report.at} · ${machine.cpus} CPU (${machine.cpuModel}) · ${machine.memoryGiB} GiB · Node ${machine.node}` +
      (machine.postgres ? ` · PostgreSQL ${machine.postgres}` : ''),
  ];
  if (report.start.length) {
    const command = process.env.BENCH_SERVER === 'tsx' ? 'node --import tsx server/index.ts' : 'node dist/server/index.js';
    out.push('', `a. Arranque del servidor (${command} hasta /api/health 200)`);
    out.push(
      formatTable(
        ['Base de datos', 'Arranque', 'Tiempo', 'CPU', 'RSS', 'RSS pico'],
        report.start.map((f) => [
          DB_LABEL[f.db],
          f.run === 'first' ? 'primero (migraciones + seed)' : 'segundo (misma base)',
          ms(f.startMs),
          ms(f.startCpuMs),
          mib(f.rssMiB),
          mib(f.peakRssMiB),
        ]),
      ),
    );
  }
  if (report.users.length) {
    out.push(
      '',
      `b. Lista de Usuarios como la pide la pantalla (UserList: página de ${USERS_PAGE_SIZE} de ${report.options.users} usuarios por nombre, sus campos), servidor en su propio proceso`,
    );
    const usersRows = (label: string, load: LoadResult[], memory: Memory): string[][] =>
      load.map((r, i) => [
        label,
        String(r.connections),
        ms(r.p50Ms),
        ms(r.p95Ms),
        ms(r.p99Ms),
        rps(r.requestsPerSec),
        r.cpuMsPerRequest === null ? '-' : ms(r.cpuMsPerRequest),
        String(r.failed),
        i === load.length - 1 ? mib(memory.rssMiB) : '',
      ]);
    out.push(
      formatTable(
        ['Base de datos', 'Conexiones', 'p50', 'p95', 'p99', 'Peticiones/s', 'CPU/pet', 'Fallidas', 'RSS tras la carga'],
        report.users.flatMap((u) => [
          ...usersRows(DB_LABEL[u.db], u.load, u.memoryAfterLoad),
          ...(u.interpreted ? usersRows(`${DB_LABEL[u.db]} (sin compilar: ERP_GRAPHQL_COMPILE=off)`, u.interpreted.load, u.interpreted.memoryAfterLoad) : []),
          ...(u.floor ? usersRows(`${DB_LABEL[u.db]} (piso: node + pg, mismo SQL)`, u.floor.load, u.floor.memoryAfterLoad) : []),
          ...(u.postgraphile
            ? u.postgraphile.load.length && u.postgraphile.memoryAfterLoad
              ? usersRows(`${DB_LABEL[u.db]} (PostGraphile ${u.postgraphile.version}, sin totalCount)`, u.postgraphile.load, u.postgraphile.memoryAfterLoad)
              : [[`${DB_LABEL[u.db]} (PostGraphile 4: no corrió, ver abajo)`, '-', '-', '-', '-', '-', '-', '-', '-']]
            : []),
        ]),
      ),
    );
    for (const u of report.users) {
      const compiled20 = u.load.find((r) => r.connections === 20);
      const interpreted20 = u.interpreted?.load.find((r) => r.connections === 20);
      if (compiled20 && interpreted20) {
        const cpu = cpuRatio(interpreted20, compiled20);
        out.push(
          `   Compilada/sin compilar a 20 conexiones: peticiones/s ${ratio(compiled20.requestsPerSec / interpreted20.requestsPerSec)}×` +
            (cpu === null ? '.' : `, CPU por petición sin compilar ${ratio(cpu)}× la compilada.`),
        );
      }
      if (u.floor) {
        const { rounds, durationSec } = report.options;
        out.push(
          `   Servidor, piso${u.postgraphile?.load.length ? ' y PostGraphile' : ''} cargados por turnos: ${rounds} ronda(s) de ${Number((durationSec / rounds).toFixed(2))} s por conexión, ` +
            `en orden servidor, piso, PostGraphile y luego al revés, cada una tras su calentamiento (y cada proceso tras ${report.options.settleSec} s de carga sin medir por número de conexiones); cada fila junta sus rondas.`,
        );
      }
      const pgFigure = u.postgraphile;
      if (pgFigure?.error) out.push(`   PostGraphile 4: ${pgFigure.error}; el resto del bench sigue.`);
      else if (pgFigure) {
        out.push(
          `   Servidor/PostGraphile ${pgFigure.version} (totalCount no pedido; en ${POSTGRAPHILE_DIR}${pgFigure.installMs ? `, instalado en ${ms(pgFigure.installMs)}` : ''}): ` +
            pgFigure.ratios
              .map((r) => `${r.connections} conexión(es) peticiones/s ${ratio(r.throughputServerPg)}×${r.cpuServerPg === null ? '' : `, CPU/pet ${ratio(r.cpuServerPg)}×`}`)
              .join('; ') +
            `. Objetivo: peticiones/s ≥ ${ratio(GOALS.postgraphileThroughput)}× en ambas.`,
        );
        if (pgFigure.samePage === false) out.push('   AVISO: la página de PostGraphile no lista los mismos usuarios en el mismo orden que la del servidor.');
      }
      if (!u.floor) continue;
      const f = u.floor;
      out.push(
        `   CPU por petición servidor/piso (misma página y campos): ` +
          f.cpuServerFloorByConnections.map((r) => `${r.connections} conexión(es) ${orDash(r.ratio, ratio)}×`).join(', ') +
          `. Objetivo: ≤ ${ratio(GOALS.floorCpu)}× en ambas.`,
      );
      const server20 = u.load.find((r) => r.connections === 20) as LoadResult;
      const cpu = f.cpuServerFloor;
      const holds = 1 / f.throughputServerFloor <= FLOOR_GOAL && f.p95ServerFloor <= FLOOR_GOAL;
      out.push(
        `   Issue 12, servidor/piso a 20 conexiones: peticiones/s ${ratio(f.throughputServerFloor)} (el piso da ${ratio(1 / f.throughputServerFloor)}×), p95 ${ratio(f.p95ServerFloor)}×.` +
          ` Objetivo: el servidor a ≤ ${FLOOR_GOAL}× del piso en ambas (${holds ? 'cumple' : 'NO cumple'});` +
          ` p95 del servidor < ${USERS_P95_GOAL_MS} ms (${server20.p95Ms < USERS_P95_GOAL_MS ? 'cumple' : 'NO cumple'}).` +
          (cpu === null ? '' : ` CPU por petición: el servidor gasta ${ratio(cpu)}× la del piso.`),
      );
      const empty = u.emptyQuery?.cpuMsPerRequest ?? null;
      const http = f.emptyQuery.cpuMsPerRequest;
      const floorCpu = f.load.find((r) => r.connections === 20)?.cpuMsPerRequest ?? null;
      if (empty !== null && http !== null && floorCpu) {
        // The floor already pays HTTP: what the stack adds is the server's empty answer over node:http's.
        const least = (floorCpu + empty - http) / floorCpu;
        // { __typename } is no operation of the SPA's list: Apollo's whole pipeline answers it. The users
        // list is one, and the read fast path answers it (server/graphql/readFastPath.ts) without that pipeline.
        out.push(
          `   Costo fijo de la pila de Apollo (lo que no es una lectura de la SPA): { __typename } con sesión gasta ${ms(empty)} de CPU por petición; node:http solo, ${ms(http)}.` +
            ` Una lista por esa ruta, sin nada más por fila que el piso, ya gastaría ${ratio(least)}× la CPU del piso.` +
            ` La lista de Usuarios no la recorre: es una consulta de la SPA (generated/persisted-operations.json) y la responde la ruta corta de lecturas.`,
        );
      }
      if (!f.sameAnswer) out.push('   AVISO: la respuesta del piso no es idéntica a la del servidor; el piso no mide lo mismo.');
    }
    const inserts = report.users.filter((u) => u.prepared.inserted > 0);
    if (inserts.length) out.push(`   Inserción de usuarios: ${inserts.map((u) => `${DB_LABEL[u.db]} ${u.prepared.inserted} en ${ms(u.prepared.insertMs)}`).join(', ')}`);
  }
  if (report.permissions) {
    const p = report.permissions;
    out.push('', `b'. Capa de permisos activa vs. desactivada, un proceso por lado, ${DB_LABEL[p.db]}, cargados por turnos: ${p.rounds} ronda(s) por lado`);
    out.push(
      formatTable(
        ['Conexiones', 'p50 activa', 'p50 desact.', 'p50 activa/desact.', 'pet/s activa', 'pet/s desact.', 'pet/s desact./activa', 'CPU/pet activa', 'CPU/pet desact.', 'CPU activa/desact.', 'Fallidas'],
        p.ratios.map((r, i) => [
          String(r.connections),
          ms(p.on[i].p50Ms),
          ms(p.off[i].p50Ms),
          ratio(r.p50OnOff),
          rps(p.on[i].requestsPerSec),
          rps(p.off[i].requestsPerSec),
          ratio(r.throughputOffOn),
          orDash(p.on[i].cpuMsPerRequest, ms),
          orDash(p.off[i].cpuMsPerRequest, ms),
          orDash(r.cpuOnOff, ratio),
          String(p.on[i].failed + p.off[i].failed),
        ]),
      ),
    );
    out.push('   Objetivo: cocientes ≤ 1.10 (más de 1 = la capa de permisos cuesta). Con la máquina ocupada, el de CPU es el fiable.');
  }
  if (report.instructions) {
    const r = report.instructions;
    out.push('', `b''. users en instrucciones por respuesta (callgrind, PostgreSQL, 1 conexión, peticiones seguidas)`);
    if ('error' in r) out.push(`   No se midió: ${r.error}`);
    else {
      out.push(
        formatTable(
          ['Proceso', 'Hilo principal', 'Otros hilos', 'Respuestas contadas'],
          [r.server, r.floor].map((f) => [f.label, `${f.mainPerAnswer.toFixed(3)} M`, `${f.otherThreadsPerAnswer.toFixed(3)} M`, String(f.answers)]),
        ),
      );
      out.push(
        `   Servidor ÷ piso, hilo principal: ${ratio(r.server.mainPerAnswer / r.floor.mainPerAnswer)}×; con los otros hilos: ` +
          `${ratio((r.server.mainPerAnswer + r.server.otherThreadsPerAnswer) / (r.floor.mainPerAnswer + r.floor.otherThreadsPerAnswer))}× ` +
          `(tras ${r.warm} respuestas sin contar). Repetible de una corrida a otra y de una máquina a otra, a diferencia de la CPU por petición; no cuenta el kernel.`,
      );
    }
  }
  if (report.spa) {
    const s = report.spa;
    out.push('', `c. SPA (dist/client${s.built ? `, compilada en ${ms(s.buildMs ?? 0)}` : ''}; gzip de node:zlib, 1 kB = 1000 bytes)`);
    const rows: string[][] = [
      ['JS de entrada (index.html)', kB(s.entryJsGzipBytes), s.entryJs.map((a) => `${path.basename(a.file)} ${kB(a.gzipBytes)}`).join(', ')],
      ['CSS de entrada', kB(s.entryCssGzipBytes), s.entryCss.map((a) => path.basename(a.file)).join(', ')],
      ['Chunk JS diferido más grande', s.largestOtherJs ? kB(s.largestOtherJs.gzipBytes) : '-', s.largestOtherJs ? path.basename(s.largestOtherJs.file) : ''],
      ['Todo el JS', kB(s.allJsGzipBytes), `${s.jsChunks} archivos`],
    ];
    out.push(formatTable(['Qué', 'gzip', 'Archivos'], rows));
    out.push(`   Objetivo: JS de entrada ≤ 250 kB gzip (${s.entryJsGzipBytes <= 250_000 ? 'cumple' : 'NO cumple'}).`);
  }
  const letters: Record<ModuleSection, string> = { warehouse: 'd', shopping: 'e', sales: 'f' };
  for (const m of report.modules) {
    out.push('', `${letters[m.section]}. ${m.title} (${m.section}; carga media al empezar ${m.loadAverageStart.toFixed(1)}, ${m.seconds.toFixed(0)} s)`);
    out.push(formatTable(m.headers, m.rows));
    if (m.loadAverageStart > machine.cpus / 2) out.push('   AVISO: la máquina estaba ocupada al empezar esta sección; sus tiempos no son comparables.');
  }
  if (report.processes) {
    const { one, two, propagation } = report.processes;
    out.push('', 'g. Uno contra dos procesos del servidor sobre una base PostgreSQL (consulta users, 20 conexiones en total)');
    out.push(
      formatTable(
        ['Procesos', 'Conexiones', 'p50', 'p95', 'Peticiones/s', 'CPU por petición', 'Fallidas'],
        [
          ['1', '20', ms(one.p50Ms), ms(one.p95Ms), rps(one.requestsPerSec), one.cpuMsPerRequest === null ? '-' : ms(one.cpuMsPerRequest), String(one.failed)],
          ['2', '10 + 10', ms(two.p50Ms), ms(two.p95Ms), rps(two.requestsPerSec), two.cpuMsPerRequest === null ? '-' : ms(two.cpuMsPerRequest), String(two.failed)],
        ],
      ),
    );
    out.push(
      `   Cambio de permisos guardado en A → rulesChanged en un suscriptor de B (LISTEN/NOTIFY), ${propagation.rounds} rondas: ` +
        `p50 ${ms(propagation.p50Ms)}, p95 ${ms(propagation.p95Ms)}, máximo ${ms(propagation.maxMs)}.`,
    );
    out.push(`   En ${machine.cpus} CPU el generador de carga, PostgreSQL y los servidores comparten núcleos: dos procesos no duplican la capacidad aquí.`);
  }
  if (report.payroll.length) {
    out.push('', `h. Nómina de ${PAYROLL_EMPLOYEES.toLocaleString('es-MX')} empleados (importación, creación, cálculo fiscal, cierre y recibos PDF; RSS del servidor)`);
    out.push(
      formatTable(
        ['Base', 'Empleados', 'Importar', 'Crear', 'Calcular', 'Cerrar', 'Recibos PDF', 'Tamaño PDF', 'RSS antes', 'RSS pico'],
        report.payroll.map((r) => [r.db, String(r.employees), ms(r.importMs), ms(r.createMs), ms(r.calculateMs), ms(r.closeMs), ms(r.receiptsMs), `${r.receiptsKiB} KiB`, mib(r.rssBeforeMiB), mib(r.peakRssMiB)]),
      ),
    );
    const pg = report.payroll.find((r) => r.db === 'PostgreSQL');
    if (pg) out.push(`   Objetivo: cálculo < 2 s en PostgreSQL (${pg.calculateMs < 2_000 ? 'cumple' : 'NO cumple'}).`);
  }
  if (report.maintenance.length) {
    const first = report.maintenance[0];
    out.push('', `h2. Programación de servicios: ${MAINTENANCE_VEHICLES.toLocaleString('es-MX')} vehículos, ${first.schedules.toLocaleString('es-MX')} servicios programados, ${first.readings.toLocaleString('es-MX')} lecturas de odómetro (página de 50 con estado calculado)`);
    out.push(formatTable(['Base', 'Consulta', 'Total', 'p50', 'p95'], report.maintenance.map((r) => [r.db, r.query, String(r.total), ms(r.p50Ms), ms(r.p95Ms)])));
    const worst = Math.max(...report.maintenance.map((r) => r.p95Ms));
    out.push(`   Objetivo: < 100 ms en PostgreSQL (${worst < 100 ? 'cumple' : 'NO cumple'}; peor p95 ${ms(worst)}).`);
  }
  if (report.cfdi.length) {
    out.push('', `h3. Facturación electrónica: facturas emitidas por ${CFDI_CLIENTS} clientes a la vez (construir, sellar con el CSD, validar XSD, timbrar con el PAC de pruebas)`);
    out.push(formatTable(['Base', 'Clientes', 'Facturas', 'Facturas/s', 'p50', 'p95', 'CPU por factura', 'Fallidas'], report.cfdi.map((r) => [r.db, String(r.clients), String(r.invoices), r.perSec.toFixed(1), ms(r.p50Ms), ms(r.p95Ms), ms(r.cpuMsPerInvoice), String(r.failed)])));
    const worst = Math.min(...report.cfdi.map((r) => r.perSec));
    out.push(`   Objetivo: ≥ ${CFDI_GOAL_PER_SEC} facturas/s con ${CFDI_CLIENTS} clientes en PostgreSQL (${worst >= CFDI_GOAL_PER_SEC ? 'cumple' : 'NO cumple'}).`);
  }
  if (report.jobCost) {
    const { rows, documents, fillMs } = report.jobCost;
    const sources = documents.crewDays + documents.vehicleKm + documents.fuelLoads + documents.issued + documents.expenses + documents.viaticos + documents.proofs;
    out.push(
      '',
      `h4. Costo de obra: ${JOB_COST_CONTRACTS.toLocaleString('es-MX')} contratos, ${sources.toLocaleString('es-MX')} documentos de origen ` +
        `(${documents.crewDays.toLocaleString('es-MX')} días de cuadrilla con ${documents.crewHours.toLocaleString('es-MX')} jornadas, ${documents.vehicleKm.toLocaleString('es-MX')} km de vehículo, ` +
        `${documents.fuelLoads.toLocaleString('es-MX')} cargas de combustible, ${documents.issued.toLocaleString('es-MX')} salidas de material, ${documents.expenses.toLocaleString('es-MX')} gastos, ` +
        `${documents.viaticos.toLocaleString('es-MX')} viáticos con ${documents.proofs.toLocaleString('es-MX')} comprobantes; ${documents.payrollReceipts.toLocaleString('es-MX')} recibos de nómina cerrada), cargados en ${ms(fillMs)}`,
    );
    out.push(formatTable(['Base', 'Consulta', 'Renglones', 'p50', 'p95'], rows.map((r) => [r.db, r.query, String(r.rows), ms(r.p50Ms), ms(r.p95Ms)])));
    const measured = rows.filter((r) => !r.query.startsWith('exportar:'));
    const worst = Math.max(...measured.map((r) => r.p95Ms));
    out.push(`   Objetivo: p95 < ${JOB_COST_GOAL_MS} ms en PostgreSQL, página por margen y un contrato (${worst < JOB_COST_GOAL_MS ? 'cumple' : 'NO cumple'}; peor p95 ${ms(worst)}).`);
  }
  if (report.dashboard.length) {
    out.push('', 'i. Tablero (consulta dashboard como administrador: todos los indicadores, empresa demo)');
    out.push(
      formatTable(
        ['Base', 'Conexiones', 'p50', 'p95', 'p99', 'Peticiones/s', 'Fallidas'],
        report.dashboard.map(({ db, result: r }) => [db, String(r.connections), ms(r.p50Ms), ms(r.p95Ms), ms(r.p99Ms), rps(r.requestsPerSec), String(r.failed)]),
      ),
    );
    const pg20 = report.dashboard.find((r) => r.db === 'PostgreSQL' && r.result.connections === 20);
    if (pg20) out.push(`   Objetivo: p95 < 150 ms en PostgreSQL (${pg20.result.p95Ms < 150 ? 'cumple' : 'NO cumple'} a 20 conexiones).`);
  }
  if (report.goals.length) {
    out.push('', 'Objetivos de velocidad (issue 24), medidos en esta corrida');
    out.push(
      formatTable(
        ['Objetivo', 'Meta', 'Medido', '', 'Nota'],
        report.goals.map((g) => [g.what, g.target, g.measured ?? '-', g.holds === null ? '' : g.holds ? '✓' : '✗', g.note ?? '']),
      ),
    );
  }
  for (const note of report.skipped) out.push(`\nOmitido: ${note}`);
  if (report.users.length > 0 || report.permissions) {
    out.push(
      report.pinned
        ? `\nSecciones b y b': cada proceso que responde en el núcleo ${machine.cpus - 1}, el generador de carga en el 0 (taskset; --pin=off para no fijarlos).`
        : "\nSecciones b y b': procesos sin fijar a un núcleo (--pin=off, sin taskset o un solo núcleo).",
    );
  }
  const { start, end } = report.loadAverage;
  out.push(`\nCarga media (1 min) al empezar ${start.toFixed(1)}, al terminar ${end.toFixed(1)}.`);
  // Only the figure before the run says something about other work: by the end
  // the bench's own server and load generator are in the average.
  if (start > machine.cpus / 2) out.push('AVISO: la máquina estaba ocupada con otros procesos; las cifras de tiempo no son comparables.');
  out.push(`\nDuración total: ${report.totalSec.toFixed(0)} s`);
  console.log(out.join('\n'));
}

try {
  await main();
} catch (error) {
  console.error('\nEl bench falló:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
// pg pools, PGlite or the autocannon histograms (WebAssembly) can keep the loop alive.
process.exit(process.exitCode ?? 0);
