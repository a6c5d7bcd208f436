// The module registry: add a module here and its resolvers join the schema.
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Resolvers } from '../graphql/types';
import { sessionResolvers } from './session/resolvers';
import { settingsResolvers } from './settings/resolvers';
import { shoppingResolvers } from './shopping/resolvers';
import { seedShoppingDemo } from './shopping/seed';
import { salesResolvers } from './sales/resolvers';
import { seedSalesDemo } from './sales/seed';
import { cashResolvers } from './cash/resolvers';
import { seedCashDemo } from './cash/seed';
import { dashboardResolvers } from './dashboard/resolvers';
import { warehouseResolvers } from './warehouse/resolvers';
import { seedWarehouseDemo } from './warehouse/seed';
import { rhSettingsResolvers } from './rh/settings/resolvers';
import { seedRhSettingsDemo } from './rh/settings/seed';
import { rhFiscalResolvers } from './rh/fiscal/resolvers';
import { seedFiscalTables } from './rh/fiscal/seed';
import { rhEmployeeResolvers } from './rh/employees/resolvers';
import { seedRhEmployeesDemo } from './rh/employees/seed';
import { rhAgreementResolvers } from './rh/agreements/resolvers';
import { rhPayrollResolvers } from './rh/payroll/resolvers';
import { seedRhPayrollBase, seedRhPayrollDemo } from './rh/payroll/seed';
import { rhFiscalPayrollResolvers } from './rh/fiscal-payroll/resolvers';
import { rhReportResolvers } from './rh/reports/resolvers';
import { vehicleResolvers } from './vehicle-park/vehicles/resolvers';
import { seedVehicleParkDemo } from './vehicle-park/seed';
import { vpSettingsResolvers } from './vehicle-park/settings/resolvers';
import { vpReportResolvers } from './vehicle-park/reports/resolvers';
import { searchResolvers } from './search/resolvers';
import { securityResolvers } from './security/resolvers';
import { seedSecurityDemo } from './security/seed';
import { maintenanceResolvers } from './maintenance/resolvers';
import { seedMaintenanceDemo } from './maintenance/seed';

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
};

export const modules: ServerModule[] = [
  { name: 'session', resolvers: sessionResolvers },
  { name: 'settings', resolvers: settingsResolvers },
  { name: 'shopping', resolvers: shoppingResolvers, seedDemo: seedShoppingDemo },
  { name: 'sales', resolvers: salesResolvers, seedDemo: seedSalesDemo },
  { name: 'cash', resolvers: cashResolvers, seedDemo: seedCashDemo },
  { name: 'warehouse', resolvers: warehouseResolvers, seedDemo: seedWarehouseDemo },
  { name: 'dashboard', resolvers: dashboardResolvers },
  { name: 'rh-settings', resolvers: rhSettingsResolvers, seedDemo: seedRhSettingsDemo },
  { name: 'rh-fiscal', resolvers: rhFiscalResolvers, seedBase: seedFiscalTables },
  { name: 'rh-employees', resolvers: rhEmployeeResolvers, seedDemo: seedRhEmployeesDemo },
  { name: 'rh-agreements', resolvers: rhAgreementResolvers },
  { name: 'rh-payroll', resolvers: rhPayrollResolvers, seedBase: seedRhPayrollBase, seedDemo: seedRhPayrollDemo },
  { name: 'rh-fiscal-payroll', resolvers: rhFiscalPayrollResolvers },
  { name: 'rh-reports', resolvers: rhReportResolvers },
  // After Recursos Humanos: the demo vehicles' drivers are its employees.
  { name: 'vehicle-park', resolvers: vehicleResolvers, seedDemo: seedVehicleParkDemo },
  { name: 'vehicle-park-settings', resolvers: vpSettingsResolvers },
  { name: 'vehicle-park-reports', resolvers: vpReportResolvers },
  { name: 'search', resolvers: searchResolvers },
  // After Recursos Humanos: the demo inspections, permits and deliveries point at its demo employees.
  { name: 'security', resolvers: securityResolvers, seedDemo: seedSecurityDemo },
  { name: 'maintenance', resolvers: maintenanceResolvers, seedDemo: seedMaintenanceDemo },
];
