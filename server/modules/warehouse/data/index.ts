// Almacén data layer: every SQL statement of the module (drizzle builder or
// parameterised `sql` templates, never concatenated text), one file per feature;
// this index re-exports them so `./data` imports keep working.
export * from './catalogs';
export * from './posting';
export * from './movements';
export * from './stock';
export * from './counts';
export * from './requisitions';
export * from './pdm';
