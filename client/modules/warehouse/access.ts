// What the signed-in user may do on each Almacén screen, from the shell's CASL
// ability. The server refuses the same things; this only hides buttons.
import { useAbility } from '@casl/react';
import { subjectOf, type AppAbility } from '../../../schema/abilities';

export const WAREHOUSE_MODULE = 'Almacén';

export type WarehouseScreen =
  | 'Almacenes'
  | 'Líneas'
  | 'Artículos'
  | 'Conceptos'
  | 'Movimientos'
  | 'Existencias'
  | 'Solicitud PDM'
  | 'Inventario'
  | 'Requisiciones';

export type ScreenAccess = { ver: boolean; crear: boolean; editar: boolean; eliminar: boolean; autorizar: boolean; exportar: boolean };

export function screenAccess(ability: Pick<AppAbility, 'can'>, screen: WarehouseScreen): ScreenAccess {
  const subject = subjectOf(WAREHOUSE_MODULE, screen);
  return {
    ver: ability.can('ver', subject),
    crear: ability.can('crear', subject),
    editar: ability.can('editar', subject),
    eliminar: ability.can('eliminar', subject),
    autorizar: ability.can('autorizar', subject),
    exportar: ability.can('exportar', subject),
  };
}

export function useScreenAccess(screen: WarehouseScreen): ScreenAccess {
  return screenAccess(useAbility<AppAbility>(), screen);
}
