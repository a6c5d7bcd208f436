// Load generator process (forked by bench/load.ts): receives one request over
// IPC, runs autocannon, answers with what it measured and exits. autocannon's
// own summary has no p95, so the latency of every successful response of the
// measured run is sent back and ranked by the parent.
import autocannon from 'autocannon';
import { graphqlBody } from './graphql-body';
import type { ChildMessage, ChildRequest, LoadSample } from './load';

async function run(request: ChildRequest): Promise<LoadSample> {
  const latenciesMs: number[] = [];
  // A mutation's requests take their variables in turn; an answer with GraphQL errors counts as failed.
  const bodies = request.variablesCycle?.map((variables) => graphqlBody(request.query, variables));
  let next = 0;
  const instance = autocannon({
    url: `${request.url}/api/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${request.token}` },
    body: graphqlBody(request.query, request.variables ?? {}),
    connections: request.connections,
    duration: request.durationSec,
    timeout: 30,
    ...(bodies
      ? {
          requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodies[next++ % bodies.length] }) }],
          verifyBody: (body: string) => !body.includes('"errors"'),
        }
      : { expectBody: request.expectBody ?? undefined }),
    ...(request.warmupSec > 0 ? { warmup: { connections: request.connections, duration: request.warmupSec } } : {}),
  });
  // The warm-up reports on its own emitter, so only the measured run lands
  // here; a body that differs from the reference emits no response event.
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode === 200) latenciesMs.push(ms);
  });
  const result = await instance;
  return {
    connections: request.connections,
    durationSec: result.duration,
    latenciesMs,
    failed: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

process.once('message', (request: ChildRequest) => {
  run(request).then(
    (sample) => process.send?.({ sample } satisfies ChildMessage, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) } satisfies ChildMessage, () => process.exit(1)),
  );
});
