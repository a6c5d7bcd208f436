// Herramientas y EPP: tools are kept by unit (one holder at a time), PPE by
// quantity (stock). What a return does to the item depends on its condition.
export const TOOL_CATEGORIES = ['herramienta', 'epp'] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];
export const TOOL_CATEGORY_LABELS: Record<ToolCategory, string> = { herramienta: 'Herramienta', epp: 'EPP' };

export const TOOL_STATUSES = ['disponible', 'asignada', 'en_reparacion', 'baja'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export const TOOL_STATUS_LABELS: Record<ToolStatus, string> = { disponible: 'Disponible', asignada: 'Asignada', en_reparacion: 'En reparación', baja: 'Baja' };

export const RETURN_CONDITIONS = ['bueno', 'danado', 'perdido'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = { bueno: 'Bueno', danado: 'Dañado', perdido: 'Perdido' };

/** The status a returned tool takes: bueno → disponible, dañado → en reparación, perdido → baja. */
export const statusAfterReturn = (c: ReturnCondition): ToolStatus => (c === 'bueno' ? 'disponible' : c === 'danado' ? 'en_reparacion' : 'baja');

export const TOOL_EVENT_KINDS = ['alta', 'entrega', 'devolucion', 'reparacion', 'reparada', 'baja', 'ajuste'] as const;
export type ToolEventKind = (typeof TOOL_EVENT_KINDS)[number];
export const TOOL_EVENT_LABELS: Record<ToolEventKind, string> = {
  alta: 'Alta',
  entrega: 'Entrega',
  devolucion: 'Devolución',
  reparacion: 'Envío a reparación',
  reparada: 'Regreso de reparación',
  baja: 'Baja',
  ajuste: 'Ajuste de existencia',
};

/** Most PPE units one item can hold when it is registered. */
export const EPP_STOCK_MAX = 1_000_000;
/** Most units of one PPE item in one delivery line. */
export const DELIVERY_QUANTITY_MAX = 100_000;
/** Most lines (items) in one delivery. */
export const DELIVERY_LINES_MAX = 50;

export const formatDeliveryFolio = (folio: number) => `ENT-${String(folio).padStart(5, '0')}`;
