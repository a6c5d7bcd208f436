import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, PASSWORD, startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
});
afterAll(async () => s?.stop());

const USER = 'id email name active forcedPasswordReset version role { id name }';
const roleId = async (name: string): Promise<string> => {
  const r = await s.gql('{ roleOptions { id name } }', {}, admin);
  return r.data!.roleOptions.find((x: { name: string }) => x.name === name).id;
};
const userByEmail = async (email: string) => {
  const r = await s.gql(`query($q:String){ users(list:{search:$q}){ items{ ${USER} } } }`, { q: email }, admin);
  return r.data!.users.items[0];
};
const totalUsers = async () => (await s.gql('{ users { total } }', {}, admin)).data!.users.total as number;
const audit = async (entity: string, entityId: string) =>
  (await s.gql('query($e:String,$i:String){ auditEntries(entity:$e, entityId:$i){ items{ action userName before after } } }', { e: entity, i: entityId }, admin)).data!.auditEntries.items;

const CREATE = `mutation($input: UserCreateInput!){ userCreate(input:$input){ temporaryPassword user{ ${USER} } } }`;
const UPDATE = `mutation($id:ID!,$v:Int!,$input: UserUpdateInput!){ userUpdate(id:$id,version:$v,input:$input){ ${USER} } }`;

