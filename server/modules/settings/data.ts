// Configuración data layer: the only place with SQL for users, roles, modules.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { RuleModule } from '../../../schema/abilities';
import { preparedMapped, queryRows, type Executor } from '../../db/database';
import { pgInstantToIso } from '../../lib/instants';
import { likePattern, type ListQuery } from '../../lib/list';
import { isOfferedPageSize } from '../../../schema/lists';
import { appModules, rolePermissions, roles, rowCounts, serviceAccounts, sessions, submodules, users } from '../../db/tables';

export type UserRow = typeof users.$inferSelect & { roleName: string };
/**
 * A user as the users list answers it (the API's User): everything but the password hash, which
 * no list has a use for, and the role as an object. The data layer reads it in this shape, so no
 * resolver copies every row of a page into another object. The unfiltered page gives its
 * timestamps as the API's text already (lib/instants.ts), a filtered one as Dates: the DateTime
 * scalar writes either.
 */
export type UserListItem = Omit<UserRow, 'passwordHash' | 'roleId' | 'roleName' | 'lastSignInAt' | 'createdAt'> & {
  role: { id: number; name: string };
  lastSignInAt: Date | string | null;
  createdAt: Date | string;
};
export type RoleRow = typeof roles.$inferSelect;
export type ModuleRow = typeof appModules.$inferSelect;
export type SubmoduleRow = typeof submodules.$inferSelect;

export const USER_SORTS = ['name', 'email', 'role', 'lastSignInAt', 'createdAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  passwordHash: users.passwordHash,
  roleId: users.roleId,
  active: users.active,
  forcedPasswordReset: users.forcedPasswordReset,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  version: users.version,
  roleName: roles.name,
};
const { passwordHash: _hash, ...userListColumns } = userColumns;
/** The list's columns with the role nested, as UserListItem has it (drizzle maps the rows to that shape). */
const userListShape = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: { id: users.roleId, name: roles.name },
  active: users.active,
  forcedPasswordReset: users.forcedPasswordReset,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  version: users.version,
};

export async function findUserById(ex: Executor, id: number): Promise<UserRow | null> {
  const rows = await ex.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
  return rows[0] ?? null;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | null> {
  const rows = await ex
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows[0] ?? null;
}

export async function listUsers(
  ex: Executor,
  q: ListQuery<UserSort>,
  filter: { roleId?: number | null; active?: boolean | null },
): Promise<{ items: UserListItem[]; total: number }> {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(or(ilike(users.name, p), ilike(users.email, p)) as SQL);
  }
  if (filter.roleId) conds.push(eq(users.roleId, filter.roleId));
  if (filter.active !== null && filter.active !== undefined) conds.push(eq(users.active, filter.active));
  const where = conds.length ? and(...conds) : undefined;
  if (!where) {
    // The list as it opens (no search, no filter): prepared once per sort, so a request only binds
    // its page (see unfilteredUsers).
    const prepared = unfilteredUsers(ex, q.sortBy, q.desc);
    const page = (await (q.offset === 0 && isOfferedPageSize(q.limit) ? prepared.firstPage(q.limit).execute() : prepared.page.execute({ limit: q.limit, offset: q.offset }))) as UnfilteredPage;
    // A page past the end has no row to carry the total: then it is read alone.
    if (page.items.length === 0) return { items: [], total: (await prepared.total.execute())[0].n };
    return page;
  }
  const sortCol = sortColumn[q.sortBy];
  const [items, totals] = await Promise.all([
    ex
      .select(userListShape)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(q.desc ? desc(sortCol) : asc(sortCol), asc(users.id))
      .limit(q.limit)
      .offset(q.offset),
    // Every user has a role (NOT NULL foreign key), so the count needs no join.
    ex.select({ n: count() }).from(users).where(where),
  ]);
  return { items, total: totals[0].n };
}

const sortColumn = { name: users.name, email: users.email, role: roles.name, lastSignInAt: users.lastSignInAt, createdAt: users.createdAt } as const;

/** The number of users the triggers keep in row_counts (migration 0018), as a column of the page. */
const usersTotal = sql<number>`(select ${rowCounts.n} from ${rowCounts} where ${rowCounts.tableName} = 'users')`.mapWith(Number);

