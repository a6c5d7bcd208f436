// Nóminas: every Spanish string of the screens, in one place for review.
import type { StatusLabels } from '../../../components/StatusBadge';
import { AGUINALDO_ISR_METHOD_LABELS, PAYROLL_KIND_LABELS, PAYROLL_STATUS_LABELS } from '../../../../schema/rh/payroll';

export const PAYROLL_PATHS = {
  list: '/system/rh/payroll',
  detail: '/system/rh/payroll/payroll-detail',
} as const;

export const PAYROLL_BADGES: StatusLabels = {
  borrador: { label: PAYROLL_STATUS_LABELS.borrador, color: 'gray' },
  calculada: { label: PAYROLL_STATUS_LABELS.calculada, color: 'blue' },
  cerrada: { label: PAYROLL_STATUS_LABELS.cerrada, color: 'teal' },
};

/** The receipt's CFDI de nómina (issue 27). */
export const STAMP_BADGES: StatusLabels = {
  pendiente: { label: 'Pendiente', color: 'yellow' },
  timbrada: { label: 'Timbrado', color: 'teal' },
  rechazada: { label: 'Sin timbrar', color: 'red' },
  excluida: { label: 'Excluido', color: 'gray' },
  cancelada: { label: 'Cancelado', color: 'red' },
};

/** A closed payroll: stamped in full, or with receipts still to stamp or exclude. */
export const STAMPING_BADGES: StatusLabels = {
  completo: { label: 'Timbrado completo', color: 'teal' },
  incompleto: { label: 'Timbrado incompleto', color: 'orange' },
};

export const kindOptions = Object.entries(PAYROLL_KIND_LABELS).map(([value, label]) => ({ value, label }));
/** The kinds the «Nueva nómina» form creates: a finiquito is created from the employee's baja. */
export const creationKindOptions = kindOptions.filter((o) => o.value !== 'finiquito');
export const SEPARATION_KIND_LABELS = { RENUNCIA: 'Renuncia voluntaria', DESPIDO_INJUSTIFICADO: 'Despido injustificado' } as const;
export const separationKindOptions = Object.entries(SEPARATION_KIND_LABELS).map(([value, label]) => ({ value, label }));
export const statusOptions = Object.entries(PAYROLL_STATUS_LABELS).map(([value, label]) => ({ value, label }));
export const isrMethodOptions = Object.entries(AGUINALDO_ISR_METHOD_LABELS).map(([value, label]) => ({ value, label }));
export const frequencyOptions = [
  { value: 'semanal', label: 'Empleados semanales' },
  { value: 'quincenal', label: 'Empleados quincenales' },
];

