// Seguridad screens (ROUTES.md; `permitions` is the contract's spelling).
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

export const securityRoutes = defineModuleRoutes('security', '/system/securityModule/', [
  screen('types', 'Tipos', 'Tipos'),
  screen('schedule', 'Programación', 'Programación'),
  screen('inspections', 'Inspecciones', 'Inspecciones'),
  detail('inspections/inspections-detail', 'Edición de Inspecciones', 'Inspecciones', 'inspections'),
  screen('maintenanceReport', 'Reportes de Mantenimiento', 'Reportes de Mantenimiento'),
  screen('permitions', 'Permisos', 'Permisos'),
  screen('deliveryTools', 'Entrega de Equipo', 'Entrega de Equipo'),
  screen('tools', 'Herramientas', 'Herramientas'),
  detail('toolsDetail', 'Edición de Herramientas', 'Herramientas', 'tools'),
  screen('reports', 'Reportes', 'Reportes'),
]);