/** The unfiltered page's select list: the listed columns and, on each row, the total. */
const unfilteredColumns = { ...userListColumns, total: usersTotal };
/** Where each of them is in a row (drizzle lists the columns in the order of the select object). */
const at = Object.fromEntries(Object.keys(unfilteredColumns).map((key, index) => [key, index])) as Record<keyof typeof unfilteredColumns, number>;
type UnfilteredPage = { items: UserListItem[]; total: number };

/**
 * The unfiltered page's rows (arrays, in the select list's order, timestamps as the driver's text)
 * straight into UserListItem, decoded as drizzle decodes them (each column's mapFromDriverValue),
 * but for the timestamps, which go from PostgreSQL's text to the API's without a Date in between
 * (pgInstantToIso): drizzle's own mapping (a path walk per column of every row) and a second copy
 * per row in the resolver were a tenth of the server's CPU on this list, and each row's two dates
 * were parsed into Dates only to be written back as text (issue 24).
 */
function unfilteredPage(rows: unknown[][]): UnfilteredPage {
  const items = rows.map((row): UserListItem => {
    const lastSignInAt = row[at.lastSignInAt];
    return {
      id: users.id.mapFromDriverValue(row[at.id] as number) as number,
      email: row[at.email] as string,
      name: row[at.name] as string,
      role: { id: users.roleId.mapFromDriverValue(row[at.roleId] as number) as number, name: row[at.roleName] as string },
      active: row[at.active] as boolean,
      forcedPasswordReset: row[at.forcedPasswordReset] as boolean,
      lastSignInAt: lastSignInAt === null ? null : pgInstantToIso(lastSignInAt as string),
      createdAt: pgInstantToIso(row[at.createdAt] as string),
      version: users.version.mapFromDriverValue(row[at.version] as number) as number,
    };
  });
  // The total as drizzle decoded it (mapWith(Number), null left as null); a page past the end has
  // no row to carry it (listUsers then reads it alone).
  const total = rows.length === 0 ? null : rows[0][at.total];
  return { items, total: (total === null ? null : Number(total)) as number };
}

const buildUnfiltered = (ex: Executor, sortBy: UserSort, descending: boolean) => {
  const name = `users_${sortBy}_${descending ? 'desc' : 'asc'}`;
  // A builder per statement: drizzle's limit() and offset() change the builder they are called on.
  const ordered = () =>
    ex
      .select(unfilteredColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .orderBy(descending ? desc(sortColumn[sortBy]) : asc(sortColumn[sortBy]), asc(users.id));
  const firstPages = new Map<number, ReturnType<typeof preparedMapped<UnfilteredPage>>>();
  return {
    // The page and, on each of its rows, the total the triggers keep (row_counts): one statement,
    // one round trip, one pooled connection per request. The same statement drizzle prepares for
    // the query above, with the rows mapped by unfilteredPage. Its LIMIT and OFFSET are parameters,
    // so PostgreSQL plans it again on every run: for a generic plan it assumes a tenth of the table
    // is wanted (10,000 of 100,000 users), which costs more than any page's own plan.
    page: preparedMapped(ex, `${name}_page`, ordered().limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).getSQL(), unfilteredPage),
    /**
     * The first page at one of the offered sizes (schema/lists.ts), the page the screen opens on:
     * its size written into the statement, which then has no parameter, so PostgreSQL plans it once
     * per pooled connection and keeps the plan (the parameterised page's planning was a third of
     * the statement's time on 100,000 users). A handful of statements per sort, whatever is asked.
     */
    firstPage(size: number) {
      let prepared = firstPages.get(size);
      if (!prepared) {
        // `size` is an integer of PAGE_SIZE_OPTIONS (isOfferedPageSize), never the request's text.
        prepared = preparedMapped(ex, `${name}_first_${size}`, sql`${ordered().getSQL()} limit ${sql.raw(String(size))}`, unfilteredPage);
        firstPages.set(size, prepared);
      }
      return prepared;
    },
    // The total alone, for a page past the end; one row instead of counting 100,000.
    total: ex.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.tableName, 'users')).prepare('users_total'),
  };
};
const unfilteredByExecutor = new WeakMap<Executor, Map<string, ReturnType<typeof buildUnfiltered>>>();

/**
 * The unfiltered users list, built once per executor and sort and kept: on PostgreSQL its named
 * statements are parsed once per pooled connection (the first pages also planned once), and no
 * request builds its SQL again (drizzle's query building was about a tenth of the server's CPU on
 * this list).
 */
