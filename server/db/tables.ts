// Platform tables shared by every module: who signs in, their role and what
// each role may do (Configuración edits them; sessions and every module's
// audit and FKs read them), sessions, audit log, folios and settings.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const appModules = pgTable('app_modules', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default('file'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

export const submodules = pgTable(
  'submodules',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id').notNull().references(() => appModules.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    permissions: text('permissions').array().notNull().default(sql`ARRAY['ver','crear','editar','eliminar']::text[]`),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('submodules_module_key_uq').on(t.moduleId, t.key)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Compras: the highest purchase-order total this role may authorise; null = no limit. */
  purchaseOrderLimit: numeric('purchase_order_limit', { precision: 18, scale: 2 }),
  version: integer('version').notNull().default(1),
}, (t) => [uniqueIndex('roles_name_uq').on(sql`lower(${t.name})`)]);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    submoduleId: integer('submodule_id').notNull().references(() => submodules.id),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.submoduleId, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    roleId: integer('role_id').notNull().references(() => roles.id),
    active: boolean('active').notNull().default(true),
    forcedPasswordReset: boolean('forced_password_reset').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    // The users list sorts by name by default (id breaks ties for stable pages).
    index('users_name_idx').on(t.name, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /** The service account that made the change (userId is then null). */
    serviceAccountId: integer('service_account_id'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_user_idx').on(t.userId, t.at)],
);

/** Gapless folio counters: one row per document type (and serie); incremented inside the document's transaction. */
export const folioCounters = pgTable('folio_counters', {
  key: text('key').primaryKey(),
  lastValue: integer('last_value').notNull().default(0),
});

/** Small key/value settings kept in the database (e.g. the generated session-signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Files uploaded through POST /api/files. A row is born unattached (owner null);
 * the mutation that attaches it fills subject/owner, and downloads check the
 * caller's `ver` ability on `subject`. Unattached rows older than the grace
 * period are removed together with their bytes.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    storageKey: text('storage_key').notNull(),
    previewKey: text('preview_key'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    fileType: text('file_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Ability subject that guards downloads once attached, e.g. 'Compras-Gastos'. */
    subject: text('subject'),
    ownerEntity: text('owner_entity'),
    ownerId: text('owner_id'),
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerEntity, t.ownerId), index('uploads_unattached_idx').on(t.uploadedAt).where(sql`${t.attachedAt} is null`)],
);

/** Failed sign-ins (per account and per IP), shared by every server process on the database. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_at_idx').on(t.key, t.at)],
);

/**
 * Request counters of the per-token rate limit (integrators' service accounts):
 * one row per key and fixed window, shared by every server process of a
 * deployment, timed with the database clock.
 */
export const apiRateWindows = pgTable('api_rate_windows', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Exact row counts of large tables, kept by a statement-level trigger on
 * insert, delete and truncate (migration 0018), so an unfiltered list reads
 * its total from one row instead of counting every row on every page.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * API tokens for integrators: a name, the role whose abilities its requests get,
 * and the sha256 of the token (the token itself is shown once and never stored).
 */
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    roleId: integer('role_id').notNull().references(() => roles.id),
    tokenHash: text('token_hash').notNull(),
    /** First characters of the token, to recognise it on screen. */
    tokenPrefix: text('token_prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: integer('revoked_by').references(() => users.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('service_accounts_name_uq').on(sql`lower(${t.name})`), uniqueIndex('service_accounts_token_hash_uq').on(t.tokenHash)],
);

/**
 * Free-text notes people leave on a record (the Historial of every form):
 * the record is named as the audit log names it (entity + id).
 */
export const recordNotes = pgTable(
  'record_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    serviceAccountId: integer('service_account_id').references(() => serviceAccounts.id),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('record_notes_record_idx').on(t.entity, t.entityId, t.id)],
);

/**
 * Saved views of list screens, per person: a name and the list's query string
 * (search, filters, sort, page size) for one screen path.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    path: text('path').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_user_path_name_uq').on(t.userId, t.path, sql`lower(${t.name})`)],
);

/** The company's fiscal data (CFDI emisor, the header of every printed document). One row, id = 1; Ventas edits it, everyone reads it through server/lib/company.ts. */
export const companyProfile = pgTable(
  'company_profile',
  {
    id: integer('id').primaryKey(),
    rfc: text('rfc').notNull(),
    name: text('name').notNull(),
    regimenFiscal: text('regimen_fiscal').notNull(),
    postalCode: text('postal_code').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    invoiceSeries: text('invoice_series').array().notNull().default(sql`ARRAY['A']::text[]`),
    defaultSeries: text('default_series').notNull().default('A'),
    /** The IMSS registro patronal and its c_RiesgoPuesto class, for the CFDI de nómina (issue 27). Null = not captured: no receipt is stamped. */
    registroPatronal: text('registro_patronal'),
    riesgoPuesto: text('riesgo_puesto'),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('company_profile_single_ck', sql`${t.id} = 1`)],
);

/**
 * The company's CSD (Certificado de Sello Digital) for sealing every CFDI. One row, id = 1. The
 * certificate is public; the private key and its password are stored only encrypted
 * (AES-256-GCM, server/lib/cfdi/csd.ts encryptAtRest) and are never returned by the API.
 */
export const companyCsd = pgTable(
  'company_csd',
  {
    id: integer('id').primaryKey(),
    rfc: text('rfc').notNull(),
    holderName: text('holder_name').notNull(),
    noCertificado: text('no_certificado').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true, mode: 'date' }).notNull(),
    /** Base64 of the DER certificate (the CFDI's Certificado attribute). */
    certificate: text('certificate').notNull(),
    keyEncrypted: text('key_encrypted').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('company_csd_single_ck', sql`${t.id} = 1`)],
);

/**
 * What was sent to the PAC and what it answered, per idempotency key (server/lib/cfdi/pac.ts
 * PacStore): one document, one stamp. Unique on the key and on the Sello's digest; the sandbox
 * PAC keeps its own memory here too.
 */
export const cfdiStamps = pgTable(
  'cfdi_stamps',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    sealDigest: text('seal_digest').notNull(),
    status: text('status').notNull(),
    sentXml: text('sent_xml').notNull(),
    emisorRfc: text('emisor_rfc').notNull(),
    receptorRfc: text('receptor_rfc').notNull(),
    total: text('total').notNull(),
    uuid: text('uuid'),
    stamped: jsonb('stamped'),
    cancellation: jsonb('cancellation'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cfdi_stamps_seal_uq').on(t.sealDigest), uniqueIndex('cfdi_stamps_uuid_uq').on(t.uuid)],
);
