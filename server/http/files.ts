// /api/files: attachments travel as files, not as base64 inside GraphQL.
//
//   POST /api/files          multipart/form-data, one part named `file`, the session
//                            token as for GraphQL (Authorization: Bearer). The size cap
//                            (ERP_MAX_UPLOAD_MB) is enforced while the bytes stream in:
//                            past it nothing more is kept, so memory stays at the cap.
//                            The content is sniffed (the name and the declared type are
//                            not trusted); nothing is stored when a check fails.
//                            201 { id, fileName, contentType, fileType, size }.
//   GET  /api/files/:id      the bytes, to a caller whose role may `ver` the record the
//                            file is attached to (the uploader alone while unattached).
//   GET  /api/files/:id/preview   a small WEBP of an image.
//
// Errors are JSON { error: { code, message } } with the storage error codes and
// Spanish messages (SPEC §1 File storage).
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import express from 'express';
import sharp from 'sharp';
import type { AuthUser } from '../context';
import { findUpload, insertUpload, newUploadKey, storageFor, type UploadRow } from '../lib/attachments';
import type { Logger } from '../lib/logger';
import { authenticate } from '../modules/session/service';
import type { AppServices } from '../services';
import { isStorageError, validateUpload } from '../storage';
import { FILE_ERROR_MESSAGES, type FileErrorCode } from '../../schema/storage';
import { bearer } from './bearer';
import type { AppAbility } from '../../schema/abilities';

const PREVIEW_WIDTH = 320;
const IMAGE_TYPES = new Set(['png', 'jpg', 'webp']);

type ErrorCode = FileErrorCode;
const sendError = (res: express.Response, status: number, code: ErrorCode, message?: string) =>
  res.status(status).json({ error: { code, message: message ?? FILE_ERROR_MESSAGES[code] } });

/** Who may read an upload: the uploader while it waits, then whoever may `ver` its record. */
export function mayRead(upload: Pick<UploadRow, 'uploadedBy' | 'subject' | 'attachedAt'>, user: { id: number | null; ability: AppAbility }): boolean {
  if (!upload.attachedAt || !upload.subject) return user.id !== null && upload.uploadedBy === user.id;
  return user.ability.can('ver', upload.subject);
}

async function previewOf(bytes: Buffer, logger: Logger): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: PREVIEW_WIDTH, height: PREVIEW_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch (err) {
    // A picture that sniffs as PNG/JPG/WEBP but does not decode: keep the file, skip the preview.
    logger.warn({ err }, 'image preview failed');
    return null;
  }
}

