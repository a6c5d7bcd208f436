// Caja (petty cash) tables: cash boxes, income/expense concepts, periods with
// their arqueo, and the movements of each period.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uploads, users } from '../../db/tables';

/** One row per physical cash box; "Caja general" is created by migration, the others in Caja › Períodos › Cajas. */
export const cashBoxes = pgTable(
  'cash_boxes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Where the box is kept and who answers for it (free text, optional). */
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('cash_boxes_name_uq').on(sql`lower(${t.name})`)],
);

export const cashConcepts = pgTable(
  'cash_concepts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    active: boolean('active').notNull().default(true),
    /** Set on the concepts other modules post under (e.g. a viático's advance): they stay active and keep their kind. */
    systemKey: text('system_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('cash_concepts_name_kind_uq').on(sql`lower(${t.name})`, t.kind),
    uniqueIndex('cash_concepts_system_key_uq').on(t.systemKey).where(sql`${t.systemKey} is not null`),
    check('cash_concepts_kind_ck', sql`${t.kind} in ('ingreso', 'egreso')`),
  ],
);

export const cashPeriods = pgTable(
  'cash_periods',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    cashBoxId: integer('cash_box_id').notNull().references(() => cashBoxes.id),
    status: text('status').notNull().default('abierto'),
    openedOn: date('opened_on').notNull(),
    openedBy: integer('opened_by').references(() => users.id),
    openingBalance: numeric('opening_balance', { precision: 18, scale: 2 }).notNull(),
    /** Running figures of the period, moved only with the period row locked. */
    income: numeric('income', { precision: 18, scale: 2 }).notNull().default('0'),
    expense: numeric('expense', { precision: 18, scale: 2 }).notNull().default('0'),
    balance: numeric('balance', { precision: 18, scale: 2 }).notNull(),
    notes: text('notes').notNull().default(''),
    closedOn: date('closed_on'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: integer('closed_by').references(() => users.id),
    /** Arqueo: [{ value, count }] per denomination. */
    countDetail: jsonb('count_detail'),
    countedTotal: numeric('counted_total', { precision: 18, scale: 2 }),
    difference: numeric('difference', { precision: 18, scale: 2 }),
    differenceReason: text('difference_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('cash_periods_folio_uq').on(t.folio),
    // At most one open period per cash box, enforced by the database itself.
    uniqueIndex('cash_periods_one_open_uq').on(t.cashBoxId).where(sql`${t.status} = 'abierto'`),
    index('cash_periods_box_idx').on(t.cashBoxId, t.id),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('cash_periods_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
    check('cash_periods_status_ck', sql`${t.status} in ('abierto', 'cerrado')`),
    check('cash_periods_balance_ck', sql`${t.balance} >= 0 and ${t.openingBalance} >= 0`),
  ],
);

export const cashMovements = pgTable(
  'cash_movements',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    periodId: integer('period_id').notNull().references(() => cashPeriods.id),
    cashBoxId: integer('cash_box_id').notNull().references(() => cashBoxes.id),
    date: date('date').notNull(),
    conceptId: integer('concept_id').notNull().references(() => cashConcepts.id),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference').notNull().default(''),
    status: text('status').notNull().default('vigente'),
    reversalOf: integer('reversal_of'),
    reversedBy: integer('reversed_by'),
    cancelReason: text('cancel_reason'),
    balanceAfter: numeric('balance_after', { precision: 18, scale: 2 }).notNull(),
    /** The receipt (an upload claimed by cashReceiptAttach). */
    receiptUploadId: uuid('receipt_upload_id').references(() => uploads.id),
    /** The document of another module the movement belongs to (e.g. 'viatico' and its id); it is cancelled from there, not from Caja. */
    sourceEntity: text('source_entity'),
    sourceId: integer('source_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_movements_folio_uq').on(t.folio),
    index('cash_movements_period_idx').on(t.periodId, t.id),
    index('cash_movements_source_idx').on(t.sourceEntity, t.sourceId).where(sql`${t.sourceEntity} is not null`),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('cash_movements_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
    check('cash_movements_kind_ck', sql`${t.kind} in ('ingreso', 'egreso')`),
    check('cash_movements_status_ck', sql`${t.status} in ('vigente', 'cancelado')`),
    check('cash_movements_amount_ck', sql`${t.amount} > 0`),
    check('cash_movements_balance_ck', sql`${t.balanceAfter} >= 0`),
  ],
);
