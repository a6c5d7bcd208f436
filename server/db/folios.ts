// Gapless folios: the counter row is updated inside the document's own
// transaction, so concurrent documents queue on the row lock and a rolled
// back document gives its number back. The lock lasts until the commit, so a
// document takes its folio as late as it can: `updateWithNextFolio` takes it
// in the very statement that writes the document.
import { getTableColumns, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from './database';

export async function nextFolio(tx: Executor, key: string): Promise<number> {
  const rows = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into folio_counters (key, last_value) values (${key}, 1)
        on conflict (key) do update set last_value = folio_counters.last_value + 1
        returning last_value`,
  );
  return Number(rows[0].last_value);
}

/**
 * `update <table> set <values>, <folioColumn> = next folio of <key> where <where>`
 * in one statement. Returns the folio, or null when no row matched (the
 * caller must then roll back, which gives the number back).
 */
export async function updateWithNextFolio<T extends PgTable>(
  tx: Executor,
  table: T,
  key: string,
  folioColumn: PgColumn,
  values: { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL },
  where: SQL,
): Promise<number | null> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const sets = Object.entries(values as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const column = columns[k];
      if (!column) throw new Error(`updateWithNextFolio: unknown column ${k}`);
      return v instanceof SQL ? sql`${sql.identifier(column.name)} = ${v}` : sql`${sql.identifier(column.name)} = ${sql.param(v, column)}`;
    });
  const rows = await queryRows<{ folio: number }>(
    tx,
    sql`with f as (insert into folio_counters (key, last_value) values (${key}, 1)
                   on conflict (key) do update set last_value = folio_counters.last_value + 1
                   returning last_value)
        update ${table} set ${sql.join([...sets, sql`${sql.identifier(folioColumn.name)} = f.last_value`], sql`, `)}
        from f where ${where}
        returning f.last_value as folio`,
  );
  return rows[0] ? Number(rows[0].folio) : null;
}
