// A few seconds of memory for a per-request identity lookup (issue 12): the
// answer of "is this session / token still live, and whose is it" is kept for
// `ttlMs`, at most `max` entries, least recently used dropped first. Whatever
// changes an answer drops it at once (`drop`), in this process directly and in
// the others through the sessionsChanged event, so the TTL only bounds how long
// an entry lives, never how long a revoked one keeps working.
//
// A lookup that was running while something was dropped may have read the
// database before the change: every drop bumps a generation, and a result is
// only kept when the generation did not move while it was being read.

export type LookupCache<V> = {
  /** The remembered answer for `key`, or `load()`'s (remembered when not null and nothing was dropped meanwhile). */
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** Forgets the entries whose answer matches, or every entry. */
  drop(match: ((value: V) => boolean) | 'all'): void;
  readonly size: number;
};

export type LookupCacheOptions = {
  /** How long an answer is trusted without another event; 0 turns the cache off. */
  ttlMs: number;
  max: number;
  /** False while invalidations from other processes may be missed: then nothing is remembered. */
  trusted?: () => boolean;
  now?: () => number;
};

export function createLookupCache<V>({ ttlMs, max, trusted = () => true, now = Date.now }: LookupCacheOptions): LookupCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  let generation = 0;
  return {
    async get(key, load) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        if (now() < hit.expiresAt && trusted()) {
          entries.set(key, hit); // most recently used last
          return hit.value;
        }
      }
      const startedAt = generation;
      const value = await load();
      if (value !== null && startedAt === generation && trusted()) {
        entries.delete(key);
        if (entries.size >= max) entries.delete(entries.keys().next().value as string);
        entries.set(key, { value, expiresAt: now() + ttlMs });
      }
      return value;
    },
    drop(match) {
      generation += 1;
      if (match === 'all') return entries.clear();
      for (const [key, entry] of entries) if (match(entry.value)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
