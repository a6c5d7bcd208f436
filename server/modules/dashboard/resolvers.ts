// Tablero resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../graphql/types';
import * as service from './service';

export const dashboardResolvers: Resolvers = {
  Query: {
    dashboard: (_p, _a, ctx) => service.dashboard(ctx),
  },
};
