// Compras resolvers: thin mapping between GraphQL and the service.
import DataLoader from 'dataloader';
import type { RequestContext } from '../../context';
import type { Resolvers } from '../../graphql/types';
import { catalogName, REGIMENES_FISCALES } from '../../../schema/sat';
import * as reports from './reports';
import { paymentRequestOutcomes, type PaymentRequestOutcome } from './requests';
import * as purchaseOrders from './purchaseOrders';
import * as service from './service';
import * as viaticos from './viaticos';
import * as matching from './matching';
import { formatViaticoFolio } from '../../../schema/shopping/viaticos';
import { formatPurchaseOrderFolio, receivableNow } from '../../../schema/shopping/purchaseOrders';

type Application = Awaited<ReturnType<typeof service.paymentApplications>>[number];

// Per-request loader: a page of payments reads its applications in one query.
const loaders = new WeakMap<RequestContext, DataLoader<number, Application[]>>();
function applicationsOf(ctx: RequestContext) {
  let l = loaders.get(ctx);
  if (!l) {
    l = new DataLoader(async (ids: readonly number[]) => {
      const rows = await service.paymentApplications(ctx, [...ids]);
      return ids.map((id) => rows.filter((r) => r.paymentId === id));
    });
    loaders.set(ctx, l);
  }
  return l;
}

const pdmLoaders = new WeakMap<RequestContext, DataLoader<number, PaymentRequestOutcome | null>>();
function pdmOutcomeOf(ctx: RequestContext) {
  let l = pdmLoaders.get(ctx);
  if (!l) {
    l = new DataLoader(async (ids: readonly number[]) => {
      const map = await paymentRequestOutcomes(ctx.app.database.db, 'almacen_pdm', [...ids]);
      return ids.map((id) => map.get(String(id)) ?? null);
    });
    pdmLoaders.set(ctx, l);
  }
  return l;
}

type Proof = Awaited<ReturnType<typeof viaticos.viaticoProofs>>[number];

// Per-request loader: a page of viáticos reads its comprobantes in one query.
const proofLoaders = new WeakMap<RequestContext, DataLoader<number, Proof[]>>();
function proofsOf(ctx: RequestContext) {
  let l = proofLoaders.get(ctx);
  if (!l) {
    l = new DataLoader(async (ids: readonly number[]) => {
      const rows = await viaticos.viaticoProofs(ctx, [...ids]);
      return ids.map((id) => rows.filter((r) => r.viaticoId === id));
    });
    proofLoaders.set(ctx, l);
  }
  return l;
}

