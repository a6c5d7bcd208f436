// Configuración business rules: users, roles, modules and the guard rails
// that keep at least one active user able to edit roles.
import { writeAudit } from '../../db/audit';
import { actorOf, type RequestContext } from '../../context';
import { runBulk } from '../../lib/bulk';
import { appError, badInput, conflict, found, notFound } from '../../lib/errors';
import { readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import { generatePassword, hashPassword } from '../../auth/passwords';
import * as data from './data';
import { serviceAccountsOfRole } from './serviceAccounts';

// For the session module: the user and role lookups that sign-in needs.
export { authenticateServiceAccount, isServiceToken } from './serviceAccounts';
export { findRole, findUserByEmail, findUserById, revokeUserSessions, touchLastSignIn, updateUser as updateUserRecord, type UserRow } from './data';

export const MSG = {
  emailTaken: 'El correo ya está registrado.',
  roleMissing: 'El rol no existe.',
  roleNameTaken: 'Ya existe un rol con ese nombre.',
  roleInUse: 'El rol tiene usuarios asignados; reasígnalos antes de eliminarlo.',
  roleInUseByServiceAccounts: 'El rol tiene cuentas de servicio asignadas; no se puede eliminar.',
  selfDeactivate: 'No puedes desactivar tu propio usuario.',
  alreadyInactive: 'El usuario ya está inactivo.',
  lastRoleEditor: 'Debe quedar al menos un usuario activo que pueda editar roles.',
  settingsLocked: 'El módulo Configuración y sus pantallas de Usuarios y Roles no se pueden desactivar.',
  rolesEditRequired: 'La pantalla Roles debe ofrecer los permisos "ver" y "editar".',
  badPermission: 'Permiso no válido para esta pantalla.',
  verRequired: 'Toda pantalla debe ofrecer el permiso "ver".',
} as const;

export const PERMISSION_NAMES = ['ver', 'crear', 'editar', 'eliminar', 'autorizar', 'exportar'] as const;

const db = (ctx: RequestContext) => ctx.app.database.db;

// ---- users -------------------------------------------------------------

export function listUsers(ctx: RequestContext, list: ListInput | null | undefined, filter: { roleId?: string | null; active?: boolean | null } | null | undefined) {
  const q = readList(list, data.USER_SORTS, 'name');
  return data.listUsers(db(ctx), q, { roleId: filter?.roleId ? Number(filter.roleId) : null, active: filter?.active ?? null });
}

export const getUser = (ctx: RequestContext, id: string) => data.findUserById(db(ctx), Number(id));

const userCreateInput = z.object({
  email: rules.email(),
  name: rules.requiredText(120),
  roleId: rules.id(),
  password: z.union([rules.password(), z.literal('')]).nullish(),
});

export async function createUser(ctx: RequestContext, input: unknown) {
  const v = parseInput(userCreateInput, input);
  const temporaryPassword = v.password ? null : generatePassword();
  const passwordHash = await hashPassword(v.password || (temporaryPassword as string));
  const id = await db(ctx).transaction(async (tx) => {
    if (!(await data.findRole(tx, v.roleId))) throw badInput({ roleId: MSG.roleMissing });
    if (await data.emailTaken(tx, v.email)) throw badInput({ email: MSG.emailTaken });
    // Whoever receives a password from an admin must choose their own on first sign-in.
    const newId = await data.insertUser(tx, { email: v.email, name: v.name, roleId: v.roleId, passwordHash, forcedPasswordReset: true });
    const after = await data.findUserById(tx, newId);
    await writeAudit(tx, actorOf(ctx), { entity: 'user', entityId: newId, action: 'create', after });
    return newId;
  });
  return { user: found(await data.findUserById(db(ctx), id), 'El usuario'), temporaryPassword };
}

const userUpdateInput = z.object({ email: rules.email(), name: rules.requiredText(120), roleId: rules.id(), active: z.boolean() });

/** Guard rails shared by edit and deactivate. */
async function assertNotLockingOut(tx: Parameters<typeof data.findUserById>[0], ctx: RequestContext, before: data.UserRow, next: { roleId: number; active: boolean }) {
  if (before.id === ctx.auth?.id && !next.active) throw badInput({ active: MSG.selfDeactivate });
  const wasEditor = before.active && (await data.roleCanEditRoles(tx, before.roleId));
  const staysEditor = next.active && (await data.roleCanEditRoles(tx, next.roleId));
  if (wasEditor && !staysEditor && (await data.countActiveRoleEditors(tx, { excludeUserId: before.id })) === 0) {
    throw badInput({ [next.active ? 'roleId' : 'active']: MSG.lastRoleEditor });
  }
}

export async function updateUser(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(userUpdateInput, input);
  const userId = Number(id);
  await db(ctx).transaction(async (tx) => {
    await data.lockSecurityChanges(tx);
    const before = await data.findUserById(tx, userId);
    if (!before) throw notFound('El usuario');
    if (before.version !== version) throw conflict();
    if (!(await data.findRole(tx, v.roleId))) throw badInput({ roleId: MSG.roleMissing });
    if (await data.emailTaken(tx, v.email, userId)) throw badInput({ email: MSG.emailTaken });
    await assertNotLockingOut(tx, ctx, before, v);
    if (!(await data.updateUser(tx, userId, version, v))) throw conflict();
    if (before.active && !v.active) await data.revokeUserSessions(tx, userId);
    const after = await data.findUserById(tx, userId);
    await writeAudit(tx, actorOf(ctx), { entity: 'user', entityId: userId, action: 'update', before, after });
  });
  // Name, e-mail, role and active are all in the remembered session lookup.
  await ctx.app.identity.invalidate({ userIds: [userId] });
  ctx.app.events.publishRulesChanged({ roleIds: 'all' });
  return found(await data.findUserById(db(ctx), userId), 'El usuario');
}

export async function deactivateUser(ctx: RequestContext, id: string, version: number) {
  const userId = Number(id);
  await db(ctx).transaction(async (tx) => {
    await data.lockSecurityChanges(tx);
    const before = await data.findUserById(tx, userId);
    if (!before) throw notFound('El usuario');
    if (before.version !== version) throw conflict();
    await assertNotLockingOut(tx, ctx, before, { roleId: before.roleId, active: false });
    if (!(await data.updateUser(tx, userId, version, { active: false }))) throw conflict();
    await data.revokeUserSessions(tx, userId);
    const after = await data.findUserById(tx, userId);
    await writeAudit(tx, actorOf(ctx), { entity: 'user', entityId: userId, action: 'deactivate', before, after });
  });
  await ctx.app.identity.invalidate({ userIds: [userId] });
  return found(await data.findUserById(db(ctx), userId), 'El usuario');
}

/**
 * Bulk "Desactivar" of the Usuarios list: deactivateUser for each with the
 * version read just before (its lock-out guards, session revocation and audit
 * entry included). One already inactive is reported, not audited again.
 */
export function deactivateUsers(ctx: RequestContext, ids: readonly string[]) {
  const userOf = (id: string) => (/^\d{1,9}$/.test(id) ? data.findUserById(db(ctx), Number(id)) : Promise.resolve(null));
  return runBulk(
    ctx,
    ids,
    async (id) => {
      const user = found(await userOf(id), 'El usuario');
      if (!user.active) throw appError('CONFLICT', MSG.alreadyInactive);
      await deactivateUser(ctx, id, user.version);
    },
    {
      references: async (failed) => {
        const out = new Map<string, string>();
        for (const id of failed) {
          const user = await userOf(id);
          if (user) out.set(id, `${user.name} (${user.email})`);
        }
        return out;
      },
    },
  );
}

export async function resetPassword(ctx: RequestContext, id: string) {
  const userId = Number(id);
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findUserById(tx, userId);
    if (!before) throw notFound('El usuario');
    await data.updateUser(tx, userId, before.version, { passwordHash, forcedPasswordReset: true });
    await data.revokeUserSessions(tx, userId);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'user',
      entityId: userId,
      action: 'reset_password',
      before: { forcedPasswordReset: before.forcedPasswordReset },
      after: { forcedPasswordReset: true },
    });
  });
  await ctx.app.identity.invalidate({ userIds: [userId] });
  return { user: found(await data.findUserById(db(ctx), userId), 'El usuario'), temporaryPassword };
}

