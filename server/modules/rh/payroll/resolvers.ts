// Nóminas resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../../graphql/types';
import * as service from './service';
import { overtimeSourcesOf } from './crewOvertime';
import { receiptsPdf } from './receipts';
import { excludeReceiptFromStamping, receiptXml, retryReceiptStamp } from './stamping';
import { cancelReceipt, correctReceipt, receiptCfdis, receiptCfdiXml, retryReceiptCfdiCancel } from './substitution';
import { CANCEL_MOTIVOS } from '../../../lib/cfdi';

export const rhPayrollResolvers: Resolvers = {
  Query: {
    rhPayrolls: (_p, a, ctx) => service.listPayrolls(ctx, a.list, a.filter),
    rhPayrollGroups: (_p, a, ctx) => service.payrollGroups(ctx, a.groupBy, a.list, a.filter),
    rhPayroll: (_p, a, ctx) => service.getPayroll(ctx, a.id),
    rhPayrollReceiptsPdf: (_p, a, ctx) => receiptsPdf(ctx, a.id, a.employeeId),
    rhPayrollReceiptXml: (_p, a, ctx) => receiptXml(ctx, a.payrollEmployeeId),
    rhPayrollReceiptCfdiXml: (_p, a, ctx) => receiptCfdiXml(ctx, a.cfdiId),
    rhSeparationPayrollPreview: (_p, a, ctx) => service.previewSeparationPayroll(ctx, a.employeeId, a.input),
  },
  Mutation: {
    rhPayrollCreate: (_p, a, ctx) => service.createPayroll(ctx, a.input),
    rhSeparationPayrollCreate: (_p, a, ctx) => service.createSeparationPayroll(ctx, a.employeeId, a.input),
    rhPayrollIncidentSave: (_p, a, ctx) => service.saveIncident(ctx, a.payrollEmployeeId, a.input),
    rhPayrollCalculate: (_p, a, ctx) => service.calculatePayroll(ctx, a.id, a.version),
    rhPayrollPtuExclusion: (_p, a, ctx) => service.setPtuExclusion(ctx, a.payrollEmployeeId, a.excluded),
    rhPayrollClose: (_p, a, ctx) => service.closePayroll(ctx, a.id, a.version),
    rhPayrollDelete: (_p, a, ctx) => service.deletePayroll(ctx, a.id, a.version),
    rhPayrollReceiptStamp: (_p, a, ctx) => retryReceiptStamp(ctx, a.payrollEmployeeId),
    rhPayrollReceiptExclude: (_p, a, ctx) => excludeReceiptFromStamping(ctx, a.payrollEmployeeId, a.reason),
    rhPayrollReceiptCorrect: (_p, a, ctx) => correctReceipt(ctx, a.payrollEmployeeId, a.uuid, a.input, a.reason),
    rhPayrollReceiptCancel: (_p, a, ctx) => cancelReceipt(ctx, a.payrollEmployeeId, a.uuid, a.motivo, a.reason),
    rhPayrollReceiptCfdiCancelRetry: (_p, a, ctx) => retryReceiptCfdiCancel(ctx, a.cfdiId),
  },
  // Nóminas Fiscales' lists already carry their employees and totals (loaded in bulk).
  RhPayroll: {
    employees: (p, _a, ctx) => service.payrollEmployees(ctx, p),
    conceptTotals: (p, _a, ctx) => service.conceptTotals(ctx, p),
  },
  RhPayrollEmployee: {
    lines: (e, _a, ctx) => service.linesOf(ctx, e),
    overtimeSources: (e, _a, ctx) => overtimeSourcesOf(ctx, Number(e.id)),
    replacedCfdis: (e, _a, ctx) => receiptCfdis(ctx, Number(e.id)),
  },
  RhReceiptCfdi: {
    motivoLabel: (c) => CANCEL_MOTIVOS[c.motivo as keyof typeof CANCEL_MOTIVOS] ?? c.motivo,
  },
};
