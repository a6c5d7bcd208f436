// Ventas tables: the company's own fiscal profile (emisor), clients and the
// revenue chain cotización → contrato → orden de servicio → generador →
// factura → pago, plus deliveries and other income. Money is numeric(18, 2)
// at document level; line-level figures keep 6 decimals so totals are
// rounded once, at the end (MX_FISCAL.md).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyAccounts } from '../shopping/tables';
import { rhEmployees } from '../rh/tables';
import { vpVehicles } from '../vehicle-park/tables';
import { uploads, users } from '../../db/tables';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const fine = (name: string) => numeric(name, { precision: 18, scale: 6 });
const rate = (name: string) => numeric(name, { precision: 9, scale: 6 });
const pct = (name: string) => numeric(name, { precision: 7, scale: 4 });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** The company's fiscal data is a platform table (server/db/tables.ts): every module prints it. */
export { companyProfile } from '../../db/tables';

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    rfc: text('rfc').notNull(),
    name: text('name').notNull(),
    regimenFiscal: text('regimen_fiscal').notNull(),
    postalCode: text('postal_code').notNull(),
    usoCfdi: text('uso_cfdi').notNull().default('G03'),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    creditDays: integer('credit_days').notNull().default(0),
    creditLimit: money('credit_limit').notNull().default('0'),
    active: boolean('active').notNull().default(true),
    notes: text('notes').notNull().default(''),
    /** The currency its new invoices propose ('MXN' or 'USD'). */
    currency: text('currency').notNull().default('MXN'),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('clients_currency_ck', sql`${t.currency} in ('MXN', 'USD')`),
    // Público en general / extranjero RFCs repeat by design.
    uniqueIndex('clients_rfc_uq').on(t.rfc).where(sql`${t.rfc} not in ('XAXX010101000', 'XEXX010101000')`),
    index('clients_name_idx').on(t.name),
    check('clients_credit_ck', sql`${t.creditDays} >= 0 and ${t.creditLimit} >= 0`),
  ],
);

export const clientContacts = pgTable(
  'client_contacts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    name: text('name').notNull(),
    position: text('position').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
  },
  (t) => [index('client_contacts_client_idx').on(t.clientId)],
);

export const QUOTE_STATUSES = ['borrador', 'enviada', 'aceptada', 'rechazada', 'vencida'] as const;

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull().unique(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    date: date('date').notNull(),
    validUntil: date('valid_until').notNull(),
    /** Stored status; "vencida" is also derived on read from valid_until (see effectiveQuoteStatus in data/common.ts). */
    status: text('status').notNull().default('borrador'),
    subject: text('subject').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ivaRate: rate('iva_rate').notNull().default('0.160000'),
    isrRetentionRate: rate('isr_retention_rate').notNull().default('0'),
    ivaRetentionRate: rate('iva_retention_rate').notNull().default('0'),
    subtotal: money('subtotal').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    iva: money('iva').notNull().default('0'),
    isrRetained: money('isr_retained').notNull().default('0'),
    ivaRetained: money('iva_retained').notNull().default('0'),
    total: money('total').notNull().default('0'),
    sourceQuoteId: integer('source_quote_id'),
    rejectionReason: text('rejection_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('quotes_client_idx').on(t.clientId),
    index('quotes_status_valid_idx').on(t.status, t.validUntil),
    index('quotes_date_idx').on(t.date, t.id),
    check('quotes_status_ck', sql`${t.status} in ('borrador', 'enviada', 'aceptada', 'rechazada', 'vencida')`),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id').notNull().references(() => quotes.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    prodServKey: text('prod_serv_key').notNull(),
    unitKey: text('unit_key').notNull(),
    unitName: text('unit_name').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: fine('unit_price').notNull(),
    discountPercent: pct('discount_percent').notNull().default('0'),
    amount: fine('amount').notNull(),
    discount: fine('discount').notNull(),
    base: fine('base').notNull(),
    iva: fine('iva').notNull(),
  },
  (t) => [index('quote_lines_quote_idx').on(t.quoteId, t.lineNo)],
);

