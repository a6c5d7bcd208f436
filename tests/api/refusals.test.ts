// Every kind of refusal answers the same on the 1st, 2nd, 3rd (and 100th) time,
// interpreted or compiled (issue 24): in production an operation runs through
// graphql-jit from its second request, and graphql-armor's production plugins
// once turned every refusal after the first into an HTTP 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { startFakeFinkok, type FakeFinkok } from '../unit/cfdi/fakeFinkok';
import { USERS_QUERY } from '../../bench/users-query';

const RATE = 3;
const LOGIN = 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }';
const CREATE = 'mutation($i:WarehouseInput!){ warehouseCreate(input:$i){ id } }';
const UPDATE = 'mutation($id:ID!,$v:Int!){ warehouseUpdate(id:$id,version:$v,input:{code:"REF-1",name:"Refusals"}){ id } }';

type Expected = { status: number; code: string; message: string; path?: string[]; fields?: Record<string, string> };

/** The answer's status and first error, as a client reads them. */
const refusal = (r: GqlResult) => ({
  status: r.status,
  code: r.errors?.[0]?.extensions?.code,
  message: r.errors?.[0]?.message,
  path: (r.errors?.[0] as { path?: string[] } | undefined)?.path,
  fields: r.errors?.[0]?.extensions?.fields,
});

const expected = (e: Expected) => ({ path: undefined, fields: undefined, ...e });

