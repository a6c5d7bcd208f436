// Several server processes on one PostgreSQL database behave as one (issue 8):
// they start together on an empty database, hear each other's events, forget
// a remembered session the moment another one revokes it (issue 12) and share
// the sign-in throttle. PostgreSQL pass only (tests/api/vitest.config.ts): PGlite is one process per
// data folder by design (its folder lock refuses a second one), so there is
// nothing to share there.
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayMx } from '../../schema/dates';
import { ADMIN_EMAIL, PASSWORD, createTestDatabase, startServer, type TestServer } from './harness';

const LOGIN = 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }';
const SA_RATE = 6;
const SET = 'mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ version } }';

/** The first `count` messages of a subscription on `server`, opened as `token`. */
function messages<T>(server: TestServer, token: string, query: string, count: number): { messages: Promise<T[]>; client: Client } {
  const client = createClient({ url: server.url.replace('http', 'ws') + '/api/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` } });
  const received: T[] = [];
  const all = new Promise<T[]>((resolve, reject) => {
    client.subscribe<T>({ query }, {
      next: (msg) => {
        if (!msg.data) return reject(new Error(JSON.stringify(msg.errors)));
        received.push(msg.data as T);
        if (received.length === count) resolve(received);
      },
      error: reject,
      complete: () => undefined,
    });
  });
  return { messages: all, client };
}

/** The first message of a subscription on `server`, opened as `token`. */
function firstMessage<T>(server: TestServer, token: string, query: string): { message: Promise<T>; client: Client } {
  const { messages: first, client } = messages<T>(server, token, query, 1);
  return { message: first.then(([m]) => m), client };
}

describe('several processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: TestServer[] = [];
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    // All four at once on the empty database: migrations and the first seed race.
    const started = await Promise.allSettled(
      [1, 2, 3, 4].map(() =>
        startServer({ ERP_SERVICE_ACCOUNT_RATE_PER_MIN: String(SA_RATE) }, { databaseUrl: database.url }),
      ),
    );
    servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    [a, b] = servers;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('four processes started at once on an empty database all come up, seeded once, with one signing secret', async () => {
    const token = await a.login(ADMIN_EMAIL);
    for (const s of servers) {
      // A token issued by one process is good on every other one.
      const r = await s.gql('{ me { email } users { total } }', {}, token);
      expect(r.errors).toBeUndefined();
      expect(r.data!.me.email).toBe(ADMIN_EMAIL);
    }
    const totals = await Promise.all(servers.map(async (s) => (await s.gql('{ users { total } }', {}, token)).data!.users.total as number));
    expect(new Set(totals).size).toBe(1);
    const seeds = await a.gql('{ auditEntries(entity:"company"){ total } }', {}, token);
    expect(seeds.data!.auditEntries.total).toBe(1);
    // Done with the extra two: the rest of the file runs on a and b. A production process shuts
    // down by itself on SIGTERM (exit 0); it used to hang in Apollo's stop until the forced exit (1).
    expect(await Promise.all(servers.slice(2).map((s) => s.stop()))).toEqual([0, 0]);
    servers = servers.slice(0, 2);
  });

  it("a role saved through one process reaches the other's subscribers, and its next request obeys the new rules", async () => {
    const admin = await a.login(ADMIN_EMAIL);
    const cashier = await b.login('caja@demo.mx');
    const before = await b.gql('{ users { total } }', {}, cashier);
    expect(before.errors![0].extensions!.code).toBe('FORBIDDEN');

    const rules = firstMessage<{ rulesChanged: { module: string }[] }>(b, cashier, 'subscription { rulesChanged { module } }');
    const records = firstMessage<{ recordChanged: { entity: string; id: string } }>(b, cashier, 'subscription { recordChanged(entity: "role") { entity id } }');
    await new Promise((r) => setTimeout(r, 300)); // both subscriptions registered on b

    const roles = (await a.gql('{ roleOptions { id name } }', {}, admin)).data!.roleOptions as { id: string; name: string }[];
    const id = roles.find((r) => r.name === 'Cajero')!.id;
    const role = (await a.gql('query($id:ID!){ role(id:$id){ version grants{ submoduleId permission } } }', { id }, admin)).data!.role;
    const catalog = (await a.gql('{ permissionCatalog { key submodules { id key } } }', {}, admin)).data!.permissionCatalog;
    const usersScreen = catalog.find((m: { key: string }) => m.key === 'settings').submodules.find((x: { key: string }) => x.key === 'users');
    const saved = await a.gql(SET, { id, v: role.version, g: [...role.grants, { submoduleId: usersScreen.id, permission: 'ver' }] }, admin);
    expect(saved.errors).toBeUndefined();

    expect((await rules.message).rulesChanged.map((m) => m.module)).toEqual(['Caja', 'Configuración']);
    expect((await records.message).recordChanged).toEqual({ entity: 'role', id });
    await Promise.all([rules.client.dispose(), records.client.dispose()]);
    const after = await b.gql('{ users { total } }', {}, cashier);
    expect(after.errors).toBeUndefined();
    expect(after.data!.users.total).toBeGreaterThan(0);
  });

  it('failed sign-ins sprayed across both processes lock the account at the configured count (5)', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await [a, b][i % 2].gql(LOGIN, { e: 'Ventas@demo.mx', p: `mala-${i}-xxxx` });
      expect(r.errors![0].message).toBe('Correo o contraseña incorrectos.');
    }
    for (const s of [a, b]) {
      const r = await s.gql(LOGIN, { e: 'ventas@demo.mx', p: PASSWORD });
      expect(r.errors![0].message).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
    }
    // Another account is not affected.
    expect(await b.login('consulta@demo.mx')).toBeTruthy();
  });

  it(`an integrator token's requests sprayed across both processes hit one quota (${SA_RATE} a minute)`, async () => {
    const admin = await a.login(ADMIN_EMAIL);
    const roles = (await a.gql('{ roleOptions { id name } }', {}, admin)).data!.roleOptions as { id: string; name: string }[];
    const created = await a.gql('mutation($input: ServiceAccountCreateInput!){ serviceAccountCreate(input:$input){ token } }', { input: { name: 'Integración repartida', roleId: roles.find((r) => r.name === 'Vendedor')!.id } }, admin);
    expect(created.errors).toBeUndefined();
    const token = created.data!.serviceAccountCreate.token as string;
    const post = (s: TestServer) => fetch(`${s.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ ping }' }) });
    const statuses: number[] = [];
    for (let i = 0; i < SA_RATE; i++) statuses.push((await post([a, b][i % 2]!)).status);
    expect(statuses).toEqual(Array(SA_RATE).fill(200));
    // Each process alone saw only half the quota; together they refuse the next one.
    for (const s of [a, b]) {
      const res = await post(s);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it("a session remembered by one process is refused there on the next request once another process signs it out, deactivates its user, changes its role's permissions or revokes a token (no waiting for ERP_SESSION_CACHE_MS)", async () => {
    const admin = await a.login(ADMIN_EMAIL);
    const me = '{ me { email } }';

    const token = await a.login('compras@demo.mx');
    expect((await b.gql(me, {}, token)).data!.me.email).toBe('compras@demo.mx'); // b now remembers the session
    expect((await a.gql('mutation{ logout }', {}, token)).data!.logout).toBe(true);
    expect((await b.gql(me, {}, token)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');

    const rh = await a.login('rh@demo.mx');
    expect((await b.gql(me, {}, rh)).errors).toBeUndefined();
    const user = (await a.gql('{ users(list:{search:"rh@demo.mx"}){ items{ id version } } }', {}, admin)).data!.users.items[0];
    expect((await a.gql('mutation($id:ID!,$v:Int!){ userDeactivate(id:$id,version:$v){ active } }', { id: user.id, v: user.version }, admin)).errors).toBeUndefined();
    expect((await b.gql(me, {}, rh)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');

    // A role saved through a: its users' next request through b obeys the new rules.
    const storekeeper = await a.login('almacen@demo.mx');
    expect((await b.gql('{ users { total } }', {}, storekeeper)).errors![0].extensions!.code).toBe('FORBIDDEN');
    const roleOf = (await a.gql('{ users(list:{search:"almacen@demo.mx"}){ items{ role { id } } } }', {}, admin)).data!.users.items[0].role.id as string;
    const role = (await a.gql('query($id:ID!){ role(id:$id){ version grants{ submoduleId permission } } }', { id: roleOf }, admin)).data!.role;
    const catalog = (await a.gql('{ permissionCatalog { key submodules { id key } } }', {}, admin)).data!.permissionCatalog;
    const usersScreen = catalog.find((m: { key: string }) => m.key === 'settings').submodules.find((x: { key: string }) => x.key === 'users');
    expect((await a.gql(SET, { id: roleOf, v: role.version, g: [...role.grants, { submoduleId: usersScreen.id, permission: 'ver' }] }, admin)).errors).toBeUndefined();
    expect((await b.gql('{ users { total } }', {}, storekeeper)).errors).toBeUndefined();

    const roles = (await a.gql('{ roleOptions { id name } }', {}, admin)).data!.roleOptions as { id: string; name: string }[];
    const created = await a.gql('mutation($input: ServiceAccountCreateInput!){ serviceAccountCreate(input:$input){ token account { id version } } }', { input: { name: 'Revocada en otro proceso', roleId: roles.find((r) => r.name === 'Vendedor')!.id } }, admin);
    const { token: integrator, account } = created.data!.serviceAccountCreate;
    expect((await b.gql('{ clients { total } }', {}, integrator)).errors).toBeUndefined();
    expect((await a.gql('mutation($id:ID!,$v:Int!){ serviceAccountRevoke(id:$id,version:$v){ revokedAt } }', { id: account.id, v: account.version }, admin)).errors).toBeUndefined();
    expect((await b.gql('{ clients { total } }', {}, integrator)).status).toBe(401);
  });

  it('a process whose LISTEN connection was cut reconnects and hears events again', async () => {
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const listeners = async () =>
      (await sql.query("select pid from pg_stat_activity where datname = current_database() and application_name = 'erp-events'")).rows.map((r) => r.pid as number);
    try {
      const cut = await listeners();
      expect(cut).toHaveLength(2);
      await sql.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [cut]);
      const reconnected = async () => (await listeners()).filter((pid) => !cut.includes(pid)).length === 2;
      for (let i = 0; i < 50 && !(await reconnected()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await reconnected()).toBe(true);
    } finally {
      await sql.end();
    }
    const admin = await a.login(ADMIN_EMAIL);
    const records = firstMessage<{ recordChanged: { entity: string; id: string } }>(b, await b.login('consulta@demo.mx'), 'subscription { recordChanged(entity: "role") { id } }');
    await new Promise((r) => setTimeout(r, 300));
    const created = await a.gql('mutation{ roleCreate(input:{name:"Tras la reconexión",description:""}){ id } }', {}, admin);
    expect((await records.message).recordChanged.id).toBe(created.data!.roleCreate.id);
    await records.client.dispose();
    // Revocations are heard again too: a session b remembers is refused there once a signs it out.
    const viewer = await a.login('consulta@demo.mx');
    expect((await b.gql('{ me { email } }', {}, viewer)).errors).toBeUndefined();
    expect((await a.gql('mutation{ logout }', {}, viewer)).data!.logout).toBe(true);
    expect((await b.gql('{ me { email } }', {}, viewer)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('postings committed together through one process are each announced to the other (their events leave together, in one statement)', async () => {
    const admin = await a.login(ADMIN_EMAIL);
    const listener = await b.login(ADMIN_EMAIL);
    const pick = async (query: string) => (await a.gql(query, {}, admin)).data as Record<string, { items: { id: string }[] }>;
    const concept = (await pick('{ stockConcepts(filter:{kind:ENTRADA, active:true}){ items { id } } }')).stockConcepts.items[0].id;
    const warehouse = (await pick('{ warehouses(filter:{active:true}){ items { id } } }')).warehouses.items[0].id;
    const article = (await pick('{ articles(filter:{active:true}){ items { id } } }')).articles.items[0].id;
    const six = messages<{ recordChanged: { id: string } }>(b, listener, 'subscription { recordChanged(entity: "stock_movement") { id } }', 6);
    await new Promise((r) => setTimeout(r, 300)); // the subscription is registered on b
    const today = todayMx();
    const posted = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        a.gql('mutation($i: StockMovementInput!){ stockMovementPost(input:$i){ id } }', { i: { date: today, conceptId: concept, warehouseId: warehouse, reference: `Aviso ${i}`, lines: [{ articleId: article, quantity: '1', unitCost: '10.00' }] } }, admin),
      ),
    );
    expect(posted.every((r) => r.errors === undefined)).toBe(true);
    const heard = (await six.messages).map((m) => m.recordChanged.id);
    expect(heard.sort()).toEqual(posted.map((r) => r.data!.stockMovementPost.id as string).sort());
    await six.client.dispose();
  });
});
