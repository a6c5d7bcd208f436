import { createHash } from 'node:crypto';
import { StorageError } from './errors';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Hashes the bytes and, when the caller sent an expected hash, insists on it. */
export function checkedSha256(bytes: Uint8Array, expected?: string): string {
  const actual = sha256Hex(bytes);
  if (expected !== undefined && expected.trim().toLowerCase() !== actual) throw new StorageError('invalid-checksum');
  return actual;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
