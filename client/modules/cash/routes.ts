// Caja screens (ROUTES.md).
import { defineModuleRoutes, screen } from '../../app/routing/define';

export const cashRoutes = defineModuleRoutes('cash', '/system/cashModule/', [
  screen('concepts', 'Catálogo de Conceptos', 'Conceptos', { load: () => import('./pages/ConceptsPage').then((m) => m.ConceptsPage) }),
  screen('movements', 'Registro de Movimientos', 'Movimientos', { load: () => import('./pages/MovementsPage').then((m) => m.MovementsPage) }),
  screen('periods', 'Períodos', 'Períodos', { load: () => import('./pages/PeriodsPage').then((m) => m.PeriodsPage) }),
]);
