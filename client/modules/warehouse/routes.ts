// Almacén screens (ROUTES.md); the trail starts with "Almacén".
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

export const warehouseRoutes = defineModuleRoutes('warehouse', '/system/warehouseModule/', [
  screen('catalogues', 'Catálogo de Almacenes', 'Almacenes', { load: () => import('./pages/WarehousesPage').then((m) => m.WarehousesPage) }),
  screen('linesCatalogue', 'Catálogo de Líneas', 'Líneas', { load: () => import('./pages/LinesPage').then((m) => m.LinesPage) }),
  screen('articlesCatalogue', 'Catálogo de Artículos', 'Artículos', { load: () => import('./pages/ArticlesPage').then((m) => m.ArticlesPage) }),
  screen('warehouseConceptsCatalogue', 'Catálogo de Conceptos', 'Conceptos', { load: () => import('./pages/ConceptsPage').then((m) => m.ConceptsPage) }),
  screen('warehouseMovements', 'Movimientos', 'Movimientos', { load: () => import('./pages/MovementsPage').then((m) => m.MovementsPage) }),
  screen('stock', 'Existencias', 'Existencias', { load: () => import('./pages/StockPage').then((m) => m.StockPage) }),
  screen('maintenancePaymentRequest', 'Solicitud PDM', 'Solicitud PDM', {
    load: () => import('./pages/PdmPage').then((m) => m.PdmPage),
    description: 'Solicitud de pago de mantenimiento (PDM): refacciones que no hay en existencia; al enviarla pasa a Compras como solicitud de pago.',
  }),
  screen('inventory', 'Inventario', 'Inventario', { load: () => import('./pages/InventoryPage').then((m) => m.InventoryPage) }),
  screen('requisitions', 'Requisiciones', 'Requisiciones', { load: () => import('./pages/RequisitionsPage').then((m) => m.RequisitionsPage) }),
  detail('requisitionDetail', 'Detalle de Requisiciones', 'Requisiciones', 'requisitions', {
    load: () => import('./pages/RequisitionDetailPage').then((m) => m.RequisitionDetailPage),
  }),
]);
