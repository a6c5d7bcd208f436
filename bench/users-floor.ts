// The floor of the users list (issues 12 and 24): the least a Node server can do
// to answer, on PostgreSQL, the request the Usuarios screen sends when it opens
// (bench/users-query.ts: `UserList` with Apollo Client's `__typename`s, page 1 of
// the screen's page size by name, no search, no filter). node:http and a pg Pool
// sized and configured as the server's, running the server's own statement (the
// page with the total on each row, as the same named prepared statement, rows as
// arrays, timestamps as text, as drizzle sends them) and writing the same
// JSON: the same page, the same fields in the same order. No GraphQL, no session,
// no permission check: what the real server spends above this is its own cost.
// Any POST gets the page; the body is read and ignored. A POST under /empty/ gets
// `{ __typename }`'s answer instead, at once: the cost of node:http alone, for
// bench/run.ts to subtract.
//
// Run by bench/run.ts in a child process (`node --import tsx bench/users-floor.ts`)
// with DATABASE_URL, PORT (0 = any free port), HOST and ERP_DB_POOL_MAX as the
// server reads it; prints "Piso listo en http://…" once it answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../server/config';
import type { RequestContext } from '../server/context';
import * as schema from '../server/db/schema';
import { listUsers } from '../server/modules/settings/service';
import { USERS_PAGE_SIZE, USERS_VARIABLES } from './users-query';

/** What settings/data.ts listUsers sends for the screen's first page by name, no search, no filter (checked at start-up). */
const PAGE = {
  text:
    'select "users"."id", "users"."email", "users"."name", "users"."role_id", "users"."active", ' +
    '"users"."forced_password_reset", "users"."last_sign_in_at", "users"."created_at", "users"."version", "roles"."name", ' +
    // The unfiltered total, kept by triggers in row_counts (migration 0018), on every row of the page.
    `(select "row_counts"."n" from "row_counts" where "row_counts"."table_name" = 'users') ` +
    // The first page at an offered size has its size written in (no parameter: planned once per connection).
    `from "users" inner join "roles" on "roles"."id" = "users"."role_id" order by "users"."name" asc, "users"."id" asc limit ${USERS_PAGE_SIZE}`,
  params: [] as unknown[],
  // listUsers prepares the unfiltered list's first page once per sort and page size (named statements).
  name: `users_name_asc_first_${USERS_PAGE_SIZE}`,
};
/** Positions in PAGE's select list. */
const COLUMN = { id: 0, email: 1, name: 2, roleId: 3, active: 4, forcedPasswordReset: 5, lastSignInAt: 6, createdAt: 7, version: 8, roleName: 9, total: 10 } as const;

/**
 * The statements the server's users resolver issues for the screen's variables
 * (settings/service.ts listUsers, which turns them into the data layer's
 * arguments), caught by drizzle's logger on a database with no connection (each
 * then fails, which is expected). The floor refuses to start when it is not
 * PAGE alone: it would measure other SQL.
 */
async function checkServerStatements(): Promise<void> {
  const issued: { text: string; params: unknown[] }[] = [];
  const mock = drizzle.mock({ schema, logger: { logQuery: (text, params) => issued.push({ text, params }) } });
  const ctx = { app: { database: { db: mock } } } as unknown as RequestContext;
  await listUsers(ctx, USERS_VARIABLES.list, USERS_VARIABLES.filter).catch(() => undefined);
  if (JSON.stringify(issued) !== JSON.stringify([PAGE].map(({ text, params }) => ({ text, params })))) {
    throw new Error(`El SQL de listUsers ya no es el de bench/users-floor.ts; actualízalo con:\n${JSON.stringify(issued, null, 2)}`);
  }
}

const config = loadConfig();
if (!config.databaseUrl) throw new Error('El piso de users necesita DATABASE_URL (PostgreSQL).');
await checkServerStatements();

// As server/db/database.ts opens its pool; drizzle then passes, per query, a
// type parser that leaves timestamps as text (the column maps them to Date).
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.dbPoolMax, options: '-c jit=off' });
pool.on('error', (err) => console.error(`PostgreSQL: conexión inactiva perdida (${err.message})`));
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

async function usersPage(): Promise<string> {
  const page = await pool.query<unknown[]>({ name: PAGE.name, text: PAGE.text, rowMode: 'array', types }, PAGE.params);
  // The fields in the order the screen's selection asks for them (UserFields, then __typename),
  // as the server's answer lists them.
  const items = page.rows.map((row) => {
    const lastSignInAt = row[COLUMN.lastSignInAt] as string | null;
    return {
      id: String(row[COLUMN.id]),
      name: row[COLUMN.name],
      email: row[COLUMN.email],
      role: { id: String(row[COLUMN.roleId]), name: row[COLUMN.roleName], __typename: 'Role' },
      active: row[COLUMN.active],
      forcedPasswordReset: row[COLUMN.forcedPasswordReset],
      lastSignInAt: lastSignInAt === null ? null : new Date(lastSignInAt).toISOString(),
      createdAt: new Date(row[COLUMN.createdAt] as string).toISOString(),
      version: row[COLUMN.version],
      __typename: 'User',
    };
  });
  // The server ends its JSON with a newline too: the two answers are compared byte for byte.
  return `${JSON.stringify({ data: { users: { items, total: Number(page.rows[0][COLUMN.total]), __typename: 'UserList' } } })}\n`;
}

// One answer before listening: a database that does not answer fails the start, not the load.
await usersPage();

/** What the server answers to `{ __typename }`: the floor's /empty/ sends it without touching the database. */
const EMPTY = '{"data":{"__typename":"Query"}}\n';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  if (req.url?.startsWith('/empty/')) {
    req.resume();
    req.once('end', () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(EMPTY) }).end(EMPTY));
    return;
  }
  req.resume();
  req.once('end', () => {
    usersPage().then(
      (body) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body),
      (err: unknown) => {
        const body = JSON.stringify({ errors: [{ message: err instanceof Error ? err.message : String(err) }] });
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      },
    );
  });
});

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});

server.listen(config.port, config.host, () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`Piso listo en http://${address}:${port}`);
});
