// Vacaciones resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';

export const rhVacationResolvers: Resolvers = {
  Query: {
    rhVacationRequests: (_p, a, ctx) => service.listRequests(ctx, a.list, a.filter),
    rhVacationRequest: (_p, a, ctx) => service.getRequest(ctx, a.id),
    rhVacationBalance: (_p, a, ctx) => service.getBalance(ctx, a.employeeId),
  },
  Mutation: {
    rhVacationRequestCreate: (_p, a, ctx) => service.createRequest(ctx, a.input),
    rhVacationRequestApprove: (_p, a, ctx) => service.approveRequest(ctx, a.id, a.version),
    rhVacationRequestReject: (_p, a, ctx) => service.rejectRequest(ctx, a.id, a.version, a.reason),
    rhVacationRequestCancel: (_p, a, ctx) => service.cancelRequest(ctx, a.id, a.version, a.reason),
  },
};
