// The session lookup is remembered a few seconds per process (issue 12,
// ERP_SESSION_CACHE_MS, 5 s by default, a minute here), yet every change to what it answers
// shows on the very next request: each case first makes a request with the
// token (so its lookup is remembered), then changes it, then asks again at once.
// The statement counter (ERP_COUNT_SQL) proves the repeat request skips the lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  // Remembered a minute here, so a slow machine cannot let an entry expire between the warm-up and the check.
  s = await startServer({ ERP_COUNT_SQL: '1', ERP_SESSION_CACHE_MS: '60000' });
  admin = await s.login(ADMIN_EMAIL);
});
afterAll(async () => s?.stop());

const statementsOf = (r: GqlResult) => (r as GqlResult & { extensions?: { sqlStatements?: number } }).extensions?.sqlStatements;
const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
const ME = '{ me { email name role { name } } }';
const userByEmail = async (email: string) =>
  (await s.gql('query($q:String){ users(list:{search:$q}){ items{ id email name version role { id } } } }', { q: email }, admin)).data!.users.items[0];
const roleId = async (name: string): Promise<string> =>
  (await s.gql('{ roleOptions { id name } }', {}, admin)).data!.roleOptions.find((x: { name: string }) => x.name === name).id;

describe('remembered session lookup', () => {
  it('a repeated request skips the session lookup: one statement fewer than the first', async () => {
    const token = await s.login('ventas@demo.mx');
    const first = await s.gql(ME, {}, token);
    const second = await s.gql(ME, {}, token);
    expect(first.errors).toBeUndefined();
    expect(second.data).toEqual(first.data);
    // `me` reads nothing of its own: the first request's only statement is the lookup.
    expect(statementsOf(first)).toBe(1);
    expect(statementsOf(second)).toBe(0);
  });

  it('sign-out refuses that token on the very next request; another session of the same user still works', async () => {
    const token = await s.login('compras@demo.mx');
    const other = await s.login('compras@demo.mx');
    for (const t of [token, other]) expect((await s.gql(ME, {}, t)).errors).toBeUndefined();
    expect((await s.gql('mutation{ logout }', {}, token)).data!.logout).toBe(true);
    expect(codeOf(await s.gql(ME, {}, token))).toBe('UNAUTHENTICATED');
    expect((await s.gql(ME, {}, other)).data!.me.email).toBe('compras@demo.mx');
  });

  it('a deactivated user is refused on the very next request', async () => {
    const token = await s.login('rh@demo.mx');
    expect((await s.gql(ME, {}, token)).errors).toBeUndefined();
    const u = await userByEmail('rh@demo.mx');
    expect((await s.gql('mutation($id:ID!,$v:Int!){ userDeactivate(id:$id,version:$v){ active } }', { id: u.id, v: u.version }, admin)).errors).toBeUndefined();
    expect(codeOf(await s.gql(ME, {}, token))).toBe('UNAUTHENTICATED');
  });

  it("an administrator's password reset refuses the user's sessions on the very next request", async () => {
    const token = await s.login('almacen@demo.mx');
    expect((await s.gql(ME, {}, token)).errors).toBeUndefined();
    const u = await userByEmail('almacen@demo.mx');
    expect((await s.gql('mutation($id:ID!){ userResetPassword(id:$id){ temporaryPassword } }', { id: u.id }, admin)).errors).toBeUndefined();
    expect(codeOf(await s.gql(ME, {}, token))).toBe('UNAUTHENTICATED');
  });

  it("a user's new name and role show on their very next request", async () => {
    const token = await s.login('vehiculos@demo.mx');
    const before = (await s.gql(ME, {}, token)).data!.me;
    const u = await userByEmail('vehiculos@demo.mx');
    const input = { email: u.email, name: 'Flota Renombrada', roleId: await roleId('Consulta'), active: true };
    const r = await s.gql('mutation($id:ID!,$v:Int!,$input:UserUpdateInput!){ userUpdate(id:$id,version:$v,input:$input){ id } }', { id: u.id, v: u.version, input }, admin);
    expect(r.errors).toBeUndefined();
    const after = (await s.gql(ME, {}, token)).data!.me;
    expect(after).toEqual({ email: 'vehiculos@demo.mx', name: 'Flota Renombrada', role: { name: 'Consulta' } });
    expect(after).not.toEqual(before);
  });

  it("a role's new permissions and new name apply to its users on their very next request", async () => {
    const token = await s.login('caja@demo.mx');
    expect(codeOf(await s.gql('{ users { total } }', {}, token))).toBe('FORBIDDEN');
    const id = await roleId('Cajero');
    const role = (await s.gql('query($id:ID!){ role(id:$id){ version grants{ submoduleId permission } } }', { id }, admin)).data!.role;
    const catalog = (await s.gql('{ permissionCatalog { key submodules { id key } } }', {}, admin)).data!.permissionCatalog;
    const usersScreen = catalog.find((m: { key: string }) => m.key === 'settings').submodules.find((x: { key: string }) => x.key === 'users');
    const SET = 'mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ version } }';
    const saved = await s.gql(SET, { id, v: role.version, g: [...role.grants, { submoduleId: usersScreen.id, permission: 'ver' }] }, admin);
    expect(saved.errors).toBeUndefined();
    expect((await s.gql('{ users { total } }', {}, token)).data!.users.total).toBeGreaterThan(0);

    const renamed = await s.gql('mutation($id:ID!,$v:Int!){ roleUpdate(id:$id,version:$v,input:{name:"Cajero general",description:""}){ name } }', { id, v: saved.data!.roleSetPermissions.version }, admin);
    expect(renamed.errors).toBeUndefined();
    expect((await s.gql(ME, {}, token)).data!.me.role).toEqual({ name: 'Cajero general' });
  });

  it('a revoked service-account token is refused on the very next request', async () => {
    const created = await s.gql('mutation($input: ServiceAccountCreateInput!){ serviceAccountCreate(input:$input){ token account { id version } } }', { input: { name: 'Caché', roleId: await roleId('Vendedor') } }, admin);
    const { token, account } = created.data!.serviceAccountCreate;
    expect((await s.gql('{ clients { total } }', {}, token)).errors).toBeUndefined();
    const first = await s.gql('{ clients { total } }', {}, token);
    expect(first.errors).toBeUndefined();
    expect((await s.gql('mutation($id:ID!,$v:Int!){ serviceAccountRevoke(id:$id,version:$v){ revokedAt } }', { id: account.id, v: account.version }, admin)).errors).toBeUndefined();
    expect((await s.gql('{ clients { total } }', {}, token)).status).toBe(401);
  });
});