function unfilteredUsers(ex: Executor, sortBy: UserSort, descending: boolean): ReturnType<typeof buildUnfiltered> {
  let bySort = unfilteredByExecutor.get(ex);
  if (!bySort) unfilteredByExecutor.set(ex, (bySort = new Map()));
  const key = `${sortBy}:${descending}`;
  let prepared = bySort.get(key);
  if (!prepared) bySort.set(key, (prepared = buildUnfiltered(ex, sortBy, descending)));
  return prepared;
}

export async function insertUser(
  ex: Executor,
  values: { email: string; name: string; roleId: number; passwordHash: string; forcedPasswordReset: boolean },
): Promise<number> {
  const [row] = await ex.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

/** Optimistic update: returns false when the version did not match (or the row is gone). */
export async function updateUser(
  ex: Executor,
  id: number,
  version: number,
  values: Partial<Pick<typeof users.$inferInsert, 'email' | 'name' | 'roleId' | 'active' | 'forcedPasswordReset' | 'passwordHash'>>,
): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function touchLastSignIn(ex: Executor, id: number): Promise<void> {
  await ex.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, id));
}

export async function emailTaken(ex: Executor, email: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined));
  return rows.length > 0;
}

/**
 * Rules of a role in the SPEC §1 payload shape, only active modules and
 * submodules, and only permissions the submodule still offers.
 */
export async function loadRoleRules(ex: Executor, roleId: number): Promise<RuleModule[]> {
  const rows = await ex
    .select({
      moduleName: appModules.name,
      submoduleId: submodules.id,
      submoduleName: submodules.name,
      permission: rolePermissions.permission,
    })
    .from(rolePermissions)
    .innerJoin(submodules, eq(submodules.id, rolePermissions.submoduleId))
    .innerJoin(appModules, eq(appModules.id, submodules.moduleId))
    .where(
      and(
        eq(rolePermissions.roleId, roleId),
        eq(submodules.active, true),
        eq(appModules.active, true),
        sql`${rolePermissions.permission} = any(${submodules.permissions})`,
      ),
    )
    .orderBy(asc(appModules.sortOrder), asc(appModules.id), asc(submodules.sortOrder), asc(submodules.id), asc(rolePermissions.permission));
  const out: RuleModule[] = [];
  for (const r of rows) {
    let mod = out[out.length - 1];
    if (!mod || mod.module !== r.moduleName) out.push((mod = { module: r.moduleName, submodules: [] }));
    let sub = mod.submodules[mod.submodules.length - 1];
    if (!sub || sub.id !== String(r.submoduleId)) mod.submodules.push((sub = { id: String(r.submoduleId), name: r.submoduleName, permitions: [] }));
    sub.permitions.push({ name: r.permission });
  }
  return out;
}

// ---- roles -------------------------------------------------------------

export const ROLE_SORTS = ['name', 'userCount'] as const;
export type RoleSort = (typeof ROLE_SORTS)[number];
export type RoleWithCount = RoleRow & { userCount: number };

// Written out in full: inside a single-table select drizzle leaves columns unqualified.
const userCountSql = sql<number>`(select count(*)::int from "users" u where u.role_id = "roles"."id")`;

export async function listRoles(ex: Executor, q: ListQuery<RoleSort>): Promise<{ items: RoleWithCount[]; total: number }> {
  const where = q.search ? or(ilike(roles.name, likePattern(q.search)), ilike(roles.description, likePattern(q.search))) : undefined;
  const sortCol = q.sortBy === 'userCount' ? userCountSql : roles.name;
  const [items, totals] = await Promise.all([
    ex
      .select({ id: roles.id, name: roles.name, description: roles.description, purchaseOrderLimit: roles.purchaseOrderLimit, version: roles.version, userCount: userCountSql })
      .from(roles)
      .where(where)
      .orderBy(q.desc ? desc(sortCol) : asc(sortCol), asc(roles.id))
      .limit(q.limit)
      .offset(q.offset),
    ex.select({ n: count() }).from(roles).where(where),
  ]);
  return { items: items.map((r) => ({ ...r, userCount: Number(r.userCount) })), total: totals[0].n };
}

export async function findRole(ex: Executor, id: number): Promise<RoleWithCount | null> {
  const rows = await ex
    .select({ id: roles.id, name: roles.name, description: roles.description, purchaseOrderLimit: roles.purchaseOrderLimit, version: roles.version, userCount: userCountSql })
    .from(roles)
    .where(eq(roles.id, id));
  return rows[0] ? { ...rows[0], userCount: Number(rows[0].userCount) } : null;
}

