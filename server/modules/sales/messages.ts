// Every Spanish message Ventas shows a person, in one place for review.
import { formatMxn } from '../../../schema/money';

export const MSG = {
  required: 'Este campo es obligatorio.',
  badId: 'Identificador no válido.',
  positive: 'Debe ser mayor que cero.',
  notNegative: 'Debe ser 0 o mayor.',
  places: (n: number) => (n === 0 ? 'Debe ser un número entero.' : `Máximo ${n} decimales.`),
  percent: 'Debe estar entre 0 y 100.',
  tooLarge: 'El importe es demasiado grande.',
  badNumber: 'Número no válido.',
  dateOrder: 'La fecha final debe ser igual o posterior a la inicial.',
  creditDays: 'Los días de crédito deben estar entre 0 y 365.',

  // company
  companyRfc: 'El RFC de la empresa no puede ser genérico.',
  registroPatronal: 'Registro patronal no válido: 11 letras o dígitos, como en la tarjeta del IMSS (p. ej. Y5012345105).',
  riesgoPuesto: 'Elige la clase de riesgo de trabajo del catálogo del SAT.',
  serieFormat: 'Serie no válida: de 1 a 10 letras o números.',
  seriesRequired: 'Configura al menos una serie.',
  defaultSerie: 'La serie predeterminada debe estar entre las series configuradas.',

  // clients
  regimenUnknown: 'Régimen fiscal no válido.',
  regimenPerson: (person: 'moral' | 'fisica') => `El régimen fiscal no aplica a una persona ${person === 'moral' ? 'moral' : 'física'}.`,
  usoUnknown: 'Uso de CFDI no válido.',
  usoPerson: (person: 'moral' | 'fisica') => `El uso de CFDI no aplica a una persona ${person === 'moral' ? 'moral' : 'física'}.`,
  genericRegimen: 'Para público en general o extranjero el régimen debe ser 616 - Sin obligaciones fiscales.',
  genericUso: 'Para público en general o extranjero el uso de CFDI debe ser S01 - Sin efectos fiscales.',
  rfcTaken: 'Ya existe un cliente con ese RFC.',
  rfcRepeated: 'El RFC se repite en el archivo.',
  clientMissing: 'El cliente no existe.',
  clientInactive: 'El cliente está inactivo.',
  importEmpty: 'El archivo no tiene filas para importar.',
  importTooMany: 'Importa máximo 2,000 clientes por archivo.',
  importErrors: (rows: number) => `Hay ${rows} ${rows === 1 ? 'fila' : 'filas'} con errores; no se importó ningún cliente.`,

  // document lines
  linesRequired: 'Agrega al menos un concepto.',
  tooManyLines: 'Máximo 300 conceptos.',
  prodServ: 'Clave de producto o servicio SAT no válida: 8 dígitos.',
  unitKey: 'Clave de unidad SAT no válida: 2 o 3 letras o números.',
  objetoImp: 'Objeto de impuesto no válido (01, 02, 03 o 04).',
  ivaKind: 'Tipo de IVA no válido: 16 %, 8 % (región fronteriza), 0 % o exento.',
  ivaRetentionKind: 'Tipo de retención de IVA no válido: dos terceras partes del IVA o 6 %.',

  // quotes
  validUntil: 'La vigencia debe ser igual o posterior a la fecha de la cotización.',
  quoteNotDraft: 'Solo se puede modificar o eliminar una cotización en borrador.',
  quoteExpiredSend: 'La vigencia ya pasó; actualízala antes de enviar la cotización.',
  reasonRequired: 'Indica el motivo.',

  // contracts
  quoteNotAccepted: 'Solo una cotización aceptada se puede convertir en contrato.',
  quoteOtherClient: 'La cotización es de otro cliente.',
  quoteHasContract: (folio: string) => `La cotización ya se convirtió en el contrato ${folio}.`,
  contractNotActive: 'El contrato no está vigente.',
  contractClientFixed: 'El cliente de un contrato no se puede cambiar.',
  contractQuoteFixed: 'La cotización de origen no se puede cambiar.',
  conceptMissing: 'El concepto no pertenece a este contrato.',
  conceptInUseRemove: 'El concepto ya tiene generadores o facturas; no se puede quitar.',
  conceptInUseChange: 'El concepto ya tiene generadores o facturas; solo puedes cambiar su cantidad.',
  conceptBelowGenerated: (generated: string) => `La cantidad no puede ser menor que la ya capturada en generadores (${generated}).`,
  contractHasWork: 'El contrato tiene generadores autorizados o facturas; termínalo en lugar de cancelarlo.',

  // orders and deliveries
  orderTarget: 'Indica el contrato o el cliente de la orden.',
  orderClientMismatch: 'El cliente no corresponde al contrato.',
  orderLocked: 'Una orden terminada o entregada ya no se puede modificar.',
  orderHasGenerators: 'La orden ya tiene generadores; no se puede cambiar de contrato.',
  responsibleName: 'Escribe el nombre del responsable.',
  orderNotFinished: 'Solo una orden terminada se puede entregar.',
  orderMissing: 'La orden no existe.',
  tooManyFiles: 'Adjunta máximo 10 archivos.',
  duplicateFile: 'El mismo archivo aparece dos veces.',

  // generators
  orderWithoutContract: 'La orden no pertenece a un contrato; los generadores se capturan sobre conceptos de contrato.',
  conceptRepeated: 'El concepto está repetido.',
  conceptNotInContract: 'El concepto no pertenece al contrato de la orden.',
  exceedsContract: (f: { line: number; contracted: string; previous: string; requested: string; available: string; unit: string }) =>
    `El concepto ${f.line} excede lo contratado: contratado ${f.contracted} ${f.unit}, acumulado en otros generadores ${f.previous}, ` +
    `capturado ${f.requested}; disponible ${f.available}.`,
  generatorNotDraft: 'Solo se puede modificar o eliminar un generador en borrador.',

  // invoices
  ppdForma: 'Con método PPD la forma de pago debe ser 99 - Por definir.',
  pueForma: 'Con método PUE indica la forma de pago real (no 99).',
  formaUnknown: 'Forma de pago no válida.',
  metodoUnknown: 'Método de pago no válido (PUE o PPD).',
  usoNotInvoice: 'Ese uso de CFDI no se usa en facturas de ingreso.',
  serieUnknown: 'La serie no está configurada para la empresa.',
  invoiceEmpty: 'Agrega al menos un generador o un concepto.',
  invoiceKind: 'Elige el tipo de factura: factura, anticipo o factura global.',
  anticipoPue: 'Una factura de anticipo es de pago en una sola exhibición (PUE): registra el anticipo cuando lo recibes.',
  anticipoLines: 'Una factura de anticipo lleva un solo concepto («Anticipo del bien o servicio»): escribe sólo el importe del anticipo.',
  anticipoOfAnticipo: 'Una factura de anticipo no aplica otros anticipos.',
  anticipoMissing: 'El anticipo no existe o no es una factura de anticipo de este cliente.',
  anticipoCurrency: (label: string, currency: string) => `El anticipo ${label} está en ${currency}: sólo se relacionan anticipos en la moneda de la factura.`,
  anticipoNotStamped: (label: string) => `El anticipo ${label} no está timbrado y vigente: sólo se aplican anticipos timbrados.`,
  anticipoExhausted: (label: string) => `El anticipo ${label} ya se aplicó por completo.`,
  anticipoNotRelated: (label: string) => `La factura no relaciona el anticipo ${label} (tipo de relación 07): relaciónalo en la factura antes de emitirla.`,
  anticipoOverAvailable: (label: string, available: string) => `El importe excede lo disponible del anticipo ${label}: quedan ${formatMxn(available)} antes de IVA por aplicar.`,
  anticipoOverBalance: (total: string, label: string, balance: string) => `La aplicación con IVA (${formatMxn(total)}) excede el saldo de la factura ${label} (${formatMxn(balance)}).`,
  anticipoFinalNotStamped: 'La factura debe estar timbrada y vigente para aplicarle un anticipo.',
  anticipoHasApplications: (label: string) => `El anticipo ${label} ya se aplicó a otra factura: cancela primero el CFDI de egreso que lo aplica.`,
  globalNeedsPublic: 'La factura global es para público en general: elige un cliente con RFC XAXX010101000.',
  publicNeedsGlobal: 'Para «PUBLICO EN GENERAL» (XAXX010101000) el SAT exige factura global: elige ese tipo e indica periodicidad, mes y año.',
  generatorRepeated: 'El generador está repetido.',
  generatorMissing: 'El generador no existe.',
  generatorNotAuthorized: (folio: string) => `El generador ${folio} no está autorizado.`,
  generatorOtherClient: (folio: string) => `El generador ${folio} es de otro cliente.`,
  generatorTaken: (folio: string) => `El generador ${folio} ya está en otra factura.`,
  invoiceNotDraft: 'Solo se puede modificar una factura en borrador.',
  invoiceHasPayments: 'La factura tiene pagos aplicados; cancela primero los pagos.',
  creditLimit: (f: { limit: string; balance: string; total: string }) =>
    `La factura excede el límite de crédito del cliente (límite ${formatMxn(f.limit)}, saldo pendiente ${formatMxn(f.balance)}, esta factura ${formatMxn(f.total)}).`,
  genericNeedsS01: 'Para público en general el uso de CFDI debe ser S01.',

  // payments
  paymentForma: 'La forma de pago de un cobro no puede ser 99 - Por definir.',
  applicationsRequired: 'Aplica el pago al menos a una factura.',
  invoiceRepeated: 'La factura está repetida.',
  invoiceMissing: 'La factura no existe.',
  invoiceOtherClient: 'La factura es de otro cliente.',
  invoiceNotOpen: 'La factura no está emitida o ya está pagada.',
  overBalance: (label: string, balance: string) => `Excede el saldo de la factura ${label} (${formatMxn(balance)}).`,
  overPayment: (applied: string, amount: string) => `La suma aplicada (${formatMxn(applied)}) excede el importe del pago (${formatMxn(amount)}).`,
  paymentBeforeInvoice: (label: string) => `La fecha del pago es anterior a la factura ${label}.`,

  // credit notes
  creditNoteForma: 'La forma de pago de una nota de crédito no puede ser 99 - Por definir: usa la de la factura o 15 - Condonación.',
  creditNoteNotStamped: 'Solo se emiten notas de crédito de facturas timbradas.',
  creditNoteInvoiceCancelled: 'La factura está cancelada (o su cancelación está en proceso): no admite notas de crédito.',
  creditNoteNoBalance: 'La factura no tiene saldo: no admite notas de crédito.',
  creditNoteOverBalance: (total: string, label: string, balance: string) =>
    `El total de la nota de crédito (${formatMxn(total)}) excede el saldo de la factura ${label} (${formatMxn(balance)}).`,
  creditNoteZero: 'El total de la nota de crédito debe ser mayor que cero.',
  invoiceHasCreditNotes: 'La factura tiene notas de crédito vigentes; cancélalas primero.',
  // CFDI downloads (XML y PDF en un ZIP)
  complementNotStamped: 'Este cobro no tiene un complemento de pago timbrado: no hay XML ni PDF que descargar.',
  invoicesNotStamped: (labels: string[]) =>
    `${labels.length === 1 ? `La factura ${labels[0]} no está timbrada` : `Las facturas ${labels.join(', ')} no están timbradas`}: solo se descargan el XML y el PDF de facturas timbradas.`,

  // reports
  periodRequired: 'Indica el periodo (fecha inicial y final).',
  asOfRequired: 'Indica la fecha de corte.',
} as const;
