// Attachments of any module (supplier CFDI XML/PDF, cash receipts, Ventas
// evidence, employee and vehicle documents). The bytes arrive through
// POST /api/files (server/http/files.ts: streamed, size-capped, content
// sniffed) and wait in `uploads` unattached; the module's mutation then
// claims the upload id inside its own transaction, which records the ability
// subject that guards downloads. Unattached uploads are swept after the grace
// period, bytes included.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { RequestContext } from '../context';
import { queryRows, type Executor } from '../db/database';
import type { AppServices } from '../services';
import { badInput } from './errors';
import { createStorage, isStorageError, localStorageRoot, toKeySegment, validateUpload, type FileStorage, type UploadType } from '../storage';

const storages = new Map<string, FileStorage>();

/** The configured storage backend (local disk under <ERP_DATA_DIR>/files unless ERP_STORAGE_BUCKET names a bucket). */
export function storageFor(config: Config): FileStorage {
  const id = config.storageBucket ? `bucket:${config.storageBucket}` : localStorageRoot(config.dataDir);
  let storage = storages.get(id);
  if (!storage) {
    storage = config.storageBucket
      ? createStorage({
          backend: 'bucket',
          bucket: config.storageBucket,
          projectId: config.firebase.projectId ?? '',
          credentialsJson: config.storageCredentialsJson ?? undefined,
          prefix: 'erp',
        })
      : createStorage({ backend: 'local', root: id });
    storages.set(id, storage);
  }
  return storage;
}

export const storageOf = (ctx: RequestContext): FileStorage => storageFor(ctx.app.config);

/** Storage failures become a Spanish BAD_USER_INPUT instead of an internal error. */
export async function withStorage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isStorageError(err)) throw badInput({ file: err.message }, err.message);
    throw err;
  }
}

export type UploadRow = {
  id: string;
  storageKey: string;
  previewKey: string | null;
  fileName: string;
  contentType: string;
  fileType: UploadType;
  size: number;
  sha256: string;
  uploadedBy: number | null;
  uploadedAt: Date;
  subject: string | null;
  ownerEntity: string | null;
  ownerId: string | null;
  attachedAt: Date | null;
};

const UPLOAD_COLUMNS = sql`id, storage_key as "storageKey", preview_key as "previewKey", file_name as "fileName",
  content_type as "contentType", file_type as "fileType", size, sha256, uploaded_by as "uploadedBy",
  uploaded_at as "uploadedAt", subject, owner_entity as "ownerEntity", owner_id as "ownerId", attached_at as "attachedAt"`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUploadId = (value: string): boolean => UUID_RE.test(value);

export async function findUpload(ex: Executor, id: string): Promise<UploadRow | null> {
  if (!isUploadId(id)) return null;
  const rows = await queryRows<UploadRow>(ex, sql`select ${UPLOAD_COLUMNS} from uploads where id = ${id}`);
  return rows[0] ?? null;
}

export async function insertUpload(ex: Executor, row: Omit<UploadRow, 'uploadedAt' | 'subject' | 'ownerEntity' | 'ownerId' | 'attachedAt'>): Promise<void> {
  await ex.execute(sql`insert into uploads (id, storage_key, preview_key, file_name, content_type, file_type, size, sha256, uploaded_by)
    values (${row.id}, ${row.storageKey}, ${row.previewKey}, ${row.fileName}, ${row.contentType}, ${row.fileType}, ${row.size}, ${row.sha256}, ${row.uploadedBy})`);
}

export const newUploadKey = (fileName: string): { id: string; key: string; previewKey: string } => {
  const id = randomUUID();
  const month = new Date().toISOString().slice(0, 7);
  return { id, key: `uploads/${month}/${id}-${toKeySegment(fileName)}`, previewKey: `uploads/${month}/${id}-preview.webp` };
};

export type ClaimOptions = {
  /** File types this attachment accepts. */
  allowed: readonly UploadType[];
  /** An XML must be a SAT CFDI. */
  xml?: 'cfdi';
  /** Ability subject whose `ver` guards downloads, e.g. 'Compras-Gastos'. */
  subject: string;
  ownerEntity: string;
  ownerId: number | string;
  /** Input field the Spanish message names (default `file`). */
  field?: string;
};

