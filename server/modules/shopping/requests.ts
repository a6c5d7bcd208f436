// Payment requests as seen by other modules (contract, keep stable):
// Almacén's Solicitud PDM and Mantenimiento create a request inside their own
// transaction, and read back its outcome to show it on their document.
import type { Actor } from '../../db/audit';
import type { Executor } from '../../db/database';
import { badInput } from '../../lib/errors';
import { dec } from '../../../schema/money';
import * as data from './data';
import { todayMx } from '../../../schema/dates';
import { createPaymentRequestTx, type PaymentRequestOriginInput } from './service';

export type { PaymentRequestOriginInput };

export type PaymentRequestOutcome = {
  requestId: number;
  folio: number;
  status: 'pendiente' | 'aprobada' | 'rechazada';
  rejectReason: string | null;
  expenseId: number | null;
  expenseFolio: number | null;
  reviewedAt: Date | null;
};

/**
 * Creates the Compras payment request for a document of another module, in
 * the caller's transaction (so both commit or roll back together). Throws
 * BAD_USER_INPUT for bad figures and CONFLICT when a live request for the same
 * `origin` + `originId` exists. Returns the request id and folio.
 */
export function createPaymentRequestFromOrigin(tx: Executor, actor: Actor, input: PaymentRequestOriginInput & { origin: 'mantenimiento' | 'almacen_pdm' }) {
  return createPaymentRequestTx(tx, actor, input);
}

/** The latest request per origin document: what the origin shows as the outcome (pendiente / aprobada / rechazada + motivo). */
export async function paymentRequestOutcomes(ex: Executor, origin: 'mantenimiento' | 'almacen_pdm', originIds: (string | number)[]): Promise<Map<string, PaymentRequestOutcome>> {
  const rows = await data.requestsByOrigin(ex, origin, originIds.map(String));
  const out = new Map<string, PaymentRequestOutcome>();
  for (const r of rows) {
    // Rows come in id order: a later request (sent again after a rejection) wins.
    out.set(String(r.originId), { requestId: r.id, folio: r.folio, status: r.status, rejectReason: r.rejectReason, expenseId: r.expenseId, expenseFolio: r.expenseFolio, reviewedAt: r.reviewedAt });
  }
  return out;
}

/**
 * Almacén › Solicitud PDM → Compras: called by warehouse `sendPdm` inside its
 * transaction. The estimated total (before IVA) becomes the request's
 * subtotal with IVA 16 %; the free-text supplier is matched to a catalogue
 * supplier by razón social or RFC when it names one exactly, otherwise the
 * reviewer picks it when approving.
 */
export async function createPaymentRequestForPdm(
  tx: Executor,
  actor: Actor,
  pdm: { id: number; folio: string; supplier: string; justification: string; estimatedTotal: string },
): Promise<{ id: number; folio: number }> {
  if (!dec(pdm.estimatedTotal).gt(0)) throw badInput({ estimatedTotal: 'El importe estimado debe ser mayor a cero para enviar la solicitud a Compras.' });
  const name = pdm.supplier.trim();
  const supplierId = name ? await data.activeSupplierIdByNameOrRfc(tx, name) : null;
  const description = `${pdm.justification.trim()}${name ? ` (proveedor sugerido: ${name})` : ''}`.slice(0, 500);
  return createPaymentRequestTx(tx, actor, {
    origin: 'almacen_pdm',
    originId: pdm.id,
    originFolio: pdm.folio,
    supplierId,
    date: todayMx(),
    description,
    category: 'Refacciones de mantenimiento',
    subtotal: pdm.estimatedTotal,
    ivaRate: '0.16',
  });
}