describe('users', () => {
  it('creates a user with a generated temporary password that must be changed', async () => {
    const before = await totalUsers();
    const r = await s.gql(CREATE, { input: { email: 'Nuevo.Usuario@Demo.mx', name: 'Nuevo Usuario', roleId: await roleId('Cajero') } }, admin);
    expect(r.errors).toBeUndefined();
    const { user, temporaryPassword } = r.data!.userCreate;
    expect(user).toMatchObject({ email: 'nuevo.usuario@demo.mx', active: true, forcedPasswordReset: true, version: 1, role: { name: 'Cajero' } });
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(await totalUsers()).toBe(before + 1);
    const entries = await audit('user', user.id);
    expect(entries[0]).toMatchObject({ action: 'create', userName: 'Administrador del sistema', after: { email: 'nuevo.usuario@demo.mx' } });
    expect(JSON.stringify(entries[0].after)).not.toContain('passwordHash');
    await expect(s.login('nuevo.usuario@demo.mx', temporaryPassword)).resolves.toBeTruthy();
  });

  it('the unfiltered total (kept by triggers) equals what the filters count, after parallel creations', async () => {
    const consulta = await roleId('Consulta');
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.gql(CREATE, { input: { email: `paralelo.${i}@demo.mx`, name: `Paralelo ${i}`, roleId: consulta } }, admin)),
    );
    expect(created.every((r) => r.errors === undefined)).toBe(true);
    const counted = async (active: boolean) => (await s.gql('query($a:Boolean){ users(filter:{active:$a}){ total } }', { a: active }, admin)).data!.users.total as number;
    const [all, active, inactive] = [await totalUsers(), await counted(true), await counted(false)];
    expect(active).toBeGreaterThan(6);
    expect(all).toBe(active + inactive);
  });

  it('the unfiltered list sorts as the searched list does, and its pages are slices of it', async () => {
    // Unfiltered, the list runs statements prepared once per sort; searched, it is built per request.
    // A search every e-mail matches ('@') must give the same users in the same order.
    const list = async (sortBy: string, direction: string, extra: { search?: string; page?: number; pageSize?: number } = {}) =>
      (
        await s.gql(
          'query($l:ListInput){ users(list:$l){ total items{ email createdAt lastSignInAt } } }',
          { l: { pageSize: 200, ...extra, sortBy, sortDirection: direction } },
          admin,
        )
      ).data!.users as { total: number; items: { email: string; createdAt: string; lastSignInAt: string | null }[] };
    const emails = (r: { items: { email: string }[] }) => r.items.map((u) => u.email);
    const seen = new Set<string>();
    for (const sortBy of ['name', 'email', 'role', 'lastSignInAt', 'createdAt']) {
      for (const direction of ['ASC', 'DESC']) {
        const [whole, searched] = await Promise.all([list(sortBy, direction), list(sortBy, direction, { search: '@' })]);
        expect(whole.items.length).toBeGreaterThan(6);
        expect(whole.total).toBe(whole.items.length);
        expect(emails(whole)).toEqual(emails(searched));
        // The unfiltered page writes its timestamps from PostgreSQL's text (lib/instants.ts), the searched one from Dates: the same text.
        expect(whole.items).toEqual(searched.items);
        expect(emails(await list(sortBy, direction, { page: 2, pageSize: 3 }))).toEqual(emails(whole).slice(3, 6));
        // A first page at an offered size (schema/lists.ts) runs a statement with its size written in; at any other size, the bound one.
        expect(await list(sortBy, direction, { pageSize: 10 })).toEqual({ total: whole.total, items: whole.items.slice(0, 10) });
        expect(await list(sortBy, direction, { pageSize: 3 })).toEqual({ total: whole.total, items: whole.items.slice(0, 3) });
        // The page carries the total on its rows; a page past the end has none and still says it.
        const pages = Math.ceil(whole.total / 3);
        expect(await list(sortBy, direction, { page: pages, pageSize: 3 })).toEqual({ total: whole.total, items: whole.items.slice((pages - 1) * 3) });
        expect(await list(sortBy, direction, { page: pages + 1, pageSize: 3 })).toEqual({ total: whole.total, items: [] });
        seen.add(emails(whole).join());
      }
    }
    expect(seen.size).toBeGreaterThan(2); // the sorts really differ
    const administrator = (await list('name', 'ASC')).items.find((u) => u.email === ADMIN_EMAIL)!;
    expect(administrator.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The administrator signed in when this file started (beforeAll): well within ten minutes.
    expect(Math.abs(Date.parse(administrator.lastSignInAt as string) - Date.now())).toBeLessThan(10 * 60_000);
    expect(administrator.lastSignInAt).toBe(new Date(administrator.lastSignInAt as string).toISOString());
  });

  it('uses the initial password when given', async () => {
    const r = await s.gql(CREATE, { input: { email: 'con.clave@demo.mx', name: 'Con Clave', roleId: await roleId('Consulta'), password: 'Inicial-123' } }, admin);
    expect(r.data!.userCreate.temporaryPassword).toBeNull();
    await expect(s.login('con.clave@demo.mx', 'Inicial-123')).resolves.toBeTruthy();
  });

  it('refuses bad input with Spanish field messages and writes nothing', async () => {
    const before = await totalUsers();
    const r = await s.gql(CREATE, { input: { email: 'no-es-correo', name: '  ', roleId: '1', password: 'corta' } }, admin);
    expect(r.errors![0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { email: 'Correo electrónico no válido.', name: 'Este campo es obligatorio.', password: 'La contraseña debe tener al menos 8 caracteres.' },
    });
    const dup = await s.gql(CREATE, { input: { email: 'ADMIN@demo.mx', name: 'Otro', roleId: '1' } }, admin);
    expect(dup.errors![0].extensions!.fields).toEqual({ email: 'El correo ya está registrado.' });
    const longName = await s.gql(CREATE, { input: { email: 'largo@demo.mx', name: 'x'.repeat(10_000), roleId: '1' } }, admin);
    expect(longName.errors![0].extensions!.fields).toEqual({ name: 'Máximo 120 caracteres.' });
    const noRole = await s.gql(CREATE, { input: { email: 'sinrol@demo.mx', name: 'Sin Rol', roleId: '9999' } }, admin);
    expect(noRole.errors![0].extensions!.fields).toEqual({ roleId: 'El rol no existe.' });
    expect(await totalUsers()).toBe(before);
  });

  it('updates with the current version and refuses a stale one (CONFLICT, nothing overwritten)', async () => {
    const u = await userByEmail('vehiculos@demo.mx');
    const input = { email: u.email, name: 'Flota Editada', roleId: u.role.id, active: true };
    const ok = await s.gql(UPDATE, { id: u.id, v: u.version, input }, admin);
    expect(ok.data!.userUpdate).toMatchObject({ name: 'Flota Editada', version: u.version + 1 });
    const stale = await s.gql(UPDATE, { id: u.id, v: u.version, input: { ...input, name: 'Sobrescrito' } }, admin);
    expect(stale.errors![0]).toMatchObject({ message: 'Otro usuario modificó este registro. Recarga la página para ver los cambios.', extensions: { code: 'CONFLICT' } });
    expect((await userByEmail('vehiculos@demo.mx')).name).toBe('Flota Editada');
  });

  it('two parallel edits of the same version: exactly one wins', async () => {
    const u = await userByEmail('rh@demo.mx');
    const results = await Promise.all(
      ['Uno', 'Dos', 'Tres', 'Cuatro'].map((name) => s.gql(UPDATE, { id: u.id, v: u.version, input: { email: u.email, name, roleId: u.role.id, active: true } }, admin)),
    );
    expect(results.filter((r) => r.data?.userUpdate).length).toBe(1);
    expect(results.filter((r) => r.errors?.[0].extensions?.code === 'CONFLICT').length).toBe(3);
    expect((await userByEmail('rh@demo.mx')).version).toBe(u.version + 1);
  });

  it('deactivation revokes sessions and blocks sign-in; a user cannot deactivate themself', async () => {
    const u = await userByEmail('con.clave@demo.mx');
    const token = await s.login('con.clave@demo.mx', 'Inicial-123');
    const r = await s.gql(`mutation($id:ID!,$v:Int!){ userDeactivate(id:$id,version:$v){ active } }`, { id: u.id, v: u.version }, admin);
    expect(r.data!.userDeactivate.active).toBe(false);
    expect((await s.gql('{ me { id } }', {}, token)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    await expect(s.login('con.clave@demo.mx', 'Inicial-123')).rejects.toThrow();

    const me = await userByEmail(ADMIN_EMAIL);
    const self = await s.gql(`mutation($id:ID!,$v:Int!){ userDeactivate(id:$id,version:$v){ active } }`, { id: me.id, v: me.version }, admin);
    expect(self.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { active: 'No puedes desactivar tu propio usuario.' } });
  });

  it('keeps at least one active user able to edit roles', async () => {
    const me = await userByEmail(ADMIN_EMAIL);
    const demote = await s.gql(UPDATE, { id: me.id, v: me.version, input: { email: me.email, name: me.name, roleId: await roleId('Consulta'), active: true } }, admin);
    expect(demote.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { roleId: 'Debe quedar al menos un usuario activo que pueda editar roles.' } });
    const adminRole = await s.gql('query($id:ID!){ role(id:$id){ id version grants{ submoduleId permission } } }', { id: await roleId('Administrador') }, admin);
    const catalog = await s.gql('{ permissionCatalog { key submodules { id key } } }', {}, admin);
    const rolesSub = catalog.data!.permissionCatalog.find((m: { key: string }) => m.key === 'settings').submodules.find((x: { key: string }) => x.key === 'roles');
    const withoutRoleEdit = adminRole.data!.role.grants.filter((g: { submoduleId: string; permission: string }) => !(g.submoduleId === rolesSub.id && g.permission === 'editar'));
    const strip = await s.gql('mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ id } }', { id: adminRole.data!.role.id, v: adminRole.data!.role.version, g: withoutRoleEdit }, admin);
    expect(strip.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { grants: 'Debe quedar al menos un usuario activo que pueda editar roles.' } });
    const still = await s.gql('query($id:ID!){ role(id:$id){ grants{ permission } } }', { id: adminRole.data!.role.id }, admin);
    expect(still.data!.role.grants).toHaveLength(adminRole.data!.role.grants.length);
  });
});

