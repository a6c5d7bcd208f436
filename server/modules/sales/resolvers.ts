// Ventas resolvers: GraphQL ↔ services. Child collections (lines, concepts,
// contacts, payments…) load through per-request DataLoaders so a list never
// queries once per row.
import { toMxn } from '../../../schema/sales/currency';
import DataLoader from 'dataloader';
import type { RequestContext } from '../../context';
import type { Resolvers } from '../../graphql/types';
import { dec, money, sum } from '../../../schema/money';
import * as billing from './billing';
import type { ConceptRow } from './data';
import { depositAccounts } from './data';
import * as reports from './reports';
import * as service from './service';
import * as stamping from './stamping';
import { refreshCancellation } from './cancellation';
import * as creditNotes from './creditNotes';
import * as crews from './crews';
import * as jobCost from './jobCost';
import { paymentComplementStatus } from '../../../schema/sales/paymentComplement';
import { ivaKindOf, ivaRetentionKindOf } from '../../../schema/sales/totals';
import { anticipoAvailable } from '../../../schema/sales/anticipos';

type Loaders = Map<string, DataLoader<number, unknown[]>>;
const perRequest = new WeakMap<RequestContext, Loaders>();

/** Groups the rows a batch function returns by their parent id. */
function children<T>(ctx: RequestContext, name: string, batch: (ctx: RequestContext, ids: number[]) => Promise<T[]>, parentOf: (row: T) => number) {
  let loaders = perRequest.get(ctx);
  if (!loaders) perRequest.set(ctx, (loaders = new Map()));
  let loader = loaders.get(name) as DataLoader<number, T[]> | undefined;
  if (!loader) {
    loader = new DataLoader<number, T[]>(async (ids) => {
      const rows = await batch(ctx, [...ids]);
      return ids.map((id) => rows.filter((r) => parentOf(r) === id));
    });
    loaders.set(name, loader as DataLoader<number, unknown[]>);
  }
  return loader;
}

const num = (id: string | number | undefined): number => Number(id);

const conceptOut = (c: ConceptRow) => ({
  ...c,
  remainingQuantity: dec(c.quantity).minus(c.generatedQuantity).toFixed(),
  progressPercent: dec(c.quantity).gt(0) ? money(dec(c.authorizedQuantity).times(100).dividedBy(c.quantity)) : '0.00',
});

