// Demo company: the module catalogue, the seeded roles, the admin and one
// demo user per role. Idempotent: `npm run seed` and every start call it;
// the catalogue gains new modules/submodules without touching admin edits.
import { eq, sql } from 'drizzle-orm';
import { MODULE_CATALOG, SEED_ROLES } from '../../schema/catalog';

/** Submodules seeded only to roles with every module (CatalogSubmodule.management). */
const MANAGEMENT_SUBMODULES = new Set(MODULE_CATALOG.flatMap((m) => m.submodules.filter((s) => s.management).map((s) => s.key)));
import { generatePassword, hashPassword } from '../auth/passwords';
import { appModules, rolePermissions, roles, submodules, users } from './tables';
import type { Db } from './database';
import type { Config } from '../config';
import { writeAudit } from './audit';

export type SeedResult = { createdAdmin: boolean; generatedPassword: string | null; demoUsers: string[] };

/** Insert missing modules/submodules; new submodules are granted in full to Administrador. */
export async function syncCatalog(db: Db): Promise<void> {
  // Every start: one read tells whether anything is missing (some 80 statements otherwise).
  const present = new Set(
    (
      await db
        .select({ module: appModules.key, submodule: submodules.key })
        .from(submodules)
        .innerJoin(appModules, eq(appModules.id, submodules.moduleId))
    ).map((r) => `${r.module}/${r.submodule}`),
  );
  if (MODULE_CATALOG.every((m) => m.submodules.every((s) => present.has(`${m.key}/${s.key}`)))) return;
  await db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrador'));
    for (const [mi, mod] of MODULE_CATALOG.entries()) {
      await tx.insert(appModules).values({ key: mod.key, name: mod.name, icon: mod.icon, sortOrder: (mi + 1) * 10 }).onConflictDoNothing();
      const [row] = await tx.select({ id: appModules.id }).from(appModules).where(eq(appModules.key, mod.key));
      for (const [si, s] of mod.submodules.entries()) {
        const inserted = await tx
          .insert(submodules)
          .values({ moduleId: row.id, key: s.key, name: s.name, permissions: s.permissions, sortOrder: (si + 1) * 10 })
          .onConflictDoNothing()
          .returning({ id: submodules.id });
        if (inserted.length && admin) {
          await tx.insert(rolePermissions).values(s.permissions.map((p) => ({ roleId: admin.id, submoduleId: inserted[0].id, permission: p }))).onConflictDoNothing();
          await tx.update(roles).set({ version: sql`${roles.version} + 1` }).where(eq(roles.id, admin.id));
        }
      }
    }
  });
}

/** Each module's base data (idempotent; every start, demo data or not). */
export async function seedModuleBase(db: Db): Promise<void> {
  const { modules } = await import('../modules');
  for (const m of modules) if (m.seedBase) await m.seedBase(db);
}

/** `config` lets demo seeds store files (employee documents); without it they skip them. */
export async function seed(db: Db, opts: { adminEmail: string; adminPassword: string | null; config?: Config }): Promise<SeedResult> {
  await syncCatalog(db);
  const result = await seedCompany(db, opts);
  if (result.adminUserId !== null) {
    // Imported here, not at the top: the module registry imports the resolvers, which import services.
    const { modules } = await import('../modules');
    for (const m of modules) if (m.seedDemo) await m.seedDemo(db, { adminUserId: result.adminUserId, config: opts.config });
  }
  return { createdAdmin: result.createdAdmin, generatedPassword: result.generatedPassword, demoUsers: result.demoUsers };
}

async function seedCompany(db: Db, opts: { adminEmail: string; adminPassword: string | null }): Promise<SeedResult & { adminUserId: number | null }> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    const catalog = await tx
      .select({ id: submodules.id, key: submodules.key, permissions: submodules.permissions, moduleName: appModules.name })
      .from(submodules)
      .innerJoin(appModules, eq(appModules.id, submodules.moduleId));
    const roleIds = new Map<string, number>();
    for (const r of SEED_ROLES) {
      const found = await tx.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = lower(${r.name})`);
      if (found.length) {
        roleIds.set(r.name, found[0].id);
        continue;
      }
      const [created] = await tx.insert(roles).values({ name: r.name, description: r.description, purchaseOrderLimit: r.purchaseOrderLimit ?? null }).returning({ id: roles.id });
      roleIds.set(r.name, created.id);
      const grants = catalog
        .filter((s) => r.modules === 'all' || (r.modules.includes(s.moduleName) && !MANAGEMENT_SUBMODULES.has(s.key)))
        .flatMap((s) => (r.onlyView ? ['ver'] : s.permissions).map((p) => ({ roleId: created.id, submoduleId: s.id, permission: p })));
      if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
    }
    if (existing.length) return { createdAdmin: false, generatedPassword: null, demoUsers: [], adminUserId: null };

    const generatedPassword = opts.adminPassword ? null : generatePassword(16);
    const passwordHash = await hashPassword(opts.adminPassword ?? (generatedPassword as string));
    const [admin] = await tx
      .insert(users)
      .values({ email: opts.adminEmail, name: 'Administrador del sistema', roleId: roleIds.get('Administrador') as number, passwordHash })
      .returning({ id: users.id });
    const demoUsers: string[] = [];
    for (const r of SEED_ROLES) {
      if (!r.demoEmail) continue;
      await tx.insert(users).values({ email: r.demoEmail, name: `Demo ${r.name}`, roleId: roleIds.get(r.name) as number, passwordHash });
      demoUsers.push(r.demoEmail);
    }
    await writeAudit(tx, { userId: admin.id, requestId: 'seed' }, { entity: 'company', entityId: 'demo', action: 'seed', after: { users: [opts.adminEmail, ...demoUsers] } });
    return { createdAdmin: true, generatedPassword, demoUsers, adminUserId: admin.id };
  });
}
