// Nóminas Fiscales: thin mapping to the service. The list loads employees and
// concept totals only when the operation selects them.
import type { Resolvers } from '../../../graphql/types';
import { selectsPath } from '../../../graphql/selection';
import * as service from './service';

export const rhFiscalPayrollResolvers: Resolvers = {
  Query: {
    rhFiscalPayrolls: (_p, a, ctx, info) =>
      service.listFiscalPayrolls(ctx, a.list, a.filter, { employees: selectsPath(info, ['items', 'employees']), conceptTotals: selectsPath(info, ['items', 'conceptTotals']) }),
    rhFiscalPayroll: (_p, a, ctx) => service.getFiscalPayroll(ctx, a.id),
  },
};
