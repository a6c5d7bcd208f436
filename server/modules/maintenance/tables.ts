// Mantenimiento tables. The failure reports (Gestión de reportes) are the one
// table Seguridad writes too: an inspection's "no cumple" raises a report here
// through maintenance/service.ts, and both modules read its outcome.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/tables';
import { rhEmployees } from '../rh/tables';
import { vpVehicles } from '../vehicle-park/tables';
import { articles, warehouseRequisitions } from '../warehouse/tables';
import { suppliers } from '../shopping/tables';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

export const FAILURE_REPORT_SOURCES = ['conductor', 'seguridad', 'otro'] as const;
export const FAILURE_REPORT_STATUSES = ['nuevo', 'asignado', 'en_orden', 'atendido', 'descartado'] as const;
export const FAILURE_REPORT_PRIORITIES = ['baja', 'media', 'alta', 'urgente'] as const;

/**
 * Reportes de falla: nuevo → asignado (triage: prioridad, responsable) →
 * en_orden (a maintenance order attends it) → atendido (the order closed), or
 * descartado with a reason. `source` says who raised it; a report from a
 * Seguridad inspection keeps the inspection's id and folio in
 * source_id / source_reference.
 */
export const mtFailureReports = pgTable(
  'mt_failure_reports',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    source: text('source').notNull(),
    sourceId: text('source_id'),
    sourceReference: text('source_reference').notNull().default(''),
    vehicleId: integer('vehicle_id').references(() => vpVehicles.id),
    /** Where the failure is (an area, a site, equipment) when it is not a vehicle, or to complete it. */
    location: text('location').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    reportedBy: integer('reported_by').references(() => users.id),
    reporterEmployeeId: integer('reporter_employee_id').references(() => rhEmployees.id),
    priority: text('priority'),
    assignedEmployeeId: integer('assigned_employee_id').references(() => rhEmployees.id),
    status: text('status').notNull().default('nuevo'),
    discardReason: text('discard_reason').notNull().default(''),
    /** The maintenance order that attends the report (mt orders are Mantenimiento's own table). */
    orderId: integer('order_id'),
    triagedAt: timestamp('triaged_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('mt_failure_reports_folio_uq').on(t.folio),
    index('mt_failure_reports_status_idx').on(t.status),
    index('mt_failure_reports_source_idx').on(t.source, t.sourceId),
    index('mt_failure_reports_vehicle_idx').on(t.vehicleId),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('mt_failure_reports_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
    check('mt_failure_reports_source_ck', sql`${t.source} in ('conductor', 'seguridad', 'otro')`),
    check('mt_failure_reports_status_ck', sql`${t.status} in ('nuevo', 'asignado', 'en_orden', 'atendido', 'descartado')`),
    check('mt_failure_reports_priority_ck', sql`${t.priority} is null or ${t.priority} in ('baja', 'media', 'alta', 'urgente')`),
  ],
);

export const SERVICE_KINDS = ['preventivo', 'correctivo'] as const;

/** Catálogo de servicios: what is done, how often (km and/or days, whichever first), estimated hours and cost, tasks. */
export const mtServices = pgTable(
  'mt_services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    everyKm: integer('every_km'),
    everyDays: integer('every_days'),
    estimatedHours: numeric('estimated_hours', { precision: 8, scale: 2 }).notNull().default('0'),
    estimatedCost: money('estimated_cost').notNull().default('0'),
    /** The task list, in order (a JSON array of strings). */
    tasks: jsonb('tasks').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('mt_services_name_uq').on(sql`lower(${t.name})`),
    check('mt_services_kind_ck', sql`${t.kind} in ('preventivo', 'correctivo')`),
    check('mt_services_frequency_ck', sql`(${t.everyKm} is null or ${t.everyKm} > 0) and (${t.everyDays} is null or ${t.everyDays} > 0)`),
    check('mt_services_estimates_ck', sql`${t.estimatedHours} >= 0 and ${t.estimatedCost} >= 0`),
  ],
);

