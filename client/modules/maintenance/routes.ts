// Mantenimiento screens (ROUTES.md). The paths keep the original spellings
// (`breackdownService` is in old bookmarks); the titles are written in proper
// Spanish (issue 13 overrides ROUTES.md's unaccented titles). The breakdown
// screen shows the schedule's trail, as the contract says.
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

const PREFIX = '/system/maintenanceModule/';

export const maintenanceRoutes = defineModuleRoutes('maintenance', PREFIX, [
  screen('servicesCatalog', 'Catálogo de servicios', 'Catálogo de servicios', {
    load: () => import('./ServicesCatalogPage').then((m) => m.ServicesCatalogPage),
    description: 'Servicios preventivos y correctivos, frecuencia, costo estimado y refacciones.',
  }),
  screen('serviceSchedule', 'Programación de servicios', 'Programación de servicios', {
    load: () => import('./SchedulePage').then((m) => m.SchedulePage),
    description: 'Servicios por vehículo: al corriente, próximos y vencidos; genera órdenes.',
  }),
  detail('breackdownService', 'Desglose de servicios', 'Programación de servicios', 'serviceSchedule', {
    trail: [{ label: 'Programación de servicios', path: `${PREFIX}serviceSchedule` }],
    load: () => import('./BreakdownPage').then((m) => m.BreakdownPage),
  }),
  screen('maintenanceOrders', 'Órdenes de mantenimiento', 'Órdenes de mantenimiento', {
    load: () => import('./OrdersPage').then((m) => m.OrdersPage),
    description: 'Órdenes con servicios, refacciones de Almacén, mano de obra y taller externo.',
  }),
  screen('warehouseRequisitions', 'Requisiciones de almacén', 'Requisiciones', {
    load: () => import('./RequisitionsPage').then((m) => m.RequisitionsPage),
    description: 'Refacciones pedidas a Almacén por las órdenes y su surtido.',
  }),
  screen('paymentApplications', 'Solicitudes de pago', 'Solicitudes de pago', {
    load: () => import('./PaymentsPage').then((m) => m.PaymentsPage),
    description: 'Facturas de talleres externos enviadas a Compras y su resultado.',
  }),
  screen('reportManagement', 'Gestión de reportes', 'Gestión de reportes', {
    load: () => import('./ReportsPage').then((m) => m.ReportsPage),
    description: 'Reportes de falla: prioridad, responsable, orden o descarte.',
  }),
]);
