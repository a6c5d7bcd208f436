// Every Spanish text of the Parque Vehicular screens, in one place for review.
import type { StatusLabels } from '../../components/StatusBadge';
import { ODOMETER_SOURCE_LABELS, VEHICLE_FUEL_LABELS } from '../../../schema/vehicle-park/vehicles';
export { ACTIVE_LABELS, activeStatus, activeLabel, ACTIVE_FILTER_OPTIONS, activeFilter, yesNo } from '../../components/active';

export const VP_MODULE = 'Parque Vehicular';
export const VP_VEHICLES_SCREEN = 'Vehículos';
export const VP_SETTINGS_SCREEN = 'Configuración PV';
export const VP_REPORTS_SCREEN = 'Reportes';

export const VEHICLE_PATHS = {
  list: '/system/vehicleParks/vehicles',
  form: '/system/vehicleParks/vehicles/vehicles-form',
} as const;

export const VP_SETTINGS_PATHS = {
  landing: '/system/vehicleParks/settingsVP',
  documents: '/system/vehicleParks/settingsVP/documents',
  locations: '/system/vehicleParks/settings/locations',
  groups: '/system/vehicleParks/settings/groups',
} as const;

export const VEHICLE_STATUS_BADGES: StatusLabels = {
  activo: { label: 'Activo', color: 'green' },
  en_taller: { label: 'En taller', color: 'orange' },
  baja: { label: 'Baja', color: 'gray' },
};

export const FUEL_LABELS = VEHICLE_FUEL_LABELS;
export const SOURCE_LABELS = ODOMETER_SOURCE_LABELS;

export const VEHICLE_TYPES = ['Sedán', 'Pick-up', 'Van', 'Camión', 'Tractocamión', 'Motocicleta', 'Maquinaria', 'Remolque'];


const km = (n: number) => `${new Intl.NumberFormat('es-MX').format(n)} km`;

