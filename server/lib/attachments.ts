// Attachments of any module (supplier CFDI XML/PDF, cash receipts, Ventas files):
// base64 through GraphQL, content sniffed by validateUpload, bytes kept by the
// storage layer (local disk under <ERP_DATA_DIR>/files), metadata in the
// module's own table.
//
// The GraphQL endpoint accepts JSON bodies of at most 1 MB, so the decoded
// file is capped below that (base64 grows 4/3).
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../context';
import { badInput } from './errors';
import { createStorage, isStorageError, localStorageRoot, toKeySegment, validateUpload, type FileStorage, type UploadInfo } from '../storage';

export const MAX_ATTACHMENT_BYTES = 700 * 1024;

const storages = new Map<string, FileStorage>();

export function storageOf(ctx: RequestContext): FileStorage {
  const root = localStorageRoot(ctx.app.config.dataDir);
  let storage = storages.get(root);
  if (!storage) {
    storage = createStorage({ backend: 'local', root });
    storages.set(root, storage);
  }
  return storage;
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes and validates an upload; BAD_USER_INPUT on `file` with the storage layer's Spanish message. */
export function readUpload(
  fileName: string,
  contentBase64: string,
  allowed: readonly UploadInfo['type'][],
  expect: { xml?: 'cfdi' } = {},
): { bytes: Uint8Array; info: UploadInfo } {
  const text = contentBase64.replace(/\s+/g, '');
  if (!text || text.length % 4 !== 0 || !BASE64_RE.test(text)) throw badInput({ file: 'El contenido del archivo no es base64 válido.' });
  if ((text.length / 4) * 3 > MAX_ATTACHMENT_BYTES + 3) throw badInput({ file: 'El archivo excede el tamaño máximo de 700 KB.' });
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  let info: UploadInfo;
  try {
    info = validateUpload(bytes, fileName, { maxBytes: MAX_ATTACHMENT_BYTES, xml: expect.xml });
  } catch (err) {
    if (isStorageError(err)) throw badInput({ file: err.message });
    throw err;
  }
  if (!allowed.includes(info.type)) {
    throw badInput({ file: `Tipo de archivo no permitido aquí. Sube ${allowed.map((t) => t.toUpperCase()).join(', ')}.` });
  }
  return { bytes, info };
}

export const storageKey = (folder: string, ownerId: number, info: UploadInfo): string =>
  `${folder}/${ownerId}/${randomUUID()}-${toKeySegment(info.fileName)}`;

/** Storage failures become a Spanish BAD_USER_INPUT instead of an internal error. */
export async function withStorage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isStorageError(err)) throw badInput({ file: err.message }, err.message);
    throw err;
  }
}
