// Reportes de Parque Vehicular resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';
import { reportPdf } from './pdf';

export const vpReportResolvers: Resolvers = {
  Query: {
    vpExpiringDocuments: (_p, a, ctx) => service.expiringDocuments(ctx, a.days),
    vpVehicleCounts: (_p, a, ctx) => service.vehicleCounts(ctx, a.by),
    vpKmPerMonth: (_p, a, ctx) => service.kmPerMonth(ctx, a.fromMonth, a.toMonth),
    vpMaintenanceCost: (_p, a, ctx) => service.maintenanceCost(ctx, a.fromDate, a.toDate),
    vpReportPdf: (_p, a, ctx) => reportPdf(ctx, a.kind, a),
  },
};
