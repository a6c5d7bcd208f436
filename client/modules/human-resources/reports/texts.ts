// Informes de RH: every Spanish string of the screen, in one place for review.
import { RH_REPORT_TITLES, type RhReportKind } from '../../../../schema/rh/reports';

export const REPORT_TABS: readonly RhReportKind[] = ['plantilla', 'documentos', 'aniversarios', 'costo_nomina'];

export const texts = {
  description: 'Plantilla y costo mensual, documentos por atender, aniversarios y cumpleaños, y el costo de las nóminas cerradas por concepto.',
  tabs: {
    plantilla: 'Plantilla',
    documentos: 'Documentos',
    aniversarios: 'Aniversarios',
    costo_nomina: 'Costo de nómina',
  } satisfies Record<RhReportKind, string>,
  titles: RH_REPORT_TITLES,
  withinDays: 'Próximos días (0 a 366)',
  from: 'Pago desde',
  to: 'Pago hasta',
  loadFailed: 'No se pudo cargar el informe',
  total: 'Total',
  headcount: {
    note: 'Empleados activos. Costo mensual = suma del salario diario × 30.4 días.',
    cols: { area: 'Área', position: 'Puesto', active: 'Activos', monthlyCost: 'Costo mensual' },
    empty: 'No hay empleados activos.',
  },
  documents: {
    note: 'Documentos obligatorios faltantes, vencidos y los que vencen en los días indicados (o en los días de aviso de su tipo, si son más).',
    cols: { number: 'Número', employee: 'Empleado', document: 'Documento', state: 'Estado', expiresOn: 'Vence' },
    counts: { faltante: 'Faltantes', vencido: 'Vencidos', por_vencer: 'Por vencer' },
    empty: 'Ningún documento faltante, vencido ni por vencer en esos días.',
  },
  anniversaries: {
    note: 'Cumpleaños y aniversarios laborales (desde la primera fecha de ingreso) de empleados activos, de hoy a los días indicados.',
    cols: { date: 'Fecha', kind: 'Motivo', number: 'Número', employee: 'Empleado', years: 'Años' },
    empty: 'Nadie cumple años ni aniversario laboral en esos días.',
  },
  costs: {
    note: 'Nóminas cerradas con fecha de pago en el periodo; importe de cada concepto sumado entre sus empleados.',
    cols: { folio: 'Folio', period: 'Periodo', paymentDate: 'Pago', code: 'Clave', concept: 'Concepto', kind: 'Tipo', amount: 'Importe' },
    byConcept: 'Totales por concepto',
    perceptions: 'Percepciones',
    deductions: 'Deducciones',
    otherPayments: 'Otros pagos',
    empty: 'No hay nóminas cerradas pagadas en el periodo.',
    badRange: 'La fecha final es anterior a la inicial.',
  },
};
