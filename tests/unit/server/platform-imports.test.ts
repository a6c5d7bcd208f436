// The platform imports no business module (issue 24): the Tablero, Ctrl+K,
// the audit log and Historial read what each module contributes from the
// registry (server/modules/index.ts), as an Odoo manifest declares a
// module's contributions. This reads the import lines of every platform file
// and fails on any that reaches a business module's folder, on the server
// (server/modules/<module>/) or in the shared rules (schema/<module>/).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');

const PLATFORM = ['server/modules/session', 'server/modules/settings', 'server/modules/dashboard', 'server/modules/search', 'server/lib', 'server/graphql', 'server/http'];
const BUSINESS = ['sales', 'shopping', 'cash', 'warehouse', 'rh', 'vehicle-park', 'security', 'maintenance'];
const FORBIDDEN = BUSINESS.flatMap((m) => [`server/modules/${m}`, `schema/${m}`]);

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** Every module a source text imports: `import … from`, `export … from`, `import '…'` and `import('…')`. */
function importedSpecifiers(source: string): string[] {
  const patterns = [/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((p) => [...source.matchAll(p)].map((m) => m[1]));
}

/** The repository path a relative import of `file` names (packages stay as they are). */
const resolved = (file: string, specifier: string) =>
  specifier.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/') : specifier;

const reachesBusiness = (target: string) => FORBIDDEN.some((folder) => target === folder || target.startsWith(`${folder}/`));

const files = PLATFORM.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
const imports = files.flatMap((file) => importedSpecifiers(fs.readFileSync(file, 'utf8')).map((specifier) => ({ file: path.relative(ROOT, file), target: resolved(file, specifier) })));

describe('the platform imports no business module', () => {
  it('reads the import lines of every platform file', () => {
    expect(files.length).toBeGreaterThan(40);
    // Multi-line imports count too: Historial reads users through Configuración's service.
    expect(imports).toContainEqual({ file: 'server/modules/session/service.ts', target: 'server/modules/settings/service' });
    expect(imports).toContainEqual({ file: 'server/modules/dashboard/service.ts', target: 'server/modules/index' });
  });

  it('catches every form of import', () => {
    const source = [
      "import { listClients } from '../sales/service';",
      'import {\n  a,\n  b,\n} from "../warehouse/service";',
      "export { x } from '../cash/data';",
      "import type { Y } from '../rh/employees/service';",
      "import '../security/seed';",
      "const m = await import('../maintenance/service');",
      "type T = import('../../../schema/vehicle-park/vin').Vin;",
    ].join('\n');
    const file = path.join(ROOT, 'server/modules/search/service.ts');
    expect(importedSpecifiers(source).map((s) => resolved(file, s)).filter(reachesBusiness)).toHaveLength(7);
  });

  it('finds none that reaches a business module (declare it in the module’s registry entry instead)', () => {
    expect(imports.filter((i) => reachesBusiness(i.target))).toEqual([]);
  });

  it('leaves users and roles to Configuración: Historial and sign-in read them through it, never the other way', () => {
    const settingsToSession = imports.filter((i) => i.file.startsWith('server/modules/settings/') && i.target.startsWith('server/modules/session/'));
    expect(settingsToSession).toEqual([]);
  });
});
