// Almacén requisitions: the lifecycle (each action with the edges it owns,
// Spanish labels) and the quantity still pending of a line. Pure data: the
// service refuses what an action does not own (server/lib/lifecycle.ts) and
// the detail page offers only the buttons that apply now, from the same map.
//   PENDIENTE → AUTORIZADA → SURTIDA_PARCIAL → SURTIDA, PENDIENTE → RECHAZADA,
//   and "Cerrar requisición" (close short): AUTORIZADA | SURTIDA_PARCIAL → CERRADA.
import { canAct, defineLifecycle } from '../lifecycle';
import { dec, type DecimalLike } from '../money';

export type RequisitionStatus = 'PENDIENTE' | 'AUTORIZADA' | 'SURTIDA_PARCIAL' | 'SURTIDA' | 'RECHAZADA' | 'CERRADA';

export const REQUISITION_LIFECYCLE = defineLifecycle({
  labels: {
    PENDIENTE: 'Pendiente',
    AUTORIZADA: 'Autorizada',
    SURTIDA_PARCIAL: 'Surtida parcial',
    SURTIDA: 'Surtida',
    RECHAZADA: 'Rechazada',
    CERRADA: 'Cerrada',
  } satisfies Record<RequisitionStatus, string>,
  actions: {
    autorizar: { label: 'Autorizar', edges: { PENDIENTE: ['AUTORIZADA'] } },
    rechazar: { label: 'Rechazar', edges: { PENDIENTE: ['RECHAZADA'] } },
    surtir: { label: 'Surtir', edges: { AUTORIZADA: ['SURTIDA_PARCIAL', 'SURTIDA'], SURTIDA_PARCIAL: ['SURTIDA_PARCIAL', 'SURTIDA'] } },
    // Closed short: what was delivered stays delivered (its salidas stand);
    // the undelivered remainder is cancelled and nothing more is delivered.
    cerrar: { label: 'Cerrar requisición', edges: { AUTORIZADA: ['CERRADA'], SURTIDA_PARCIAL: ['CERRADA'] } },
  },
});

/** States after which the warehouse delivers nothing more on the requisition. */
export const TERMINAL_REQUISITION_STATUSES: readonly RequisitionStatus[] = ['SURTIDA', 'RECHAZADA', 'CERRADA'];

export const canCloseRequisition = (status: string): boolean => canAct(REQUISITION_LIFECYCLE, 'cerrar', status as RequisitionStatus);

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
