// Section b'' of the bench (`instructions`): the users list's cost per answer in
// machine instructions instead of CPU time, for the server and its floor
// (bench/users-floor.ts), each run under valgrind's callgrind on the same
// PostgreSQL database. CPU time per answer moved by a fifth or more from one
// run to the next and from one machine to another with the same code (issue 24:
// server ÷ floor at 1 connection 1.30-1.38 on one machine, 1.47-1.98 on the
// next), so a change of a few percent could not be seen; an instruction count
// of the same process doing the same work is repeatable (the server's main
// thread: 1.837 and 1.827 million per answer in two runs of one build) and does
// not depend on what else the machine is doing.
//
// Each process gets `warm` sequential requests (V8 optimises its code while
// they run), then callgrind's counters are zeroed (callgrind_control), `count`
// more are sent and the counters dumped. Counted: the process's main thread
// (JavaScript, the parser, the driver, node:http; the part of garbage collection
// that runs on it), not the kernel and not V8's helper threads, which are
// reported apart. Under valgrind everything runs some 50 times slower: about
// 4 minutes for both processes, run side by side.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { graphqlBody } from './graphql-body';
import { login, startServerProcess, startUsersFloor } from './server-process';
import { USERS_QUERY, USERS_VARIABLES } from './users-query';

export type InstructionsFigure = {
  label: string;
  /** Millions of instructions per answer on the process's main thread. */
  mainPerAnswer: number;
  /** Millions per answer on every other thread (V8's GC and compiler helpers, libuv's pool). */
  otherThreadsPerAnswer: number;
  answers: number;
};

export type InstructionsResult = { server: InstructionsFigure; floor: InstructionsFigure; warm: number; count: number } | { error: string };

/** Whether valgrind (and its callgrind_control) can be run here. */
export function hasValgrind(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['-h'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The users list POSTed `n` times in a row over one keep-alive connection, each answer checked against the first. */
async function sequential(url: string, token: string, n: number, reference: { body: string | null }): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = graphqlBody(USERS_QUERY, USERS_VARIABLES);
  const target = new URL(`${url}/api/graphql`);
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  try {
    for (let i = 0; i < n; i++) {
      const answer = await new Promise<string>((resolve, reject) => {
        const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 300)}`))));
        });
        req.on('error', reject);
        req.end(body);
      });
      if (reference.body === null) reference.body = answer;
      else if (answer !== reference.body) throw new Error(`una respuesta difiere de la primera: ${answer.slice(0, 300)}`);
    }
  } finally {
    agent.destroy();
  }
}

/** callgrind_control finds the process by its user and host names: the ones the process was started with. */
const controlEnv = { ...process.env, HOST: '127.0.0.1' };

/** The counts callgrind dumped, per thread file (`<out>.<dump>-<thread>`), in instructions. */
function dumpedCounts(out: string): { main: number; others: number } {
  const dir = path.dirname(out);
  const prefix = `${path.basename(out)}.1-`;
  let main = 0;
  let others = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const summary = /^summary: (\d+)$/m.exec(fs.readFileSync(path.join(dir, name), 'utf8'));
    const n = summary ? Number(summary[1]) : 0;
    if (Number(name.slice(prefix.length)) === 1) main = n;
    else others += n;
  }
  if (main === 0) throw new Error(`callgrind no dejó cuentas en ${dir}`);
  return { main, others };
}

type Measured = { label: string; out: string; url: string; pid: number; token: string };

const callgrind = (out: string): string[] => ['valgrind', '--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${out}`];

async function measure(p: Measured, warm: number, count: number): Promise<InstructionsFigure> {
  const reference = { body: null as string | null };
  await sequential(p.url, p.token, warm, reference);
  execFileSync('callgrind_control', ['--zero', String(p.pid)], { env: controlEnv, stdio: 'ignore' });
  await sequential(p.url, p.token, count, reference);
  execFileSync('callgrind_control', ['--dump', String(p.pid)], { env: controlEnv, stdio: 'ignore' });
  const { main, others } = dumpedCounts(p.out);
  return { label: p.label, mainPerAnswer: main / count / 1e6, otherThreadsPerAnswer: others / count / 1e6, answers: count };
}

/** The server and the floor on `databaseUrl` (users already there), measured side by side. */
export async function benchInstructions(opts: {
  databaseUrl: string;
  dataDir: string;
  warm?: number;
  count?: number;
  step: (text: string) => void;
}): Promise<InstructionsResult> {
  if (!hasValgrind()) return { error: 'valgrind no está instalado' };
  const warm = opts.warm ?? 5_000;
  const count = opts.count ?? 2_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-callgrind-'));
  const serverOut = path.join(dir, 'servidor.out');
  const floorOut = path.join(dir, 'piso.out');
  let stop = async (): Promise<void> => undefined;
  try {
    opts.step(`instrucciones por respuesta (callgrind): servidor y piso a la vez, ${warm} respuestas sin contar y ${count} contadas cada uno`);
    // A process whose partner failed to start is stopped by the bench's cleanup (bench/cleanup.ts), as any other.
    const [server, floor] = await Promise.all([
      startServerProcess({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, timeoutMs: 600_000, wrap: callgrind(serverOut) }),
      startUsersFloor({ databaseUrl: opts.databaseUrl, timeoutMs: 600_000, wrap: callgrind(floorOut) }),
    ]);
    stop = async () => void (await Promise.all([server.stop(), floor.stop()]));
    // Signed in before either counts: the sign-in changes the administrator's lastSignInAt, on the page both answer.
    const token = await login(server.url);
    const [serverFigure, floorFigure] = await Promise.all([
      measure({ label: 'servidor', out: serverOut, url: server.url, pid: server.pid, token }, warm, count),
      measure({ label: 'piso', out: floorOut, url: floor.url, pid: floor.pid, token: '' }, warm, count),
    ]);
    return { server: serverFigure, floor: floorFigure, warm, count };
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n').slice(0, 4).join(' / ') : String(error) };
  } finally {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
