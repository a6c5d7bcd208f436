// Service accounts for integrators (issue 8 part 4): a token shown once, the
// role's abilities, audited mutations, revocation and the per-token rate limit.
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';

const RATE = 6;
let s: TestServer;
let admin: string;
let seller: string;
beforeAll(async () => {
  s = await startServer({ ERP_SERVICE_ACCOUNT_RATE_PER_MIN: String(RATE) });
  [admin, seller] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx')]);
});
afterAll(async () => s?.stop());

const ACCOUNT = 'id name tokenPrefix lastUsedAt revokedAt version role { id name }';
const CREATE = `mutation($input: ServiceAccountCreateInput!){ serviceAccountCreate(input:$input){ token account { ${ACCOUNT} } } }`;
const REVOKE = `mutation($id:ID!,$v:Int!){ serviceAccountRevoke(id:$id,version:$v){ ${ACCOUNT} } }`;
const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;

const roleId = async (name: string): Promise<string> => {
  const r = await s.gql('{ roleOptions { id name } }', {}, admin);
  return r.data!.roleOptions.find((x: { name: string }) => x.name === name).id;
};
const total = async () => (await s.gql('{ serviceAccounts { total } }', {}, admin)).data!.serviceAccounts.total as number;
async function create(name: string, role = 'Vendedor') {
  const r = await s.gql(CREATE, { input: { name, roleId: await roleId(role) } }, admin);
  expect(r.errors).toBeUndefined();
  return r.data!.serviceAccountCreate as { token: string; account: { id: string; name: string; tokenPrefix: string; version: number; lastUsedAt: string | null } };
}
const post = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  fetch(`${s.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });

describe('service accounts', () => {
  it('creates an account whose token is shown once, stored hashed, and audited', async () => {
    const { token, account } = await create('Integración CRM');
    expect(token).toMatch(/^erp_sa_[A-Za-z0-9_-]{43}$/);
    expect(account).toMatchObject({ name: 'Integración CRM', role: { name: 'Vendedor' }, version: 1, lastUsedAt: null });
    expect(token.startsWith(account.tokenPrefix)).toBe(true);
    const list = (await s.gql(`{ serviceAccounts { items { ${ACCOUNT} } } }`, {}, admin)).data!.serviceAccounts.items;
    expect(JSON.stringify(list)).not.toContain(token);
    const audit = (await s.gql('query($i:String){ auditEntries(entity:"service_account", entityId:$i){ items{ action userName after } } }', { i: account.id }, admin)).data!.auditEntries.items;
    expect(audit[0]).toMatchObject({ action: 'create', userName: 'Administrador del sistema' });
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(audit)).not.toContain('tokenHash');
  });

  it("acts with its role's abilities: reads clients, FORBIDDEN on payroll and on Configuración", async () => {
    const { token, account } = await create('Lector de clientes');
    const clients = await s.gql('{ clients { total items { id } } }', {}, token);
    expect(clients.errors).toBeUndefined();
    expect(clients.data!.clients.total).toBeGreaterThan(0);
    expect(codeOf(await s.gql('{ rhPayrolls { total } }', {}, token))).toBe('FORBIDDEN');
    expect(codeOf(await s.gql('{ serviceAccounts { total } }', {}, token))).toBe('FORBIDDEN');
    // A service account has no session: no `me`, no logout.
    expect((await s.gql('{ me { id } }', {}, token)).data!.me).toBeNull();
    expect(codeOf(await s.gql('mutation { logout }', {}, token))).toBe('FORBIDDEN');
    const listed = (await s.gql('query($q:String){ serviceAccounts(list:{search:$q}) { items { id lastUsedAt } } }', { q: 'Lector de clientes' }, admin)).data!.serviceAccounts.items;
    expect(listed.find((x: { id: string }) => x.id === account.id).lastUsedAt).not.toBeNull();
  });

  it('audits a mutation it runs with the account (no user)', async () => {
    const { token, account } = await create('Alta de clientes');
    const input = { rfc: 'SAC010101AA1', name: 'CLIENTE POR API', regimenFiscal: '601', postalCode: '64000', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true };
    const r = await s.gql('mutation($input: ClientInput!){ clientCreate(input:$input){ id } }', { input }, token);
    expect(r.errors).toBeUndefined();
    const id = r.data!.clientCreate.id as string;
    const audit = (await s.gql('query($i:String){ auditEntries(entity:"client", entityId:$i){ items{ action userId userName serviceAccountId serviceAccountName } } }', { i: id }, admin)).data!.auditEntries.items;
    expect(audit[0]).toEqual({ action: 'create', userId: null, userName: null, serviceAccountId: account.id, serviceAccountName: 'Alta de clientes' });
  });

  it('refuses a revoked token with 401 UNAUTHENTICATED and a Spanish message', async () => {
    const { token, account } = await create('Temporal');
    expect((await s.gql('{ clients { total } }', {}, token)).errors).toBeUndefined();
    const r = await s.gql(REVOKE, { id: account.id, v: account.version }, admin);
    expect(r.errors).toBeUndefined();
    expect(r.data!.serviceAccountRevoke.revokedAt).not.toBeNull();
    const res = await post(token, '{ clients { total } }');
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(body.errors[0].message).toMatch(/revocado/);
    // A stale version is a conflict; a second revoke is refused.
    expect(codeOf(await s.gql(REVOKE, { id: account.id, v: account.version }, admin))).toBe('CONFLICT');
    const again = await s.gql(REVOKE, { id: account.id, v: r.data!.serviceAccountRevoke.version }, admin);
    expect(again.errors![0].message).toBe('La cuenta de servicio ya está revocada.');
    // An unknown token of the right shape is refused the same way.
    expect((await post(`erp_sa_${'x'.repeat(43)}`, '{ clients { total } }')).status).toBe(401);
  });

  it('rotates the token: the old one stops working, the new one works', async () => {
    const { token, account } = await create('Rotación');
    const r = await s.gql('mutation($id:ID!,$v:Int!){ serviceAccountRotate(id:$id,version:$v){ token account { version tokenPrefix } } }', { id: account.id, v: account.version }, admin);
    expect(r.errors).toBeUndefined();
    const fresh = r.data!.serviceAccountRotate.token as string;
    expect(fresh).not.toBe(token);
    expect((await post(token, '{ clients { total } }')).status).toBe(401);
    expect((await s.gql('{ clients { total } }', {}, fresh)).errors).toBeUndefined();
  });

  it(`answers 429 with Retry-After past ${RATE} requests a minute per token`, async () => {
    const { token } = await create('Ráfaga');
    const other = await create('Otra cuenta');
    for (let i = 0; i < RATE; i++) expect((await post(token, '{ ping }')).status).toBe(200);
    const res = await post(token, '{ ping }');
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await res.json();
    expect(body.errors[0].message).toMatch(/Demasiadas solicitudes/);
    // Per token: another account's token is not affected, nor a user's session.
    expect((await post(other.token, '{ ping }')).status).toBe(200);
    for (let i = 0; i < RATE + 2; i++) expect((await s.gql('{ ping }', {}, admin)).status).toBe(200);
  });

  it('counts WebSocket subscriptions against the same quota as HTTP requests, and refuses a revoked token at connection', async () => {
    const { token, account } = await create('Suscriptor');
    // Half the quota over HTTP, the rest as subscriptions: the one past it is refused in Spanish.
    for (let i = 0; i < RATE / 2; i++) expect((await post(token, '{ ping }')).status).toBe(200);
    const client = createClient({ url: s.url.replace('http', 'ws') + '/api/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    const subscribe = () =>
      new Promise<string>((resolve) => {
        client.subscribe({ query: 'subscription { recordChanged(entity: "client") { id } }' }, {
          next: () => undefined,
          error: (err) => resolve(Array.isArray(err) ? `error: ${(err as { message: string; extensions?: { code?: string } }[])[0]!.extensions?.code} ${(err as { message: string }[])[0]!.message}` : `closed: ${(err as { code?: number }).code}`),
          complete: () => resolve('complete'),
        });
        // Accepted subscriptions stay open: no error within the wait means accepted.
        setTimeout(() => resolve('open'), 400);
      });
    const outcomes: string[] = [];
    for (let i = 0; i < RATE / 2 + 1; i++) outcomes.push(await subscribe());
    await client.dispose();
    expect(outcomes.slice(0, RATE / 2)).toEqual(Array(RATE / 2).fill('open'));
    expect(outcomes[RATE / 2]).toMatch(/^error: RATE_LIMITED Demasiadas solicitudes/);
    // And the HTTP side sees the quota spent too.
    expect((await post(token, '{ ping }')).status).toBe(429);

    const r = await s.gql(REVOKE, { id: account.id, v: account.version }, admin);
    expect(r.errors).toBeUndefined();
    const revoked = createClient({ url: s.url.replace('http', 'ws') + '/api/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    const closed = await new Promise<number | undefined>((resolve) => {
      revoked.subscribe({ query: 'subscription { recordChanged(entity: "client") { id } }' }, { next: () => undefined, error: (err) => resolve((err as { code?: number }).code), complete: () => resolve(undefined) });
    });
    await revoked.dispose();
    expect(closed).toBe(4403);
  });

  it('needs the ability: a Vendedor user is FORBIDDEN to create or list', async () => {
    const before = await total();
    expect(codeOf(await s.gql(CREATE, { input: { name: 'No permitida', roleId: await roleId('Vendedor') } }, seller))).toBe('FORBIDDEN');
    expect(codeOf(await s.gql('{ serviceAccounts { total } }', {}, seller))).toBe('FORBIDDEN');
    expect(await total()).toBe(before);
  });

  it('refuses bad input with Spanish field messages and writes nothing', async () => {
    const before = await total();
    const empty = await s.gql(CREATE, { input: { name: '  ', roleId: await roleId('Vendedor') } }, admin);
    expect(codeOf(empty)).toBe('BAD_USER_INPUT');
    expect(empty.errors![0].extensions!.fields!.name).toMatch(/obligatori/i);
    const unknownRole = await s.gql(CREATE, { input: { name: 'Rol inexistente', roleId: '99999' } }, admin);
    expect(codeOf(unknownRole)).toBe('BAD_USER_INPUT');
    expect(unknownRole.errors![0].extensions!.fields!.roleId).toBe('El rol no existe.');
    const taken = await s.gql(CREATE, { input: { name: 'integración crm', roleId: await roleId('Vendedor') } }, admin);
    expect(taken.errors![0].extensions!.fields!.name).toBe('Ya existe una cuenta de servicio con ese nombre.');
    expect(await total()).toBe(before);
  });

  it('keeps a role with service accounts from being deleted', async () => {
    const r = await s.gql('mutation($input: RoleInput!){ roleCreate(input:$input){ id } }', { input: { name: 'Integradores', description: '' } }, admin);
    const id = r.data!.roleCreate.id as string;
    const c = await s.gql(CREATE, { input: { name: 'Con rol propio', roleId: id } }, admin);
    expect(c.errors).toBeUndefined();
    const del = await s.gql('mutation($id:ID!){ roleDelete(id:$id) }', { id }, admin);
    expect(codeOf(del)).toBe('CONFLICT');
    expect(del.errors![0].message).toMatch(/cuentas de servicio/);
  });
});
