// The test servers run what `npm start` runs (issue 24): production mode, the
// same configuration function, and nothing but an allow-list of variables that
// `npm start` reads too. A harness that drifts from production fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HARNESS_ENV_ALLOWED, productionServerEnv, ROOT } from '../../serverProcess';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(rel) : /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('test server environment', () => {
  it('is production whatever the runner set, without the runner’s own variables', () => {
    const env = productionServerEnv(
      { PORT: '0', ERP_DATA_DIR: '/tmp/x' },
      { NODE_ENV: 'test', VITEST: 'true', VITEST_POOL_ID: '1', TEST_DATABASE_URL: 'postgres://x', ERP_TEST_DB: 'postgres', PATH: '/usr/bin', DATABASE_URL: 'postgres://from-shell' },
    );
    expect(env).toEqual({ PATH: '/usr/bin', PORT: '0', ERP_DATA_DIR: '/tmp/x', NODE_ENV: 'production' });
  });

  it('refuses a setting npm start does not read', () => {
    expect(() => productionServerEnv({ NODE_ENV: 'test' })).toThrow(/NODE_ENV/);
    expect(() => productionServerEnv({ ERP_SECRET_TEST_MODE: '1' })).toThrow(/ERP_SECRET_TEST_MODE/);
  });

  it('allows only variables the server reads and the README documents', () => {
    const table = read('README.md').split('\n').filter((line) => line.startsWith('| `')).join('\n');
    const serverSources = filesUnder('server').map(read).join('\n');
    for (const key of HARNESS_ENV_ALLOWED) {
      expect(table, `${key} in the README's configuration table`).toContain(`\`${key}\``);
      expect(serverSources, `${key} read by the server`).toMatch(new RegExp(`'${key}'|process\\.env\\.${key}\\b`));
    }
  });

  it('every suite starts its servers through tests/serverProcess.ts', () => {
    const suites = [...filesUnder('tests/api'), ...filesUnder('tests/firebase'), ...filesUnder('tests/e2e')];
    for (const file of suites) {
      const text = read(file);
      // No suite sets the mode, spawns the server by hand with its own environment, or boots it in-process.
      expect(text, file).not.toMatch(/NODE_ENV/);
      expect(text, file).not.toMatch(/from '\.\.\/\.\.\/server\/main'/);
      if (/spawn\(process\.execPath, SERVER_ARGS/.test(text)) expect(text, file).toMatch(/env: productionServerEnv\(/);
    }
    expect(read('tests/e2e/server.ts')).toMatch(/spawnProductionServer\(/);
    expect(read('playwright.config.ts')).toMatch(/command: 'node --import tsx tests\/e2e\/server\.ts'/);
    expect(read('tests/api/harness.ts')).toMatch(/spawnProductionServer\(/);
    // npm start is the same binary in the same mode.
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain('NODE_ENV=production node --enable-source-maps dist/server/index.js');
  });
});