const typeList = (types: readonly UploadType[]) => types.map((t) => t.toUpperCase()).join(', ');

/**
 * Attaches an upload to a record inside the caller's transaction. Refused as
 * BAD_USER_INPUT (Spanish, on `field`) when the id names nothing, someone
 * else's upload, an upload already attached, or a type this record does not take.
 */
export async function claimUpload(tx: Executor, ctx: RequestContext, uploadId: string, opts: ClaimOptions): Promise<UploadRow> {
  const field = opts.field ?? 'file';
  const rows = isUploadId(uploadId)
    ? await queryRows<UploadRow>(tx, sql`select ${UPLOAD_COLUMNS} from uploads where id = ${uploadId} for update`)
    : [];
  const upload = rows[0];
  if (!upload || ctx.auth?.id == null || upload.uploadedBy !== ctx.auth.id) throw badInput({ [field]: 'El archivo no existe o expiró: vuelve a subirlo.' });
  if (upload.attachedAt) throw badInput({ [field]: 'Ese archivo ya está adjunto a otro registro: vuelve a subirlo.' });
  if (!opts.allowed.includes(upload.fileType)) throw badInput({ [field]: `Tipo de archivo no permitido aquí. Sube ${typeList(opts.allowed)}.` });
  if (opts.xml === 'cfdi' && upload.fileType === 'xml') {
    const bytes = await withStorage(() => storageOf(ctx).get(upload.storageKey));
    try {
      validateUpload(new Uint8Array(bytes), upload.fileName, { xml: 'cfdi', maxBytes: bytes.length });
    } catch (err) {
      if (isStorageError(err)) throw badInput({ [field]: err.message });
      throw err;
    }
  }
  await tx.execute(sql`update uploads set subject = ${opts.subject}, owner_entity = ${opts.ownerEntity}, owner_id = ${String(opts.ownerId)},
    attached_at = now() where id = ${upload.id}`);
  return upload;
}

/** Forgets an attachment inside the caller's transaction; call removeUploadBytes after commit. */
export async function detachUpload(tx: Executor, uploadId: string | null): Promise<UploadRow | null> {
  if (!uploadId) return null;
  const rows = await queryRows<UploadRow>(tx, sql`delete from uploads where id = ${uploadId} returning ${UPLOAD_COLUMNS}`);
  return rows[0] ?? null;
}

export async function removeUploadBytes(storage: FileStorage, upload: Pick<UploadRow, 'storageKey' | 'previewKey'> | null): Promise<void> {
  if (!upload) return;
  await storage.remove(upload.storageKey).catch(() => undefined);
  if (upload.previewKey) await storage.remove(upload.previewKey).catch(() => undefined);
}

/** Removes uploads no mutation attached within the grace period; returns how many. */
export async function sweepUnattachedUploads(app: Pick<AppServices, 'config' | 'database'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - app.config.uploadGraceMinutes * 60_000);
  const stale = await queryRows<UploadRow>(
    app.database.db,
    sql`delete from uploads where attached_at is null and uploaded_at < ${cutoff.toISOString()}::timestamptz returning ${UPLOAD_COLUMNS}`,
  );
  const storage = storageFor(app.config);
  for (const upload of stale) await removeUploadBytes(storage, upload);
  return stale.length;
}

export const previewUrl = (uploadId: string | null, fileType: string | null): string | null =>
  uploadId && (fileType === 'png' || fileType === 'jpg' || fileType === 'webp') ? `/api/files/${uploadId}/preview` : null;

export type AttachmentRow = { id: string; fileName: string; fileType: string; contentType: string; size: number; uploadedAt: Date | string };

/** The GraphQL Attachment of a row read with attachmentJson. */
export const toAttachment = (row: AttachmentRow) => ({ ...row, url: `/api/files/${row.id}`, previewUrl: previewUrl(row.id, row.fileType) });

/** SQL: an uploads alias as one JSON object (null when the left join found none), for lists that show attachments. */
export const attachmentJson = (alias: string) => {
  if (!/^[a-z_]+$/.test(alias)) throw new Error('alias inválido');
  return sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'fileName', ${alias}.file_name, 'fileType', ${alias}.file_type, ` +
      `'contentType', ${alias}.content_type, 'size', ${alias}.size, 'uploadedAt', ${alias}.uploaded_at) end`,
  );
};
