// Every Spanish string the Almacén server sends to a person, in one place,
// plus the document lifecycles (their labels are Spanish too).
import { REQUISITION_LIFECYCLE } from '../../../schema/warehouse/requisitions';

export const MSG = {
  required: 'Este campo es obligatorio.',
  invalidNumber: 'Escribe un número válido (dígitos y punto decimal).',
  quantityPositive: 'La cantidad debe ser mayor que cero.',
  quantityNotNegative: 'La cantidad no puede ser negativa.',
  quantityTooLarge: 'La cantidad es demasiado grande.',
  costNotNegative: 'El costo no puede ser negativo.',
  costTooLarge: 'El costo es demasiado grande.',
  costDecimals: 'El costo unitario admite máximo 4 decimales.',
  costRequired: 'Captura el costo unitario de la entrada.',
  decimals: (unit: string, places: number) =>
    places === 0 ? `La unidad ${unit} solo admite cantidades enteras.` : `La unidad ${unit} admite máximo ${places} decimales.`,
  codeFormat: 'Usa letras, números, guiones, puntos o diagonales (sin espacios).',
  dateFuture: 'La fecha no puede ser posterior a hoy.',
  dateBeforeLast: (article: string, warehouse: string, date: string) =>
    `La fecha no puede ser anterior al último movimiento de ${article} en ${warehouse} (${date}).`,

  warehouseCodeTaken: 'Ya existe un almacén con esa clave.',
  warehouseMissing: 'El almacén no existe.',
  warehouseInactive: (name: string) => `El almacén ${name} está inactivo.`,
  targetRequired: 'Un traspaso necesita el almacén destino.',
  targetSame: 'El almacén destino debe ser distinto del de origen.',
  targetNotAllowed: 'Solo los traspasos llevan almacén destino.',

  lineCodeTaken: 'Ya existe una línea con esa clave.',
  lineMissing: 'La línea no existe.',
  lineInactive: 'La línea está inactiva.',

  skuTaken: 'Ya existe un artículo con ese SKU.',
  skuRepeated: 'El SKU se repite en el archivo.',
  barcodeTaken: 'Ya existe un artículo con ese código de barras.',
  unitUnknown: 'Unidad de medida no válida.',
  unitLocked: 'El artículo ya tiene movimientos: no se puede cambiar a una unidad con menos decimales.',
  minAboveMax: 'El mínimo no puede ser mayor que el máximo.',
  reorderOutOfRange: 'El punto de reorden debe estar entre el mínimo y el máximo.',
  articleMissing: 'El artículo no existe.',
  articleInactive: (sku: string) => `El artículo ${sku} está inactivo.`,
  articleRepeated: 'El artículo ya está en otra partida.',
  importEmpty: 'El archivo no tiene filas para importar.',
  importTooMany: (max: number) => `Importa como máximo ${max} filas por archivo.`,
  importFailed: (rows: number) => `Hay errores en ${rows} ${rows === 1 ? 'fila' : 'filas'}: corrígelas y vuelve a importar; no se importó nada.`,

  conceptCodeTaken: 'Ya existe un concepto con esa clave.',
  conceptMissing: 'El concepto no existe.',
  conceptInactive: 'El concepto está inactivo.',
  directionRequired: 'Indica si el ajuste es de entrada o de salida.',
  systemConceptLocked: 'Es un concepto del sistema: no se puede cambiar su tipo ni desactivar.',

  linesRequired: 'Agrega al menos una partida.',
  linesTooMany: (max: number) => `Un documento admite máximo ${max} partidas.`,
  insufficient: (article: string, warehouse: string, available: string, unit: string, requested: string) =>
    `Existencia insuficiente de ${article} en ${warehouse}: disponible ${available}, se requieren ${requested} (${unit}).`,
  reversalInsufficient: (article: string, warehouse: string, available: string, unit: string, requested: string) =>
    `No se puede cancelar: la reversa dejaría en negativo ${article} en ${warehouse} (disponible ${available}, la reversa retira ${requested}; ${unit}).`,
  receiptReversalInsufficient: (article: string, warehouse: string, available: string, unit: string, requested: string) =>
    `No se puede revertir la recepción: ya no está la existencia de ${article} en ${warehouse} (disponible ${available}, la recepción metió ${requested}; ${unit}).`,
  purchaseReceiptNotCancellable: 'Este movimiento es la recepción de una orden de compra: se revierte desde la orden («Revertir recepción»).',
  movementMissing: 'El movimiento no existe.',
  alreadyCancelled: 'El movimiento ya está cancelado.',
  reversalNotCancellable: 'Una reversa no se cancela: registra un movimiento nuevo.',

  countMissing: 'El inventario no existe.',
  countOpenExists: 'Ya hay un inventario abierto en este almacén: ciérralo o cancélalo antes de abrir otro.',
  countNotOpen: 'El inventario ya no está abierto.',
  countArticleMissing: 'El artículo no existe.',
  countNothingCounted: 'Captura al menos una cantidad contada antes de cerrar.',
  countEntriesTooMany: (max: number) => `Captura como máximo ${max} renglones a la vez.`,
  countArticleOrSku: 'Indica el artículo o su SKU.',

  requisitionMissing: 'La requisición no existe.',
  authorizedAboveRequested: 'No se puede autorizar más de lo solicitado.',
  authorizeSomething: 'Autoriza al menos una partida o rechaza la requisición.',
  lineNotInDocument: 'La partida no pertenece a este documento.',
  deliverAboveAuthorized: (pending: string) => `No se puede surtir más de lo autorizado pendiente (${pending}).`,
  deliverSomething: 'Captura al menos una cantidad a surtir.',
  reasonRequired: 'Escribe el motivo.',
  closeOnlyOpen: (status: string) =>
    `Solo se cierra una requisición autorizada o surtida parcialmente; esta está "${status}".`,
  neededDatePast: 'La fecha requerida no puede ser anterior a hoy.',
  onlyPendingEditable: 'Solo se puede modificar un documento pendiente.',

  pdmMissing: 'La solicitud no existe.',

  articleAlreadyInactive: 'El artículo ya está inactivo.',
  deleted: 'Registro eliminado.',
  deactivated: 'El registro tiene información relacionada: se desactivó en lugar de eliminarse.',
} as const;

export const ENTITY = {
  warehouse: 'El almacén',
  line: 'La línea',
  article: 'El artículo',
  concept: 'El concepto',
  movement: 'El movimiento',
  count: 'El inventario',
  requisition: 'La requisición',
  pdm: 'La solicitud',
} as const;

export const KIND_LABELS = { ENTRADA: 'Entrada', SALIDA: 'Salida', TRASPASO: 'Traspaso', AJUSTE: 'Ajuste' } as const;

// The lifecycles live in schema/ (the SPA reads them too); re-exported under the names the services use.
export type { RequisitionStatus } from '../../../schema/warehouse/requisitions';
export const requisitionLifecycle = REQUISITION_LIFECYCLE;
export type { CountStatus, PdmStatus } from '../../../schema/warehouse/lifecycles';
export { COUNT_LIFECYCLE as countLifecycle, PDM_LIFECYCLE as pdmLifecycle } from '../../../schema/warehouse/lifecycles';
