// How a person recognises an audited record in an activity list: its folio
// or name ("COT-00012 · HOSPITAL GENERAL", "REQ-000003", "Caja general ·
// Período 2") instead of the internal id the audit log keeps. The SQL that
// reads each entry's parts, in the same statement as the entries (no N+1), is
// REFERENCE_PARTS in ./data; the labels and the folio formats (each module's
// own) are here. A new audited entity adds its line to both: typecheck fails
// until they name the same entities, and a unit test checks every entity the
// services audit.
import { folioLabel, invoiceLabel } from '../../../schema/sales/labels';
import { formatCountFolio, formatMovementFolio, formatPdmFolio, formatRequisitionFolio } from '../warehouse/service';
import { formatDeliveryFolio, formatInspectionFolio, formatPermitFolio } from '../../../schema/security/labels';
import { formatFailureReportFolio, formatOrderFolio } from '../maintenance/service';

/** What the SQL reads of the record: a folio and/or a name (each entity picks). */
export type ReferenceParts = { folio?: number | null; serie?: string | null; name?: string | null };

type Label = (p: ReferenceParts) => string;

const joined = (...texts: (string | null | undefined)[]) => texts.filter(Boolean).join(' · ');
const name: Label = (p) => p.name ?? '';
/** A document with a folio, shown with its counterpart's name ("PAG-00003 · CLIENTE"). */
const withName = (folio: Label): Label => (p) => joined(folio(p), p.name);
const folio: Label = (p) => (p.folio === null || p.folio === undefined ? '' : String(p.folio));

const LABELS = {
  // Configuración
  user: name,
  role: name,
  module: name,
  submodule: name,
  service_account: name,
  // Compras
  supplier: name,
  company_account: name,
  account_entry: name,
  account_transfer: (p) => joined(`Traspaso ${folio(p)}`, p.name),
  expense: withName(folio),
  supplier_payment: withName(folio),
  payment_request: withName(folio),
  // Ventas
  client: name,
  company_profile: name,
  quote: withName((p) => folioLabel('quote', p.folio)),
  contract: withName((p) => folioLabel('contract', p.folio)),
  service_order: withName((p) => folioLabel('order', p.folio)),
  order_delivery: withName((p) => folioLabel('order', p.folio)),
  generator: withName((p) => folioLabel('generator', p.folio)),
  invoice: (p) => joined(invoiceLabel(p.serie ?? '', p.folio), p.name),
  client_payment: withName((p) => folioLabel('payment', p.folio)),
  other_income: withName((p) => folioLabel('otherIncome', p.folio)),
  // Almacén
  warehouse: name,
  product_line: name,
  stock_concept: name,
  article: (p) => joined(p.serie, p.name),
  stock_movement: (p) => (p.folio ? formatMovementFolio(p.serie ?? '', p.folio) : ''),
  requisition: (p) => joined(p.folio ? formatRequisitionFolio(p.folio) : '', p.name),
  pdm_request: (p) => joined(p.folio ? formatPdmFolio(p.folio) : '', p.name),
  inventory_count: (p) => joined(p.folio ? formatCountFolio(p.folio) : '', p.name),
  // Caja
  cash_concept: name,
  cash_period: (p) => joined(p.name, `Período ${folio(p)}`),
  cash_movement: withName(folio),
  // Recursos Humanos
  rh_fiscal_year: (p) => (p.folio ? `Tablas fiscales ${p.folio}` : ''),
  rh_area: name,
  rh_position: name,
  rh_workplace: (p) => (p.name ? `Plaza ${p.name}` : ''),
  rh_document_type: name,
  rh_concept: name,
  rh_employee: name,
  rh_agreement: (p) => joined(`Convenio ${folio(p)}`, p.name),
  rh_payroll: (p) => joined(`Nómina ${folio(p)}`, p.name),
  // Historial: a note names the record it was left on, and starts with its text.
  record_note: name,
  saved_view: name,
  // Parque Vehicular
  vehicle: name,
  vehicle_odometer: name,
  vp_group: name,
  vp_location: name,
  vp_document_type: name,
  // Mantenimiento
  mt_failure_report: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatFailureReportFolio(p.folio), p.name),
  // Seguridad
  sec_inspection_type: name,
  sec_schedule: name,
  sec_inspection: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatInspectionFolio(p.folio), p.name),
  sec_permit: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatPermitFolio(p.folio), p.name),
  sec_tool: name,
  sec_delivery: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatDeliveryFolio(p.folio), p.name),
  // Mantenimiento (catálogo, programación, órdenes)
  mt_service: name,
  mt_settings: name,
  mt_schedule: name,
  mt_order: (p) => joined(p.folio === null || p.folio === undefined ? '' : formatOrderFolio(p.folio), p.name),
} satisfies Record<string, Label>;

/** The entities shown by folio or name; ./data reads the parts of exactly these. */
export type ReferencedEntity = keyof typeof LABELS;

export const AUDIT_REFERENCES: Readonly<Record<string, Label>> = LABELS;


/** Entities audited without a record a person would look up (a session id is half a credential; the demo load). */
export const UNREFERENCED_ENTITIES = ['session', 'company'] as const;

/** "COT-00012 · HOSPITAL GENERAL", or null when the record has nothing to show or no longer exists. */
export function auditReference(entity: string, parts: ReferenceParts | null): string | null {
  const reference = AUDIT_REFERENCES[entity];
  if (!reference || !parts) return null;
  return reference(parts) || null;
}
