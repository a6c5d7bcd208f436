// A short path for the SPA's own reads (issue 24): a POST of one of the
// operations the SPA ships (generated/persisted-operations.json), a query, with
// Apollo Client's __typename fields or without. Apollo Server spends, on every
// such request, more CPU than the resolvers: it hashes the document to find it
// in its cache, builds a request context, runs a dozen plugin hooks, copies the
// context, negotiates the answer's content type. Here the document is parsed,
// validated (graphql-js's rules, Apollo's introspection rule in production and
// graphql-armor's limits, as Apollo runs them) and compiled by graphql-jit once;
// a request then only builds the context Apollo would build (the same function:
// session, abilities), runs the compiled operation (the same resolvers, shield
// included) and writes what Apollo would write: the same status, headers and
// bytes (`JSON.stringify` of `{ data }` and a newline).
//
// Anything else goes to Apollo as before: mutations and subscriptions, documents
// not in the list, bodies Apollo would refuse or read differently (APQ hashes,
// unknown operation names, variables that are not an object), an Accept header
// other than the ones listed below. And so does every answer with an error, so
// that it is formatted, masked (graphql-armor's field suggestions) and logged
// by Apollo's own pipeline: the outcome of the execution that already ran is
// handed over (handOver) and the executor Apollo calls returns it instead of
// running the operation again (server/graphql/compiledExecution.ts). Nothing
// runs twice, no counter counts twice: the service-account gate ran before, the
// context is built once and given to Apollo.
import { execute, Kind, parse, specifiedRules, validate, visit, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode, type ValidationRule } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import type { GraphqlCompile } from '../config';
import type { RequestContext } from '../context';
import { statementCountEnabled, statementsSoFar } from '../db/statementCount';
import { PARSE_OPTIONS } from './armor';
import { canonicalDocument } from './persistedQueries';

/**
 * The content type Apollo negotiates (chooseContentTypeForSingleResultResponse) for the Accept
 * headers clients send: none, curl's, fetch's default, Apollo Client's. Any other goes to Apollo.
 */
const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';
const CONTENT_TYPES = new Map<string, string>([
  ['*/*', JSON_TYPE],
  ['application/json', JSON_TYPE],
  ['application/json, */*', JSON_TYPE],
  ['application/graphql-response+json', GRAPHQL_RESPONSE_TYPE],
  // Apollo Client 4's HttpLink.
  ['application/graphql-response+json,application/json;q=0.9', GRAPHQL_RESPONSE_TYPE],
  ['application/graphql-response+json, application/json;q=0.9', GRAPHQL_RESPONSE_TYPE],
]);

/** What the fast path writes: always HTTP 200 (an answer with errors goes to Apollo). */
export type FastAnswer = { contentType: string; body: string };

/** One persisted read, ready to run. */
export type FastOperation = {
  /** The answer to write, or null when Apollo must answer (then any execution's outcome was handed over). */
  run(ctx: RequestContext): Promise<FastAnswer | null>;
};

export type ReadFastPath = {
  /** The operation for this parsed POST body, or null when Apollo answers it. */
  match(body: unknown, accept: string | undefined): FastOperation | null;
  /** Test knob (ERP_COUNT_SQL=1): requests the fast path answered itself. */
  readonly answered: number;
  /** Apollo is stopping: from now on every request goes to Apollo, which refuses it. */
  close(): void;
};

type Outcome = { result: ExecutionResult } | { error: unknown };
const handedOver = new Map<string, Outcome>();
let taken = 0;

/** For the executor Apollo calls: the outcome this request's fast path already produced, taken once. */
export function takeHandedOver(requestId: string): Outcome | undefined {
  if (handedOver.size === 0) return undefined;
  const outcome = handedOver.get(requestId);
  if (outcome) {
    handedOver.delete(requestId);
    taken += 1;
  }
  return outcome;
}

/** Test knob (ERP_COUNT_SQL=1): outcomes Apollo's executor took instead of running the operation again. */
export const handedOverTaken = (): number => taken;

/** After Apollo answered: an outcome its executor never took (it refused earlier) is dropped. */
export function dropHandedOver(requestId: string): void {
  handedOver.delete(requestId);
}

type Entry = {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  name: string | undefined;
  /** Compiled on its first run; 'interpret' when graphql-jit declined it. */
  compiled: CompiledQuery | 'interpret' | null;
};

