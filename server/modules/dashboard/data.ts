// Tablero SQL: the Tablero selects every indicator the user may see in ONE
// statement, prepared: a request costs one round trip and no planning after
// the first on each pooled connection, however many cards. Each indicator is
// one scalar SQL expression from the data layer of the module that declares
// it (server/lib/indicators.ts has the shapes several cards share).
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Executor } from '../../db/database';

/**
 * Runs the `parts` (name → scalar expression) as one prepared statement and
 * returns each part's value by name. `key` names the combination of parts
 * (the same key always brings the same expressions, so the same SQL text).
 */
export async function readIndicators(ex: Executor, key: string, parts: [string, SQL][]): Promise<Record<string, unknown>> {
  if (parts.length === 0) return {};
  const columns = sql.join(
    parts.map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const rows = await queryPrepared<Record<string, unknown>>(ex, `erp_tablero_${key}`, sql`select ${columns}`);
  return rows[0];
}
