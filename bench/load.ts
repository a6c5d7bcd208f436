// HTTP load against the GraphQL endpoint. autocannon runs in a child process
// (bench/load-child.ts) so that, when the server is booted inside the bench
// process, the load generator does not share the server's event loop.
import { fork } from 'node:child_process';
import path from 'node:path';
import { track } from './cleanup';
import { graphqlBody } from './graphql-body';
import { pinLoadGenerator } from './pinning';

export type LoadRequest = {
  url: string;
  token: string;
  query: string;
  variables?: Record<string, unknown>;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /**
   * Mutations: the variables of each request in turn (cycled). Their answers
   * differ (new ids), so a response counts as failed when it carries GraphQL
   * `errors` instead of when it differs from a reference answer.
   */
  variablesCycle?: Record<string, unknown>[];
};

/** What one autocannon run saw; runs of the same setting can be merged before summarising. */
export type LoadSample = {
  connections: number;
  durationSec: number;
  /** Latency of every successful response (HTTP 200 with the expected body), in ms. */
  latenciesMs: number[];
  /** Connection errors + timeouts + non-2xx + bodies that differ from the reference. */
  failed: number;
  /** CPU the server used during the run, when the caller could measure it. */
  serverCpuMs?: number;
};

export type LoadResult = {
  connections: number;
  durationSec: number;
  ok: number;
  requestsPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failed: number;
  /** Server CPU per successful response; unlike latency, hardly moved by other work on the machine. */
  cpuMsPerRequest: number | null;
};

export type ChildRequest = LoadRequest & { expectBody: string | null };
export type ChildMessage = { sample: LoadSample } | { error: string };

/** Nearest-rank percentile of an ascending list. */
const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Percentiles and throughput over one or more runs with the same number of connections. */
export function summarise(samples: readonly LoadSample[]): LoadResult {
  const latencies = samples.flatMap((s) => s.latenciesMs).sort((a, b) => a - b);
  const durationSec = samples.reduce((total, s) => total + s.durationSec, 0);
  return {
    connections: samples[0]?.connections ?? 0,
    durationSec,
    ok: latencies.length,
    requestsPerSec: latencies.length / durationSec,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    failed: samples.reduce((total, s) => total + s.failed, 0),
    cpuMsPerRequest: samples.every((s) => s.serverCpuMs !== undefined)
      ? samples.reduce((total, s) => total + (s.serverCpuMs ?? 0), 0) / latencies.length
      : null,
  };
}

/** One POST of the query, checked; its body becomes the reference every loaded response must equal. */
export async function referenceBody(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: graphqlBody(query, variables),
  });
  const text = await res.text();
  const parsed = JSON.parse(text) as { errors?: unknown };
  if (res.status !== 200 || parsed.errors) throw new Error(`la consulta de referencia falló (${res.status}): ${text.slice(0, 500)}`);
  return text;
}

export async function runLoad(request: LoadRequest): Promise<LoadSample> {
  const expectBody = request.variablesCycle ? null : await referenceBody(request.url, request.token, request.query, request.variables);
  const child = fork(path.join(import.meta.dirname, 'load-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  pinLoadGenerator(child.pid);
  const untrack = track(`el generador de carga (pid ${child.pid})`, async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  try {
    return await new Promise<LoadSample>((resolve, reject) => {
      child.once('message', (message: ChildMessage) => ('sample' in message ? resolve(message.sample) : reject(new Error(message.error))));
      child.once('exit', (code) => reject(new Error(`el generador de carga terminó con código ${code}`)));
      child.send({ ...request, expectBody } satisfies ChildRequest);
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    untrack();
  }
}
