// Caja resolvers: thin mapping between GraphQL and the service.
import type { Resolvers } from '../../graphql/types';
import { toAttachment } from '../../lib/attachments';
import * as service from './service';

export const cashResolvers: Resolvers = {
  Query: {
    cashBoxes: (_p, _a, ctx) => service.cashBoxes(ctx),
    cashBoxOptions: (_p, _a, ctx) => service.activeCashBoxes(ctx),
    cashConcepts: (_p, a, ctx) => service.listConcepts(ctx, a.list, a.filter),
    cashConcept: (_p, a, ctx) => service.getConcept(ctx, a.id),
    cashConceptOptions: (_p, a, ctx) => service.conceptOptions(ctx, a.kind),
    cashPeriods: (_p, a, ctx) => service.listPeriods(ctx, a.list, a.filter),
    cashPeriod: (_p, a, ctx) => service.getPeriod(ctx, a.id),
    cashOpeningPreview: (_p, a, ctx) => service.openingPreview(ctx, a.cashBoxId),
    currentCashPeriod: (_p, a, ctx) => service.currentPeriod(ctx, a.cashBoxId),
    cashMovements: (_p, a, ctx) => service.listMovements(ctx, a.list, a.filter),
    cashMovement: (_p, a, ctx) => service.getMovement(ctx, a.id),
  },
  Mutation: {
    cashBoxCreate: (_p, a, ctx) => service.createCashBox(ctx, a.input),
    cashBoxUpdate: (_p, a, ctx) => service.updateCashBox(ctx, a.id, a.version, a.input),
    cashConceptCreate: (_p, a, ctx) => service.createConcept(ctx, a.input),
    cashConceptUpdate: (_p, a, ctx) => service.updateConcept(ctx, a.id, a.version, a.input),
    cashPeriodOpen: (_p, a, ctx) => service.openPeriod(ctx, a.input),
    cashPeriodClose: (_p, a, ctx) => service.closePeriod(ctx, a.id, a.version, a.input),
    cashMovementCreate: (_p, a, ctx) => service.createMovement(ctx, a.input),
    cashMovementCancel: (_p, a, ctx) => service.cancelMovement(ctx, a.id, a.reason),
    cashReceiptAttach: (_p, a, ctx) => service.attachReceipt(ctx, a.movementId, a.fileId),
  },
  CashMovement: {
    receipt: (m) => (m.receipt ? toAttachment(m.receipt) : null),
  },
  CashPeriod: {
    denominations: (p) => p.countDetail ?? [],
  },
};
