// Compras tables: suppliers, the company accounts and their ledger (shared
// with Ventas), expenses with their attachments, supplier payments and the
// payment requests that arrive from Mantenimiento and Almacén, and the
// purchase orders with their receipts into Almacén.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uploads, users } from '../../db/tables';
import { articles, stockMovements, warehouses } from '../warehouse/tables';
import { rhAgreements, rhEmployees } from '../rh/tables';
import { cashBoxes, cashMovements } from '../cash/tables';

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    rfc: text('rfc').notNull(),
    name: text('name').notNull(),
    taxRegime: text('tax_regime').notNull(),
    postalCode: text('postal_code').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    clabe: text('clabe').notNull().default(''),
    creditDays: integer('credit_days').notNull().default(0),
    category: text('category').notNull().default(''),
    /** DIOT «tipo de operación»: 03 servicios profesionales, 06 arrendamiento de inmuebles, 85 otros. */
    diotOperation: text('diot_operation').notNull().default('85'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('suppliers_diot_operation_ck', sql`${t.diotOperation} in ('03', '06', '85')`),
    // Generic RFCs (XAXX/XEXX) may repeat: foreign suppliers share XEXX010101000.
    uniqueIndex('suppliers_rfc_uq').on(t.rfc).where(sql`${t.rfc} not in ('XAXX010101000', 'XEXX010101000')`),
    index('suppliers_name_idx').on(t.name),
    check('suppliers_credit_days_ck', sql`${t.creditDays} >= 0`),
  ],
);

/** Company bank/cash accounts. `balance` is a cache of the ledger sum, written only by ledger.ts under a row lock. */
export const companyAccounts = pgTable(
  'company_accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    bank: text('bank').notNull().default(''),
    number: text('number').notNull().default(''),
    clabe: text('clabe').notNull().default(''),
    currency: text('currency').notNull().default('MXN'),
    openingBalance: numeric('opening_balance', { precision: 18, scale: 2 }).notNull().default('0'),
    openingDate: date('opening_date').notNull(),
    balance: numeric('balance', { precision: 18, scale: 2 }).notNull().default('0'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('company_accounts_name_uq').on(sql`lower(${t.name})`),
    check('company_accounts_balance_ck', sql`${t.balance} >= 0`),
    check('company_accounts_currency_ck', sql`${t.currency} = 'MXN'`),
  ],
);

export const ACCOUNT_ENTRY_KINDS = ['apertura', 'pago_proveedor', 'cobro_cliente', 'otro_ingreso', 'traspaso', 'ajuste', 'viatico'] as const;

/** The account ledger: one row per deposit (+) or withdrawal (−); never updated except to mark a reversal. */
export const accountEntries = pgTable(
  'account_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull().references(() => companyAccounts.id),
    date: date('date').notNull(),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 18, scale: 2 }).notNull(),
    reference: text('reference').notNull().default(''),
    sourceEntity: text('source_entity'),
    sourceId: text('source_id'),
    reversalOf: bigint('reversal_of', { mode: 'number' }),
    reversedBy: bigint('reversed_by', { mode: 'number' }),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('account_entries_account_idx').on(t.accountId, t.id),
    index('account_entries_source_idx').on(t.sourceEntity, t.sourceId),
    check(
      'account_entries_kind_ck',
      sql`${t.kind} in ('apertura', 'pago_proveedor', 'cobro_cliente', 'otro_ingreso', 'traspaso', 'ajuste', 'viatico')`,
    ),
    check('account_entries_amount_ck', sql`${t.amount} <> 0`),
    check('account_entries_balance_ck', sql`${t.balanceAfter} >= 0`),
  ],
);

