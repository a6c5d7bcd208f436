// Assemble the one schema: every SDL file in schema/, the scalars, each
// module's resolvers, and the permission layer generated from the SDL.
import fs from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { isScalarType, type GraphQLSchema } from 'graphql';
import { applyMiddleware } from 'graphql-middleware';
import { fromRoot } from '../lib/paths';
import { modules } from '../modules';
import { idGuard } from './idGuard';
import { buildPermissions } from './permissions';
import { scalarResolvers } from './scalars';

const schemaDir = fromRoot('schema');

/** Every SDL file of schema/ (base.graphql first) with its name: /api/docs groups root fields by file. */
export function loadTypeDefFiles(): { file: string; sdl: string }[] {
  return fs
    .readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)))
    .map((file) => ({ file, sdl: fs.readFileSync(path.join(schemaDir, file), 'utf8') }));
}

export function loadTypeDefs(): string[] {
  return loadTypeDefFiles().map((f) => f.sdl);
}

/** The executable schema without permissions (tests walk its declarations). */
export function buildBaseSchema(): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs: loadTypeDefs(),
    resolvers: [scalarResolvers, ...modules.map((m) => m.resolvers)] as Parameters<typeof makeExecutableSchema>[0]['resolvers'],
  });
  // graphql-tools copies every property of a resolver's GraphQLScalarType onto the SDL's scalar,
  // its undefined description too: the SDL (base.graphql) stays the one place scalars are described.
  for (const type of Object.values(schema.getTypeMap())) {
    if (isScalarType(type) && !type.description && type.astNode?.description) type.description = type.astNode.description.value;
  }
  return schema;
}

/** `permissions: false` exists only so the benchmark can measure the permission layer's cost. */
export function buildSchema(opts: { permissions: boolean } = { permissions: true }): GraphQLSchema {
  const base = buildBaseSchema();
  // Permissions first (outermost): a refused caller learns nothing about ids.
  return applyMiddleware(base, buildPermissions(base, { enabled: opts.permissions }), idGuard);
}
