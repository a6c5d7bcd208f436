// Sign-in throttling: failed attempts per account and per IP in a sliding
// window. The failures live in the database (sign_in_failures) so every server
// process of a deployment counts the same attempts; the window is measured
// with the database clock, which all processes share.
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { signInFailures } from '../db/tables';

export type Throttle = {
  isBlocked(account: string, ip: string): Promise<boolean>;
  fail(account: string, ip: string): Promise<void>;
  succeed(account: string): Promise<void>;
};

export type ThrottleLimits = { perAccount: number; perIp: number; windowMs: number };

const accountKey = (account: string) => `a:${account.toLowerCase()}`;
const ipKey = (ip: string) => `i:${ip}`;

/** Old rows are deleted at most this often per process, on the back of a failure. */
const PRUNE_EVERY_MS = 60_000;

export function createThrottle(db: Executor, opts: ThrottleLimits = { perAccount: 5, perIp: 30, windowMs: 15 * 60_000 }): Throttle {
  const windowStart = sql`now() - make_interval(secs => ${opts.windowMs / 1000})`;
  let lastPrune = 0;
  return {
    async isBlocked(account, ip) {
      const rows = await db
        .select({ key: signInFailures.key, n: count() })
        .from(signInFailures)
        .where(and(inArray(signInFailures.key, [accountKey(account), ipKey(ip)]), sql`${signInFailures.at} > ${windowStart}`))
        .groupBy(signInFailures.key);
      const recent = new Map(rows.map((r) => [r.key, r.n]));
      return (recent.get(accountKey(account)) ?? 0) >= opts.perAccount || (recent.get(ipKey(ip)) ?? 0) >= opts.perIp;
    },
    async fail(account, ip) {
      await db.insert(signInFailures).values([{ key: accountKey(account) }, { key: ipKey(ip) }]);
      if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = Date.now();
      await db.delete(signInFailures).where(lt(signInFailures.at, windowStart));
    },
    async succeed(account) {
      await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(account)));
    },
  };
}
