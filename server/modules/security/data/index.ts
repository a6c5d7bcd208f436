// Seguridad data layer: every SQL statement of the module, one file per feature;
// this index re-exports them so `./data` imports keep working. Locks are taken
// here (for update) when the service asks; stock and tool assignment use
// conditional updates so two requests can never both win.
export * from './employees';
export * from './inspectionTypes';
export * from './schedules';
export * from './inspections';
export * from './permits';
export * from './tools';
export * from './deliveries';
export * from './reports';
