// Configuración PV resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';

export const vpSettingsResolvers: Resolvers = {
  Query: {
    vpGroups: (_p, a, ctx) => service.listGroups(ctx, a.list, a.active),
    vpLocations: (_p, a, ctx) => service.listLocations(ctx, a.list, a.active),
    vpDocumentTypes: (_p, a, ctx) => service.listDocumentTypes(ctx, a.list, a.active),
    vehicleFormOptions: (_p, _a, ctx) => service.vehicleFormOptions(ctx),
  },
  Mutation: {
    vpGroupCreate: (_p, a, ctx) => service.createGroup(ctx, a.input),
    vpGroupUpdate: (_p, a, ctx) => service.updateGroup(ctx, a.id, a.version, a.input),
    vpLocationCreate: (_p, a, ctx) => service.createLocation(ctx, a.input),
    vpLocationUpdate: (_p, a, ctx) => service.updateLocation(ctx, a.id, a.version, a.input),
    vpDocumentTypeCreate: (_p, a, ctx) => service.createDocumentType(ctx, a.input),
    vpDocumentTypeUpdate: (_p, a, ctx) => service.updateDocumentType(ctx, a.id, a.version, a.input),
  },
};
