// Gapless folios: the counter row is updated inside the document's own
// transaction, so concurrent documents queue on the row lock and a rolled
// back document gives its number back.
import { sql } from 'drizzle-orm';
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
