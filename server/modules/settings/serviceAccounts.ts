// Service accounts for integrators: a name, a role and an API token shown once
// (only its sha256 is stored). A request that carries the token acts with the
// role's abilities; its mutations are audited with the account (userId null).
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, type Executor } from '../../db/database';
import { writeAudit } from '../../db/audit';
import { roles, serviceAccounts, users } from '../../db/tables';
import { actorOf, type AuthUser, type RequestContext } from '../../context';
import { badInput, conflict, found, notFound } from '../../lib/errors';
import { likePattern, readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import type { AppServices } from '../../services';

/** Every service-account token starts with this, so the server tells it from a session token at a glance. */
export const SERVICE_TOKEN_PREFIX = 'erp_sa_';
const TOKEN_RE = /^erp_sa_[A-Za-z0-9_-]{43}$/;

export const SA_MSG = {
  nameTaken: 'Ya existe una cuenta de servicio con ese nombre.',
  roleMissing: 'El rol no existe.',
  revoked: 'El token de la cuenta de servicio no es válido o fue revocado.',
  alreadyRevoked: 'La cuenta de servicio ya está revocada.',
} as const;

export const isServiceToken = (token: string | null): token is string => token !== null && token.startsWith(SERVICE_TOKEN_PREFIX);
export const hashServiceToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function newToken(): { token: string; tokenHash: string; tokenPrefix: string } {
  const token = SERVICE_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, tokenHash: hashServiceToken(token), tokenPrefix: token.slice(0, SERVICE_TOKEN_PREFIX.length + 8) };
}

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

const columns = {
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

const base = (ex: Executor) =>
  ex.select(columns).from(serviceAccounts).innerJoin(roles, eq(roles.id, serviceAccounts.roleId)).leftJoin(users, eq(users.id, serviceAccounts.createdBy));

async function findById(ex: Executor, id: number): Promise<ServiceAccountRow | null> {
  return (await base(ex).where(eq(serviceAccounts.id, id)))[0] ?? null;
}

const SORTS = ['name', 'role', 'lastUsedAt', 'createdAt'] as const;

export async function listServiceAccounts(ctx: RequestContext, list: ListInput | null | undefined, filter: { revoked?: boolean | null } | null | undefined) {
  const q = readList(list, SORTS, 'name');
  const ex = ctx.app.database.db;
  const conds: SQL[] = [];
  if (q.search) conds.push(or(ilike(serviceAccounts.name, likePattern(q.search)), ilike(serviceAccounts.tokenPrefix, likePattern(q.search))) as SQL);
  if (filter?.revoked === true) conds.push(sql`${serviceAccounts.revokedAt} is not null`);
  if (filter?.revoked === false) conds.push(isNull(serviceAccounts.revokedAt));
  const where = conds.length ? and(...conds) : undefined;
  const sortCol = { name: serviceAccounts.name, role: roles.name, lastUsedAt: serviceAccounts.lastUsedAt, createdAt: serviceAccounts.createdAt }[q.sortBy];
  const dir = q.desc ? sql`desc nulls last` : sql`asc nulls first`;
  const [items, totals] = await Promise.all([
    base(ex).where(where).orderBy(sql`${sortCol} ${dir}`, asc(serviceAccounts.id)).limit(q.limit).offset(q.offset),
    ex.select({ n: count() }).from(serviceAccounts).innerJoin(roles, eq(roles.id, serviceAccounts.roleId)).where(where),
  ]);
  return { items, total: Number(totals[0].n) };
}

const createInput = z.object({ name: rules.requiredText(120), roleId: rules.id() });

export async function createServiceAccount(ctx: RequestContext, input: unknown): Promise<{ account: ServiceAccountRow; token: string }> {
  const v = parseInput(createInput, input);
  const { token, tokenHash, tokenPrefix } = newToken();
  const db = ctx.app.database.db;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      if (!(await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, v.roleId)))[0]) throw badInput({ roleId: SA_MSG.roleMissing });
      if ((await tx.select({ id: serviceAccounts.id }).from(serviceAccounts).where(sql`lower(${serviceAccounts.name}) = lower(${v.name})`))[0]) {
        throw badInput({ name: SA_MSG.nameTaken });
      }
      const [row] = await tx
        .insert(serviceAccounts)
        .values({ name: v.name, roleId: v.roleId, tokenHash, tokenPrefix, createdBy: ctx.auth?.id ?? null })
        .returning({ id: serviceAccounts.id });
      const after = await findById(tx, row.id);
      await writeAudit(tx, actorOf(ctx), { entity: 'service_account', entityId: row.id, action: 'create', after });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'service_accounts_name_uq')) throw badInput({ name: SA_MSG.nameTaken });
    throw err;
  }
  return { account: found(await findById(db, id), 'La cuenta de servicio'), token };
}