export const salesResolvers: Resolvers = {
  Query: {
    companyProfile: (_p, _a, ctx) => service.getCompany(ctx),
    companyCsd: (_p, _a, ctx) => stamping.companyCsd(ctx),
    clients: (_p, a, ctx) => service.listClients(ctx, a.list, a.filter),
    client: (_p, a, ctx) => service.getClient(ctx, a.id),
    clientOptions: (_p, a, ctx) => service.clientOptions(ctx, a.search),
    quotes: (_p, a, ctx) => service.listQuotes(ctx, a.list, a.filter),
    quote: (_p, a, ctx) => service.getQuote(ctx, a.id),
    quotePdf: (_p, a, ctx) => reports.quotePdf(ctx, a.id),
    contracts: (_p, a, ctx) => service.listContracts(ctx, a.list, a.filter),
    contract: (_p, a, ctx) => service.getContract(ctx, a.id),
    contractOptions: (_p, a, ctx) => service.contractOptions(ctx, a.clientId),
    serviceOrders: (_p, a, ctx) => service.listOrders(ctx, a.list, a.filter),
    serviceOrder: (_p, a, ctx) => service.getOrder(ctx, a.id),
    serviceOrderOptions: (_p, a, ctx) => service.orderOptions(ctx, a.contractId, a.status),
    orderDeliveries: (_p, a, ctx) => service.listDeliveries(ctx, a.list, a.filter),
    generators: (_p, a, ctx) => service.listGenerators(ctx, a.list, a.filter),
    generator: (_p, a, ctx) => service.getGenerator(ctx, a.id),
    invoices: (_p, a, ctx) => billing.listInvoices(ctx, a.list, a.filter),
    invoiceGroups: (_p, a, ctx) => billing.invoiceGroups(ctx, a.groupBy, a.list, a.filter),
    invoice: (_p, a, ctx) => billing.getInvoice(ctx, a.id),
    facturaXml: (_p, a, ctx) => reports.invoiceXml(ctx, a.id),
    complementoPagoXml: (_p, a, ctx) => reports.paymentXml(ctx, a.id),
    creditNote: (_p, a, ctx) => creditNotes.getCreditNote(ctx, a.id),
    creditNoteXml: (_p, a, ctx) => creditNotes.creditNoteCfdi(ctx, a.id),
    creditNotePdf: (_p, a, ctx) => creditNotes.creditNotePdf(ctx, a.id),
    complementoPagoPdf: (_p, a, ctx) => reports.paymentPdf(ctx, a.id),
    complementoPagoArchivos: (_p, a, ctx) => reports.paymentArchive(ctx, a.id),
    facturaPdf: (_p, a, ctx) => reports.invoicePdf(ctx, a.id),
    facturasArchivos: (_p, a, ctx) => reports.invoicesArchive(ctx, a.ids),
    facturasPdf: (_p, a, ctx) => reports.invoicesPdf(ctx, a.ids),
    openInvoices: (_p, a, ctx) => billing.openInvoices(ctx, a.clientId),
    availableAnticipos: (_p, a, ctx) => billing.availableAnticipos(ctx, a.clientId),
    depositAccountOptions: (_p, _a, ctx) => depositAccounts(service.db(ctx)),
    clientPayments: (_p, a, ctx) => billing.listPayments(ctx, a.list, a.filter),
    clientPayment: (_p, a, ctx) => billing.getPayment(ctx, a.id),
    otherIncomes: (_p, a, ctx) => billing.listOtherIncomes(ctx, a.list, a.filter),
    salesByClient: (_p, a, ctx) => reports.salesByClient(ctx, a.from, a.to),
    receivablesAging: (_p, a, ctx) => reports.receivablesAging(ctx, a.asOf),
    quoteConversion: (_p, a, ctx) => reports.quoteConversion(ctx, a.from, a.to),
    contractProgressReport: (_p, a, ctx) => reports.contractProgress(ctx, a.status),
    contractJobCost: async (_p, a, ctx) => {
      const { lines, concepts, ...summary } = await jobCost.contractJobCost(ctx, a.contractId);
      return { summary, lines, concepts };
    },
    jobCostReportList: (_p, a, ctx) => jobCost.jobCostReportList(ctx, a.list),
    jobCostSettings: (_p, _a, ctx) => jobCost.jobCostSettings(ctx),
    salesReportPdf: (_p, a, ctx) => reports.reportPdf(ctx, a.kind, a.from, a.to, a.asOf),
  },
  Mutation: {
    companyProfileUpdate: (_p, a, ctx) => service.updateCompany(ctx, a.version, a.input),
    companyCsdUpload: (_p, a, ctx) => stamping.uploadCompanyCsd(ctx, a.input),
    clientCreate: (_p, a, ctx) => service.createClient(ctx, a.input),
    clientUpdate: (_p, a, ctx) => service.updateClient(ctx, a.id, a.version, a.input),
    clientDeactivate: (_p, a, ctx) => service.deactivateClient(ctx, a.id, a.version),
    clientImport: (_p, a, ctx) => service.importClients(ctx, a.rows),
    quoteCreate: (_p, a, ctx) => service.createQuote(ctx, a.input),
    quoteUpdate: (_p, a, ctx) => service.updateQuote(ctx, a.id, a.version, a.input),
    quoteDelete: (_p, a, ctx) => service.deleteQuote(ctx, a.id, a.version),
    quoteSend: (_p, a, ctx) => service.sendQuote(ctx, a.id, a.version),
    quoteAccept: (_p, a, ctx) => service.acceptQuote(ctx, a.id, a.version),
    quoteReject: (_p, a, ctx) => service.rejectQuote(ctx, a.id, a.version, a.reason),
    quoteDuplicate: (_p, a, ctx) => service.duplicateQuote(ctx, a.id),
    contractCreate: (_p, a, ctx) => service.createContract(ctx, a.input),
    contractUpdate: (_p, a, ctx) => service.updateContract(ctx, a.id, a.version, a.input),
    contractFinish: (_p, a, ctx) => service.finishContract(ctx, a.id, a.version),
    contractCancel: (_p, a, ctx) => service.cancelContract(ctx, a.id, a.version, a.reason),
    serviceOrderCreate: (_p, a, ctx) => service.createOrder(ctx, a.input),
    serviceOrderUpdate: (_p, a, ctx) => service.updateOrder(ctx, a.id, a.version, a.input),
    serviceOrderStart: (_p, a, ctx) => service.startOrder(ctx, a.id, a.version),
    serviceOrderFinish: (_p, a, ctx) => service.finishOrder(ctx, a.id, a.version),
    serviceOrderCrewDayCreate: (_p, a, ctx) => crews.createCrewDay(ctx, a.orderId, a.input),
    serviceOrderCrewDayUpdate: (_p, a, ctx) => crews.updateCrewDay(ctx, a.id, a.version, a.input),
    serviceOrderCrewDayDelete: (_p, a, ctx) => crews.deleteCrewDay(ctx, a.id, a.version),
    orderDeliveryCreate: (_p, a, ctx) => service.createDelivery(ctx, a.input),
    generatorCreate: (_p, a, ctx) => service.createGenerator(ctx, a.input),
    generatorUpdate: (_p, a, ctx) => service.updateGenerator(ctx, a.id, a.version, a.input),
    generatorDelete: (_p, a, ctx) => service.deleteGenerator(ctx, a.id, a.version),
    generatorAuthorize: (_p, a, ctx) => service.authorizeGenerator(ctx, a.id, a.version),
    invoiceCreate: (_p, a, ctx) => billing.createInvoice(ctx, a.input),
    invoiceUpdate: (_p, a, ctx) => billing.updateInvoice(ctx, a.id, a.version, a.input),
    invoiceEmit: (_p, a, ctx) => billing.emitInvoice(ctx, a.id, a.version),
    invoiceStamp: (_p, a, ctx) => billing.retryStamp(ctx, a.id),
    clientPaymentStamp: (_p, a, ctx) => billing.stampPayment(ctx, a.id),
    creditNoteCreate: (_p, a, ctx) => creditNotes.createCreditNote(ctx, a.input),
    invoiceApplyAnticipo: (_p, a, ctx) => creditNotes.applyAnticipo(ctx, a.input),
    creditNoteStamp: (_p, a, ctx) => creditNotes.retryCreditNoteStamp(ctx, a.id),
    creditNoteCancel: (_p, a, ctx) => creditNotes.cancelCreditNote(ctx, a.id, a.version, a.reason, a.motivo),
    invoiceCancel: (_p, a, ctx) => billing.cancelInvoice(ctx, a.id, a.version, a.reason, { motivo: a.motivo, substituteId: a.substituteId }),
    invoiceCancelStatus: (_p, a, ctx) => refreshCancellation(ctx, a.id),
    clientPaymentCreate: (_p, a, ctx) => billing.createPayment(ctx, a.input),
    clientPaymentCancel: (_p, a, ctx) => billing.cancelPayment(ctx, a.id, a.version, a.reason),
    otherIncomeCreate: (_p, a, ctx) => billing.createOtherIncome(ctx, a.input),
    jobCostSettingsUpdate: (_p, a, ctx) => jobCost.updateJobCostSettings(ctx, a.input),
    otherIncomeCancel: (_p, a, ctx) => billing.cancelOtherIncome(ctx, a.id, a.version, a.reason),
  },
  Client: {
    contacts: (c, _a, ctx) => children(ctx, 'contacts', service.clientContacts, (r) => r.clientId).load(num(c.id)),
  },
  Quote: {
    lines: (q, _a, ctx) => children(ctx, 'quoteLines', service.quoteLines, (r) => r.quoteId).load(num(q.id)),
  },
  Contract: {
    concepts: async (c, _a, ctx) => (await children(ctx, 'concepts', service.contractConcepts, (r) => r.contractId).load(num(c.id))).map(conceptOut),
    progress: async (c, _a, ctx) => {
      const concepts = await children(ctx, 'concepts', service.contractConcepts, (r) => r.contractId).load(num(c.id));
      const contracted = dec(c.amount ?? 0);
      const authorized = concepts.reduce((acc, x) => acc.plus(x.authorizedAmount), dec(0));
      const billed = concepts.reduce((acc, x) => acc.plus(x.billedAmount), dec(0));
      const pctOf = (v: ReturnType<typeof dec>) => (contracted.gt(0) ? money(v.times(100).dividedBy(contracted)) : '0.00');
      return {
        contractedAmount: money(contracted),
        authorizedAmount: money(authorized),
        billedAmount: money(billed),
        authorizedPercent: pctOf(authorized),
        billedPercent: pctOf(billed),
        anticipoAmount: money(contracted.times(c.anticipoPercent ?? 0).dividedBy(100)),
        guaranteeAmount: money(billed.times(c.guaranteePercent ?? 0).dividedBy(100)),
      };
    },
  },
  ServiceOrder: {
    delivery: async (o, _a, ctx) => (await children(ctx, 'deliveries', service.deliveriesOfOrders, (r) => r.orderId).load(num(o.id)))[0] ?? null,
    crew: (o, _a, ctx) => children(ctx, 'orderCrew', crews.crewOfOrders, (r) => r.orderId).load(num(o.id)),
    vehicles: (o, _a, ctx) => children(ctx, 'orderVehicles', crews.vehiclesOfOrders, (r) => r.orderId).load(num(o.id)),
    crewDays: (o, _a, ctx) => children(ctx, 'orderCrewDays', crews.crewDaysOfOrders, (r) => r.orderId).load(num(o.id)),
  },
  ServiceOrderCrewDay: {
    people: (d, _a, ctx) => children(ctx, 'crewDayPeople', crews.crewHoursOfDays, (r) => r.dayId).load(num(d.id)),
    vehicles: (d, _a, ctx) => children(ctx, 'crewDayVehicles', crews.vehicleKmOfDays, (r) => r.dayId).load(num(d.id)),
  },
  OrderDelivery: {
    files: (d, _a, ctx) => children(ctx, 'deliveryFiles', service.filesOfDeliveries, (r) => r.deliveryId).load(num(d.id)),
  },
  Generator: {
    lines: (g, _a, ctx) => children(ctx, 'generatorLines', service.generatorLines, (r) => r.generatorId).load(num(g.id)),
  },
  Invoice: {
    uuid: (i) => i.cfdiUuid,
    ivaKind: (i) => ivaKindOf(i.ivaRate, i.ivaFactor),
    ivaRetentionKind: (i) => ivaRetentionKindOf(i.ivaRetentionRate),
    lines: (i, _a, ctx) => children(ctx, 'invoiceLines', billing.invoiceLines, (r) => r.invoiceId).load(num(i.id)),
    generators: (i, _a, ctx) => children(ctx, 'invoiceGenerators', billing.invoiceGenerators, (r) => r.invoiceId).load(num(i.id)),
    payments: (i, _a, ctx) => children(ctx, 'invoicePayments', billing.invoicePayments, (r) => r.invoiceId).load(num(i.id)),
    creditNotes: (i, _a, ctx) => children(ctx, 'invoiceCreditNotes', creditNotes.creditNotesOfInvoices, (r) => r.invoiceId).load(num(i.id)),
    kind: (i) => (i.kind === 'anticipo' ? 'ANTICIPO' : i.kind === 'global' ? 'GLOBAL' : 'NORMAL'),
    balanceMxn: (i) => toMxn(i.balance, i.exchangeRate),
    totalMxn: (i) => toMxn(i.total, i.exchangeRate),
    anticipos: (i, _a, ctx) => children(ctx, 'invoiceAnticipos', billing.invoiceAnticipos, (r) => r.relatedTo ?? 0).load(num(i.id)),
    anticipoApplications: (i, _a, ctx) =>
      i.kind === 'anticipo' ? children(ctx, 'anticipoApplications', creditNotes.creditNotesOfAnticipos, (r) => r.anticipoId ?? 0).load(num(i.id)) : [],
    anticipoAvailable: async (i, _a, ctx) => {
      if (i.kind !== 'anticipo') return null;
      const notes = await children(ctx, 'anticipoApplications', creditNotes.creditNotesOfAnticipos, (r) => r.anticipoId ?? 0).load(num(i.id));
      return anticipoAvailable(i.subtotal, money(sum(notes.filter((n) => n.status === 'vigente').map((n) => n.subtotal))));
    },
  },
  InvoiceAnticipo: {
    uuid: (a) => a.cfdiUuid,
    available: (a) => anticipoAvailable(a.subtotal, a.applied),
  },
  CreditNote: {
    uuid: (n) => n.cfdiUuid,
    ivaKind: (n) => ivaKindOf(n.ivaRate, n.ivaFactor),
    lines: (n, _a, ctx) => children(ctx, 'creditNoteLines', creditNotes.creditNoteLines, (r) => r.creditNoteId).load(num(n.id)),
  },
  ClientPayment: {
    uuid: (p) => p.cfdiUuid,
    complementStatus: (p) => paymentComplementStatus({ status: p.status, needsComplement: p.needsComplement, stampStatus: p.stampStatus, refused: p.refusalCode !== null }),
    complementRefusal: (p) => (p.refusalCode !== null && p.refusedAt !== null ? { code: p.refusalCode, message: p.refusalMessage ?? '', at: p.refusedAt } : null),
    applications: (p, _a, ctx) => children(ctx, 'applications', billing.paymentApplications, (r) => r.paymentId).load(num(p.id)),
  },
};
