// The modules and submodules of the product (ROUTES.md) with the permission
// names each submodule offers. The seed writes them to the database (where
// admins may rename/reorder them); the SPA uses the names for its route
// abilities. Names are the contract: a subject is "<module name>-<submodule name>".

/** `management`: seeded only to roles that see every module (Administrador, Consulta), not to the module's own role (Costos shows salaries). */
export type CatalogSubmodule = { key: string; name: string; permissions: string[]; management?: boolean };
export type CatalogModule = {
  key: string;
  name: string;
  icon: string;
  /** Landing page of the module in the SPA. */
  path: string;
  submodules: CatalogSubmodule[];
};

const CRUD = ['ver', 'crear', 'editar', 'eliminar'];
const CRUD_X = [...CRUD, 'exportar'];
const CRUD_AX = [...CRUD, 'autorizar', 'exportar'];
const REPORT = ['ver', 'exportar'];

const sub = (key: string, name: string, permissions: string[] = CRUD_X): CatalogSubmodule => ({ key, name, permissions });

export const MODULE_CATALOG: CatalogModule[] = [
  {
    key: 'human-resources', name: 'Recursos Humanos', icon: 'users', path: '/system/human-resources',
    submodules: [
      sub('employees', 'Empleados'), sub('agreements', 'Convenios'), sub('vacations', 'Vacaciones', ['ver', 'crear', 'autorizar', 'exportar']), sub('payroll', 'Nóminas', CRUD_AX),
      sub('fiscal-payroll', 'Nóminas Fiscales', CRUD_AX), sub('rh-settings', 'Configuración RH'),
      sub('rh-reports', 'Informes', REPORT), sub('imss-movements', 'Movimientos IMSS', ['ver', 'crear']),
    ],
  },
  {
    key: 'warehouse', name: 'Almacén', icon: 'building-warehouse', path: '/system/warehouse',
    submodules: [
      sub('warehouses', 'Almacenes'), sub('lines', 'Líneas'), sub('articles', 'Artículos'),
      sub('movement-concepts', 'Conceptos'), sub('movements', 'Movimientos'), sub('stock', 'Existencias', REPORT),
      sub('pdm', 'Solicitud PDM', CRUD_AX), sub('inventory', 'Inventario', CRUD_AX),
      sub('requisitions', 'Requisiciones', CRUD_AX),
    ],
  },
  {
    key: 'vehicle-park', name: 'Parque Vehicular', icon: 'truck', path: '/system/vehiclePark',
    submodules: [sub('vehicles', 'Vehículos'), sub('vp-settings', 'Configuración PV'), sub('vp-reports', 'Reportes', REPORT), sub('vp-fuel', 'Combustible')],
  },
  {
    key: 'sales', name: 'Ventas', icon: 'report-money', path: '/system/sales',
    submodules: [
      sub('clients', 'Clientes'), sub('quotes', 'Cotizaciones', CRUD_AX), sub('contracts', 'Contratos', CRUD_AX),
      sub('service-orders', 'Órdenes de Servicio'), sub('generators', 'Generadores', CRUD_AX),
      sub('invoices', 'Facturas', CRUD_AX), sub('client-payments', 'Pagos'), sub('order-deliveries', 'Entrega de Órdenes'),
      sub('other-income', 'Otros Ingresos'), sub('sales-reports', 'Reportes', REPORT),
      // Job cost (issue 28): labour cost reveals salaries, so the Vendedor role does not get it.
      { ...sub('job-cost', 'Costos', REPORT), management: true },
    ],
  },
  {
    key: 'security', name: 'Seguridad', icon: 'shield-check', path: '/system/security',
    submodules: [
      sub('inspection-types', 'Tipos'), sub('inspection-schedule', 'Programación'), sub('inspections', 'Inspecciones'),
      sub('maintenance-reports', 'Reportes de Mantenimiento'), sub('work-permits', 'Permisos', CRUD_AX),
      sub('tool-deliveries', 'Entrega de Equipo'), sub('tools', 'Herramientas'), sub('security-reports', 'Reportes', REPORT),
    ],
  },
  {
    key: 'shopping', name: 'Compras', icon: 'shopping-cart', path: '/system/shopping',
    submodules: [
      sub('suppliers', 'Proveedores'), sub('accounts', 'Cuentas'), sub('expenses', 'Gastos', CRUD_AX),
      sub('supplier-payments', 'Pagos'), sub('payment-requests', 'Solicitudes de pago', CRUD_AX),
      sub('purchase-orders', 'Órdenes de compra', CRUD_AX), sub('viaticos', 'Viáticos', CRUD_AX),
      sub('shopping-reports', 'Reportes', REPORT),
    ],
  },
  {
    key: 'cash', name: 'Caja', icon: 'cash', path: '/system/cash',
    submodules: [sub('cash-concepts', 'Conceptos'), sub('cash-movements', 'Movimientos'), sub('cash-periods', 'Períodos', CRUD_AX)],
  },
  {
    key: 'maintenance', name: 'Mantenimiento', icon: 'tool', path: '/system/maintenance',
    submodules: [
      sub('services-catalog', 'Catálogo de servicios'), sub('service-schedule', 'Programación de servicios'),
      sub('maintenance-orders', 'Órdenes de mantenimiento', CRUD_AX), sub('maintenance-requisitions', 'Requisiciones'),
      sub('maintenance-payment-requests', 'Solicitudes de pago'), sub('report-management', 'Gestión de reportes'),
    ],
  },
  {
    key: 'settings', name: 'Configuración', icon: 'settings', path: '/system/settings',
    submodules: [
      sub('users', 'Usuarios'), sub('modules', 'Módulos'), sub('roles', 'Roles'), sub('service-accounts', 'Cuentas de servicio'),
      // The company as CFDI emisor and its CSD (issue 26): one record, so only seen and edited.
      sub('company', 'Empresa', ['ver', 'editar']),
    ],
  },
];

