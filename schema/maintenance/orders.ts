// Maintenance orders: lifecycle, labels and the total (parts delivered at the
// warehouse's average cost at delivery + labour hours × rate + external
// workshop), in exact decimals. Pure: the server stores it at close and the
// SPA shows the running figure with the same code.
import { defineLifecycle } from '../lifecycle';
import { dec, money, sum, type DecimalLike } from '../money';
import { TERMINAL_REQUISITION_STATUSES } from '../warehouse/requisitions';

export type OrderStatus = 'abierta' | 'en_proceso' | 'cerrada' | 'cancelada';

export const ORDER_LIFECYCLE = defineLifecycle({
  labels: { abierta: 'Abierta', en_proceso: 'En proceso', cerrada: 'Cerrada', cancelada: 'Cancelada' } satisfies Record<OrderStatus, string>,
  actions: {
    iniciar: { label: 'Iniciar', edges: { abierta: ['en_proceso'] } },
    cerrar: { label: 'Cerrar orden', edges: { en_proceso: ['cerrada'] } },
    cancelar: { label: 'Cancelar', edges: { abierta: ['cancelada'], en_proceso: ['cancelada'] } },
  },
});

export const formatOrderFolio = (folio: number) => `OM-${String(folio).padStart(6, '0')}`;

export type OrderCostInput = {
  /** Exit-movement lines of the order's requisitions: their amount (quantity × average cost at delivery). */
  partAmounts: DecimalLike[];
  labourHours: DecimalLike;
  labourRate: DecimalLike;
  externalCost: DecimalLike;
};

export type OrderCost = { parts: string; labour: string; external: string; total: string };

/** Parts + labour + external, each rounded to cents once (the total is the sum of the rounded parts). */
export function orderCost(i: OrderCostInput): OrderCost {
  const parts = money(sum(i.partAmounts));
  const labour = money(dec(i.labourHours).times(i.labourRate));
  const external = money(i.externalCost);
  return { parts, labour, external, total: money(sum([parts, labour, external])) };
}

/** A requisition lets an order close once it is in one of Almacén's final states: nothing more will be delivered. */
export const isRequisitionSettled = (status: string) => (TERMINAL_REQUISITION_STATUSES as readonly string[]).includes(status);

export const SERVICE_KIND_LABELS = { preventivo: 'Preventivo', correctivo: 'Correctivo' } as const;
export type ServiceKind = keyof typeof SERVICE_KIND_LABELS;

export const REPORT_STATUS_LABELS = { nuevo: 'Nuevo', asignado: 'Asignado', en_orden: 'En orden', atendido: 'Atendido', descartado: 'Descartado' } as const;
export const REPORT_PRIORITY_LABELS = { baja: 'Baja', media: 'Media', alta: 'Alta', urgente: 'Urgente' } as const;
