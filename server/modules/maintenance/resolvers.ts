// Mantenimiento resolvers: GraphQL ↔ service. An order's services,
// requisitions (read from Almacén) and payment request (read from Compras)
// are batched per request, so a list of orders costs a handful of queries.
import DataLoader from 'dataloader';
import type { RequestContext } from '../../context';
import type { Resolvers } from '../../graphql/types';
import type * as data from './data';
import * as service from './service';

type Loaders = {
  services: DataLoader<number, data.OrderServiceRow[]>;
  requisitions: DataLoader<number, service.OrderRequisitionView[]>;
  payment: DataLoader<number, Awaited<ReturnType<typeof service.paymentOutcomes>> extends Map<string, infer V> ? V | null : never>;
  reports: DataLoader<number, string[]>;
};

const cache = new WeakMap<RequestContext, Loaders>();
function loaders(ctx: RequestContext): Loaders {
  let l = cache.get(ctx);
  if (l) return l;
  l = {
    services: new DataLoader(async (ids) => {
      const rows = await service.orderServicesOf(ctx, [...ids]);
      return ids.map((id) => rows.filter((r) => r.orderId === id));
    }),
    requisitions: new DataLoader(async (ids) => {
      const rows = await service.orderRequisitions(ctx, [...ids]);
      return ids.map((id) => rows.filter((r) => r.orderId === id).map((r) => r.requisition));
    }),
    payment: new DataLoader(async (ids) => {
      const map = await service.paymentOutcomes(ctx, [...ids]);
      return ids.map((id) => map.get(String(id)) ?? null);
    }),
    reports: new DataLoader(async (ids) => {
      const rows = await service.reportFoliosOf(ctx, [...ids]);
      return ids.map((id) => rows.filter((r) => r.orderId === id).map((r) => service.formatFailureReportFolio(r.folio)));
    }),
  };
  cache.set(ctx, l);
  return l;
}

const figures = async (o: data.MtOrderRow, ctx: RequestContext) => service.orderFigures(o, await loaders(ctx).requisitions.load(o.id));

export const maintenanceResolvers: Resolvers = {
  Query: {
    maintenanceServices: (_p, a, ctx) => service.listServices(ctx, a.list, a.filter),
    maintenanceService: (_p, a, ctx) => service.getService(ctx, a.id),
    maintenancePartOptions: (_p, a, ctx) => service.partOptions(ctx, a.search, a.limit),
    maintenanceFormOptions: (_p, _a, ctx) => service.formOptions(ctx),
    maintenanceSettings: (_p, _a, ctx) => service.getSettings(ctx),
    maintenanceSchedules: (_p, a, ctx) => service.listSchedules(ctx, a.list, a.filter),
    maintenanceScheduleCounts: (_p, _a, ctx) => service.scheduleCounts(ctx),
    maintenanceScheduleBreakdown: (_p, a, ctx) => service.scheduleBreakdown(ctx, a.id),
    maintenanceOrders: (_p, a, ctx) => service.listOrders(ctx, a.list, a.filter),
    maintenanceOrder: (_p, a, ctx) => service.getOrder(ctx, a.id),
    maintenanceRequisitions: (_p, a, ctx) => service.listOrderRequisitions(ctx, a.list, a.status),
    maintenancePaymentOrders: (_p, a, ctx) => service.listPaymentOrders(ctx, a.list, a.filter),
    maintenancePaymentSuppliers: (_p, _a, ctx) => service.paymentSupplierOptions(ctx),
    maintenanceFailureReports: (_p, a, ctx) => service.listReports(ctx, a.list, a.filter),
  },
  Mutation: {
    maintenanceServiceCreate: (_p, a, ctx) => service.createService(ctx, a.input),
    maintenanceServiceUpdate: (_p, a, ctx) => service.updateService(ctx, a.id, a.version, a.input),
    maintenanceSettingsUpdate: (_p, a, ctx) => service.updateSettings(ctx, a.version, a.input),
    maintenanceScheduleCreate: (_p, a, ctx) => service.createSchedule(ctx, a.input),
    maintenanceScheduleUpdate: (_p, a, ctx) => service.updateSchedule(ctx, a.id, a.version, a.input),
    maintenanceOrderCreate: (_p, a, ctx) => service.createOrder(ctx, a.input),
    maintenanceOrderFromSchedules: (_p, a, ctx) => service.createOrderFromSchedules(ctx, a.scheduleIds, a.openedOn, a.odometerIn),
    maintenanceOrderUpdate: (_p, a, ctx) => service.updateOrder(ctx, a.id, a.version, a.input),
    maintenanceOrderStart: (_p, a, ctx) => service.startOrder(ctx, a.id, a.version),
    maintenanceOrderRequestParts: (_p, a, ctx) => service.requestParts(ctx, a.id, a.version, a.input),
    maintenanceOrderClose: (_p, a, ctx) => service.closeOrder(ctx, a.id, a.version, a.closedOn, a.odometerOut),
    maintenanceOrderCancel: (_p, a, ctx) => service.cancelOrder(ctx, a.id, a.version, a.reason),
    maintenancePaymentRequestCreate: (_p, a, ctx) => service.createPaymentRequest(ctx, a.orderId, a.input),
    maintenanceFailureReportCreate: (_p, a, ctx) => service.createReport(ctx, a.input),
    maintenanceFailureReportTriage: (_p, a, ctx) => service.triageReport(ctx, a.id, a.version, a.input),
    maintenanceFailureReportToOrder: (_p, a, ctx) => service.reportToOrder(ctx, a.id, a.version, a.orderId, a.newOrder),
    maintenanceFailureReportDiscard: (_p, a, ctx) => service.discardReport(ctx, a.id, a.version, a.reason),
  },
  MaintenanceSchedule: {
    openOrderFolio: (s) => (s.openOrderFolio === null ? null : service.formatOrderFolio(s.openOrderFolio)),
  },
  MaintenanceOrder: {
    folio: (o) => service.formatOrderFolio(o.folio),
    services: (o, _a, ctx) => loaders(ctx).services.load(o.id),
    requisitions: (o, _a, ctx) => loaders(ctx).requisitions.load(o.id),
    partsCost: async (o, _a, ctx) => (await figures(o, ctx)).parts,
    labourCost: async (o, _a, ctx) => (await figures(o, ctx)).labour,
    externalCost: (o) => o.externalCost,
    total: async (o, _a, ctx) => (await figures(o, ctx)).total,
    paymentRequest: async (o, _a, ctx) => {
      const p = await loaders(ctx).payment.load(o.id);
      return p ? { requestId: p.requestId, folio: p.folio, status: p.status, rejectReason: p.rejectReason, expenseFolio: p.expenseFolio } : null;
    },
    reportFolios: (o, _a, ctx) => loaders(ctx).reports.load(o.id),
  },
  MaintenanceFailureReport: {
    folio: (r) => service.formatFailureReportFolio(r.folio),
    orderFolio: (r) => (r.orderFolio === null ? null : service.formatOrderFolio(r.orderFolio)),
  },
};
