// Input the schema cannot accept answers in Spanish, with the field path and
// the right code, and HTTP 400 — never graphql-js's English text, an
// INTERNAL_SERVER_ERROR or an HTTP 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.login(ADMIN_EMAIL);
});
afterAll(async () => server?.stop());

const POST = `mutation($input: StockMovementInput!) { stockMovementPost(input: $input) { id } }`;
const movement = (line: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  date: '2026-11-20',
  conceptId: '1',
  warehouseId: '1',
  lines: [{ articleId: '1', quantity: '1', ...line }],
  ...extra,
});

async function raw(body: unknown, token: string | null = admin): Promise<{ status: number; json: { errors?: GqlResult['errors']; data?: unknown } }> {
  const res = await fetch(`${server.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as never };
}

const ENGLISH = /Variable "\$|got invalid value|cannot represent|Expected type|does not exist in|limit of|exceeded|Syntax Error|batching|Cannot query field/;

function expectSpanish(result: { status: number; json: { errors?: GqlResult['errors'] } }, code: string) {
  expect(result.status).toBe(400);
  const error = result.json.errors?.[0];
  expect(error?.extensions?.code).toBe(code);
  expect(error?.message).not.toMatch(ENGLISH);
  expect(error?.message).toMatch(/[áéíóúñ]|no válid|Falta|no existe|demasiad|consulta/i);
  return error!;
}

describe('variables of the wrong type', () => {
  it('"abc" as a quantity names the line field, calls it a quantity, and writes nothing', async () => {
    const error = expectSpanish(await raw({ query: POST, variables: { input: movement({ quantity: 'abc' }) } }), 'BAD_USER_INPUT');
    expect(error.extensions?.fields?.['lines.0.quantity']).toMatch(/cantidad/i);
    expect(error.extensions?.fields?.['lines.0.quantity']).not.toMatch(/importe/i);
    const after = await server.gql<{ stockMovements: { total: number } }>('{ stockMovements { total } }', {}, admin);
    const before = after.data!.stockMovements.total;
    await raw({ query: POST, variables: { input: movement({ quantity: 'abc' }) } });
    const again = await server.gql<{ stockMovements: { total: number } }>('{ stockMovements { total } }', {}, admin);
    expect(again.data!.stockMovements.total).toBe(before);
  });

  it('"doce pesos" as an amount and 1e999 as a number', async () => {
    const words = expectSpanish(await raw({ query: POST, variables: { input: movement({ unitCost: 'doce pesos' }) } }), 'BAD_USER_INPUT');
    expect(words.extensions?.fields?.['lines.0.unitCost']).toMatch(/importe|número/i);
    // 1e999 must reach the server as written: JSON.stringify would turn it into null.
    const body = JSON.stringify({ query: POST, variables: { input: movement({ quantity: '__HUGE__' }) } }).replace('"__HUGE__"', '1e999');
    const huge = expectSpanish(await raw(body), 'BAD_USER_INPUT');
    expect(huge.extensions?.fields?.['lines.0.quantity']).toMatch(/número/i);
    expect(Object.keys(huge.extensions?.fields ?? {})).toEqual(['lines.0.quantity']);
  });

  it('an integer over 32 bits and a decimal where an integer goes', async () => {
    const q = `query($list: ListInput) { users(list: $list) { total } }`;
    const big = expectSpanish(await raw({ query: q, variables: { list: { page: 4294967296 } } }), 'BAD_USER_INPUT');
    expect(big.extensions?.fields?.['list.page']).toMatch(/entero/i);
    const half = expectSpanish(await raw({ query: q, variables: { list: { pageSize: 1.5 } } }), 'BAD_USER_INPUT');
    expect(half.extensions?.fields?.['list.pageSize']).toMatch(/entero/i);
  });

  it('an unknown enum value', async () => {
    const q = `query($list: ListInput) { users(list: $list) { total } }`;
    const error = expectSpanish(await raw({ query: q, variables: { list: { sortDirection: 'SIDEWAYS' } } }), 'BAD_USER_INPUT');
    expect(error.extensions?.fields?.['list.sortDirection']).toMatch(/ASC.*DESC|permitid/);
  });

  it('a malformed date, and a required field left out', async () => {
    const bad = expectSpanish(await raw({ query: POST, variables: { input: movement({}, { date: '31/12/2026' }) } }), 'BAD_USER_INPUT');
    expect(bad.extensions?.fields?.date).toMatch(/fecha/i);
    const input = movement({});
    delete (input as Record<string, unknown>).warehouseId;
    const missing = expectSpanish(await raw({ query: POST, variables: { input } }), 'BAD_USER_INPUT');
    expect(missing.extensions?.fields?.warehouseId).toMatch(/falta|obligatori/i);
  });
});

describe('ids that cannot exist', () => {
  it('a 20-digit id answers NOT_FOUND, not an internal error', async () => {
    const result = await raw({ query: `query($id: ID!) { user(id: $id) { id } }`, variables: { id: '12345678901234567890' } });
    expect(result.status).toBe(400);
    expect(result.json.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(result.json.errors?.[0]?.message).toMatch(/no existe/i);
  });

  it('an impossible id inside an input is a field error', async () => {
    const error = expectSpanish(await raw({ query: POST, variables: { input: movement({ articleId: '99999999999999999999' }) } }), 'BAD_USER_INPUT');
    expect(error.extensions?.fields?.['lines.0.articleId']).toMatch(/no existe/i);
  });
});

describe('malformed documents and limits', () => {
  it('a syntax error answers 400 in Spanish', async () => {
    expectSpanish(await raw({ query: '{ users { total ' }), 'GRAPHQL_PARSE_FAILED');
  });

  it('an unknown field answers 400 in Spanish', async () => {
    const error = expectSpanish(await raw({ query: '{ users { totl } }' }), 'GRAPHQL_VALIDATION_FAILED');
    expect(error.message).toContain('totl');
  });

  it('too many aliases, too deep, batching: Spanish, 400', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: me { id }`).join(' ');
    const tooMany = expectSpanish(await raw({ query: `{ ${aliases} }` }), 'GRAPHQL_VALIDATION_FAILED');
    expect(tooMany.message).toMatch(/alias/i);
    const long = `{ ${Array.from({ length: 2600 }, (_, i) => `f${i}: me { id }`).join(' ')} }`;
    const tooLong = expectSpanish(await raw({ query: long }), 'GRAPHQL_PARSE_FAILED');
    expect(tooLong.message).toMatch(/demasiado larga/);
    const batch = await raw([{ query: '{ me { id } }' }, { query: '{ me { id } }' }]);
    expectSpanish(batch, 'BAD_REQUEST');
  });

  it('a body that is not JSON answers 400 in Spanish', async () => {
    expectSpanish(await raw('{"query": '), 'BAD_USER_INPUT');
  });
});
