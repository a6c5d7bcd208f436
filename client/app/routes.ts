// THE route table: every path of ROUTES.md (plus the change-password screen)
// with title, breadcrumb trail, parent path, access and a lazy loader. The
// router, the guard, the side menu and the module cards are all derived from
// it. Module screens live in client/modules/<module>/routes.ts.
import { MODULE_CATALOG } from '../../schema/catalog';
import { cashRoutes } from '../modules/cash/routes';
import { humanResourcesRoutes } from '../modules/human-resources/routes';
import { maintenanceRoutes } from '../modules/maintenance/routes';
import { salesRoutes } from '../modules/sales/routes';
import { securityRoutes } from '../modules/security/routes';
import { settingsRoutes } from '../modules/settings/routes';
import { shoppingRoutes } from '../modules/shopping/routes';
import { vehicleParkRoutes } from '../modules/vehicle-park/routes';
import { warehouseRoutes } from '../modules/warehouse/routes';
import type { AppRoute } from './routing/types';

export const LANDING_PATH = '/home/landing-page';
export const DASHBOARD_PATH = '/system/dashboard';
export const CHANGE_PASSWORD_PATH = '/system/change-password';
export const LOGIN_PATH = '/login';

const publicRoutes: AppRoute[] = [
  {
    path: LOGIN_PATH, title: 'Iniciar sesión', breadcrumbs: [{ label: 'Iniciar sesión' }],
    access: 'public', kind: 'public', layout: 'bare', load: () => import('./pages/LoginPage').then((m) => m.LoginPage),
  },
  {
    path: '/loginOld', title: 'Iniciar sesión (clásico)', breadcrumbs: [{ label: 'Iniciar sesión (clásico)' }],
    access: 'public', kind: 'public', layout: 'bare', load: () => import('./pages/LoginOldPage').then((m) => m.LoginOldPage),
  },
  {
    path: LANDING_PATH, title: 'Inicio', breadcrumbs: [{ label: 'Inicio' }],
    access: 'public', kind: 'public', layout: 'bare', load: () => import('./pages/LandingPage').then((m) => m.LandingPage),
  },
  {
    path: '/components', title: 'Componentes', breadcrumbs: [{ label: 'Componentes' }],
    access: 'public', kind: 'public', layout: 'bare', load: () => import('./pages/ComponentsShowcase').then((m) => m.ComponentsShowcase),
  },
  {
    path: '/preview', title: 'Vista previa de hoja de cálculo', breadcrumbs: [{ label: 'Vista previa de hoja de cálculo' }],
    access: 'public', kind: 'public', layout: 'bare', load: () => import('./pages/SpreadsheetPreview').then((m) => m.SpreadsheetPreview),
  },
];

const accountRoutes: AppRoute[] = [
  {
    path: DASHBOARD_PATH, title: 'Tablero', breadcrumbs: [{ label: 'Tablero' }], parentPath: DASHBOARD_PATH,
    access: 'signedIn', kind: 'landing', layout: 'shell', load: () => import('./pages/DashboardPage').then((m) => m.DashboardPage),
  },
  {
    // Not in ROUTES.md: the screen a user with forcedPasswordReset is held on.
    path: CHANGE_PASSWORD_PATH, title: 'Cambiar contraseña', breadcrumbs: [{ label: 'Cambiar contraseña' }],
    access: 'signedIn', kind: 'account', layout: 'shell', load: () => import('./pages/ChangePasswordPage').then((m) => m.ChangePasswordPage),
  },
];

// One landing page per module; it needs the module-level `ver` every rule
// set grants for the modules it contains.
const moduleLandingRoutes: AppRoute[] = MODULE_CATALOG.map((mod) => ({
  path: mod.path,
  title: mod.name,
  breadcrumbs: [{ label: mod.name }],
  parentPath: mod.path,
  access: { action: 'ver', subject: mod.name },
  kind: 'landing',
  module: mod.name,
  layout: 'shell',
  load: () => import('./pages/ModuleLandingPage').then((m) => m.ModuleLandingPage),
}));

export const appRoutes: readonly AppRoute[] = [
  ...publicRoutes,
  ...accountRoutes,
  ...moduleLandingRoutes,
  ...humanResourcesRoutes,
  ...vehicleParkRoutes,
  ...securityRoutes,
  ...salesRoutes,
  ...shoppingRoutes,
  ...cashRoutes,
  ...maintenanceRoutes,
  ...warehouseRoutes,
  ...settingsRoutes,
];

/** Paths that only redirect (ROUTES.md: `/` and `/home` go to the landing page). */
export const redirectRoutes: ReadonlyArray<{ path: string; to: string }> = [
  { path: '/', to: LANDING_PATH },
  { path: '/home', to: LANDING_PATH },
  { path: '/system', to: DASHBOARD_PATH },
];

export function findRoute(path: string): AppRoute | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return appRoutes.find((r) => r.path === normalized);
}

/** Screens that get a card on a module landing page (lists and reports, not forms, nor the ones listed within another screen). */
export function moduleScreens(moduleName: string): AppRoute[] {
  return appRoutes.filter((r) => r.module === moduleName && r.kind === 'screen' && !r.within);
}

/** Screens listed on the landing of the screen at `path` (e.g. the catalogues of /system/rh/settings). */
export function screensWithin(path: string): AppRoute[] {
  return appRoutes.filter((r) => r.kind === 'screen' && r.within === path);
}
