// Compras screens and the typed access hook over the shared one.
import { useScreenAccess, type ScreenAccess } from '../../components/access';

export type { ScreenAccess };
export type ShoppingScreen = 'Proveedores' | 'Cuentas' | 'Gastos' | 'Pagos' | 'Solicitudes de pago' | 'Reportes';
export const useShoppingAccess = (screen: ShoppingScreen): ScreenAccess => useScreenAccess('Compras', screen);
