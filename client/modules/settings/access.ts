// Configuración screens and the typed access helpers over the shared ones.
import { screenAccess as sharedScreenAccess, useScreenAccess as useSharedScreenAccess, type ScreenAccess } from '../../components/access';
import { subjectOf, type AppAbility } from '../../../schema/abilities';

export type { ScreenAccess };
export const SETTINGS_MODULE = 'Configuración';
export type SettingsScreen = 'Usuarios' | 'Módulos' | 'Roles' | 'Cuentas de servicio' | 'Empresa';

export const settingsSubject = (screen: SettingsScreen): string => subjectOf(SETTINGS_MODULE, screen);
export const screenAccess = (ability: Pick<AppAbility, 'can'>, screen: SettingsScreen): ScreenAccess => sharedScreenAccess(ability, SETTINGS_MODULE, screen);
export const useScreenAccess = (screen: SettingsScreen): ScreenAccess => useSharedScreenAccess(SETTINGS_MODULE, screen);
