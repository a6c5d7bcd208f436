// Compiled execution of the operations the server sees again and again (issue
// 12): graphql-jit turns an operation into one JavaScript function that reads
// the resolvers' results and builds the answer, where graphql-js walks the
// document for every field of every row (a 50-row list of 7 fields is about
// 400 such steps per request). Same schema, same resolvers (graphql-shield's
// rules included), same answers.
//
// Apollo takes the executor through its gateway interface (the way it runs a
// schema it does not build itself); parsing, validation, the query limits,
// error formatting and the HTTP status stay Apollo's. An operation is compiled
// the second time it is seen (ERP_GRAPHQL_COMPILE, config.ts), so a one-off document (a typo, an attacker's
// random queries) costs graphql-js's walk and never a compilation. Variables
// are checked first by graphql-js: a value of the wrong type gets graphql-js's
// error, which server/graphql/inputErrors.ts turns into Spanish.
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, getVariableValues, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import type { GraphqlCompile } from '../config';
import type { RequestContext } from '../context';
import { takeHandedOver } from './readFastPath';

/** Operations compiled or seen once, per parsed document (Apollo reuses the document of a query it has seen). */
type Seen = Map<string, CompiledQuery | 'seen' | 'refused'>;

export function compiledExecutor(schema: GraphQLSchema, when: GraphqlCompile): GatewayExecutor {
  const documents = new WeakMap<DocumentNode, Seen>();
  // Loaded on first use, not at start-up (with fast-json-stringify and ajv it is about 0.2 s of
  // every start): the first operation seen begins the load, its second request finds it ready.
  let jit: Promise<typeof import('graphql-jit')> | null = null;
  const loadJit = () => (jit ??= import('graphql-jit'));

  /** The compiled operation, null to interpret this request, or 'compile' when it is due now. */
  const lookup = (document: DocumentNode, key: string): CompiledQuery | null | 'compile' => {
    let seen = documents.get(document);
    if (!seen) documents.set(document, (seen = new Map()));
    const state = seen.get(key);
    if (state === 'refused') return null;
    if (state !== undefined && state !== 'seen') return state;
    if (state === undefined && when === 'second') {
      seen.set(key, 'seen');
      // A failed load surfaces at the compilation that awaits it.
      loadJit().catch(() => undefined);
      return null;
    }
    return 'compile';
  };

  const compile = async (document: DocumentNode, key: string, operationName: string | null): Promise<CompiledQuery | null> => {
    const { compileQuery, isCompiledQuery } = await loadJit();
    const seen = documents.get(document) as Seen;
    const state = seen.get(key);
    // Two requests may have been due at once: the first to arrive compiled it.
    if (state !== undefined && state !== 'seen') return state === 'refused' ? null : state;
    const compiled = compileQuery(schema, document, operationName ?? undefined, { disablingCapturingStackErrors: true });
    if (!isCompiledQuery(compiled)) {
      seen.set(key, 'refused');
      return null;
    }
    seen.set(key, compiled);
    return compiled;
  };

  return async (request): Promise<ExecutionResult> => {
    const { document, operationName, operation, context } = request;
    // The fast path (readFastPath.ts) already ran this request and met an error: its outcome, not a second run.
    const handed = takeHandedOver((context as RequestContext).requestId);
    if (handed) {
      if ('error' in handed) throw handed.error;
      return handed.result.errors ? { ...handed.result, errors: handed.result.errors.map(ordinaryError) } : handed.result;
    }
    const variables = request.request.variables ?? {};
    const key = operationName ?? '';
    const state = when === 'off' || operation.operation === 'subscription' ? null : lookup(document, key);
    const compiled = state === 'compile' ? await compile(document, key, operationName) : state;
    if (compiled && !getVariableValues(schema, operation.variableDefinitions ?? [], variables).errors) {
      const result = await compiled.query(undefined, context, variables);
      return result.errors ? { ...result, errors: result.errors.map(ordinaryError) } : result;
    }
    return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
  };
}

/**
 * graphql-jit's errors are its own kind: GraphQLError by prototype, but with a read-only
 * `message`, `path` and `extensions`, so the first plugin that writes to one (graphql-armor's
 * field-suggestion mask, on in production) threw and every refusal became an HTTP 500. Whatever
 * executed the operation, the rest of the pipeline gets graphql-js's own error, as
 * graphql-js's locatedError would have built it.
 */
export function ordinaryError(error: GraphQLError): GraphQLError {
  if (Object.getPrototypeOf(error) === GraphQLError.prototype) return error;
  const ordinary = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions ?? undefined,
  });
  // Only nodes or a source give graphql-js locations; jit computed them from the same nodes.
  Object.assign(ordinary, { locations: error.locations });
  if (error.originalError?.stack) ordinary.stack = error.originalError.stack;
  return ordinary;
}

/** The schema and executor for ApolloServer's `gateway` option. */
export function compiledGateway(schema: GraphQLSchema, when: GraphqlCompile): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    load: async () => ({ executor: compiledExecutor(schema, when) }),
    stop: async () => undefined,
  };
}
