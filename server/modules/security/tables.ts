// Seguridad tables: inspection types and their checklist; planned inspections
// (Programación) with recurrence; inspections that keep their own copy of the
// checklist (editing a type never changes an inspection already done), with
// one answer per item and its photo; work permits with their workers; tools
// and PPE (tools by unit, PPE by stock) with every delivery, return and
// repair; deliveries to employees with their lines. Failure reports raised
// from a "no cumple" live in Mantenimiento's mt_failure_reports.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uploads, users } from '../../db/tables';
import { rhEmployees } from '../rh/tables';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);
const weight = (name: string) => numeric(name, { precision: 8, scale: 2 });
const pct = (name: string) => numeric(name, { precision: 5, scale: 2 });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const secInspectionTypes = pgTable(
  'sec_inspection_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    passingScore: pct('passing_score').notNull().default('80'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('sec_inspection_types_name_uq').on(sql`lower(${t.name})`)],
);

export const secInspectionTypeItems = pgTable(
  'sec_inspection_type_items',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id').notNull().references(() => secInspectionTypes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    weight: weight('weight').notNull(),
    critical: boolean('critical').notNull().default(false),
    evidenceRequired: boolean('evidence_required').notNull().default(false),
  },
  (t) => [uniqueIndex('sec_inspection_type_items_pos_uq').on(t.typeId, t.position), check('sec_inspection_type_items_weight_ck', sql`${t.weight} > 0`)],
);

export const secSchedules = pgTable(
  'sec_schedules',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id').notNull().references(() => secInspectionTypes.id),
    area: text('area').notNull(),
    responsibleEmployeeId: integer('responsible_employee_id').notNull().references(() => rhEmployees.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    recurrence: text('recurrence').notNull().default('none'),
    /** Day of the month the plan started on: a monthly plan from the 31st comes back to the 31st after February. */
    anchorDay: integer('anchor_day').notNull(),
    status: text('status').notNull().default('pendiente'),
    inspectionId: integer('inspection_id'),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    index('sec_schedules_due_idx').on(t.status, t.dueOn),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('sec_schedules_due_list_idx').on(t.dueOn.asc().nullsFirst(), t.id),
    check('sec_schedules_recurrence_ck', sql`${t.recurrence} in ('none', 'weekly', 'monthly', 'quarterly')`),
    check('sec_schedules_status_ck', sql`${t.status} in ('pendiente', 'realizada', 'cancelada')`),
  ],
);