export const CONTRACT_STATUSES = ['vigente', 'terminado', 'cancelado'] as const;

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull().unique(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    quoteId: integer('quote_id').references(() => quotes.id),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    amount: money('amount').notNull().default('0'),
    anticipoPercent: pct('anticipo_percent').notNull().default('0'),
    guaranteePercent: pct('guarantee_percent').notNull().default('0'),
    status: text('status').notNull().default('vigente'),
    notes: text('notes').notNull().default(''),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // One contract per accepted quote.
    uniqueIndex('contracts_quote_uq').on(t.quoteId).where(sql`${t.quoteId} is not null`),
    index('contracts_client_idx').on(t.clientId),
    check('contracts_status_ck', sql`${t.status} in ('vigente', 'terminado', 'cancelado')`),
    check('contracts_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const contractConcepts = pgTable(
  'contract_concepts',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id').notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    prodServKey: text('prod_serv_key').notNull(),
    unitKey: text('unit_key').notNull(),
    unitName: text('unit_name').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: fine('unit_price').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('contract_concepts_contract_idx').on(t.contractId, t.lineNo), check('contract_concepts_qty_ck', sql`${t.quantity} > 0`)],
);

export const ORDER_STATUSES = ['abierta', 'en_proceso', 'terminada', 'entregada'] as const;

export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull().unique(),
    contractId: integer('contract_id').references(() => contracts.id),
    clientId: integer('client_id').notNull().references(() => clients.id),
    description: text('description').notNull(),
    site: text('site').notNull().default(''),
    scheduledStart: date('scheduled_start').notNull(),
    scheduledEnd: date('scheduled_end').notNull(),
    /** Free-text names of orders made before the crew (issue 28); new orders name their crew in service_order_crew. */
    responsibles: text('responsibles').array().notNull().default(sql`ARRAY[]::text[]`),
    status: text('status').notNull().default('abierta'),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('service_orders_contract_idx').on(t.contractId),
    index('service_orders_client_idx').on(t.clientId),
    check('service_orders_status_ck', sql`${t.status} in ('abierta', 'en_proceso', 'terminada', 'entregada')`),
    check('service_orders_dates_ck', sql`${t.scheduledEnd} >= ${t.scheduledStart}`),
  ],
);

export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().unique().references(() => serviceOrders.id),
    date: date('date').notNull(),
    receivedBy: text('received_by').notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  // The deliveries list's default order (date, id).
  (t) => [index('order_deliveries_date_idx').on(t.date, t.id)],
);

export const orderDeliveryFiles = pgTable(
  'order_delivery_files',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id').notNull().references(() => orderDeliveries.id),
    uploadId: uuid('upload_id').notNull().references(() => uploads.id),
  },
  (t) => [index('order_delivery_files_delivery_idx').on(t.deliveryId)],
);

/** The crew of a service order (issue 28): employees of Recursos Humanos, active when named. */
export const serviceOrderCrew = pgTable(
  'service_order_crew',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => serviceOrders.id),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
  },
  (t) => [uniqueIndex('service_order_crew_uq').on(t.orderId, t.employeeId), index('service_order_crew_employee_idx').on(t.employeeId)],
);

/** Vehicles of Parque Vehicular used by a service order. */
export const serviceOrderVehicles = pgTable(
  'service_order_vehicles',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => serviceOrders.id),
    vehicleId: integer('vehicle_id').notNull().references(() => vpVehicles.id),
  },
  (t) => [uniqueIndex('service_order_vehicles_uq').on(t.orderId, t.vehicleId), index('service_order_vehicles_vehicle_idx').on(t.vehicleId)],
);

/** A day on site of a service order: one per order and date. */
export const serviceOrderCrewDays = pgTable(
  'service_order_crew_days',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => serviceOrders.id),
    date: date('date').notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('service_order_crew_days_uq').on(t.orderId, t.date)],
);

