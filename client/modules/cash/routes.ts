// Caja screens (ROUTES.md).
import { defineModuleRoutes, screen } from '../../app/routing/define';

export const cashRoutes = defineModuleRoutes('cash', '/system/cashModule/', [
  screen('concepts', 'Catálogo de Conceptos', 'Conceptos'),
  screen('movements', 'Registro de Movimientos', 'Movimientos'),
  screen('periods', 'Períodos', 'Períodos'),
]);
