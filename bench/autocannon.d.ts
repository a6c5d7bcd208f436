// autocannon 8 ships no type declarations; this covers the part of its
// programmatic API the benchmark uses (options and events as documented in
// node_modules/autocannon/README.md).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds; a request slower than this counts as a timeout. */
    timeout?: number;
    /** Any other body counts as a mismatch (and is left out of the latencies). */
    expectBody?: string;
    /** Takes precedence over expectBody: a body it refuses counts as a mismatch. */
    verifyBody?: (body: string) => boolean;
    /** Each request in turn; `setupRequest` may rewrite it (its body, say) before it is sent. */
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[];
    /** A first run whose figures are discarded. */
    warmup?: { connections?: number; duration?: number };
  };

  /** Just the counters used; the latency figures are computed from the response events. */
  export type Result = {
    /** Seconds actually spent. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
  };

  export type Instance = EventEmitter &
    PromiseLike<Result> & {
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): Instance;
      stop(): void;
    };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
