// Lint: typescript-eslint's recommended rules plus the React hooks rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// A server module calls another only through that module's service.ts (its public functions),
// or a feature's service.ts in a module split by feature (../rh/employees/service). A file one
// folder deeper (a feature's, or a data/ folder's) reaches other modules through ../../.
const CROSS_MODULE = { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!(?:[^/]+/)?service$).+', message: 'Otro módulo se usa solo a través de su service.ts.' };
const CROSS_MODULE_DEEP = { regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(?!(?:[^/]+/)?service$).+', message: 'Otro módulo se usa solo a través de su service.ts.' };
// SQL lives in the data layer (issue 12): a data.ts or a data/ folder (a module or feature split
// per feature), plus the drizzle tables and the seeds. Services, resolvers and the rest call data functions.
const SQL_OUTSIDE_DATA = { regex: '^drizzle-orm(/|$)', message: 'El SQL vive en la capa de datos (data.ts o data/): llama a una función de datos desde el servicio.' };

export default tseslint.config(
  { ignores: ['dist/**', 'generated/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}', 'tests/unit/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One-way layers: the SPA and the shared rules under schema/ never reach into the server;
    // what both sides compute lives under schema/.
    files: ['client/**/*.{ts,tsx}', 'schema/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '(^|/)server/', message: 'El cliente y schema/ no importan código del servidor: mueve lo compartido a schema/.' }],
      }],
    },
  },
  // Imports of server/modules by where the file sits. ESLint keeps ONE no-restricted-imports per
  // file (a later block that sets it replaces the options), so each block lists every pattern it needs.
  {
    files: ['server/modules/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SQL_OUTSIDE_DATA] }] },
  },
  {
    files: ['server/modules/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CROSS_MODULE, SQL_OUTSIDE_DATA] }] },
  },
  {
    files: ['server/modules/*/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CROSS_MODULE, CROSS_MODULE_DEEP, SQL_OUTSIDE_DATA] }] },
  },
  {
    files: ['server/modules/*/data.ts', 'server/modules/*/seed.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CROSS_MODULE] }] },
  },
  {
    files: ['server/modules/*/*/**/data.ts', 'server/modules/*/*/**/seed.ts', 'server/modules/*/*/**/tables.ts', 'server/modules/*/**/data/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CROSS_MODULE, CROSS_MODULE_DEEP] }] },
  },
  {
    // A tables.ts may also name another module's tables for its foreign keys.
    files: ['server/modules/*/tables.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!(service|tables)$).+', message: 'Otro módulo se usa solo a través de su service.ts (o sus tablas, para llaves foráneas).' }],
      }],
    },
  },
  {
    // Named exports only (issue 12): one name per component across imports, routes and search.
    // The tools' own config files must export default, and a .d.ts describes a package as it is.
    ignores: ['*.config.{ts,js}', 'tests/*/vitest.config.ts', 'codegen.ts', '**/*.d.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'ExportDefaultDeclaration',
        message: 'Usa exportaciones con nombre (export function X); las rutas cargan la página con .then((m) => m.X).',
      }, {
        selector: "ExportSpecifier[exported.name='default']",
        message: 'Usa exportaciones con nombre, no `export { X as default }`.',
      }],
    },
  },
  {
    // Tests read loosely-typed GraphQL JSON; `any` there is the JSON shape, not a shortcut in product code.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
