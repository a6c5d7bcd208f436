// Compras lifecycles: gastos (expenses) and solicitudes de pago, each action
// with the edges it owns (schema/lifecycle.ts). Pure data: the service
// refuses what an action does not own (server/lib/lifecycle.ts).
import { defineLifecycle } from '../lifecycle';

export type ExpenseStatus = 'pendiente' | 'pagado_parcial' | 'pagado' | 'cancelado';
export type PaymentRequestStatus = 'pendiente' | 'aprobada' | 'rechazada';

export const EXPENSE_LIFECYCLE = defineLifecycle({
  labels: { pendiente: 'Pendiente', pagado_parcial: 'Pagado parcial', pagado: 'Pagado', cancelado: 'Cancelado' } satisfies Record<ExpenseStatus, string>,
  actions: {
    // A supplier payment lowers the balance.
    pagar: { label: 'Registrar pago', edges: { pendiente: ['pagado_parcial', 'pagado'], pagado_parcial: ['pagado_parcial', 'pagado'] } },
    // A cancelled supplier payment gives the balance back.
    devolverSaldo: { label: 'Cancelar pago', edges: { pagado: ['pagado_parcial', 'pendiente'], pagado_parcial: ['pagado_parcial', 'pendiente'] } },
    cancelar: { label: 'Cancelar', edges: { pendiente: ['cancelado'] } },
  },
});

export const PAYMENT_REQUEST_LIFECYCLE = defineLifecycle({
  labels: { pendiente: 'Pendiente', aprobada: 'Aprobada', rechazada: 'Rechazada' } satisfies Record<PaymentRequestStatus, string>,
  actions: {
    aprobar: { label: 'Aprobar', edges: { pendiente: ['aprobada'] } },
    rechazar: { label: 'Rechazar', edges: { pendiente: ['rechazada'] } },
  },
});

export type PurchaseOrderStatus = 'borrador' | 'autorizada' | 'recibida_parcial' | 'recibida' | 'cancelada' | 'cerrada';

/**
 * Órdenes de compra: authorised by someone whose amount limit covers the
 * total; each receipt into Almacén moves it to recibida parcial or recibida
 * (the rest stays open); only what nothing was received against may be
 * cancelled. A partly received order may be closed short (cerrada: the rest
 * is no longer expected, nothing more is received). Reversing a receipt
 * posted in error takes the order back to what the other receipts leave:
 * recibida parcial, or autorizada when none is left.
 */
export const PURCHASE_ORDER_LIFECYCLE = defineLifecycle({
  labels: {
    borrador: 'Borrador',
    autorizada: 'Autorizada',
    recibida_parcial: 'Recibida parcial',
    recibida: 'Recibida',
    cancelada: 'Cancelada',
    cerrada: 'Cerrada con faltante',
  } satisfies Record<PurchaseOrderStatus, string>,
  actions: {
    autorizar: { label: 'Autorizar', edges: { borrador: ['autorizada'] } },
    recibir: { label: 'Registrar recepción', edges: { autorizada: ['recibida_parcial', 'recibida'], recibida_parcial: ['recibida_parcial', 'recibida'] } },
    cancelar: { label: 'Cancelar', edges: { borrador: ['cancelada'], autorizada: ['cancelada'] } },
    cerrar: { label: 'Cerrar con faltante', edges: { recibida_parcial: ['cerrada'] } },
    revertirRecepcion: { label: 'Revertir recepción', edges: { recibida: ['recibida_parcial', 'autorizada'], recibida_parcial: ['recibida_parcial', 'autorizada'] } },
  },
});
