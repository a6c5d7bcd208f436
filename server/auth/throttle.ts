// Sign-in throttling: failed attempts per account and per IP in a sliding
// window. In memory: one server process owns a deployment's sign-ins.
export type Throttle = {
  isBlocked(account: string, ip: string): boolean;
  fail(account: string, ip: string): void;
  succeed(account: string): void;
};

export function createThrottle(opts = { perAccount: 5, perIp: 30, windowMs: 15 * 60_000 }): Throttle {
  const hits = new Map<string, number[]>();
  const recent = (key: string, now: number): number[] => {
    const list = (hits.get(key) ?? []).filter((t) => now - t < opts.windowMs);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  };
  return {
    isBlocked(account, ip) {
      const now = Date.now();
      return recent(`a:${account}`, now).length >= opts.perAccount || recent(`i:${ip}`, now).length >= opts.perIp;
    },
    fail(account, ip) {
      const now = Date.now();
      for (const key of [`a:${account}`, `i:${ip}`]) hits.set(key, [...recent(key, now), now]);
      if (hits.size > 100_000) hits.clear(); // bound memory under a spray attack
    },
    succeed(account) {
      hits.delete(`a:${account}`);
    },
  };
}