export async function roleNameTaken(ex: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, exceptId ? sql`${roles.id} <> ${exceptId}` : undefined));
  return rows.length > 0;
}

export async function insertRole(ex: Executor, values: { name: string; description: string; purchaseOrderLimit?: string | null }): Promise<number> {
  const [row] = await ex.insert(roles).values(values).returning({ id: roles.id });
  return row.id;
}

export async function updateRole(ex: Executor, id: number, version: number, values: { name?: string; description?: string; purchaseOrderLimit?: string | null }): Promise<boolean> {
  const rows = await ex
    .update(roles)
    .set({ ...values, version: sql`${roles.version} + 1` })
    .where(and(eq(roles.id, id), eq(roles.version, version)))
    .returning({ id: roles.id });
  return rows.length === 1;
}

export async function deleteRole(ex: Executor, id: number): Promise<void> {
  await ex.delete(roles).where(eq(roles.id, id));
}

export async function roleGrants(ex: Executor, roleId: number): Promise<{ submoduleId: number; permission: string }[]> {
  return ex
    .select({ submoduleId: rolePermissions.submoduleId, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(rolePermissions.submoduleId), asc(rolePermissions.permission));
}

export async function grantsForRoles(ex: Executor, roleIds: number[]): Promise<Map<number, { submoduleId: number; permission: string }[]>> {
  const map = new Map<number, { submoduleId: number; permission: string }[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return map;
  const rows = await ex
    .select({ roleId: rolePermissions.roleId, submoduleId: rolePermissions.submoduleId, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(asc(rolePermissions.submoduleId), asc(rolePermissions.permission));
  for (const r of rows) map.get(r.roleId)?.push({ submoduleId: r.submoduleId, permission: r.permission });
  return map;
}

export async function replaceGrants(ex: Executor, roleId: number, grants: { submoduleId: number; permission: string }[]): Promise<void> {
  await ex.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (grants.length) await ex.insert(rolePermissions).values(grants.map((g) => ({ roleId, ...g })));
}

export async function bumpAllRoleVersions(ex: Executor): Promise<void> {
  await ex.update(roles).set({ version: sql`${roles.version} + 1` });
}

/** Serialise changes that could lock everybody out (guard rails). */
export async function lockSecurityChanges(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(7301001)`);
}

/** Active users (optionally excluding one) whose role grants `editar` on Configuración-Roles. */
export async function countActiveRoleEditors(ex: Executor, opts: { excludeUserId?: number; excludeRoleId?: number } = {}): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`select count(distinct u.id)::int as n
        from ${users} u
        join ${rolePermissions} rp on rp.role_id = u.role_id and rp.permission = 'editar'
        join ${submodules} s on s.id = rp.submodule_id and s.key = 'roles' and s.active
        join ${appModules} m on m.id = s.module_id and m.key = 'settings' and m.active
        where u.active
          ${opts.excludeUserId ? sql`and u.id <> ${opts.excludeUserId}` : sql``}
          ${opts.excludeRoleId ? sql`and u.role_id <> ${opts.excludeRoleId}` : sql``}`,
  );
  return Number(rows[0].n);
}

export async function roleCanEditRoles(ex: Executor, roleId: number): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ${rolePermissions} rp
        join ${submodules} s on s.id = rp.submodule_id and s.key = 'roles'
        join ${appModules} m on m.id = s.module_id and m.key = 'settings'
        where rp.role_id = ${roleId} and rp.permission = 'editar'`,
  );
  return Number(rows[0].n) > 0;
}

export async function roleOptions(ex: Executor): Promise<{ id: number; name: string }[]> {
  return ex.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name));
}

export async function userIdsOfRole(ex: Executor, roleId: number): Promise<number[]> {
  const rows = await ex.select({ id: users.id }).from(users).where(eq(users.roleId, roleId));
  return rows.map((r) => r.id);
}

// ---- modules -----------------------------------------------------------

export const MODULE_SORTS = ['sortOrder', 'name', 'key'] as const;
export type ModuleSort = (typeof MODULE_SORTS)[number];

export async function listModules(ex: Executor, q: ListQuery<ModuleSort>, f: { active: boolean | null } = { active: null }): Promise<{ items: ModuleRow[]; total: number }> {
  const where = and(
    q.search ? or(ilike(appModules.name, likePattern(q.search)), ilike(appModules.key, likePattern(q.search))) : undefined,
    f.active === null ? undefined : eq(appModules.active, f.active),
  );
  const sortCol = { sortOrder: appModules.sortOrder, name: appModules.name, key: appModules.key }[q.sortBy];
  const [items, totals] = await Promise.all([
    ex.select().from(appModules).where(where).orderBy(q.desc ? desc(sortCol) : asc(sortCol), asc(appModules.id)).limit(q.limit).offset(q.offset),
    ex.select({ n: count() }).from(appModules).where(where),
  ]);
  return { items, total: totals[0].n };
}

export async function allModules(ex: Executor): Promise<ModuleRow[]> {
  return ex.select().from(appModules).orderBy(asc(appModules.sortOrder), asc(appModules.id));
}

export async function findModule(ex: Executor, id: number): Promise<ModuleRow | null> {
  const rows = await ex.select().from(appModules).where(eq(appModules.id, id));
  return rows[0] ?? null;
}

export async function submodulesOf(ex: Executor, moduleIds: number[]): Promise<SubmoduleRow[]> {
  if (!moduleIds.length) return [];
  return ex
    .select()
    .from(submodules)
    .where(inArray(submodules.moduleId, moduleIds))
    .orderBy(asc(submodules.sortOrder), asc(submodules.id));
}

export async function findSubmodule(ex: Executor, id: number): Promise<SubmoduleRow | null> {
  const rows = await ex.select().from(submodules).where(eq(submodules.id, id));
  return rows[0] ?? null;
}

export async function updateModule(ex: Executor, id: number, version: number, values: Partial<Pick<ModuleRow, 'name' | 'icon' | 'sortOrder' | 'active'>>): Promise<boolean> {
  const rows = await ex
    .update(appModules)
    .set({ ...values, version: sql`${appModules.version} + 1` })
    .where(and(eq(appModules.id, id), eq(appModules.version, version)))
    .returning({ id: appModules.id });
  return rows.length === 1;
}

export async function updateSubmodule(
  ex: Executor,
  id: number,
  version: number,
  values: Partial<Pick<SubmoduleRow, 'name' | 'sortOrder' | 'active' | 'permissions'>>,
): Promise<boolean> {
  const rows = await ex
    .update(submodules)
    .set({ ...values, version: sql`${submodules.version} + 1` })
    .where(and(eq(submodules.id, id), eq(submodules.version, version)))
    .returning({ id: submodules.id });
  return rows.length === 1;
}

/** Drop grants of permission names a submodule no longer offers. */
export async function pruneGrants(ex: Executor, submoduleId: number, offered: string[]): Promise<void> {
  await ex
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.submoduleId, submoduleId), notInArray(rolePermissions.permission, offered)));
}

