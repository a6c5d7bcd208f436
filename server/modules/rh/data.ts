// SQL shared by the data layers of RH's features (payroll, agreements,
// settings): they import it as ../data, the way they import ../tables.
import { sql, type SQL } from 'drizzle-orm';

/** "PÉREZ LÓPEZ JUAN": surnames then names, as payroll lists people. */
export const employeeNameSql = (alias: string): SQL => sql.raw(`concat_ws(' ', ${alias}.last_name, nullif(${alias}.second_last_name, ''), ${alias}.names)`);
