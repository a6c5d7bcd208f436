// Almacén resolvers: GraphQL ↔ service. Rows go out as they come from the
// data layer (codegen mappers) and nested objects are batched per request.
import DataLoader from 'dataloader';
import type { RequestContext } from '../../context';
import type { Resolvers } from '../../graphql/types';
import { dec } from '../../../schema/money';
import { pendingQuantity } from '../../../schema/warehouse/requisitions';
import type * as data from './data';
import { formatMovementFolio } from './posting';
import * as service from './service';
import { unitOf, UNITS } from './units';

type Loaders = {
  warehouse: DataLoader<number, data.WarehouseRow | null>;
  line: DataLoader<number, data.ProductLineRow | null>;
  article: DataLoader<number, data.ArticleRow | null>;
  /** Key "warehouseId:articleId" (warehouse 0 = every warehouse). */
  option: DataLoader<string, data.ArticleOptionRow | null>;
  movementLines: DataLoader<number, data.MovementLineRow[]>;
  movementRef: DataLoader<number, { id: number; series: string; folio: number } | null>;
  requisitionLines: DataLoader<number, data.RequisitionLineRow[]>;
  requisitionMovements: DataLoader<number, { id: number; series: string; folio: number }[]>;
  pdmLines: DataLoader<number, data.PdmLineRow[]>;
};

const byId = <T extends { id: number }>(rows: T[], ids: readonly number[]) => {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
};

