// The server the e2e suite drives: what `npm start` runs (the compiled server in
// production mode, tests/serverProcess.ts) with the built SPA, on a fresh
// PGlite folder that is removed when Playwright stops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, spawnProductionServer } from '../serverProcess';
import { E2E_PASSWORD } from './fixtures';

buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-'));
const { child, url } = await spawnProductionServer(
  {
    PORT: process.env.PORT ?? '4173',
    HOST: '127.0.0.1',
    ERP_DATA_DIR: dataDir,
    ERP_ADMIN_PASSWORD: E2E_PASSWORD,
    LOG_LEVEL: 'warn',
    ERP_LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    ERP_SAT_STATUS_URL: 'off',
  },
  { stdio: 'inherit' },
);
console.log(`e2e server ${url} on ${dataDir}`);
const stop = () => {
  child.once('exit', (code) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
