// Vacaciones: every Spanish string of the screens, in one place for review.
import type { StatusLabels } from '../../../components/StatusBadge';
import { VACATION_LIFECYCLE } from '../../../../schema/rh/vacations';

export const VACATION_PATHS = {
  list: '/system/rh/vacations',
  form: '/system/rh/vacations/vacations-form',
} as const;

const L = VACATION_LIFECYCLE.labels;
export const VACATION_BADGES: StatusLabels = {
  solicitada: { label: L.solicitada, color: 'yellow' },
  aprobada: { label: L.aprobada, color: 'teal' },
  rechazada: { label: L.rechazada, color: 'red' },
  cancelada: { label: L.cancelada, color: 'gray' },
};

export const statusOptions = Object.entries(L).map(([value, label]) => ({ value, label }));

export const texts = {
  listDescription: 'Solicitudes de vacaciones (art. 76 LFT): se aprueban contra el saldo de cada empleado por aniversario; la nómina ordinaria en que empiezan paga su prima vacacional.',
  exportName: 'Vacaciones',
  searchPlaceholder: 'Buscar por folio, empleado o nota',
  newRequest: 'Nueva solicitud',
  allStatuses: 'Todos los estados',
  employeeFilter: 'Empleado',
  columns: { folio: 'Folio', employee: 'Empleado', firstDay: 'Desde', lastDay: 'Hasta', days: 'Días', status: 'Estado', prima: 'Prima pagada en' },
  fields: { employee: 'Empleado', firstDay: 'Primer día', lastDay: 'Último día', days: 'Días de vacaciones', note: 'Nota' },
  daysHelp: (calendar: number, restDays: string[]) =>
    `De ${calendar} ${calendar === 1 ? 'día natural' : 'días naturales'}; sin domingos${restDays.length ? ` ni ${restDays.length === 1 ? 'el día' : 'los días'} de descanso obligatorio ${restDays.join(', ')}` : ''} por omisión.`,
  newTitle: 'Nueva solicitud de vacaciones',
  titleOf: (folio: number, employee: string) => `Vacaciones ${folio} · ${employee}`,
  created: (folio: number) => `Solicitud ${folio} registrada.`,
  required: 'Este campo es obligatorio.',
  lastBeforeFirst: 'El último día no puede ser anterior al primero.',
  readOnlyNotice: 'La solicitud ya se registró: solo cambia su estado (aprobar, rechazar o cancelar).',
  decisionNote: (status: string, note: string) => `${status}: ${note}`,
  primaPaid: (folio: number) => `La nómina ${folio} pagó la prima vacacional de esta solicitud.`,
  approve: 'Aprobar',
  approveTitle: (folio: number) => `Aprobar la solicitud ${folio}`,
  approveMessage: (days: number) => `Se descontarán ${days} ${days === 1 ? 'día' : 'días'} del saldo del empleado. ¿Aprobar la solicitud?`,
  approved: (folio: number) => `Solicitud ${folio} aprobada.`,
  reject: 'Rechazar',
  rejectTitle: (folio: number) => `Rechazar la solicitud ${folio}`,
  rejectReason: 'Motivo del rechazo',
  rejected: (folio: number) => `Solicitud ${folio} rechazada.`,
  cancel: 'Cancelar vacaciones',
  cancelTitle: (folio: number) => `Cancelar la solicitud ${folio}`,
  cancelReason: 'Motivo de la cancelación',
  cancelHelp: 'Los días vuelven al saldo del empleado.',
  cancelled: (folio: number) => `Solicitud ${folio} cancelada.`,
  notFound: 'La solicitud de vacaciones no existe.',
  back: 'Volver a Vacaciones',
  balance: {
    title: 'Saldo de vacaciones',
    summary: (earned: number, taken: number, pending: number) => `Ganados ${earned} · tomados ${taken} · pendientes ${pending}`,
    none: 'Aún no cumple su primer aniversario: no tiene días de vacaciones ganados.',
    cols: { year: 'Año de servicio', anniversary: 'Aniversario', grantBy: 'Otorgar antes del', earned: 'Ganados', taken: 'Tomados', pending: 'Pendientes' },
    note: 'Días por año según el art. 76 LFT (tabla 2023). Los días aprobados se toman del año más antiguo con saldo; los días no vencen.',
  },
} as const;
