// Query limits (depth, cost, aliases, tokens, directives), shared by HTTP and WebSocket.
import { ApolloArmor } from '@escape.tech/graphql-armor';

export const LIMITS = { maxDepth: 12, maxCost: 20000, maxAliases: 15, maxTokens: 5000, maxDirectives: 30 } as const;

/** Given to Apollo and to the WebSocket parse: a longer document is refused while parsing (HTTP 400). */
export const PARSE_OPTIONS = { maxTokens: LIMITS.maxTokens } as const;

export function createArmor(production: boolean) {
  return new ApolloArmor({
    maxDepth: { n: LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
    costLimit: { maxCost: LIMITS.maxCost, ignoreIntrospection: true },
    maxAliases: { n: LIMITS.maxAliases },
    // The token limit is graphql-js's own parse option (PARSE_OPTIONS): armor's version re-parses in a
    // plugin hook, so every syntax error escaped as an HTTP 500 instead of Apollo's 400.
    maxTokens: { enabled: false },
    maxDirectives: { n: LIMITS.maxDirectives },
    blockFieldSuggestion: { enabled: production },
  }).protect();
}
