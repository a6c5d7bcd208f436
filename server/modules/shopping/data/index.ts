// Compras data layer: every SQL statement of the module (parameters always
// travel separately), one file per feature. Money columns come back as text
// and stay strings. Callers import `./data`; this file only re-exports.
export * from './suppliers';
export * from './accounts';
export * from './expenses';
export * from './payments';
export * from './requests';
export * from './reports';
export * from './purchaseOrders';
export * from './viaticos';
