// Spanish strings, paths and status tables of the Configuración RH screens.
import type { StatusLabels } from '../../../components/StatusBadge';
import { catalogOptions } from '../../../../schema/sat';
import { CONCEPT_KIND_LABELS, SAT_CATALOGUE_BY_KIND, TAXABLE_RULE_LABELS, type ConceptKind, type TaxableRule } from '../../../../schema/rh/satNomina';
export { ACTIVE_LABELS, activeStatus, activeLabel, ACTIVE_FILTER_OPTIONS, activeFilter, yesNo } from '../../../components/active';

const BASE = '/system/rh/settings';

export const RH_SETTINGS_PATHS = {
  landing: BASE,
  areas: `${BASE}/areas`,
  positions: `${BASE}/positions`,
  workplaces: `${BASE}/workplaces`,
  workplaceForm: `${BASE}/workplaces/workplace-form`,
  documents: `${BASE}/documents`,
  concepts: `${BASE}/concepts`,
  employerRegistrations: `${BASE}/employer-registrations`,
} as const;

/** The plaza form: `?id=N` edits, no id creates. */
export const workplaceFormPath = (id?: string): string => (id ? `${RH_SETTINGS_PATHS.workplaceForm}?id=${id}` : RH_SETTINGS_PATHS.workplaceForm);

/** The submodule whose abilities every screen here follows. */
export const RH_MODULE = 'Recursos Humanos';
export const RH_SETTINGS_SCREEN = 'Configuración RH';


/** The URL's `active` filter as the API's Boolean (undefined = all). */

export const WORKPLACE_STATUS: StatusLabels = {
  vacante: { label: 'Vacante', color: 'orange' },
  ocupada: { label: 'Ocupada', color: 'teal' },
};

export const KIND_LABELS: StatusLabels = {
  percepcion: { label: CONCEPT_KIND_LABELS.percepcion, color: 'teal' },
  deduccion: { label: CONCEPT_KIND_LABELS.deduccion, color: 'red' },
  otro_pago: { label: CONCEPT_KIND_LABELS.otro_pago, color: 'blue' },
};

export const KIND_OPTIONS = (Object.keys(CONCEPT_KIND_LABELS) as ConceptKind[]).map((value) => ({ value, label: CONCEPT_KIND_LABELS[value] }));
export const RULE_OPTIONS = (Object.keys(TAXABLE_RULE_LABELS) as TaxableRule[]).map((value) => ({ value, label: TAXABLE_RULE_LABELS[value] }));
/** The SAT codes a concept of this kind may take, "029 - Vales de despensa". */
export const satOptions = (kind: ConceptKind) => catalogOptions(SAT_CATALOGUE_BY_KIND[kind]);


