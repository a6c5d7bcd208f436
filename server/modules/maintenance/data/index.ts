// Mantenimiento SQL, one file per feature (this index re-exports them so `./data`
// imports keep working): services catalogue, schedule (with the due rule in SQL
// for paging and filtering), orders and failure reports. Reads vp_vehicles
// (the cached odometer) and a few catalogue names; Almacén's and Compras'
// documents are reached only through their services.
export * from './services';
export * from './settings';
export * from './schedules';
export * from './orders';
export * from './failureReports';
export * from './costs';
