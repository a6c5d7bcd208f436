// Storage failures use the error codes of the original product's storage layer
// (SPEC §1 File storage), each with a Spanish message a person can read.
import { STORAGE_MESSAGES, type StorageErrorCode } from '../../schema/storage';

export { STORAGE_MESSAGES, type StorageErrorCode };

export class StorageError extends Error {
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? STORAGE_MESSAGES[code], options);
    this.name = 'StorageError';
    this.code = code;
  }
}

export const isStorageError = (error: unknown, code?: StorageErrorCode): error is StorageError =>
  error instanceof StorageError && (code === undefined || error.code === code);
