// Paths of the Configuración screens (ROUTES.md); records open with `?id=`.
export const SETTINGS_PATHS = {
  users: '/system/users',
  userForm: '/system/form-user',
  modules: '/system/modules',
  submodules: '/system/sub-modules',
  roles: '/system/roles',
  rolePermissions: '/system/rol/settings',
  company: '/system/company',
} as const;

/** The dialogs of Configuración › Empresa, opened with `?dialog=` (the Tablero's CSD card links to `csd`). */
export const COMPANY_DIALOGS = { profile: 'empresa', csd: 'csd' } as const;

export const userFormPath = (id?: string): string =>
  id ? `${SETTINGS_PATHS.userForm}?id=${encodeURIComponent(id)}` : SETTINGS_PATHS.userForm;

export const submodulesPath = (moduleId: string): string =>
  `${SETTINGS_PATHS.submodules}?moduleId=${encodeURIComponent(moduleId)}`;

export const rolePermissionsPath = (roleId: string): string =>
  `${SETTINGS_PATHS.rolePermissions}?id=${encodeURIComponent(roleId)}`;

/** A positive integer id from the query string, or null. */
export function idParam(raw: string | null): string | null {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? raw : null;
}