/** The Almacén articles (and quantities) a service uses. */
export const mtServiceParts = pgTable(
  'mt_service_parts',
  {
    serviceId: integer('service_id').notNull().references(() => mtServices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    articleId: integer('article_id').notNull().references(() => articles.id),
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.lineNo] }), check('mt_service_parts_qty_ck', sql`${t.quantity} > 0`)],
);

/** Company settings of the module (one row, id 1): the "próximo" margin. */
export const mtSettings = pgTable(
  'mt_settings',
  {
    id: integer('id').primaryKey(),
    marginKm: integer('margin_km').notNull().default(1000),
    marginDays: integer('margin_days').notNull().default(15),
    version: version(),
  },
  (t) => [check('mt_settings_margin_ck', sql`${t.marginKm} >= 0 and ${t.marginDays} >= 0`)],
);

/** Programación: one row per vehicle × service with the last time it was done; next due and status are computed. */
export const mtSchedules = pgTable(
  'mt_schedules',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id').notNull().references(() => vpVehicles.id),
    serviceId: integer('service_id').notNull().references(() => mtServices.id),
    lastDoneOn: date('last_done_on', { mode: 'string' }).notNull(),
    lastDoneKm: integer('last_done_km').notNull(),
    /** The order that last did it (null: the starting point captured by hand). */
    lastOrderId: integer('last_order_id'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('mt_schedules_vehicle_service_uq').on(t.vehicleId, t.serviceId),
    index('mt_schedules_service_idx').on(t.serviceId),
    check('mt_schedules_km_ck', sql`${t.lastDoneKm} >= 0`),
  ],
);

export const MT_ORDER_STATUSES = ['abierta', 'en_proceso', 'cerrada', 'cancelada'] as const;

/**
 * Órdenes de mantenimiento: abierta → en_proceso → cerrada / cancelada.
 * Parts come through Almacén requisitions (mt_order_requisitions); the cost
 * figures are stored when the order closes.
 */
export const mtOrders = pgTable(
  'mt_orders',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    vehicleId: integer('vehicle_id').notNull().references(() => vpVehicles.id),
    status: text('status').notNull().default('abierta'),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    odometerIn: integer('odometer_in').notNull(),
    mechanicEmployeeId: integer('mechanic_employee_id').references(() => rhEmployees.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    labourHours: numeric('labour_hours', { precision: 8, scale: 2 }).notNull().default('0'),
    labourRate: money('labour_rate').notNull().default('0'),
    externalCost: money('external_cost').notNull().default('0'),
    externalInvoice: text('external_invoice').notNull().default(''),
    notes: text('notes').notNull().default(''),
    partsCost: money('parts_cost'),
    total: money('total'),
    closedOn: date('closed_on', { mode: 'string' }),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('mt_orders_folio_uq').on(t.folio),
    index('mt_orders_vehicle_idx').on(t.vehicleId),
    index('mt_orders_status_idx').on(t.status),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('mt_orders_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
    check('mt_orders_status_ck', sql`${t.status} in ('abierta', 'en_proceso', 'cerrada', 'cancelada')`),
    check('mt_orders_figures_ck', sql`${t.odometerIn} >= 0 and ${t.labourHours} >= 0 and ${t.labourRate} >= 0 and ${t.externalCost} >= 0`),
  ],
);

/** The services an order does (and the schedule row it moves when it closes). */
export const mtOrderServices = pgTable(
  'mt_order_services',
  {
    orderId: integer('order_id').notNull().references(() => mtOrders.id),
    serviceId: integer('service_id').notNull().references(() => mtServices.id),
    scheduleId: integer('schedule_id').references(() => mtSchedules.id),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.serviceId] }), index('mt_order_services_schedule_idx').on(t.scheduleId)],
);

/** The Almacén requisitions that ask for an order's parts. */
export const mtOrderRequisitions = pgTable(
  'mt_order_requisitions',
  {
    orderId: integer('order_id').notNull().references(() => mtOrders.id),
    requisitionId: integer('requisition_id').notNull().references(() => warehouseRequisitions.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.requisitionId] }), uniqueIndex('mt_order_requisitions_req_uq').on(t.requisitionId)],
);
