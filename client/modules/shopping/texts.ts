// Spanish strings and status tables of the Compras screens.
import type { StatusLabels } from '../../components/StatusBadge';
export { ACTIVE_LABELS, activeStatus, activeLabel } from '../../components/active';

export const SHOPPING_PATHS = {
  suppliers: '/system/shoppingModule/suppliers',
  supplierForm: '/system/shoppingModule/suppliers/suppliers-form',
  accounts: '/system/shoppingModule/accounts',
  expenses: '/system/shoppingModule/expenses',
  expenseForm: '/system/shoppingModule/expenses/expenses-form',
  payoffs: '/system/shoppingModule/payoffs',
  applications: '/system/shoppingModule/applications',
  purchaseOrders: '/system/shoppingModule/purchase-orders',
  purchaseOrderForm: '/system/shoppingModule/purchase-orders/purchase-orders-form',
  viaticos: '/system/shoppingModule/viaticos',
  viaticoForm: '/system/shoppingModule/viaticos/viaticos-form',
  reports: '/system/shoppingModule/reports',
} as const;

export const withId = (path: string, id?: string | null): string => (id ? `${path}?id=${encodeURIComponent(id)}` : path);

/** A viático paid from a caja opens its movement in Caja (in that caja, found by the viático's folio, opened by `?id=`). */
export const cashMovementPath = (viaticoFolio: string, movementId: string, cashBoxId: string): string =>
  `/system/cashModule/movements?${new URLSearchParams({ caja: cashBoxId, search: viaticoFolio, id: movementId }).toString()}`;


export const EXPENSE_STATUS: StatusLabels = {
  pendiente: { label: 'Pendiente', color: 'yellow' },
  pagado_parcial: { label: 'Pagado parcial', color: 'blue' },
  pagado: { label: 'Pagado', color: 'teal' },
  cancelado: { label: 'Cancelado', color: 'gray' },
};

export const PURCHASE_ORDER_STATUS: StatusLabels = {
  borrador: { label: 'Borrador', color: 'gray' },
  autorizada: { label: 'Autorizada', color: 'blue' },
  recibida_parcial: { label: 'Recibida parcial', color: 'yellow' },
  recibida: { label: 'Recibida', color: 'teal' },
  cancelada: { label: 'Cancelada', color: 'red' },
  cerrada: { label: 'Cerrada con faltante', color: 'orange' },
};

/** A receipt of an order: in force, or reversed (posted in error, its stock taken back out). */
export const PURCHASE_RECEIPT_STATUS: StatusLabels = {
  vigente: { label: 'Vigente', color: 'teal' },
  revertida: { label: 'Revertida', color: 'red' },
};

export const VIATICO_STATUS: StatusLabels = {
  borrador: { label: 'Borrador', color: 'gray' },
  pagado: { label: 'Pagado', color: 'blue' },
  comprobado_parcial: { label: 'Comprobado parcial', color: 'yellow' },
  comprobado: { label: 'Comprobado', color: 'teal' },
  cerrado: { label: 'Cerrado', color: 'green' },
  cancelado: { label: 'Cancelado', color: 'red' },
};

