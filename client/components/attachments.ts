// Files travel over /api/files, never inside GraphQL: uploads stream with a
// progress callback and can be cancelled; downloads and image previews are
// fetched with the session token. The app registers how to read the token
// (client/app/session/session.ts), so these helpers stay independent of it.
import { downloadBlob } from './exportRows';
import { fileToken } from './fileAuth';
import { FILE_ERROR_MESSAGES } from '../../schema/storage';

/** `der`: SAT's .cer certificates and .key private keys (the company's CSD). */
export type FileType = 'pdf' | 'png' | 'jpg' | 'webp' | 'xlsx' | 'csv' | 'xml' | 'der';

export type UploadedFile = { id: string; fileName: string; contentType: string; fileType: FileType; size: number };

/** The Spanish message of every file-transfer code (shared with the server), plus a dropped connection. */
export const STORAGE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  ...FILE_ERROR_MESSAGES,
  network: 'No hay conexión con el servidor. Revisa tu red e inténtalo de nuevo.',
};

export class FileTransferError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? STORAGE_ERROR_MESSAGES[code] ?? STORAGE_ERROR_MESSAGES.unknown);
    this.name = 'FileTransferError';
  }
}

const authHeader = (): Record<string, string> => {
  const token = fileToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** The server's `{ error: { code, message } }`, or a code for what the status says. */
export function transferErrorOf(status: number, body: string): FileTransferError {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: string; message?: string } };
    if (parsed.error?.code) return new FileTransferError(parsed.error.code, parsed.error.message);
  } catch {
    // not JSON: fall through to the status
  }
  if (status === 401) return new FileTransferError('unauthenticated');
  if (status === 403) return new FileTransferError('forbidden');
  if (status === 404) return new FileTransferError('object-not-found');
  if (status === 413) return new FileTransferError('invalid-argument', 'El archivo excede el tamaño máximo permitido.');
  if (status === 0) return new FileTransferError('network');
  return new FileTransferError('unknown');
}

/** `accept` attribute for a file picker limited to these types. */
export function acceptFor(types: readonly FileType[]): string {
  const map: Record<FileType, string> = {
    pdf: 'application/pdf,.pdf',
    png: 'image/png,.png',
    jpg: 'image/jpeg,.jpg,.jpeg',
    webp: 'image/webp,.webp',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xlsx',
    csv: 'text/csv,.csv',
    xml: 'application/xml,text/xml,.xml',
    der: '.cer,.key',
  };
  return types.map((t) => map[t]).join(',');
}

/** Uploads one file to POST /api/files; `onProgress` gets 0..1; aborting the signal cancels it (`canceled`). */
export function uploadFile(file: Blob & { name?: string }, opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new FileTransferError('canceled'));
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append('file', file, file.name ?? 'archivo');
    xhr.open('POST', '/api/files');
    for (const [name, value] of Object.entries(authHeader())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) resolve(JSON.parse(xhr.responseText) as UploadedFile);
      else reject(transferErrorOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new FileTransferError('network'));
    xhr.onabort = () => reject(new FileTransferError('canceled'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The bytes behind an attachment's url (or previewUrl), with the session token. */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeader(), signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw new FileTransferError('canceled');
    throw new FileTransferError('network');
  }
  if (!response.ok) throw transferErrorOf(response.status, await response.text());
  return response.blob();
}

export async function downloadFile(url: string, fileName: string): Promise<void> {
  downloadBlob(await fetchFile(url), fileName);
}

export const formatFileSize = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-MX')} KB`
    : `${(bytes / (1024 * 1024)).toLocaleString('es-MX', { maximumFractionDigits: 1 })} MB`;

/** Generated documents (PDF reports) still arrive as base64 inside GraphQL. */
export function base64ToBlob(base64: string, contentType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType });
}

export const downloadBase64 = (base64: string, fileName: string, contentType: string): void => downloadBlob(base64ToBlob(base64, contentType), fileName);

/** A CFDI's XML (invoices, payroll receipts) as `<name>.xml`. */
export const downloadXml = (xml: string, name: string): void => downloadBlob(new Blob([xml], { type: 'application/xml' }), `${name}.xml`);