// --- Service accounts (integrators' API tokens) -------------------------------

export type ServiceAccountRow = {
  id: number;
  name: string;
  roleId: number;
  roleName: string;
  tokenPrefix: string;
  createdAt: Date;
  createdByName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  version: number;
};

export const SERVICE_ACCOUNT_SORTS = ['name', 'role', 'lastUsedAt', 'createdAt'] as const;
export type ServiceAccountSort = (typeof SERVICE_ACCOUNT_SORTS)[number];

const serviceAccountColumns = {
  id: serviceAccounts.id,
  name: serviceAccounts.name,
  roleId: serviceAccounts.roleId,
  roleName: roles.name,
  tokenPrefix: serviceAccounts.tokenPrefix,
  createdAt: serviceAccounts.createdAt,
  createdByName: users.name,
  lastUsedAt: serviceAccounts.lastUsedAt,
  revokedAt: serviceAccounts.revokedAt,
  version: serviceAccounts.version,
};

const serviceAccountBase = (ex: Executor) =>
  ex.select(serviceAccountColumns).from(serviceAccounts).innerJoin(roles, eq(roles.id, serviceAccounts.roleId)).leftJoin(users, eq(users.id, serviceAccounts.createdBy));

export async function findServiceAccount(ex: Executor, id: number): Promise<ServiceAccountRow | null> {
  return (await serviceAccountBase(ex).where(eq(serviceAccounts.id, id)))[0] ?? null;
}

