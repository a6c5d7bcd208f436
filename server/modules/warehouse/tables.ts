// Almacén tables. Stock is one row per warehouse × article (quantity, value
// and moving-average cost) that every posting locks before changing; the
// ledger keeps one row per stock effect with the balance after it, which is
// what the kardex reads. Quantities numeric(18,4), costs numeric(18,6),
// amounts numeric(18,2): never binary floats.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/tables';

const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const cost = (name: string) => numeric(name, { precision: 18, scale: 6 });
const amount = (name: string) => numeric(name, { precision: 18, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const warehouses = pgTable(
  'wh_warehouses',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    responsible: text('responsible').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('wh_warehouses_code_uq').on(sql`lower(${t.code})`)],
);

export const productLines = pgTable(
  'wh_product_lines',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('wh_product_lines_code_uq').on(sql`lower(${t.code})`)],
);

export const articles = pgTable(
  'wh_articles',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    lineId: integer('line_id').notNull().references(() => productLines.id),
    unit: text('unit').notNull(),
    minStock: qty('min_stock').notNull().default('0'),
    maxStock: qty('max_stock').notNull().default('0'),
    reorderPoint: qty('reorder_point').notNull().default('0'),
    barcode: text('barcode').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('wh_articles_sku_uq').on(sql`lower(${t.sku})`),
    index('wh_articles_line_idx').on(t.lineId),
    index('wh_articles_name_idx').on(t.name),
    // The Existencias list opens sorted by SKU: read in this order, a page stops after its 50 rows.
    index('wh_articles_sku_idx').on(t.sku),
  ],
);

