// Almacén services: the entry points resolvers and other modules call.
// Other modules use the transaction-taking functions so their document and
// ours commit together:
//   - createRequisition(tx, ctx, input)  (Mantenimiento: parts for an order)
//   - sendPdm(tx, ctx, id, version)      (the hand-off of a Solicitud PDM to Compras)
export * from './catalogs';
export { listMovements, getMovement, movementLinesOf, movementRefsOf, postMovement, cancelMovement } from './movements';
export { listStockLevels, stockTotals, kardex, exportStock, exportKardex, KARDEX_LIMIT } from './stock';
export { listCounts, getCount, countLinesOf, openCount, captureCount, closeCount, cancelCount, formatCountFolio } from './counts';
export {
  listRequisitions,
  getRequisition,
  requisitionLinesOf,
  requisitionMovementsOf,
  createRequisition,
  createRequisitionMutation,
  updateRequisition,
  authorizeRequisition,
  authorizeRequisitionsInFull,
  rejectRequisition,
  closeRequisition,
  fulfillRequisition,
  formatRequisitionFolio,
} from './requisitions';
export { pdmToSendIndicator, listPdm, getPdm, pdmLinesOf, createPdm, updatePdm, sendPdm, sendPdmMutation, rejectPdm, formatPdmFolio } from './pdm';
export { formatMovementFolio } from './posting';
//   - postPurchaseReceipt(tx, …)         (Compras: a receipt of an Orden de compra, inside postingTransaction)
export { checkPurchaseLines, postPurchaseReceipt, reversePurchaseReceipt, purchaseSource, PURCHASE_ORDER_SOURCE, type PurchaseSource } from './purchases';
export { postingTransaction } from './posting';