/** Km a vehicle of the order ran that day (job cost: km × the vehicle's cost per km). */
export const serviceOrderCrewDayVehicles = pgTable(
  'service_order_crew_day_vehicles',
  {
    id: serial('id').primaryKey(),
    dayId: integer('day_id').notNull().references(() => serviceOrderCrewDays.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id').notNull().references(() => vpVehicles.id),
    km: integer('km').notNull(),
  },
  (t) => [uniqueIndex('service_order_crew_day_vehicles_uq').on(t.dayId, t.vehicleId), index('service_order_crew_day_vehicles_vehicle_idx').on(t.vehicleId), check('service_order_crew_day_vehicles_km_ck', sql`${t.km} >= 0`)],
);

/**
 * Who was on site that day, with hours worked and the overtime among them. Nómina claims a row's overtime
 * once (rh_payroll_overtime_sources.crew_hours_id is unique); a claimed row is no longer edited.
 */
export const serviceOrderCrewHours = pgTable(
  'service_order_crew_hours',
  {
    id: serial('id').primaryKey(),
    dayId: integer('day_id').notNull().references(() => serviceOrderCrewDays.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    /** Denormalised from the day so the 24 h check and Nómina's search read one index. */
    date: date('date').notNull(),
    hours: numeric('hours', { precision: 5, scale: 2 }).notNull(),
    overtimeHours: numeric('overtime_hours', { precision: 5, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('service_order_crew_hours_uq').on(t.dayId, t.employeeId),
    // Migration 0051 adds INCLUDE (day_id, hours, overtime_hours): the job cost reads the jornadas from the index alone.
    index('service_order_crew_hours_employee_date_idx').on(t.employeeId, t.date),
    check('service_order_crew_hours_ck', sql`${t.hours} >= 0 and ${t.hours} <= 24 and ${t.overtimeHours} >= 0 and ${t.overtimeHours} <= ${t.hours}`),
  ],
);

/**
 * Job cost (issue 28): the jornadas of each service order kept counted as the crew days are recorded, so the
 * report across contracts adds up a few rows per order instead of every jornada. One row per order, employee
 * and the closed ordinary payroll's receipt that covers them (0: none covers them, they are priced at the
 * employer factor); the amounts are priced when read (salary, factor and the receipt's daily cost can change).
 * Kept by the database in the same transaction as the document (migration 0055's triggers on the crew hours,
 * the crew days, the payrolls and their receipts); never written by the application.
 */
export const jobCostLabour = pgTable(
  'job_cost_labour',
  {
    orderId: integer('order_id').notNull(),
    employeeId: integer('employee_id').notNull(),
    receiptId: integer('receipt_id').notNull(),
    /** Crew hours rows with hours > 0 (a person on a day). */
    jornadas: integer('jornadas').notNull(),
    overtimeHours: numeric('overtime_hours', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.employeeId, t.receiptId] }), index('job_cost_labour_receipt_idx').on(t.receiptId)],
);

/** Job cost: the km each vehicle ran for each service order (Σ of its crew days' km; `days`: how many rows), kept like job_cost_labour. */
export const jobCostVehicleKm = pgTable(
  'job_cost_vehicle_km',
  {
    orderId: integer('order_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    days: integer('days').notNull(),
    km: bigint('km', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.vehicleId] })],
);

/**
 * Job cost: the materials issued, the viáticos comprobados and the expenses assigned, kept added per document's
 * own contract (0: it names none, its order's counts) and service order (0: none), so the report across contracts
 * reads a few rows per order instead of every movement line, comprobante and expense. `kind`: 'material' (Σ of the
 * line amounts of applied salidas of requisitions for the order, reversals left out), 'viatico' (Σ of the
 * comprobantes' subtotals of viáticos not cancelled), 'expense' (Σ of the subtotals of expenses not cancelled).
 * Kept by the database in the same transaction as the documents (migration 0059's triggers); never written by the
 * application.
 */
export const jobCostAmounts = pgTable(
  'job_cost_amounts',
  {
    contractId: integer('contract_id').notNull(),
    orderId: integer('order_id').notNull(),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.orderId, t.kind] }), index('job_cost_amounts_order_idx').on(t.orderId)],
);

export const GENERATOR_STATUSES = ['borrador', 'autorizado', 'facturado'] as const;

