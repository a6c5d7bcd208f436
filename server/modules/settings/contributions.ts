// What Configuración contributes to the platform (registered in ../index.ts):
// how its audited records are named and whose screen guards their Historial.
import type { ModuleContributions } from '../../lib/contributions';
import { named, name } from '../../lib/references';

export const settingsContributions: ModuleContributions = {
  auditReferences: {
    user: { parts: named('users'), label: name, historySubject: 'Configuración-Usuarios' },
    role: { parts: named('roles'), label: name, historySubject: 'Configuración-Roles' },
    module: { parts: named('app_modules'), label: name, historySubject: 'Configuración-Módulos' },
    submodule: { parts: named('submodules'), label: name, historySubject: 'Configuración-Módulos' },
    service_account: { parts: named('service_accounts'), label: name, historySubject: 'Configuración-Cuentas de servicio' },
  },
};
