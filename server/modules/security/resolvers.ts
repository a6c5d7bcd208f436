// Seguridad resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../graphql/types';
import { reportPdf } from './pdf';
import * as service from './service';

export const securityResolvers: Resolvers = {
  Query: {
    secInspectionTypes: (_p, a, ctx) => service.listTypes(ctx, a.list, a.active),
    secInspectionTypeOptions: (_p, _a, ctx) => service.typeOptions(ctx),
    secSchedules: (_p, a, ctx) => service.listSchedules(ctx, a.list, a.filter),
    secInspections: (_p, a, ctx) => service.listInspections(ctx, a.list, a.filter),
    secInspectionGroups: (_p, a, ctx) => service.inspectionGroups(ctx, a.groupBy, a.list, a.filter),
    secInspection: (_p, a, ctx) => service.getInspection(ctx, a.id),
    secMaintenanceReports: (_p, a, ctx) => service.maintenanceReports(ctx, a.list, a.status),
    secPermits: (_p, a, ctx) => service.listPermits(ctx, a.list, a.filter),
    secPermit: (_p, a, ctx) => service.getPermit(ctx, a.id),
    secTools: (_p, a, ctx) => service.listTools(ctx, a.list, a.filter),
    secTool: (_p, a, ctx) => service.getTool(ctx, a.id),
    secDeliverableTools: (_p, a, ctx) => service.deliverableTools(ctx, a.search, a.limit),
    secDeliveries: (_p, a, ctx) => service.listDeliveries(ctx, a.list, a.filter),
    secDelivery: (_p, a, ctx) => service.getDelivery(ctx, a.id),
    secCompliance: (_p, a, ctx) => service.compliance(ctx, a.from, a.to, a.by),
    secOpenFindings: (_p, _a, ctx) => service.openFindings(ctx),
    secEquipmentHeld: (_p, _a, ctx) => service.equipmentHeld(ctx),
    secPermitSummary: (_p, a, ctx) => service.permitSummary(ctx, a.from, a.to),
    secReportPdf: (_p, a, ctx) => reportPdf(ctx, a.kind, { from: a.from, to: a.to, by: a.by }),
  },
  Mutation: {
    secInspectionTypeCreate: (_p, a, ctx) => service.saveType(ctx, null, null, a.input),
    secInspectionTypeUpdate: (_p, a, ctx) => service.saveType(ctx, a.id, a.version, a.input),
    secScheduleCreate: (_p, a, ctx) => service.saveSchedule(ctx, null, null, a.input),
    secScheduleUpdate: (_p, a, ctx) => service.saveSchedule(ctx, a.id, a.version, a.input),
    secScheduleCancel: (_p, a, ctx) => service.cancelSchedule(ctx, a.id, a.version),
    secInspectionCreate: (_p, a, ctx) => service.createInspection(ctx, a.input),
    secInspectionSave: (_p, a, ctx) => service.saveInspection(ctx, a.id, a.version, a.input),
    secInspectionAnswerPhoto: (_p, a, ctx) => service.setAnswerPhoto(ctx, a.answerId, a.fileId),
    secInspectionClose: (_p, a, ctx) => service.closeInspection(ctx, a.id, a.version),
    secInspectionBulkClose: (_p, a, ctx) => service.closeInspections(ctx, a.ids),
    secInspectionRaiseReport: (_p, a, ctx) => service.raiseReport(ctx, a.answerId),
    secPermitCreate: (_p, a, ctx) => service.savePermit(ctx, null, null, a.input),
    secPermitUpdate: (_p, a, ctx) => service.savePermit(ctx, a.id, a.version, a.input),
    secPermitAuthorize: (_p, a, ctx) => service.authorizePermit(ctx, a.id, a.version, a.input),
    secPermitClose: (_p, a, ctx) => service.closePermit(ctx, a.id, a.version),
    secPermitCancel: (_p, a, ctx) => service.cancelPermit(ctx, a.id, a.version, a.reason),
    secToolCreate: (_p, a, ctx) => service.createTool(ctx, a.input),
    secToolUpdate: (_p, a, ctx) => service.updateTool(ctx, a.id, a.version, a.input),
    secToolStockAdjust: (_p, a, ctx) => service.adjustStock(ctx, a.id, a.quantity, a.reason),
    secToolRepair: (_p, a, ctx) => service.repairTool(ctx, a.id, a.version, a.reason),
    secToolRepaired: (_p, a, ctx) => service.repairedTool(ctx, a.id, a.version),
    secToolRetire: (_p, a, ctx) => service.retireTool(ctx, a.id, a.version, a.reason),
    secDeliveryCreate: (_p, a, ctx) => service.createDelivery(ctx, a.input),
    secDeliveryReturn: (_p, a, ctx) => service.returnDelivery(ctx, a.input),
  },
  SecInspectionType: {
    items: (t, _a, ctx) => service.itemsOfType(ctx, Number(t.id)),
  },
  SecInspection: {
    answers: (i, _a, ctx) => service.answersOf(ctx, Number(i.id)),
  },
  SecPermit: {
    workers: (p, _a, ctx) => service.workersOf(ctx, Number(p.id)),
  },
  SecTool: {
    events: (t, _a, ctx) => service.eventsOf(ctx, Number(t.id)),
  },
  SecDelivery: {
    lines: (d, _a, ctx) => service.linesOf(ctx, Number(d.id)),
  },
};
