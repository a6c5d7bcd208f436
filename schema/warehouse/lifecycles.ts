// Almacén lifecycles besides the requisition's (schema/warehouse/requisitions.ts):
// solicitudes de material (PDM) and inventory counts, each action with the
// edges it owns (schema/lifecycle.ts).
import { defineLifecycle } from '../lifecycle';

export type PdmStatus = 'PENDIENTE' | 'ENVIADA' | 'RECHAZADA';
export type CountStatus = 'ABIERTO' | 'CERRADO' | 'CANCELADO';

export const PDM_LIFECYCLE = defineLifecycle({
  labels: { PENDIENTE: 'Pendiente', ENVIADA: 'Enviada a Compras', RECHAZADA: 'Rechazada' } satisfies Record<PdmStatus, string>,
  actions: {
    enviar: { label: 'Enviar a Compras', edges: { PENDIENTE: ['ENVIADA'] } },
    rechazar: { label: 'Rechazar', edges: { PENDIENTE: ['RECHAZADA'] } },
  },
});

export const COUNT_LIFECYCLE = defineLifecycle({
  labels: { ABIERTO: 'Abierto', CERRADO: 'Cerrado', CANCELADO: 'Cancelado' } satisfies Record<CountStatus, string>,
  actions: {
    cerrar: { label: 'Cerrar inventario', edges: { ABIERTO: ['CERRADO'] } },
    cancelar: { label: 'Cancelar', edges: { ABIERTO: ['CANCELADO'] } },
  },
});