describe('roles and the permission matrix', () => {
  const SET = 'mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ id version grants{ submoduleId permission } } }';

  it('saving a role changes what its users can do on their very next request', async () => {
    const viewer = await s.login('consulta@demo.mx');
    const before = await s.gql('mutation{ roleCreate(input:{name:"Temporal",description:"x"}){ id } }', {}, viewer);
    expect(before.errors![0].extensions!.code).toBe('FORBIDDEN');

    const id = await roleId('Consulta');
    const role = (await s.gql('query($id:ID!){ role(id:$id){ version grants{ submoduleId permission } } }', { id }, admin)).data!.role;
    const catalog = (await s.gql('{ permissionCatalog { key submodules { id key } } }', {}, admin)).data!.permissionCatalog;
    const rolesSub = catalog.find((m: { key: string }) => m.key === 'settings').submodules.find((x: { key: string }) => x.key === 'roles');
    const saved = await s.gql(SET, { id, v: role.version, g: [...role.grants, { submoduleId: rolesSub.id, permission: 'crear' }] }, admin);
    expect(saved.data!.roleSetPermissions.version).toBe(role.version + 1);

    const after = await s.gql('mutation{ roleCreate(input:{name:"Temporal",description:"Creado por Consulta"}){ id name userCount } }', {}, viewer);
    expect(after.data!.roleCreate).toMatchObject({ name: 'Temporal', userCount: 0 });
    const rules = await s.gql('{ myRules { module submodules { name permitions { name } } } }', {}, viewer);
    const settings = rules.data!.myRules.find((m: { module: string }) => m.module === 'Configuración');
    expect(settings.submodules.find((x: { name: string }) => x.name === 'Roles').permitions.map((p: { name: string }) => p.name)).toEqual(['crear', 'ver']);
  });

  it('refuses a permission the submodule does not offer, and a stale version', async () => {
    const id = await roleId('Cajero');
    const role = (await s.gql('query($id:ID!){ role(id:$id){ version } }', { id }, admin)).data!.role;
    const bad = await s.gql(SET, { id, v: role.version, g: [{ submoduleId: '1', permission: 'volar' }] }, admin);
    expect(bad.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { 'grants.0': 'Permiso no válido para esta pantalla.' } });
    const stale = await s.gql(SET, { id, v: role.version - 1, g: [] }, admin);
    expect(stale.errors![0].extensions!.code).toBe('CONFLICT');
  });

  it('creates, renames and deletes an unused role; refuses deleting one in use', async () => {
    const dup = await s.gql('mutation{ roleCreate(input:{name:"administrador",description:""}){ id } }', {}, admin);
    expect(dup.errors![0].extensions!.fields).toEqual({ name: 'Ya existe un rol con ese nombre.' });
    const created = await s.gql('mutation{ roleCreate(input:{name:"Auditor",description:"Revisa"}){ id version } }', {}, admin);
    const { id, version } = created.data!.roleCreate;
    const renamed = await s.gql('mutation($id:ID!,$v:Int!){ roleUpdate(id:$id,version:$v,input:{name:"Auditor interno",description:"Revisa"}){ name version } }', { id, v: version }, admin);
    expect(renamed.data!.roleUpdate).toEqual({ name: 'Auditor interno', version: version + 1 });
    expect((await s.gql('mutation($id:ID!){ roleDelete(id:$id) }', { id }, admin)).data!.roleDelete).toBe(true);
    expect((await s.gql('query($id:ID!){ role(id:$id){ id } }', { id }, admin)).data!.role).toBeNull();
    const inUse = await s.gql('mutation($id:ID!){ roleDelete(id:$id) }', { id: await roleId('Vendedor') }, admin);
    expect(inUse.errors![0]).toMatchObject({ message: 'El rol tiene usuarios asignados; reasígnalos antes de eliminarlo.', extensions: { code: 'CONFLICT' } });
  });

  it('notifies a signed-in client over WebSocket when its rules change', async () => {
    const token = await s.login('caja@demo.mx').catch(async () => {
      // caja@ may be throttled by the session suite when sharing a server; use a fresh user instead.
      throw new Error('caja login failed');
    });
    const client = createClient({ url: s.url.replace('http', 'ws') + '/api/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` } });
    const received = new Promise<{ module: string }[]>((resolve, reject) => {
      client.subscribe<{ rulesChanged: { module: string }[] }>({ query: 'subscription { rulesChanged { module submodules { name } } }' }, {
        next: (msg) => (msg.data ? resolve(msg.data.rulesChanged) : reject(new Error(JSON.stringify(msg.errors)))),
        error: reject,
        complete: () => undefined,
      });
    });
    await new Promise((r) => setTimeout(r, 300));
    const id = await roleId('Cajero');
    const role = (await s.gql('query($id:ID!){ role(id:$id){ version grants{ submoduleId permission } } }', { id }, admin)).data!.role;
    const catalog = (await s.gql('{ permissionCatalog { key submodules { id key } } }', {}, admin)).data!.permissionCatalog;
    const usersSub = catalog.find((m: { key: string }) => m.key === 'settings').submodules.find((x: { key: string }) => x.key === 'users');
    await s.gql(SET, { id, v: role.version, g: [...role.grants, { submoduleId: usersSub.id, permission: 'ver' }] }, admin);
    const rules = await received;
    expect(rules.map((m) => m.module)).toEqual(['Caja', 'Configuración']);
    await client.dispose();
  });

  it('refuses a subscription without a session', async () => {
    const client = createClient({ url: s.url.replace('http', 'ws') + '/api/graphql', webSocketImpl: WebSocket });
    for (const query of ['subscription { rulesChanged { module } }', 'subscription { recordChanged(entity: "role") { id } }']) {
      const errors = await new Promise<unknown>((resolve) => {
        client.subscribe({ query }, { next: (m) => resolve(m.errors), error: resolve, complete: () => undefined });
      });
      expect(JSON.stringify(errors)).toContain('UNAUTHENTICATED');
    }
    await client.dispose();
  });

  it('announces a saved role to recordChanged subscribers of that entity (byMe only for the one who saved it); a refused change announces nothing', async () => {
    const listen = (token: string) => {
      const client = createClient({ url: s.url.replace('http', 'ws') + '/api/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` } });
      const received: { entity: string; id: string; byMe: boolean }[] = [];
      const first = new Promise<void>((resolve, reject) => {
        client.subscribe<{ recordChanged: { entity: string; id: string; byMe: boolean } }>({ query: 'subscription { recordChanged(entity: "role") { entity id byMe } }' }, {
          next: (msg) => (msg.data ? (received.push(msg.data.recordChanged), resolve()) : reject(new Error(JSON.stringify(msg.errors)))),
          error: reject,
          complete: () => undefined,
        });
      });
      return { client, received, first };
    };
    const other = listen(await s.login('consulta@demo.mx'));
    const self = listen(admin);
    await new Promise((r) => setTimeout(r, 300));
    const refused = await s.gql('mutation{ roleCreate(input:{name:"Administrador",description:""}){ id } }', {}, admin);
    expect(refused.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const created = await s.gql('mutation{ roleCreate(input:{name:"Anunciado",description:""}){ id } }', {}, admin);
    await Promise.all([other.first, self.first]);
    const id = created.data!.roleCreate.id;
    expect(other.received).toEqual([{ entity: 'role', id, byMe: false }]);
    expect(self.received).toEqual([{ entity: 'role', id, byMe: true }]);
    await Promise.all([other.client.dispose(), self.client.dispose()]);
  });
});

describe('modules and submodules', () => {
  it('renames a module for everybody; the Configuración module cannot be switched off', async () => {
    const list = (await s.gql('{ appModules(list:{pageSize:50}){ total items{ id key name icon sortOrder active version } } }', {}, admin)).data!.appModules;
    expect(list.total).toBe(9);
    const hr = list.items.find((m: { key: string }) => m.key === 'human-resources');
    const ok = await s.gql('mutation($id:ID!,$v:Int!){ appModuleUpdate(id:$id,version:$v,input:{name:"Capital Humano",icon:"users",sortOrder:5,active:true}){ name version } }', { id: hr.id, v: hr.version }, admin);
    expect(ok.data!.appModuleUpdate).toEqual({ name: 'Capital Humano', version: hr.version + 1 });
    const rhUser = await s.login('rh@demo.mx');
    expect((await s.gql('{ myRules { module } }', {}, rhUser)).data!.myRules).toEqual([{ module: 'Capital Humano' }]);
    await s.gql('mutation($id:ID!,$v:Int!){ appModuleUpdate(id:$id,version:$v,input:{name:"Recursos Humanos",icon:"users",sortOrder:10,active:true}){ name } }', { id: hr.id, v: hr.version + 1 }, admin);

    const settings = list.items.find((m: { key: string }) => m.key === 'settings');
    const off = await s.gql('mutation($id:ID!,$v:Int!){ appModuleUpdate(id:$id,version:$v,input:{name:"Configuración",icon:"settings",sortOrder:90,active:false}){ id } }', { id: settings.id, v: settings.version }, admin);
    expect(off.errors![0].extensions!.fields).toEqual({ active: 'El módulo Configuración y sus pantallas de Usuarios y Roles no se pueden desactivar.' });
    const badIcon = await s.gql('mutation($id:ID!,$v:Int!){ appModuleUpdate(id:$id,version:$v,input:{name:"",icon:"Icono Raro",sortOrder:-1,active:true}){ id } }', { id: settings.id, v: settings.version }, admin);
    expect(badIcon.errors![0].extensions!.fields).toEqual({ name: 'Este campo es obligatorio.', icon: 'Usa minúsculas, números y guiones.', sortOrder: 'Debe ser 0 o mayor.' });
  });

  it('filters the modules by Activo: 9 active and none inactive; switching one off moves it across, search and sort still apply', async () => {
    const LIST = 'query($f:AppModuleFilter,$q:String){ appModules(list:{pageSize:50, search:$q, sortBy:"name", sortDirection:DESC}, filter:$f){ total items{ id key name icon sortOrder active version } } }';
    const listOf = async (f: Record<string, boolean> | null, q: string | null = null) => (await s.gql(LIST, { f, q }, admin)).data!.appModules as { total: number; items: { id: string; key: string; name: string; icon: string; sortOrder: number; active: boolean; version: number }[] };
    expect((await listOf(null)).total).toBe(9);
    expect((await listOf({ active: true })).total).toBe(9);
    expect((await listOf({ active: false })).total).toBe(0);
    const cash = (await listOf(null)).items.find((m) => m.key === 'cash')!;
    const off = await s.gql('mutation($id:ID!,$v:Int!,$i:AppModuleUpdateInput!){ appModuleUpdate(id:$id,version:$v,input:$i){ version } }', { id: cash.id, v: cash.version, i: { name: cash.name, icon: cash.icon, sortOrder: cash.sortOrder, active: false } }, admin);
    expect(off.errors).toBeUndefined();
    try {
      const inactive = await listOf({ active: false });
      expect(inactive.items.map((m) => m.key)).toEqual(['cash']);
      const active = await listOf({ active: true });
      expect(active.total).toBe(8);
      expect(active.items.some((m) => m.key === 'cash')).toBe(false);
      // Sorted by name, descending, as asked.
      expect(active.items.map((m) => m.name)).toEqual([...active.items.map((m) => m.name)].sort((a, b) => b.localeCompare(a, 'es')));
      expect((await listOf({ active: false }, 'Caja')).total).toBe(1);
      expect((await listOf({ active: true }, 'Caja')).total).toBe(0);
    } finally {
      await s.gql('mutation($id:ID!,$v:Int!,$i:AppModuleUpdateInput!){ appModuleUpdate(id:$id,version:$v,input:$i){ version } }', { id: cash.id, v: off.data!.appModuleUpdate.version, i: { name: cash.name, icon: cash.icon, sortOrder: cash.sortOrder, active: true } }, admin);
    }
    expect((await listOf({ active: false })).total).toBe(0);
  });

  it('edits the permission names a submodule offers and prunes grants that no longer exist', async () => {
    const mod = (await s.gql('{ permissionCatalog { key submodules { id key name sortOrder active permissions version } } }', {}, admin)).data!.permissionCatalog.find((m: { key: string }) => m.key === 'cash');
    const sub = mod.submodules.find((x: { key: string }) => x.key === 'cash-concepts');
    const noVer = await s.gql('mutation($id:ID!,$v:Int!){ submoduleUpdate(id:$id,version:$v,input:{name:"Conceptos",sortOrder:1,active:true,permissions:["crear"]}){ id } }', { id: sub.id, v: sub.version }, admin);
    expect(noVer.errors![0].extensions!.fields).toEqual({ permissions: 'Toda pantalla debe ofrecer el permiso "ver".' });
    const ok = await s.gql('mutation($id:ID!,$v:Int!){ submoduleUpdate(id:$id,version:$v,input:{name:"Conceptos",sortOrder:1,active:true,permissions:["exportar","ver"]}){ permissions } }', { id: sub.id, v: sub.version }, admin);
    expect(ok.data!.submoduleUpdate.permissions).toEqual(['ver', 'exportar']);
    const cashier = await s.login(ADMIN_EMAIL, PASSWORD);
    const rules = (await s.gql('{ myRules { module submodules { name permitions { name } } } }', {}, cashier)).data!.myRules;
    const concepts = rules.find((m: { module: string }) => m.module === 'Caja').submodules.find((x: { name: string }) => x.name === 'Conceptos');
    expect(concepts.permitions.map((p: { name: string }) => p.name)).toEqual(['exportar', 'ver']);
  });
});

describe('record history (Historial) and notes', () => {
  const HISTORY = `query($e:String!,$id:ID!){ recordHistory(entity:$e, entityId:$id){ entity entityId reference
    entries{ action userName serviceAccountName changes{ field before after } } notes{ body userName } } }`;
  const NOTE = 'mutation($e:String!,$id:ID!,$b:String!){ recordNoteAdd(entity:$e, entityId:$id, body:$b){ id body userName } }';

  it('shows who created and changed a record, with the fields that changed, newest first', async () => {
    const me = (await s.gql('{ me { name } }', {}, admin)).data!.me.name;
    const created = (await s.gql('mutation{ roleCreate(input:{name:"Historial QA",description:"uno"}){ id version } }', {}, admin)).data!.roleCreate;
    await s.gql('mutation($id:ID!,$v:Int!){ roleUpdate(id:$id,version:$v,input:{name:"Historial QA",description:"dos"}){ id } }', { id: created.id, v: created.version }, admin);
    const h = await s.gql(HISTORY, { e: 'role', id: created.id }, admin);
    expect(h.errors).toBeUndefined();
    expect(h.data!.recordHistory).toEqual({
      entity: 'role',
      entityId: created.id,
      reference: 'Historial QA',
      entries: [
        { action: 'update', userName: me, serviceAccountName: null, changes: [{ field: 'description', before: 'uno', after: 'dos' }] },
        { action: 'create', userName: me, serviceAccountName: null, changes: [] },
      ],
      notes: [],
    });
  });

  it('keeps notes people leave; a blank note is refused in Spanish and nothing is written', async () => {
    const id = (await s.gql('mutation{ roleCreate(input:{name:"Historial notas",description:""}){ id } }', {}, admin)).data!.roleCreate.id;
    const blank = await s.gql(NOTE, { e: 'role', id, b: '   ' }, admin);
    expect(blank.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { body: 'Escribe la nota.' } });
    const long = await s.gql(NOTE, { e: 'role', id, b: 'x'.repeat(2001) }, admin);
    expect(long.errors![0].extensions!.fields).toEqual({ body: 'Máximo 2000 caracteres.' });
    expect((await s.gql(HISTORY, { e: 'role', id }, admin)).data!.recordHistory.notes).toEqual([]);

    const me = (await s.gql('{ me { name } }', {}, admin)).data!.me.name;
    const added = await s.gql(NOTE, { e: 'role', id, b: '  Revisado con dirección  ' }, admin);
    expect(added.data!.recordNoteAdd).toMatchObject({ body: 'Revisado con dirección', userName: me });
    await s.gql(NOTE, { e: 'role', id, b: 'Segunda nota' }, admin);
    const notes = (await s.gql(HISTORY, { e: 'role', id }, admin)).data!.recordHistory.notes;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['Segunda nota', 'Revisado con dirección']);
    // The note itself is in the audit log with its author.
    const audit = (await s.gql('query($id:String){ auditEntries(entity:"record_note", entityId:$id){ items{ action userName } } }', { id: added.data!.recordNoteAdd.id }, admin)).data!.auditEntries.items;
    expect(audit).toEqual([{ action: 'create', userName: me }]);
  });

  it('needs ver on the screen of the record, for reading and for notes', async () => {
    const id = (await s.gql('mutation{ roleCreate(input:{name:"Historial privado",description:""}){ id } }', {}, admin)).data!.roleCreate.id;
    const seller = await s.login('ventas@demo.mx');
    const read = await s.gql(HISTORY, { e: 'role', id }, seller);
    expect(read.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect(read.data).toBeNull();
    const note = await s.gql(NOTE, { e: 'role', id, b: 'No debería quedar' }, seller);
    expect(note.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect((await s.gql(HISTORY, { e: 'role', id }, admin)).data!.recordHistory.notes).toEqual([]);
    // The seller reads the history of what their screens show.
    const client = (await s.gql('{ clients(list:{pageSize:1}){ items{ id } } }', {}, seller)).data!.clients.items[0];
    const own = await s.gql(HISTORY, { e: 'client', id: client.id }, seller);
    expect(own.errors).toBeUndefined();
    expect(own.data!.recordHistory.entries.length).toBeGreaterThanOrEqual(0);
    expect(own.data!.recordHistory.reference).toBeTruthy();
    expect((await s.gql(HISTORY, { e: 'role', id }, null)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('answers BAD_USER_INPUT for an entity without history and NOT_FOUND for a record that never existed', async () => {
    const session = await s.gql(HISTORY, { e: 'session', id: '1' }, admin);
    expect(session.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { entity: 'Este tipo de registro no tiene historial.' } });
    expect((await s.gql(HISTORY, { e: 'role', id: '987654' }, admin)).errors![0].extensions!.code).toBe('NOT_FOUND');
    expect((await s.gql(NOTE, { e: 'role', id: '987654', b: 'Nota' }, admin)).errors![0].extensions!.code).toBe('NOT_FOUND');
  });
});

describe('quick search (Ctrl+K)', () => {
  const SEARCH = 'query($t:String!,$n:Int){ quickSearch(term:$t, limit:$n){ entity id label description } }';

  it('finds records by name or RFC only in the kinds whose screens the user may open', async () => {
    const seller = await s.login('ventas@demo.mx');
    const client = (await s.gql('{ clients(list:{pageSize:1, sortBy:"name"}){ items{ id name rfc } } }', {}, seller)).data!.clients.items[0];
    const byRfc = (await s.gql(SEARCH, { t: client.rfc }, seller)).data!.quickSearch;
    expect(byRfc).toContainEqual({ entity: 'client', id: client.id, label: client.name, description: `Cliente · ${client.rfc}` });
    expect(new Set(byRfc.map((h: { entity: string }) => h.entity)).size).toBeGreaterThan(0);
    for (const h of byRfc) expect(['client', 'quote', 'invoice']).toContain(h.entity);

    // A supplier's name finds the supplier for Compras, and nothing of Compras for the seller.
    const buyer = await s.login('compras@demo.mx');
    const supplier = (await s.gql('{ suppliers(list:{pageSize:1}){ items{ id name } } }', {}, buyer)).data!.suppliers.items[0];
    const forBuyer = (await s.gql(SEARCH, { t: supplier.name }, buyer)).data!.quickSearch;
    expect(forBuyer).toContainEqual(expect.objectContaining({ entity: 'supplier', id: supplier.id, label: supplier.name }));
    const forSeller = (await s.gql(SEARCH, { t: supplier.name }, seller)).data!.quickSearch;
    expect(forSeller.filter((h: { entity: string }) => h.entity === 'supplier' || h.entity === 'expense')).toEqual([]);
  });

  it('finds maintenance orders by folio for Mantenimiento and not for others', async () => {
    const mechanic = await s.login('mantenimiento@demo.mx');
    const order = (await s.gql('{ maintenanceOrders(list:{pageSize:1}){ items{ id folio } } }', {}, mechanic)).data!.maintenanceOrders.items[0];
    const hits = (await s.gql(SEARCH, { t: order.folio }, mechanic)).data!.quickSearch;
    expect(hits).toContainEqual(expect.objectContaining({ entity: 'mt_order', id: order.id, label: order.folio }));
    const seller = await s.login('ventas@demo.mx');
    expect((await s.gql(SEARCH, { t: order.folio }, seller)).data!.quickSearch.filter((h: { entity: string }) => h.entity === 'mt_order')).toEqual([]);
  });

  it('caps each kind at the limit and refuses a term too short, in Spanish', async () => {
    const hits = (await s.gql(SEARCH, { t: 'SA', n: 2 }, admin)).data!.quickSearch;
    const perKind = new Map<string, number>();
    for (const h of hits) perKind.set(h.entity, (perKind.get(h.entity) ?? 0) + 1);
    expect(Math.max(...perKind.values())).toBeLessThanOrEqual(2);
    const short = await s.gql(SEARCH, { t: ' a ' }, admin);
    expect(short.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { term: 'Escribe al menos 2 caracteres.' } });
    expect((await s.gql(SEARCH, { t: 'cliente' }, null)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });
});

describe('saved views of list screens', () => {
  const LIST = 'query($p:String!){ mySavedViews(path:$p){ id name query } }';
  const SAVE = 'mutation($i:SavedViewInput!){ savedViewSave(input:$i){ id path name query } }';
  const DELETE = 'mutation($id:ID!){ savedViewDelete(id:$id) }';
  const PATH = '/system/shoppingModule/expenses';

  it('keeps a person\'s views per screen, without the page, replacing one saved again under its name', async () => {
    const buyer = await s.login('compras@demo.mx');
    const saved = (await s.gql(SAVE, { i: { path: PATH, name: 'Vencidas', query: '?page=3&status=pendiente&search=acme' } }, buyer)).data!.savedViewSave;
    expect(saved).toMatchObject({ path: PATH, name: 'Vencidas', query: 'search=acme&status=pendiente' });
    const again = (await s.gql(SAVE, { i: { path: PATH, name: 'vencidas', query: 'overdue=true' } }, buyer)).data!.savedViewSave;
    expect(again).toEqual({ id: saved.id, path: PATH, name: 'vencidas', query: 'overdue=true' });
    await s.gql(SAVE, { i: { path: PATH, name: 'ACME', query: 'search=acme' } }, buyer);
    expect((await s.gql(LIST, { p: PATH }, buyer)).data!.mySavedViews.map((v: { name: string }) => v.name)).toEqual(['ACME', 'vencidas']);
    expect((await s.gql(LIST, { p: '/system/shoppingModule/suppliers' }, buyer)).data!.mySavedViews).toEqual([]);

    // Another person neither sees nor deletes them.
    const seller = await s.login('ventas@demo.mx');
    expect((await s.gql(LIST, { p: PATH }, seller)).data!.mySavedViews).toEqual([]);
    expect((await s.gql(DELETE, { id: saved.id }, seller)).errors![0].extensions!.code).toBe('NOT_FOUND');
    expect((await s.gql(LIST, { p: PATH }, buyer)).data!.mySavedViews).toHaveLength(2);

    expect((await s.gql(DELETE, { id: saved.id }, buyer)).data!.savedViewDelete).toBe(true);
    expect((await s.gql(LIST, { p: PATH }, buyer)).data!.mySavedViews.map((v: { name: string }) => v.name)).toEqual(['ACME']);
  });

  it('refuses a view without a name or for a path that is no screen, in Spanish, writing nothing', async () => {
    const buyer = await s.login('compras@demo.mx');
    const path = '/system/shoppingModule/payoffs';
    const noName = await s.gql(SAVE, { i: { path, name: '  ', query: 'search=x' } }, buyer);
    expect(noName.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { name: 'Ponle nombre a la vista.' } });
    const badPath = await s.gql(SAVE, { i: { path: 'https://evil.example/x', name: 'X', query: '' } }, buyer);
    expect(badPath.errors![0].extensions!.fields).toEqual({ path: 'Ruta de pantalla no válida.' });
    expect((await s.gql(LIST, { p: path }, buyer)).data!.mySavedViews).toEqual([]);
    expect((await s.gql(LIST, { p: path }, null)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('an integrator\'s service account has no views: FORBIDDEN, nothing written', async () => {
    const roles = (await s.gql('{ roleOptions { id name } }', {}, admin)).data!.roleOptions;
    const roleId = roles.find((r: { name: string }) => r.name === 'Compras').id;
    const created = await s.gql('mutation($i:ServiceAccountCreateInput!){ serviceAccountCreate(input:$i){ token } }', { i: { name: 'Vistas QA', roleId } }, admin);
    const token = created.data!.serviceAccountCreate.token;
    const saved = await s.gql(SAVE, { i: { path: PATH, name: 'Integración', query: 'search=x' } }, token);
    expect(saved.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect(saved.errors![0].message).toBe('Las vistas guardadas son de cada persona; una cuenta de servicio no tiene.');
    expect((await s.gql(LIST, { p: PATH }, token)).errors![0].extensions!.code).toBe('FORBIDDEN');
    const audit = (await s.gql('{ auditEntries(entity:"saved_view", list:{pageSize:50}){ items{ after } } }', {}, admin)).data!.auditEntries.items;
    expect(audit.filter((e: { after: { name?: string } | null }) => e.after?.name === 'Integración')).toEqual([]);
  });
});
