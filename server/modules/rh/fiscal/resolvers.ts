// Fiscal tables and the payroll tax calculator: thin mapping to the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';

export const rhFiscalResolvers: Resolvers = {
  Query: {
    rhFiscalYears: (_p, _a, ctx) => service.fiscalYears(ctx),
    rhFiscalYear: (_p, a, ctx) => service.fiscalYear(ctx, a.year),
    payrollTaxPreview: (_p, a, ctx) => service.taxPreview(ctx, a.input),
  },
  Mutation: {
    rhFiscalYearCreate: (_p, a, ctx) => service.createFiscalYear(ctx, a.input),
  },
};
