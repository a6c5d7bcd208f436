// The lifecycle and history sweeps, generated from what the app declares so a
// new screen is swept without anyone adding it here:
// - History: every form/detail route of the route table, and every list that
//   opens a saved record with `?id=`, shows Historial (FormPage with its audit
//   entity, FormDialog with `history`, RecordHeader or the Historial button).
// - Lifecycle: every client mutation named after an irreversible move
//   (…Authorize, …Close, …Cancel, …Emit, …Stamp, …Pay, …Finish, …Approve,
//   …Reject) is only bound in a screen that asks through the shared
//   confirmation (a DocumentAction marked `irreversible` or with `confirm`,
//   confirmIrreversible(Async)/confirmAction, ConfirmButton, or ReasonDialog).
// The browser half (the dialog really opens and names the record) is
// tests/e2e/security.spec.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../client/app/routes';

const ROOT = resolve(__dirname, '../../..');
const MODULES = join(ROOT, 'client/modules');

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, ext);
    return path.endsWith(ext) ? [path] : [];
  });
}
const rel = (path: string) => relative(ROOT, path);
const source = (path: string) => readFileSync(path, 'utf8');

const SHOWS_HISTORY = /\bentity="[a-z_]+"|\bentity=\{|\bhistory=\{|<RecordHeader\b|<RecordHistoryButton\b/;
const ASKS_FIRST = /\birreversible: true\b|\bconfirm: \{|\bconfirmIrreversible\(|\bconfirmIrreversibleAsync\(|\bconfirmAction\(|\bconfirmAsync\(|<ConfirmButton\b|<ReasonDialog\b/;
const IRREVERSIBLE_MUTATION = /^mutation (\w+(?:Authorize|Close|Cancel|Emit|Stamp|Pay|Finish|Approve|Reject))\b/gm;

/** Path → page file of every form/detail entry, read from the modules' routes.ts (`detail('x', … import('./Page'))`). */
const PAGE_OF = new Map(
  filesUnder(MODULES, 'routes.ts').flatMap((routesFile) => {
    const text = source(routesFile);
    // The prefix is written inline or as a constant of the file.
    const arg = /defineModuleRoutes\(\s*'[^']+',\s*('[^']+'|\w+)/.exec(text)?.[1] ?? "''";
    const prefix = arg.startsWith("'") ? arg.slice(1, -1) : (new RegExp(`const ${arg} = '([^']+)'`).exec(text)?.[1] ?? '');
    return [...text.matchAll(/\b(?:detail|form)\(\s*'([^']+)'[\s\S]*?import\('([^']+)'\)/g)].map((m) => [prefix + m[1], resolve(routesFile, '..', `${m[2]}.tsx`)] as const);
  }),
);
const pageFileOf = (path: string): string | null => PAGE_OF.get(path) ?? null;

// Screens that do not show one saved record (a role's permission grid, a
// module's submodule list, a breakdown of a schedule): no audit trail to show.
const NOT_A_RECORD = new Set(['/system/rol/settings', '/system/sub-modules', '/system/maintenanceModule/breackdownService']);

// Found by the sweeps when they were written; each is to be moved to the shared
// mechanism, and an entry that no longer needs to be here fails the test.
// Both lists are empty now: every screen is swept.
const HISTORY_DEBT = new Set<string>([]);
const LIFECYCLE_DEBT = new Set<string>([]);

const recordRoutes = appRoutes.filter((r) => (r.kind === 'form' || r.kind === 'detail') && !NOT_A_RECORD.has(r.path));
const idDialogPages = filesUnder(MODULES, '.tsx').filter((f) => /useDialogParam\(\s*'id'/.test(source(f)));

describe('history sweep: every saved record shows Historial', () => {
  it('finds the page of every form and detail route', () => {
    expect(recordRoutes.length).toBeGreaterThan(15);
    for (const route of recordRoutes) expect(existsSync(pageFileOf(route.path) ?? ''), route.path).toBe(true);
  });

  it.each(recordRoutes.map((r) => [r.path]))('%s', (path) => {
    const file = pageFileOf(path)!;
    if (HISTORY_DEBT.has(rel(file))) return;
    expect(SHOWS_HISTORY.test(source(file)), `${rel(file)} does not show Historial`).toBe(true);
  });

  it.each(idDialogPages.map((f) => [rel(f)]))('record dialog opened with ?id= in %s', (file) => {
    if (HISTORY_DEBT.has(file)) return;
    expect(SHOWS_HISTORY.test(source(join(ROOT, file))), `${file} does not show Historial`).toBe(true);
  });

  it('the known debt is still debt (remove an entry once its screen is fixed)', () => {
    for (const file of HISTORY_DEBT) expect(SHOWS_HISTORY.test(source(join(ROOT, file))), file).toBe(false);
  });
});

const irreversibleMutations = filesUnder(MODULES, '.graphql').flatMap((f) => [...source(f).matchAll(IRREVERSIBLE_MUTATION)].map((m) => m[1]));
const bindings = filesUnder(join(ROOT, 'client'), '.tsx').flatMap((f) => {
  const text = source(f);
  return irreversibleMutations.filter((name) => new RegExp(`useMutation\\(${name}Document\\b`).test(text)).map((name) => ({ file: rel(f), name, text }));
});

describe('lifecycle sweep: every irreversible move asks first', () => {
  it('finds the irreversible mutations and where they are used', () => {
    expect(irreversibleMutations).toEqual(expect.arrayContaining(['SecPermitAuthorize', 'SecPermitClose', 'SecInspectionClose', 'InvoiceEmit', 'RhPayrollClose']));
    expect(bindings.length).toBeGreaterThan(20);
  });

  it.each(bindings.map((b) => [b.name, b.file]))('%s in %s', (_name, file) => {
    if (LIFECYCLE_DEBT.has(file)) return;
    const binding = bindings.find((b) => b.file === file)!;
    expect(ASKS_FIRST.test(binding.text), `${file} runs an irreversible move without the shared confirmation`).toBe(true);
  });

  it('the known debt is still debt (remove an entry once its screen is fixed)', () => {
    for (const file of LIFECYCLE_DEBT) expect(ASKS_FIRST.test(source(join(ROOT, file))), file).toBe(false);
  });
});
