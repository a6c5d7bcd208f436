// Bounded retries for storage transfers: only HTTP 5xx, 408 and 429 are worth
// another attempt (SPEC §1 File storage); everything else fails at once.
import { StorageError } from './errors';

export type RetryOptions = {
  /** Extra attempts after the first one (default 4, at most 10). */
  retries?: number;
  /** Delay before the first retry; doubles on every retry (default 200 ms). */
  baseMs?: number;
  /** Upper bound for one delay (default 10 s). */
  maxMs?: number;
  signal?: AbortSignal;
  /** Injected by tests; defaults to a timer that the signal can interrupt. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

const MAX_RETRIES = 10;

/** The HTTP status an error carries (`status`, numeric `code`, `statusCode` or `response.status`). */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidates: unknown[] = [];
  if ('status' in error) candidates.push(error.status);
  if ('code' in error) candidates.push(error.code);
  if ('statusCode' in error) candidates.push(error.statusCode);
  if ('response' in error && typeof error.response === 'object' && error.response !== null && 'status' in error.response) {
    candidates.push(error.response.status);
  }
  const status = candidates.find((value) => typeof value === 'number' && Number.isInteger(value));
  return typeof status === 'number' ? status : null;
}

export const isRetryableStatus = (status: number | null): boolean =>
  status !== null && (status === 408 || status === 429 || (status >= 500 && status <= 599));

/** Exponential backoff with "equal jitter": half the step is fixed, half random. */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: () => number): number {
  const step = Math.min(maxMs, baseMs * 2 ** (retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StorageError('canceled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = Math.max(0, Math.min(MAX_RETRIES, Math.floor(options.retries ?? 4)));
  const baseMs = Math.max(0, options.baseMs ?? 200);
  const maxMs = Math.max(baseMs, options.maxMs ?? 10_000);
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const { signal } = options;

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new StorageError('canceled');
    try {
      return await fn(attempt);
    } catch (error) {
      if (signal?.aborted) throw new StorageError('canceled', undefined, { cause: error });
      if (!isRetryableStatus(errorStatus(error))) throw error;
      if (attempt > retries) throw new StorageError('retry-limit-exceeded', undefined, { cause: error });
      await sleep(backoffDelay(attempt, baseMs, maxMs, random), signal);
    }
  }
}
