// Every Spanish text of the Empleados screens, in one place for review.
import type { StatusLabels } from '../../../components/StatusBadge';
import { PAY_FREQUENCY_LABELS } from '../../../../schema/rh/employees';

export const EMPLOYEE_PATHS = {
  list: '/system/rh/employees',
  form: '/system/rh/employees/employees-form',
} as const;

export const STATUS_BADGES: StatusLabels = {
  activo: { label: 'Activo', color: 'green' },
  baja: { label: 'Baja', color: 'gray' },
};

/** Red vencido, amber por vencer, gray faltante, green vigente (shared with every record's documents). */
export { DOCUMENT_BADGES } from '../../../components/RecordFiles';

export const FREQUENCY_LABELS: Record<string, string> = PAY_FREQUENCY_LABELS;
export const ZONE_LABELS: Record<string, string> = { general: 'General', frontera: 'Zona Libre de la Frontera Norte' };

export const texts = {
  list: {
    description: 'Plantilla de la empresa: datos personales, puesto, salario y documentos.',
    exportName: 'Empleados',
    search: 'Buscar por número, nombre, RFC o CURP',
    newEmployee: 'Nuevo empleado',
    import: 'Importar',
    columns: {
      number: 'Número',
      name: 'Nombre',
      area: 'Área',
      position: 'Puesto',
      frequency: 'Frecuencia',
      dailySalary: 'Salario diario',
      status: 'Estado',
      documents: 'Documentos',
    },
    filters: {
      status: 'Estado',
      area: 'Área',
      position: 'Puesto',
      frequency: 'Frecuencia',
      all: 'Todos',
      alerts: 'Con alertas de documentos',
    },
    alerts: (n: number) => (n === 1 ? '1 alerta' : `${n} alertas`),
    noAlerts: 'Al día',
    groupBy: { area: 'Área', position: 'Puesto', status: 'Estado', frequency: 'Frecuencia de pago', count: 'Empleados' },
  },
  form: {
    newTitle: 'Nuevo empleado',
    created: 'Empleado registrado.',
    saved: 'Cambios guardados.',
    readOnly: 'Solo lectura: tu rol no permite modificar empleados.',
    sections: {
      personal: 'Datos personales',
      job: 'Puesto y salario',
      bank: 'Banco y contacto',
      cfdi: 'CFDI de nómina',
      photo: 'Foto',
      documents: 'Documentos',
      history: 'Historial',
    },
    fields: {
      number: 'Número de empleado',
      names: 'Nombre(s)',
      lastName: 'Apellido paterno',
      secondLastName: 'Apellido materno',
      rfc: 'RFC',
      curp: 'CURP',
      nss: 'NSS',
      birthDate: 'Fecha de nacimiento',
      hireDate: 'Fecha de ingreso',
      firstHireDate: 'Primer ingreso',
      area: 'Área',
      position: 'Puesto',
      workplace: 'Plaza',
      workplaceNone: 'Sin plaza',
      payFrequency: 'Frecuencia de pago',
      wageZone: 'Zona salarial',
      dailySalary: 'Salario diario',
      sdi: 'Salario diario integrado (SDI)',
      yearsOfService: 'Antigüedad',
      bank: 'Banco',
      clabe: 'CLABE',
      email: 'Correo electrónico',
      phone: 'Teléfono',
      address: 'Domicilio',
      emergencyContact: 'Contacto de emergencia',
      postalCode: 'Código postal fiscal',
      workState: 'Entidad donde trabaja',
      contractType: 'Tipo de contrato',
      employerRegistration: 'Registro patronal',
    },
    cfdiHint: 'Datos que pide el SAT para timbrar sus recibos de nómina: sin ellos, el recibo queda sin timbrar con el motivo.',
    postalCodeHint: 'El de su constancia de situación fiscal.',
    employerRegistrationHint: 'Con el que cotiza al IMSS y se timbra su recibo (Configuración RH › Registros patronales).',
    employerRegistrationDefault: 'El primero activo de la empresa',
    minimumWageHint: (zone: string, amount: string) => `Salario mínimo ${zone}: ${amount}`,
    years: (n: number) => (n === 1 ? '1 año' : `${n} años`),
    saveFirst: 'Guarda el empleado para adjuntar su foto y sus documentos.',
    documents: {
      empty: 'No hay tipos de documento activos. Agrégalos en Configuración RH.',
      untracked: 'Empleado dado de baja: sus documentos ya no generan avisos de vencimiento.',
    },
    history: {
      date: 'Fecha',
      event: 'Movimiento',
      detail: 'Detalle',
      salary: 'Salario',
      workplace: 'Plaza',
      by: 'Registró',
      empty: 'Sin movimientos.',
    },
    terminate: 'Dar de baja',
    rehire: 'Reingreso',
    terminated: 'Baja registrada; su plaza y los vehículos que conducía quedaron libres.',
    terminateHelp: 'Se libera su plaza y deja de ser el conductor de los vehículos que tenga asignados. Después solo se cambian sus datos de contacto y bancarios, su foto y sus documentos.',
    rehired: 'Reingreso registrado.',
    terminateTitle: 'Dar de baja al empleado',
    rehireTitle: 'Registrar reingreso',
    terminationDate: 'Fecha de baja',
    terminationReason: 'Motivo',
    rehireDate: 'Fecha de reingreso',
    rehireSalary: 'Salario diario (opcional)',
    rehireWorkplace: 'Plaza (opcional)',
    rehireReason: 'Observaciones',
    bajaNotice: (date: string, reason: string) => `Dado de baja el ${date}: ${reason}`,
    bajaEditable: 'Solo se cambian sus datos de contacto y bancarios, los del CFDI de nómina (para su finiquito), su foto y sus documentos; para lo demás registra su reingreso.',
  },
  import: {
    title: 'Importar empleados',
    help: 'Sube un .xlsx o .csv con encabezados: Número, Nombre(s), Apellido paterno, Apellido materno, RFC, CURP, NSS, Fecha de nacimiento, Fecha de ingreso, Área, Puesto, Plaza, Frecuencia, Zona, Salario diario, Banco, CLABE, Correo, Teléfono. Se importan todas las filas o ninguna.',
    missingColumns: 'El archivo debe tener al menos las columnas Número, Nombre(s), Apellido paterno, RFC, CURP, NSS, Área y Puesto.',
    done: (n: number) => (n === 1 ? 'Se importó 1 empleado.' : `Se importaron ${n} empleados.`),
  },
} as const;