export const EXPENSE_STATUSES = ['pendiente', 'pagado_parcial', 'pagado', 'cancelado'] as const;

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id),
    date: date('date').notNull(),
    dueDate: date('due_date').notNull(),
    invoiceSerie: text('invoice_serie').notNull().default(''),
    invoiceFolio: text('invoice_folio').notNull().default(''),
    cfdiUuid: text('cfdi_uuid'),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 18, scale: 2 }).notNull(),
    ivaRate: numeric('iva_rate', { precision: 8, scale: 6 }).notNull(),
    iva: numeric('iva', { precision: 18, scale: 2 }).notNull(),
    isrRetentionRate: numeric('isr_retention_rate', { precision: 8, scale: 6 }).notNull().default('0'),
    isrRetention: numeric('isr_retention', { precision: 18, scale: 2 }).notNull().default('0'),
    ivaRetentionRate: numeric('iva_retention_rate', { precision: 8, scale: 6 }).notNull().default('0'),
    ivaRetention: numeric('iva_retention', { precision: 18, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    balance: numeric('balance', { precision: 18, scale: 2 }).notNull(),
    status: text('status').notNull().default('pendiente'),
    cancelReason: text('cancel_reason'),
    paymentRequestId: integer('payment_request_id'),
    /** Its CFDI's status at SAT (server/lib/cfdi/satStatus.ts) when last asked; null without an XML. */
    satStatus: text('sat_status'),
    satCheckedAt: timestamp('sat_checked_at', { withTimezone: true, mode: 'date' }),
    /** «Asignar gasto a contrato» (job cost, issue 28): the Ventas contract and/or service order it is a cost of. */
    // Foreign keys to contracts/service_orders are in migration 0038 (an import here would cycle with Ventas' tables).
    contractId: integer('contract_id'),
    serviceOrderId: integer('service_order_id'),
    /** IVA rate 0 as «exento» (no IVA applies) rather than tasa 0 %: the DIOT reports them apart. */
    ivaExempt: boolean('iva_exempt').notNull().default(false),
    /** Three-way match: the purchase order this expense pays (its receipts and the CFDI are compared with it). */
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    /** The difference (CFDI total − received value, with taxes) someone authorised, with why; a later different difference needs a new authorisation. */
    matchAuthorizedDifference: numeric('match_authorized_difference', { precision: 18, scale: 2 }),
    matchAuthorizedReason: text('match_authorized_reason'),
    matchAuthorizedBy: integer('match_authorized_by').references(() => users.id),
    matchAuthorizedAt: timestamp('match_authorized_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('expenses_purchase_order_idx').on(t.purchaseOrderId),
    check('expenses_iva_exempt_ck', sql`not ${t.ivaExempt} or ${t.ivaRate} = 0`),
    uniqueIndex('expenses_folio_uq').on(t.folio),
    uniqueIndex('expenses_cfdi_uuid_uq').on(sql`upper(${t.cfdiUuid})`).where(sql`${t.cfdiUuid} is not null and ${t.status} <> 'cancelado'`),
    index('expenses_supplier_idx').on(t.supplierId, t.status),
    index('expenses_contract_idx').on(t.contractId),
    index('expenses_service_order_idx').on(t.serviceOrderId),
    index('expenses_due_idx').on(t.status, t.dueDate),
    // Also the list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('expenses_date_idx').on(t.date.asc().nullsFirst(), t.id),
    check('expenses_status_ck', sql`${t.status} in ('pendiente', 'pagado_parcial', 'pagado', 'cancelado')`),
    check('expenses_balance_ck', sql`${t.balance} >= 0 and ${t.balance} <= ${t.total}`),
    check('expenses_total_ck', sql`${t.total} > 0`),
  ],
);

export const expenseLines = pgTable(
  'expense_lines',
  {
    id: serial('id').primaryKey(),
    expenseId: integer('expense_id').notNull().references(() => expenses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index('expense_lines_expense_idx').on(t.expenseId, t.position)],
);

/** Files kept in storage for an expense (the supplier's CFDI XML and PDF). */
export const expenseFiles = pgTable(
  'expense_files',
  {
    id: serial('id').primaryKey(),
    expenseId: integer('expense_id').notNull().references(() => expenses.id),
    uploadId: uuid('upload_id').notNull().references(() => uploads.id),
  },
  (t) => [index('expense_files_expense_idx').on(t.expenseId)],
);

export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    accountId: integer('account_id').notNull().references(() => companyAccounts.id),
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id),
    date: date('date').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    applied: numeric('applied', { precision: 18, scale: 2 }).notNull(),
    paymentForm: text('payment_form').notNull().default('03'),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('aplicado'),
    accountEntryId: bigint('account_entry_id', { mode: 'number' }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_payments_folio_uq').on(t.folio),
    index('supplier_payments_supplier_idx').on(t.supplierId),
    index('supplier_payments_account_idx').on(t.accountId, t.date),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('supplier_payments_date_list_idx').on(t.date.asc().nullsFirst(), t.id),
    check('supplier_payments_status_ck', sql`${t.status} in ('aplicado', 'cancelado')`),
    check('supplier_payments_amount_ck', sql`${t.amount} > 0 and ${t.applied} > 0 and ${t.applied} <= ${t.amount}`),
  ],
);

