// Convenios: every Spanish string of the screens, in one place for review.
import type { StatusLabels } from '../../../components/StatusBadge';
import { AGREEMENT_KIND_LABELS, AGREEMENT_STATUS_LABELS, type AgreementKind } from '../../../../schema/rh/payroll';
import { DISCOUNT_METHOD_LABELS, METHODS_BY_KIND, MONTH_DAYS, type DiscountMethod } from '../../../../schema/rh/agreementDiscounts';

export const AGREEMENT_PATHS = {
  list: '/system/rh/agreements',
  form: '/system/rh/agreements/agreements-form',
} as const;

export const AGREEMENT_BADGES: StatusLabels = {
  activo: { label: AGREEMENT_STATUS_LABELS.activo, color: 'teal' },
  liquidado: { label: AGREEMENT_STATUS_LABELS.liquidado, color: 'blue' },
  cancelado: { label: AGREEMENT_STATUS_LABELS.cancelado, color: 'red' },
};

export const kindOptions = Object.entries(AGREEMENT_KIND_LABELS).map(([value, label]) => ({ value, label }));
/** The methods a kind accepts, for the form's select. */
export const methodOptions = (kind: AgreementKind) => METHODS_BY_KIND[kind].map((value) => ({ value, label: DISCOUNT_METHOD_LABELS[value] }));

export const statusOptions = Object.entries(AGREEMENT_STATUS_LABELS).map(([value, label]) => ({ value, label }));

export const texts = {
  listDescription:
    'Préstamos, descuentos, pensiones alimenticias, FONACOT e INFONAVIT que se descuentan por nómina: cada nómina cerrada aplica un abono y baja el saldo; los créditos INFONAVIT y las pensiones por factor, porcentaje o cuota fija no tienen total y se descuentan hasta cancelarlos.',
  noTotal: 'Sin total',
  exportName: 'Convenios',
  searchPlaceholder: 'Buscar por folio, empleado, descripción o referencia',
  newAgreement: 'Nuevo convenio',
  allKinds: 'Todos los tipos',
  allStatuses: 'Todos los estados',
  columns: {
    folio: 'Folio',
    employee: 'Empleado',
    kind: 'Tipo',
    startDate: 'Inicio',
    total: 'Total',
    installment: 'Abono',
    balance: 'Saldo',
    status: 'Estado',
  },
  fields: {
    employee: 'Empleado',
    kind: 'Tipo de convenio',
    description: 'Descripción',
    reference: 'Referencia (núm. de crédito, oficio…)',
    startDate: 'Se descuenta a partir de',
    total: 'Total',
    installment: 'Abono por nómina',
    balance: 'Saldo',
    method: 'Método de descuento',
    factor: 'Factor de descuento (veces UMA al mes)',
    percent: 'Porcentaje (%)',
    monthly: 'Cuota fija mensual',
  },
  methodHelp: {
    factor: `Del aviso de retención de INFONAVIT. Por nómina: factor × UMA diaria ÷ ${MONTH_DAYS} × días del periodo (UMA vigente a la fecha de pago).`,
    percentInfonavit: 'Del aviso de retención de INFONAVIT. Por nómina: % × SBC diario × días cotizados del periodo.',
    percentPension: 'Por nómina: % × (percepciones − ISR retenido − IMSS retenido), según la resolución judicial.',
    monthly: `Por nómina: cuota ÷ ${MONTH_DAYS} × días del periodo; no se reduce por faltas ni incapacidades.`,
    noTotal: 'Sin total: se descuenta en cada nómina hasta cancelar el convenio (aviso de suspensión, nueva resolución).',
  },
  /** The list's «Abono» cell of a convenio without total. */
  discountOf: (method: DiscountMethod, rate: string | null, monthly: string) =>
    method === 'factor' ? `Factor ${rate ?? ''} UMA` : method === 'porcentaje' ? `${rate ?? ''} %` : `${monthly} al mes`,
  newTitle: 'Nuevo convenio',
  titleOf: (folio: number, employee: string) => `Convenio ${folio} · ${employee}`,
  created: (folio: number) => `Convenio ${folio} registrado.`,
  saved: 'Convenio guardado.',
  lockedNotice: 'El convenio ya tiene abonos aplicados: solo se pueden cambiar la descripción y la referencia.',
  closedNotice: (status: string) => `El convenio está ${status}; ya no se modifica.`,
  installments: (n: number) => `${n} ${n === 1 ? 'abono' : 'abonos'} de nómina restantes aprox.`,
  installmentOverTotal: 'El abono no puede ser mayor que el total.',
  required: 'Este campo es obligatorio.',
  payments: 'Abonos aplicados por nómina',
  paymentCols: { payroll: 'Nómina', date: 'Fecha de pago', amount: 'Abono', balance: 'Saldo después' },
  noPayments: 'Aún no se ha aplicado ningún abono.',
  cancel: 'Cancelar convenio',
  cancelTitle: (folio: number) => `Cancelar el convenio ${folio}`,
  cancelReason: 'Motivo de la cancelación',
  cancelHelp: 'El convenio deja de descontarse en las nóminas siguientes. Los abonos ya aplicados se conservan.',
  cancelled: (folio: number) => `Convenio ${folio} cancelado.`,
  cancelledBecause: (reason: string) => `Cancelado: ${reason}`,
} as const;
