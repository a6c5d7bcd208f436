// Per-key request rate limit in fixed windows, kept in the database
// (api_rate_windows) so that every server process of a deployment counts the
// same requests: an integrator cannot multiply its quota by the number of
// processes behind the proxy. One statement per request: the upsert opens a new
// window when the last one has ended, or counts the hit in the current one,
// timed with the database clock that all processes share.
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { apiRateWindows } from '../db/tables';

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };
export type RateLimiter = { hit(key: string): Promise<RateVerdict> };

/** Ended windows are deleted at most this often per process, on the back of a hit. */
const PRUNE_EVERY_MS = 60_000;

export function createRateLimiter(db: Executor, perWindow: number, windowMs = 60_000): RateLimiter {
  const windowLength = sql`make_interval(secs => ${windowMs / 1000})`;
  let lastPrune = Date.now();
  return {
    async hit(key) {
      const ended = sql`${apiRateWindows.windowStart} <= now() - ${windowLength}`;
      const [row] = await db
        .insert(apiRateWindows)
        .values({ key, windowStart: sql`now()`, hits: 1 })
        .onConflictDoUpdate({
          target: apiRateWindows.key,
          set: {
            windowStart: sql`case when ${ended} then now() else ${apiRateWindows.windowStart} end`,
            hits: sql`case when ${ended} then 1 else ${apiRateWindows.hits} + 1 end`,
          },
        })
        .returning({ hits: apiRateWindows.hits, retryAfter: sql<string>`ceil(extract(epoch from (${apiRateWindows.windowStart} + ${windowLength} - now())))::text` });
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await db.delete(apiRateWindows).where(lt(apiRateWindows.windowStart, sql`now() - ${windowLength}`));
      }
      if (row!.hits <= perWindow) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.min(Math.max(1, Number(row!.retryAfter)), Math.ceil(windowMs / 1000)) };
    },
  };
}