export const paymentApplications = pgTable(
  'payment_applications',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull().references(() => supplierPayments.id),
    expenseId: integer('expense_id').notNull().references(() => expenses.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_applications_uq').on(t.paymentId, t.expenseId),
    index('payment_applications_expense_idx').on(t.expenseId),
    check('payment_applications_amount_ck', sql`${t.amount} > 0`),
  ],
);

export const PAYMENT_REQUEST_ORIGINS = ['mantenimiento', 'almacen_pdm', 'manual'] as const;
export const PAYMENT_REQUEST_STATUSES = ['pendiente', 'aprobada', 'rechazada'] as const;

/** Solicitudes de pago: from Mantenimiento, Almacén (Solicitud PDM) or captured by hand; approval creates the expense. */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    origin: text('origin').notNull(),
    originId: text('origin_id'),
    originFolio: text('origin_folio').notNull().default(''),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    date: date('date').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull().default('Mantenimiento'),
    subtotal: numeric('subtotal', { precision: 18, scale: 2 }).notNull(),
    ivaRate: numeric('iva_rate', { precision: 8, scale: 6 }).notNull().default('0.16'),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    status: text('status').notNull().default('pendiente'),
    rejectReason: text('reject_reason'),
    expenseId: integer('expense_id').references(() => expenses.id),
    requestedBy: integer('requested_by').references(() => users.id),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payment_requests_folio_uq').on(t.folio),
    // One live request per originating document (a rejected one may be sent again).
    uniqueIndex('payment_requests_origin_uq').on(t.origin, t.originId).where(sql`${t.originId} is not null and ${t.status} <> 'rechazada'`),
    index('payment_requests_status_idx').on(t.status, t.date),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('payment_requests_date_list_idx').on(t.date.asc().nullsFirst(), t.id),
    check('payment_requests_origin_ck', sql`${t.origin} in ('mantenimiento', 'almacen_pdm', 'manual')`),
    check('payment_requests_status_ck', sql`${t.status} in ('pendiente', 'aprobada', 'rechazada')`),
    check('payment_requests_amount_ck', sql`${t.subtotal} > 0 and ${t.total} > 0`),
  ],
);

export const PURCHASE_ORDER_STATUSES = ['borrador', 'autorizada', 'recibida_parcial', 'recibida', 'cancelada', 'cerrada'] as const;
export const PURCHASE_ORDER_ORIGINS = ['manual', 'requisicion', 'pdm'] as const;

