import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, PASSWORD, startServer, type GqlResult, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let seller: string; // Vendedor: no Configuración at all
let viewer: string; // Consulta: only `ver`
beforeAll(async () => {
  s = await startServer();
  [admin, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

/** Every Configuración operation with arguments that would be valid for an allowed user. */
const SETTINGS_OPS: { name: string; query: string; needs: string }[] = [
  { name: 'users', query: '{ users { total } }', needs: 'ver' },
  { name: 'user', query: '{ user(id: "1") { id } }', needs: 'ver' },
  { name: 'roleOptions', query: '{ roleOptions { id } }', needs: 'ver' },
  { name: 'auditEntries', query: '{ auditEntries { total } }', needs: 'ver' },
  { name: 'appModules', query: '{ appModules { total } }', needs: 'ver' },
  { name: 'appModule', query: '{ appModule(id: "1") { id } }', needs: 'ver' },
  { name: 'roles', query: '{ roles { total } }', needs: 'ver' },
  { name: 'role', query: '{ role(id: "1") { id } }', needs: 'ver' },
  { name: 'permissionCatalog', query: '{ permissionCatalog { id } }', needs: 'ver' },
  { name: 'userCreate', query: 'mutation{ userCreate(input:{email:"x@demo.mx",name:"X",roleId:"1"}){ user{ id } } }', needs: 'crear' },
  { name: 'userUpdate', query: 'mutation{ userUpdate(id:"2",version:1,input:{email:"almacen@demo.mx",name:"X",roleId:"3",active:true}){ id } }', needs: 'editar' },
  { name: 'userDeactivate', query: 'mutation{ userDeactivate(id:"2",version:1){ id } }', needs: 'eliminar' },
  { name: 'userResetPassword', query: 'mutation{ userResetPassword(id:"2"){ temporaryPassword } }', needs: 'editar' },
  { name: 'appModuleUpdate', query: 'mutation{ appModuleUpdate(id:"1",version:1,input:{name:"RH",icon:"users",sortOrder:1,active:true}){ id } }', needs: 'editar' },
  { name: 'submoduleUpdate', query: 'mutation{ submoduleUpdate(id:"1",version:1,input:{name:"Empleados",sortOrder:1,active:true,permissions:["ver"]}){ id } }', needs: 'editar' },
  { name: 'roleCreate', query: 'mutation{ roleCreate(input:{name:"Nuevo",description:""}){ id } }', needs: 'crear' },
  { name: 'roleUpdate', query: 'mutation{ roleUpdate(id:"2",version:1,input:{name:"RH",description:""}){ id } }', needs: 'editar' },
  { name: 'roleDelete', query: 'mutation{ roleDelete(id:"2") }', needs: 'eliminar' },
  { name: 'roleSetPermissions', query: 'mutation{ roleSetPermissions(id:"2",version:1,grants:[]){ id } }', needs: 'editar' },
];

describe('deny by default, enforced on the server', () => {
  it.each(SETTINGS_OPS)('$name: FORBIDDEN for a user without Configuración', async ({ query }) => {
    const r = await s.gql(query, {}, seller);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(r.errors?.[0].message).toBe('No tienes permiso para realizar esta acción.');
  });

  it.each(SETTINGS_OPS.filter((o) => o.needs !== 'ver'))('$name: FORBIDDEN for Consulta (only "ver")', async ({ query }) => {
    const r = await s.gql(query, {}, viewer);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it.each(SETTINGS_OPS.filter((o) => o.needs === 'ver'))('$name: allowed for Consulta', async ({ query }) => {
    const r = await s.gql(query, {}, viewer);
    expect(r.errors).toBeUndefined();
  });

  it.each(SETTINGS_OPS)('$name: UNAUTHENTICATED without a session', async ({ query }) => {
    const r = await s.gql(query);
    expect(r.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('writes nothing when refused', async () => {
    await s.gql('mutation{ roleCreate(input:{name:"Intruso",description:""}){ id } }', {}, seller);
    const roles = await s.gql('{ roles(list:{search:"Intruso"}){ total } }', {}, admin);
    expect(roles.data!.roles.total).toBe(0);
  });
});

describe('forced password reset', () => {
  it('blocks every operation but the password change, then lets the user in', async () => {
    const users = await s.gql('{ users(list:{search:"almacen@demo.mx"}){ items{ id } } }', {}, admin);
    const id = users.data!.users.items[0].id;
    const reset = await s.gql('mutation($id:ID!){ userResetPassword(id:$id){ temporaryPassword user{ forcedPasswordReset } } }', { id }, admin);
    const temp = reset.data!.userResetPassword.temporaryPassword as string;
    expect(temp).toHaveLength(12);
    expect(reset.data!.userResetPassword.user.forcedPasswordReset).toBe(true);
    await expect(s.login('almacen@demo.mx', PASSWORD)).rejects.toThrow();

    const token = await s.login('almacen@demo.mx', temp);
    const me = await s.gql('{ me { forcedPasswordReset } myRules { module } }', {}, token);
    expect(me.data!.me.forcedPasswordReset).toBe(true);
    expect(me.data!.myRules).toEqual([{ module: 'Almacén' }]);
    const blocked = await s.gql('{ myAuditEntries { id } }', {}, token);
    expect(blocked.errors![0]).toMatchObject({ message: 'Debes cambiar tu contraseña antes de continuar.', extensions: { code: 'FORBIDDEN' } });

    const changed = await s.gql('mutation($c:String!){ changePassword(currentPassword:$c,newPassword:"Almacen-2026!"){ token user{ forcedPasswordReset } } }', { c: temp }, token);
    expect(changed.data!.changePassword.user.forcedPasswordReset).toBe(false);
    const ok = await s.gql('{ myAuditEntries { action } }', {}, changed.data!.changePassword.token);
    expect(ok.errors).toBeUndefined();
  });
});

describe('query limits and transport', () => {
  it('refuses more than 15 aliases', async () => {
    const q = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: ping`).join(' ')} }`;
    const r = await s.gql(q);
    expect(r.errors![0].message).toMatch(/demasiados alias.*máximo 15/);
    expect(r.data).toBeUndefined();
  });

  it('refuses queries deeper than 12 levels', async () => {
    const deep = '{ permissionCatalog { submodules { id } } }'.replace('id', 'id '.repeat(1));
    expect((await s.gql(deep, {}, admin)).errors).toBeUndefined();
    // The depth is measured before the fields are checked against the schema.
    let q = 'ping';
    for (let i = 0; i < 13; i++) q = `level { ${q} }`;
    const r = await s.gql(`{ ${q} }`, {}, admin);
    expect(r.status).toBe(400);
    expect(r.errors!.map((e) => e.message)).toContain('La consulta es demasiado profunda: 14 niveles (máximo 12).');
  });

  it('caps the request body with a Spanish message', async () => {
    const res = await fetch(`${s.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ ping }`, variables: { pad: 'x'.repeat(1_100_000) } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ message: 'La solicitud es demasiado grande.', extensions: { code: 'BAD_USER_INPUT' } }] });
  });

  it('caps a body sent in chunks (no Content-Length) the same way', async () => {
    const pad = new TextEncoder().encode(JSON.stringify({ query: `{ ping }`, variables: { pad: 'x'.repeat(1_100_000) } }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < pad.length; i += 64 * 1024) controller.enqueue(pad.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${s.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ message: 'La solicitud es demasiado grande.', extensions: { code: 'BAD_USER_INPUT' } }] });
  });

  it('answers a body that is not a JSON object in Spanish, with the API headers and no ETag', async () => {
    const post = (body: string, contentType = 'application/json') =>
      fetch(`${s.url}/api/graphql`, { method: 'POST', headers: { 'content-type': contentType, authorization: `Bearer ${admin}` }, body });
    const invalid = { errors: [{ message: 'Solicitud no válida.', extensions: { code: 'BAD_USER_INPUT' } }] };
    for (const body of ['"{ ping }"', '{"query":', '12', '  ']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toEqual(invalid);
    }
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as GqlResult).errors![0]).toEqual({ message: 'La solicitud no trae una consulta GraphQL.', extensions: { code: 'BAD_REQUEST' } });
    // Another charset is refused as body-parser refuses it (415).
    const latin1 = await post('{"query":"{ ping }"}', 'application/json; charset=latin1');
    expect(latin1.status).toBe(415);
    expect(await latin1.json()).toEqual(invalid);

    const ok = await post('{"query":"{ ping }"}', 'application/json; charset=UTF-8');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { ping: expect.any(String) } });
    expect(Object.fromEntries(['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cache-control', 'content-type'].map((h) => [h, ok.headers.get(h)]))).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(ok.headers.get('etag')).toBeNull();
  });

  it('health checks the database', async () => {
    const res = await fetch(`${s.url}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', database: s.dbKind });
  });

  it('page size above 200 is refused with a field message', async () => {
    const r = await s.gql('{ users(list:{pageSize:201}){ total } }', {}, admin);
    expect(r.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { 'list.pageSize': 'El tamaño de página debe estar entre 1 y 200.' } });
  });
});