export const texts = {
  listDescription: 'Crea la nómina del periodo, captura incidencias, calcula, revisa y cierra. Al cerrar se aplican los abonos de los convenios y la nómina queda bloqueada.',
  exportName: 'Nóminas',
  searchPlaceholder: 'Buscar por folio o descripción',
  newPayroll: 'Nueva nómina',
  allKinds: 'Todos los tipos',
  allStatuses: 'Todos los estados',
  columns: { folio: 'Folio', kind: 'Tipo', period: 'Periodo', paymentDate: 'Fecha de pago', status: 'Estado', employees: 'Empleados', net: 'Neto' },
  period: (start: string, end: string) => `${start} al ${end}`,
  groupBy: { status: 'Estado', kind: 'Tipo de nómina', month: 'Mes de pago', count: 'Nóminas', perceptions: 'Percepciones', otherPayments: 'Otros pagos', deductions: 'Deducciones', net: 'Neto' },
  bulkReceipts: 'Imprimir recibos',
  bulkReceiptsFile: (folio: number) => `Recibos nómina ${folio}`,
  bulkReceiptsFailed: 'No se pudieron imprimir los recibos.',
  header: {
    title: 'Datos de la nómina',
    kind: 'Tipo de nómina',
    frequency: 'Empleados',
    periodStart: 'Inicio del periodo',
    periodEnd: 'Fin del periodo',
    paymentDate: 'Fecha de pago',
    description: 'Descripción',
    aguinaldoDays: 'Días de aguinaldo',
    aguinaldoDaysHelp: 'Al menos 15 (art. 87 LFT), o los del contrato colectivo.',
    isrMethod: 'Método de ISR',
    aguinaldoHelp:
      'Paga a cada empleado activo de la frecuencia los días de aguinaldo × salario diario, proporcional a los días del año con empleo; exento hasta 30 UMA al año (menos lo ya exento en el año). No paga sueldo, IMSS ni abonos de convenios. Una por empleado y año; se paga a más tardar el 20 de diciembre.',
    ptuYear: 'Ejercicio',
    ptuYearHelp: 'Año de las utilidades que se reparten.',
    ptuAmount: 'PTU a repartir',
    ptuAmountHelp: '10 % de la renta gravable del ejercicio (art. 120 LFT).',
    ptuHelp:
      'Reparte la PTU del ejercicio entre todos los empleados con días trabajados en él (semanales, quincenales y también los dados de baja): mitad por días y mitad por salarios (solo cuota diaria), con tope de 90 días de salario o el promedio de los 3 años anteriores; exento hasta 15 UMA al año. Antes de calcular marca a quien no participa (directores, administradores, gerentes generales); los eventuales con menos de 60 días quedan fuera solos. Una por ejercicio; se paga a más tardar el 30 de mayo (empresas).',
    create: 'Crear nómina',
    createHelp: 'Se incluyen los empleados activos de la frecuencia elegida contratados a más tardar al fin del periodo, con su salario y SBC de hoy.',
    created: (folio: number, n: number) => `Nómina ${folio} creada con ${n} ${n === 1 ? 'empleado' : 'empleados'}.`,
  },
  newTitle: 'Nueva nómina',
  titleOf: (folio: number, kind: string) => `Nómina ${folio} · ${kind}`,
  info: { ptuYear: 'Ejercicio', ptuAmount: 'PTU a repartir', tableYear: 'Tablas fiscales', closedBy: 'Cerrada por', employees: 'Empleados', aguinaldoDays: 'Días de aguinaldo', isrMethod: 'Método de ISR', separationKind: 'Motivo', separationDate: 'Fecha de baja' },
  finiquitoNotice: 'Nómina de finiquito: sin incidencias; sus importes salen de los datos de la baja (separation()).',
  separation: {
    open: 'Calcular finiquito',
    title: (who: string) => `Finiquito de ${who}`,
    help: (baja: string, hire: string, daily: string) => `Baja del ${baja}; ingreso ${hire}; salario diario ${daily}. Revisa el cálculo y crea la nómina de finiquito (una por baja); se cierra y timbra como cualquier nómina.`,
    kind: 'Motivo de la separación',
    salaryOwedDays: 'Días devengados',
    salaryOwedHelp: 'Trabajados y no pagados: de 0 a 31, completos o medios.',
    pendingVacationDays: 'Vacaciones pendientes',
    pendingVacationHelp: 'Días de años anteriores no disfrutados; vacío, el saldo de vacaciones a la fecha de baja. Los del año en curso se calculan.',
    pendingVacationPlaceholder: 'Del saldo',
    twentyDays: 'Aplican 20 días por año (art. 50 fr. II LFT)',
    twentyDaysHelp: 'Solo si el patrón se niega a reinstalar (art. 49) o el trabajador rescinde (art. 52).',
    paymentDate: 'Fecha de pago',
    description: 'Descripción',
    calculate: 'Calcular',
    create: 'Crear nómina de finiquito',
    created: (folio: number) => `Nómina de finiquito ${folio} creada y calculada.`,
    empty: 'Captura los datos y pulsa «Calcular» para ver el finiquito antes de crear la nómina.',
    concept: 'Concepto',
    amount: 'Importe',
    lines: {
      salaryOwed: 'Sueldo devengado',
      aguinaldoProp: 'Aguinaldo proporcional',
      vacations: 'Vacaciones',
      primaVacacional: 'Prima vacacional',
      indemnizacion3Meses: 'Indemnización (3 meses)',
      veinteDiasPorAnio: 'Indemnización (20 días por año)',
      primaAntiguedad: 'Prima de antigüedad',
      total: 'Total de percepciones',
      exemptTotal: 'Exento',
      taxableTotal: 'Gravado',
      isrOrdinary: 'ISR ordinario (art. 96)',
      isrArt95: 'ISR pagos por separación (art. 95)',
      net: 'Neto a pagar',
    },
    steps: 'Pasos del cálculo',
  },
  ptuNotice: 'Nómina de PTU: sin incidencias; desmarca «Participa» a directores, administradores y gerentes generales (art. 127 fr. I LFT) y pulsa «Calcular» para obtener la PTU, su tope, su parte exenta y su ISR de cada empleado.',
  ptuExclusion: {
    label: (number: string) => `Participa en la PTU: ${number}`,
    excluded: (number: string) => `${number} no participa en la PTU; vuelve a calcular.`,
    included: (number: string) => `${number} participa en la PTU; vuelve a calcular.`,
  },
  aguinaldoNotice: 'Nómina de aguinaldo: sin incidencias; pulsa «Calcular» para obtener el aguinaldo, su parte exenta y su ISR de cada empleado.',
  draftNotice: 'Captura las incidencias y pulsa «Calcular». Una incidencia guardada regresa la nómina a borrador hasta el siguiente cálculo.',
  closedNotice: 'Nómina cerrada: sus cifras ya no cambian aunque cambien las tablas o los salarios.',
  negativeNotice: (n: number) => `${n} ${n === 1 ? 'empleado tiene' : 'empleados tienen'} neto negativo: corrige sus deducciones antes de cerrar.`,
  actions: {
    calculate: 'Calcular',
    calculated: 'Nómina calculada.',
    close: 'Cerrar nómina',
    closeTitle: (folio: number) => `Cerrar la nómina ${folio}`,
    closeMessage: 'La nómina quedará bloqueada y se aplicará un abono de cada convenio activo. ¿Cerrar?',
    closed: (folio: number) => `Nómina ${folio} cerrada.`,
    receipts: 'Recibos PDF',
    receipt: 'Recibo',
    summary: 'Resumen XLSX',
    remove: 'Eliminar',
    removeTitle: (folio: number) => `Eliminar la nómina ${folio}`,
    removeMessage: 'Se eliminan la nómina y sus incidencias. ¿Continuar?',
    removed: (folio: number) => `Nómina ${folio} eliminada.`,
    incidents: 'Incidencias',
    xml: 'XML del CFDI',
    stamp: 'Timbrar',
    stamped: (number: string) => `Recibo de ${number} timbrado.`,
    exclude: 'Excluir del timbrado',
    excludeTitle: (number: string, name: string) => `Excluir del timbrado el recibo de ${number} ${name}`,
    excludeMessage: 'El recibo no se timbrará y la nómina podrá quedar con timbrado completo. El motivo queda en el historial.',
    excluded: (number: string) => `Recibo de ${number} excluido del timbrado.`,
    correct: 'Corregir recibo',
    correctTitle: (number: string, name: string) => `Corregir el recibo timbrado de ${number} ${name}`,
    correctMessage:
      'Cambia las incidencias del empleado: su recibo se recalcula con las mismas reglas, se timbra un CFDI nuevo relacionado (04, sustitución) con el actual y el actual se cancela ante el SAT con el motivo 01. El recibo anterior queda en el historial con su XML.',
    correctReason: 'Motivo de la corrección',
    corrected: (number: string) => `Recibo de ${number} corregido: CFDI nuevo timbrado y el anterior cancelado (motivo 01).`,
    cancelReceipt: 'Cancelar recibo',
    cancelTitle: (number: string, name: string) => `Cancelar ante el SAT el recibo de ${number} ${name}`,
    cancelMessage: 'El CFDI se cancela sin sustitución: úsalo para un recibo que no debió emitirse. Para cambiar importes usa «Corregir recibo».',
    cancelMotivo: 'Motivo ante el SAT',
    cancelled: (number: string) => `CFDI del recibo de ${number} cancelado.`,
    oldXml: 'XML del CFDI anterior',
  },
  stamping: {
    column: 'CFDI',
    uuid: (uuid: string, sandbox: boolean) => `Folio fiscal ${uuid}${sandbox ? ' (PAC de pruebas: sin validez fiscal)' : ''}`,
    refused: (n: number) => (n === 1 ? '1 recibo quedó sin timbrar' : `${n} recibos quedaron sin timbrar`),
    refusedHelp: 'El motivo está en la columna CFDI (pasa el cursor sobre el ícono rojo). Corrige el dato y usa «Timbrar» en el recibo.',
    title: 'Timbrado de recibos',
    toStamp: (n: number) =>
      `${n === 1 ? 'Falta 1 recibo' : `Faltan ${n} recibos`} por timbrar: la nómina no tiene el timbrado completo hasta que cada recibo se timbre (corrige el dato y usa «Timbrar») o se excluya del timbrado con un motivo.`,
    complete: (at: string) => `Timbrado completo desde el ${at}: cada recibo quedó timbrado o excluido con su motivo.`,
    cols: { number: 'Núm.', name: 'Nombre', status: 'Estado', detail: 'Folio fiscal (UUID) o motivo', net: 'Neto' },
    excludedBy: (reason: string, who: string | null, at: string) => `Excluido: ${reason} (${[who, at].filter(Boolean).join(', ')})`,
    notSealed: 'Sin sellar',
    replaced: (uuid: string | null) => (uuid ? `Cancelado (sustituido por ${uuid})` : 'Por cancelar: falta timbrar el CFDI que lo sustituye'),
    cancelledAlone: 'Cancelado sin sustitución',
    toCancel: 'Cancelación solicitada; falta la confirmación del PAC',
    replacedBy: (reason: string, who: string | null, at: string) => `${reason} (${[who, at].filter(Boolean).join(', ')})`,
  },
  grid: {
    title: 'Empleados',
    number: 'Núm.',
    name: 'Nombre',
    daily: 'Salario diario',
    days: 'Días',
    absences: 'Faltas',
    double: 'H. dobles',
    triple: 'H. triples',
    perceptions: 'Percepciones',
    deductions: 'Deducciones',
    net: 'Neto',
    minimumWage: 'Salario mínimo',
    participates: 'Participa',
    yes: 'Sí',
    no: 'No',
    ptu: 'PTU',
    exempt: 'Exento',
    taxable: 'Gravado',
    isr: 'ISR',
  },
  totals: { title: 'Totales por concepto', concept: 'Concepto', kind: 'Tipo', amount: 'Importe', perceptions: 'Percepciones', deductions: 'Deducciones', otherPayments: 'Otros pagos en efectivo', net: 'Neto a pagar' },
  incident: {
    title: (number: string, name: string) => `Incidencias de ${number} ${name}`,
    daysWorked: 'Días trabajados',
    absences: 'Faltas',
    double: 'Horas extra dobles',
    triple: 'Horas extra triples',
    crewOvertime: {
      title: 'Horas extra de días en sitio',
      line: (order: string, date: string, double: string, triple: string) => `Orden de servicio ${order}, ${date}: ${double} h dobles${triple !== '0.00' ? `, ${triple} h triples` : ''}`,
      note: 'Ya están sumadas a las horas extra dobles y triples: 9 dobles por semana y el resto triples (LFT arts. 67 y 68).',
    },
    extras: 'Percepciones y deducciones adicionales',
    concept: 'Concepto',
    amount: 'Importe',
    description: 'Descripción',
    add: 'Agregar concepto',
    removeLine: 'Quitar',
    noExtras: 'Sin conceptos adicionales.',
    saved: 'Incidencias guardadas; vuelve a calcular la nómina.',
    lines: 'Desglose del cálculo',
  },
  summarySheet: (folio: number) => `Nómina ${folio}`,
  summaryCols: {
    number: 'Número', name: 'Nombre', daily: 'Salario diario', sbc: 'SBC diario', days: 'Días trabajados', absences: 'Faltas', double: 'Horas dobles', triple: 'Horas triples',
    perceptions: 'Percepciones', taxable: 'Gravado', exempt: 'Exento', isr: 'ISR tarifa', subsidy: 'Subsidio causado', isrWithheld: 'ISR retenido', imss: 'IMSS', deductions: 'Deducciones', otherPayments: 'Otros pagos', net: 'Neto',
  },
  actionFailed: 'No se pudo completar la acción',
  required: 'Este campo es obligatorio.',
  notFound: 'La nómina no existe.',
  back: 'Volver a Nóminas',
} as const;

