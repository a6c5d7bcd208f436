// Assemble the one schema: every SDL file in schema/, the scalars, each
// module's resolvers, and the permission layer generated from the SDL.
import fs from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { defaultFieldResolver, isObjectType, isScalarType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import type { IMiddleware } from 'graphql-middleware';
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
    // The schema built from the SDL is new and ours: its fields take the resolvers as they are
    // instead of being copied into a second schema (about 200 ms of the server's start).
    updateResolversInPlace: true,
  });
  // graphql-tools copies every property of a resolver's GraphQLScalarType onto the SDL's scalar,
  // its undefined description too: the SDL (base.graphql) stays the one place scalars are described.
  for (const type of Object.values(schema.getTypeMap())) {
    if (isScalarType(type) && !type.description && type.astNode?.description) type.description = type.astNode.description.value;
  }
  return schema;
}

type Resolve = (parent?: unknown, args?: unknown, ctx?: unknown, info?: GraphQLResolveInfo) => unknown;
type MiddlewareResolver = (resolve: Resolve, parent: unknown, args: unknown, ctx: unknown, info: GraphQLResolveInfo) => unknown;
type FieldMiddleware = MiddlewareResolver | { resolve: MiddlewareResolver };
type TypeMiddleware = MiddlewareResolver | Record<string, FieldMiddleware>;

/**
 * Wraps the fields a middleware map names, in place, the first map outermost. It does what
 * graphql-middleware's applyMiddleware did with these maps (a field's own resolver is wrapped; a
 * field with none, its subscribe or the default resolver) without building a new copy of the whole
 * schema per middleware, which cost about 270 ms of every start. The maps name object types only
 * (the permission layer and the id guard wrap the root fields).
 */
function wrapFields(schema: GraphQLSchema, outermostFirst: IMiddleware[]): void {
  for (const middleware of [...outermostFirst].reverse()) {
    for (const [typeName, byField] of Object.entries(middleware as Record<string, TypeMiddleware>)) {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) throw new Error(`middleware for ${typeName}, which is not an object type of the schema`);
      const fields = type.getFields();
      const entries: [string, FieldMiddleware][] =
        typeof byField === 'function' ? Object.keys(fields).map((name) => [name, byField]) : Object.entries(byField);
      for (const [name, entry] of entries) {
        const field = fields[name];
        if (!field) throw new Error(`middleware for ${typeName}.${name}, which the schema does not have`);
        const run = typeof entry === 'function' ? entry : entry.resolve;
        const wrap =
          (inner: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> =>
          (parent, args, ctx, info) =>
            run((p = parent, a = args, c = ctx, i = info) => inner(p, a as Record<string, unknown>, c, i), parent, args, ctx, info);
        if (field.resolve && field.resolve !== defaultFieldResolver) field.resolve = wrap(field.resolve);
        else if (field.subscribe) field.subscribe = wrap(field.subscribe);
        else field.resolve = wrap(defaultFieldResolver);
      }
    }
  }
}

/** `permissions: false` exists only so the benchmark can measure the permission layer's cost. */
export function buildSchema(opts: { permissions: boolean } = { permissions: true }): GraphQLSchema {
  const schema = buildBaseSchema();
  // Permissions first (outermost): a refused caller learns nothing about ids.
  wrapFields(schema, [buildPermissions(schema, { enabled: opts.permissions }), idGuard]);
  return schema;
}
