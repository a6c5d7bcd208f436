// Movimientos IMSS: every Spanish string of the screen, in one place for review.
import type { StatusLabels } from '../../../components/StatusBadge';
import { IMSS_MOVEMENT_STATUS_LABELS, IMSS_MOVEMENT_TYPE_LABELS } from '../../../../schema/rh/imssMovements';

export const IMSS_MOVEMENT_BADGES: StatusLabels = {
  pendiente: { label: IMSS_MOVEMENT_STATUS_LABELS.pendiente, color: 'yellow' },
  presentado: { label: IMSS_MOVEMENT_STATUS_LABELS.presentado, color: 'teal' },
};

export const typeOptions = Object.entries(IMSS_MOVEMENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));
export const statusOptions = Object.entries(IMSS_MOVEMENT_STATUS_LABELS).map(([value, label]) => ({ value, label }));

export const texts = {
  listDescription:
    'Altas y reingresos (08), bajas (02) y modificaciones de salario (07) que generan los cambios de Empleados. Preséntalos en IDSE dentro de 5 días hábiles: selecciónalos, descarga el archivo y márcalos presentados con el lote que dio IDSE.',
  exportName: 'Movimientos IMSS',
  searchPlaceholder: 'Buscar por empleado, NSS, CURP o acuse',
  allTypes: 'Todos los tipos',
  allStatuses: 'Todos los estados',
  allRegistrations: 'Todos los registros patronales',
  overdueOnly: 'Solo vencidos',
  dateLabel: 'Fecha de efecto',
  overdue: 'Vencido',
  columns: {
    employee: 'Empleado',
    nss: 'NSS',
    registro: 'Registro patronal',
    type: 'Tipo',
    effectiveDate: 'Fecha de efecto',
    deadline: 'Fecha límite',
    sbc: 'SBC',
    bajaCause: 'Causa de baja',
    status: 'Estado',
    acuse: 'Lote / acuse',
  },
  exportIdse: 'Exportar para IDSE',
  markPresented: 'Marcar presentado',
  markTitle: (n: number) => `Marcar presentados ${n === 1 ? '1 movimiento' : `${n} movimientos`}`,
  markMessage: 'Escribe el número de lote o acuse que dio IDSE al recibir el archivo.',
  acuseLabel: 'Lote o acuse de IDSE',
  acusePlaceholder: 'p. ej. 1234567',
  acuseRequired: 'Escribe el número de lote o acuse.',
  downloaded: (n: number) => `Archivo con ${n === 1 ? '1 movimiento' : `${n} movimientos`} descargado.`,
} as const;
