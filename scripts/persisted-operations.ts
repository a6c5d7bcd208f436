// Run by `npm run codegen` after graphql-codegen: the manifest of the operations the SPA ships
// (sha256 of the printed document → document), read by the server when ERP_PERSISTED_QUERIES=only.
// The documents are the client preset's own (operation + the fragments it spreads), printed as
// Apollo Client prints them. Every client output counts: generated/app/, generated/components/ and
// generated/modules/<module>/ (a components' operation is in several; its hash is one).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { print, type DocumentNode } from 'graphql';

const root = path.resolve(import.meta.dirname, '..');
const isOperationDocument = (v: unknown): v is DocumentNode =>
  typeof v === 'object' && v !== null && (v as DocumentNode).kind === 'Document' && (v as DocumentNode).definitions.some((d) => d.kind === 'OperationDefinition');

const manifest: Record<string, string> = {};
const generated = path.join(root, 'generated');
const outputs = ['app', 'components', ...fs.readdirSync(path.join(generated, 'modules')).map((name) => `modules/${name}`)];
for (const output of outputs) {
  const exported = (await import(pathToFileURL(path.join(generated, output, 'graphql.ts')).href)) as Record<string, unknown>;
  for (const value of Object.values(exported)) {
    if (!isOperationDocument(value)) continue;
    const document = print(value);
    manifest[createHash('sha256').update(document).digest('hex')] = document;
  }
}
const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(root, 'generated/persisted-operations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
