// The module registry, read like an Odoo manifest: each entry declares the
// module's resolvers and seeds, and what it contributes to the platform's
// screens (Tablero indicators, Ctrl+K sources, audit references and the
// screens guarding their Historial) and what it lets go of when an employee
// is dado de baja (server/lib/contributions.ts). The
// platform modules (session, settings, dashboard, search) read those from
// here and import no business module: a new module is one entry here plus
// its own folders.
import type { Config } from '../config';
import type { AppServices } from '../services';
import type { Db } from '../db/database';
import type { Resolvers } from '../graphql/types';
import type { AuditReference, EmployeeRelease, IndicatorContribution, ModuleContributions, SearchSource } from '../lib/contributions';
import { sessionResolvers } from './session/resolvers';
import { sessionContributions } from './session/contributions';
import { settingsResolvers } from './settings/resolvers';
import { settingsContributions } from './settings/contributions';
import { shoppingResolvers } from './shopping/resolvers';
import { seedShoppingDemo } from './shopping/seed';
import { shoppingContributions } from './shopping/contributions';
import { salesResolvers } from './sales/resolvers';
import { seedSalesDemo } from './sales/seed';
import { recoverSales } from './sales/stamping';
import { recoverPayrollStamps } from './rh/payroll/stamping';
import { salesContributions } from './sales/contributions';
import { cashResolvers } from './cash/resolvers';
import { seedCashDemo } from './cash/seed';
import { cashContributions } from './cash/contributions';
import { dashboardResolvers } from './dashboard/resolvers';
import { warehouseResolvers } from './warehouse/resolvers';
import { seedWarehouseDemo } from './warehouse/seed';
import { warehouseContributions } from './warehouse/contributions';
import { rhSettingsResolvers } from './rh/settings/resolvers';
import { seedRhSettingsDemo } from './rh/settings/seed';
import { rhFiscalResolvers } from './rh/fiscal/resolvers';
import { seedFiscalTables } from './rh/fiscal/seed';
import { rhEmployeeResolvers } from './rh/employees/resolvers';
import { seedRhEmployeesDemo } from './rh/employees/seed';
import { rhContributions } from './rh/contributions';
import { rhAgreementResolvers } from './rh/agreements/resolvers';
import { rhImssMovementResolvers } from './rh/imss-movements/resolvers';
import { rhSbcVariableResolvers } from './rh/sbc-variable/resolvers';
import { rhVacationResolvers } from './rh/vacations/resolvers';
import { rhIncapacityResolvers } from './rh/incapacities/resolvers';
import { seedRhVacationsDemo } from './rh/vacations/seed';
import { rhPayrollResolvers } from './rh/payroll/resolvers';
import { seedRhPayrollBase, seedRhPayrollDemo } from './rh/payroll/seed';
import { rhFiscalPayrollResolvers } from './rh/fiscal-payroll/resolvers';
import { rhEmployerResolvers } from './rh/employer/resolvers';
import { rhReportResolvers } from './rh/reports/resolvers';
import { vehicleResolvers } from './vehicle-park/vehicles/resolvers';
import { seedVehicleParkDemo } from './vehicle-park/seed';
import { vehicleParkContributions } from './vehicle-park/contributions';
import { vpSettingsResolvers } from './vehicle-park/settings/resolvers';
import { vpReportResolvers } from './vehicle-park/reports/resolvers';
import { vpFuelResolvers } from './vehicle-park/fuel/resolvers';
import { searchResolvers } from './search/resolvers';
import { securityResolvers } from './security/resolvers';
import { seedSecurityDemo } from './security/seed';
import { securityContributions } from './security/contributions';
import { maintenanceResolvers } from './maintenance/resolvers';
import { seedMaintenanceDemo } from './maintenance/seed';
import { maintenanceContributions } from './maintenance/contributions';

export type ServerModule = {
  name: string;
  resolvers: Resolvers;
  /** Demo data for a new company; runs once, after roles and users exist, in module order (`config` is there to store demo files). */
  seedDemo?: (db: Db, ctx: { adminUserId: number; config?: Config }) => Promise<void>;
  /**
   * Data every company needs whether or not it has demo data (e.g. the fiscal
   * tables of each year, the payroll concepts the calculation posts). Runs at
   * every start under the start-up lock; must be idempotent.
   */
  seedBase?: (db: Db) => Promise<void>;
  /** Work left half-done by a process that died (e.g. a CFDI sent to the PAC whose answer was not saved); runs once after the server listens. */
  recover?: (app: AppServices) => Promise<void>;
  /** What the module adds to the platform's screens (Tablero, Ctrl+K, audit references and Historial guards). */
  contributions?: ModuleContributions;
};