export const roleOptions = (ctx: RequestContext) => data.roleOptions(db(ctx));

// ---- roles -------------------------------------------------------------

export function listRoles(ctx: RequestContext, list: ListInput | null | undefined) {
  return data.listRoles(db(ctx), readList(list, data.ROLE_SORTS, 'name'));
}

export const getRole = (ctx: RequestContext, id: string) => data.findRole(db(ctx), Number(id));

// purchaseOrderLimit: the highest Orden de compra total the role authorises
// (Compras); null = no limit, omitted = left as it is.
const roleInput = z.object({
  name: rules.requiredText(80),
  description: rules.optionalText(500),
  purchaseOrderLimit: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,13}(\.\d{1,2})?$/.test(v), 'Importe no válido: hasta 2 decimales, sin signo.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});

export async function createRole(ctx: RequestContext, input: unknown) {
  const v = parseInput(roleInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    if (await data.roleNameTaken(tx, v.name)) throw badInput({ name: MSG.roleNameTaken });
    const newId = await data.insertRole(tx, v);
    await writeAudit(tx, actorOf(ctx), { entity: 'role', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findRole(db(ctx), id), 'El rol');
}

export async function updateRole(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(roleInput, input);
  const roleId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findRole(tx, roleId);
    if (!before) throw notFound('El rol');
    if (await data.roleNameTaken(tx, v.name, roleId)) throw badInput({ name: MSG.roleNameTaken });
    if (!(await data.updateRole(tx, roleId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'role', entityId: roleId, action: 'update', before, after: v });
  });
  await ctx.app.identity.invalidate({ roleIds: [roleId] });
  ctx.app.events.publishRulesChanged({ roleIds: [roleId] });
  return found(await data.findRole(db(ctx), roleId), 'El rol');
}

export async function deleteRole(ctx: RequestContext, id: string) {
  const roleId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findRole(tx, roleId);
    if (!before) throw notFound('El rol');
    if (before.userCount > 0) throw appError('CONFLICT', MSG.roleInUse);
    if ((await serviceAccountsOfRole(tx, roleId)) > 0) throw appError('CONFLICT', MSG.roleInUseByServiceAccounts);
    const grants = await data.roleGrants(tx, roleId);
    await data.deleteRole(tx, roleId);
    await writeAudit(tx, actorOf(ctx), { entity: 'role', entityId: roleId, action: 'delete', before: { ...before, grants } });
  });
  return true;
}