const groupBy = <T, K>(rows: T[], key: (r: T) => K, ids: readonly K[]) => {
  const map = new Map<K, T[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return ids.map((id) => map.get(id) ?? []);
};

const cache = new WeakMap<RequestContext, Loaders>();
function loaders(ctx: RequestContext): Loaders {
  let l = cache.get(ctx);
  if (l) return l;
  l = {
    warehouse: new DataLoader(async (ids) => byId(await service.warehousesByIds(ctx, [...ids]), ids)),
    line: new DataLoader(async (ids) => byId(await service.productLinesByIds(ctx, [...ids]), ids)),
    article: new DataLoader(async (ids) => byId(await service.articlesByIds(ctx, [...ids]), ids)),
    option: new DataLoader(async (keys) => {
      const perWarehouse = new Map<number, number[]>();
      for (const k of keys) {
        const [w, a] = k.split(':').map(Number);
        perWarehouse.set(w, [...(perWarehouse.get(w) ?? []), a]);
      }
      const found = new Map<string, data.ArticleOptionRow>();
      for (const [w, ids] of perWarehouse) {
        const rows = await service.articleOptions(ctx, { warehouseId: w ? String(w) : null, ids: ids.map(String), limit: 200 });
        for (const r of rows) found.set(`${w}:${r.id}`, r);
      }
      return keys.map((k) => found.get(k) ?? null);
    }),
    movementLines: new DataLoader(async (ids) => groupBy(await service.movementLinesOf(ctx, [...ids]), (r) => r.movementId, ids)),
    movementRef: new DataLoader(async (ids) => byId(await service.movementRefsOf(ctx, [...ids]), ids)),
    requisitionLines: new DataLoader(async (ids) => groupBy(await service.requisitionLinesOf(ctx, [...ids]), (r) => r.requisitionId, ids)),
    requisitionMovements: new DataLoader(async (ids) => groupBy(await service.requisitionMovementsOf(ctx, [...ids]), (r) => r.sourceId, ids)),
    pdmLines: new DataLoader(async (ids) => groupBy(await service.pdmLinesOf(ctx, [...ids]), (r) => r.requestId, ids)),
  };
  cache.set(ctx, l);
  return l;
}

const ref = (r: { id: number; series: string; folio: number } | null) => (r ? { id: r.id, folio: formatMovementFolio(r.series, r.folio) } : null);

/** The article of a document line as an option (with what is on hand in the document's warehouse). */
const optionOf = async (ctx: RequestContext, warehouseId: number | null, articleId: number, fallback: { sku: string; name: string; unit: string; active: boolean }) =>
  (await loaders(ctx).option.load(`${warehouseId ?? 0}:${articleId}`)) ?? { id: articleId, ...fallback, available: '0', averageCost: '0' };

const averageOf = (quantity: string, value: string) => (dec(quantity).greaterThan(0) ? dec(value).dividedBy(quantity).toDecimalPlaces(6).toFixed() : '0');

export const warehouseResolvers: Resolvers = {
  Query: {
    unitsOfMeasure: () => [...UNITS],
    warehouses: (_p, a, ctx) => service.listWarehouses(ctx, a.list, a.filter),
    warehouse: (_p, a, ctx) => service.getWarehouse(ctx, a.id),
    productLines: (_p, a, ctx) => service.listProductLines(ctx, a.list, a.filter),
    productLine: (_p, a, ctx) => service.getProductLine(ctx, a.id),
    articles: (_p, a, ctx) => service.listArticles(ctx, a.list, a.filter),
    article: (_p, a, ctx) => service.getArticle(ctx, a.id),
    articleOptions: (_p, a, ctx) => service.articleOptions(ctx, a),
    stockConcepts: (_p, a, ctx) => service.listConcepts(ctx, a.list, a.filter),
    stockConcept: (_p, a, ctx) => service.getConcept(ctx, a.id),
    stockMovements: (_p, a, ctx) => service.listMovements(ctx, a.list, a.filter),
    stockMovement: (_p, a, ctx) => service.getMovement(ctx, a.id),
    stockLevels: (_p, a, ctx) => service.listStockLevels(ctx, a.list, a.filter),
    stockTotals: (_p, a, ctx) => service.stockTotals(ctx, a.filter),
    stockExport: (_p, a, ctx) => service.exportStock(ctx, a.filter, a.search, a.format),
    kardex: (_p, a, ctx) => service.kardex(ctx, a),
    kardexExport: (_p, a, ctx) => service.exportKardex(ctx, a, a.format),
    inventoryCounts: (_p, a, ctx) => service.listCounts(ctx, a.list, a.filter),
    inventoryCount: (_p, a, ctx) => service.getCount(ctx, a.id),
    warehouseRequisitions: (_p, a, ctx) => service.listRequisitions(ctx, a.list, a.filter),
    warehouseRequisition: (_p, a, ctx) => service.getRequisition(ctx, a.id),
    pdmRequests: (_p, a, ctx) => service.listPdm(ctx, a.list, a.filter),
    pdmRequest: (_p, a, ctx) => service.getPdm(ctx, a.id),
  },
  Mutation: {
    warehouseCreate: (_p, a, ctx) => service.createWarehouse(ctx, a.input),
    warehouseUpdate: (_p, a, ctx) => service.updateWarehouse(ctx, a.id, a.version, a.input),
    warehouseDelete: (_p, a, ctx) => service.deleteWarehouse(ctx, a.id, a.version),
    productLineCreate: (_p, a, ctx) => service.createProductLine(ctx, a.input),
    productLineUpdate: (_p, a, ctx) => service.updateProductLine(ctx, a.id, a.version, a.input),
    productLineDelete: (_p, a, ctx) => service.deleteProductLine(ctx, a.id, a.version),
    articleCreate: (_p, a, ctx) => service.createArticle(ctx, a.input),
    articleUpdate: (_p, a, ctx) => service.updateArticle(ctx, a.id, a.version, a.input),
    articleBulkDeactivate: (_p, a, ctx) => service.deactivateArticles(ctx, a.ids),
    articleDelete: (_p, a, ctx) => service.deleteArticle(ctx, a.id, a.version),
    articleImport: (_p, a, ctx) => service.importArticles(ctx, a.rows),
    stockConceptCreate: (_p, a, ctx) => service.createConcept(ctx, a.input),
    stockConceptUpdate: (_p, a, ctx) => service.updateConcept(ctx, a.id, a.version, a.input),
    stockConceptDelete: (_p, a, ctx) => service.deleteConcept(ctx, a.id, a.version),
    stockMovementPost: (_p, a, ctx) => service.postMovement(ctx, a.input),
    stockMovementCancel: (_p, a, ctx) => service.cancelMovement(ctx, a.id, a.reason),
    inventoryCountOpen: (_p, a, ctx) => service.openCount(ctx, a.input),
    inventoryCountCapture: (_p, a, ctx) => service.captureCount(ctx, a.id, a.version, a.entries),
    inventoryCountClose: (_p, a, ctx) => service.closeCount(ctx, a.id, a.version, a.date),
    inventoryCountCancel: (_p, a, ctx) => service.cancelCount(ctx, a.id, a.version),
    warehouseRequisitionCreate: (_p, a, ctx) => service.createRequisitionMutation(ctx, a.input),
    warehouseRequisitionUpdate: (_p, a, ctx) => service.updateRequisition(ctx, a.id, a.version, a.input),
    warehouseRequisitionAuthorize: (_p, a, ctx) => service.authorizeRequisition(ctx, a.id, a.version, a.lines),
    warehouseRequisitionBulkAuthorize: (_p, a, ctx) => service.authorizeRequisitionsInFull(ctx, a.ids),
    warehouseRequisitionReject: (_p, a, ctx) => service.rejectRequisition(ctx, a.id, a.version, a.reason),
    warehouseRequisitionClose: (_p, a, ctx) => service.closeRequisition(ctx, a.id, a.version, a.reason),
    warehouseRequisitionFulfill: (_p, a, ctx) => service.fulfillRequisition(ctx, a.id, a.version, a.lines, a.date),
    pdmRequestCreate: (_p, a, ctx) => service.createPdm(ctx, a.input),
    pdmRequestUpdate: (_p, a, ctx) => service.updatePdm(ctx, a.id, a.version, a.input),
    pdmRequestSend: (_p, a, ctx) => service.sendPdmMutation(ctx, a.id, a.version),
    pdmRequestReject: (_p, a, ctx) => service.rejectPdm(ctx, a.id, a.version, a.reason),
  },
  Article: {
    line: async (a, _args, ctx) => (await loaders(ctx).line.load(a.lineId)) as data.ProductLineRow,
    unit: (a) => unitOf(a.unit),
    averageCost: (a) => averageOf(a.totalQuantity, a.totalValue),
  },
  ArticleOption: {
    unit: (a) => unitOf(a.unit),
  },
  StockConcept: {
    system: (c) => Boolean(c.systemKey),
  },
  StockMovement: {
    folio: (m) => formatMovementFolio(m.series, m.folio),
    concept: (m) => ({
      id: m.conceptId,
      code: m.conceptCode,
      name: m.conceptName,
      kind: m.conceptKind,
      direction: m.conceptDirection,
      affectsCost: m.conceptAffectsCost,
      systemKey: m.conceptSystemKey,
      active: m.conceptActive,
      version: m.conceptVersion,
      createdAt: m.createdAt,
    }),
    warehouse: async (m, _a, ctx) => (await loaders(ctx).warehouse.load(m.warehouseId)) as data.WarehouseRow,
    targetWarehouse: (m, _a, ctx) => (m.targetWarehouseId ? loaders(ctx).warehouse.load(m.targetWarehouseId) : null),
    reverses: (m) => (m.reversesId && m.reversesSeries ? ref({ id: m.reversesId, series: m.reversesSeries, folio: Number(m.reversesFolio) }) : null),
    reversedBy: (m) => (m.reversedById && m.reversedBySeries ? ref({ id: m.reversedById, series: m.reversedBySeries, folio: Number(m.reversedByFolio) }) : null),
    sourceId: (m) => (m.sourceId ? String(m.sourceId) : null),
    lines: async (m, _a, ctx) => (await loaders(ctx).movementLines.load(m.id)).map((l) => ({ ...l, ctxWarehouseId: m.warehouseId })),
  },
  StockMovementLine: {
    article: (l, _a, ctx) => optionOf(ctx, l.ctxWarehouseId, l.articleId, l),
  },
  StockLevel: {
    warehouse: async (s, _a, ctx) => (await loaders(ctx).warehouse.load(s.warehouseId)) as data.WarehouseRow,
    article: async (s, _a, ctx) => (await loaders(ctx).article.load(s.articleId)) as data.ArticleRow,
    averageCost: (s) => s.avgCost,
  },
  StockWarehouseTotal: {
    warehouse: async (t, _a, ctx) => (await loaders(ctx).warehouse.load(t.warehouseId)) as data.WarehouseRow,
  },
  KardexEntry: {
    folio: (e) => e.folioText,
    inQuantity: (e) => e.inQty,
    outQuantity: (e) => e.outQty,
    balanceQuantity: (e) => e.balanceQty,
    averageCost: (e) => e.balanceAvgCost,
  },
  InventoryCount: {
    folio: (c) => service.formatCountFolio(c.folio),
    warehouse: async (c, _a, ctx) => (await loaders(ctx).warehouse.load(c.warehouseId)) as data.WarehouseRow,
    inMovement: async (c, _a, ctx) => (c.inMovementId ? ref(await loaders(ctx).movementRef.load(c.inMovementId)) : null),
    outMovement: async (c, _a, ctx) => (c.outMovementId ? ref(await loaders(ctx).movementRef.load(c.outMovementId)) : null),
    lines: async (c, _a, ctx) => (await service.countLinesOf(ctx, c)).map((l) => ({ ...l, ctxWarehouseId: c.warehouseId })),
  },
  InventoryCountLine: {
    article: (l, _a, ctx) => optionOf(ctx, l.ctxWarehouseId, l.articleId, l),
    snapshotQuantity: (l) => l.snapshotQty,
    expectedQuantity: (l) => l.expectedQty,
    countedQuantity: (l) => l.countedQty,
    // While open, the difference is against the stock now; once closed, what was adjusted.
    difference: (l) => l.differenceQty ?? (l.countedQty === null ? null : dec(l.countedQty).minus(l.expectedQty).toFixed()),
    differenceValue: (l) =>
      l.differenceValue ?? (l.countedQty === null ? null : dec(l.countedQty).minus(l.expectedQty).times(l.unitCost).toDecimalPlaces(2).toFixed(2)),
  },
  WarehouseRequisition: {
    folio: (r) => service.formatRequisitionFolio(r.folio),
    warehouse: async (r, _a, ctx) => (await loaders(ctx).warehouse.load(r.warehouseId)) as data.WarehouseRow,
    lines: async (r, _a, ctx) => (await loaders(ctx).requisitionLines.load(r.id)).map((l) => ({ ...l, ctxWarehouseId: r.warehouseId, ctxStatus: r.status })),
    movements: async (r, _a, ctx) => (await loaders(ctx).requisitionMovements.load(r.id)).map((m) => ref(m) as { id: number; folio: string }),
  },
  WarehouseRequisitionLine: {
    article: (l, _a, ctx) => optionOf(ctx, l.ctxWarehouseId, l.articleId, l),
    requestedQuantity: (l) => l.requestedQty,
    authorizedQuantity: (l) => l.authorizedQty,
    deliveredQuantity: (l) => l.deliveredQty,
    pendingQuantity: (l) => pendingQuantity(l.ctxStatus, l.authorizedQty, l.deliveredQty),
  },
  PdmRequest: {
    folio: (p) => service.formatPdmFolio(p.folio),
    lines: async (p, _a, ctx) => (await loaders(ctx).pdmLines.load(p.id)).map((l) => ({ ...l, ctxWarehouseId: null })),
  },
  PdmRequestLine: {
    article: (l, _a, ctx) => optionOf(ctx, l.ctxWarehouseId, l.articleId, l),
  },
};
