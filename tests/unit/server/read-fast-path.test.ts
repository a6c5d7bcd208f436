// The read fast path (server/graphql/readFastPath.ts) takes only the SPA's persisted queries, in
// the body shapes Apollo reads the same way; anything else is left to Apollo (match → null).
// tests/api/refusals.test.ts compares its answers with Apollo's byte for byte on a real server.
import fs from 'node:fs';
import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createArmor } from '../../../server/graphql/armor';
import { createReadFastPath } from '../../../server/graphql/readFastPath';
import { buildBaseSchema } from '../../../server/graphql/schema';

const root = path.resolve(import.meta.dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'generated/persisted-operations.json'), 'utf8')) as Record<string, string>;
const userList = Object.values(manifest).find((doc) => doc.startsWith('query UserList('))!;
const mutation = Object.values(manifest).find((doc) => doc.startsWith('mutation UserCreate('))!;
const withTypename = print(addTypenameToDocument(parse(userList)));
const fastPath = createReadFastPath({ schema: buildBaseSchema(), manifest, validationRules: createArmor(true).validationRules, introspection: false, compile: 'second' });
const variables = { list: { page: 1 }, filter: {} };
const match = (body: Record<string, unknown>, accept?: string) => fastPath.match(body, accept) !== null;

describe('read fast path: what it takes', () => {
  it('a persisted query with its operationName, as listed or with Apollo Client’s __typename fields and extensions', () => {
    expect(match({ operationName: 'UserList', query: userList, variables })).toBe(true);
    expect(match({ operationName: 'UserList', variables, extensions: { clientLibrary: { name: '@apollo/client', version: '4' } }, query: withTypename })).toBe(true);
    expect(match({ operationName: 'UserList', query: withTypename, variables: null, extensions: null })).toBe(true);
    expect(match({ operationName: 'UserList', query: withTypename }, 'application/graphql-response+json,application/json;q=0.9')).toBe(true);
  });

  it('leaves to Apollo: no or another operationName, a mutation, a document not listed, APQ, odd bodies or Accept headers', () => {
    expect(match({ query: userList, variables })).toBe(false);
    expect(match({ operationName: 'UserDetail', query: userList, variables })).toBe(false);
    expect(match({ operationName: 'UserCreate', query: mutation, variables })).toBe(false);
    // Listed name, another selection: not the SPA's document.
    expect(match({ operationName: 'UserList', query: userList.replace('total', 'total __schema { types { name } }'), variables })).toBe(false);
    expect(match({ operationName: 'UserList', query: withTypename, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } })).toBe(false);
    expect(match({ operationName: 'UserList', query: withTypename, variables: '{}' })).toBe(false);
    expect(match({ operationName: 'UserList', query: withTypename, variables: [] })).toBe(false);
    expect(fastPath.match([{ operationName: 'UserList', query: withTypename }], undefined)).toBeNull();
    expect(match({ operationName: 'UserList', query: withTypename }, 'text/html')).toBe(false);
    expect(match({ operationName: 'UserList', query: `${withTypename} {` })).toBe(false);
  });
});

describe('read fast path: bounded', () => {
  it('prepares (and compiles) at most 4 × the listed queries + 64 texts; layout variants past that go to Apollo', () => {
    const one = createReadFastPath({ schema: buildBaseSchema(), manifest: { x: userList }, validationRules: [], introspection: false, compile: 'second' });
    const variant = (i: number) => ({ operationName: 'UserList', query: `${userList}${' '.repeat(i)}`, variables });
    const taken = Array.from({ length: 80 }, (_, i) => one.match(variant(i), undefined) !== null);
    expect(taken.filter(Boolean)).toHaveLength(4 * 1 + 64);
    expect(taken.slice(0, 68).every(Boolean)).toBe(true);
    // A text already prepared keeps its entry.
    expect(one.match(variant(3), undefined)).not.toBeNull();
    expect(one.match(variant(79), undefined)).toBeNull();
  });
});