export const stockConcepts = pgTable(
  'wh_concepts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** IN or OUT for AJUSTE; derived for the other kinds (TRANSFER for TRASPASO). */
    direction: text('direction').notNull(),
    affectsCost: boolean('affects_cost').notNull().default(false),
    /** Concepts the module itself posts with (requisitions, counts); kind and code are fixed. */
    systemKey: text('system_key'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('wh_concepts_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('wh_concepts_system_uq').on(t.systemKey),
    check('wh_concepts_kind_ck', sql`${t.kind} in ('ENTRADA','SALIDA','TRASPASO','AJUSTE')`),
    check('wh_concepts_direction_ck', sql`${t.direction} in ('IN','OUT','TRANSFER')`),
  ],
);

export const stockLevels = pgTable(
  'wh_stock',
  {
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    articleId: integer('article_id').notNull().references(() => articles.id),
    quantity: qty('quantity').notNull().default('0'),
    value: amount('value').notNull().default('0'),
    avgCost: cost('avg_cost').notNull().default('0'),
    /** Latest movement date on this row: postings may not be dated before it (the kardex stays chronological). */
    lastMovementDate: date('last_movement_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.articleId] }),
    index('wh_stock_article_idx').on(t.articleId),
    // The last line of defence: whatever the service does, stock never goes below zero.
    check('wh_stock_quantity_ck', sql`${t.quantity} >= 0`),
    check('wh_stock_value_ck', sql`${t.value} >= 0`),
  ],
);

export const stockMovements = pgTable(
  'wh_movements',
  {
    id: serial('id').primaryKey(),
    /** One gapless series per concept kind: E, S, T, A. */
    series: text('series').notNull(),
    folio: integer('folio').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    conceptId: integer('concept_id').notNull().references(() => stockConcepts.id),
    kind: text('kind').notNull(),
    /** IN, OUT or TRANSFER as applied (a reversal flips its concept's direction). */
    direction: text('direction').notNull(),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    targetWarehouseId: integer('target_warehouse_id').references(() => warehouses.id),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('APLICADO'),
    /** Set on a reversal: the movement it cancels. */
    reversesId: integer('reverses_id'),
    /** Set on a cancelled movement: its reversal. */
    reversedById: integer('reversed_by_id'),
    /** Where the movement came from: REQUISICION, INVENTARIO or null (captured). */
    sourceType: text('source_type'),
    sourceId: integer('source_id'),
    totalAmount: amount('total_amount').notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wh_movements_folio_uq').on(t.series, t.folio),
    index('wh_movements_date_idx').on(t.date, t.id),
    index('wh_movements_source_idx').on(t.sourceType, t.sourceId),
    check('wh_movements_status_ck', sql`${t.status} in ('APLICADO','CANCELADO')`),
  ],
);

export const stockMovementLines = pgTable(
  'wh_movement_lines',
  {
    movementId: integer('movement_id').notNull().references(() => stockMovements.id),
    lineNo: integer('line_no').notNull(),
    articleId: integer('article_id').notNull().references(() => articles.id),
    quantity: qty('quantity').notNull(),
    unitCost: cost('unit_cost').notNull(),
    amount: amount('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.movementId, t.lineNo] }), index('wh_movement_lines_article_idx').on(t.articleId)],
);

/** One row per stock effect (a traspaso line makes two), with the balance it left. */
export const stockLedger = pgTable(
  'wh_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    movementId: integer('movement_id').notNull().references(() => stockMovements.id),
    lineNo: integer('line_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    articleId: integer('article_id').notNull(),
    inQty: qty('in_qty').notNull().default('0'),
    outQty: qty('out_qty').notNull().default('0'),
    unitCost: cost('unit_cost').notNull(),
    amount: amount('amount').notNull(),
    balanceQty: qty('balance_qty').notNull(),
    balanceValue: amount('balance_value').notNull(),
    balanceAvgCost: cost('balance_avg_cost').notNull(),
  },
  (t) => [index('wh_ledger_kardex_idx').on(t.articleId, t.warehouseId, t.date, t.id)],
);

export const inventoryCounts = pgTable(
  'wh_counts',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    status: text('status').notNull().default('ABIERTO'),
    notes: text('notes').notNull().default(''),
    openedBy: integer('opened_by').references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    inMovementId: integer('in_movement_id').references(() => stockMovements.id),
    outMovementId: integer('out_movement_id').references(() => stockMovements.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('wh_counts_folio_uq').on(t.folio),
    // One open count per warehouse: two would adjust the same stock twice.
    uniqueIndex('wh_counts_open_uq').on(t.warehouseId).where(sql`${t.status} = 'ABIERTO'`),
    check('wh_counts_status_ck', sql`${t.status} in ('ABIERTO','CERRADO','CANCELADO')`),
  ],
);

export const inventoryCountLines = pgTable(
  'wh_count_lines',
  {
    countId: integer('count_id').notNull().references(() => inventoryCounts.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').notNull().references(() => articles.id),
    snapshotQty: qty('snapshot_qty').notNull(),
    countedQty: qty('counted_qty'),
    /** Filled when the count is closed: the stock at that moment, the difference and its value. */
    expectedQty: qty('expected_qty'),
    differenceQty: qty('difference_qty'),
    unitCost: cost('unit_cost'),
    differenceValue: amount('difference_value'),
  },
  (t) => [primaryKey({ columns: [t.countId, t.articleId] })],
);

export const warehouseRequisitions = pgTable(
  'wh_requisitions',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    requesterId: integer('requester_id').notNull().references(() => users.id),
    area: text('area').notNull(),
    originReference: text('origin_reference').notNull().default(''),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    neededDate: date('needed_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('PENDIENTE'),
    rejectionReason: text('rejection_reason').notNull().default(''),
    authorizedBy: integer('authorized_by').references(() => users.id),
    authorizedAt: timestamp('authorized_at', { withTimezone: true, mode: 'date' }),
    /** "Cerrar requisición" (close short): why the undelivered remainder was cancelled, who and when. */
    closeReason: text('close_reason').notNull().default(''),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** Ventas service order the material is for (job cost, issue 28); null = an area's own use. */
    // Its foreign key to service_orders is in migration 0038 (an import here would cycle with Ventas' tables).
    serviceOrderId: integer('service_order_id'),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('wh_requisitions_service_order_idx').on(t.serviceOrderId),
    uniqueIndex('wh_requisitions_folio_uq').on(t.folio),
    index('wh_requisitions_status_idx').on(t.status),
    check('wh_requisitions_status_ck', sql`${t.status} in ('PENDIENTE','AUTORIZADA','SURTIDA_PARCIAL','SURTIDA','RECHAZADA','CERRADA')`),
  ],
);

export const warehouseRequisitionLines = pgTable(
  'wh_requisition_lines',
  {
    id: serial('id').primaryKey(),
    requisitionId: integer('requisition_id').notNull().references(() => warehouseRequisitions.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    articleId: integer('article_id').notNull().references(() => articles.id),
    requestedQty: qty('requested_qty').notNull(),
    authorizedQty: qty('authorized_qty'),
    deliveredQty: qty('delivered_qty').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('wh_requisition_lines_uq').on(t.requisitionId, t.lineNo),
    check('wh_requisition_lines_delivered_ck', sql`${t.deliveredQty} >= 0 and ${t.deliveredQty} <= coalesce(${t.authorizedQty}, 0)`),
  ],
);

export const pdmRequests = pgTable(
  'wh_pdm_requests',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    supplier: text('supplier').notNull().default(''),
    justification: text('justification').notNull(),
    status: text('status').notNull().default('PENDIENTE'),
    rejectionReason: text('rejection_reason').notNull().default(''),
    estimatedTotal: amount('estimated_total').notNull().default('0'),
    requestedBy: integer('requested_by').notNull().references(() => users.id),
    sentBy: integer('sent_by').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('wh_pdm_requests_folio_uq').on(t.folio),
    check('wh_pdm_requests_status_ck', sql`${t.status} in ('PENDIENTE','ENVIADA','RECHAZADA')`),
  ],
);

export const pdmRequestLines = pgTable(
  'wh_pdm_lines',
  {
    requestId: integer('request_id').notNull().references(() => pdmRequests.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    articleId: integer('article_id').notNull().references(() => articles.id),
    quantity: qty('quantity').notNull(),
    estimatedUnitCost: cost('estimated_unit_cost').notNull(),
    estimatedAmount: amount('estimated_amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.lineNo] })],
);
