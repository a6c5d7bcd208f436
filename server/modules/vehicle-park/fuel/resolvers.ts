// Combustible resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';

export const vpFuelResolvers: Resolvers = {
  Query: {
    fuelLoads: (_p, a, ctx) => service.listFuelLoads(ctx, a.list, a.filter),
    fuelLoad: (_p, a, ctx) => service.getFuelLoad(ctx, a.id),
    vehicleFuelSummary: (_p, a, ctx) => service.vehicleFuelSummary(ctx, a.vehicleId, a.fromDate, a.toDate),
    vpFuelBands: (_p, _a, ctx) => service.listBands(ctx),
  },
  Mutation: {
    fuelLoadCreate: (_p, a, ctx) => service.createFuelLoad(ctx, a.input),
    fuelLoadDelete: (_p, a, ctx) => service.deleteFuelLoad(ctx, a.id),
    vpFuelBandCreate: (_p, a, ctx) => service.createBand(ctx, a.input),
    vpFuelBandUpdate: (_p, a, ctx) => service.updateBand(ctx, a.id, a.version, a.input),
  },
};
