// Compiled execution (server/graphql/compiledExecution.ts): an operation runs
// through graphql-js the first time and compiled from the second; both give
// the same data, the same errors with the same paths, and a variable of the
// wrong type keeps graphql-js's error (which the server turns into Spanish).
// Every operation the SPA ships compiles.
import fs from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { GraphQLError, GraphQLScalarType, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import * as jit from 'graphql-jit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphqlCompile } from '../../../server/config';
import { compiledExecutor } from '../../../server/graphql/compiledExecution';
import { buildBaseSchema } from '../../../server/graphql/schema';

vi.mock('graphql-jit', async (original) => {
  const real = await original<typeof import('graphql-jit')>();
  return { ...real, compileQuery: vi.fn(real.compileQuery) };
});
const compileQuery = vi.mocked(jit.compileQuery);

const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    scalar Cents
    type Line { sku: String! qty: Int! price: Cents }
    type Order { id: ID! lines: [Line!]! broken: Line! refused: Line }
    type Query { orders(first: Int!): [Order!]! }
    type Subscription { tick: Int! }
  `,
  resolvers: {
    Cents: new GraphQLScalarType({ name: 'Cents', serialize: (v) => `${(Number(v) / 100).toFixed(2)} MXN` }),
    Query: {
      orders: (_root: unknown, { first }: { first: number }, ctx: { seen: string[] }) => {
        ctx.seen.push(`orders(${first})`);
        return Array.from({ length: first }, (_, i) => ({ id: i + 1, lines: [{ sku: `A-${i}`, qty: i, price: 1050 * (i + 1) }] }));
      },
    },
    Order: {
      broken: (order: { id: number }) => {
        if (order.id === 2) throw new Error('pedido 2 sin partida');
        return { sku: 'X', qty: 0, price: null };
      },
      refused: () => {
        throw new GraphQLError('No tienes permiso para realizar esta acción.', { extensions: { code: 'FORBIDDEN' } });
      },
    },
    Subscription: { tick: { subscribe: async function* () {}, resolve: () => 1 } },
  },
});

const QUERY = 'query Orders($n: Int!) { orders(first: $n) { id lines { sku qty price } } }';
const BROKEN = '{ orders(first: 3) { id broken { sku } } }';

function runner(when: GraphqlCompile) {
  const execute = compiledExecutor(schema, when);
  const documents = new Map<string, DocumentNode>();
  return async (query: string, variables: Record<string, unknown> = {}) => {
    // Apollo hands the executor the same parsed document for the same query text.
    if (!documents.has(query)) documents.set(query, parse(query));
    const document = documents.get(query)!;
    const operation = document.definitions[0] as OperationDefinitionNode;
    const context = { seen: [] as string[] };
    const result = await execute({ document, operation, operationName: operation.name?.value ?? null, context, request: { variables } } as unknown as GatewayGraphQLRequestContext);
    return { result: JSON.parse(JSON.stringify(result)) as Record<string, unknown>, seen: context.seen };
  };
}

beforeEach(() => {
  compileQuery.mockClear();
});

describe('compiled execution', () => {
  it('interprets an operation the first time, compiles it the second, reuses it after, with the same answer', async () => {
    const run = runner('second');
    const expected = {
      data: { orders: [{ id: '1', lines: [{ sku: 'A-0', qty: 0, price: '10.50 MXN' }] }, { id: '2', lines: [{ sku: 'A-1', qty: 1, price: '21.00 MXN' }] }] },
    };
    expect(await run(QUERY, { n: 2 })).toEqual({ result: expected, seen: ['orders(2)'] });
    expect(compileQuery).not.toHaveBeenCalled();
    expect(await run(QUERY, { n: 2 })).toEqual({ result: expected, seen: ['orders(2)'] });
    expect(compileQuery).toHaveBeenCalledTimes(1);
    expect(await run(QUERY, { n: 1 })).toEqual({ result: { data: { orders: [expected.data.orders[0]] } }, seen: ['orders(1)'] });
    expect(compileQuery).toHaveBeenCalledTimes(1);
  });

  it('gives the same error, path and null bubbling compiled as interpreted', async () => {
    const interpreted = await runner('off')(BROKEN);
    const compiled = await runner('first')(BROKEN);
    expect(compileQuery).toHaveBeenCalledTimes(1);
    // A non-null field that fails nulls its parent, and the non-null list nulls `orders`... up to data.
    expect(interpreted.result).toEqual({
      data: null,
      errors: [{ message: 'pedido 2 sin partida', locations: [{ line: 1, column: 25 }], path: ['orders', 1, 'broken'] }],
    });
    expect(compiled.result).toEqual(interpreted.result);
  });

  it('hands on graphql-js errors, never graphql-jit read-only ones, with the code and original error', async () => {
    const execute = compiledExecutor(schema, 'first');
    const document = parse('{ orders(first: 1) { id refused { sku } } }');
    const operation = document.definitions[0] as OperationDefinitionNode;
    const request = { document, operation, operationName: null, context: { seen: [] }, request: { variables: {} } } as unknown as GatewayGraphQLRequestContext;
    const [compiled, interpreted] = [await execute(request), await compiledExecutor(schema, 'off')(request)];
    expect(compileQuery).toHaveBeenCalledTimes(1);
    for (const result of [compiled, interpreted]) {
      const error = result.errors![0] as GraphQLError;
      expect(Object.getPrototypeOf(error)).toBe(GraphQLError.prototype);
      expect(error.extensions).toEqual({ code: 'FORBIDDEN' });
      expect(error.path).toEqual(['orders', 0, 'refused']);
      expect(error.locations).toEqual([{ line: 1, column: 25 }]);
      expect((error.originalError as GraphQLError).message).toBe('No tienes permiso para realizar esta acción.');
      // A plugin may rewrite the message (graphql-armor masks field suggestions in production).
      error.message = error.message.replace('permiso', 'permiso alguno');
      expect(error.message).toBe('No tienes permiso alguno para realizar esta acción.');
    }
  });

  it('leaves a variable of the wrong type to graphql-js, whose message the server translates', async () => {
    const run = runner('first');
    const { result, seen } = await run(QUERY, { n: 'tres' });
    expect(seen).toEqual([]);
    expect(result).toEqual({
      errors: [{ message: 'Variable "$n" got invalid value "tres"; Int cannot represent non-integer value: "tres"', locations: [{ line: 1, column: 14 }] }],
    });
  });

  it('never compiles with "off", nor a subscription', async () => {
    const off = runner('off');
    await off(QUERY, { n: 1 });
    await off(QUERY, { n: 1 });
    const first = runner('first');
    await first('subscription { tick }');
    expect(compileQuery).not.toHaveBeenCalled();
  });

  // A sweep that grows with every operation the SPA adds (about 4 s alone, more beside other files): its own limit.
  it('compiles every operation the SPA ships against the real schema', { timeout: 60_000 }, () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../generated/persisted-operations.json'), 'utf8')) as Record<string, string>;
    const real = buildBaseSchema();
    const refused = Object.values(manifest).flatMap((doc) => {
      const document = parse(doc);
      return document.definitions
        .filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition' && d.operation !== 'subscription')
        .filter((d) => !jit.isCompiledQuery(jit.compileQuery(real, document, d.name?.value)))
        .map((d) => d.name?.value);
    });
    expect(Object.keys(manifest).length).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  });
});
