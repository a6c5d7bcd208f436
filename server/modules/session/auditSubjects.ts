// Which ability guards the history of each audited record: reading a record's
// Historial (its audit entries and notes) needs `ver` on the screen that shows
// the record. A new audited entity adds its line here (a unit test checks that
// every entity with a reference has one, or is listed as having no history).
export const AUDIT_SUBJECTS: Readonly<Record<string, string>> = {
  // Configuración
  user: 'Configuración-Usuarios',
  role: 'Configuración-Roles',
  module: 'Configuración-Módulos',
  submodule: 'Configuración-Módulos',
  service_account: 'Configuración-Cuentas de servicio',
  // Compras
  supplier: 'Compras-Proveedores',
  company_account: 'Compras-Cuentas',
  account_entry: 'Compras-Cuentas',
  account_transfer: 'Compras-Cuentas',
  expense: 'Compras-Gastos',
  supplier_payment: 'Compras-Pagos',
  payment_request: 'Compras-Solicitudes de pago',
  // Ventas
  client: 'Ventas-Clientes',
  company_profile: 'Ventas-Facturas',
  quote: 'Ventas-Cotizaciones',
  contract: 'Ventas-Contratos',
  service_order: 'Ventas-Órdenes de Servicio',
  order_delivery: 'Ventas-Entrega de Órdenes',
  generator: 'Ventas-Generadores',
  invoice: 'Ventas-Facturas',
  client_payment: 'Ventas-Pagos',
  other_income: 'Ventas-Otros Ingresos',
  // Almacén
  warehouse: 'Almacén-Almacenes',
  product_line: 'Almacén-Líneas',
  stock_concept: 'Almacén-Conceptos',
  article: 'Almacén-Artículos',
  stock_movement: 'Almacén-Movimientos',
  requisition: 'Almacén-Requisiciones',
  pdm_request: 'Almacén-Solicitud PDM',
  inventory_count: 'Almacén-Inventario',
  // Caja
  cash_concept: 'Caja-Conceptos',
  cash_period: 'Caja-Períodos',
  cash_movement: 'Caja-Movimientos',
  // Recursos Humanos
  rh_fiscal_year: 'Recursos Humanos-Configuración RH',
  rh_area: 'Recursos Humanos-Configuración RH',
  rh_position: 'Recursos Humanos-Configuración RH',
  rh_workplace: 'Recursos Humanos-Configuración RH',
  rh_document_type: 'Recursos Humanos-Configuración RH',
  rh_concept: 'Recursos Humanos-Configuración RH',
  rh_employee: 'Recursos Humanos-Empleados',
  rh_agreement: 'Recursos Humanos-Convenios',
  rh_payroll: 'Recursos Humanos-Nóminas',
  // Parque Vehicular
  vehicle: 'Parque Vehicular-Vehículos',
  vehicle_odometer: 'Parque Vehicular-Vehículos',
  vp_group: 'Parque Vehicular-Configuración PV',
  vp_location: 'Parque Vehicular-Configuración PV',
  vp_document_type: 'Parque Vehicular-Configuración PV',
  // Mantenimiento
  mt_failure_report: 'Mantenimiento-Gestión de reportes',
  mt_service: 'Mantenimiento-Catálogo de servicios',
  mt_settings: 'Mantenimiento-Programación de servicios',
  mt_schedule: 'Mantenimiento-Programación de servicios',
  mt_order: 'Mantenimiento-Órdenes de mantenimiento',
  // Seguridad
  sec_inspection_type: 'Seguridad-Tipos',
  sec_schedule: 'Seguridad-Programación',
  sec_inspection: 'Seguridad-Inspecciones',
  sec_permit: 'Seguridad-Permisos',
  sec_tool: 'Seguridad-Herramientas',
  sec_delivery: 'Seguridad-Entrega de Equipo',
};

/** Audited entities with no Historial of their own: a note belongs to the record it was left on. */
export const ENTITIES_WITHOUT_HISTORY = ['session', 'company', 'record_note', 'saved_view'] as const;
