// The WHERE and ORDER BY every Compras list builds the same way.
import { sql, type SQL } from 'drizzle-orm';

export const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);
export const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL => (desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`);
