// Mantenimiento data layer: SQL helpers the feature files share (not re-exported).
import { sql } from 'drizzle-orm';

export { listPage as page, orderBy, where } from '../../../lib/list';
export const ids = (values: number[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

export const vehicleName = sql`trim(v.brand || ' ' || v.model || case when v.plate <> '' then ' · ' || v.plate else '' end)`;
export const employeeName = (alias: string) => sql.raw(`trim(${alias}.last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.names)`);

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
