// Session rows and the audit read-back used by the dashboard.
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { appSettings, auditLog, recordNotes, savedViews, serviceAccounts, sessions } from '../../db/tables';
import { roles, users } from '../../db/tables';
import { auditReference, type ReferencedEntity, type ReferenceParts } from './auditReferences';

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

export async function revokeUserSessions(ex: Executor, userId: number, exceptSessionId?: string): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined));
}

// ---- audited records' folio or name (labels in ./auditReferences) ----

/** The parts of one entity's record, as a json object, for the record whose numeric id is `id`. */
type PartsOf = (id: SQL) => SQL;

const named = (table: string): PartsOf => (id) => sql`(select json_build_object('name', x.name) from ${sql.raw(table)} x where x.id = ${id})`;
/** A document with a folio and its counterpart's name (`from` aliases the document x and the counterpart n). */
const document = (from: string): PartsOf => (id) => sql`(select json_build_object('folio', x.folio, 'name', n.name) from ${sql.raw(from)} where x.id = ${id})`;

const REFERENCE_PARTS: Readonly<Record<ReferencedEntity, PartsOf>> = {
  // Configuración
  user: named('users'),
  role: named('roles'),
  module: named('app_modules'),
  submodule: named('submodules'),
  service_account: named('service_accounts'),
  // Compras
  supplier: named('suppliers'),
  company_account: named('company_accounts'),
  account_entry: (id) => sql`(select json_build_object('name', x.reference) from account_entries x where x.id = ${id})`,
  account_transfer: (id) => sql`(select json_build_object('folio', ${id}, 'name', min(x.reference)) from account_entries x where x.source_entity = 'account_transfer' and x.source_id = ${id}::text)`,
  expense: document('expenses x join suppliers n on n.id = x.supplier_id'),
  supplier_payment: document('supplier_payments x join suppliers n on n.id = x.supplier_id'),
  payment_request: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.description) from payment_requests x where x.id = ${id})`,
  // Ventas
  client: named('clients'),
  company_profile: named('company_profile'),
  quote: document('quotes x join clients n on n.id = x.client_id'),
  contract: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.name) from contracts x where x.id = ${id})`,
  service_order: document('service_orders x join clients n on n.id = x.client_id'),
  order_delivery: (id) => sql`(select json_build_object('folio', o.folio, 'name', x.received_by) from order_deliveries x join service_orders o on o.id = x.order_id where x.id = ${id})`,
  generator: document('generators x join clients n on n.id = x.client_id'),
  invoice: (id) => sql`(select json_build_object('serie', x.serie, 'folio', x.folio, 'name', n.name) from invoices x join clients n on n.id = x.client_id where x.id = ${id})`,
  client_payment: document('client_payments x join clients n on n.id = x.client_id'),
  other_income: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.concept) from other_incomes x where x.id = ${id})`,
  // Almacén
  warehouse: named('wh_warehouses'),
  product_line: named('wh_product_lines'),
  stock_concept: named('wh_concepts'),
  article: (id) => sql`(select json_build_object('serie', x.sku, 'name', x.name) from wh_articles x where x.id = ${id})`,
  stock_movement: (id) => sql`(select json_build_object('serie', x.series, 'folio', x.folio) from wh_movements x where x.id = ${id})`,
  requisition: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.area) from wh_requisitions x where x.id = ${id})`,
  pdm_request: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.supplier) from wh_pdm_requests x where x.id = ${id})`,
  inventory_count: (id) => sql`(select json_build_object('folio', x.folio, 'name', w.name) from wh_counts x join wh_warehouses w on w.id = x.warehouse_id where x.id = ${id})`,
  // Caja
  cash_concept: named('cash_concepts'),
  cash_period: (id) => sql`(select json_build_object('folio', x.folio, 'name', b.name) from cash_periods x join cash_boxes b on b.id = x.cash_box_id where x.id = ${id})`,
  cash_movement: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.description) from cash_movements x where x.id = ${id})`,
  // Recursos Humanos
  rh_fiscal_year: (id) => sql`(select json_build_object('folio', x.year) from rh_fiscal_years x where x.year = ${id})`,
  rh_area: named('rh_areas'),
  rh_position: named('rh_positions'),
  rh_workplace: (id) => sql`(select json_build_object('name', x.code) from rh_workplaces x where x.id = ${id})`,
  rh_document_type: named('rh_document_types'),
  rh_concept: (id) => sql`(select json_build_object('name', x.code || ' ' || x.name) from rh_concepts x where x.id = ${id})`,
  rh_employee: (id) => sql`(select json_build_object('name', x.number || ' · ' || x.last_name || ' ' || x.second_last_name || ' ' || x.names) from rh_employees x where x.id = ${id})`,
  rh_agreement: (id) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from rh_agreements x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
  rh_payroll: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.period_start::text || ' a ' || x.period_end::text) from rh_payrolls x where x.id = ${id})`,
  // Historial: a note names the record it was left on, and starts with its text.
  record_note: (id) => sql`(select json_build_object('name', left(x.body, 60)) from record_notes x where x.id = ${id})`,
  saved_view: named('saved_views'),
  // Parque Vehicular
  vehicle: (id) => sql`(select json_build_object('name', x.economic_number || case when x.plate <> '' then ' · ' || x.plate else '' end) from vp_vehicles x where x.id = ${id})`,
  vehicle_odometer: (id) => sql`(select json_build_object('name', v.economic_number || ' · ' || x.km || ' km') from vp_odometer_readings x join vp_vehicles v on v.id = x.vehicle_id where x.id = ${id})`,
  vp_group: named('vp_groups'),
  vp_location: named('vp_locations'),
  vp_document_type: named('vp_document_types'),
  // Mantenimiento
  mt_failure_report: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.title) from mt_failure_reports x where x.id = ${id})`,
  // Seguridad
  sec_inspection_type: named('sec_inspection_types'),
  sec_schedule: (id) => sql`(select json_build_object('name', t.name || ' · ' || x.area || ' · ' || x.due_on::text) from sec_schedules x join sec_inspection_types t on t.id = x.type_id where x.id = ${id})`,
  sec_inspection: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.type_name || ' · ' || x.area) from sec_inspections x where x.id = ${id})`,
  sec_permit: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.area) from sec_permits x where x.id = ${id})`,
  sec_tool: (id) => sql`(select json_build_object('name', x.code || ' · ' || x.name) from sec_tools x where x.id = ${id})`,
  sec_delivery: (id) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from sec_deliveries x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
  // Mantenimiento (catálogo, programación, órdenes)
  mt_service: named('mt_services'),
  mt_settings: () => sql`(select json_build_object('name', 'Margen de próximo'))`,
  mt_schedule: (id) => sql`(select json_build_object('name', v.economic_number || ' · ' || s.name) from mt_schedules x join vp_vehicles v on v.id = x.vehicle_id join mt_services s on s.id = x.service_id where x.id = ${id})`,
  mt_order: (id) => sql`(select json_build_object('folio', x.folio, 'name', v.economic_number) from mt_orders x join vp_vehicles v on v.id = x.vehicle_id where x.id = ${id})`,
};

