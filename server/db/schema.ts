// Every table of every module, for drizzle (queries and drizzle-kit migrations).
export * from './tables';
export * from '../modules/settings/tables';
