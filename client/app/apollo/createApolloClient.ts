// Apollo Client 4 for the SPA: HTTP for queries/mutations, graphql-ws for
// subscriptions on the same /api/graphql path, the Bearer token on both, and
// an error link that ends the session when the server says it is no longer
// valid.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { isSessionExpired } from './sessionExpiry';

export const GRAPHQL_PATH = '/api/graphql';

export type ApolloSetup = {
  client: ApolloClient;
  /** Drops the WebSocket so it reconnects with the current token. */
  restartSubscriptions: () => void;
};

export type ApolloSetupOptions = {
  getToken: () => string;
  onSessionExpired: () => void;
};

function webSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${GRAPHQL_PATH}`;
}

export function createApolloSetup({ getToken, onSessionExpired }: ApolloSetupOptions): ApolloSetup {
  const wsClient: Client = createClient({
    url: webSocketUrl(),
    // Read per connection, so a reconnect after sign-in carries the new token.
    connectionParams: () => {
      const token = getToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    lazy: true,
  });

  const authLink = new SetContextLink(({ headers }) => {
    const token = getToken();
    return { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  });

  const errorLink = new ErrorLink(({ error, operation }) => {
    // Only while a token is held: once signed out, the other requests that
    // were in flight fail too and must not repeat the notice.
    if (isSessionExpired(error, operation.operationName, getToken() !== '')) onSessionExpired();
  });

  const transport = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    new GraphQLWsLink(wsClient),
    new HttpLink({ uri: GRAPHQL_PATH }),
  );

  const client = new ApolloClient({
    link: ApolloLink.from([errorLink, authLink, transport]),
    cache: new InMemoryCache({
      typePolicies: {
        // A hit's id is only unique within its entity (client 5 and invoice 5): never merge hits by id.
        QuickSearchHit: { keyFields: false },
      },
    }),
  });

  return { client, restartSubscriptions: () => wsClient.terminate() };
}
