// How a person recognises an audited record in an activity list: its folio
// or name ("COT-00012 · HOSPITAL GENERAL", "REQ-000003", "Caja general ·
// Período 2") instead of the internal id the audit log keeps. One SQL
// expression reads each entry's parts in the same statement as the entries
// (no N+1); the folio formats stay each module's own. A new audited entity
// adds its line here (a unit test checks every entity the services audit).
import { sql, type SQL } from 'drizzle-orm';
import { folioLabel, invoiceLabel } from '../../../schema/sales/labels';
import { auditLog } from '../../db/tables';
import { formatCountFolio, formatMovementFolio, formatPdmFolio, formatRequisitionFolio } from '../warehouse/service';
import { formatDeliveryFolio, formatInspectionFolio, formatPermitFolio } from '../../../schema/security/labels';
import { formatFailureReportFolio, formatOrderFolio } from '../maintenance/service';

/** What the SQL reads of the record: a folio and/or a name (each entity picks). */
export type ReferenceParts = { folio?: number | null; serie?: string | null; name?: string | null };

type Reference = {
  /** A json object of the parts, for the record whose numeric id is `id`. */
  parts: (id: SQL) => SQL;
  label: (p: ReferenceParts) => string;
};

const joined = (...texts: (string | null | undefined)[]) => texts.filter(Boolean).join(' · ');
const named = (table: string): Reference => ({
  parts: (id) => sql`(select json_build_object('name', x.name) from ${sql.raw(table)} x where x.id = ${id})`,
  label: (p) => p.name ?? '',
});
/** A document with a folio, shown with its counterpart's name ("PAG-00003 · CLIENTE"). */
const document = (from: string, folio: (p: ReferenceParts) => string): Reference => ({
  parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', n.name) from ${sql.raw(from)} where x.id = ${id})`,
  label: (p) => joined(folio(p), p.name),
});
const folio = (p: ReferenceParts) => (p.folio === null || p.folio === undefined ? '' : String(p.folio));