export async function listServiceAccounts(
  ex: Executor,
  q: ListQuery<ServiceAccountSort>,
  revoked: boolean | null | undefined,
): Promise<{ items: ServiceAccountRow[]; total: number }> {
  const conds: SQL[] = [];
  if (q.search) conds.push(or(ilike(serviceAccounts.name, likePattern(q.search)), ilike(serviceAccounts.tokenPrefix, likePattern(q.search))) as SQL);
  if (revoked === true) conds.push(isNotNull(serviceAccounts.revokedAt));
  if (revoked === false) conds.push(isNull(serviceAccounts.revokedAt));
  const where = conds.length ? and(...conds) : undefined;
  const sortCol = { name: serviceAccounts.name, role: roles.name, lastUsedAt: serviceAccounts.lastUsedAt, createdAt: serviceAccounts.createdAt }[q.sortBy];
  const dir = q.desc ? sql`desc nulls last` : sql`asc nulls first`;
  // The count needs the roles join only when sorting does, and sorting never filters: count the accounts alone.
  const [items, totals] = await Promise.all([
    serviceAccountBase(ex).where(where).orderBy(sql`${sortCol} ${dir}`, asc(serviceAccounts.id)).limit(q.limit).offset(q.offset),
    ex.select({ n: count() }).from(serviceAccounts).where(where),
  ]);
  return { items, total: Number(totals[0].n) };
}

export async function serviceAccountNameTaken(ex: Executor, name: string): Promise<boolean> {
  return (await ex.select({ id: serviceAccounts.id }).from(serviceAccounts).where(sql`lower(${serviceAccounts.name}) = lower(${name})`).limit(1)).length > 0;
}

export async function insertServiceAccount(
  ex: Executor,
  values: { name: string; roleId: number; tokenHash: string; tokenPrefix: string; createdBy: number | null },
): Promise<number> {
  const [row] = await ex.insert(serviceAccounts).values(values).returning({ id: serviceAccounts.id });
  return row.id;
}

/** Revokes the account at this version; false when the version moved on. */
export async function revokeServiceAccountRow(ex: Executor, id: number, version: number, by: number | null): Promise<boolean> {
  const updated = await ex
    .update(serviceAccounts)
    .set({ revokedAt: new Date(), revokedBy: by, version: sql`${serviceAccounts.version} + 1` })
    .where(and(eq(serviceAccounts.id, id), eq(serviceAccounts.version, version)))
    .returning({ id: serviceAccounts.id });
  return updated.length > 0;
}

/** Replaces the token hash at this version (the old token stops working); false when the version moved on. */
export async function replaceServiceAccountToken(ex: Executor, id: number, version: number, token: { tokenHash: string; tokenPrefix: string }): Promise<boolean> {
  const updated = await ex
    .update(serviceAccounts)
    .set({ ...token, lastUsedAt: null, version: sql`${serviceAccounts.version} + 1` })
    .where(and(eq(serviceAccounts.id, id), eq(serviceAccounts.version, version)))
    .returning({ id: serviceAccounts.id });
  return updated.length > 0;
}

export async function countServiceAccountsOfRole(ex: Executor, roleId: number): Promise<number> {
  const rows = await ex.select({ n: count() }).from(serviceAccounts).where(eq(serviceAccounts.roleId, roleId));
  return Number(rows[0].n);
}

export type ServiceTokenOwner = { id: number; name: string; roleId: number; roleName: string; roleVersion: number; lastUsedAt: Date | null };

/** The live (not revoked) account whose token has this hash. */
export async function findServiceAccountByTokenHash(ex: Executor, tokenHash: string): Promise<ServiceTokenOwner | null> {
  const rows = await ex
    .select({ id: serviceAccounts.id, name: serviceAccounts.name, roleId: serviceAccounts.roleId, roleName: roles.name, roleVersion: roles.version, lastUsedAt: serviceAccounts.lastUsedAt })
    .from(serviceAccounts)
    .innerJoin(roles, eq(roles.id, serviceAccounts.roleId))
    .where(and(eq(serviceAccounts.tokenHash, tokenHash), isNull(serviceAccounts.revokedAt)));
  return rows[0] ?? null;
}

/** Marks the account used now, unless another request did within the last minute. */
export async function touchServiceAccountUsed(ex: Executor, id: number): Promise<void> {
  await ex
    .update(serviceAccounts)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(serviceAccounts.id, id), sql`(${serviceAccounts.lastUsedAt} is null or ${serviceAccounts.lastUsedAt} < now() - interval '1 minute')`));
}

// ---- a user's sessions (deactivation, reset, password change end them all) ----

export async function revokeUserSessions(ex: Executor, userId: number, exceptSessionId?: string): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined));
}
