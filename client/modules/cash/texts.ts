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

export const MOVEMENT_STATUS: StatusLabels = {
  vigente: { label: 'Vigente', color: 'teal' },
  cancelado: { label: 'Cancelado', color: 'gray' },
};


export const denominationLabel = (value: string): string => {
  const n = Number(value);
  const text = n < 1 ? `${Math.round(n * 100)} centavos` : `$${n.toLocaleString('en-US')}`;
  return `${text} (${n >= 20 ? 'billete' : 'moneda'})`;
};
