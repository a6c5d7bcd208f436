// Registros patronales, impuesto sobre nóminas and cuotas patronales: thin mapping to the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';
import * as sua from './sua';

export const rhEmployerResolvers: Resolvers = {
  Query: {
    rhEmployerRegistrations: (_p, a, ctx) => service.listRegistrations(ctx, a.list, a.active),
    rhEmployerRegistrationOptions: (_p, _a, ctx) => service.allRegistrations(ctx),
    rhStatePayrollTaxRates: (_p, _a, ctx) => service.payrollTaxRates(ctx),
    rhPayrollEmployerQuotas: (_p, a, ctx) => service.payrollEmployerQuotas(ctx, a.payrollId),
    rhEmployerQuotasBimester: (_p, a, ctx) => service.bimester(ctx, a),
    rhSuaBimester: (_p, a, ctx) => sua.suaBimester(ctx, a),
    rhSuaFiles: (_p, a, ctx) => sua.suaFiles(ctx, a),
  },
  RhEmployeeFormOptions: {
    employerRegistrations: (_p, _a, ctx) => service.allRegistrations(ctx),
  },
  Mutation: {
    rhEmployerRegistrationCreate: (_p, a, ctx) => service.createRegistration(ctx, a.input),
    rhEmployerRegistrationUpdate: (_p, a, ctx) => service.updateRegistration(ctx, a.id, a.version, a.input),
    rhStatePayrollTaxRateCreate: (_p, a, ctx) => service.savePayrollTaxRate(ctx, null, null, a.input),
    rhStatePayrollTaxRateUpdate: (_p, a, ctx) => service.savePayrollTaxRate(ctx, a.id, a.version, a.input),
  },
};
