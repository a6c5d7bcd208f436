// Nóminas base data: the concepts the calculation posts (every company needs them).
import type { Db } from '../../../db/database';
import { seedSystemConcepts } from './service';

export async function seedRhPayrollBase(db: Db): Promise<void> {
  await db.transaction((tx) => seedSystemConcepts(tx));
}
