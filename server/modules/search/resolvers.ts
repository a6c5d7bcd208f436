// Búsqueda rápida resolvers.
import type { Resolvers } from '../../graphql/types';
import * as service from './service';

export const searchResolvers: Resolvers = {
  Query: {
    quickSearch: (_p, a, ctx) => service.quickSearch(ctx, a.term, a.limit),
  },
};
