// Mantenimiento screens (ROUTES.md). The paths keep the original spellings
// (`breackdownService` is in old bookmarks); the titles are written in proper
// Spanish (issue 13 overrides ROUTES.md's unaccented titles). The breakdown
// screen shows the schedule's trail, as the contract says.
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

const PREFIX = '/system/maintenanceModule/';

export const maintenanceRoutes = defineModuleRoutes('maintenance', PREFIX, [
  screen('servicesCatalog', 'Catálogo de servicios', 'Catálogo de servicios'),
  screen('serviceSchedule', 'Programación de servicios', 'Programación de servicios'),
  detail('breackdownService', 'Desglose de servicios', 'Programación de servicios', 'serviceSchedule', {
    trail: [{ label: 'Programación de servicios', path: `${PREFIX}serviceSchedule` }],
  }),
  screen('maintenanceOrders', 'Órdenes de mantenimiento', 'Órdenes de mantenimiento'),
  screen('warehouseRequisitions', 'Requisiciones de almacén', 'Requisiciones'),
  screen('paymentApplications', 'Solicitudes de pago', 'Solicitudes de pago'),
  screen('reportManagement', 'Gestión de reportes', 'Gestión de reportes'),
]);
