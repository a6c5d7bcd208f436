// Sign-in, sign-out, password change and the per-request identity.
import { randomUUID } from 'node:crypto';
import type { RuleModule } from '../../../schema/abilities';
import { writeAudit } from '../../db/audit';
import { actorOf, type AuthUser, type RequestContext } from '../../context';
import { appError, badInput, forbidden, unauthenticated } from '../../lib/errors';
import { readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import type { AppServices } from '../../services';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords';
// Configuración owns users, roles and service accounts: this module reads them only through its service.
import {
  authenticateServiceAccount,
  findRole,
  findUserByEmail,
  findUserById,
  isServiceToken,
  revokeUserSessions,
  touchLastSignIn,
  updateUserRecord,
  type UserRow,
} from '../settings/service';
import { auditReferences } from './auditReferences';
import * as data from './data';
import * as history from './history';
import * as views from './views';

export const MSG = {
  badCredentials: 'Correo o contraseña incorrectos.',
  throttled: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  firebaseDisabled: 'El inicio de sesión con Firebase no está habilitado.',
  firebaseUnknownUser: 'Tu cuenta de Firebase no está asociada a un usuario activo del ERP.',
  firebaseInvalid: 'La sesión de Firebase no es válida o expiró.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  samePassword: 'La nueva contraseña debe ser distinta de la actual.',
  serviceAccount: 'Una cuenta de servicio no tiene sesión ni contraseña.',
} as const;

export type SessionPayload = {
  token: string;
  user: { id: number; email: string; name: string; forcedPasswordReset: boolean; role: { id: number; name: string } };
  rules: RuleModule[];
};

/** Resolve a bearer token to the signed-in user, or null (expired, revoked, inactive). */
export async function authenticate(app: AppServices, token: string | null): Promise<AuthUser | null> {
  if (!token) return null;
  // An integrator's service-account token: the account's role gives the abilities.
  if (isServiceToken(token)) return authenticateServiceAccount(app, token);
  const claims = await app.tokens.verify(token);
  if (!claims) return null;
  // Remembered a few seconds (app.identity): whatever revokes or changes it invalidates it first.
  const row = await app.identity.sessions.get(claims.sessionId, () => data.findLiveSession(app.database.db, claims.sessionId, claims.userId));
  if (!row || row.userId !== claims.userId) return null;
  const { rules, ability } = await app.rulesCache.get(app.database.db, row.roleId, row.roleVersion);
  return {
    id: row.userId,
    email: row.email,
    name: row.name,
    roleId: row.roleId,
    roleName: row.roleName,
    forcedPasswordReset: row.forcedPasswordReset,
    sessionId: row.sessionId,
    serviceAccount: null,
    rules,
    ability,
  };
}

async function openSession(ctx: RequestContext, user: UserRow, action: string): Promise<SessionPayload> {
  const { app } = ctx;
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + app.config.sessionTtlMinutes * 60_000);
  await app.database.db.transaction(async (tx) => {
    await data.insertSession(tx, { id: sessionId, userId: user.id, expiresAt, ip: ctx.ip });
    await touchLastSignIn(tx, user.id);
    await writeAudit(tx, { userId: user.id, requestId: ctx.requestId }, { entity: 'session', entityId: sessionId, action });
  });
  const fresh = (await findUserById(app.database.db, user.id)) ?? user;
  const roleVersion = await roleVersionOf(app, fresh.roleId);
  const { rules } = await app.rulesCache.get(app.database.db, fresh.roleId, roleVersion);
  return {
    token: await app.tokens.sign(sessionId, user.id, expiresAt),
    user: {
      id: fresh.id,
      email: fresh.email,
      name: fresh.name,
      forcedPasswordReset: fresh.forcedPasswordReset,
      role: { id: fresh.roleId, name: fresh.roleName },
    },
    rules,
  };
}

async function roleVersionOf(app: AppServices, roleId: number): Promise<number> {
  return (await findRole(app.database.db, roleId))?.version ?? 0;
}

const loginInput = z.object({
  email: z.string().trim().toLowerCase().max(254, 'Máximo 254 caracteres.').min(1, 'El correo es obligatorio.'),
  password: z.string().max(128, 'Máximo 128 caracteres.').min(1, 'La contraseña es obligatoria.'),
});

export async function login(ctx: RequestContext, args: { email: string; password: string }): Promise<SessionPayload> {
  const { email, password } = parseInput(loginInput, args);
  const { throttle } = ctx.app;
  if (await throttle.isBlocked(email, ctx.ip)) throw appError('UNAUTHENTICATED', MSG.throttled);
  const user = await findUserByEmail(ctx.app.database.db, email);
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await dummyPasswordHash(), password);
  if (!user || !ok || !user.active) {
    await throttle.fail(email, ctx.ip);
    throw appError('UNAUTHENTICATED', MSG.badCredentials);
  }
  await throttle.succeed(email);
  return openSession(ctx, user, 'login');
}