/** Seeded roles (SPEC §2.1): Administrador, one per module, and Consulta. */
/** `purchaseOrderLimit`: the highest Orden de compra total the role may authorise (none: no limit). */
export const SEED_ROLES: { name: string; description: string; modules: string[] | 'all'; onlyView?: boolean; demoEmail?: string; purchaseOrderLimit?: string }[] = [
  { name: 'Administrador', description: 'Acceso total a todos los módulos', modules: 'all' },
  { name: 'Recursos Humanos', description: 'Personal, nóminas y convenios', modules: ['Recursos Humanos'], demoEmail: 'rh@demo.mx' },
  { name: 'Almacenista', description: 'Almacenes, existencias y requisiciones', modules: ['Almacén'], demoEmail: 'almacen@demo.mx' },
  { name: 'Parque Vehicular', description: 'Vehículos y su documentación', modules: ['Parque Vehicular'], demoEmail: 'vehiculos@demo.mx' },
  { name: 'Vendedor', description: 'Clientes, cotizaciones, contratos y facturación', modules: ['Ventas'], demoEmail: 'ventas@demo.mx' },
  { name: 'Seguridad', description: 'Inspecciones, permisos y equipo de protección', modules: ['Seguridad'], demoEmail: 'seguridad@demo.mx' },
  { name: 'Compras', description: 'Proveedores, órdenes de compra, gastos y pagos', modules: ['Compras'], demoEmail: 'compras@demo.mx', purchaseOrderLimit: '50000.00' },
  { name: 'Cajero', description: 'Caja chica: períodos y movimientos', modules: ['Caja'], demoEmail: 'caja@demo.mx' },
  { name: 'Mantenimiento', description: 'Servicios, programación y órdenes de mantenimiento', modules: ['Mantenimiento'], demoEmail: 'mantenimiento@demo.mx' },
  { name: 'Consulta', description: 'Solo lectura de todos los módulos', modules: 'all', onlyView: true, demoEmail: 'consulta@demo.mx' },
];