/** The record's numeric id, or null for ids that are not one ("demo", a session uuid, "import"). */
const recordId = sql`(case when ${auditLog.entityId} ~ '^[0-9]{1,15}$' then ${auditLog.entityId}::bigint end)`;

/** The parts of the audited record, one column of the audit select: a json object, or null (no such entity, or deleted since). */
const auditReferenceParts: SQL<ReferenceParts | null> = sql`(case ${auditLog.entity} ${sql.join(
  Object.entries(REFERENCE_PARTS).map(([entity, parts]) => sql`when ${entity} then ${parts(recordId)}`),
  sql` `,
)} end)`;

/** An audit entry as read back, with the name of who made it. */
const auditColumns = {
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
  referenceParts: auditReferenceParts,
};

/** Entries as the API sends them: the record's folio or name instead of the parts the SQL read. */
const withReferences = <T extends { entity: string; referenceParts: ReferenceParts | null }>(rows: T[]) =>
  rows.map(({ referenceParts, ...row }) => ({ ...row, reference: auditReference(row.entity, referenceParts) }));

export async function recentAuditOfUser(ex: Executor, userId: number, limit: number) {
  const rows = await ex
    .select(auditColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(serviceAccounts, eq(serviceAccounts.id, auditLog.serviceAccountId))
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return withReferences(rows);
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
      .select(auditColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(serviceAccounts, eq(serviceAccounts.id, auditLog.serviceAccountId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
    ex.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { items: withReferences(items), total: Number(totals[0].n) };
}

// ---- Historial of one record: its audit entries and people's notes ----

/** The record's folio or name parts, or null when no record of that entity has this id (never existed, or deleted). */
export async function recordReferenceParts(ex: Executor, entity: string, id: number): Promise<ReferenceParts | null> {
  const parts = (REFERENCE_PARTS as Readonly<Record<string, PartsOf | undefined>>)[entity];
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
