// Documents kept per record by type (an employee's file, a vehicle's papers):
// the SQL is the same for every module that keeps them, only the tables
// differ. Each module's data.ts makes its store once, with its own table
// names (constants of the code, never input), and keeps its own row names.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/database';
import { attachmentJson, type AttachmentRow } from './attachments';

export type RecordDocumentTables = {
  /** The records that hold documents (rh_employees, vp_vehicles). */
  owners: string;
  /** Their documents (owner column, document_type_id, upload_id, expires_on, notes, created_by, created_at). */
  documents: string;
  /** The document types (name, required, expires, warning_days, active). */
  types: string;
  /** The documents' column pointing at the owner (employee_id, vehicle_id). */
  ownerColumn: string;
};

export type LatestDocumentRow = {
  ownerId: number;
  documentTypeId: number;
  documentTypeName: string;
  required: boolean;
  expires: boolean;
  warningDays: number;
  id: number | null;
  expiresOn: string | null;
  notes: string;
  file: AttachmentRow | null;
  uploadedAt: Date | null;
};

export type StoredRecordDocument = { id: number; ownerId: number; documentTypeId: number; uploadId: string; expiresOn: string | null; notes: string; fileName: string };

export function recordDocumentStore(tables: RecordDocumentTables) {
  const owners = sql.raw(tables.owners);
  const documents = sql.raw(tables.documents);
  const types = sql.raw(tables.types);
  const owner = sql.raw(tables.ownerColumn);
  return {
    /** One row per active document type (and per inactive type the record has a file of) with its latest upload, for each record. */
    async latestPerType(ex: Executor, ownerIds: number[]): Promise<LatestDocumentRow[]> {
      if (!ownerIds.length) return [];
      return queryRows<LatestDocumentRow>(
        ex,
        sql`select o.id as "ownerId", t.id as "documentTypeId", t.name as "documentTypeName", t.required, t.expires, t.warning_days as "warningDays",
            l.id, l.expires_on::text as "expiresOn", coalesce(l.notes, '') as notes, ${attachmentJson('f')} as file, l.created_at as "uploadedAt"
          from ${owners} o cross join ${types} t
          left join lateral (select d.id, d.expires_on, d.notes, d.upload_id, d.created_at from ${documents} d
            where d.${owner} = o.id and d.document_type_id = t.id order by d.id desc limit 1) l on true
          left join uploads f on f.id = l.upload_id
          where o.id in (${sql.join(ownerIds.map((id) => sql`${id}`), sql`, `)}) and (t.active or l.id is not null)
          order by o.id, t.required desc, lower(t.name), t.id`,
      );
    },
    async insert(ex: Executor, v: { ownerId: number; documentTypeId: number; uploadId: string; expiresOn: string | null; notes: string; createdBy: number | null }): Promise<number> {
      const rows = await queryRows<{ id: number }>(
        ex,
        sql`insert into ${documents} (${owner}, document_type_id, upload_id, expires_on, notes, created_by)
          values (${v.ownerId}, ${v.documentTypeId}, ${v.uploadId}, ${v.expiresOn}, ${v.notes}, ${v.createdBy}) returning id`,
      );
      return rows[0].id;
    },
    async find(ex: Executor, id: number): Promise<StoredRecordDocument | null> {
      const rows = await queryRows<StoredRecordDocument>(
        ex,
        sql`select d.id, d.${owner} as "ownerId", d.document_type_id as "documentTypeId", d.upload_id as "uploadId", d.expires_on::text as "expiresOn",
            d.notes, u.file_name as "fileName"
          from ${documents} d join uploads u on u.id = d.upload_id where d.id = ${id}`,
      );
      return rows[0] ?? null;
    },
    async remove(ex: Executor, id: number): Promise<void> {
      await ex.execute(sql`delete from ${documents} where id = ${id}`);
    },
  };
}
