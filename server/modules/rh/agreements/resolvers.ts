// Convenios resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';

export const rhAgreementResolvers: Resolvers = {
  Query: {
    rhAgreements: (_p, a, ctx) => service.listAgreements(ctx, a.list, a.filter),
    rhAgreement: (_p, a, ctx) => service.getAgreement(ctx, a.id),
  },
  Mutation: {
    rhAgreementCreate: (_p, a, ctx) => service.createAgreement(ctx, a.input),
    rhAgreementUpdate: (_p, a, ctx) => service.updateAgreement(ctx, a.id, a.version, a.input),
    rhAgreementCancel: (_p, a, ctx) => service.cancelAgreement(ctx, a.id, a.version, a.reason),
  },
  RhAgreement: {
    payments: (agreement, _a, ctx) => service.paymentsOf(ctx, Number(agreement.id)),
  },
};