/** Órdenes de compra: to a supplier, from an Almacén requisition, a Solicitud PDM or by hand; received into one warehouse. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id),
    date: date('date').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    origin: text('origin').notNull().default('manual'),
    originId: integer('origin_id'),
    originFolio: text('origin_folio').notNull().default(''),
    notes: text('notes').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 18, scale: 2 }).notNull(),
    ivaRate: numeric('iva_rate', { precision: 8, scale: 6 }).notNull(),
    iva: numeric('iva', { precision: 18, scale: 2 }).notNull(),
    isrRetentionRate: numeric('isr_retention_rate', { precision: 8, scale: 6 }).notNull().default('0'),
    isrRetention: numeric('isr_retention', { precision: 18, scale: 2 }).notNull().default('0'),
    ivaRetentionRate: numeric('iva_retention_rate', { precision: 8, scale: 6 }).notNull().default('0'),
    ivaRetention: numeric('iva_retention', { precision: 18, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    tolerancePercent: numeric('tolerance_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    status: text('status').notNull().default('borrador'),
    authorizedBy: integer('authorized_by').references(() => users.id),
    authorizedAt: timestamp('authorized_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    /** «Cerrada con faltante»: why the rest is no longer expected, who closed it and when. */
    closeReason: text('close_reason'),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('purchase_orders_folio_uq').on(t.folio),
    index('purchase_orders_supplier_idx').on(t.supplierId, t.status),
    index('purchase_orders_origin_idx').on(t.origin, t.originId),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('purchase_orders_date_list_idx').on(t.date.asc().nullsFirst(), t.id),
    check('purchase_orders_status_ck', sql`${t.status} in ('borrador', 'autorizada', 'recibida_parcial', 'recibida', 'cancelada', 'cerrada')`),
    check('purchase_orders_origin_ck', sql`${t.origin} in ('manual', 'requisicion', 'pdm')`),
    check('purchase_orders_total_ck', sql`${t.total} > 0`),
    check('purchase_orders_tolerance_ck', sql`${t.tolerancePercent} >= 0 and ${t.tolerancePercent} <= 20`),
    check('purchase_orders_dates_ck', sql`${t.deliveryDate} >= ${t.date}`),
  ],
);

/** A line is an Almacén article (received into stock) or a service (description only, received without stock). */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    articleId: integer('article_id').references(() => articles.id),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    receivedQty: numeric('received_qty', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.orderId, t.position),
    check('purchase_order_lines_qty_ck', sql`${t.quantity} > 0 and ${t.receivedQty} >= 0 and ${t.unitPrice} >= 0`),
  ],
);

/** Receipts (recepciones) against an order: each one posts one stock entry for its article lines. */
export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => purchaseOrders.id),
    date: date('date').notNull(),
    movementId: integer('movement_id').references(() => stockMovements.id),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A receipt posted in error is reversed (never deleted): the salida that took its stock back out, why, who, when. */
    reversalMovementId: integer('reversal_movement_id').references(() => stockMovements.id),
    reverseReason: text('reverse_reason'),
    reversedBy: integer('reversed_by').references(() => users.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('purchase_receipts_order_idx').on(t.orderId, t.id)],
);

export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id').notNull().references(() => purchaseReceipts.id, { onDelete: 'cascade' }),
    lineId: integer('line_id').notNull().references(() => purchaseOrderLines.id),
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [index('purchase_receipt_lines_receipt_idx').on(t.receiptId), check('purchase_receipt_lines_qty_ck', sql`${t.quantity} > 0`)],
);

// ---- Viáticos (issue 28) ----
// Job cost sums «viáticos comprobados» per contract or service order from
// here: viaticos.contract_id / service_order_id and the comprobantes' subtotal
// (net of IVA) in viatico_proofs.

const amount = (name: string) => numeric(name, { precision: 18, scale: 2 });

