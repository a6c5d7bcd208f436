// Bucket backend: a Firebase Storage / Google Cloud Storage bucket reached
// through firebase-admin. Every call goes through withRetry; failures become
// StorageError codes. `client` lets tests (and other GCS-compatible clients)
// stand in for the real bucket.
import { checkedSha256, DEFAULT_CONTENT_TYPE } from './checksum';
import { StorageError } from './errors';
import { assertStorageKey } from './keys';
import { errorStatus, type RetryOptions, withRetry } from './retry';
import type { FileStorage } from './types';

export type BucketSaveOptions = {
  contentType?: string;
  resumable?: boolean;
  validation?: 'md5' | 'crc32c' | boolean;
  metadata?: { contentType?: string; metadata?: Record<string, string> };
};

/** The part of a `@google-cloud/storage` File this backend uses. */
export type BucketFile = {
  save(data: Buffer, options?: BucketSaveOptions): Promise<void>;
  download(): Promise<[Buffer]>;
  delete(): Promise<unknown>;
  exists(): Promise<[boolean]>;
};

export type BucketLike = { file(name: string): BucketFile };

export type BucketStorageConfig = {
  /** Bucket name, e.g. `my-project.appspot.com`. */
  bucket: string;
  projectId: string;
  credentialsJson?: string;
  /** Key prefix inside the bucket, e.g. `erp/`; keeps the ERP's objects together. */
  prefix?: string;
  retry?: Omit<RetryOptions, 'signal'>;
  client?: BucketLike;
};

const CHECKSUM_CODES: ReadonlySet<string> = new Set(['CONTENT_DOWNLOAD_MISMATCH', 'FILE_NO_UPLOAD', 'FILE_NO_UPLOAD_DELETE']);

function mentionsQuota(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  const reasons =
    'errors' in error && Array.isArray(error.errors)
      ? error.errors.map((item: unknown) =>
          typeof item === 'object' && item !== null && 'reason' in item ? String(item.reason) : '',
        )
      : [];
  return /quota/i.test([message, ...reasons].join(' '));
}

export function fromBucketError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const cause = { cause: error };
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && CHECKSUM_CODES.has(code)) return new StorageError('invalid-checksum', undefined, cause);
  if (error instanceof Error && error.name === 'AbortError') return new StorageError('canceled', undefined, cause);
  const status = errorStatus(error);
  if (status === 404) return new StorageError('object-not-found', undefined, cause);
  if (status === 401 || status === 403) {
    return new StorageError(mentionsQuota(error) ? 'quota-exceeded' : 'unauthorized', undefined, cause);
  }
  if (status === 400 || status === 411 || status === 413) return new StorageError('invalid-argument', undefined, cause);
  return new StorageError('unknown', undefined, cause);
}

/**
 * The firebase-admin bucket, with the Cloud Storage client's own retries off:
 * withRetry below is the one retry policy (SPEC: 5xx, 408 and 429, bounded
 * backoff); two stacked layers would multiply the attempts.
 */
async function realBucket(config: BucketStorageConfig): Promise<BucketLike> {
  // firebase-admin loads on the first bucket call, not at every server start.
  const [{ getStorage }, { firebaseAdminApp }] = await Promise.all([import('firebase-admin/storage'), import('../auth/firebase')]);
  const bucket = getStorage(
    firebaseAdminApp('storage', { projectId: config.projectId, credentialsJson: config.credentialsJson, storageBucket: config.bucket }),
  ).bucket(config.bucket);
  bucket.storage.retryOptions.autoRetry = false;
  return bucket;
}

export function createBucketStorage(config: BucketStorageConfig): FileStorage {
  let real: Promise<BucketLike> | null = null;
  const bucketOf = (): Promise<BucketLike> | BucketLike => config.client ??
    (real ??= realBucket(config).catch((error: unknown) => {
      real = null; // a later call tries again
      throw fromBucketError(error);
    }));
  const prefix = config.prefix ? assertStorageKey(config.prefix.replace(/\/+$/, '')) + '/' : '';
  const fileFor = async (key: string) => {
    const name = prefix + assertStorageKey(key);
    return (await bucketOf()).file(name);
  };

  const call = async <T>(op: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    try {
      return await withRetry(op, { ...config.retry, signal });
    } catch (error) {
      throw fromBucketError(error);
    }
  };

  return {
    backend: 'bucket',

    async put(key, bytes, options = {}) {
      const file = await fileFor(key);
      const sha256 = checkedSha256(bytes, options.sha256);
      const contentType = options.contentType ?? DEFAULT_CONTENT_TYPE;
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await call(
        () =>
          file.save(data, {
            resumable: false,
            validation: 'md5',
            contentType,
            metadata: { contentType, metadata: { sha256 } },
          }),
        options.signal,
      );
      return { key, size: bytes.length, contentType, sha256, backend: 'bucket' };
    },

    async get(key, options = {}) {
      const file = await fileFor(key);
      const [bytes] = await call(() => file.download(), options.signal);
      return bytes;
    },

    async remove(key, options = {}) {
      const file = await fileFor(key);
      await call(() => file.delete(), options.signal);
    },

    async exists(key, options = {}) {
      const file = await fileFor(key);
      const [found] = await call(() => file.exists(), options.signal);
      return found;
    },
  };
}
