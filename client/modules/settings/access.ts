// What the signed-in user may do on each Configuración screen, read from the
// shell's CASL ability (the server checks the same rules on every call; this
// only hides what would be refused).
import { useAbility } from '@casl/react';
import { subjectOf, type AppAbility } from '../../../schema/abilities';

export const SETTINGS_MODULE = 'Configuración';

export type SettingsScreen = 'Usuarios' | 'Módulos' | 'Roles';

export type ScreenAccess = {
  ver: boolean;
  crear: boolean;
  editar: boolean;
  eliminar: boolean;
  exportar: boolean;
};

export const settingsSubject = (screen: SettingsScreen): string => subjectOf(SETTINGS_MODULE, screen);

export function screenAccess(ability: Pick<AppAbility, 'can'>, screen: SettingsScreen): ScreenAccess {
  const subject = settingsSubject(screen);
  return {
    ver: ability.can('ver', subject),
    crear: ability.can('crear', subject),
    editar: ability.can('editar', subject),
    eliminar: ability.can('eliminar', subject),
    exportar: ability.can('exportar', subject),
  };
}

/** Re-renders when the rules change (useAbility subscribes to ability updates). */
export function useScreenAccess(screen: SettingsScreen): ScreenAccess {
  return screenAccess(useAbility<AppAbility>(), screen);
}