/** An advance to an employee for a contract and/or service order, paid from a company account (the ledger) or a Caja cash box (a cash movement). */
export const viaticos = pgTable(
  'viaticos',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    /** Ventas' contract and service order (no foreign key: Ventas' tables already point at Compras'; the service checks they exist). */
    contractId: integer('contract_id'),
    serviceOrderId: integer('service_order_id'),
    /** 'cuenta': paid from `account_id` through the ledger; 'caja': from the cash box `cash_box_id`'s open period. */
    source: text('source').notNull().default('cuenta'),
    accountId: integer('account_id').references(() => companyAccounts.id),
    cashBoxId: integer('cash_box_id').references(() => cashBoxes.id),
    date: date('date').notNull(),
    purpose: text('purpose').notNull(),
    amount: amount('amount').notNull(),
    /** Sum of the comprobantes' totals (cache written with them, under the advance's row lock). */
    comprobado: amount('comprobado').notNull().default('0'),
    status: text('status').notNull().default('borrador'),
    paymentEntryId: bigint('payment_entry_id', { mode: 'number' }),
    /** From a caja: the egreso that paid it and the movement of its reintegro or reembolso. */
    paymentCashMovementId: integer('payment_cash_movement_id').references(() => cashMovements.id),
    settlementCashMovementId: integer('settlement_cash_movement_id').references(() => cashMovements.id),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    settlement: text('settlement'),
    settlementAmount: amount('settlement_amount'),
    settlementEntryId: bigint('settlement_entry_id', { mode: 'number' }),
    settlementAccountId: integer('settlement_account_id').references(() => companyAccounts.id),
    /** Descuento en nómina: the convenio RH deducts in the next ordinary payroll, and the employee's signed consent. */
    agreementId: integer('agreement_id').references(() => rhAgreements.id),
    consent: boolean('consent').notNull().default(false),
    consentUploadId: uuid('consent_upload_id').references(() => uploads.id),
    closedOn: date('closed_on'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('viaticos_folio_uq').on(t.folio),
    index('viaticos_contract_idx').on(t.contractId),
    index('viaticos_service_order_idx').on(t.serviceOrderId),
    index('viaticos_employee_idx').on(t.employeeId),
    check('viaticos_status_ck', sql`${t.status} in ('borrador', 'pagado', 'comprobado_parcial', 'comprobado', 'cerrado', 'cancelado')`),
    check('viaticos_amount_ck', sql`${t.amount} > 0 and ${t.comprobado} >= 0`),
    check('viaticos_settlement_ck', sql`${t.settlement} is null or ${t.settlement} in ('reintegro', 'descuento_nomina', 'reembolso', 'exacto')`),
    check('viaticos_paid_ck', sql`${t.status} in ('borrador', 'cancelado') or ${t.paymentEntryId} is not null or ${t.paymentCashMovementId} is not null`),
    check(
      'viaticos_source_ck',
      sql`(${t.source} = 'cuenta' and ${t.accountId} is not null and ${t.cashBoxId} is null) or (${t.source} = 'caja' and ${t.cashBoxId} is not null and ${t.accountId} is null)`,
    ),
  ],
);

/** A comprobante: a supplier CFDI (read and seal-checked) or a receipt without CFDI, «no deducible». */
export const viaticoProofs = pgTable(
  'viatico_proofs',
  {
    id: serial('id').primaryKey(),
    viaticoId: integer('viatico_id').notNull().references(() => viaticos.id),
    kind: text('kind').notNull(),
    date: date('date').notNull(),
    concept: text('concept').notNull(),
    emisorRfc: text('emisor_rfc'),
    emisorName: text('emisor_name'),
    cfdiUuid: text('cfdi_uuid'),
    cfdiUploadId: uuid('cfdi_upload_id').references(() => uploads.id),
    /** Net of IVA (the CFDI's subtotal less its discount; the whole receipt when no deducible): what job cost adds. */
    subtotal: amount('subtotal').notNull(),
    iva: amount('iva').notNull().default('0'),
    total: amount('total').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('viatico_proofs_viatico_idx').on(t.viaticoId),
    uniqueIndex('viatico_proofs_cfdi_uq').on(sql`upper(${t.cfdiUuid})`).where(sql`${t.cfdiUuid} is not null`),
    check('viatico_proofs_kind_ck', sql`${t.kind} in ('cfdi', 'no_deducible')`),
    check('viatico_proofs_cfdi_ck', sql`(${t.kind} = 'cfdi') = (${t.cfdiUuid} is not null)`),
    check('viatico_proofs_amounts_ck', sql`${t.total} > 0 and ${t.subtotal} >= 0 and ${t.iva} >= 0`),
  ],
);

/** Compras settings: one row. */
export const shoppingSettings = pgTable(
  'shopping_settings',
  {
    id: integer('id').primaryKey().default(1),
    viaticoOverdueDays: integer('viatico_overdue_days').notNull().default(5),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('shopping_settings_one_ck', sql`${t.id} = 1`), check('shopping_settings_days_ck', sql`${t.viaticoOverdueDays} between 1 and 365`)],
);