/** Strings of Compras › Viáticos. */
export const viaticoTexts = {
  intro: 'Anticipos a empleados para un contrato u orden de servicio, su comprobación y su cierre.',
  search: 'Buscar por folio, empleado o propósito',
  newButton: 'Nuevo viático',
  overdue: (days: number) => `Sin comprobar (más de ${days} días)`,
  sums: 'Anticipado',
  sumsComprobado: 'Comprobado',
  newTitle: 'Nuevo viático',
  notFound: 'El viático no existe.',
  sections: { advance: 'Anticipo', proofs: 'Comprobación', addProof: 'Agregar comprobante', close: 'Cierre', settings: 'Aviso en el tablero' },
  fields: {
    employee: 'Empleado',
    contract: 'Contrato',
    serviceOrder: 'Orden de servicio',
    source: 'Pagado desde',
    account: 'Cuenta',
    cashBox: 'Caja',
    cashMovement: 'Egreso de caja',
    settlementCashMovement: 'Movimiento del cierre en caja',
    date: 'Fecha',
    amount: 'Importe',
    purpose: 'Propósito',
    kind: 'Tipo de comprobante',
    cfdi: 'XML del CFDI del proveedor',
    cfdiHint: 'Se lee el XML, se verifica su sello y que su UUID no esté registrado en otro gasto o viático.',
    concept: 'Concepto',
    settlement: 'El remanente se liquida por',
    consent: 'El empleado autorizó por escrito el descuento en nómina',
    consentFile: 'Documento firmado por el empleado',
    overdueDays: 'Días sin comprobar antes del aviso',
  },
  kinds: [
    { value: 'cfdi', label: 'CFDI' },
    { value: 'no_deducible', label: 'No deducible' },
  ],
  sources: [
    { value: 'cuenta', label: 'Cuenta' },
    { value: 'caja', label: 'Caja' },
  ],
  cashBoxLabel: (name: string, open: boolean, balance: string | null) => (open ? (balance === null ? name : `${name} (${balance})`) : `${name} · sin período abierto`),
  cashBoxClosed: 'Esta caja no tiene un período abierto: ábrelo en Caja › Períodos antes de pagar.',
  cashMovementLink: (folio: number) => `Movimiento ${folio}`,
  needsCashPost: 'Pagar o liquidar desde una caja requiere además el permiso «crear» de Caja › Movimientos.',
  cancelGivesBack: (amount: string, source: string) => `Se devuelven ${amount} a ${source} (cancelación de su pago).`,
  settlements: [
    { value: 'reintegro', label: 'Reintegro' },
    { value: 'descuento_nomina', label: 'Descuento en nómina' },
  ],
  settlementLabels: { reintegro: 'Reintegro', descuento_nomina: 'Descuento en nómina', reembolso: 'Reembolso al empleado', exacto: 'Sin diferencia' } as Record<string, string>,
  summary: { amount: 'Anticipo', comprobado: 'Comprobado', deductible: 'Deducible (sin IVA)', nonDeductible: 'No deducible', remainder: 'El empleado debe', excess: 'Se le debe al empleado' },
  proofColumns: { date: 'Fecha', kind: 'Tipo', concept: 'Concepto', subtotal: 'Sin IVA', iva: 'IVA', total: 'Total' },
  noProofs: 'Aún no hay comprobantes.',
  actions: { pay: 'Pagar', payConfirm: (amount: string, account: string) => `Se retiran ${amount} de ${account}.`, cancel: 'Cancelar viático', add: 'Agregar', remove: 'Quitar', close: 'Cerrar viático', saveSettings: 'Guardar' },
  done: { created: 'Viático creado.', saved: 'Viático guardado.', paid: 'Viático pagado.', cancelled: 'Viático cancelado.', proof: 'Comprobante agregado.', removed: 'Comprobante quitado.', closed: 'Viático cerrado.', settings: 'Configuración guardada.' },
  closeHint: { remainder: (x: string) => `El empleado debe ${x}.`, excess: (x: string, source: string) => `Se reembolsan ${x} al empleado desde ${source}.`, exact: 'Lo comprobado iguala el anticipo.' },
  closedAs: (how: string, amount: string) => `Cerrado: ${how} por ${amount}.`,
  agreement: (folio: number) => `Convenio de descuento de RH ${folio} (siguiente nómina ordinaria).`,
} as const;

export const PURCHASE_ORDER_ORIGIN: Record<string, string> = {
  manual: 'Captura directa',
  requisicion: 'Requisición de Almacén',
  pdm: 'Solicitud PDM',
};

export const PAYMENT_STATUS: StatusLabels = {
  aplicado: { label: 'Aplicado', color: 'teal' },
  cancelado: { label: 'Cancelado', color: 'gray' },
};

export const REQUEST_STATUS: StatusLabels = {
  pendiente: { label: 'Pendiente', color: 'yellow' },
  aprobada: { label: 'Aprobada', color: 'teal' },
  rechazada: { label: 'Rechazada', color: 'red' },
};

export const REQUEST_ORIGIN: Record<string, string> = {
  mantenimiento: 'Mantenimiento',
  almacen_pdm: 'Almacén (Solicitud PDM)',
  manual: 'Captura manual',
};

export const ENTRY_KIND: Record<string, string> = {
  apertura: 'Saldo inicial',
  pago_proveedor: 'Pago a proveedor',
  cobro_cliente: 'Cobro a cliente',
  otro_ingreso: 'Otro ingreso',
  traspaso: 'Traspaso',
  ajuste: 'Ajuste',
  viatico: 'Viáticos',
};

export const PAYMENT_FORMS = [
  { value: '03', label: '03 - Transferencia electrónica' },
  { value: '02', label: '02 - Cheque nominativo' },
  { value: '01', label: '01 - Efectivo' },
  { value: '04', label: '04 - Tarjeta de crédito' },
  { value: '28', label: '28 - Tarjeta de débito' },
];
export const paymentFormLabel = (code: string) => PAYMENT_FORMS.find((f) => f.value === code)?.label ?? code;

export const IVA_OPTIONS = [
  { value: '0.16', label: 'IVA 16 %' },
  { value: '0.08', label: 'IVA 8 % (región fronteriza)' },
  { value: '0', label: 'IVA 0 % / exento' },
];
export const ISR_RETENTION_OPTIONS = [
  { value: '0', label: 'Sin retención de ISR' },
  { value: '0.10', label: 'ISR 10 % (honorarios, arrendamiento)' },
  { value: '0.0125', label: 'ISR 1.25 % (RESICO)' },
];
export const IVA_RETENTION_OPTIONS = [
  { value: '0', label: 'Sin retención de IVA' },
  { value: '0.106667', label: 'IVA retenido 2/3 (10.6667 %)' },
  { value: '0.04', label: 'IVA retenido 4 % (fletes)' },
];

/** The select option whose rate equals a Decimal from the API ("0.1" matches "0.10"). */
export const rateOption = (options: { value: string }[], rate: string): string => options.find((o) => Number(o.value) === Number(rate))?.value ?? options[0].value;

export const invoiceRef = (serie: string, folio: string): string => [serie, folio].filter(Boolean).join('-');
