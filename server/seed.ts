// `npm run seed`: load the demo company into the configured database.
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { seed, seedModuleBase } from './db/seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await database.withStartupLock(async () => {
    await seedModuleBase(database.db);
    return seed(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, config });
  });
  if (result.createdAdmin) {
    console.log(`Empresa demo cargada. Administrador: ${config.adminEmail}`);
    if (result.generatedPassword) console.log(`Contraseña generada (se muestra UNA sola vez): ${result.generatedPassword}`);
    console.log(`Usuarios demo: ${result.demoUsers.join(', ')}`);
  } else {
    console.log('Catálogo y roles actualizados; los usuarios ya existían.');
  }
} finally {
  await database.close();
}
