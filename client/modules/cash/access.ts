// Caja screens and the typed access hook over the shared one.
import { useScreenAccess as useSharedScreenAccess, type ScreenAccess } from '../../components/access';

export type { ScreenAccess };
export type CashScreen = 'Conceptos' | 'Movimientos' | 'Períodos';
export const useScreenAccess = (screen: CashScreen): ScreenAccess => useSharedScreenAccess('Caja', screen);
