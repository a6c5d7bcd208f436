// Local-disk backend (the default): one file per key under the root folder,
// written to a temporary name first and renamed, so a reader never sees half a file.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedSha256, DEFAULT_CONTENT_TYPE } from './checksum';
import { StorageError } from './errors';
import { assertStorageKey } from './keys';
import type { FileStorage } from './types';

const fsCode = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;

function fromFsError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  switch (fsCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
    case 'EISDIR':
      return new StorageError('object-not-found', undefined, { cause: error });
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new StorageError('unauthorized', undefined, { cause: error });
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return new StorageError('quota-exceeded', undefined, { cause: error });
    case 'ABORT_ERR':
      return new StorageError('canceled', undefined, { cause: error });
    default:
      return new StorageError('unknown', undefined, { cause: error });
  }
}

const throwIfAborted = (signal?: AbortSignal) => {
  if (signal?.aborted) throw new StorageError('canceled');
};

export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);

  const pathFor = (key: string): string => {
    const full = path.resolve(base, ...assertStorageKey(key).split('/'));
    // Second line of defence; assertStorageKey already refuses anything that could escape.
    const relative = path.relative(base, full);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new StorageError('invalid-argument', 'La ruta del archivo no es válida.');
    }
    return full;
  };

  return {
    backend: 'local',

    async put(key, bytes, options = {}) {
      const file = pathFor(key);
      const sha256 = checkedSha256(bytes, options.sha256);
      throwIfAborted(options.signal);
      // Dot-prefixed temporary names can never collide with a valid key.
      const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, bytes, { signal: options.signal });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw fromFsError(error);
      }
      return {
        key,
        size: bytes.length,
        contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        sha256,
        backend: 'local',
      };
    },

    async get(key, options = {}) {
      const file = pathFor(key);
      throwIfAborted(options.signal);
      try {
        return await readFile(file, { signal: options.signal });
      } catch (error) {
        throw fromFsError(error);
      }
    },

    async remove(key, options = {}) {
      const file = pathFor(key);
      throwIfAborted(options.signal);
      try {
        await unlink(file);
      } catch (error) {
        throw fromFsError(error);
      }
    },

    async exists(key) {
      const file = pathFor(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        const mapped = fromFsError(error);
        if (mapped.code === 'object-not-found') return false;
        throw mapped;
      }
    },
  };
}
