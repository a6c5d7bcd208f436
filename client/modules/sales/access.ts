// What the signed-in user may do on each Ventas screen, from the shell's CASL
// ability (the server checks the same rules; this only hides buttons).
import { useAbility } from '@casl/react';
import type { AppAbility } from '../../../schema/abilities';
import { screenAccess, type ScreenAccess } from '../shopping/ui/access';

export type { ScreenAccess };

export type SalesScreen =
  | 'Clientes'
  | 'Cotizaciones'
  | 'Contratos'
  | 'Órdenes de Servicio'
  | 'Generadores'
  | 'Facturas'
  | 'Pagos'
  | 'Entrega de Órdenes'
  | 'Otros Ingresos'
  | 'Reportes';

/** Re-renders when the rules change (useAbility subscribes to ability updates). */
export const useSalesAccess = (screen: SalesScreen): ScreenAccess => screenAccess(useAbility<AppAbility>(), 'Ventas', screen);
