// Section b' of the bench (the permission layer's cost): the server booted as
// `npm start` boots it (server/main.ts's boot, the configuration read from the
// environment the bench gives every server process, NODE_ENV=production), in a
// process of its own, with graphql-shield's rules or, with
// BENCH_PERMISSIONS=off, every root field let through (the wrapper on each root
// field stays, so the two differ in the rules alone). A bench-only entry:
// `npm start` has no way to turn the permission layer off.
import { loadConfig } from '../server/config';
import { boot } from '../server/main';

const permissions = process.env.BENCH_PERMISSIONS !== 'off';
const app = await boot(loadConfig(), { permissions });
console.log(`Servidor con permisos ${permissions ? 'activos' : 'desactivados'} listo en ${app.url}`);
process.on('SIGTERM', () => {
  void app.stop().finally(() => process.exit(0));
});