export const AUDIT_REFERENCES: Readonly<Record<string, Reference>> = {
  // Configuración
  user: named('users'),
  role: named('roles'),
  module: named('app_modules'),
  submodule: named('submodules'),
  service_account: named('service_accounts'),
  // Compras
  supplier: named('suppliers'),
  company_account: named('company_accounts'),
  account_entry: {
    parts: (id) => sql`(select json_build_object('name', x.reference) from account_entries x where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  account_transfer: {
    parts: (id) => sql`(select json_build_object('folio', ${id}, 'name', min(x.reference)) from account_entries x where x.source_entity = 'account_transfer' and x.source_id = ${id}::text)`,
    label: (p) => joined(`Traspaso ${folio(p)}`, p.name),
  },
  expense: document('expenses x join suppliers n on n.id = x.supplier_id', folio),
  supplier_payment: document('supplier_payments x join suppliers n on n.id = x.supplier_id', folio),
  payment_request: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.description) from payment_requests x where x.id = ${id})`,
    label: (p) => joined(folio(p), p.name),
  },
  // Ventas
  client: named('clients'),
  company_profile: named('company_profile'),
  quote: document('quotes x join clients n on n.id = x.client_id', (p) => folioLabel('quote', p.folio)),
  contract: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.name) from contracts x where x.id = ${id})`,
    label: (p) => joined(folioLabel('contract', p.folio), p.name),
  },
  service_order: document('service_orders x join clients n on n.id = x.client_id', (p) => folioLabel('order', p.folio)),
  order_delivery: {
    parts: (id) => sql`(select json_build_object('folio', o.folio, 'name', x.received_by) from order_deliveries x join service_orders o on o.id = x.order_id where x.id = ${id})`,
    label: (p) => joined(folioLabel('order', p.folio), p.name),
  },
  generator: document('generators x join clients n on n.id = x.client_id', (p) => folioLabel('generator', p.folio)),
  invoice: {
    parts: (id) => sql`(select json_build_object('serie', x.serie, 'folio', x.folio, 'name', n.name) from invoices x join clients n on n.id = x.client_id where x.id = ${id})`,
    label: (p) => joined(invoiceLabel(p.serie ?? '', p.folio), p.name),
  },
  client_payment: document('client_payments x join clients n on n.id = x.client_id', (p) => folioLabel('payment', p.folio)),
  other_income: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.concept) from other_incomes x where x.id = ${id})`,
    label: (p) => joined(folioLabel('otherIncome', p.folio), p.name),
  },
  // Almacén
  warehouse: named('wh_warehouses'),
  product_line: named('wh_product_lines'),
  stock_concept: named('wh_concepts'),
  article: {
    parts: (id) => sql`(select json_build_object('serie', x.sku, 'name', x.name) from wh_articles x where x.id = ${id})`,
    label: (p) => joined(p.serie, p.name),
  },
  stock_movement: {
    parts: (id) => sql`(select json_build_object('serie', x.series, 'folio', x.folio) from wh_movements x where x.id = ${id})`,
    label: (p) => (p.folio ? formatMovementFolio(p.serie ?? '', p.folio) : ''),
  },
  requisition: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.area) from wh_requisitions x where x.id = ${id})`,
    label: (p) => joined(p.folio ? formatRequisitionFolio(p.folio) : '', p.name),
  },
  pdm_request: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.supplier) from wh_pdm_requests x where x.id = ${id})`,
    label: (p) => joined(p.folio ? formatPdmFolio(p.folio) : '', p.name),
  },
  inventory_count: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', w.name) from wh_counts x join wh_warehouses w on w.id = x.warehouse_id where x.id = ${id})`,
    label: (p) => joined(p.folio ? formatCountFolio(p.folio) : '', p.name),
  },
  // Caja
  cash_concept: named('cash_concepts'),
  cash_period: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', b.name) from cash_periods x join cash_boxes b on b.id = x.cash_box_id where x.id = ${id})`,
    label: (p) => joined(p.name, `Período ${folio(p)}`),
  },
  cash_movement: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.description) from cash_movements x where x.id = ${id})`,
    label: (p) => joined(folio(p), p.name),
  },
  // Recursos Humanos
  rh_fiscal_year: {
    parts: (id) => sql`(select json_build_object('folio', x.year) from rh_fiscal_years x where x.year = ${id})`,
    label: (p) => (p.folio ? `Tablas fiscales ${p.folio}` : ''),
  },
  rh_area: named('rh_areas'),
  rh_position: named('rh_positions'),
  rh_workplace: {
    parts: (id) => sql`(select json_build_object('name', x.code) from rh_workplaces x where x.id = ${id})`,
    label: (p) => (p.name ? `Plaza ${p.name}` : ''),
  },
  rh_document_type: named('rh_document_types'),
  rh_concept: {
    parts: (id) => sql`(select json_build_object('name', x.code || ' ' || x.name) from rh_concepts x where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  rh_employee: {
    parts: (id) => sql`(select json_build_object('name', x.number || ' · ' || x.last_name || ' ' || x.second_last_name || ' ' || x.names) from rh_employees x where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  rh_agreement: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from rh_agreements x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
    label: (p) => joined(`Convenio ${folio(p)}`, p.name),
  },
  rh_payroll: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.period_start::text || ' a ' || x.period_end::text) from rh_payrolls x where x.id = ${id})`,
    label: (p) => joined(`Nómina ${folio(p)}`, p.name),
  },
  // Historial: a note names the record it was left on, and starts with its text.
  record_note: {
    parts: (id) => sql`(select json_build_object('name', left(x.body, 60)) from record_notes x where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  saved_view: named('saved_views'),
  // Parque Vehicular
  vehicle: {
    parts: (id) => sql`(select json_build_object('name', x.economic_number || case when x.plate <> '' then ' · ' || x.plate else '' end) from vp_vehicles x where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  vehicle_odometer: {
    parts: (id) => sql`(select json_build_object('name', v.economic_number || ' · ' || x.km || ' km') from vp_odometer_readings x join vp_vehicles v on v.id = x.vehicle_id where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  vp_group: named('vp_groups'),
  vp_location: named('vp_locations'),
  vp_document_type: named('vp_document_types'),
  // Mantenimiento
  mt_failure_report: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.title) from mt_failure_reports x where x.id = ${id})`,
    label: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatFailureReportFolio(p.folio), p.name),
  },
  // Seguridad
  sec_inspection_type: named('sec_inspection_types'),
  sec_schedule: {
    parts: (id) => sql`(select json_build_object('name', t.name || ' · ' || x.area || ' · ' || x.due_on::text) from sec_schedules x join sec_inspection_types t on t.id = x.type_id where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  sec_inspection: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.type_name || ' · ' || x.area) from sec_inspections x where x.id = ${id})`,
    label: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatInspectionFolio(p.folio), p.name),
  },
  sec_permit: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.area) from sec_permits x where x.id = ${id})`,
    label: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatPermitFolio(p.folio), p.name),
  },
  sec_tool: {
    parts: (id) => sql`(select json_build_object('name', x.code || ' · ' || x.name) from sec_tools x where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  sec_delivery: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from sec_deliveries x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
    label: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatDeliveryFolio(p.folio), p.name),
  },
  // Mantenimiento (catálogo, programación, órdenes)
  mt_service: named('mt_services'),
  mt_settings: { parts: () => sql`(select json_build_object('name', 'Margen de próximo'))`, label: (p) => p.name ?? '' },
  mt_schedule: {
    parts: (id) => sql`(select json_build_object('name', v.economic_number || ' · ' || s.name) from mt_schedules x join vp_vehicles v on v.id = x.vehicle_id join mt_services s on s.id = x.service_id where x.id = ${id})`,
    label: (p) => p.name ?? '',
  },
  mt_order: {
    parts: (id) => sql`(select json_build_object('folio', x.folio, 'name', v.economic_number) from mt_orders x join vp_vehicles v on v.id = x.vehicle_id where x.id = ${id})`,
    label: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatOrderFolio(p.folio), p.name),
  },
};

/** Entities audited without a record a person would look up (a session id is half a credential; the demo load). */
export const UNREFERENCED_ENTITIES = ['session', 'company'] as const;

/** The record's numeric id, or null for ids that are not one ("demo", a session uuid, "import"). */
const recordId = sql`(case when ${auditLog.entityId} ~ '^[0-9]{1,15}$' then ${auditLog.entityId}::bigint end)`;

/** The parts of the audited record, one column of the audit select: a json object, or null (no such entity, or deleted since). */
export const auditReferenceParts: SQL<ReferenceParts | null> = sql`(case ${auditLog.entity} ${sql.join(
  Object.entries(AUDIT_REFERENCES).map(([entity, r]) => sql`when ${entity} then ${r.parts(recordId)}`),
  sql` `,
)} end)`;

/** "COT-00012 · HOSPITAL GENERAL", or null when the record has nothing to show or no longer exists. */
export function auditReference(entity: string, parts: ReferenceParts | null): string | null {
  const reference = AUDIT_REFERENCES[entity];
  if (!reference || !parts) return null;
  return reference.label(parts) || null;
}
