// `npm start`: serve the ERP and print where and how to sign in.
import { loadConfig } from './config';
import { DataDirLockedError } from './db/database';
import { forceExitAfter } from './lib/forcedExit';
import { boot } from './main';

const config = loadConfig();
try {
  const app = await boot(config);
  const lines = [
    '',
    `  ERP listo en ${app.url}   (base de datos: ${app.services.database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`,
    `  Administrador: ${config.adminEmail}`,
  ];
  if (app.seeded?.generatedPassword) {
    lines.push(`  Contraseña generada (se muestra UNA sola vez): ${app.seeded.generatedPassword}`);
    lines.push(`  Usuarios demo (misma contraseña): ${app.seeded.demoUsers.join(', ')}`);
  } else if (config.adminPassword) {
    lines.push('  Contraseña: la de ERP_ADMIN_PASSWORD');
  } else {
    lines.push('  Contraseña: la generada en el primer arranque');
  }
  console.log(lines.join('\n') + '\n');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.services.logger.info({ signal }, 'apagando');
    forceExitAfter(15_000);
    await app.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('No se pudo iniciar el servidor:', err);
  process.exit(1);
}
