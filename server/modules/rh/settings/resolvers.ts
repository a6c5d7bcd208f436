// Configuración RH resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';

export const rhSettingsResolvers: Resolvers = {
  Query: {
    rhAreas: (_p, a, ctx) => service.listAreas(ctx, a.list, a.active),
    rhPositions: (_p, a, ctx) => service.listPositions(ctx, a.list, a.filter),
    rhWorkplaces: (_p, a, ctx) => service.listWorkplaces(ctx, a.list, a.filter),
    rhWorkplace: (_p, a, ctx) => service.getWorkplace(ctx, a.id),
    rhDocumentTypes: (_p, a, ctx) => service.listDocumentTypes(ctx, a.list, a.active),
    rhConcepts: (_p, a, ctx) => service.listConcepts(ctx, a.list, a.filter),
    rhEmployeeFormOptions: (_p, _a, ctx) => service.employeeFormOptions(ctx),
    rhCaptureConcepts: (_p, _a, ctx) => service.captureConcepts(ctx),
  },
  Mutation: {
    rhAreaCreate: (_p, a, ctx) => service.createArea(ctx, a.input),
    rhAreaUpdate: (_p, a, ctx) => service.updateArea(ctx, a.id, a.version, a.input),
    rhPositionCreate: (_p, a, ctx) => service.createPosition(ctx, a.input),
    rhPositionUpdate: (_p, a, ctx) => service.updatePosition(ctx, a.id, a.version, a.input),
    rhWorkplaceCreate: (_p, a, ctx) => service.createWorkplace(ctx, a.input),
    rhWorkplaceUpdate: (_p, a, ctx) => service.updateWorkplace(ctx, a.id, a.version, a.input),
    rhDocumentTypeCreate: (_p, a, ctx) => service.createDocumentType(ctx, a.input),
    rhDocumentTypeUpdate: (_p, a, ctx) => service.updateDocumentType(ctx, a.id, a.version, a.input),
    rhConceptCreate: (_p, a, ctx) => service.createConcept(ctx, a.input),
    rhConceptUpdate: (_p, a, ctx) => service.updateConcept(ctx, a.id, a.version, a.input),
  },
};
