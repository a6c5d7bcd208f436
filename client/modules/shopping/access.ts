// Compras screens and the typed access hook over the shared one.
import { useScreenAccess as useSharedScreenAccess, type ScreenAccess } from '../../components/access';

export type { ScreenAccess };
export type ShoppingScreen = 'Proveedores' | 'Cuentas' | 'Gastos' | 'Pagos' | 'Solicitudes de pago' | 'Órdenes de compra' | 'Viáticos' | 'Reportes';
export const useScreenAccess = (screen: ShoppingScreen): ScreenAccess => useSharedScreenAccess('Compras', screen);
