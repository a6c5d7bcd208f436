// Movimientos IMSS resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';
import { allRegistrations } from '../employer/service';

export const rhImssMovementResolvers: Resolvers = {
  Query: {
    rhImssMovements: (_p, a, ctx) => service.listMovements(ctx, a.list, a.filter),
    rhImssMovementsIdseFile: (_p, a, ctx) => service.idseFileOf(ctx, a.ids),
    rhImssMovementRegistrations: (_p, _a, ctx) => allRegistrations(ctx),
  },
  Mutation: {
    rhImssMovementsMarkPresented: (_p, a, ctx) => service.markPresented(ctx, a.ids, a.acuse),
  },
};