/** Distinct document texts remembered (an entry, or null for a text Apollo answers). */
const MAX_TEXTS = 4096;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createReadFastPath(opts: {
  schema: GraphQLSchema;
  manifest: Record<string, string>;
  /** graphql-armor's validation rules, as given to Apollo. */
  validationRules: readonly ValidationRule[];
  /** Apollo's `introspection` option: off in production, where Apollo refuses __schema and __type. */
  introspection: boolean;
  compile: GraphqlCompile;
}): ReadFastPath {
  const { schema } = opts;
  const rules = [...specifiedRules, ...opts.validationRules];
  // The queries of the list: their names (a cheap first test) and canonical texts.
  const names = new Set<string>();
  const canonical = new Set<string>();
  for (const text of Object.values(opts.manifest)) {
    const document = parse(text, PARSE_OPTIONS);
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (operation?.operation !== 'query' || !operation.name) continue;
    names.add(operation.name.value);
    canonical.add(canonicalDocument(document));
  }
  const entries = new Map<string, Entry | null>();
  let jit: Promise<typeof import('graphql-jit')> | null = null;
  let answered = 0;
  let open = true;
  // One entry (and one compilation) per text: the error locations Apollo would give are the text's.
  // A listed query comes with or without Apollo Client's __typename fields, so about two each; past
  // the bound a new text goes to Apollo, so that no stream of layout variants grows memory.
  let preparedCount = 0;
  const maxPrepared = 4 * names.size + 64;

  const prepare = (text: string): Entry | null => {
    let document: DocumentNode;
    try {
      document = parse(text, PARSE_OPTIONS);
    } catch {
      return null;
    }
    if (!canonical.has(canonicalDocument(document))) return null;
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (operations.length !== 1 || operations[0].operation !== 'query') return null;
    let plain = true;
    visit(document, {
      Directive: (node) => void ((node.name.value === 'defer' || node.name.value === 'stream') && (plain = false)),
      Field: (node) => void (!opts.introspection && (node.name.value === '__schema' || node.name.value === '__type') && (plain = false)),
    });
    if (!plain || preparedCount >= maxPrepared || validate(schema, document, rules).length > 0) return null;
    preparedCount += 1;
    return { document, operation: operations[0], name: operations[0].name?.value, compiled: null };
  };

  const compiledOf = async (entry: Entry): Promise<CompiledQuery | null> => {
    if (opts.compile === 'off' || entry.compiled === 'interpret') return null;
    if (entry.compiled) return entry.compiled;
    const { compileQuery, isCompiledQuery } = await (jit ??= import('graphql-jit'));
    // Two first requests may have compiled at once: either result is the same.
    const compiled = compileQuery(schema, entry.document, entry.name, { disablingCapturingStackErrors: true });
    entry.compiled = isCompiledQuery(compiled) ? compiled : 'interpret';
    return entry.compiled === 'interpret' ? null : entry.compiled;
  };

  const answer = (result: ExecutionResult, contentType: string): FastAnswer => {
    const statements = statementCountEnabled() ? statementsSoFar() : null;
    // As Apollo writes it: errors, data, extensions (undefined ones left out), then a newline.
    const body = statements === null ? { data: result.data } : { data: result.data, extensions: { sqlStatements: statements } };
    answered += 1;
    return { contentType, body: `${JSON.stringify(body)}\n` };
  };

  return {
    get answered() {
      return answered;
    },
    close() {
      open = false;
    },
    match(body, accept) {
      if (!open || !isRecord(body)) return null;
      const { query, operationName, variables, extensions } = body;
      // The SPA names every operation; a name outside the list never costs a parse here.
      if (typeof query !== 'string' || typeof operationName !== 'string' || !names.has(operationName)) return null;
      if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
      if (extensions !== undefined && extensions !== null && (!isRecord(extensions) || 'persistedQuery' in extensions)) return null;
      const contentType = accept === undefined || accept === '' ? JSON_TYPE : CONTENT_TYPES.get(accept);
      if (!contentType) return null;
      let entry = entries.get(query);
      if (entry === undefined) {
        entry = prepare(query);
        if (entries.size < MAX_TEXTS) entries.set(query, entry);
      }
      if (!entry || operationName !== entry.name) return null;
      const prepared = entry;
      const values = (variables ?? {}) as Record<string, unknown>;
      return {
        async run(ctx) {
          let result: ExecutionResult;
          try {
            const compiled = prepared.compiled && prepared.compiled !== 'interpret' && opts.compile !== 'off' ? prepared.compiled : await compiledOf(prepared);
            result = compiled
              ? await compiled.query(undefined, ctx, values)
              : await execute({ schema, document: prepared.document, contextValue: ctx, variableValues: values, operationName: prepared.name });
          } catch (error) {
            handedOver.set(ctx.requestId, { error });
            return null;
          }
          // No `data` at all: nothing ran (a variable of the wrong type, which graphql-jit and
          // graphql-js both check first); Apollo's executor answers it from the start, with
          // graphql-js's own message, as for any other request.
          if (!('data' in result)) return null;
          if (result.errors?.length) {
            handedOver.set(ctx.requestId, { result });
            return null;
          }
          return answer(result, contentType);
        },
      };
    },
  };
}