const grantsInput = z
  .array(z.object({ submoduleId: rules.id(), permission: z.string().max(40, 'Permiso no válido.') }))
  .max(5000, 'Demasiados permisos.');

export async function setRolePermissions(ctx: RequestContext, id: string, version: number, grantsRaw: unknown) {
  const grants = parseInput(grantsInput, grantsRaw);
  const roleId = Number(id);
  await db(ctx).transaction(async (tx) => {
    await data.lockSecurityChanges(tx);
    const role = await data.findRole(tx, roleId);
    if (!role) throw notFound('El rol');
    if (role.version !== version) throw conflict();
    const catalog = await data.submodulesOf(tx, (await data.allModules(tx)).map((m) => m.id));
    const offered = new Map(catalog.map((s) => [s.id, new Set(s.permissions)]));
    const unique = new Map<string, { submoduleId: number; permission: string }>();
    grants.forEach((g, i) => {
      if (!offered.get(g.submoduleId)?.has(g.permission)) throw badInput({ [`grants.${i}`]: MSG.badPermission });
      unique.set(`${g.submoduleId}:${g.permission}`, g);
    });
    const before = await data.roleGrants(tx, roleId);
    await data.replaceGrants(tx, roleId, [...unique.values()]);
    if (!(await data.roleCanEditRoles(tx, roleId)) && (await data.countActiveRoleEditors(tx)) === 0) {
      throw badInput({ grants: MSG.lastRoleEditor });
    }
    if (!(await data.updateRole(tx, roleId, version, {}))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'role', entityId: roleId, action: 'set_permissions', before, after: [...unique.values()] });
  });
  // Every process reads the role's new version before this is answered, so its users' next request obeys the new rules anywhere.
  await ctx.app.identity.invalidate({ roleIds: [roleId] });
  ctx.app.events.publishRulesChanged({ roleIds: [roleId] });
  return found(await data.findRole(db(ctx), roleId), 'El rol');
}

