// What the signed-in user may do on each Almacén screen, from the shell's CASL
// ability. The server refuses the same things; this only hides buttons.
import { screenAccess as sharedScreenAccess, useScreenAccess as useSharedScreenAccess, type ScreenAccess } from '../../components/access';
import type { AppAbility } from '../../../schema/abilities';

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

export type { ScreenAccess };

export const screenAccess = (ability: Pick<AppAbility, 'can'>, screen: WarehouseScreen): ScreenAccess => sharedScreenAccess(ability, WAREHOUSE_MODULE, screen);
export const useScreenAccess = (screen: WarehouseScreen): ScreenAccess => useSharedScreenAccess(WAREHOUSE_MODULE, screen);
