// Informes de RH: every Spanish string of the screen, in one place for review.
import { RH_REPORT_TITLES, type RhReportKind } from '../../../../schema/rh/reports';

/** The tabs: the server's report kinds (Excel and PDF) and the cuotas por bimestre (Excel only). */
export type ReportTab = RhReportKind | 'cuotas_bimestre';
export const REPORT_TABS: readonly ReportTab[] = ['plantilla', 'documentos', 'aniversarios', 'costo_nomina', 'cuotas_bimestre'];

export const texts = {
  description: 'Plantilla y costo mensual, documentos por atender, aniversarios y cumpleaños, el costo de las nóminas cerradas por concepto y las cuotas patronales por bimestre.',
  tabs: {
    plantilla: 'Plantilla',
    documentos: 'Documentos',
    aniversarios: 'Aniversarios',
    costo_nomina: 'Costo de nómina',
    cuotas_bimestre: 'Cuotas por bimestre',
  } satisfies Record<ReportTab, string>,
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
  quotas: {
    note: 'Cuotas patronales de las nóminas ordinarias cerradas del registro cuyo periodo termina en el bimestre: ramas mensuales del IMSS de cada mes y ramas bimestrales (retiro, cesantía y vejez, INFONAVIT). El impuesto sobre nóminas es informativo.',
    year: 'Año',
    bimester: 'Bimestre',
    registration: 'Registro patronal',
    inactive: 'inactivo',
    noRegistrations: 'No hay registros patronales: dalos de alta en Configuración RH › Registros patronales.',
    empty: 'No hay nóminas ordinarias cerradas de este registro en el bimestre.',
    exportName: 'Cuotas patronales por bimestre',
    total: 'Total',
    cols: {
      number: 'Número',
      employee: 'Empleado',
      days: 'Días',
      em: 'EM',
      iv: 'IV',
      gps: 'GPS',
      rt: 'RT',
      monthly: 'Total mensual',
      retiro: 'Retiro',
      cv: 'Cesantía y vejez',
      infonavit: 'INFONAVIT',
      bimonthly: 'Total bimestral',
      isn: 'Imp. s/nóminas',
    },
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
