// Start-up shared by `npm start` and the tests: open the database (migrations
// run there), make sure the demo company exists, serve on one port.
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { seed, seedModuleBase } from './db/seed';
import { createLogger } from './lib/logger';
import { createServices, type AppServices } from './services';
import { createTokenSigner } from './auth/tokens';
import { ensureSetting } from './modules/session/data';
import { startApp, type RunningApp } from './app';

export async function boot(config: Config = loadConfig(), opts: { permissions?: boolean } = {}) {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
  // Under the start-up lock, of N processes started together on a fresh
  // database exactly one creates the admin (and prints its generated password);
  // the others find the company seeded and the signing secret stored.
  const { seeded, secret } = await database.withStartupLock(async () => ({
    base: await seedModuleBase(database.db),
    seeded: config.seedDemoData ? await seed(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, config }) : null,
    secret: config.sessionSecret ?? (await ensureSetting(database.db, 'session_secret', randomBytes(32).toString('hex'))),
  }));
  let services: AppServices;
  let running: RunningApp;
  try {
    services = await createServices({ config, logger, database, tokens: createTokenSigner(secret) });
  } catch (err) {
    await database.close();
    throw err;
  }
  try {
    running = await startApp(services, opts);
  } catch (err) {
    await services.events.close();
    await database.close();
    throw err;
  }
  return {
    services,
    seeded,
    url: running.url,
    stop: async () => {
      await running.stop();
      await new Promise<void>((resolve) => running.httpServer.close(() => resolve()));
      await services.events.close();
      await database.close();
    },
  };
}
