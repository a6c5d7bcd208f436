// Almacén requisitions: the lifecycle (legal transitions and Spanish labels)
// and the quantity still pending of a line. Pure data: the service enforces
// the transitions (server/lib/lifecycle.ts) and the detail page offers only
// the buttons that are legal now, from the same map.
//   PENDIENTE → AUTORIZADA → SURTIDA_PARCIAL → SURTIDA, PENDIENTE → RECHAZADA,
//   and "Cerrar requisición" (close short): AUTORIZADA | SURTIDA_PARCIAL → CERRADA.
import { dec, type DecimalLike } from '../money';

export type RequisitionStatus = 'PENDIENTE' | 'AUTORIZADA' | 'SURTIDA_PARCIAL' | 'SURTIDA' | 'RECHAZADA' | 'CERRADA';

export const REQUISITION_LIFECYCLE: { labels: Record<RequisitionStatus, string>; transitions: Record<RequisitionStatus, readonly RequisitionStatus[]> } = {
  labels: {
    PENDIENTE: 'Pendiente',
    AUTORIZADA: 'Autorizada',
    SURTIDA_PARCIAL: 'Surtida parcial',
    SURTIDA: 'Surtida',
    RECHAZADA: 'Rechazada',
    CERRADA: 'Cerrada',
  },
  transitions: {
    PENDIENTE: ['AUTORIZADA', 'RECHAZADA'],
    AUTORIZADA: ['SURTIDA_PARCIAL', 'SURTIDA', 'CERRADA'],
    SURTIDA_PARCIAL: ['SURTIDA_PARCIAL', 'SURTIDA', 'CERRADA'],
    SURTIDA: [],
    RECHAZADA: [],
    // Closed short: what was delivered stays delivered (its salidas stand);
    // the undelivered remainder is cancelled and nothing more is delivered.
    CERRADA: [],
  },
};

/** States after which the warehouse delivers nothing more on the requisition. */
export const TERMINAL_REQUISITION_STATUSES: readonly RequisitionStatus[] = ['SURTIDA', 'RECHAZADA', 'CERRADA'];

export const canCloseRequisition = (status: string): boolean =>
  (REQUISITION_LIFECYCLE.transitions[status as RequisitionStatus] ?? []).includes('CERRADA');

/**
 * What the warehouse still owes on a line: authorised minus delivered while
 * the requisition is open, zero once it is in a terminal state (a closed
 * requisition keeps its authorised quantity as history, but owes nothing).
 */
export function pendingQuantity(status: string, authorized: DecimalLike | null, delivered: DecimalLike): string {
  if ((TERMINAL_REQUISITION_STATUSES as readonly string[]).includes(status)) return '0';
  const pending = dec(authorized ?? 0).minus(delivered);
  return pending.isNegative() ? '0' : pending.toFixed();
}
