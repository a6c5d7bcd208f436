// Spanish strings and status tables of the Caja screens.
import type { StatusLabels } from '../../components/StatusBadge';
export { ACTIVE_LABELS } from '../../components/active';

export const CASH_PATHS = {
  concepts: '/system/cashModule/concepts',
  movements: '/system/cashModule/movements',
  periods: '/system/cashModule/periods',
} as const;

/** The documents of other modules that move a caja's cash (`sourceEntity`), opened with `?id=`; they are cancelled there. */
export const MOVEMENT_SOURCES: Record<string, { label: string; path: string }> = {
  viatico: { label: 'Viático', path: '/system/shoppingModule/viaticos/viaticos-form' },
};

export const KIND_LABELS: StatusLabels = {
  ingreso: { label: 'Ingreso', color: 'teal' },
  egreso: { label: 'Egreso', color: 'orange' },
};

export const PERIOD_STATUS: StatusLabels = {
  abierto: { label: 'Abierto', color: 'teal' },
  cerrado: { label: 'Cerrado', color: 'gray' },
};

/** A caja is feminine: «Activa» / «Inactiva». */
export const BOX_ACTIVE_LABELS: StatusLabels = {
  active: { label: 'Activa', color: 'teal' },
  inactive: { label: 'Inactiva', color: 'gray' },
};

export const BOX_ACTIVE_FILTER = [
  { value: 'all', label: 'Todas' },
  { value: 'true', label: 'Activas' },
  { value: 'false', label: 'Inactivas' },
];

/** The `?tab=` of Períodos that lists the cajas (ROUTES.md has no path of its own for it). */
export const BOXES_TAB = 'cajas';

export const boxTexts = {
  tabPeriods: 'Períodos',
  tabBoxes: 'Cajas',
  description: 'Las cajas de efectivo de la empresa; cada una lleva sus propios períodos, arqueos y movimientos.',
  newButton: 'Nueva caja',
  created: 'Caja registrada.',
  saved: 'Caja guardada.',
  notFound: 'La caja no existe o ya no está en esta página de la lista.',
  search: 'Buscar caja',
  exportName: 'Cajas',
  descriptionHint: 'Para qué es, dónde está y quién la resguarda (opcional).',
  activeHint: 'Una caja inactiva no abre períodos ni aparece en Movimientos ni en los viáticos.',
  openPeriodLock: (folio: number) => `Tiene abierto el período ${folio}: ciérralo con su arqueo para poder desactivarla.`,
  boxLabel: 'Caja',
  allBoxes: 'Todas las cajas',
} as const;

export const MOVEMENT_STATUS: StatusLabels = {
  vigente: { label: 'Vigente', color: 'teal' },
  cancelado: { label: 'Cancelado', color: 'gray' },
};


export const denominationLabel = (value: string): string => {
  const n = Number(value);
  const text = n < 1 ? `${Math.round(n * 100)} centavos` : `$${n.toLocaleString('en-US')}`;
  return `${text} (${n >= 20 ? 'billete' : 'moneda'})`;
};
