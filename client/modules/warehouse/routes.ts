// Almacén screens (ROUTES.md); the trail starts with "Almacén".
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

export const warehouseRoutes = defineModuleRoutes('warehouse', '/system/warehouseModule/', [
  screen('catalogues', 'Catálogo de Almacenes', 'Almacenes'),
  screen('linesCatalogue', 'Catálogo de Líneas', 'Líneas'),
  screen('articlesCatalogue', 'Catálogo de Artículos', 'Artículos'),
  screen('warehouseConceptsCatalogue', 'Catálogo de Conceptos', 'Conceptos'),
  screen('warehouseMovements', 'Movimientos', 'Movimientos'),
  screen('stock', 'Existencias', 'Existencias'),
  screen('maintenancePaymentRequest', 'Solicitud PDM', 'Solicitud PDM'),
  screen('inventory', 'Inventario', 'Inventario'),
  screen('requisitions', 'Requisiciones', 'Requisiciones'),
  detail('requisitionDetail', 'Detalle de Requisiciones', 'Requisiciones', 'requisitions'),
]);
