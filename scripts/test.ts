// `npm test`: every suite, in order, on a fresh machine. It finds or installs
// what it needs (Debian's chromium, a reachable PostgreSQL) and says loudly
// what it had to skip. Subsets: `npm test -- --only=unit,api-pglite`.
import { execSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const wants = (step: string) => !only || only.includes(step);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-report-'));

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const warnings: string[] = [];
/** Wall time of each step, printed in the summary: CI time is a budget (20 min) and this says where it goes. */
const timings: string[] = [];

const banner = (text: string) => console.log(`\n\u001b[1m=== ${text} ===\u001b[0m`);
const loud = (text: string) => {
  const line = '!'.repeat(78);
  console.log(`\n${line}\n!! ${text}\n${line}\n`);
  warnings.push(text);
};

function run(step: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  banner(step);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${step} ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status !== 0) failedSteps.push(step);
  return r.status === 0;
}

/**
 * A step whose output goes to a file, printed in one piece when it ends: it runs beside another
 * step (the two API passes), whose output keeps the terminal meanwhile.
 */
function runBeside(step: string, cmd: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  const log = path.join(tmp, `${step}.log`);
  const fd = fs.openSync(log, 'w');
  const started = Date.now();
  console.log(`(${step} corre al mismo tiempo; su salida aparece cuando termine)`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    child.once('exit', (code) => {
      fs.closeSync(fd);
      timings.push(`${step} ${Math.round((Date.now() - started) / 1000)} s`);
      banner(`${step} (salida)`);
      process.stdout.write(fs.readFileSync(log));
      if (code !== 0) failedSteps.push(step);
      resolve(code === 0);
    });
  });
}

const vitestArgs = (out: string, config: string | null) => ['vitest', 'run', ...(config ? ['--config', config] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];

function countVitest(step: string, out: string, ok: boolean) {
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    total.passed += r.numPassedTests;
    total.failed += r.numFailedTests;
    total.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numPassedTests + r.numFailedTests === 0) failedSteps.push(`${step} (ran no test)`);
  } else if (ok) failedSteps.push(`${step} (no report)`);
}

function vitest(step: string, config: string | null, env: Record<string, string> = {}) {
  const out = path.join(tmp, `${step}.json`);
  countVitest(step, out, run(step, 'npx', vitestArgs(out, config), env));
}

/** A vitest step run beside another one (see runBeside). */
async function vitestBeside(step: string, config: string | null, env: Record<string, string> = {}) {
  const out = path.join(tmp, `${step}.json`);
  countVitest(step, out, await runBeside(step, 'npx', vitestArgs(out, config), env));
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function findChromium(): string | null {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && fs.existsSync(p)) return p;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    banner('instalando chromium de Debian (apt-get)');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
      if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
    } catch {
      /* fall through to Playwright's own browser */
    }
  }
  return null;
}

// 1. generated code, types, lint
if (wants('static')) {
  run('codegen', 'npm', ['run', 'codegen', '--silent']);
  // tsc and ESLint each keep one core busy: side by side they take the time of the longer one.
  const lint = runBeside('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
  await lint;
}

// 2. unit
if (wants('unit')) vitest('unit', null);

// 3. API on PGlite and on PostgreSQL, at the same time: most of an API test's time is a request
// waiting for its server (and PostgreSQL's own processes), so two passes of two files each keep
// the two cores busier than one pass did.
const apiUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let postgresPass: Promise<void> | null = null;
// Each pass's global set-up brings dist/server up to date: built once here, so two passes do not
// both write it at once.
if (wants('api-pglite') || wants('api-postgres')) run('build-server', 'npx', ['tsx', 'scripts/ensure-build.ts', '--server']);
if (wants('api-postgres')) {
  const why = await postgresReachable(apiUrl);
  if (why) loud(`PostgreSQL NO disponible en ${apiUrl} (${why}): se OMITIÓ la mitad PostgreSQL de las pruebas de API. Inicia PostgreSQL o define TEST_DATABASE_URL.`);
  else postgresPass = vitestBeside('api-postgres', 'tests/api/vitest.config.ts', { ERP_TEST_DB: 'postgres', TEST_DATABASE_URL: apiUrl });
}
if (wants('api-pglite')) {
  const out = path.join(tmp, 'api-pglite.json');
  banner('api-pglite');
  const started = Date.now();
  const ok = await new Promise<boolean>((resolve) => {
    spawn('npx', vitestArgs(out, 'tests/api/vitest.config.ts'), { cwd: root, stdio: 'inherit', env: { ...process.env, ERP_TEST_DB: 'pglite' } }).once('exit', (code) => resolve(code === 0));
  });
  timings.push(`api-pglite ${Math.round((Date.now() - started) / 1000)} s`);
  if (!ok) failedSteps.push('api-pglite');
  countVitest('api-pglite', out, ok);
}
await postgresPass;

// 4. Firebase Auth emulator
if (wants('firebase')) vitest('firebase', 'tests/firebase/vitest.config.ts');

// 5. the built SPA in Chromium
if (wants('e2e')) {
  const chromium = findChromium();
  if (!chromium) loud('No se encontró /usr/bin/chromium ni se pudo instalar: se usa el navegador propio de Playwright (npx playwright install chromium).');
  if (run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
    const out = path.join(tmp, 'e2e.json');
    run('e2e', 'npx', ['playwright', 'test'], { ...(chromium ? { CHROMIUM_PATH: chromium } : {}), PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    if (fs.existsSync(out)) {
      const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
      total.passed += r.stats.expected + r.stats.flaky;
      total.failed += r.stats.unexpected;
      total.skipped += r.stats.skipped;
    } else failedSteps.push('e2e (no report)');
  }
}

banner('resumen');
console.log(`tiempos: ${timings.join(', ')}`);
for (const w of warnings) console.log(`AVISO: ${w}`);
if (failedSteps.length) console.log(`Pasos con fallas: ${failedSteps.join(', ')}`);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failedSteps.length || total.failed ? 1 : 0);
