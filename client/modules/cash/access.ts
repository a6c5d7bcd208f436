// Caja screens and the typed access hook over the shared one.
import { useScreenAccess, type ScreenAccess } from '../../components/access';

export type { ScreenAccess };
export type CashScreen = 'Conceptos' | 'Movimientos' | 'Períodos';
export const useCashAccess = (screen: CashScreen): ScreenAccess => useScreenAccess('Caja', screen);