export const modules: ServerModule[] = [
  { name: 'session', resolvers: sessionResolvers, contributions: sessionContributions },
  { name: 'settings', resolvers: settingsResolvers, contributions: settingsContributions },
  { name: 'shopping', resolvers: shoppingResolvers, seedDemo: seedShoppingDemo, contributions: shoppingContributions },
  { name: 'sales', resolvers: salesResolvers, seedDemo: seedSalesDemo, recover: recoverSales, contributions: salesContributions },
  { name: 'cash', resolvers: cashResolvers, seedDemo: seedCashDemo, contributions: cashContributions },
  { name: 'warehouse', resolvers: warehouseResolvers, seedDemo: seedWarehouseDemo, contributions: warehouseContributions },
  { name: 'dashboard', resolvers: dashboardResolvers },
  { name: 'rh-settings', resolvers: rhSettingsResolvers, seedDemo: seedRhSettingsDemo },
  { name: 'rh-fiscal', resolvers: rhFiscalResolvers, seedBase: seedFiscalTables },
  // Recursos Humanos' contributions, all its features together.
  { name: 'rh-employees', resolvers: rhEmployeeResolvers, seedDemo: seedRhEmployeesDemo, contributions: rhContributions },
  { name: 'rh-agreements', resolvers: rhAgreementResolvers },
  { name: 'rh-vacations', resolvers: rhVacationResolvers, seedDemo: seedRhVacationsDemo },
  { name: 'rh-incapacities', resolvers: rhIncapacityResolvers },
  { name: 'rh-payroll', resolvers: rhPayrollResolvers, seedBase: seedRhPayrollBase, seedDemo: seedRhPayrollDemo, recover: recoverPayrollStamps },
  { name: 'rh-fiscal-payroll', resolvers: rhFiscalPayrollResolvers },
  { name: 'rh-reports', resolvers: rhReportResolvers },
  { name: 'rh-employer', resolvers: rhEmployerResolvers },
  { name: 'rh-imss-movements', resolvers: rhImssMovementResolvers },
  { name: 'rh-sbc-variable', resolvers: rhSbcVariableResolvers },
  // After Recursos Humanos: the demo vehicles' drivers are its employees.
  { name: 'vehicle-park', resolvers: vehicleResolvers, seedDemo: seedVehicleParkDemo, contributions: vehicleParkContributions },
  { name: 'vehicle-park-settings', resolvers: vpSettingsResolvers },
  { name: 'vehicle-park-reports', resolvers: vpReportResolvers },
  { name: 'vehicle-park-fuel', resolvers: vpFuelResolvers },
  { name: 'search', resolvers: searchResolvers },
  // After Recursos Humanos: the demo inspections, permits and deliveries point at its demo employees.
  { name: 'security', resolvers: securityResolvers, seedDemo: seedSecurityDemo, contributions: securityContributions },
  { name: 'maintenance', resolvers: maintenanceResolvers, seedDemo: seedMaintenanceDemo, contributions: maintenanceContributions },
];

export type Contributed = {
  /** Every Tablero figure, in registry order (its position names the prepared statement of each combination). */
  indicators: readonly IndicatorContribution[];
  /** Every Ctrl+K source, by `sequence`. */
  searchSources: readonly SearchSource[];
  /** Every audited entity with a folio or name to show. */
  auditReferences: Readonly<Record<string, AuditReference>>;
  /** What each module lets go of when an employee is dado de baja, in registry order. */
  employeeReleases: readonly EmployeeRelease[];
};

let contributed: Contributed | null = null;

/**
 * What every module contributes, collected once. Read at call time, never
 * while modules load: the platform modules that read it are themselves
 * imported by this registry. Two modules claiming one entity, figure or
 * search kind is a programming error, refused at the first read.
 */
export function contributions(): Contributed {
  if (contributed) return contributed;
  const indicators: IndicatorContribution[] = [];
  const searchSources: SearchSource[] = [];
  const auditReferences: Record<string, AuditReference> = {};
  const employeeReleases: EmployeeRelease[] = [];
  const claim = (seen: Set<string>, key: string, module: string) => {
    if (seen.has(key)) throw new Error(`module registry: ${module} declares ${key}, already declared by another module`);
    seen.add(key);
  };
  const figures = new Set<string>();
  const kinds = new Set<string>();
  const entities = new Set<string>();
  for (const m of modules) {
    const c = m.contributions;
    if (!c) continue;
    for (const i of c.indicators ?? []) {
      claim(figures, `indicator ${i.group}.${i.name}`, m.name);
      indicators.push(i);
    }
    for (const s of c.searchSources ?? []) {
      claim(kinds, `search source ${s.entity}`, m.name);
      searchSources.push(s);
    }
    for (const [entity, reference] of Object.entries(c.auditReferences ?? {})) {
      claim(entities, `audit reference ${entity}`, m.name);
      auditReferences[entity] = reference;
    }
    employeeReleases.push(...(c.employeeReleases ?? []));
  }
  searchSources.sort((a, b) => a.sequence - b.sequence);
  contributed = { indicators, searchSources, auditReferences, employeeReleases };
  return contributed;
}
