// A company with many users, for the `users` list figures: demo seed plus
// bench users inserted through the data layer in a few multi-row INSERTs.
// Runs with the server stopped (PGlite admits one process per folder).
import { count, like, ne, sql } from 'drizzle-orm';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase } from '../server/db/database';
import { roles, users } from '../server/db/tables';
import { BENCH_PASSWORD, seedBenchCompany } from './server-process';

const EMAIL_PREFIX = 'bench.';
// 10,000 rows x 6 columns stays far below PostgreSQL's 65,535 bind parameters per statement.
const ROWS_PER_INSERT = 2_500;

const FIRST = ['María', 'José', 'Guadalupe', 'Juan', 'Ana', 'Luis', 'Rosa', 'Carlos', 'Patricia', 'Jorge', 'Laura', 'Miguel', 'Elena', 'Francisco', 'Sofía', 'Alejandro', 'Verónica', 'Ricardo', 'Claudia', 'Fernando'];
const LAST = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz'];

/** Deterministic pseudo-random numbers, so every run sorts the same names. */
function mulberry32(seedValue: number): () => number {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type UsersPrepared = { totalUsers: number; inserted: number; insertMs: number };

/** Seed the demo company if needed and top the users table up to `target` rows in total. */
export async function prepareUsers(opts: { databaseUrl: string | null; dataDir: string; target: number }): Promise<UsersPrepared> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const { db } = database;
    await seedBenchCompany(db);
    const [{ n: before }] = await db.select({ n: count() }).from(users);
    const [{ n: present }] = await db.select({ n: count() }).from(users).where(like(users.email, `${EMAIL_PREFIX}%`));
    const missing = opts.target - before;
    let insertMs = 0;
    if (missing > 0) {
      const roleIds = (await db.select({ id: roles.id }).from(roles).where(ne(roles.name, 'Administrador'))).map((r) => r.id);
      // One hash for every row: argon2 on 10,000 rows would take minutes and measure nothing useful.
      const passwordHash = await hashPassword(BENCH_PASSWORD);
      const random = mulberry32(20_260_101);
      const now = Date.now();
      const rows = Array.from({ length: missing }, (_, k) => {
        const i = present + k + 1;
        const first = FIRST[Math.floor(random() * FIRST.length)];
        const last1 = LAST[Math.floor(random() * LAST.length)];
        const last2 = LAST[Math.floor(random() * LAST.length)];
        return {
          email: `${EMAIL_PREFIX}${String(i).padStart(5, '0')}@ejemplo.mx`,
          name: `${first} ${last1} ${last2}`,
          passwordHash,
          roleId: roleIds[i % roleIds.length],
          active: i % 20 !== 0,
          lastSignInAt: random() < 0.6 ? new Date(now - Math.floor(random() * 90 * 86_400_000)) : null,
        };
      });
      const started = performance.now();
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await tx.insert(users).values(rows.slice(i, i + ROWS_PER_INSERT));
      });
      insertMs = performance.now() - started;
      // Fresh planner statistics, as autovacuum would leave them on a live database
      // (PGlite runs no autovacuum at all).
      await db.execute(sql`analyze users`);
    }
    const [{ n: totalUsers }] = await db.select({ n: count() }).from(users);
    return { totalUsers, inserted: Math.max(missing, 0), insertMs };
  } finally {
    await database.close();
  }
}