export const texts = {
  required: 'Este campo es obligatorio.',
  saved: 'Cambios guardados.',
  notFound: 'El registro no existe.',
  activeSwitch: 'Activo',
  km,
  list: {
    description: 'Flota de la empresa: identificación, asignación, odómetro y documentos.',
    exportName: 'Vehículos',
    search: 'Buscar por número económico, placas, VIN, marca, modelo o conductor',
    newVehicle: 'Nuevo vehículo',
    columns: {
      economicNumber: 'Núm. económico',
      plate: 'Placas',
      vehicle: 'Vehículo',
      group: 'Grupo',
      location: 'Locación',
      driver: 'Conductor',
      odometer: 'Odómetro',
      status: 'Estado',
      documents: 'Documentos',
    },
    filters: { status: 'Estado', group: 'Grupo', location: 'Locación', all: 'Todos', alerts: 'Con alertas de documentos' },
    alerts: (n: number) => (n === 1 ? '1 alerta' : `${n} alertas`),
    dueSoon: (n: number) => (n === 1 ? '1 por vencer' : `${n} por vencer`),
    noAlerts: 'Al día',
    empty: 'No hay vehículos que coincidan.',
    groupBy: { status: 'Estado', group: 'Grupo', location: 'Locación', count: 'Vehículos' },
  },
  form: {
    newTitle: 'Nuevo vehículo',
    created: 'Vehículo registrado.',
    readOnly: 'Solo lectura: tu rol no permite modificar vehículos.',
    retiredNotice: (date: string, reason: string) => `Dado de baja el ${date}: ${reason}`,
    inShopNotice: 'En taller: una orden de mantenimiento lo tiene; al cerrarla vuelve a activo.',
    inShopOrders: (folios: string[]) =>
      `En taller con ${folios.length === 1 ? 'la orden de mantenimiento' : 'las órdenes de mantenimiento'} ${folios.join(', ')}: al cerrarla${folios.length === 1 ? '' : 's'} o cancelarla${folios.length === 1 ? '' : 's'} vuelve a activo.`,
    retireBlocked: (folios: string[]) => `No se puede dar de baja mientras ${folios.length === 1 ? 'la orden' : 'las órdenes'} ${folios.join(', ')} ${folios.length === 1 ? 'esté abierta' : 'estén abiertas'}.`,
    saveFirst: 'Guarda el vehículo para adjuntar su foto, sus documentos y registrar lecturas de odómetro.',
    documentsEmpty: 'No hay tipos de documento activos. Agrégalos en Configuración PV.',
    documentsUntracked: 'Vehículo de baja: sus documentos ya no generan avisos de vencimiento.',
    sections: { identity: 'Identificación', assignment: 'Asignación', insurance: 'Seguro y adquisición', odometer: 'Bitácora de odómetro' },
    fields: {
      economicNumber: 'Número económico',
      plate: 'Placas',
      vin: 'VIN / NIV',
      vinHint: '17 caracteres, sin I, O ni Q.',
      brand: 'Marca',
      model: 'Modelo',
      year: 'Año modelo',
      vehicleType: 'Tipo',
      fuel: 'Combustible',
      group: 'Grupo',
      location: 'Locación',
      driver: 'Conductor asignado',
      insurancePolicy: 'Póliza de seguro',
      insuranceExpiresOn: 'Vencimiento de la póliza',
      acquisitionCost: 'Costo de adquisición',
      acquisitionDate: 'Fecha de adquisición',
      notes: 'Notas',
      initialKm: 'Odómetro inicial (km)',
      initialKmDate: 'Fecha de la lectura inicial',
      odometer: 'Odómetro actual',
    },
    none: 'Sin asignar',
    retire: 'Dar de baja',
    reactivate: 'Reactivar',
    retired: 'Vehículo dado de baja.',
    reactivated: 'Vehículo reactivado.',
    retireTitle: 'Dar de baja el vehículo',
    retireHelp: (driver: string | null) =>
      `${driver ? `${driver} deja de ser su conductor. ` : ''}Sus documentos dejan de generar avisos de vencimiento y ya no se le registran lecturas ni órdenes.`,
    reactivateTitle: 'Reactivar el vehículo',
    reactivateBody: 'El vehículo vuelve a estar activo y se ofrece de nuevo en las demás pantallas.',
    retireDate: 'Fecha de baja',
    retireReason: 'Motivo',
    reactivateReason: 'Observaciones (opcional)',
    odometer: {
      add: 'Registrar lectura',
      date: 'Fecha',
      km: 'Kilómetros',
      source: 'Origen',
      reference: 'Referencia',
      notes: 'Notas',
      by: 'Registró',
      empty: 'Sin lecturas.',
      saved: 'Lectura registrada.',
      last: (n: number, date: string) => `Última lectura: ${km(n)} el ${date}`,
      none: 'Aún sin lecturas',
    },
  },
  settings: {
    landing: {
      intro: 'Catálogos de Parque Vehicular: tipos de documento vehicular, locaciones y grupos.',
      catalogues: 'Catálogos',
      stats: {
        documents: (n: number) => (n === 1 ? '1 tipo activo' : `${n} tipos activos`),
        locations: (n: number) => (n === 1 ? '1 locación activa' : `${n} locaciones activas`),
        groups: (n: number) => (n === 1 ? '1 grupo activo' : `${n} grupos activos`),
      },
    },
    groups: {
      description: 'Grupos para clasificar la flota (reparto, utilitarios, carga…). Un grupo inactivo ya no se ofrece; sus vehículos lo conservan.',
      name: 'Nombre',
      descriptionField: 'Descripción',
      vehicles: 'Vehículos',
      newButton: 'Nuevo grupo',
      newTitle: 'Nuevo grupo',
      created: 'Grupo creado.',
      search: 'Buscar grupo',
      exportName: 'Grupos de vehículos',
    },
    locations: {
      description: 'Patios, sucursales u obras donde se resguardan los vehículos. Una locación inactiva ya no se ofrece; sus vehículos la conservan.',
      name: 'Nombre',
      address: 'Domicilio',
      vehicles: 'Vehículos',
      newButton: 'Nueva locación',
      newTitle: 'Nueva locación',
      created: 'Locación creada.',
      search: 'Buscar locación',
      exportName: 'Locaciones',
    },
    documents: {
      description: 'Documentos de cada vehículo: obligatorios, con vencimiento y días de aviso antes de vencer.',
      name: 'Nombre',
      required: 'Obligatorio',
      expires: 'Vence',
      warningDays: 'Días de aviso',
      warningHint: 'Días antes del vencimiento en que el documento se marca «por vencer».',
      documents: 'Documentos cargados',
      days: (n: number) => (n === 1 ? '1 día' : `${n} días`),
      noExpiry: 'No vence',
      newButton: 'Nuevo tipo de documento',
      newTitle: 'Nuevo tipo de documento',
      created: 'Tipo de documento creado.',
      search: 'Buscar tipo de documento',
      exportName: 'Tipos de documento vehicular',
      warningDaysMessage: 'Los días de aviso deben ser un entero entre 0 y 365.',
      insurancePolicy: 'Es la póliza de seguro del vehículo',
      insurancePolicyHint: 'Mientras un vehículo no tenga cargado un documento de este tipo, su vencimiento de póliza capturado en el vehículo cuenta en alertas, reportes y Tablero. Solo un tipo puede serlo.',
      insurancePolicyBadge: 'Póliza de seguro',
    },
  },
  reports: {
    description: 'Documentos por vencer, flota por estado, grupo o locación, kilómetros recorridos por mes según la bitácora de odómetro y costo de mantenimiento por vehículo y por km.',
    tabs: { documentos: 'Documentos por vencer', vehiculos: 'Vehículos', km_mes: 'Km por mes', costo_mtto: 'Costo de mantenimiento' },
    days: 'Vencen en los próximos (días)',
    by: 'Agrupar por',
    fromMonth: 'Desde (mes)',
    toMonth: 'Hasta (mes)',
    loadFailed: 'No se pudo cargar el reporte',
    total: 'Total',
    badRange: 'El mes final no puede ser anterior al inicial (máximo 12 meses).',
    fromDate: 'Desde',
    toDate: 'Hasta',
    badDateRange: 'La fecha final no puede ser anterior a la inicial.',
    documents: {
      note: 'Documentos de vehículos no dados de baja, vencidos o que vencen dentro del plazo; solo el más reciente de cada tipo.',
      empty: 'Sin documentos vencidos ni por vencer en ese plazo.',
      cols: { economicNumber: 'Núm. económico', plate: 'Placas', document: 'Documento', state: 'Estado', expiresOn: 'Vence', daysLeft: 'Días' },
    },
    vehicles: {
      note: 'Todos los vehículos, por estado.',
      empty: 'Sin vehículos.',
      cols: { activo: 'Activos', enTaller: 'En taller', baja: 'Baja', total: 'Total' },
    },
    km: {
      note: 'Km recorridos = lectura más alta al cierre del mes − la más alta antes del mes (o la primera del mes, si la bitácora empieza en él).',
      empty: 'Sin lecturas de odómetro en esos meses.',
      cols: { economicNumber: 'Núm. económico', month: 'Mes', closingKm: 'Km al cierre', km: 'Km recorridos' },
    },
    cost: {
      note: 'Órdenes de mantenimiento cerradas en el periodo. Km = lectura más alta hasta el último día − la más alta antes del primero (o la primera del periodo). Costo por km = total ÷ km.',
      empty: 'Sin órdenes cerradas ni km recorridos en el periodo.',
      cols: {
        economicNumber: 'Núm. económico',
        vehicle: 'Marca / modelo',
        orders: 'Órdenes',
        partsCost: 'Refacciones',
        labourCost: 'Mano de obra',
        externalCost: 'Taller externo',
        total: 'Total',
        km: 'Km recorridos',
        costPerKm: 'Costo por km',
      },
    },
  },
} as const;
