// Every table of every module, for drizzle (queries and drizzle-kit migrations).
export * from './tables';
export * from '../modules/shopping/tables';
export * from '../modules/sales/tables';
export * from '../modules/warehouse/tables';
export * from '../modules/cash/tables';
export * from '../modules/rh/tables';
export * from '../modules/vehicle-park/tables';
export * from '../modules/maintenance/tables';
export * from '../modules/security/tables';