export const generators = pgTable(
  'generators',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull().unique(),
    orderId: integer('order_id').notNull().references(() => serviceOrders.id),
    contractId: integer('contract_id').notNull().references(() => contracts.id),
    clientId: integer('client_id').notNull().references(() => clients.id),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    status: text('status').notNull().default('borrador'),
    notes: text('notes').notNull().default(''),
    amount: money('amount').notNull().default('0'),
    authorizedBy: integer('authorized_by').references(() => users.id),
    authorizedAt: timestamp('authorized_at', { withTimezone: true, mode: 'date' }),
    invoiceId: integer('invoice_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('generators_contract_idx').on(t.contractId),
    index('generators_order_idx').on(t.orderId),
    index('generators_invoice_idx').on(t.invoiceId),
    check('generators_status_ck', sql`${t.status} in ('borrador', 'autorizado', 'facturado')`),
    check('generators_period_ck', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

export const generatorLines = pgTable(
  'generator_lines',
  {
    id: serial('id').primaryKey(),
    generatorId: integer('generator_id').notNull().references(() => generators.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => contractConcepts.id),
    quantity: qty('quantity').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('generator_lines_generator_idx').on(t.generatorId),
    index('generator_lines_concept_idx').on(t.conceptId),
    check('generator_lines_qty_ck', sql`${t.quantity} > 0`),
  ],
);

export const INVOICE_STATUSES = ['borrador', 'emitida', 'pagada_parcial', 'pagada', 'cancelada'] as const;

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    serie: text('serie').notNull(),
    /** Assigned at emission from the serie's gapless counter; null while borrador. */
    folio: integer('folio'),
    clientId: integer('client_id').notNull().references(() => clients.id),
    contractId: integer('contract_id').references(() => contracts.id),
    date: date('date').notNull(),
    dueDate: date('due_date').notNull(),
    formaPago: text('forma_pago').notNull(),
    metodoPago: text('metodo_pago').notNull(),
    usoCfdi: text('uso_cfdi').notNull(),
    status: text('status').notNull().default('borrador'),
    ivaRate: rate('iva_rate').notNull().default('0.160000'),
    /** TipoFactor of its IVA traslado: 'Tasa' (iva_rate 16, 8 or 0 %) or 'Exento' (iva_rate 0, no TasaOCuota nor Importe). */
    ivaFactor: text('iva_factor').notNull().default('Tasa'),
    isrRetentionRate: rate('isr_retention_rate').notNull().default('0'),
    ivaRetentionRate: rate('iva_retention_rate').notNull().default('0'),
    subtotal: money('subtotal').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    iva: money('iva').notNull().default('0'),
    isrRetained: money('isr_retained').notNull().default('0'),
    ivaRetained: money('iva_retained').notNull().default('0'),
    total: money('total').notNull().default('0'),
    balance: money('balance').notNull().default('0'),
    notes: text('notes').notNull().default(''),
    // Emisor/receptor as they were when the invoice was emitted (the CFDI must not change later).
    emisorRfc: text('emisor_rfc'),
    emisorName: text('emisor_name'),
    emisorRegimen: text('emisor_regimen'),
    lugarExpedicion: text('lugar_expedicion'),
    receptorRfc: text('receptor_rfc'),
    receptorName: text('receptor_name'),
    receptorRegimen: text('receptor_regimen'),
    receptorPostalCode: text('receptor_postal_code'),
    emittedAt: timestamp('emitted_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /**
     * The CFDI's stamping: null before emission (and on invoices emitted before stamping existed),
     * 'pendiente' from emission until the PAC's answer is saved (cfdiXml holds the sealed XML
     * sent), 'timbrada' after (cfdiXml holds the stamped XML with its TimbreFiscalDigital).
     */
    stampStatus: text('stamp_status'),
    cfdiXml: text('cfdi_xml'),
    cfdiUuid: text('cfdi_uuid'),
    stampedAt: timestamp('stamped_at', { withTimezone: true, mode: 'date' }),
    /** Stamped by the built-in sandbox PAC: the printed form says «SIN VALIDEZ FISCAL». */
    stampSandbox: boolean('stamp_sandbox'),
    /** SAT cancellation of a stamped invoice: 'solicitada' (the receptor must accept), 'cancelada' or 'rechazada'. */
    satCancelStatus: text('sat_cancel_status'),
    satCancelMotivo: text('sat_cancel_motivo'),
    /** Motivo 01: the UUID of the invoice that replaces this one. */
    satCancelSubstitute: text('sat_cancel_substitute'),
    satCancelRequestedAt: timestamp('sat_cancel_requested_at', { withTimezone: true, mode: 'date' }),
    /** 'normal', 'anticipo' (factura de anticipo: one concept 84111506 ACT) or 'global' (público en general, InformacionGlobal). */
    kind: text('kind').notNull().default('normal'),
    /** InformacionGlobal of a factura global: c_Periodicidad, c_Meses and Año. */
    globalPeriodicidad: text('global_periodicidad'),
    globalMeses: text('global_meses'),
    globalAnio: integer('global_anio'),
    /** Moneda of the CFDI: 'MXN' or 'USD'; every amount of the invoice (and of its credit notes and applications) is in it. */
    currency: text('currency').notNull().default('MXN'),
    /** TipoCambio: pesos per unit of the currency (1 for MXN); receivables in pesos are balance × this. */
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('invoices_currency_ck', sql`(${t.currency} = 'MXN' and ${t.exchangeRate} = 1) or (${t.currency} = 'USD' and ${t.exchangeRate} > 0)`),
    uniqueIndex('invoices_cfdi_uuid_uq').on(t.cfdiUuid),
    index('invoices_stamp_pending_idx').on(t.stampStatus).where(sql`${t.stampStatus} = 'pendiente'`),
    uniqueIndex('invoices_serie_folio_uq').on(t.serie, t.folio).where(sql`${t.folio} is not null`),
    // The list sorted by folio (serie, folio, id; drafts without a folio included), which the partial index above cannot serve.
    index('invoices_folio_list_idx').on(t.serie, t.folio, t.id),
    index('invoices_client_idx').on(t.clientId, t.status),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_date_idx').on(t.date, t.id),
    // The job cost report sums stamped invoices per contract (issue 28).
    index('invoices_contract_idx').on(t.contractId).where(sql`${t.contractId} is not null`),
    check('invoices_status_ck', sql`${t.status} in ('borrador', 'emitida', 'pagada_parcial', 'pagada', 'cancelada')`),
    check('invoices_metodo_ck', sql`${t.metodoPago} in ('PUE', 'PPD')`),
    check('invoices_balance_ck', sql`${t.balance} >= 0 and ${t.balance} <= ${t.total}`),
    check('invoices_iva_factor_ck', sql`${t.ivaFactor} in ('Tasa', 'Exento')`),
    check('invoices_kind_ck', sql`${t.kind} in ('normal', 'anticipo', 'global')`),
    check('invoices_global_ck', sql`(${t.kind} = 'global') = (${t.globalPeriodicidad} is not null and ${t.globalMeses} is not null and ${t.globalAnio} is not null)`),
  ],
);

/** The facturas de anticipo a final invoice relates with TipoRelacion 07 (its CFDI lists their UUIDs). */
export const invoiceAnticipos = pgTable(
  'invoice_anticipos',
  {
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    anticipoId: integer('anticipo_id').notNull().references(() => invoices.id),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.anticipoId] }), index('invoice_anticipos_anticipo_idx').on(t.anticipoId)],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    generatorId: integer('generator_id').references(() => generators.id),
    conceptId: integer('concept_id').references(() => contractConcepts.id),
    description: text('description').notNull(),
    prodServKey: text('prod_serv_key').notNull(),
    unitKey: text('unit_key').notNull(),
    unitName: text('unit_name').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: fine('unit_price').notNull(),
    discountPercent: pct('discount_percent').notNull().default('0'),
    objetoImp: text('objeto_imp').notNull().default('02'),
    amount: fine('amount').notNull(),
    discount: fine('discount').notNull(),
    base: fine('base').notNull(),
    iva: fine('iva').notNull(),
    isrRetained: fine('isr_retained').notNull(),
    ivaRetained: fine('iva_retained').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.lineNo), index('invoice_lines_concept_idx').on(t.conceptId)],
);

