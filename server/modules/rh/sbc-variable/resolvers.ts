// SBC variable part resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';

export const rhSbcVariableResolvers: Resolvers = {
  Query: {
    rhSbcVariablePreview: (_p, a, ctx) => service.preview(ctx, a.year, a.bimester),
  },
  Mutation: {
    rhSbcVariableApply: (_p, a, ctx) => service.apply(ctx, a.year, a.bimester),
  },
};
