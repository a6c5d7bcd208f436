// Seguridad data layer: the RH workers it names (read, or locked, by id).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { nameOf } from './common';

export async function employeesByIds(ex: Executor, ids: number[], opts: { lock?: boolean } = {}) {
  if (!ids.length) return [];
  // Locking the workers' rows (in id order, so two requests never deadlock) serialises permits that share a worker.
  return queryRows<{ id: number; status: string; number: string; fullName: string }>(
    ex,
    sql`select e.id, e.status, e.number, ${nameOf('e')} as "fullName" from rh_employees e where e.id = any(${sql.param(ids)}::int[]) order by e.id ${opts.lock ? sql`for update` : sql``}`,
  );
}
