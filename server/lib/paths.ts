// Files the server reads at run time (SDL, migrations, fiscal tables, the
// persisted-operations list) are found from the repository root, so the same
// code works from server/*.ts (tsx) and bundled into dist/server/index.js.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'schema'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No se encontró la raíz del proyecto desde ${from}`);
  }
}

/** The repository root (the folder with package.json and schema/). */
export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

export const fromRoot = (...parts: string[]): string => path.join(REPO_ROOT, ...parts);
