// The one way every test suite (API, Firebase, e2e) starts a server: the
// compiled dist/server/index.js that `npm start` runs, with NODE_ENV=production
// and so the same configuration (server/config.ts loadConfig) and the same
// plugin set (graphql-armor's production protections, no introspection).
//
// What a suite may change is an allow-list of variables that `npm start` also
// reads (each one is in the README's configuration table); anything else, and
// the test runner's own variables (VITEST_*, NODE_ENV=test), never reaches the
// server. tests/unit/server/test-environment.test.ts holds the harness to it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** What `npm start` runs after building (package.json "start"). */
export const SERVER_ARGS = ['--enable-source-maps', 'dist/server/index.js'];

/**
 * Variables a test server may be given: each is read by `npm start` (server/config.ts and
 * the README's table) and changes a limit, a place or a provider, never a code path of its own.
 */
export const HARNESS_ENV_ALLOWED = [
  // where it listens and keeps its data
  'PORT',
  'HOST',
  'ERP_DATA_DIR',
  'DATABASE_URL',
  'ERP_DB_POOL_MAX',
  'ERP_CLIENT_DIR',
  // first start
  'ERP_ADMIN_EMAIL',
  'ERP_ADMIN_PASSWORD',
  'ERP_SEED_DEMO',
  'ERP_SESSION_SECRET',
  // limits a test runs into on purpose
  'ERP_LOGIN_MAX_ATTEMPTS',
  'ERP_LOGIN_MAX_ATTEMPTS_PER_IP',
  'ERP_SERVICE_ACCOUNT_RATE_PER_MIN',
  'ERP_SESSION_CACHE_MS',
  'ERP_SESSION_TTL_MINUTES',
  'ERP_MAX_UPLOAD_MB',
  'ERP_UPLOAD_GRACE_MINUTES',
  'ERP_PERSISTED_QUERIES',
  'ERP_TRUST_PROXY',
  'ERP_GRAPHQL_COMPILE',
  'LOG_LEVEL',
  // the Firebase provider against its emulator
  'ERP_AUTH_PROVIDER',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_AUTH_EMULATOR_HOST',
  // the PAC (README): Finkok's API, in tests a fake of it on 127.0.0.1
  'ERP_PAC',
  'ERP_PAC_URL',
  'ERP_PAC_USER',
  'ERP_PAC_PASSWORD',
  // SAT's status service (README): off by default in tests (no network here), a fake of it where a test asks SAT
  'ERP_SAT_STATUS_URL',
  'ERP_SAT_STATUS_CACHE_SECONDS',
  // documented test knobs: the statement count in extensions.sqlStatements; a crash between the PAC's answer and its save
  'ERP_COUNT_SQL',
  'ERP_FAULT_AFTER_PAC',
] as const;

export type HarnessEnvKey = (typeof HARNESS_ENV_ALLOWED)[number];

/** The test runner's own variables: they describe the runner, not the server. */
const RUNNER_ENV = /^(VITEST|TEST_|ERP_TEST_|PLAYWRIGHT|PW_|NODE_ENV$|NODE_OPTIONS$|TSX_)/;

/**
 * The environment of a test server: the machine's (less the runner's own variables), production,
 * and the given settings, each of which must be on the allow-list.
 */
export function productionServerEnv(settings: Record<string, string>, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const refused = Object.keys(settings).filter((key) => !(HARNESS_ENV_ALLOWED as readonly string[]).includes(key));
  if (refused.length) throw new Error(`Un servidor de prueba no puede recibir ${refused.join(', ')}: npm start no lo lee (tests/serverProcess.ts, HARNESS_ENV_ALLOWED).`);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !RUNNER_ENV.test(key) && !(HARNESS_ENV_ALLOWED as readonly string[]).includes(key)) env[key] = value;
  }
  return { ...env, ...settings, NODE_ENV: 'production' };
}

/** Brings dist/server up to date (scripts/ensure-build.ts: rebuilt only when a source changed). */
export function buildServer(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts', '--server'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Spawns the server and resolves once it prints its URL (rejects with its output if it exits first). */
export async function spawnProductionServer(
  settings: Record<string, string>,
  opts: { startMs?: number; stdio?: 'pipe' | 'inherit' } = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, { cwd: ROOT, env: productionServerEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), opts.startMs ?? 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (opts.stdio === 'inherit') process.stdout.write(chunk);
      const m = /ERP listo en (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { child, url, output: () => output };
}
