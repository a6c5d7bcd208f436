// Entradas por compra: a receipt of a Compras Orden de compra posts its
// article lines here, inside Compras' transaction, through the one posting
// engine (posting.ts), so the moving average and the stock checks are the
// ones every other entrada uses. The unit cost is the order's price.
import type { Executor } from '../../db/database';
import { appError, type FieldMessages } from '../../lib/errors';
import { MSG } from './messages';
import { dec } from '../../../schema/money';
import * as data from './data';
import { checkLineArticles, checkWarehouse, postReverse, throwIfAny } from './movements';
import { formatPdmFolio } from './pdm';
import { formatMovementFolio, postMovements, PURCHASE_ORDER_SOURCE, type PostingLine } from './posting';
import { formatRequisitionFolio } from './requisitions';

export const PURCHASE_RECEIPT_CONCEPT = {
  systemKey: 'purchase_receipt_in',
  code: 'E-OC',
  name: 'Entrada por orden de compra',
  kind: 'ENTRADA',
  direction: 'IN',
  affectsCost: true,
  active: true,
} as const;

export { PURCHASE_ORDER_SOURCE };

export type PurchaseReceiptPosting = {
  date: string;
  warehouseId: number;
  /** The order's folio text (OC-000001). */
  reference: string;
  notes: string;
  orderId: number;
  /** `inputIndex` points at the caller's `lines.<i>` for messages. */
  lines: { articleId: number; quantity: string; unitCost: string; inputIndex: number }[];
};

/**
 * The Almacén side of an order's article lines: the warehouse exists and is
 * active, each article exists, is active and its quantity fits its unit's
 * decimals. Messages go to `lines.<inputIndex>.articleId|quantity` (the
 * caller's positions: service lines are not passed) and `warehouseId`.
 */
export async function checkPurchaseLines(ex: Executor, warehouseId: number, lines: { articleId: number; quantity: string; inputIndex: number }[], fields: FieldMessages) {
  const warehouse = await checkWarehouse(ex, warehouseId, fields);
  const own: FieldMessages = {};
  const articles = await checkLineArticles(ex, lines, own);
  for (const [key, message] of Object.entries(own)) {
    const m = /^lines\.(\d+)\.(.+)$/.exec(key);
    fields[m ? `lines.${lines[Number(m[1])].inputIndex}.${m[2]}` : key] = message;
  }
  return { warehouse, articles };
}

/**
 * Posts one entrada for a receipt. Must run inside postingTransaction (the
 * caller's, shared with its own writes). Refuses (BAD_USER_INPUT) an
 * inactive warehouse, an article that no longer exists or is inactive, a
 * quantity with more decimals than its unit allows, and a date before a
 * row's last movement.
 */
export async function postPurchaseReceipt(tx: Executor, actorUserId: number | null, spec: PurchaseReceiptPosting): Promise<{ id: number; folio: string; totalAmount: string }> {
  const fields: FieldMessages = {};
  const { warehouse, articles } = await checkPurchaseLines(tx, spec.warehouseId, spec.lines, fields);
  throwIfAny(fields);
  const concept = await data.ensureSystemConcept(tx, { ...PURCHASE_RECEIPT_CONCEPT });
  const postingLines: PostingLine[] = spec.lines.map((l) => ({ articleId: l.articleId, quantity: l.quantity, unitCost: l.unitCost, inputIndex: l.inputIndex }));
  const [posted] = await postMovements(
    tx,
    [
      {
        date: spec.date,
        concept,
        direction: 'IN',
        warehouse: warehouse as data.WarehouseRow,
        target: null,
        reference: spec.reference,
        notes: spec.notes,
        lines: postingLines,
        sourceType: PURCHASE_ORDER_SOURCE,
        sourceId: spec.orderId,
      },
    ],
    articles,
    actorUserId,
  );
  return { id: posted.id, folio: formatMovementFolio(posted.series, posted.folio), totalAmount: posted.totalAmount };
}

/**
 * Reverses the entrada of a purchase receipt posted in error: a salida of the
 * same quantities carrying the value they came in with (the average returns
 * to what the other entries make), through the same engine and inside the
 * caller's postingTransaction. CONFLICT when the stock is no longer there
 * (naming the article and what is left) or the movement is already cancelled.
 */
export async function reversePurchaseReceipt(tx: Executor, actorUserId: number | null, movementId: number, notes: string): Promise<{ id: number; folio: string; totalAmount: string }> {
  const original = await data.lockMovement(tx, movementId);
  if (!original || original.sourceType !== PURCHASE_ORDER_SOURCE) throw new Error(`movement ${movementId} is not a purchase receipt`);
  if (original.status === 'CANCELADO') throw appError('CONFLICT', MSG.alreadyCancelled);
  const posted = await postReverse(tx, original, { notes, actorUserId, audit: null, entryAtItsCost: true, shortage: 'receiptReversal' });
  return { id: posted.id, folio: formatMovementFolio(posted.series, posted.folio), totalAmount: posted.totalAmount };
}

export type PurchaseSource = {
  kind: 'requisicion' | 'pdm';
  id: number;
  folio: string;
  /** The requisition's warehouse; a PDM names none. */
  warehouseId: number | null;
  /** The PDM's supplier as typed there (free text); empty for a requisition. */
  supplierText: string;
  notes: string;
  lines: { articleId: number; sku: string; name: string; unit: string; quantity: string; unitCost: string | null }[];
};

/**
 * What an Orden de compra may be drafted from: an authorised (or partly
 * delivered) requisition, for what is still to deliver; or a Solicitud PDM
 * sent to Compras, at its estimated costs. Null when it does not exist;
 * `{ refused }` with a Spanish reason when it is not in a state to buy from.
 */
export async function purchaseSource(ex: Executor, kind: 'requisicion' | 'pdm', id: number): Promise<PurchaseSource | { refused: string } | null> {
  if (kind === 'requisicion') {
    const r = await data.findRequisition(ex, id);
    if (!r) return null;
    const folio = formatRequisitionFolio(r.folio);
    if (r.status !== 'AUTORIZADA' && r.status !== 'SURTIDA_PARCIAL') return { refused: `La requisición ${folio} no está autorizada con pendientes por surtir.` };
    const lines = (await data.requisitionLines(ex, [id]))
      .map((l) => ({ articleId: l.articleId, sku: l.sku, name: l.name, unit: l.unit, quantity: dec(l.authorizedQty ?? 0).minus(l.deliveredQty).toFixed(), unitCost: null }))
      .filter((l) => dec(l.quantity).greaterThan(0));
    return { kind, id, folio, warehouseId: r.warehouseId, supplierText: '', notes: `${r.area}${r.originReference ? ` · ${r.originReference}` : ''}`, lines };
  }
  const p = await data.findPdm(ex, id);
  if (!p) return null;
  const folio = formatPdmFolio(p.folio);
  if (p.status !== 'ENVIADA') return { refused: `La solicitud ${folio} no se ha enviado a Compras.` };
  const lines = (await data.pdmLines(ex, [id])).map((l) => ({ articleId: l.articleId, sku: l.sku, name: l.name, unit: l.unit, quantity: dec(l.quantity).toFixed(), unitCost: dec(l.estimatedUnitCost).toFixed() }));
  return { kind, id, folio, warehouseId: null, supplierText: p.supplier, notes: p.justification, lines };
}
