// PostGraphile 4 for the users-list comparison (issue 24): installed at run time with
// `npm install --prefix <scratch folder>` in $TMPDIR/erp-bench-postgraphile-v4, never as a
// dependency of the project, and kept there between runs (the bench's cleanup leaves this
// folder alone: it is a cache, not data). Run by bench/postgraphile-server.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { USERS_PAGE_SIZE } from './users-query';

export const POSTGRAPHILE_DIR = path.join(os.tmpdir(), 'erp-bench-postgraphile-v4');
const SPEC = 'postgraphile@4';

/**
 * The page the Usuarios screen asks for, as close as PostGraphile's generated schema allows:
 * the same page (first `USERS_PAGE_SIZE` by name, then id, offset 0), the same fields of the
 * user and its role and the same `__typename`s. `totalCount` is not selected (PostGraphile
 * then sends no count(*)), nor is pageInfo; every other difference is naming (`allUsers`,
 * `nodes`, `roleByRoleId`) and `id` being an Int.
 */
export const POSTGRAPHILE_USERS_QUERY = `query UserList($first: Int!, $offset: Int!) {
  allUsers(first: $first, offset: $offset, orderBy: [NAME_ASC, ID_ASC]) {
    nodes {
      id
      name
      email
      roleByRoleId {
        id
        name
        __typename
      }
      active
      forcedPasswordReset
      lastSignInAt
      createdAt
      version
      __typename
    }
    __typename
  }
}`;
export const POSTGRAPHILE_USERS_VARIABLES = { first: USERS_PAGE_SIZE, offset: 0 };

/** The installed version, when the scratch folder holds a PostGraphile 4. */
function installedVersion(): string | null {
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(POSTGRAPHILE_DIR, 'node_modules/postgraphile/package.json'), 'utf8')) as { version: string };
    return version.startsWith('4.') ? version : null;
  } catch {
    return null;
  }
}

export type PostgraphileInstall = { ok: true; version: string; installMs: number } | { ok: false; reason: string };

/** PostGraphile 4 in the scratch folder: installed there unless a previous run left it. Never throws. */
export async function ensurePostgraphile(step: (message: string) => void): Promise<PostgraphileInstall> {
  const cached = installedVersion();
  if (cached) return { ok: true, version: cached, installMs: 0 };
  step(`PostGraphile: npm install --prefix ${POSTGRAPHILE_DIR} ${SPEC} (carpeta temporal, no es dependencia del proyecto)`);
  const started = performance.now();
  try {
    fs.mkdirSync(POSTGRAPHILE_DIR, { recursive: true });
    // A package.json of its own, so npm does not walk up to another project's.
    const manifest = path.join(POSTGRAPHILE_DIR, 'package.json');
    if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, `${JSON.stringify({ name: 'erp-bench-postgraphile-v4', private: true }, null, 2)}\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    await new Promise<void>((resolve, reject) => {
      execFile(
        npm,
        ['install', '--prefix', POSTGRAPHILE_DIR, '--no-audit', '--no-fund', '--loglevel=error', SPEC],
        { cwd: POSTGRAPHILE_DIR, timeout: 300_000, maxBuffer: 16 * 2 ** 20 },
        (error, _stdout, stderr) => {
          if (!error) return resolve();
          // npm's first error lines say why (e.g. "npm error code ECONNREFUSED"); the rest is advice.
          const why = stderr.split('\n').map((l) => l.replace(/^npm (error|ERR!)\s*/, '').trim()).filter(Boolean).slice(0, 2);
          reject(new Error(why.length ? why.join(' / ') : error.message.split('\n')[0]));
        },
      );
    });
  } catch (error) {
    return { ok: false, reason: `npm install ${SPEC} falló (${error instanceof Error ? error.message : String(error)})` };
  }
  const version = installedVersion();
  return version ? { ok: true, version, installMs: performance.now() - started } : { ok: false, reason: `npm install ${SPEC} no dejó postgraphile 4 en ${POSTGRAPHILE_DIR}` };
}