export const secInspections = pgTable(
  'sec_inspections',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    typeId: integer('type_id').notNull().references(() => secInspectionTypes.id),
    /** The type's name and passing score when the inspection was made. */
    typeName: text('type_name').notNull(),
    passingScore: pct('passing_score').notNull(),
    scheduleId: integer('schedule_id').references(() => secSchedules.id),
    area: text('area').notNull(),
    inspectorEmployeeId: integer('inspector_employee_id').notNull().references(() => rhEmployees.id),
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('borrador'),
    score: pct('score'),
    result: text('result'),
    notes: text('notes').notNull().default(''),
    closedAt: ts('closed_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('sec_inspections_folio_uq').on(t.folio),
    index('sec_inspections_date_idx').on(t.inspectedOn),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('sec_inspections_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
    check('sec_inspections_status_ck', sql`${t.status} in ('borrador', 'cerrada')`),
    check('sec_inspections_result_ck', sql`${t.result} is null or ${t.result} in ('aprobada', 'reprobada')`),
  ],
);

export const secInspectionAnswers = pgTable(
  'sec_inspection_answers',
  {
    id: serial('id').primaryKey(),
    inspectionId: integer('inspection_id').notNull().references(() => secInspections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    weight: weight('weight').notNull(),
    critical: boolean('critical').notNull(),
    evidenceRequired: boolean('evidence_required').notNull(),
    answer: text('answer'),
    note: text('note').notNull().default(''),
    photoUploadId: uuid('photo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The Mantenimiento failure report this "no cumple" raised. */
    failureReportId: integer('failure_report_id'),
  },
  (t) => [
    uniqueIndex('sec_inspection_answers_pos_uq').on(t.inspectionId, t.position),
    check('sec_inspection_answers_answer_ck', sql`${t.answer} is null or ${t.answer} in ('cumple', 'no_cumple', 'na')`),
  ],
);

export const secPermits = pgTable(
  'sec_permits',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    kind: text('kind').notNull(),
    requesterEmployeeId: integer('requester_employee_id').notNull().references(() => rhEmployees.id),
    area: text('area').notNull(),
    description: text('description').notNull().default(''),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    /** Keys of the kind's checklist (schema/security/permits.ts) that were checked. */
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('solicitado'),
    cancelReason: text('cancel_reason'),
    authorizedBy: integer('authorized_by').references(() => users.id),
    authorizedAt: ts('authorized_at'),
    closedAt: ts('closed_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('sec_permits_folio_uq').on(t.folio),
    index('sec_permits_status_idx').on(t.status, t.validTo),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('sec_permits_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
    check('sec_permits_kind_ck', sql`${t.kind} in ('altura', 'caliente', 'confinado', 'electrico')`),
    check('sec_permits_status_ck', sql`${t.status} in ('solicitado', 'autorizado', 'cerrado', 'cancelado')`),
    check('sec_permits_window_ck', sql`${t.validTo} > ${t.validFrom}`),
  ],
);

export const secPermitWorkers = pgTable(
  'sec_permit_workers',
  {
    permitId: integer('permit_id').notNull().references(() => secPermits.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
  },
  (t) => [primaryKey({ columns: [t.permitId, t.employeeId] }), index('sec_permit_workers_employee_idx').on(t.employeeId)],
);

export const secTools = pgTable(
  'sec_tools',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    serial: text('serial').notNull().default(''),
    category: text('category').notNull(),
    status: text('status').notNull().default('disponible'),
    /** PPE on hand (tools are one unit each: 0). */
    stock: integer('stock').notNull().default(0),
    holderEmployeeId: integer('holder_employee_id').references(() => rhEmployees.id),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('sec_tools_code_uq').on(sql`lower(${t.code})`),
    index('sec_tools_status_idx').on(t.category, t.status),
    check('sec_tools_category_ck', sql`${t.category} in ('herramienta', 'epp')`),
    check('sec_tools_status_ck', sql`${t.status} in ('disponible', 'asignada', 'en_reparacion', 'baja')`),
    check('sec_tools_stock_ck', sql`${t.stock} >= 0`),
  ],
);

export const secDeliveries = pgTable(
  'sec_deliveries',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    /** Name typed by whoever received the equipment (the acknowledgement). */
    receivedBy: text('received_by').notNull(),
    /** The signature drawn on screen, as a PNG data URL (optional). */
    signature: text('signature'),
    deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sec_deliveries_folio_uq').on(t.folio),
    index('sec_deliveries_employee_idx').on(t.employeeId),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('sec_deliveries_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
  ],
);

export const secDeliveryLines = pgTable(
  'sec_delivery_lines',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id').notNull().references(() => secDeliveries.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id').notNull().references(() => secTools.id),
    quantity: integer('quantity').notNull(),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    version: version(),
  },
  (t) => [
    index('sec_delivery_lines_tool_idx').on(t.toolId),
    check('sec_delivery_lines_qty_ck', sql`${t.quantity} > 0 and ${t.returnedQuantity} >= 0 and ${t.returnedQuantity} <= ${t.quantity}`),
  ],
);

/** Every event of a tool or PPE item: alta, entrega, devolución (with its condition), reparación, baja, ajuste. */
export const secToolEvents = pgTable(
  'sec_tool_events',
  {
    id: serial('id').primaryKey(),
    toolId: integer('tool_id').notNull().references(() => secTools.id),
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull().default(1),
    employeeId: integer('employee_id').references(() => rhEmployees.id),
    deliveryId: integer('delivery_id').references(() => secDeliveries.id),
    condition: text('condition'),
    reason: text('reason').notNull().default(''),
    stockAfter: integer('stock_after'),
    statusAfter: text('status_after').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('sec_tool_events_tool_idx').on(t.toolId, t.id),
    check('sec_tool_events_kind_ck', sql`${t.kind} in ('alta', 'entrega', 'devolucion', 'reparacion', 'reparada', 'baja', 'ajuste')`),
    check('sec_tool_events_condition_ck', sql`${t.condition} is null or ${t.condition} in ('bueno', 'danado', 'perdido')`),
  ],
);
