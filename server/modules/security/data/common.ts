// Seguridad data layer: SQL helpers the feature files share (not re-exported).
import { sql, type SQL } from 'drizzle-orm';

export { listPage as page, orderBy } from '../../../lib/list';
/** "PÉREZ LÓPEZ JUAN": surnames then names, as RH lists people. */
export const nameOf = (alias: string): SQL => sql.raw(`concat_ws(' ', ${alias}.last_name, nullif(${alias}.second_last_name, ''), ${alias}.names)`);

