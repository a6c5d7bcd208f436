// A Tablero indicator that a module offers: one SQL expression that yields a
// single value (a scalar subquery; json when the card has several figures)
// and how to read that value. The Tablero puts every indicator the user may
// see into ONE statement, so a module adds its card without adding a round
// trip. The expression comes from the module's data layer; the module's
// service hands it out.
import type { SQL } from 'drizzle-orm';

export type Indicator<T> = { sql: SQL; read: (value: unknown) => T };

/** A json object of counts ({ "a": 3, "b": 0 }) read as numbers. */
export const countsOf =
  <K extends string>(...keys: K[]) =>
  (value: unknown): Record<K, number> => {
    const o = (value ?? {}) as Record<string, unknown>;
    return Object.fromEntries(keys.map((k) => [k, Number(o[k] ?? 0)])) as Record<K, number>;
  };
