// Almacén screens (ROUTES.md); the trail starts with "Almacén".
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

export const warehouseRoutes = defineModuleRoutes('warehouse', '/system/warehouseModule/', [
  screen('catalogues', 'Catálogo de Almacenes', 'Almacenes', { load: () => import('./pages/WarehousesPage') }),
  screen('linesCatalogue', 'Catálogo de Líneas', 'Líneas', { load: () => import('./pages/LinesPage') }),
  screen('articlesCatalogue', 'Catálogo de Artículos', 'Artículos', { load: () => import('./pages/ArticlesPage') }),
  screen('warehouseConceptsCatalogue', 'Catálogo de Conceptos', 'Conceptos', { load: () => import('./pages/ConceptsPage') }),
  screen('warehouseMovements', 'Movimientos', 'Movimientos', { load: () => import('./pages/MovementsPage') }),
  screen('stock', 'Existencias', 'Existencias', { load: () => import('./pages/StockPage') }),
  screen('maintenancePaymentRequest', 'Solicitud PDM', 'Solicitud PDM', {
    load: () => import('./pages/PdmPage'),
    description: 'Solicitud de pago de mantenimiento (PDM): refacciones que no hay en existencia; al enviarla pasa a Compras como solicitud de pago.',
  }),
  screen('inventory', 'Inventario', 'Inventario', { load: () => import('./pages/InventoryPage') }),
  screen('requisitions', 'Requisiciones', 'Requisiciones', { load: () => import('./pages/RequisitionsPage') }),
  detail('requisitionDetail', 'Detalle de Requisiciones', 'Requisiciones', 'requisitions', {
    load: () => import('./pages/RequisitionDetailPage'),
  }),
]);
