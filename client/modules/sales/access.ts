// What the signed-in user may do on each Ventas screen, from the shell's CASL
// ability (the server checks the same rules; this only hides buttons).
import { useScreenAccess as useSharedScreenAccess, type ScreenAccess } from '../../components/access';

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
  | 'Reportes'
  | 'Costos';

export const useScreenAccess = (screen: SalesScreen): ScreenAccess => useSharedScreenAccess('Ventas', screen);
