// ERP_PERSISTED_QUERIES=only: the manifest lists exactly the SPA's documents, and the allow-list
// takes them by document (formatting and __typename aside) or by hash, nothing else.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse, print, validate, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createAllowList } from '../../../server/graphql/persistedQueries';
import { buildBaseSchema } from '../../../server/graphql/schema';

const root = path.resolve(import.meta.dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'generated/persisted-operations.json'), 'utf8')) as Record<string, string>;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const allow = createAllowList(manifest);

describe('persisted operations manifest', () => {
  it('holds every operation of client/**/*.graphql, keyed by the sha256 of its document, all valid', () => {
    const files = (fs.readdirSync(path.join(root, 'client'), { recursive: true }) as string[]).filter((f) => f.endsWith('.graphql')).map((f) => path.join('client', f));
    const names = files.flatMap((f) =>
      parse(fs.readFileSync(path.join(root, f), 'utf8'))
        .definitions.filter((d) => d.kind === 'OperationDefinition')
        .map((d) => (d as { name?: { value: string } }).name?.value),
    );
    const listed = Object.values(manifest).flatMap((doc) =>
      parse(doc)
        .definitions.filter((d) => d.kind === 'OperationDefinition')
        .map((d) => (d as { name?: { value: string } }).name?.value),
    );
    expect(listed.sort()).toEqual(names.sort());
    const schema = buildBaseSchema();
    for (const [hash, doc] of Object.entries(manifest)) {
      expect(sha(doc)).toBe(hash);
      expect(validate(schema, parse(doc))).toEqual([]);
    }
  });
});

describe('allow-list', () => {
  const [hash, doc] = Object.entries(manifest).find(([, d]) => d.startsWith('query'))!;

  it('accepts a listed document as printed, reformatted or with the __typename Apollo Client adds', () => {
    expect(allow.resolve(doc, undefined)).toBe(doc);
    const withTypename = print(
      visit(parse(doc), {
        SelectionSet: (node) => ({ ...node, selections: [...node.selections, { kind: 'Field', name: { kind: 'Name', value: '__typename' } }] }),
      }),
    );
    expect(allow.resolve(withTypename, undefined)).toBe(withTypename);
    expect(allow.resolve(doc.replace(/\n\s*/g, ' '), {})).not.toBeNull();
  });

  it('accepts a listed hash alone and gives back its document', () => {
    expect(allow.resolve(undefined, { persistedQuery: { version: 1, sha256Hash: hash } })).toBe(doc);
  });

  it('refuses an ad-hoc or altered document, an unknown hash, a hash paired with another document, and nothing', () => {
    expect(allow.resolve('{ users { items { id email } } }', undefined)).toBeNull();
    expect(allow.resolve(doc.replace(/\{/, '{ ping '), undefined)).toBeNull();
    expect(allow.resolve(undefined, { persistedQuery: { sha256Hash: sha('x') } })).toBeNull();
    expect(allow.resolve('{ ping }', { persistedQuery: { sha256Hash: hash } })).toBeNull();
    expect(allow.resolve('{ not valid', undefined)).toBeNull();
    expect(allow.resolve(undefined, undefined)).toBeNull();
  });
});
