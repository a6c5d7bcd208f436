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
]);
