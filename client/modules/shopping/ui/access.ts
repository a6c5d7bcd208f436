// What the signed-in user may do on a Compras / Caja screen, from the shell's
// CASL ability (the server checks the same rules; this only hides buttons).
import { useAbility } from '@casl/react';
import { subjectOf, type AppAbility } from '../../../../schema/abilities';

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

export type ShoppingScreen = 'Proveedores' | 'Cuentas' | 'Gastos' | 'Pagos' | 'Solicitudes de pago' | 'Reportes';
export type CashScreen = 'Conceptos' | 'Movimientos' | 'Períodos';

/** Re-renders when the rules change (useAbility subscribes to ability updates). */
export const useShoppingAccess = (screen: ShoppingScreen): ScreenAccess => screenAccess(useAbility<AppAbility>(), 'Compras', screen);
export const useCashAccess = (screen: CashScreen): ScreenAccess => screenAccess(useAbility<AppAbility>(), 'Caja', screen);
