// Seguridad screens (ROUTES.md; `permitions` is the contract's spelling).
import { defineModuleRoutes, detail, screen } from '../../app/routing/define';

export const securityRoutes = defineModuleRoutes('security', '/system/securityModule/', [
  screen('types', 'Tipos', 'Tipos', { load: () => import('./types/TypesPage').then((m) => m.TypesPage), description: 'Tipos de inspección con su checklist, pesos y puntos críticos.' }),
  screen('schedule', 'Programación', 'Programación', { load: () => import('./schedule/SchedulePage').then((m) => m.SchedulePage), description: 'Inspecciones planeadas con responsable y repetición; vencidas marcadas.' }),
  screen('inspections', 'Inspecciones', 'Inspecciones', { load: () => import('./inspections/InspectionsPage').then((m) => m.InspectionsPage), description: 'Checklists con foto de evidencia y calificación ponderada.' }),
  detail('inspections/inspections-detail', 'Edición de Inspecciones', 'Inspecciones', 'inspections', { load: () => import('./inspections/InspectionDetailPage').then((m) => m.InspectionDetailPage) }),
  screen('maintenanceReport', 'Reportes de Mantenimiento', 'Reportes de Mantenimiento', {
    load: () => import('./maintenance-reports/MaintenanceReportsPage').then((m) => m.MaintenanceReportsPage),
    description: 'Reportes levantados desde inspecciones y su resultado en Mantenimiento.',
  }),
  screen('permitions', 'Permisos', 'Permisos', { load: () => import('./permits/PermitsPage').then((m) => m.PermitsPage), description: 'Permisos de trabajo en altura, en caliente, espacio confinado y eléctrico.' }),
  screen('deliveryTools', 'Entrega de Equipo', 'Entrega de Equipo', { load: () => import('./deliveries/DeliveriesPage').then((m) => m.DeliveriesPage), description: 'Entregas de herramienta y EPP con acuse, y sus devoluciones.' }),
  screen('tools', 'Herramientas', 'Herramientas', { load: () => import('./tools/ToolsPage').then((m) => m.ToolsPage), description: 'Herramientas por unidad y EPP por existencia, con su estado.' }),
  detail('toolsDetail', 'Edición de Herramientas', 'Herramientas', 'tools', { load: () => import('./tools/ToolDetailPage').then((m) => m.ToolDetailPage) }),
  screen('reports', 'Reportes', 'Reportes', { load: () => import('./reports/ReportsPage').then((m) => m.ReportsPage), description: 'Cumplimiento, hallazgos abiertos, equipo por empleado y permisos.' }),
]);