export async function loginWithFirebase(ctx: RequestContext, args: { idToken: string }): Promise<SessionPayload> {
  const { config, throttle } = ctx.app;
  if (config.authProvider !== 'firebase') throw appError('UNAUTHENTICATED', MSG.firebaseDisabled);
  // Without a project the verifier would check tokens against some other
  // project and blame the person; this is the operator's mistake, so it is
  // logged and answered with the generic message.
  const projectId = config.firebase.projectId;
  if (!projectId) throw new Error('ERP_AUTH_PROVIDER=firebase requires FIREBASE_PROJECT_ID');
  // Failures are counted per IP: a shared account key would let anyone lock
  // every Firebase sign-in out with a few bad tokens.
  const throttleKey = `firebase:${ctx.ip}`;
  if (await throttle.isBlocked(throttleKey, ctx.ip)) throw appError('UNAUTHENTICATED', MSG.throttled);
  // Loaded on demand so servers on the local provider never load firebase-admin.
  const { createFirebaseVerifier, FirebaseTokenError } = await import('../../auth/firebase');
  let email: string;
  try {
    email = (await createFirebaseVerifier({ projectId }).verifyIdToken(args.idToken)).email;
  } catch (err) {
    // Only a token Firebase refused is the person's problem (its message is
    // written for them: invalid/expired or unverified e-mail). Network,
    // credential or quota failures propagate: logged, generic message.
    if (!(err instanceof FirebaseTokenError)) throw err;
    await throttle.fail(throttleKey, ctx.ip);
    throw appError('UNAUTHENTICATED', err.message);
  }
  const user = await findUserByEmail(ctx.app.database.db, email);
  if (!user || !user.active) throw appError('UNAUTHENTICATED', MSG.firebaseUnknownUser);
  await throttle.succeed(throttleKey);
  return openSession(ctx, user, 'login_firebase');
}

export async function logout(ctx: RequestContext): Promise<boolean> {
  const auth = requireUser(ctx);
  await ctx.app.database.db.transaction(async (tx) => {
    await data.revokeSession(tx, auth.sessionId);
    await writeAudit(tx, actorOf(ctx), { entity: 'session', entityId: auth.sessionId, action: 'logout' });
  });
  await ctx.app.identity.invalidate({ sessionIds: [auth.sessionId] });
  return true;
}

const changePasswordInput = z.object({ currentPassword: z.string().max(128, 'Máximo 128 caracteres.'), newPassword: rules.password() });

export async function changePassword(ctx: RequestContext, args: { currentPassword: string; newPassword: string }): Promise<SessionPayload> {
  const auth = requireUser(ctx);
  const input = parseInput(changePasswordInput, args);
  const user = await findUserById(ctx.app.database.db, auth.id);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badInput({ currentPassword: MSG.wrongCurrentPassword });
  if (input.currentPassword === input.newPassword) throw badInput({ newPassword: MSG.samePassword });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.app.database.db.transaction(async (tx) => {
    await updateUserRecord(tx, user.id, user.version, { passwordHash, forcedPasswordReset: false });
    // Every session issued before the change stops working, this one included; a new one is returned.
    await revokeUserSessions(tx, user.id);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'user',
      entityId: user.id,
      action: 'change_password',
      before: { forcedPasswordReset: user.forcedPasswordReset },
      after: { forcedPasswordReset: false },
    });
  });
  await ctx.app.identity.invalidate({ userIds: [user.id] });
  const updated = (await findUserById(ctx.app.database.db, user.id)) ?? user;
  return openSession(ctx, updated, 'login_after_password_change');
}

export function requireAuth(ctx: RequestContext): AuthUser {
  if (!ctx.auth) throw unauthenticated();
  return ctx.auth;
}

/** A signed-in person (session token), not a service account: sessions and passwords are theirs only. */
export function requireUser(ctx: RequestContext): AuthUser & { id: number; sessionId: string } {
  const auth = requireAuth(ctx);
  if (auth.id === null || auth.sessionId === null) throw forbidden(MSG.serviceAccount);
  return auth as AuthUser & { id: number; sessionId: string };
}

export async function myAuditEntries(ctx: RequestContext, limit: number) {
  const auth = requireAuth(ctx);
  if (auth.id === null) return [];
  return data.recentAuditOfUser(ctx.app.database.db, auditReferences(), auth.id, Math.min(Math.max(limit, 1), 50));
}

/** Configuración's Auditoría list: every entry, newest first, each with its record's folio or name. */
export function listAuditEntries(ctx: RequestContext, list: ListInput | null | undefined, filter: { entity?: string | null; entityId?: string | null; userId?: string | null }) {
  const q = readList(list, ['at'] as const, 'at');
  return data.listAudit(ctx.app.database.db, auditReferences(), q, { entity: filter.entity, entityId: filter.entityId, userId: filter.userId ? Number(filter.userId) : null });
}

/** Current rules of a signed-in user, re-read (used by the rulesChanged subscription). */
export async function currentRulesOf(app: AppServices, userId: number): Promise<{ roleId: number; rules: RuleModule[] } | null> {
  const user = await findUserById(app.database.db, userId);
  if (!user || !user.active) return null;
  const version = await roleVersionOf(app, user.roleId);
  const { rules } = await app.rulesCache.get(app.database.db, user.roleId, version);
  return { roleId: user.roleId, rules };
}

export async function recordHistory(ctx: RequestContext, entity: string, entityId: string) {
  return history.recordHistory(requireAuth(ctx), ctx, entity, entityId);
}

export async function addRecordNote(ctx: RequestContext, entity: string, entityId: string, body: unknown) {
  return history.addRecordNote(requireAuth(ctx), ctx, entity, entityId, body);
}

export const mySavedViews = (ctx: RequestContext, path: string) => views.listViews(requireAuth(ctx), ctx, path);
export const saveView = (ctx: RequestContext, input: unknown) => views.saveView(requireAuth(ctx), ctx, input);
export const deleteView = (ctx: RequestContext, id: string) => views.deleteView(requireAuth(ctx), ctx, id);
