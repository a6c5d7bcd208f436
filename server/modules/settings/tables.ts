// Configuración tables: who signs in, their role, and what each role may do.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
