import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage, type FileStorage, localStorageRoot, StorageError } from '../../../server/storage';
import { samplePdf } from './samples';

let dataDir: string;
let storage: FileStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'erp-storage-'));
  storage = createStorage({ backend: 'local', root: localStorageRoot(dataDir) });
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const rejection = async (promise: Promise<unknown>): Promise<StorageError> => {
  const error: unknown = await promise.then(
    () => new Error('se esperaba un rechazo'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
};

describe('local storage', () => {
  it('stores, reads, reports and removes an object', async () => {
    const bytes = samplePdf();
    const stored = await storage.put('employees/12/ine.pdf', bytes, { contentType: 'application/pdf' });
    expect(stored).toMatchObject({
      key: 'employees/12/ine.pdf',
      size: bytes.length,
      contentType: 'application/pdf',
      backend: 'local',
    });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await storage.exists('employees/12/ine.pdf')).toBe(true);
    expect((await storage.get('employees/12/ine.pdf')).equals(bytes)).toBe(true);
    // Files live under <dataDir>/files, with no temporary leftovers.
    expect(await readdir(path.join(dataDir, 'files', 'employees', '12'))).toEqual(['ine.pdf']);

    await storage.remove('employees/12/ine.pdf');
    expect(await storage.exists('employees/12/ine.pdf')).toBe(false);
  });

  it('overwrites an existing key', async () => {
    await storage.put('a/b.csv', Buffer.from('uno'));
    await storage.put('a/b.csv', Buffer.from('dos'));
    expect((await storage.get('a/b.csv')).toString()).toBe('dos');
  });

  it('reports object-not-found with its Spanish message', async () => {
    const missing = await rejection(storage.get('no/existe.pdf'));
    expect(missing.code).toBe('object-not-found');
    expect(missing.message).toBe('El archivo no existe o fue eliminado.');
    expect((await rejection(storage.remove('no/existe.pdf'))).code).toBe('object-not-found');
    await storage.put('carpeta/x.pdf', samplePdf());
    expect((await rejection(storage.get('carpeta'))).code).toBe('object-not-found');
    expect(await storage.exists('carpeta')).toBe(false);
  });

  it('refuses traversal keys before touching the disk', async () => {
    await writeFile(path.join(dataDir, 'secreto.txt'), 'no');
    for (const key of ['../secreto.txt', 'a/../../secreto.txt', '/etc/passwd', 'a\\..\\..\\secreto.txt']) {
      expect((await rejection(storage.get(key))).code).toBe('invalid-argument');
      expect((await rejection(storage.put(key, Buffer.from('x')))).code).toBe('invalid-argument');
      expect((await rejection(storage.remove(key))).code).toBe('invalid-argument');
      await expect(storage.exists(key)).rejects.toThrow(StorageError);
    }
    expect(await readdir(dataDir)).toEqual(['secreto.txt']);
  });

  it('refuses bytes that do not match the expected checksum', async () => {
    const error = await rejection(storage.put('a/b.pdf', samplePdf(), { sha256: '0'.repeat(64) }));
    expect(error.code).toBe('invalid-checksum');
    expect(await storage.exists('a/b.pdf')).toBe(false);
  });

  it('reports a cancelled transfer', async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await rejection(storage.put('a/b.pdf', samplePdf(), { signal: controller.signal }))).code).toBe('canceled');
  });
});
