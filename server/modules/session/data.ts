// Session rows and the audit read-back used by the dashboard.
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { appSettings, auditLog, recordNotes, savedViews, serviceAccounts, sessions } from '../../db/tables';
import { roles, users } from '../../db/tables';
import type { AuditReference } from '../../lib/contributions';
import { labelOf, named, type PartsOf, type ReferenceParts } from '../../lib/references';

export type SessionAuthRow = {
  sessionId: string;
  userId: number;
  email: string;
  name: string;
  forcedPasswordReset: boolean;
  roleId: number;
  roleName: string;
  roleVersion: number;
};

/** The per-request identity query (remembered a few seconds by app.identity): a live session of an active user, with the role version for the rules cache. */
function liveSessionQuery(ex: Executor) {
  return ex
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      name: users.name,
      forcedPasswordReset: users.forcedPasswordReset,
      roleId: roles.id,
      roleName: roles.name,
      roleVersion: roles.version,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    )
    .prepare('erp_live_session');
}

// Every request runs it: built once per database (drizzle's query building cost more CPU than the
// query itself) and, on PostgreSQL, a named prepared statement on each connection.
const liveSessionQueries = new WeakMap<Executor, ReturnType<typeof liveSessionQuery>>();

export async function findLiveSession(ex: Executor, sessionId: string, userId: number): Promise<SessionAuthRow | null> {
  let query = liveSessionQueries.get(ex);
  if (!query) {
    query = liveSessionQuery(ex);
    liveSessionQueries.set(ex, query);
  }
  const rows = await query.execute({ sessionId, userId });
  return rows[0] ?? null;
}

export async function insertSession(ex: Executor, values: { id: string; userId: number; expiresAt: Date; ip: string | null }): Promise<void> {
  await ex.insert(sessions).values(values);
}

