// Incapacidades resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import { INCAPACITY_TYPE_LABEL } from '../../../../schema/rh/incapacities';
import * as service from './service';

export const rhIncapacityResolvers: Resolvers = {
  Query: {
    rhIncapacities: (_p, a, ctx) => service.listIncapacities(ctx, a.employeeId),
  },
  Mutation: {
    rhIncapacityCreate: (_p, a, ctx) => service.createIncapacity(ctx, a.input),
    rhIncapacityCancel: (_p, a, ctx) => service.cancelIncapacity(ctx, a.id, a.version, a.reason),
  },
  RhIncapacity: {
    typeLabel: (i) => INCAPACITY_TYPE_LABEL[i.type as keyof typeof INCAPACITY_TYPE_LABEL],
  },
};
