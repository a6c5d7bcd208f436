// Starts the Firebase Auth emulator from the repo's firebase.json (offline, no
// login, non-interactive) and stops its whole process group afterwards.
//
// As a library: `startAuthEmulator()` (used by tests/firebase).
// As a command: `tsx scripts/with-firebase-emulator.ts -- <command...>` runs the
// command with FIREBASE_AUTH_EMULATOR_HOST set and returns its exit code.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type RunningEmulator = {
  /** `127.0.0.1:9099`, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** `http://127.0.0.1:9099`, the value for the client SDK's connectAuthEmulator. */
  url: string;
  projectId: string;
  /** True when an emulator was already answering and this call did not start one. */
  reused: boolean;
  stop(): Promise<void>;
};

export type StartOptions = {
  projectId?: string;
  /** Folder holding firebase.json (default: the repository root). */
  cwd?: string;
  timeoutMs?: number;
};

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT_LINES = 40;

function authAddress(cwd: string): { host: string; port: number } {
  const file = path.join(cwd, 'firebase.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`No se pudo leer ${file}.`);
  }
  const auth =
    typeof parsed === 'object' && parsed !== null && 'emulators' in parsed && typeof parsed.emulators === 'object'
      ? (parsed.emulators as { auth?: { host?: unknown; port?: unknown } }).auth
      : undefined;
  return {
    host: typeof auth?.host === 'string' ? auth.host : '127.0.0.1',
    port: typeof auth?.port === 'number' ? auth.port : 9099,
  };
}

async function answersAsAuthEmulator(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'authEmulator' in body;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export async function startAuthEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const projectId = options.projectId ?? 'demo-erp';
  const cwd = options.cwd ?? REPO_ROOT;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const { host: hostname, port } = authAddress(cwd);
  const host = `${hostname}:${port}`;
  const url = `http://${host}`;

  if (await answersAsAuthEmulator(url)) {
    return { host, url, projectId, reused: true, stop: async () => undefined };
  }

  // A private config folder: no login, no prompts, nothing written to the user's HOME.
  const configHome = mkdtempSync(path.join(tmpdir(), 'erp-firebase-'));
  const cli = path.join(cwd, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', XDG_CONFIG_HOME: configHome, NO_UPDATE_NOTIFIER: '1' };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });

  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter((line) => line.trim() !== ''));
    output.splice(0, Math.max(0, output.length - OUTPUT_LINES));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Never leave an emulator behind if the test runner dies first.
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    killGroup(child, 'SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) {
      killGroup(child, 'SIGKILL');
      await exited;
    }
    rmSync(configHome, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`El emulador de Firebase terminó antes de estar listo:\n${output.join('\n')}`);
    }
    if (await answersAsAuthEmulator(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`El emulador de Firebase no respondió en ${timeoutMs / 1000} s:\n${output.join('\n')}`);
    }
    await sleep(200);
  }
  return { host, url, projectId, reused: false, stop };
}

async function main(argv: string[]): Promise<number> {
  const separator = argv.indexOf('--');
  const command = separator === -1 ? argv : argv.slice(separator + 1);
  if (command.length === 0) {
    console.error('Uso: tsx scripts/with-firebase-emulator.ts -- <comando> [argumentos...]');
    return 2;
  }
  const emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-erp' });
  console.log(`Emulador de Firebase Auth en ${emulator.url}${emulator.reused ? ' (ya estaba en marcha)' : ''}`);
  const [program, ...args] = command;
  const child = spawn(program ?? '', args, {
    stdio: 'inherit',
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => {
    child.once('error', (error) => {
      console.error(error.message);
      resolve(127);
    });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  await emulator.stop();
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
