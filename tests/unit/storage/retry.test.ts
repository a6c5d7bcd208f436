import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, StorageError, withRetry } from '../../../server/storage';

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

/** A function that fails with the given errors in turn, then succeeds. */
function flaky(errors: unknown[]) {
  const fn = vi.fn(async (attempt: number) => {
    const error = errors[attempt - 1];
    if (error !== undefined) throw error;
    return 'ok';
  });
  return fn;
}

const noSleep = () => {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('withRetry', () => {
  it.each([500, 502, 503, 504, 599, 408, 429])('retries HTTP %i', async (status) => {
    const { sleep } = noSleep();
    const fn = flaky([httpError(status), httpError(status)]);
    await expect(withRetry(fn, { sleep })).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('reads the status from a numeric `code` (Google Cloud ApiError) or `response.status`', async () => {
    const { sleep } = noSleep();
    const fn = flaky([Object.assign(new Error('x'), { code: 503 }), { response: { status: 429 } }]);
    await expect(withRetry(fn, { sleep })).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it.each([400, 401, 403, 404, 412])('does not retry HTTP %i', async (status) => {
    const { sleep } = noSleep();
    const error = httpError(status);
    const fn = flaky([error]);
    await expect(withRetry(fn, { sleep })).rejects.toBe(error);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does not retry errors without a status', async () => {
    const { sleep } = noSleep();
    const plain = new Error('boom');
    const fs = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    for (const error of [plain, fs, new StorageError('unauthorized')]) {
      const fn = flaky([error]);
      await expect(withRetry(fn, { sleep })).rejects.toBe(error);
      expect(fn).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up after 1 + 4 attempts with retry-limit-exceeded', async () => {
    const { delays, sleep } = noSleep();
    const last = httpError(503);
    const fn = vi.fn(async () => {
      throw last;
    });
    const error: unknown = await withRetry(fn, { sleep, random: () => 1 }).catch((reason: unknown) => reason);
    expect(fn).toHaveBeenCalledTimes(5);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({
      code: 'retry-limit-exceeded',
      message: 'El almacenamiento de archivos no respondió después de varios intentos. Inténtalo más tarde.',
      cause: last,
    });
    // Exponential from 200 ms, at the top of the jitter range.
    expect(delays).toEqual([200, 400, 800, 1600]);
  });

  it('honours a custom retry count, including none', async () => {
    const { sleep } = noSleep();
    const once = vi.fn(async () => Promise.reject(httpError(500)));
    await expect(withRetry(once, { retries: 0, sleep })).rejects.toMatchObject({ code: 'retry-limit-exceeded' });
    expect(once).toHaveBeenCalledTimes(1);
    const twice = vi.fn(async () => Promise.reject(httpError(500)));
    await expect(withRetry(twice, { retries: 1, sleep })).rejects.toMatchObject({ code: 'retry-limit-exceeded' });
    expect(twice).toHaveBeenCalledTimes(2);
  });

  it('keeps every delay within half and all of the exponential step, capped by maxMs', () => {
    for (let retry = 1; retry <= 8; retry++) {
      const step = Math.min(1_000, 100 * 2 ** (retry - 1));
      expect(backoffDelay(retry, 100, 1_000, () => 0)).toBe(step / 2);
      expect(backoffDelay(retry, 100, 1_000, () => 1)).toBe(step);
      const jittered = backoffDelay(retry, 100, 1_000, Math.random);
      expect(jittered).toBeGreaterThanOrEqual(step / 2);
      expect(jittered).toBeLessThanOrEqual(step);
    }
  });

  it('waits with real timers between attempts', async () => {
    vi.useFakeTimers();
    const fn = flaky([httpError(503), httpError(503)]);
    const result = withRetry(fn, { baseMs: 200, random: () => 0 });
    await vi.advanceTimersByTimeAsync(99);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('stops waiting when the transfer is cancelled', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const fn = vi.fn(async () => Promise.reject(httpError(503)));
    const result = withRetry(fn, { signal: controller.signal }).catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await expect(result).resolves.toMatchObject({ code: 'canceled', message: 'Se canceló la transferencia del archivo.' });
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