export const grantsOfRoles = (ctx: RequestContext, roleIds: number[]) => data.grantsForRoles(db(ctx), roleIds);

// ---- modules and submodules ---------------------------------------------

export function listModules(ctx: RequestContext, list: ListInput | null | undefined, filter?: { active?: boolean | null } | null) {
  return data.listModules(db(ctx), readList(list, data.MODULE_SORTS, 'sortOrder'), { active: filter?.active ?? null });
}

export const getModule = (ctx: RequestContext, id: string) => data.findModule(db(ctx), Number(id));
export const allModules = (ctx: RequestContext) => data.allModules(db(ctx));
export const submodulesOf = (ctx: RequestContext, moduleIds: number[]) => data.submodulesOf(db(ctx), moduleIds);

const moduleInput = z.object({
  name: rules.requiredText(80),
  icon: z.string().trim().min(1, 'Este campo es obligatorio.').max(40, 'Máximo 40 caracteres.').regex(/^[a-z0-9-]+$/, 'Usa minúsculas, números y guiones.'),
  sortOrder: z.number().int('Debe ser un número entero.').min(0, 'Debe ser 0 o mayor.').max(9999, 'Máximo 9999.'),
  active: z.boolean(),
});

export async function updateModule(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(moduleInput, input);
  const moduleId = Number(id);
  await db(ctx).transaction(async (tx) => {
    await data.lockSecurityChanges(tx);
    const before = await data.findModule(tx, moduleId);
    if (!before) throw notFound('El módulo');
    if (before.key === 'settings' && !v.active) throw badInput({ active: MSG.settingsLocked });
    if (!(await data.updateModule(tx, moduleId, version, v))) throw conflict();
    await data.bumpAllRoleVersions(tx);
    await writeAudit(tx, actorOf(ctx), { entity: 'module', entityId: moduleId, action: 'update', before, after: v });
  });
  await ctx.app.identity.invalidate({ all: true });
  ctx.app.events.publishRulesChanged({ roleIds: 'all' });
  return found(await data.findModule(db(ctx), moduleId), 'El módulo');
}

const submoduleInput = z.object({
  name: rules.requiredText(80),
  sortOrder: z.number().int('Debe ser un número entero.').min(0, 'Debe ser 0 o mayor.').max(9999, 'Máximo 9999.'),
  active: z.boolean(),
  permissions: z
    .array(z.enum(PERMISSION_NAMES, { error: MSG.badPermission }))
    .min(1, MSG.verRequired)
    .refine((p) => p.includes('ver'), MSG.verRequired),
});

export async function updateSubmodule(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(submoduleInput, input);
  const submoduleId = Number(id);
  const permissions = PERMISSION_NAMES.filter((p) => v.permissions.includes(p));
  await db(ctx).transaction(async (tx) => {
    await data.lockSecurityChanges(tx);
    const before = await data.findSubmodule(tx, submoduleId);
    if (!before) throw notFound('La pantalla');
    const parent = await data.findModule(tx, before.moduleId);
    if (parent?.key === 'settings' && (before.key === 'roles' || before.key === 'users') && !v.active) throw badInput({ active: MSG.settingsLocked });
    if (parent?.key === 'settings' && before.key === 'roles' && !permissions.includes('editar')) throw badInput({ permissions: MSG.rolesEditRequired });
    if (!(await data.updateSubmodule(tx, submoduleId, version, { ...v, permissions }))) throw conflict();
    await data.pruneGrants(tx, submoduleId, permissions);
    await data.bumpAllRoleVersions(tx);
    await writeAudit(tx, actorOf(ctx), { entity: 'submodule', entityId: submoduleId, action: 'update', before, after: { ...v, permissions } });
  });
  await ctx.app.identity.invalidate({ all: true });
  ctx.app.events.publishRulesChanged({ roleIds: 'all' });
  return found(await data.findSubmodule(db(ctx), submoduleId), 'La pantalla');
}
