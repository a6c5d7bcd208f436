// Integrators' reference and the persisted-query allow-list (issue 8 part 4): /api/docs is public
// HTML generated from the schema; with ERP_PERSISTED_QUERIES=only the endpoint runs the SPA's
// operations (by document or by sha256) and refuses anything else with 400 in Spanish.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, PASSWORD, startServer, type TestServer } from './harness';

const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../generated/persisted-operations.json'), 'utf8')) as Record<string, string>;
const named = (name: string) => {
  const entry = Object.entries(manifest).find(([, doc]) => new RegExp(`^(query|mutation) ${name}\\b`, 'm').test(doc));
  if (!entry) throw new Error(`${name} is not in the manifest`);
  return { hash: entry[0], document: entry[1] };
};

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer({ ERP_PERSISTED_QUERIES: 'only' });
  // The harness's own login is an ad-hoc document: sign in with the SPA's Login operation.
  const r = await s.gql<{ login: { token: string } }>(named('Login').document, { email: ADMIN_EMAIL, password: PASSWORD });
  expect(r.errors).toBeUndefined();
  token = r.data!.login.token;
});
afterAll(async () => s?.stop());

const post = async (body: unknown, auth = true) => {
  const res = await fetch(`${s.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } };
};

describe('GET /api/docs', () => {
  it('answers public HTML with a section per module, the token section and payrollTaxPreview with its ability', async () => {
    const res = await fetch(`${s.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<h2>Ventas</h2>');
    expect(html).toContain('<h2>Recursos Humanos</h2>');
    expect(html).toContain('<h2>Cómo obtener un token</h2>');
    expect(html).toMatch(/id="Query-payrollTaxPreview">.*?Requiere: <span class="ability">permiso <code>ver<\/code> sobre <code>Recursos Humanos-Nóminas Fiscales<\/code>/);
    expect(html).not.toMatch(/<script/i);
  });
});

describe('ERP_PERSISTED_QUERIES=only', () => {
  const variables = { list: { page: 1, pageSize: 5 } };

  it('runs a SPA operation sent as its whole document', async () => {
    const r = await post({ query: named('ClientList').document, variables });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.clients.total).toBeGreaterThan(0);
  });

  it('runs the same operation sent only by its sha256, by POST and by GET', async () => {
    const { hash } = named('ClientList');
    const r = await post({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.clients.total).toBeGreaterThan(0);

    const qs = new URLSearchParams({ variables: JSON.stringify(variables), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }) });
    const get = await fetch(`${s.url}/api/graphql?${qs}`, { headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' } });
    expect(get.status).toBe(200);
    expect(((await get.json()) as { data: any }).data.clients.total).toBeGreaterThan(0);
  });

  it('still applies the abilities to an allowed operation', async () => {
    const r = await post({ query: named('ClientList').document, variables }, false);
    expect(r.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an ad-hoc query, an unknown hash and a listed hash paired with another document with 400 in Spanish', async () => {
    for (const body of [
      { query: '{ clients { total items { id name rfc } } }' },
      { extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } },
      { query: '{ users { total } }', extensions: { persistedQuery: { version: 1, sha256Hash: named('ClientList').hash } } },
      [{ query: named('ClientList').document }],
    ]) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors?.[0].message).toMatch(/solo acepta las operaciones de la aplicación/);
      expect(r.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const get = await fetch(`${s.url}/api/graphql?query=${encodeURIComponent('{ ping }')}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(get.status).toBe(400);
  });
});