// ERP_GRAPHQL_COMPILE=second is what `npm start` runs: the 1st request interpreted, then compiled.
describe.each(['off', 'second'] as const)('refusals with ERP_GRAPHQL_COMPILE=%s', (compile) => {
  let s: TestServer;
  let admin: string;
  let reader: string;
  let warehouseId: string;
  let before: number;
  // The PAC is Finkok's documented API, faked on 127.0.0.1 and refusing every seal (code 302).
  let finkok: FakeFinkok;
  const warehouses = async () => (await s.gql<{ warehouses: { total: number } }>('{ warehouses { total } }', {}, admin)).data!.warehouses.total;

  beforeAll(async () => {
    finkok = await startFakeFinkok('refuse-302');
    s = await startServer({ ERP_GRAPHQL_COMPILE: compile, ERP_SERVICE_ACCOUNT_RATE_PER_MIN: String(RATE), ...finkok.env() });
    [admin, reader] = await Promise.all([s.login(ADMIN_EMAIL), s.login('consulta@demo.mx')]);
    const created = await s.gql<{ warehouseCreate: { id: string } }>(CREATE, { i: { code: 'REF-1', name: 'Refusals' } }, admin);
    warehouseId = created.data!.warehouseCreate.id;
    before = await warehouses();
  });
  afterAll(async () => {
    await s?.stop();
    await finkok?.close();
  });

  /** Sends the same request `times` times in a row; every answer must be the same refusal. */
  async function thrice(send: () => Promise<GqlResult>, want: Expected, times = 3) {
    for (let i = 1; i <= times; i++) expect(refusal(await send()), `request ${i}`).toEqual(expected(want));
  }

  it('UNAUTHENTICATED without a session', async () => {
    await thrice(() => s.gql('{ me { email } }'), { status: 200, code: 'UNAUTHENTICATED', message: 'Inicia sesión para continuar.', path: ['me'] });
  });

  it('FORBIDDEN without the ability, 100 times in a row', async () => {
    await thrice(() => s.gql(CREATE, { i: { code: 'NO-1', name: 'Sin permiso' } }, reader), {
      status: 200,
      code: 'FORBIDDEN',
      message: 'No tienes permiso para realizar esta acción.',
      path: ['warehouseCreate'],
    }, 100);
  });

  it('BAD_USER_INPUT from variable coercion, with the field', async () => {
    await thrice(() => s.gql(UPDATE, { id: warehouseId, v: 'abc' }, admin), {
      status: 400,
      code: 'BAD_USER_INPUT',
      message: 'Dato no válido en «v»: debe ser un número entero.',
      fields: { v: 'Valor: debe ser un número entero.' },
    });
  });

  it('BAD_USER_INPUT from the service, with its Spanish field messages', async () => {
    await thrice(() => s.gql(CREATE, { i: { code: '', name: '' } }, admin), {
      status: 200,
      code: 'BAD_USER_INPUT',
      message: 'Revisa los datos capturados.',
      path: ['warehouseCreate'],
      fields: { code: 'Este campo es obligatorio.', name: 'Este campo es obligatorio.' },
    });
    await thrice(() => s.gql(CREATE, { i: { code: 'REF-1', name: 'Otra vez' } }, admin), {
      status: 200,
      code: 'BAD_USER_INPUT',
      message: 'Revisa los datos capturados.',
      path: ['warehouseCreate'],
      fields: { code: 'Ya existe un almacén con esa clave.' },
    });
  });

  it('the bimonthly SBC update: FORBIDDEN without the ability, BAD_USER_INPUT per field, CONFLICT with nobody to change; nothing applied', async () => {
    const seller = await s.login('ventas@demo.mx');
    const PREVIEW = 'query($y:Int!,$b:Int!){ rhSbcVariablePreview(year:$y, bimester:$b){ applied employees { changes } } }';
    const APPLY = 'mutation($y:Int!,$b:Int!){ rhSbcVariableApply(year:$y, bimester:$b){ movements } }';
    const forbidden = { status: 200, code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' };
    await thrice(() => s.gql(PREVIEW, { y: 2026, b: 4 }, seller), { ...forbidden, path: ['rhSbcVariablePreview'] });
    // Consulta sees the preview but does not apply it.
    await thrice(() => s.gql(APPLY, { y: 2026, b: 4 }, reader), { ...forbidden, path: ['rhSbcVariableApply'] });
    const bad = { status: 200, code: 'BAD_USER_INPUT', message: 'Revisa los datos capturados.' };
    await thrice(() => s.gql(PREVIEW, { y: 2026, b: 0 }, admin), { ...bad, path: ['rhSbcVariablePreview'], fields: { bimester: 'El bimestre va de 1 (enero–febrero) a 6 (noviembre–diciembre).' } });
    await thrice(() => s.gql(APPLY, { y: 1999, b: 4 }, admin), { ...bad, path: ['rhSbcVariableApply'], fields: { year: 'Indica un año entre 2020 y 2100.' } });
    // July–August 2026: the demo company closed no payroll in it, so no variable part and nobody changes.
    const preview = await s.gql<{ rhSbcVariablePreview: { applied: boolean; employees: { changes: boolean }[] } }>(PREVIEW, { y: 2026, b: 4 }, admin);
    expect(preview.data!.rhSbcVariablePreview.employees.filter((e) => e.changes)).toEqual([]);
    await thrice(() => s.gql(APPLY, { y: 2026, b: 4 }, admin), {
      status: 200,
      code: 'CONFLICT',
      message: 'Nadie cambia de SBC en ese bimestre: no hay modificaciones de salario (07) que aplicar.',
      path: ['rhSbcVariableApply'],
    });
    expect((await s.gql<{ rhSbcVariablePreview: { applied: boolean } }>(PREVIEW, { y: 2026, b: 4 }, admin)).data!.rhSbcVariablePreview.applied).toBe(false);
  });

  it('NOT_FOUND', async () => {
    await thrice(() => s.gql(UPDATE, { id: '999999', v: 1 }, admin), { status: 200, code: 'NOT_FOUND', message: 'El almacén no existe.', path: ['warehouseUpdate'] });
  });

  it('CONFLICT on a stale version', async () => {
    await thrice(() => s.gql(UPDATE, { id: warehouseId, v: 99 }, admin), {
      status: 200,
      code: 'CONFLICT',
      message: 'Otro usuario modificó este registro. Recarga la página para ver los cambios.',
      path: ['warehouseUpdate'],
    });
  });

  it('a PAC refusal: CONFLICT with the PAC’s code, and the invoice back to borrador with its folio', async () => {
    const clients = await s.gql<{ clients: { items: { id: string }[] } }>('{ clients { items { id } } }', {}, admin);
    const INVOICE = 'id folio status version stampStatus uuid';
    const created = await s.gql<{ invoiceCreate: { id: string; folio: number } }>(`mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ ${INVOICE} } }`, {
      i: { clientId: clients.data!.clients.items[0].id, serie: 'A', date: '2026-01-15', formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', lines: [{ description: 'Servicio de vigilancia', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '100.00' }] },
    }, admin);
    const id = created.data!.invoiceCreate.id;
    const read = async () => (await s.gql<{ invoice: { folio: number; status: string; version: number; stampStatus: string | null; uuid: string | null } }>(`query($id:ID!){ invoice(id:$id){ ${INVOICE} } }`, { id }, admin)).data!.invoice;
    const calls = finkok.stampCalls;
    let folio: number | null = null;
    const emit = async () => {
      const r = await s.gql(`mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ id } }`, { id, v: (await read()).version }, admin);
      expect(r.errors?.[0]?.extensions).toMatchObject({ pacCode: '302' });
      const after = await read();
      folio ??= after.folio;
      // Nothing half-done: borrador again, no UUID, the folio it took kept for the next attempt.
      expect(after).toMatchObject({ status: 'borrador', uuid: null, folio });
      return r;
    };
    await thrice(emit, { status: 200, code: 'CONFLICT', message: 'El PAC rechazó el comprobante: 302 - Sello mal formado o inválido', path: ['invoiceEmit'] });
    expect(finkok.stampCalls).toBe(calls + 3);
  });

  it('wrong password, then the account lockout', async () => {
    const wrong = () => s.gql(LOGIN, { e: 'caja@demo.mx', p: 'incorrecta-123' });
    await thrice(wrong, { status: 200, code: 'UNAUTHENTICATED', message: 'Correo o contraseña incorrectos.', path: ['login'] });
    // ERP_LOGIN_MAX_ATTEMPTS is 5: two more failures lock the account, even for the right password.
    await wrong();
    await wrong();
    await thrice(() => s.gql(LOGIN, { e: 'caja@demo.mx', p: 'Demo-Pass-2026' }), {
      status: 200,
      code: 'UNAUTHENTICATED',
      message: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
      path: ['login'],
    });
  });

  it('the rate limit of a service-account token', async () => {
    const roles = await s.gql<{ roleOptions: { id: string; name: string }[] }>('{ roleOptions { id name } }', {}, admin);
    const roleId = roles.data!.roleOptions.find((r) => r.name === 'Vendedor')!.id;
    const created = await s.gql<{ serviceAccountCreate: { token: string } }>(
      'mutation($input: ServiceAccountCreateInput!){ serviceAccountCreate(input:$input){ token } }',
      { input: { name: `Límite ${compile}`, roleId } },
      admin,
    );
    const token = created.data!.serviceAccountCreate.token;
    for (let i = 0; i < RATE; i++) expect((await s.gql('{ clients { total } }', {}, token)).errors).toBeUndefined();
    await thrice(() => s.gql('{ clients { total } }', {}, token), {
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Demasiadas solicitudes con este token. Espera unos segundos e inténtalo de nuevo.',
    });
  });

  it('query limits, and no field suggestion in production', async () => {
    const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: me { email }`).join(' ')} }`;
    await thrice(() => s.gql(aliases, {}, admin), { status: 400, code: 'GRAPHQL_VALIDATION_FAILED', message: 'La consulta usa demasiados alias: 20 (máximo 15).' });
    const typo = await s.gql('{ me { emai } }', {}, admin);
    expect(typo.status).toBe(400);
    expect(typo.errors![0].message).toBe('Consulta no válida: el campo «emai» no existe en «SessionUser».');
    expect(JSON.stringify(typo)).not.toMatch(/Did you mean|email/);
  });

  it('a body over the limit: HTTP 413 with a Spanish JSON body the client reads, not a reset', async () => {
    for (const size of [2e6, 8e6]) {
      const res = await fetch(`${s.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(size) });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ errors: [{ message: 'La solicitud es demasiado grande.', extensions: { code: 'BAD_USER_INPUT' } }] });
    }
  });

  it('the CSRF refusal says what is missing', async () => {
    const message = 'Solicitud bloqueada como posible CSRF: envía el cuerpo como JSON (Content-Type: application/json) o, en un GET, el encabezado «apollo-require-preflight: true».';
    const get = await fetch(`${s.url}/api/graphql?query=${encodeURIComponent('{ me { email } }')}`);
    const post = await fetch(`${s.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: '{ me { email } }' }) });
    for (const res of [get, post]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
    }
    const preflighted = await fetch(`${s.url}/api/graphql?query=${encodeURIComponent('{ me { email } }')}`, { headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${admin}` } });
    expect(((await preflighted.json()) as { data: { me: { email: string } } }).data.me.email).toBe(ADMIN_EMAIL);
  });

  it('wrote nothing for any refusal', async () => {
    expect(await warehouses()).toBe(before);
    const one = await s.gql<{ warehouse: { code: string; name: string; version: number } }>(`{ warehouse(id: "${warehouseId}") { code name version } }`, {}, admin);
    expect(one.data!.warehouse).toEqual({ code: 'REF-1', name: 'Refusals', version: 1 });
  });
});

// The SPA's persisted reads take a short path around Apollo's pipeline (server/graphql/readFastPath.ts).
// It must answer exactly what Apollo answers: the same request without its operationName (the SPA
// always sends it, so the short path never takes one without) goes through Apollo, on the same
// server and the same data. ERP_COUNT_SQL=1 makes /api/health say how many answers the short path
// wrote and every answer carry its statement count (the session is read on each request:
// ERP_SESSION_CACHE_MS=0), so an execution or a context built twice would show.
describe('the read fast path answers what Apollo answers, byte for byte', () => {
  let s: TestServer;
  let admin: string;
  let cashier: string;
  const variables = { list: { page: 1, pageSize: 25, sortDirection: 'ASC', sortBy: 'name' }, filter: {} };

  beforeAll(async () => {
    s = await startServer({ ERP_COUNT_SQL: '1', ERP_SESSION_CACHE_MS: '0', ERP_SERVICE_ACCOUNT_RATE_PER_MIN: String(RATE) });
    [admin, cashier] = await Promise.all([s.login(ADMIN_EMAIL), s.login('caja@demo.mx')]);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const health = async () => (await (await fetch(`${s.url}/api/health`)).json()) as { fastPathAnswers: number; fastPathHandedOver: number };
  const fastAnswers = async () => (await health()).fastPathAnswers;

  type Raw = { status: number; headers: [string, string][]; body: string };
  async function post(body: unknown, headers: Record<string, string>): Promise<Raw> {
    const res = await fetch(`${s.url}/api/graphql`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    // Everything but the clock and the connection's own headers.
    const kept = [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
    return { status: res.status, headers: kept, body: await res.text() };
  }

  /**
   * Sends the persisted read three times with its operationName and three times without, in
   * turn; every pair must be the same bytes, and the short path must have answered `fast` of them.
   * `handed`: the short path ran it, met an error and Apollo answered with that outcome (its
   * executor took it instead of running the operation a second time).
   */
  async function sameAsApollo(opts: { token?: string | null; variables?: unknown; accept?: string; contentType?: string; fast: boolean; handed?: boolean }): Promise<Raw> {
    const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'application/json' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.accept) headers.accept = opts.accept;
    const vars = opts.variables ?? variables;
    let first: Raw | null = null;
    for (let i = 1; i <= 3; i++) {
      const before = await fastAnswers();
      const handedBefore = (await health()).fastPathHandedOver;
      const viaFast = await post({ operationName: 'UserList', query: USERS_QUERY, variables: vars }, headers);
      expect(await fastAnswers(), `request ${i}: answered by the fast path`).toBe(before + (opts.fast ? 1 : 0));
      expect((await health()).fastPathHandedOver, `request ${i}: handed to Apollo after running`).toBe(handedBefore + (opts.handed ? 1 : 0));
      const viaApollo = await post({ query: USERS_QUERY, variables: vars }, headers);
      expect(await fastAnswers(), `request ${i}: answered by Apollo`).toBe(before + (opts.fast ? 1 : 0));
      expect(viaFast, `request ${i}`).toEqual(viaApollo);
      if (first) expect(viaFast.status, `request ${i}`).toBe(first.status);
      first ??= viaFast;
    }
    return first!;
  }

  it('a signed-in read: the page, status 200, the same headers and bytes', async () => {
    const r = await sameAsApollo({ token: admin, fast: true });
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body) as { data: { users: { items: { email: string }[]; total: number } }; extensions: { sqlStatements: number } };
    expect(body.data.users.items).toHaveLength(body.data.users.total < 25 ? body.data.users.total : 25);
    expect(body.data.users.items.map((u) => u.email)).toContain(ADMIN_EMAIL);
    // The session, then the page with its total: two statements.
    expect(body.extensions.sqlStatements).toBe(2);
    expect(r.body.endsWith('}\n')).toBe(true);
    expect(Object.fromEntries(r.headers)).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  });

  it('Apollo Client’s Accept header: application/graphql-response+json, as Apollo negotiates it', async () => {
    const r = await sameAsApollo({ token: admin, accept: 'application/graphql-response+json,application/json;q=0.9', fast: true });
    expect(Object.fromEntries(r.headers)['content-type']).toBe('application/graphql-response+json; charset=utf-8');
  });

  it('UNAUTHENTICATED: handed to Apollo with the execution that ran, not run again', async () => {
    const r = await sameAsApollo({ fast: false, handed: true });
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body) as { errors: { message: string; extensions: { code: string } }[]; extensions: { sqlStatements: number } };
    expect(body.errors[0]).toMatchObject({ message: 'Inicia sesión para continuar.', extensions: { code: 'UNAUTHENTICATED' } });
    expect(body.extensions.sqlStatements).toBe(0);
  });

  it('FORBIDDEN without the ability', async () => {
    const r = await sameAsApollo({ token: cashier, fast: false, handed: true });
    const body = JSON.parse(r.body) as { errors: { message: string; extensions: { code: string } }[]; extensions: { sqlStatements: number } };
    expect(r.status).toBe(200);
    expect(body.errors[0]).toMatchObject({ message: 'No tienes permiso para realizar esta acción.', extensions: { code: 'FORBIDDEN' } });
    // The session only: had the short path built the context or run the operation again, there would be more.
    expect(body.extensions.sqlStatements).toBe(1);
  });

  it('BAD_USER_INPUT from variable coercion (HTTP 400: nothing ran, Apollo answers from the start) and from the list rules', async () => {
    const coercion = await sameAsApollo({ token: admin, variables: { list: { page: 'uno' }, filter: {} }, fast: false });
    expect(coercion.status).toBe(400);
    expect(JSON.parse(coercion.body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const rules = await sameAsApollo({ token: admin, variables: { list: { page: 1, pageSize: 500 }, filter: {} }, fast: false, handed: true });
    expect(rules.status).toBe(200);
    expect(JSON.parse(rules.body).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: { 'list.pageSize': 'El tamaño de página debe estar entre 1 y 200.' } } });
  });

  it('the CSRF refusal of a simple POST', async () => {
    const r = await sameAsApollo({ token: admin, contentType: 'text/plain', fast: false });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('a service-account token: counted once per request, then 429', async () => {
    const roles = await s.gql<{ roleOptions: { id: string; name: string }[] }>('{ roleOptions { id name } }', {}, admin);
    const created = await s.gql<{ serviceAccountCreate: { token: string } }>(
      'mutation($input: ServiceAccountCreateInput!){ serviceAccountCreate(input:$input){ token } }',
      { input: { name: 'Ruta corta', roleId: roles.data!.roleOptions.find((r) => r.name === 'Administrador')!.id } },
      admin,
    );
    const token = created.data!.serviceAccountCreate.token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const before = await fastAnswers();
    // RATE requests in the minute: each is counted once, so all of them pass, by the short path.
    for (let i = 0; i < RATE; i++) expect((await post({ operationName: 'UserList', query: USERS_QUERY, variables }, headers)).status).toBe(200);
    expect(await fastAnswers()).toBe(before + RATE);
    const refused = await sameAsApollo({ token, fast: false });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).errors[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
  });
});
