// Lint: typescript-eslint's recommended rules plus the React hooks rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  {
    // A server module calls another only through that module's service.ts (its public functions),
    // or a feature's service.ts in a module split by feature (../rh/employees/service);
    // a tables.ts may also name another module's tables for its foreign keys.
    files: ['server/modules/*/**/*.ts'],
    ignores: ['server/modules/*/tables.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!(?:[^/]+/)?service$).+', message: 'Otro módulo se usa solo a través de su service.ts.' }],
      }],
    },
  },
  {
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
