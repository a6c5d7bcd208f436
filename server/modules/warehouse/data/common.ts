// Almacén data layer: small helpers the feature files share (not re-exported).
import type { SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';

export const exists = async (ex: Executor, query: SQL): Promise<boolean> => (await queryRows<{ x: number }>(ex, query)).length > 0;
export const n = (v: unknown): number => Number(v ?? 0);
