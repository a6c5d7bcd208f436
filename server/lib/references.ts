// How a person recognises an audited record in an activity list or a
// Historial: its folio or name ("COT-00012 · HOSPITAL GENERAL", "REQ-000003",
// "Caja general · Período 2") instead of the internal id the audit log keeps.
// Each module declares, for every entity it audits, the SQL that reads the
// record's parts (a json object, run in the same statement as the audit
// entries: no N+1) and the label made of them; these are the helpers they
// share. The platform reads the declarations from the module registry.
import { sql, type SQL } from 'drizzle-orm';

/** What the SQL reads of the record: a folio and/or a name (each entity picks). */
export type ReferenceParts = { folio?: number | null; serie?: string | null; name?: string | null };

/** The parts of one entity's record, as a json object, for the record whose numeric id is `id`. */
export type PartsOf = (id: SQL) => SQL;

export type Label = (p: ReferenceParts) => string;

// ---- SQL (each module's data layer uses them) ----

/** A record shown by its `name` column. */
export const named =
  (table: string): PartsOf =>
  (id) =>
    sql`(select json_build_object('name', x.name) from ${sql.raw(table)} x where x.id = ${id})`;

/** A document with a folio and its counterpart's name (`from` aliases the document x and the counterpart n). */
export const document =
  (from: string): PartsOf =>
  (id) =>
    sql`(select json_build_object('folio', x.folio, 'name', n.name) from ${sql.raw(from)} where x.id = ${id})`;

// ---- labels ----

export const joined = (...texts: (string | null | undefined)[]) => texts.filter(Boolean).join(' · ');
export const name: Label = (p) => p.name ?? '';
/** A document with a folio, shown with its counterpart's name ("PAG-00003 · CLIENTE"). */
export const withName =
  (folio: Label): Label =>
  (p) =>
    joined(folio(p), p.name);
export const folio: Label = (p) => (p.folio === null || p.folio === undefined ? '' : String(p.folio));
/** A folio formatted by its module ("OM-000004"), then the name; nothing for a record without folio. */
export const formattedFolio =
  (format: (folio: number) => string): Label =>
  (p) =>
    joined(p.folio === null || p.folio === undefined ? '' : format(p.folio), p.name);

/** The text a person reads, or null when there is no label, no record (deleted since) or nothing to show. */
export function labelOf(label: Label | undefined, parts: ReferenceParts | null): string | null {
  if (!label || !parts) return null;
  return label(parts) || null;
}
