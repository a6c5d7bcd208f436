// PostGraphile 4 over the bench's database, for the users-list comparison of issue 24: its
// own process, its GraphQL at /api/graphql, a pg Pool of the server's size and options
// (ERP_DB_POOL_MAX, default 20; jit=off), the schema `public` where the users table lives,
// production settings (no GraphiQL, no query log, no watch, no JWT, no RBAC filtering: it
// connects as the bench's superuser and checks no session or permission).
//
// PostGraphile is no dependency of the project: bench/postgraphile.ts installs it in a scratch
// folder under os.tmpdir() and runs this file (`node --import tsx bench/postgraphile-server.ts`)
// with POSTGRAPHILE_DIR (that folder), DATABASE_URL, PORT (0 = any free port), HOST and
// ERP_DB_POOL_MAX; it loads `postgraphile` and `pg` from that folder and prints
// "PostGraphile listo en http://…" once its schema is built.
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

type Middleware = http.RequestListener & { getGraphQLSchema(): Promise<unknown>; release(): Promise<void> };
type PostGraphile = { postgraphile(pool: unknown, schema: string, options: Record<string, unknown>): Middleware };
type PgPool = { end(): Promise<void>; on(event: 'error', listener: (err: Error) => void): void };
type Pg = { Pool: new (options: Record<string, unknown>) => PgPool };

const dir = process.env.POSTGRAPHILE_DIR;
const databaseUrl = process.env.DATABASE_URL;
if (!dir || !databaseUrl) throw new Error('bench/postgraphile-server.ts necesita POSTGRAPHILE_DIR y DATABASE_URL');
const requireFromScratch = createRequire(path.join(dir, 'package.json'));
const { postgraphile } = requireFromScratch('postgraphile') as PostGraphile;
const pg = requireFromScratch('pg') as Pg;

// As server/db/database.ts opens its pool.
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.ERP_DB_POOL_MAX || 20), options: '-c jit=off' });
pool.on('error', (err) => console.error(`PostgreSQL: conexión inactiva perdida (${err.message})`));

const middleware = postgraphile(pool, 'public', {
  graphqlRoute: '/api/graphql',
  graphiql: false,
  disableQueryLog: true,
  watchPg: false,
  enableQueryBatching: false,
  retryOnInitFail: false,
  dynamicJson: true,
  setofFunctionsContainNulls: false,
  extendedErrors: [],
  showErrorStack: false,
});
// Introspection of the whole schema happens here, before the address is printed.
await middleware.getGraphQLSchema();

const server = http.createServer(middleware);
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void middleware
    .release()
    .catch(() => undefined)
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`PostGraphile listo en http://${address}:${port}`);
});