export async function revokeSession(ex: Executor, id: string): Promise<void> {
  await ex.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

// ---- audited records' folio or name (each module declares its entities' parts and labels) ----

/** Every module's audited entities, as the registry collects them (passed in: the data layer does not read the registry). */
export type References = Readonly<Record<string, AuditReference>>;

/** The parts of Historial's own records (declared in ./contributions). */
export const referenceParts = {
  // A note names the record it was left on, and starts with its text.
  record_note: (id: SQL) => sql`(select json_build_object('name', left(x.body, 60)) from record_notes x where x.id = ${id})`,
  saved_view: named('saved_views'),
} satisfies Record<string, PartsOf>;

/** The record's numeric id, or null for ids that are not one ("demo", a session uuid, "import"). */
const recordId = sql`(case when ${auditLog.entityId} ~ '^[0-9]{1,15}$' then ${auditLog.entityId}::bigint end)`;

/** The parts of the audited record, one column of the audit select: a json object, or null (no such entity, or deleted since). */
const auditReferenceParts = (references: References): SQL<ReferenceParts | null> =>
  sql`(case ${auditLog.entity} ${sql.join(
    Object.entries(references).map(([entity, r]) => sql`when ${entity} then ${r.parts(recordId)}`),
    sql` `,
  )} end)`;

/** An audit entry as read back, with the name of who made it. */
const auditColumnsOf = (references: References) => ({
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  userName: users.name,
  serviceAccountId: auditLog.serviceAccountId,
  serviceAccountName: serviceAccounts.name,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
  referenceParts: auditReferenceParts(references),
});

// Built once per set of references (the registry's never changes): some 70 subqueries.
const auditColumnsCache = new WeakMap<References, ReturnType<typeof auditColumnsOf>>();
function auditColumns(references: References) {
  let columns = auditColumnsCache.get(references);
  if (!columns) {
    columns = auditColumnsOf(references);
    auditColumnsCache.set(references, columns);
  }
  return columns;
}

/** Entries as the API sends them: the record's folio or name instead of the parts the SQL read. */
const withReferences = <T extends { entity: string; referenceParts: ReferenceParts | null }>(references: References, rows: T[]) =>
  rows.map(({ referenceParts, ...row }) => ({ ...row, reference: labelOf(references[row.entity]?.label, referenceParts) }));

export async function recentAuditOfUser(ex: Executor, references: References, userId: number, limit: number) {
  const rows = await ex
    .select(auditColumns(references))
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(serviceAccounts, eq(serviceAccounts.id, auditLog.serviceAccountId))
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return withReferences(references, rows);
}

export async function getSetting(ex: Executor, key: string): Promise<string | null> {
  const rows = await ex.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return rows[0]?.value ?? null;
}

/** Insert once; concurrent first starts agree on the first value written. */
export async function ensureSetting(ex: Executor, key: string, value: string): Promise<string> {
  await ex.insert(appSettings).values({ key, value }).onConflictDoNothing();
  return (await getSetting(ex, key)) ?? value;
}

export async function listAudit(
  ex: Executor,
  references: References,
  q: { limit: number; offset: number },
  filter: { entity?: string | null; entityId?: string | null; userId?: number | null },
) {
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
  );
  const [items, totals] = await Promise.all([
    ex
      .select(auditColumns(references))
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(serviceAccounts, eq(serviceAccounts.id, auditLog.serviceAccountId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
    ex.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { items: withReferences(references, items), total: Number(totals[0].n) };
}

// ---- Historial of one record: its audit entries and people's notes ----

/** The record's folio or name parts, or null when no record of that entity has this id (never existed, or deleted). */
export async function recordReferenceParts(ex: Executor, parts: PartsOf | undefined, id: number): Promise<ReferenceParts | null> {
  if (!parts) return null;
  const rows = await queryRows<{ parts: ReferenceParts | null }>(ex, sql`select ${parts(sql`${id}::bigint`)} as parts`);
  return rows[0]?.parts ?? null;
}

/** The record's audit entries, newest first (at most `limit`), with who made each. */
export function recordAuditEntries(ex: Executor, entity: string, entityId: string, limit: number) {
  return ex
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userName: users.name,
      serviceAccountName: serviceAccounts.name,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(serviceAccounts, eq(serviceAccounts.id, auditLog.serviceAccountId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

const noteColumns = {
  id: recordNotes.id,
  at: recordNotes.at,
  userName: users.name,
  serviceAccountName: serviceAccounts.name,
  body: recordNotes.body,
};

export function recordNotesOf(ex: Executor, entity: string, entityId: string, limit: number) {
  return ex
    .select(noteColumns)
    .from(recordNotes)
    .leftJoin(users, eq(users.id, recordNotes.userId))
    .leftJoin(serviceAccounts, eq(serviceAccounts.id, recordNotes.serviceAccountId))
    .where(and(eq(recordNotes.entity, entity), eq(recordNotes.entityId, entityId)))
    .orderBy(desc(recordNotes.id))
    .limit(limit);
}

export async function insertRecordNote(ex: Executor, v: { entity: string; entityId: string; userId: number | null; serviceAccountId: number | null; body: string }) {
  const [row] = await ex.insert(recordNotes).values(v).returning({ id: recordNotes.id });
  const [note] = await ex
    .select(noteColumns)
    .from(recordNotes)
    .leftJoin(users, eq(users.id, recordNotes.userId))
    .leftJoin(serviceAccounts, eq(serviceAccounts.id, recordNotes.serviceAccountId))
    .where(eq(recordNotes.id, row.id));
  return note;
}

// ---- Saved views of list screens (per person) ----

const viewColumns = { id: savedViews.id, path: savedViews.path, name: savedViews.name, query: savedViews.query, updatedAt: savedViews.updatedAt };

export function savedViewsOf(ex: Executor, userId: number, path: string) {
  return ex.select(viewColumns).from(savedViews).where(and(eq(savedViews.userId, userId), eq(savedViews.path, path))).orderBy(sql`lower(${savedViews.name})`);
}

/** Saves a view under its name, replacing the user's view of the same name on that screen. */
export async function upsertSavedView(ex: Executor, v: { userId: number; path: string; name: string; query: string }) {
  const rows = await queryRows<{ id: number; path: string; name: string; query: string; updatedAt: Date }>(
    ex,
    sql`insert into saved_views (user_id, path, name, query) values (${v.userId}, ${v.path}, ${v.name}, ${v.query})
        on conflict (user_id, path, lower(name)) do update set name = excluded.name, query = excluded.query, updated_at = now()
        returning id, path, name, query, updated_at as "updatedAt"`,
  );
  return rows[0];
}

export async function deleteSavedView(ex: Executor, userId: number, id: number) {
  const rows = await ex.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.userId, userId))).returning(viewColumns);
  return rows[0] ?? null;
}
