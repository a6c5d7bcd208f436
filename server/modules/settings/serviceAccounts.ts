// Service accounts for integrators: a name, a role and an API token shown once
// (only its sha256 is stored). A request that carries the token acts with the
// role's abilities; its mutations are audited with the account (userId null).
import { createHash, randomBytes } from 'node:crypto';
import { isUniqueViolation, type Executor } from '../../db/database';
import { writeAudit } from '../../db/audit';
import { actorOf, type AuthUser, type RequestContext } from '../../context';
import { badInput, conflict, found, notFound } from '../../lib/errors';
import { readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import type { AppServices } from '../../services';
import * as data from './data';

export type ServiceAccountRow = data.ServiceAccountRow;

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

const findById = data.findServiceAccount;

export async function listServiceAccounts(ctx: RequestContext, list: ListInput | null | undefined, filter: { revoked?: boolean | null } | null | undefined) {
  return data.listServiceAccounts(ctx.app.database.db, readList(list, data.SERVICE_ACCOUNT_SORTS, 'name'), filter?.revoked);
}

const createInput = z.object({ name: rules.requiredText(120), roleId: rules.id() });

export async function createServiceAccount(ctx: RequestContext, input: unknown): Promise<{ account: ServiceAccountRow; token: string }> {
  const v = parseInput(createInput, input);
  const { token, tokenHash, tokenPrefix } = newToken();
  const db = ctx.app.database.db;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      if (!(await data.findRole(tx, v.roleId))) throw badInput({ roleId: SA_MSG.roleMissing });
      if (await data.serviceAccountNameTaken(tx, v.name)) throw badInput({ name: SA_MSG.nameTaken });
      const newId = await data.insertServiceAccount(tx, { name: v.name, roleId: v.roleId, tokenHash, tokenPrefix, createdBy: ctx.auth?.id ?? null });
      const after = await findById(tx, newId);
      await writeAudit(tx, actorOf(ctx), { entity: 'service_account', entityId: newId, action: 'create', after });
      return newId;
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
    if (!(await data.revokeServiceAccountRow(tx, accountId, version, ctx.auth?.id ?? null))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'service_account', entityId: accountId, action: 'revoke', before, after: await findById(tx, accountId) });
  });
  await ctx.app.identity.invalidate({ serviceAccountIds: [accountId] });
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
    if (!(await data.replaceServiceAccountToken(tx, accountId, version, { tokenHash, tokenPrefix }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'service_account', entityId: accountId, action: 'rotate', before, after: await findById(tx, accountId) });
  });
  await ctx.app.identity.invalidate({ serviceAccountIds: [accountId] });
  return { account: found(await findById(db, accountId), 'La cuenta de servicio'), token };
}

/** How many service accounts use a role (a role in use cannot be deleted). */
export async function serviceAccountsOfRole(ex: Executor, roleId: number): Promise<number> {
  return data.countServiceAccountsOfRole(ex, roleId);
}

/**
 * The identity of a service-account token, or null (unknown, malformed or revoked).
 * Marks the account used, at most once a minute.
 */
export async function authenticateServiceAccount(app: AppServices, token: string): Promise<AuthUser | null> {
  if (!TOKEN_RE.test(token)) return null;
  const db = app.database.db;
  const tokenHash = hashServiceToken(token);
  // Remembered a few seconds (app.identity); revoking or rotating invalidates it first.
  const row = await app.identity.serviceTokens.get(tokenHash, () => data.findServiceAccountByTokenHash(db, tokenHash));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= 60_000) {
    // On the remembered row too, so the next requests of this minute do not write again.
    row.lastUsedAt = new Date();
    await data.touchServiceAccountUsed(db, row.id);
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
