// Fiscal tables, the payroll tax calculator and the benefit calculators: thin mapping to the services.
import type { Resolvers } from '../../../graphql/types';
import * as previews from './previews';
import * as service from './service';

export const rhFiscalResolvers: Resolvers = {
  Query: {
    rhFiscalYears: (_p, _a, ctx) => service.fiscalYears(ctx),
    rhFiscalYear: (_p, a, ctx) => service.fiscalYear(ctx, a.year),
    payrollTaxPreview: (_p, a, ctx) => service.taxPreview(ctx, a.input),
    aguinaldoPreview: (_p, a, ctx) => previews.aguinaldoPreview(ctx, a.input),
    vacationPreview: (_p, a, ctx) => previews.vacationPreview(ctx, a.input),
    separationPreview: (_p, a, ctx) => previews.separationPreview(ctx, a.input),
    ptuPreview: (_p, a, ctx) => previews.ptuPreview(ctx, a.input),
    employerCostPreview: (_p, a, ctx) => previews.employerCostPreview(ctx, a.input),
  },
  Mutation: {
    rhFiscalYearCreate: (_p, a, ctx) => service.createFiscalYear(ctx, a.input),
  },
};
