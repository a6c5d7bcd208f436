// The data side of a server-paginated list: the page of rows for the URL's list
// state and filters, and every matching row for the export menu. Given the
// audit entity its rows are, the page refreshes itself when any user changes
// one of them (from any server process).
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { fetchAllPages } from './fetchAllPages';
import { readGraphQLError } from './graphqlErrors';
import { toListInput, type ListInput, type ListParams } from './listParams';
import { useRecordChanges } from './useRecordChanges';

type Page<T> = { items: T[]; total: number };

export function useServerList<TData, TVars extends { list?: ListInput | null }, TRow>(
  document: TypedDocumentNode<TData, TVars>,
  params: ListParams,
  variables: Omit<TVars, 'list'>,
  pick: (data: TData) => Page<TRow> | undefined,
  options: { entity?: string } = {},
) {
  const client = useApolloClient();
  const list = toListInput(params);
  const vars = { ...variables, list } as unknown as TVars;
  // Coming back from a form must show what was just saved.
  const { data, previousData, loading, error, refetch } = useQuery(document, { variables: vars, fetchPolicy: 'cache-and-network' } as never) as {
    data?: TData;
    previousData?: TData;
    loading: boolean;
    error?: unknown;
    refetch: () => Promise<unknown>;
  };
  useRecordChanges(options.entity, () => void refetch().catch(() => undefined));
  const source = data ?? previousData;
  const page = source ? pick(source) : undefined;
  const fetchAll = () =>
    fetchAllPages<TRow>(async (pageNumber, pageSize) => {
      const result = await client.query({ query: document, variables: { ...variables, list: { ...list, page: pageNumber, pageSize } } as unknown as TVars, fetchPolicy: 'network-only' } as never) as { data?: TData };
      return (result.data ? pick(result.data) : undefined) ?? { items: [], total: 0 };
    });
  // `page` is the whole answer `pick` chose (a list's totals travel with it).
  return { rows: page?.items ?? [], total: page?.total ?? 0, page, loading, error: readGraphQLError(error), fetchAll, refetch };
}