export async function revokeServiceAccount(ctx: RequestContext, id: string, version: number): Promise<ServiceAccountRow> {
  const accountId = Number(id);
  const db = ctx.app.database.db;
  await db.transaction(async (tx) => {
    const before = await findById(tx, accountId);
    if (!before) throw notFound('La cuenta de servicio');
    if (before.version !== version) throw conflict();
    if (before.revokedAt) throw badInput({ id: SA_MSG.alreadyRevoked }, SA_MSG.alreadyRevoked);
    const updated = await tx
      .update(serviceAccounts)
      .set({ revokedAt: new Date(), revokedBy: ctx.auth?.id ?? null, version: sql`${serviceAccounts.version} + 1` })
      .where(and(eq(serviceAccounts.id, accountId), eq(serviceAccounts.version, version)))
      .returning({ id: serviceAccounts.id });
    if (!updated.length) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'service_account', entityId: accountId, action: 'revoke', before, after: await findById(tx, accountId) });
  });
  return found(await findById(db, accountId), 'La cuenta de servicio');
}

/** A new token for the account; the old one stops working at once. */
export async function rotateServiceAccount(ctx: RequestContext, id: string, version: number): Promise<{ account: ServiceAccountRow; token: string }> {
  const accountId = Number(id);
  const { token, tokenHash, tokenPrefix } = newToken();
  const db = ctx.app.database.db;
  await db.transaction(async (tx) => {
    const before = await findById(tx, accountId);
    if (!before) throw notFound('La cuenta de servicio');
    if (before.version !== version) throw conflict();
    if (before.revokedAt) throw badInput({ id: SA_MSG.alreadyRevoked }, SA_MSG.alreadyRevoked);
    const updated = await tx
      .update(serviceAccounts)
      .set({ tokenHash, tokenPrefix, lastUsedAt: null, version: sql`${serviceAccounts.version} + 1` })
      .where(and(eq(serviceAccounts.id, accountId), eq(serviceAccounts.version, version)))
      .returning({ id: serviceAccounts.id });
    if (!updated.length) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'service_account', entityId: accountId, action: 'rotate', before, after: await findById(tx, accountId) });
  });
  return { account: found(await findById(db, accountId), 'La cuenta de servicio'), token };
}

/** How many service accounts use a role (a role in use cannot be deleted). */
export async function serviceAccountsOfRole(ex: Executor, roleId: number): Promise<number> {
  const rows = await ex.select({ n: count() }).from(serviceAccounts).where(eq(serviceAccounts.roleId, roleId));
  return Number(rows[0].n);
}

/**
 * The identity of a service-account token, or null (unknown, malformed or revoked).
 * Marks the account used, at most once a minute.
 */
export async function authenticateServiceAccount(app: AppServices, token: string): Promise<AuthUser | null> {
  if (!TOKEN_RE.test(token)) return null;
  const db = app.database.db;
  const rows = await db
    .select({ id: serviceAccounts.id, name: serviceAccounts.name, roleId: serviceAccounts.roleId, roleName: roles.name, roleVersion: roles.version, lastUsedAt: serviceAccounts.lastUsedAt })
    .from(serviceAccounts)
    .innerJoin(roles, eq(roles.id, serviceAccounts.roleId))
    .where(and(eq(serviceAccounts.tokenHash, hashServiceToken(token)), isNull(serviceAccounts.revokedAt)));
  const row = rows[0];
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= 60_000) {
    await db
      .update(serviceAccounts)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(serviceAccounts.id, row.id), sql`(${serviceAccounts.lastUsedAt} is null or ${serviceAccounts.lastUsedAt} < now() - interval '1 minute')`));
  }
  const { rules: ruleModules, ability } = await app.rulesCache.get(db, row.roleId, row.roleVersion);
  return {
    id: null,
    email: '',
    name: row.name,
    roleId: row.roleId,
    roleName: row.roleName,
    forcedPasswordReset: false,
    sessionId: null,
    serviceAccount: { id: row.id, name: row.name },
    rules: ruleModules,
    ability,
  };
}
