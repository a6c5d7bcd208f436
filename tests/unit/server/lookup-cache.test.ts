// The identity lookup cache (issue 12): answers kept for the TTL and no longer,
// at most `max` of them (least recently used out first), dropped at once by an
// invalidation, and never stored when an invalidation ran during the lookup.
import { describe, expect, it } from 'vitest';
import { createLookupCache } from '../../../server/auth/lookupCache';

type Row = { sessionId: string; userId: number; roleId: number };
const row = (sessionId: string, userId = 1, roleId = 1): Row => ({ sessionId, userId, roleId });

/** A loader that counts its calls and answers `value`. */
function loader(value: Row | null) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, value) };
}

/** A lookup of row `key` that answers only once `release()` is called. */
function heldLookup(key: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release, load: async () => (await gate, row(key)) };
}

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('lookup cache', () => {
  it('answers from memory within the TTL and reads again once it has passed', async () => {
    const c = clock();
    const cache = createLookupCache<Row>({ ttlMs: 5_000, max: 10, now: c.now });
    const { calls, load } = loader(row('a'));
    expect(await cache.get('a', load)).toEqual(row('a'));
    c.advance(4_999);
    expect(await cache.get('a', load)).toEqual(row('a'));
    expect(calls.n).toBe(1);
    c.advance(1);
    expect(await cache.get('a', load)).toEqual(row('a'));
    expect(calls.n).toBe(2);
  });

  it('does not remember a refusal: a null answer is read again next time', async () => {
    const cache = createLookupCache<Row>({ ttlMs: 5_000, max: 10 });
    const { calls, load } = loader(null);
    expect(await cache.get('a', load)).toBeNull();
    expect(await cache.get('a', load)).toBeNull();
    expect(calls.n).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('with a TTL of 0 reads every time and keeps nothing', async () => {
    const cache = createLookupCache<Row>({ ttlMs: 0, max: 10 });
    const { calls, load } = loader(row('a'));
    await cache.get('a', load);
    await cache.get('a', load);
    expect(calls.n).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps at most `max` entries, dropping the least recently used', async () => {
    const cache = createLookupCache<Row>({ ttlMs: 5_000, max: 2 });
    const a = loader(row('a'));
    const b = loader(row('b'));
    const c = loader(row('c'));
    await cache.get('a', a.load);
    await cache.get('b', b.load);
    await cache.get('a', a.load); // a used after b: b is now the oldest
    await cache.get('c', c.load);
    expect(cache.size).toBe(2);
    await cache.get('a', a.load);
    await cache.get('b', b.load);
    expect(a.calls.n).toBe(1);
    expect(b.calls.n).toBe(2);
  });

  it('drops the matching entries, or all of them', async () => {
    const cache = createLookupCache<Row>({ ttlMs: 5_000, max: 10 });
    const loads = { a: loader(row('a', 1, 1)), b: loader(row('b', 2, 1)), c: loader(row('c', 2, 3)) };
    for (const [key, l] of Object.entries(loads)) await cache.get(key, l.load);
    cache.drop((v) => v.userId === 2);
    for (const [key, l] of Object.entries(loads)) await cache.get(key, l.load);
    expect([loads.a.calls.n, loads.b.calls.n, loads.c.calls.n]).toEqual([1, 2, 2]);
    cache.drop('all');
    expect(cache.size).toBe(0);
  });

  it('does not store an answer read while an invalidation happened (it may predate the change)', async () => {
    const cache = createLookupCache<Row>({ ttlMs: 5_000, max: 10 });
    const { release, load: held } = heldLookup('a');
    const stale = cache.get('a', held);
    cache.drop((v) => v.sessionId === 'a'); // e.g. sign-out committed while the lookup was in flight
    release();
    expect(await stale).toEqual(row('a')); // this request already started: it gets its answer
    expect(cache.size).toBe(0); // but the next one reads again
    const { calls, load } = loader(null);
    expect(await cache.get('a', load)).toBeNull();
    expect(calls.n).toBe(1);
  });

  it('an invalidation of someone else also voids an answer in flight (one counter for all)', async () => {
    const cache = createLookupCache<Row>({ ttlMs: 5_000, max: 10 });
    const { release, load: held } = heldLookup('a');
    const inFlight = cache.get('a', held);
    cache.drop((v) => v.userId === 99);
    release();
    await inFlight;
    expect(cache.size).toBe(0);
  });

  it('remembers nothing and answers nothing from memory while not trusted (missed events)', async () => {
    let trusted = true;
    const cache = createLookupCache<Row>({ ttlMs: 5_000, max: 10, trusted: () => trusted });
    const { calls, load } = loader(row('a'));
    await cache.get('a', load);
    trusted = false;
    await cache.get('a', load);
    await cache.get('a', load);
    expect(calls.n).toBe(3);
    trusted = true;
    await cache.get('a', load);
    await cache.get('a', load);
    expect(calls.n).toBe(4);
  });
});
