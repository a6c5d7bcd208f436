// Mantenimiento tables. The failure reports (Gestión de reportes) are the one
// table Seguridad writes too: an inspection's "no cumple" raises a report here
// through maintenance/service.ts, and both modules read its outcome.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/tables';
import { rhEmployees } from '../rh/tables';
import { vpVehicles } from '../vehicle-park/tables';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);

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
    check('mt_failure_reports_source_ck', sql`${t.source} in ('conductor', 'seguridad', 'otro')`),
    check('mt_failure_reports_status_ck', sql`${t.status} in ('nuevo', 'asignado', 'en_orden', 'atendido', 'descartado')`),
    check('mt_failure_reports_priority_ck', sql`${t.priority} is null or ${t.priority} in ('baja', 'media', 'alta', 'urgente')`),
  ],
);
