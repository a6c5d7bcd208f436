// The Storage emulator does not run on these machines, so the bucket backend is
// exercised against an in-memory stand-in that fails the way GCS does.
import { describe, expect, it, vi } from 'vitest';
import { type BucketFile, type BucketLike, createStorage, StorageError, type StorageErrorCode } from '../../../server/storage';
import { samplePdf } from './samples';

type Failure = { status?: number; code?: number | string; message?: string; errors?: { reason: string }[] };

function fakeBucket() {
  const objects = new Map<string, { data: Buffer; contentType?: string }>();
  const failures: Failure[] = [];
  const calls: string[] = [];
  const fail = () => {
    const next = failures.shift();
    if (next) throw Object.assign(new Error(next.message ?? 'fallo'), next);
  };
  const file = (name: string): BucketFile => ({
    async save(data, options) {
      calls.push(`save ${name}`);
      fail();
      objects.set(name, { data: Buffer.from(data), contentType: options?.contentType });
    },
    async download() {
      calls.push(`download ${name}`);
      fail();
      const found = objects.get(name);
      if (!found) throw Object.assign(new Error('No such object'), { code: 404 });
      return [found.data];
    },
    async delete() {
      calls.push(`delete ${name}`);
      fail();
      if (!objects.delete(name)) throw Object.assign(new Error('No such object'), { code: 404 });
      return [{}];
    },
    async exists() {
      calls.push(`exists ${name}`);
      fail();
      return [objects.has(name)];
    },
  });
  const client: BucketLike = { file };
  return { client, objects, failures, calls };
}

const storageWith = (client: BucketLike) =>
  createStorage({
    backend: 'bucket',
    bucket: 'demo-erp.appspot.com',
    projectId: 'demo-erp',
    prefix: 'erp',
    client,
    retry: { sleep: async () => undefined },
  });

describe('bucket storage', () => {
  it('round-trips an object under the prefix', async () => {
    const { client, objects } = fakeBucket();
    const storage = storageWith(client);
    const stored = await storage.put('vehicles/7/poliza.pdf', samplePdf(), { contentType: 'application/pdf' });
    expect(stored).toMatchObject({ backend: 'bucket', contentType: 'application/pdf', size: samplePdf().length });
    expect([...objects.keys()]).toEqual(['erp/vehicles/7/poliza.pdf']);
    expect(objects.get('erp/vehicles/7/poliza.pdf')?.contentType).toBe('application/pdf');
    expect((await storage.get('vehicles/7/poliza.pdf')).equals(samplePdf())).toBe(true);
    expect(await storage.exists('vehicles/7/poliza.pdf')).toBe(true);
    await storage.remove('vehicles/7/poliza.pdf');
    expect(await storage.exists('vehicles/7/poliza.pdf')).toBe(false);
  });

  it('retries 5xx/429 and then succeeds', async () => {
    const { client, failures, calls } = fakeBucket();
    failures.push({ code: 503 }, { code: 429 });
    await storageWith(client).put('a/b.pdf', samplePdf());
    expect(calls).toEqual(['save erp/a/b.pdf', 'save erp/a/b.pdf', 'save erp/a/b.pdf']);
  });

  it('gives up with retry-limit-exceeded after five attempts', async () => {
    const { client, failures, calls } = fakeBucket();
    failures.push(...Array.from({ length: 6 }, () => ({ code: 500 })));
    await expect(storageWith(client).get('a/b.pdf')).rejects.toMatchObject({ code: 'retry-limit-exceeded' });
    expect(calls).toHaveLength(5);
  });

  const mappings: [Failure, StorageErrorCode][] = [
    [{ code: 404 }, 'object-not-found'],
    [{ code: 403, message: 'Forbidden' }, 'unauthorized'],
    [{ code: 401 }, 'unauthorized'],
    [{ code: 403, errors: [{ reason: 'quotaExceeded' }] }, 'quota-exceeded'],
    [{ code: 400 }, 'invalid-argument'],
    [{ code: 'CONTENT_DOWNLOAD_MISMATCH' }, 'invalid-checksum'],
    [{ code: 'FILE_NO_UPLOAD' }, 'invalid-checksum'],
    [{ message: 'algo raro' }, 'unknown'],
  ];
  it.each(mappings)('maps %j to %s without retrying', async (failure, code) => {
    const { client, failures, calls } = fakeBucket();
    failures.push(failure);
    const error: unknown = await storageWith(client)
      .get('a/b.pdf')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ code });
    expect(calls).toHaveLength(1);
  });

  it('refuses traversal keys without calling the bucket', async () => {
    const { client } = fakeBucket();
    const spy = vi.spyOn(client, 'file');
    await expect(storageWith(client).get('../otro-proyecto/x.pdf')).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(spy).not.toHaveBeenCalled();
  });
});
