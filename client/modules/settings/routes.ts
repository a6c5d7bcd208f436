// Configuración screens, directly under /system/ (ROUTES.md).
import { defineModuleRoutes, detail, form, screen } from '../../app/routing/define';

export const settingsRoutes = defineModuleRoutes('settings', '/system/', [
  screen('users', 'Usuarios', 'Usuarios', { load: () => import('./pages/UsersPage') }),
  form('form-user', 'Formulario de Usuarios', 'Usuarios', 'users', { load: () => import('./pages/UserFormPage') }),
  screen('modules', 'Módulos', 'Módulos', { load: () => import('./pages/ModulesPage') }),
  detail('sub-modules', 'Submódulos', 'Módulos', 'modules', { load: () => import('./pages/SubmodulesPage') }),
  screen('roles', 'Roles', 'Roles', { load: () => import('./pages/RolesPage') }),
  detail('rol/settings', 'Configuración de Permisos por Rol', 'Roles', 'roles', {
    load: () => import('./pages/RolePermissionsPage'),
  }),
]);