export function filesRouter(app: AppServices): express.Router {
  const router = express.Router();
  const { config, logger } = app;
  const storage = () => storageFor(config);

  const signedIn = async (req: express.Request, res: express.Response): Promise<AuthUser | null> => {
    const user = await authenticate(app, bearer(req.headers.authorization));
    if (!user || user.forcedPasswordReset) {
      sendError(res, 401, 'unauthenticated');
      return null;
    }
    return user;
  };

  router.post('/', async (req, res, next) => {
    try {
      const user = await signedIn(req, res);
      if (!user) return void req.resume();
      // An upload is claimed by the user who sent it; a service account has no user to claim it.
      if (user.id === null) {
        req.resume();
        return void sendError(res, 403, 'unauthorized', 'Las cuentas de servicio no pueden subir archivos.');
      }
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: config.maxUploadBytes, fields: 0, parts: 2 } });
      } catch {
        req.resume();
        return void sendError(res, 400, 'invalid-argument', 'Envía el archivo como multipart/form-data en el campo «file».');
      }
      const received = await new Promise<{ name: string; bytes: Buffer } | { refused: ErrorCode; status: number; message?: string }>((resolve) => {
        let outcome: { name: string; bytes: Buffer } | { refused: ErrorCode; status: number; message?: string } | null = null;
        parser.on('file', (field, stream, info) => {
          if (field !== 'file' || outcome) {
            stream.resume();
            return;
          }
          let chunks: Buffer[] = [];
          let tooLarge = false;
          stream.on('data', (chunk: Buffer) => {
            if (!tooLarge) chunks.push(chunk);
          });
          stream.on('limit', () => {
            // Past the cap: drop what was kept and let the rest of the body drain unread.
            tooLarge = true;
            chunks = [];
          });
          stream.on('end', () => {
            if (outcome) return;
            if (tooLarge) {
              const mb = (config.maxUploadBytes / (1024 * 1024)).toLocaleString('es-MX', { maximumFractionDigits: 1 });
              outcome = { refused: 'invalid-argument', status: 413, message: `El archivo excede el tamaño máximo de ${mb} MB.` };
            } else outcome = { name: info.filename ?? 'archivo', bytes: Buffer.concat(chunks) };
          });
        });
        parser.on('close', () => resolve(outcome ?? { refused: 'invalid-argument', status: 400, message: 'No llegó ningún archivo en el campo «file».' }));
        parser.on('error', () => resolve({ refused: 'canceled', status: 400 }));
        req.on('aborted', () => resolve({ refused: 'canceled', status: 400 }));
        req.pipe(parser);
      });
      if ('refused' in received) {
        // A client that hung up gets no answer; everyone else hears why.
        if (!res.headersSent && !req.socket.destroyed) sendError(res, received.status, received.refused, received.message);
        return;
      }
      let info;
      try {
        info = validateUpload(new Uint8Array(received.bytes.buffer, received.bytes.byteOffset, received.bytes.byteLength), received.name, {
          maxBytes: config.maxUploadBytes,
        });
      } catch (err) {
        if (isStorageError(err)) return void sendError(res, err.code === 'invalid-argument' ? 415 : 400, err.code, err.message);
        throw err;
      }
      const { id, key, previewKey } = newUploadKey(info.fileName);
      const sha256 = createHash('sha256').update(received.bytes).digest('hex');
      const preview = IMAGE_TYPES.has(info.type) ? await previewOf(received.bytes, logger) : null;
      try {
        await storage().put(key, received.bytes, { contentType: info.contentType, sha256 });
        if (preview) await storage().put(previewKey, preview, { contentType: 'image/webp' });
        await insertUpload(app.database.db, {
          id,
          storageKey: key,
          previewKey: preview ? previewKey : null,
          fileName: info.fileName,
          contentType: info.contentType,
          fileType: info.type,
          size: info.size,
          sha256,
          uploadedBy: user.id,
        });
      } catch (err) {
        await storage().remove(key).catch(() => undefined);
        if (preview) await storage().remove(previewKey).catch(() => undefined);
        if (isStorageError(err)) return void sendError(res, err.code === 'quota-exceeded' ? 507 : 503, err.code);
        throw err;
      }
      res.status(201).json({ id, fileName: info.fileName, contentType: info.contentType, fileType: info.type, size: info.size });
    } catch (err) {
      next(err);
    }
  });

  const download = (which: 'file' | 'preview'): express.RequestHandler => async (req, res, next) => {
    try {
      const user = await signedIn(req, res);
      if (!user) return;
      const upload = await findUpload(app.database.db, String(req.params.id));
      if (!upload) return void sendError(res, 404, 'object-not-found');
      if (!mayRead(upload, user)) return void sendError(res, 403, 'forbidden');
      const key = which === 'preview' ? upload.previewKey : upload.storageKey;
      if (!key) return void sendError(res, 404, 'object-not-found', 'Este archivo no tiene vista previa.');
      let bytes: Buffer;
      try {
        bytes = await storage().get(key);
      } catch (err) {
        if (isStorageError(err)) return void sendError(res, err.code === 'object-not-found' ? 404 : 503, err.code);
        throw err;
      }
      res.setHeader('Content-Type', which === 'preview' ? 'image/webp' : upload.contentType);
      res.setHeader('Content-Length', String(bytes.length));
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      if (which === 'file') res.attachment(upload.fileName);
      res.end(bytes);
    } catch (err) {
      next(err);
    }
  };
  router.get('/:id', download('file'));
  router.get('/:id/preview', download('preview'));
  return router;
}
