// Empleados resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import { toAttachment } from '../../../lib/attachments';
import * as service from './service';

export const rhEmployeeResolvers: Resolvers = {
  Query: {
    rhEmployees: (_p, a, ctx) => service.listEmployees(ctx, a.list, a.filter),
    rhEmployeeGroups: (_p, a, ctx) => service.employeeGroups(ctx, a.groupBy, a.list, a.filter),
    rhEmployee: (_p, a, ctx) => service.getEmployee(ctx, a.id),
    rhEmployeeOptions: (_p, a, ctx) => service.employeeOptions(ctx, a.search, a.limit),
  },
  Mutation: {
    rhEmployeeCreate: (_p, a, ctx) => service.createEmployee(ctx, a.input),
    rhEmployeeUpdate: (_p, a, ctx) => service.updateEmployee(ctx, a.id, a.version, a.input),
    rhEmployeeTerminate: (_p, a, ctx) => service.terminateEmployee(ctx, a.id, a.version, a.input),
    rhEmployeeRehire: (_p, a, ctx) => service.rehireEmployee(ctx, a.id, a.version, a.input),
    rhEmployeePhotoSet: (_p, a, ctx) => service.setPhoto(ctx, a.employeeId, a.fileId),
    rhEmployeeDocumentAdd: (_p, a, ctx) => service.addDocument(ctx, a.employeeId, a.input),
    rhEmployeeDocumentRemove: (_p, a, ctx) => service.removeDocument(ctx, a.id),
    rhEmployeeImport: (_p, a, ctx) => service.importEmployees(ctx, a.rows),
  },
  RhEmployee: {
    photo: (e) => (e.photo ? toAttachment(e.photo) : null),
    documents: (e, _a, ctx) => service.documentsOf(ctx, e.id),
    history: (e, _a, ctx) => service.historyOf(ctx, e.id),
  },
};