export const shoppingResolvers: Resolvers = {
  Query: {
    supplierCfdiRead: (_p, a, ctx) => service.supplierCfdiRead(ctx, a.fileId, a.expenseId),
    taxRegimes: () => service.taxRegimes(),
    suppliers: (_p, a, ctx) => service.listSuppliers(ctx, a.list, a.filter),
    supplier: (_p, a, ctx) => service.getSupplier(ctx, a.id),
    supplierOptions: (_p, a, ctx) => service.supplierOptions(ctx, a.activeOnly ?? true),
    supplierCategories: (_p, _a, ctx) => service.supplierCategories(ctx),

    accounts: (_p, a, ctx) => service.listAccounts(ctx, a.list, a.filter),
    account: (_p, a, ctx) => service.getAccount(ctx, a.id),
    accountOptions: (_p, a, ctx) => service.accountOptions(ctx, a.activeOnly ?? true),
    accountStatement: (_p, a, ctx) => service.accountStatement(ctx, a.accountId, a.from, a.to, a.list),

    expenses: (_p, a, ctx) => service.listExpenses(ctx, a.list, a.filter),
    expenseGroups: (_p, a, ctx) => service.expenseGroups(ctx, a.groupBy, a.list, a.filter),
    expense: (_p, a, ctx) => service.getExpense(ctx, a.id),
    expenseCategories: (_p, _a, ctx) => service.expenseCategories(ctx),
    openExpenses: (_p, a, ctx) => service.openExpenses(ctx, a.supplierId),

    supplierPayments: (_p, a, ctx) => service.listPayments(ctx, a.list, a.filter),
    supplierPayment: (_p, a, ctx) => service.getPayment(ctx, a.id),

    paymentRequests: (_p, a, ctx) => service.listRequests(ctx, a.list, a.filter),
    paymentRequest: (_p, a, ctx) => service.getRequest(ctx, a.id),

    payablesAging: (_p, a, ctx) => reports.payablesAging(ctx, a.asOf, a.supplierId),
    spendReport: (_p, a, ctx) => reports.spendReport(ctx, a.from, a.to, a.groupBy),
    accountPaymentsReport: (_p, a, ctx) => reports.accountPaymentsReport(ctx, a.from, a.to),
    shoppingReportPdf: (_p, a, ctx) => reports.reportPdf(ctx, a.input),
    diotReport: (_p, a, ctx) => reports.diotReport(ctx, a.month),
    diotTxt: (_p, a, ctx) => reports.diotFile(ctx, a.month),

    purchaseOrders: (_p, a, ctx) => purchaseOrders.listPurchaseOrders(ctx, a.list, a.filter),
    purchaseOrder: (_p, a, ctx) => purchaseOrders.getPurchaseOrder(ctx, a.id),
    purchaseOrderDraft: (_p, a, ctx) => purchaseOrders.purchaseOrderSource(ctx, a.origin, a.originId),
    purchaseArticleOptions: (_p, a, ctx) => purchaseOrders.purchaseArticleOptions(ctx, a.search, a.limit),
    purchaseWarehouseOptions: (_p, _a, ctx) => purchaseOrders.purchaseWarehouseOptions(ctx),
    purchaseOrderPdf: (_p, a, ctx) => purchaseOrders.purchaseOrderPdf(ctx, a.id),

    viaticos: (_p, a, ctx) => viaticos.listViaticos(ctx, a.list, a.filter),
    viatico: (_p, a, ctx) => viaticos.getViatico(ctx, a.id),
    viaticoEmployeeOptions: (_p, a, ctx) => viaticos.viaticoEmployeeOptions(ctx, a.search, a.limit),
    viaticoContractOptions: (_p, _a, ctx) => viaticos.viaticoContractOptions(ctx),
    viaticoServiceOrderOptions: (_p, a, ctx) => viaticos.viaticoServiceOrderOptions(ctx, a.contractId),
    viaticoCashBoxOptions: (_p, _a, ctx) => viaticos.viaticoCashBoxOptions(ctx),
    shoppingSettings: (_p, _a, ctx) => viaticos.shoppingSettings(ctx),
  },
  Mutation: {
    supplierCreate: (_p, a, ctx) => service.createSupplier(ctx, a.input),
    supplierUpdate: (_p, a, ctx) => service.updateSupplier(ctx, a.id, a.version, a.input),
    supplierDeactivate: (_p, a, ctx) => service.deactivateSupplier(ctx, a.id, a.version),

    accountCreate: (_p, a, ctx) => service.createAccount(ctx, a.input),
    accountUpdate: (_p, a, ctx) => service.updateAccount(ctx, a.id, a.version, a.input),
    accountTransfer: (_p, a, ctx) => service.transferBetweenAccounts(ctx, a.input),
    accountAdjust: (_p, a, ctx) => service.adjustAccount(ctx, a.input),
    accountEntryReverse: (_p, a, ctx) => service.reverseEntry(ctx, a.id, a.reason),

    expenseCreate: (_p, a, ctx) => service.createExpense(ctx, a.input),
    expenseUpdate: (_p, a, ctx) => service.updateExpense(ctx, a.id, a.version, a.input),
    expenseCancel: (_p, a, ctx) => service.cancelExpense(ctx, a.id, a.version, a.reason),
    expenseFileAttach: (_p, a, ctx) => service.attachExpenseFile(ctx, a.expenseId, a.fileId),
    expenseFileDelete: (_p, a, ctx) => service.deleteExpenseFile(ctx, a.id),
    expenseSatStatusRefresh: (_p, a, ctx) => service.refreshExpenseSatStatus(ctx, a.id),
    expenseMatchAuthorize: (_p, a, ctx) => matching.authorizeExpenseMatch(ctx, a.id, a.version, a.reason),

    supplierPaymentCreate: (_p, a, ctx) => service.createPayment(ctx, a.input),
    supplierPaymentCancel: (_p, a, ctx) => service.cancelPayment(ctx, a.id, a.reason),

    paymentRequestCreate: (_p, a, ctx) => service.createRequest(ctx, a.input),
    paymentRequestApprove: (_p, a, ctx) => service.approveRequest(ctx, a.id, a.version, a.input),
    paymentRequestReject: (_p, a, ctx) => service.rejectRequest(ctx, a.id, a.version, a.reason),

    purchaseOrderCreate: (_p, a, ctx) => purchaseOrders.createPurchaseOrder(ctx, a.input),
    purchaseOrderUpdate: (_p, a, ctx) => purchaseOrders.updatePurchaseOrder(ctx, a.id, a.version, a.input),
    purchaseOrderAuthorize: (_p, a, ctx) => purchaseOrders.authorizePurchaseOrder(ctx, a.id, a.version),
    purchaseOrderCancel: (_p, a, ctx) => purchaseOrders.cancelPurchaseOrder(ctx, a.id, a.version, a.reason),
    purchaseOrderReceive: (_p, a, ctx) => purchaseOrders.receivePurchaseOrder(ctx, a.id, a.input),
    purchaseOrderClose: (_p, a, ctx) => purchaseOrders.closePurchaseOrder(ctx, a.id, a.version, a.reason),
    purchaseReceiptReverse: (_p, a, ctx) => purchaseOrders.reversePurchaseReceipt(ctx, a.orderId, a.receiptId, a.reason),

    viaticoCreate: (_p, a, ctx) => viaticos.createViatico(ctx, a.input),
    viaticoUpdate: (_p, a, ctx) => viaticos.updateViatico(ctx, a.id, a.version, a.input),
    viaticoPay: (_p, a, ctx) => viaticos.payViatico(ctx, a.id, a.version),
    viaticoCancel: (_p, a, ctx) => viaticos.cancelViatico(ctx, a.id, a.version, a.reason),
    viaticoProofAdd: (_p, a, ctx) => viaticos.addViaticoProof(ctx, a.viaticoId, a.input),
    viaticoProofDelete: (_p, a, ctx) => viaticos.deleteViaticoProof(ctx, a.id),
    viaticoClose: (_p, a, ctx) => viaticos.closeViatico(ctx, a.id, a.version, a.input),
    shoppingSettingsUpdate: (_p, a, ctx) => viaticos.updateShoppingSettings(ctx, a.version, a.input),
  },
  Supplier: {
    taxRegimeName: (s) => catalogName(REGIMENES_FISCALES, s.taxRegime),
  },
  Expense: {
    lines: (e, _a, ctx) => service.expenseLines(ctx, Number(e.id)),
    files: (e, _a, ctx) => service.expenseFiles(ctx, Number(e.id)),
    payments: (e, _a, ctx) => service.expensePayments(ctx, Number(e.id)),
    purchaseOrderFolio: (e) => (e.purchaseOrderFolio === null ? null : formatPurchaseOrderFolio(e.purchaseOrderFolio)),
    match: (e, _a, ctx) => matching.expenseMatch(ctx, e),
  },
  PurchaseOrder: {
    folioText: (o) => formatPurchaseOrderFolio(o.folio),
    lines: async (o, _a, ctx) => (await purchaseOrders.purchaseOrderLines(ctx, Number(o.id))).map((l) => ({ ...l, receivable: receivableNow(l, o.tolerancePercent) })),
    receipts: (o, _a, ctx) => purchaseOrders.purchaseOrderReceipts(ctx, Number(o.id)),
    expenses: (o, _a, ctx) => service.expensesOfOrder(ctx, Number(o.id)),
  },
  Viatico: {
    folioText: (v) => formatViaticoFolio(v.folio),
    proofs: (v, _a, ctx) => proofsOf(ctx).load(Number(v.id)),
    summary: async (v, _a, ctx) => viaticos.balanceOf(v.amount, await proofsOf(ctx).load(Number(v.id))),
  },
  SupplierPayment: {
    applications: (p, _a, ctx) => applicationsOf(ctx).load(Number(p.id)),
  },
  // Almacén's PDM shows what Compras decided about it.
  PdmRequest: {
    paymentRequest: (p, _a, ctx) => pdmOutcomeOf(ctx).load(Number(p.id)),
  },
};
