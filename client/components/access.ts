// What the signed-in user may do on a screen, from the shell's CASL ability
// (the server checks the same rules on every call; this only hides buttons).
import { useAbility } from '@casl/react';
import { subjectOf, type AppAbility } from '../../schema/abilities';

export type ScreenAccess = { ver: boolean; crear: boolean; editar: boolean; eliminar: boolean; autorizar: boolean; exportar: boolean };

export function screenAccess(ability: Pick<AppAbility, 'can'>, moduleName: string, screen: string): ScreenAccess {
  const subject = subjectOf(moduleName, screen);
  return {
    ver: ability.can('ver', subject),
    crear: ability.can('crear', subject),
    editar: ability.can('editar', subject),
    eliminar: ability.can('eliminar', subject),
    autorizar: ability.can('autorizar', subject),
    exportar: ability.can('exportar', subject),
  };
}

/** Re-renders when the rules change (useAbility subscribes to ability updates). */
export function useScreenAccess(moduleName: string, screen: string): ScreenAccess {
  return screenAccess(useAbility<AppAbility>(), moduleName, screen);
}
