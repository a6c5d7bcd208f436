// `npm start` runs this first, so it works on a fresh clone without a separate
// build step and starts fast on every later run: each step runs only when its
// output is missing or older than its sources.
//   1. generated/ (graphql-codegen + the persisted-operations list),
//   2. the SPA in dist/client (vite build),
//   3. the server compiled to JavaScript, dist/server/index.js and the chunks
//      it loads on demand (esbuild; npm packages stay external and load from
//      node_modules),
//      so production does not compile TypeScript at every start,
//   4. SAT's cadena-original stylesheets compiled to SEF (server/lib/cfdi/xslt.ts; cached in
//      node_modules/.cache/erp-cfdi-sef), so the first invoice does not wait 10–30 s for it.
// `--force` rebuilds everything; `--server` skips the SPA (the API tests run
// the compiled server and need nothing else).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');
const serverOnly = process.argv.includes('--server');

export const SERVER_ENTRY = path.join(root, 'dist/server/index.js');

function newestMtime(target: string, accept: (file: string) => boolean = () => true): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return accept(target) ? stat.mtimeMs : 0;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), accept));
  }
  return newest;
}

const mtimeOf = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const stale = (output: string, sources: number): boolean => force || mtimeOf(output) === 0 || mtimeOf(output) < sources;

// 1. codegen: its inputs are the SDL, the client's .graphql documents and its own config.
// graphql-codegen leaves unchanged outputs untouched, so a stamp records when it last ran.
const codegenStamp = path.join(root, 'generated/.codegen-stamp');
const codegenSources = Math.max(
  newestMtime(path.join(root, 'schema'), (f) => f.endsWith('.graphql')),
  newestMtime(path.join(root, 'client'), (f) => f.endsWith('.graphql')),
  mtimeOf(path.join(root, 'codegen.ts')),
  mtimeOf(path.join(root, 'scripts/persisted-operations.ts')),
);
const moduleOutputs = fs
  .readdirSync(path.join(root, 'client/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && newestMtime(path.join(root, 'client/modules', entry.name), (f) => f.endsWith('.graphql')) > 0)
  .map((entry) => `generated/modules/${entry.name}/graphql.ts`);
const codegenOutputs = ['generated/server.ts', 'generated/app/graphql.ts', 'generated/components/graphql.ts', ...moduleOutputs, 'generated/persisted-operations.json'];
// Fresh outputs (npm ci's codegen on a new clone) count as a run too, so the first build does not repeat it.
const codegenRun = Math.max(mtimeOf(codegenStamp), Math.min(...codegenOutputs.map((f) => mtimeOf(path.join(root, f)))));
if (force || codegenRun < codegenSources || codegenOutputs.some((f) => !fs.existsSync(path.join(root, f)))) {
  console.log('Generando tipos y operaciones (npm run codegen)…');
  execSync('npm run codegen --silent', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(codegenStamp, `${new Date().toISOString()}\n`);
}

// 2. the SPA.
const clientSources = Math.max(...['client', 'generated', 'schema'].map((d) => newestMtime(path.join(root, d))));
if (!serverOnly && stale(path.join(root, 'dist/client/index.html'), clientSources)) {
  console.log('Compilando la interfaz (vite build)…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}

// 3. the server.
const serverSources = Math.max(
  ...['server', 'schema', 'generated'].map((d) => newestMtime(path.join(root, d), (f) => /\.(ts|js|json)$/.test(f))),
  mtimeOf(path.join(root, 'package.json')),
  mtimeOf(path.join(root, 'package-lock.json')),
  mtimeOf(path.join(root, 'scripts/ensure-build.ts')),
);
if (stale(SERVER_ENTRY, serverSources)) {
  console.log('Compilando el servidor (esbuild → dist/server/index.js)…');
  fs.rmSync(path.dirname(SERVER_ENTRY), { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server/index.ts')],
    outdir: path.dirname(SERVER_ENTRY),
    // Modules the server imports on first use (firebase) become chunks of their own, so the
    // packages they import load with them and not at start-up.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// 4. SAT's XSLTs for the cadena original, once (the cache is keyed by the XSLTs' hash); also with
// --server: the demo seed seals and stamps its invoices, so every test server needs them.
const { warmUpStylesheets, sefPath } = await import('../server/lib/cfdi/xslt');
if ((!fs.existsSync(sefPath('cfdi40')) || !fs.existsSync(sefPath('tfd11')))) {
  console.log('Compilando las hojas XSLT del SAT para la cadena original (xslt3 → SEF)…');
  await warmUpStylesheets();
}
