// Configuración screens, directly under /system/ (ROUTES.md).
import { defineModuleRoutes, detail, form, screen } from '../../app/routing/define';

export const settingsRoutes = defineModuleRoutes('settings', '/system/', [
  screen('users', 'Usuarios', 'Usuarios', { load: () => import('./pages/UsersPage').then((m) => m.UsersPage) }),
  form('form-user', 'Formulario de Usuarios', 'Usuarios', 'users', { load: () => import('./pages/UserFormPage').then((m) => m.UserFormPage) }),
  screen('modules', 'Módulos', 'Módulos', { load: () => import('./pages/ModulesPage').then((m) => m.ModulesPage) }),
  detail('sub-modules', 'Submódulos', 'Módulos', 'modules', { load: () => import('./pages/SubmodulesPage').then((m) => m.SubmodulesPage) }),
  screen('roles', 'Roles', 'Roles', { load: () => import('./pages/RolesPage').then((m) => m.RolesPage) }),
  detail('rol/settings', 'Configuración de Permisos por Rol', 'Roles', 'roles', {
    load: () => import('./pages/RolePermissionsPage').then((m) => m.RolePermissionsPage),
  }),
  // Not in ROUTES.md (issue 26 asks for it): the company as CFDI emisor and its CSD.
  screen('company', 'Empresa', 'Empresa', {
    load: () => import('./company/CompanyPage').then((m) => m.CompanyPage),
    description: 'Datos fiscales del emisor y certificado de sello digital (CSD) para timbrar.',
  }),
]);
