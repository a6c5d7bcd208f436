// Seguridad: paths, badges and the Spanish strings every screen shares.
import type { StatusLabels } from '../../components/StatusBadge';
import { INSPECTION_ANSWER_LABELS, INSPECTION_RESULT_LABELS, INSPECTION_STATUS_LABELS } from '../../../schema/security/inspections';
import { PERMIT_KIND_LABELS, PERMIT_STATUS_LABELS } from '../../../schema/security/permits';
import { RECURRENCE_LABELS, SCHEDULE_STATUS_LABELS } from '../../../schema/security/schedule';
import { RETURN_CONDITION_LABELS, TOOL_CATEGORY_LABELS, TOOL_EVENT_LABELS, TOOL_STATUS_LABELS } from '../../../schema/security/tools';

const P = '/system/securityModule';
export const SECURITY_PATHS = {
  types: `${P}/types`,
  schedule: `${P}/schedule`,
  inspections: `${P}/inspections`,
  inspection: `${P}/inspections/inspections-detail`,
  maintenanceReport: `${P}/maintenanceReport`,
  permits: `${P}/permitions`,
  deliveries: `${P}/deliveryTools`,
  tools: `${P}/tools`,
  tool: `${P}/toolsDetail`,
  reports: `${P}/reports`,
} as const;

export const MODULE = 'Seguridad';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
export const OPTIONS = {
  recurrence: options(RECURRENCE_LABELS),
  scheduleStatus: options(SCHEDULE_STATUS_LABELS),
  inspectionStatus: options(INSPECTION_STATUS_LABELS),
  inspectionResult: options(INSPECTION_RESULT_LABELS),
  answers: options(INSPECTION_ANSWER_LABELS),
  permitKind: options(PERMIT_KIND_LABELS),
  permitStatus: options(PERMIT_STATUS_LABELS),
  toolCategory: options(TOOL_CATEGORY_LABELS),
  toolStatus: options(TOOL_STATUS_LABELS),
  returnCondition: options(RETURN_CONDITION_LABELS),
};

export const BADGES: Record<string, StatusLabels> = {
  schedule: { pendiente: { label: 'Pendiente', color: 'blue' }, realizada: { label: 'Realizada', color: 'teal' }, cancelada: { label: 'Cancelada', color: 'gray' } },
  inspection: { borrador: { label: 'Borrador', color: 'yellow' }, cerrada: { label: 'Cerrada', color: 'gray' } },
  result: { aprobada: { label: 'Aprobada', color: 'teal' }, reprobada: { label: 'Reprobada', color: 'red' } },
  permit: {
    solicitado: { label: PERMIT_STATUS_LABELS.solicitado, color: 'blue' },
    autorizado: { label: PERMIT_STATUS_LABELS.autorizado, color: 'teal' },
    cerrado: { label: PERMIT_STATUS_LABELS.cerrado, color: 'gray' },
    cancelado: { label: PERMIT_STATUS_LABELS.cancelado, color: 'red' },
  },
  tool: {
    disponible: { label: TOOL_STATUS_LABELS.disponible, color: 'teal' },
    asignada: { label: TOOL_STATUS_LABELS.asignada, color: 'blue' },
    en_reparacion: { label: TOOL_STATUS_LABELS.en_reparacion, color: 'orange' },
    baja: { label: TOOL_STATUS_LABELS.baja, color: 'gray' },
  },
  report: {
    nuevo: { label: 'Nuevo', color: 'blue' },
    asignado: { label: 'Asignado', color: 'cyan' },
    en_orden: { label: 'En orden', color: 'violet' },
    atendido: { label: 'Atendido', color: 'teal' },
    descartado: { label: 'Descartado', color: 'gray' },
  },
};

export const PRIORITY_LABELS: Record<string, string> = { baja: 'Baja', media: 'Media', alta: 'Alta', urgente: 'Urgente' };
export { INSPECTION_ANSWER_LABELS, PERMIT_KIND_LABELS, RECURRENCE_LABELS, RETURN_CONDITION_LABELS, TOOL_CATEGORY_LABELS, TOOL_EVENT_LABELS, TOOL_STATUS_LABELS };

export const common = {
  required: 'Este campo es obligatorio.',
  all: 'Todos',
  save: 'Guardar',
  cancel: 'Cancelar',
  reason: 'Motivo',
  notFound: (what: string) => `${what} no existe.`,
  backTo: (what: string) => `Volver a ${what}`,
};
