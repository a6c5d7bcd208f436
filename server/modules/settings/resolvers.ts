// Configuración resolvers: map GraphQL to the service, rows to GraphQL shapes.
import DataLoader from 'dataloader';
import type { RequestContext } from '../../context';
import type { Resolvers } from '../../graphql/types';
import * as service from './service';
import * as accounts from './serviceAccounts';
import type { ServiceAccountRow } from './serviceAccounts';
import type { ModuleRow, RoleWithCount, SubmoduleRow, UserRow } from './data';

const userOut = (u: Omit<UserRow, 'passwordHash'>) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: { id: u.roleId, name: u.roleName },
    active: u.active,
    forcedPasswordReset: u.forcedPasswordReset,
    lastSignInAt: u.lastSignInAt,
    createdAt: u.createdAt,
    version: u.version,
  });

// Per-request batch loaders so lists of roles/modules do not query per row.
const loaders = new WeakMap<RequestContext, { grants: DataLoader<number, { submoduleId: number; permission: string }[]>; subs: DataLoader<number, SubmoduleRow[]> }>();
function loadersOf(ctx: RequestContext) {
  let l = loaders.get(ctx);
  if (!l) {
    l = {
      grants: new DataLoader(async (ids) => {
        const map = await service.grantsOfRoles(ctx, [...ids]);
        return ids.map((id) => map.get(id) ?? []);
      }),
      subs: new DataLoader(async (ids) => {
        const rows = await service.submodulesOf(ctx, [...ids]);
        return ids.map((id) => rows.filter((r) => r.moduleId === id));
      }),
    };
    loaders.set(ctx, l);
  }
  return l;
}

const accountOut = (a: ServiceAccountRow) => ({ ...a, role: { id: a.roleId, name: a.roleName } });

export const settingsResolvers: Resolvers = {
  Query: {
    serviceAccounts: async (_p, a, ctx) => {
      const r = await accounts.listServiceAccounts(ctx, a.list, a.filter);
      return { items: r.items.map(accountOut), total: r.total };
    },
    users: async (_p, a, ctx) => {
      // Read in the API's shape (role nested): no copy per row.
      return service.listUsers(ctx, a.list, a.filter);
    },
    user: async (_p, a, ctx) => {
      const u = await service.getUser(ctx, a.id);
      return u && userOut(u);
    },
    roleOptions: (_p, _a, ctx) => service.roleOptions(ctx),
    roles: (_p, a, ctx) => service.listRoles(ctx, a.list),
    role: (_p, a, ctx) => service.getRole(ctx, a.id),
    appModules: (_p, a, ctx) => service.listModules(ctx, a.list, a.filter),
    appModule: (_p, a, ctx) => service.getModule(ctx, a.id),
    permissionCatalog: (_p, _a, ctx) => service.allModules(ctx),
  },
  Mutation: {
    serviceAccountCreate: async (_p, a, ctx) => {
      const r = await accounts.createServiceAccount(ctx, a.input);
      return { account: accountOut(r.account), token: r.token };
    },
    serviceAccountRevoke: async (_p, a, ctx) => accountOut(await accounts.revokeServiceAccount(ctx, a.id, a.version)),
    serviceAccountRotate: async (_p, a, ctx) => {
      const r = await accounts.rotateServiceAccount(ctx, a.id, a.version);
      return { account: accountOut(r.account), token: r.token };
    },
    userCreate: async (_p, a, ctx) => {
      const r = await service.createUser(ctx, a.input);
      return { user: userOut(r.user), temporaryPassword: r.temporaryPassword };
    },
    userUpdate: async (_p, a, ctx) => userOut(await service.updateUser(ctx, a.id, a.version, a.input)),
    userBulkDeactivate: (_p, a, ctx) => service.deactivateUsers(ctx, a.ids),
    userDeactivate: async (_p, a, ctx) => userOut(await service.deactivateUser(ctx, a.id, a.version)),
    userResetPassword: async (_p, a, ctx) => {
      const r = await service.resetPassword(ctx, a.id);
      return { user: userOut(r.user), temporaryPassword: r.temporaryPassword };
    },
    appModuleUpdate: (_p, a, ctx) => service.updateModule(ctx, a.id, a.version, a.input),
    submoduleUpdate: (_p, a, ctx) => service.updateSubmodule(ctx, a.id, a.version, a.input),
    roleCreate: (_p, a, ctx) => service.createRole(ctx, a.input),
    roleUpdate: (_p, a, ctx) => service.updateRole(ctx, a.id, a.version, a.input),
    roleDelete: (_p, a, ctx) => service.deleteRole(ctx, a.id),
    roleSetPermissions: (_p, a, ctx) => service.setRolePermissions(ctx, a.id, a.version, a.grants),
  },
  RoleDetail: {
    grants: (role: RoleWithCount, _a, ctx) => loadersOf(ctx).grants.load(role.id),
  },
  AppModule: {
    submodules: (mod: ModuleRow, _a, ctx) => loadersOf(ctx).subs.load(mod.id),
  },
};
