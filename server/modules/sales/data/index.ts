// Ventas data layer: the only place with SQL for the revenue chain, one file per
// feature; this index re-exports them so `./data` imports keep working. Reads
// return rows already shaped like the GraphQL types (nested refs built
// here); money and quantities travel as text, never as floats.
export * from './types';
export * from './clients';
export * from './quotes';
export * from './contracts';
export * from './orders';
export * from './generators';
export * from './invoices';
export * from './payments';
export * from './otherIncomes';
export * from './reports';
export * from './creditNotes';
export * from './crews';
export * from './jobCost';