export const clientPayments = pgTable(
  'client_payments',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull().unique(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    date: date('date').notNull(),
    formaPago: text('forma_pago').notNull(),
    accountId: integer('account_id').notNull().references(() => companyAccounts.id),
    amount: money('amount').notNull(),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('aplicado'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Its payment complement (CFDI tipo P, Pagos 2.0) when it settles stamped PPD invoices: as invoices.stamp_status. */
    stampStatus: text('stamp_status'),
    cfdiXml: text('cfdi_xml'),
    cfdiUuid: text('cfdi_uuid'),
    stampedAt: timestamp('stamped_at', { withTimezone: true, mode: 'date' }),
    stampSandbox: boolean('stamp_sandbox'),
    /** The PAC's last refusal of its complement (paymentStamping.ts); cleared when it is sealed again. */
    refusalCode: text('refusal_code'),
    refusalMessage: text('refusal_message'),
    refusedAt: timestamp('refused_at', { withTimezone: true, mode: 'date' }),
    /** MonedaP: the currency the money came in ('MXN' or 'USD'); `amount` is in it. */
    currency: text('currency').notNull().default('MXN'),
    /** Pesos per dollar on the payment's day: TipoCambioP of a USD payment, and the EquivalenciaDR between MXN and USD documents. 1 when nothing is in dollars. */
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('client_payments_currency_ck', sql`${t.currency} in ('MXN', 'USD') and ${t.exchangeRate} > 0`),
    index('client_payments_client_idx').on(t.clientId),
    index('client_payments_date_idx').on(t.date, t.id),
    check('client_payments_status_ck', sql`${t.status} in ('aplicado', 'cancelado')`),
    check('client_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** One row per invoice a payment pays; PPD rows carry the payment-complement (tipo P) figures. */
export const clientPaymentApplications = pgTable(
  'client_payment_applications',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull().references(() => clientPayments.id),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    amount: money('amount').notNull(),
    installment: integer('installment').notNull(),
    previousBalance: money('previous_balance').notNull(),
    remainingBalance: money('remaining_balance').notNull(),
    isPpd: boolean('is_ppd').notNull(),
    /** EquivalenciaDR: units of the invoice's currency per unit of the payment's (amount and balances are in the invoice's currency). */
    equivalence: numeric('equivalence', { precision: 20, scale: 10 }).notNull().default('1'),
  },
  (t) => [
    index('client_payment_applications_payment_idx').on(t.paymentId),
    index('client_payment_applications_invoice_idx').on(t.invoiceId),
    check('client_payment_applications_amount_ck', sql`${t.amount} > 0 and ${t.remainingBalance} >= 0`),
  ],
);

export const otherIncomes = pgTable(
  'other_incomes',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull().unique(),
    date: date('date').notNull(),
    concept: text('concept').notNull(),
    amount: money('amount').notNull(),
    accountId: integer('account_id').notNull().references(() => companyAccounts.id),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('aplicado'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('other_incomes_date_idx').on(t.date, t.id),
    check('other_incomes_status_ck', sql`${t.status} in ('aplicado', 'cancelado')`),
    check('other_incomes_amount_ck', sql`${t.amount} > 0`),
  ],
);

export const CREDIT_NOTE_STATUSES = ['vigente', 'cancelada', 'rechazada'] as const;

/**
 * Notas de crédito (CFDI tipo E, TipoRelacion 01) against one stamped invoice: created, sealed
 * and stamped at once (no borrador), with their own serie and gapless folio. While vigente they
 * take their total off the invoice's balance (invoices.balance, the single source); cancelled,
 * or refused by the PAC (rechazada), they give it back.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    serie: text('serie').notNull(),
    folio: integer('folio').notNull(),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    clientId: integer('client_id').notNull().references(() => clients.id),
    date: date('date').notNull(),
    formaPago: text('forma_pago').notNull(),
    metodoPago: text('metodo_pago').notNull().default('PUE'),
    usoCfdi: text('uso_cfdi').notNull(),
    status: text('status').notNull().default('vigente'),
    ivaRate: rate('iva_rate').notNull(),
    /** The invoice's IVA TipoFactor (Tasa or Exento). */
    ivaFactor: text('iva_factor').notNull().default('Tasa'),
    isrRetentionRate: rate('isr_retention_rate').notNull(),
    ivaRetentionRate: rate('iva_retention_rate').notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    iva: money('iva').notNull(),
    isrRetained: money('isr_retained').notNull(),
    ivaRetained: money('iva_retained').notNull(),
    total: money('total').notNull(),
    /** The invoice's balance before and after this note (as a payment records its parcialidad). */
    previousBalance: money('previous_balance').notNull(),
    remainingBalance: money('remaining_balance').notNull(),
    notes: text('notes').notNull().default(''),
    emisorRfc: text('emisor_rfc').notNull(),
    emisorName: text('emisor_name').notNull(),
    emisorRegimen: text('emisor_regimen').notNull(),
    lugarExpedicion: text('lugar_expedicion').notNull(),
    receptorRfc: text('receptor_rfc').notNull(),
    receptorName: text('receptor_name').notNull(),
    receptorRegimen: text('receptor_regimen').notNull(),
    receptorPostalCode: text('receptor_postal_code').notNull(),
    emittedAt: timestamp('emitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** As invoices.stamp_status: 'pendiente' (cfdiXml = the sealed XML sent) → 'timbrada'; null once refused. */
    stampStatus: text('stamp_status'),
    cfdiXml: text('cfdi_xml'),
    cfdiUuid: text('cfdi_uuid'),
    stampedAt: timestamp('stamped_at', { withTimezone: true, mode: 'date' }),
    stampSandbox: boolean('stamp_sandbox'),
    satCancelStatus: text('sat_cancel_status'),
    satCancelMotivo: text('sat_cancel_motivo'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** CfdiRelacionados: 01 (nota de crédito) or 07 (aplicación de anticipo, with anticipoId). */
    tipoRelacion: text('tipo_relacion').notNull().default('01'),
    /** The factura de anticipo this egreso applies (TipoRelacion 07). */
    anticipoId: integer('anticipo_id').references(() => invoices.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('credit_notes_anticipo_idx').on(t.anticipoId, t.status),
    check('credit_notes_relacion_ck', sql`(${t.tipoRelacion} = '07') = (${t.anticipoId} is not null) and ${t.tipoRelacion} in ('01', '07')`),
    uniqueIndex('credit_notes_serie_folio_uq').on(t.serie, t.folio),
    uniqueIndex('credit_notes_cfdi_uuid_uq').on(t.cfdiUuid),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.status),
    index('credit_notes_stamp_pending_idx').on(t.stampStatus).where(sql`${t.stampStatus} = 'pendiente'`),
    check('credit_notes_status_ck', sql`${t.status} in ('vigente', 'cancelada', 'rechazada')`),
    check('credit_notes_total_ck', sql`${t.total} > 0 and ${t.remainingBalance} >= 0`),
    check('credit_notes_iva_factor_ck', sql`${t.ivaFactor} in ('Tasa', 'Exento')`),
  ],
);

export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: serial('id').primaryKey(),
    creditNoteId: integer('credit_note_id').notNull().references(() => creditNotes.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    prodServKey: text('prod_serv_key').notNull(),
    unitKey: text('unit_key').notNull(),
    unitName: text('unit_name').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: fine('unit_price').notNull(),
    discountPercent: pct('discount_percent').notNull().default('0'),
    objetoImp: text('objeto_imp').notNull().default('02'),
    amount: fine('amount').notNull(),
    discount: fine('discount').notNull(),
    base: fine('base').notNull(),
    iva: fine('iva').notNull(),
    isrRetained: fine('isr_retained').notNull(),
    ivaRetained: fine('iva_retained').notNull(),
  },
  (t) => [index('credit_note_lines_note_idx').on(t.creditNoteId, t.lineNo)],
);
