// Mantenimiento screens (ROUTES.md). Titles keep the unaccented spelling of
// the original screens, subjects use the accented submodule names; the
// breakdown screen shows the schedule's trail, as the contract says.
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

const PREFIX = '/system/maintenanceModule/';

export const maintenanceRoutes = defineModuleRoutes('maintenance', PREFIX, [
  screen('servicesCatalog', 'Catalogo de servicios', 'Catálogo de servicios'),
  screen('serviceSchedule', 'Programacion de servicios', 'Programación de servicios'),
  detail('breackdownService', 'Desgloce de Servicios', 'Programación de servicios', 'serviceSchedule', {
    trail: [{ label: 'Programacion de servicios', path: `${PREFIX}serviceSchedule` }],
  }),
  screen('maintenanceOrders', 'Ordenes de mantenimiento', 'Órdenes de mantenimiento'),
  screen('warehouseRequisitions', 'Requisiciones de almacen', 'Requisiciones'),
  screen('paymentApplications', 'Solicitudes de pago', 'Solicitudes de pago'),
  screen('reportManagement', 'Gestion de reportes', 'Gestión de reportes'),
]);