export const texts = {
  required: 'Este campo es obligatorio.',
  salaryPositive: 'El salario diario debe ser mayor a cero.',
  saved: 'Cambios guardados.',
  activeSwitch: 'Activo',
  notFound: 'El registro no existe o ya no está en esta página de la lista.',
  back: 'Volver',
  landing: {
    intro: 'La organización de la empresa y los catálogos que usan empleados y nóminas.',
    organization: 'Organización',
    catalogues: 'Expediente y nómina',
    stats: {
      areas: (n: number) => `${n} ${n === 1 ? 'área activa' : 'áreas activas'}`,
      positions: (n: number) => `${n} ${n === 1 ? 'puesto activo' : 'puestos activos'}`,
      workplaces: (n: number, vacant: number) => `${n} ${n === 1 ? 'plaza' : 'plazas'} · ${vacant} ${vacant === 1 ? 'vacante' : 'vacantes'}`,
      documents: (n: number) => `${n} ${n === 1 ? 'tipo de documento' : 'tipos de documento'}`,
      concepts: (n: number) => `${n} ${n === 1 ? 'concepto activo' : 'conceptos activos'}`,
      employerRegistrations: (n: number) => `${n} ${n === 1 ? 'registro activo' : 'registros activos'}`,
    },
  },
  employerRegistrations: {
    description: 'Registros patronales del IMSS de la empresa: entidad, prima de riesgo de trabajo y clase. Los empleados sin registro propio cotizan en el primero activo.',
    exportName: 'Registros patronales',
    search: 'Buscar registro o nombre',
    newButton: 'Nuevo registro patronal',
    newTitle: 'Nuevo registro patronal',
    created: 'Registro patronal dado de alta.',
    registro: 'Registro patronal',
    registroHint: '11 letras o dígitos, como en la tarjeta del IMSS (p. ej. Y5012345105).',
    name: 'Nombre',
    state: 'Entidad federativa',
    stateShort: 'Entidad',
    premiumShort: 'Prima RT (%)',
    riskClassShort: 'Clase',
    employeesShort: 'Empleados',
    noState: 'Sin capturar',
    premium: 'Prima de riesgo de trabajo (%)',
    premiumHint: 'La de la determinación anual de la prima; entre el mínimo y el máximo legales del año.',
    riskClass: 'Clase de riesgo',
    employees: 'Empleados activos',
    inactiveHint: 'Un registro inactivo deja de asignarse; no se desactiva mientras tenga empleados activos asignados.',
  },
  payrollTax: {
    title: 'Impuesto sobre nóminas',
    description:
      'Tasa de cada entidad federativa a partir de una fecha, como la captura la empresa: el sistema no trae tasas oficiales. Verifica la ley de hacienda de cada estado. Se aplica sobre las percepciones gravadas de cada nómina ordinaria, con la tasa vigente en su fecha de pago y la entidad del registro patronal del empleado.',
    newButton: 'Nueva tasa',
    newTitle: 'Nueva tasa de impuesto sobre nóminas',
    editTitle: 'Tasa de impuesto sobre nóminas',
    edit: 'Editar',
    created: 'Tasa registrada.',
    state: 'Entidad federativa',
    rate: 'Tasa (%)',
    effectiveFrom: 'Vigente desde',
    notes: 'Notas (fuente, decreto)',
    empty: 'No hay tasas capturadas: sin tasa, el impuesto sobre nóminas de las nóminas queda en cero.',
    loadFailed: 'No se pudieron cargar las tasas',
  },
  areas: {
    description: 'Áreas de la empresa; agrupan los puestos y a sus empleados.',
    exportName: 'Áreas',
    search: 'Buscar área',
    newButton: 'Nueva área',
    newTitle: 'Nueva área',
    created: 'Área registrada.',
    name: 'Nombre',
    positions: 'Puestos activos',
    employees: 'Empleados activos',
    inactiveHint: 'Un área inactiva deja de ofrecerse para nuevos puestos y empleados.',
  },
  positions: {
    description: 'Puestos de cada área con su salario diario base.',
    exportName: 'Puestos',
    search: 'Buscar puesto o área',
    newButton: 'Nuevo puesto',
    newTitle: 'Nuevo puesto',
    created: 'Puesto registrado.',
    area: 'Área',
    allAreas: 'Todas las áreas',
    name: 'Puesto',
    salary: 'Salario diario base',
    workplaces: 'Plazas',
    employees: 'Empleados activos',
    areaLockedHint: 'Un puesto con plazas o empleados no cambia de área.',
  },
  workplaces: {
    description: 'Plazas autorizadas por puesto: vacantes u ocupadas por un empleado.',
    exportName: 'Plazas',
    search: 'Buscar clave, puesto, ubicación o titular',
    newButton: 'Nueva plaza',
    newTitle: 'Nueva plaza',
    newDescription: 'Una plaza autoriza un lugar de un puesto; al contratar a alguien en ella pasa a ocupada.',
    created: 'Plaza registrada.',
    code: 'Clave',
    codeHint: 'Por ejemplo OPE-036; sin espacios.',
    area: 'Área',
    position: 'Puesto',
    allPositions: 'Todos los puestos',
    salary: 'Salario diario autorizado',
    baseSalary: (amount: string) => `Salario base del puesto: ${amount}`,
    location: 'Ubicación',
    notes: 'Notas',
    status: 'Situación',
    allStatuses: 'Vacantes y ocupadas',
    holder: 'Titular',
    noHolder: 'Sin titular',
    occupiedNotice: (holder: string) => `Ocupada por ${holder}. Mientras esté ocupada no cambia de puesto ni se desactiva.`,
    data: 'Datos de la plaza',
  },
  documents: {
    description: 'Documentos del expediente de cada empleado: cuáles son obligatorios y cuáles vencen.',
    exportName: 'Tipos de documento',
    search: 'Buscar documento',
    newButton: 'Nuevo tipo de documento',
    newTitle: 'Nuevo tipo de documento',
    created: 'Tipo de documento registrado.',
    name: 'Documento',
    required: 'Obligatorio',
    expires: 'Vence',
    warningDays: 'Días de aviso',
    warningHint: 'Días antes del vencimiento en que el documento se marca «por vencer».',
    noExpiry: 'No vence',
    days: (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`,
  },
  concepts: {
    description: 'Conceptos de nómina con su clave del catálogo SAT (nómina 1.2) y su tratamiento fiscal.',
    exportName: 'Conceptos de nómina',
    search: 'Buscar clave, nombre o clave SAT',
    newButton: 'Nuevo concepto',
    newTitle: 'Nuevo concepto',
    created: 'Concepto registrado.',
    code: 'Clave',
    name: 'Nombre',
    kind: 'Tipo',
    allKinds: 'Todos los tipos',
    satCode: 'Clave SAT',
    satPlaceholder: 'Busca por clave o nombre',
    rule: 'Tratamiento fiscal',
    exemptUma: 'UMA exentas por periodo',
    exemptUmaHint: 'La parte hasta este tope no grava; el excedente sí.',
    system: 'Del sistema',
    systemNotice: 'Concepto que la nómina calcula por sí misma: solo puedes cambiar su nombre.',
    origin: 'Origen',
    captured: 'Captura',
  },
} as const;
