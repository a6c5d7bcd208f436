// The server the e2e suite drives: built SPA + API on a fresh PGlite folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { boot } from '../../server/main';
import { E2E_PASSWORD } from './fixtures';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-'));
process.env.ERP_DATA_DIR = dataDir;
process.env.ERP_ADMIN_PASSWORD = E2E_PASSWORD;
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = 'warn';
process.env.ERP_LOGIN_MAX_ATTEMPTS_PER_IP = '100000';
const app = await boot(loadConfig());
console.log(`e2e server ${app.url} on ${dataDir}`);
const stop = async () => {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