/** The «Costo patronal» panel of an ordinary payroll (issue 27). */
export const EMPLOYER_COST_TEXTS = {
  title: 'Costo patronal',
  note: 'Cuotas patronales IMSS, SAR e INFONAVIT de cada empleado (SBC = su SDI en la nómina, días pagados, prima del registro patronal; cada rama redondeada a centavos) e impuesto sobre nóminas sobre las percepciones gravadas con la tasa capturada de la entidad del registro. Se recalculan con la nómina.',
  empty: 'Calcula la nómina para ver su costo patronal.',
  loadFailed: 'No se pudo cargar el costo patronal',
  total: 'Total',
  cols: {
    number: 'Número',
    employee: 'Empleado',
    registro: 'Registro patronal',
    sbc: 'SBC',
    days: 'Días',
    em: 'Enf. y mat.',
    iv: 'Inv. y vida',
    gps: 'Guarderías',
    rt: 'Riesgo trab.',
    retiro: 'Retiro',
    cv: 'Cesantía y vejez',
    infonavit: 'INFONAVIT',
    total: 'Total IMSS/INFONAVIT',
    isn: 'Imp. s/nóminas',
    cost: 'Costo patronal',
  },
  summary: { imss: 'Cuotas IMSS, SAR e INFONAVIT', isn: 'Impuesto sobre nóminas', total: 'Costo patronal total' },
  problem: (who: string, why: string) => `${who}: sin cuotas patronales. ${why}`,
  noRate: (who: string) => `${who}: sin tasa de impuesto sobre nóminas capturada para la entidad del registro en la fecha de pago (Configuración RH › Registros patronales).`,
};

/** SAT's motivos for cancelling a payroll receipt without substitute (01 is «Corregir recibo»). */
export const RECEIPT_CANCEL_OPTIONS = [
  { value: '02', label: '02 · Comprobante emitido con errores sin relación' },
  { value: '03', label: '03 · No se llevó a cabo la operación' },
];
