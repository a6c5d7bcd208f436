// Informes de RH resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';
import { reportPdf } from './pdf';

export const rhReportResolvers: Resolvers = {
  Query: {
    rhHeadcount: (_p, _a, ctx) => service.headcount(ctx),
    rhDocumentAlerts: (_p, a, ctx) => service.documentAlerts(ctx, a.withinDays),
    rhAnniversaries: (_p, a, ctx) => service.anniversaries(ctx, a.withinDays),
    rhPayrollCosts: (_p, a, ctx) => service.payrollCosts(ctx, a.from, a.to),
    rhReportPdf: (_p, a, ctx) => reportPdf(ctx, a.kind, a),
  },
};
