// Build the SPA when dist/client is missing or older than its sources, so
// `npm start` works on a fresh clone without a separate build step.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const indexFile = path.join(root, 'dist/client/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(...['client', 'generated', 'schema'].map((d) => newestMtime(path.join(root, d))));
if (!fs.existsSync(indexFile) || fs.statSync(indexFile).mtimeMs < sources || process.argv.includes('--force')) {
  console.log('Compilando la interfaz (vite build)…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
