// Query limits (depth, cost, aliases, tokens, directives), shared by HTTP and WebSocket.
import { ApolloArmor } from '@escape.tech/graphql-armor';

export const LIMITS = { maxDepth: 12, maxCost: 20000, maxAliases: 15, maxTokens: 5000, maxDirectives: 30 } as const;

export function createArmor(production: boolean) {
  return new ApolloArmor({
    maxDepth: { n: LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
    costLimit: { maxCost: LIMITS.maxCost, ignoreIntrospection: true },
    maxAliases: { n: LIMITS.maxAliases },
    maxTokens: { n: LIMITS.maxTokens },
    maxDirectives: { n: LIMITS.maxDirectives },
    blockFieldSuggestion: { enabled: production },
  }).protect();
}
