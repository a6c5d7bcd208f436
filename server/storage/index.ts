// File storage for documents (SPEC §1 File storage): local disk by default,
// a Firebase / GCS bucket when configured. Callers validate uploads with
// validateUpload before put, and build keys with toKeySegment.
import path from 'node:path';
import { type BucketStorageConfig, createBucketStorage } from './bucket';
import { createLocalStorage } from './local';
import type { FileStorage } from './types';

export type StorageConfig = { backend: 'local'; root: string } | ({ backend: 'bucket' } & BucketStorageConfig);

export function createStorage(config: StorageConfig): FileStorage {
  return config.backend === 'bucket' ? createBucketStorage(config) : createLocalStorage(config.root);
}

/** Where the local backend keeps files inside the ERP data folder. */
export const localStorageRoot = (dataDir: string): string => path.join(dataDir, 'files');

export { type BucketFile, type BucketLike, type BucketStorageConfig, createBucketStorage, fromBucketError } from './bucket';
export { STORAGE_MESSAGES, StorageError, type StorageErrorCode, isStorageError } from './errors';
export { assertStorageKey, toKeySegment } from './keys';
export { createLocalStorage } from './local';
export { backoffDelay, errorStatus, isRetryableStatus, type RetryOptions, withRetry } from './retry';
export type { FileStorage, PutOptions, StorageBackend, StoredObject, TransferOptions } from './types';
export {
  DEFAULT_MAX_UPLOAD_BYTES,
  detectUploadType,
  UPLOAD_CONTENT_TYPES,
  type UploadInfo,
  type UploadLimits,
  type UploadType,
  validateUpload,
} from './validate';
