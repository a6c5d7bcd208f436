// The bucket backend over real HTTP: firebase-admin's Cloud Storage client
// pointed (through the storage emulator variable) at a local server that
// answers 503, 408 and 429 before 200. Our one retry policy must carry the
// download through, and give up with retry-limit-exceeded when the failures
// do not stop.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBucketStorage, type FileStorage } from '../../../server/storage';

let server: http.Server;
let script: number[] = [];
const seen: string[] = [];
const BYTES = Buffer.from('%PDF-1.4\n% póliza de seguro\n');
let storage: FileStorage;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url ?? ''}`);
    const status = script.shift() ?? 200;
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: status, message: `respuesta ${status}` } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(BYTES.length) });
    res.end(BYTES);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  storage = createBucketStorage({ bucket: 'erp-pruebas.appspot.com', projectId: 'demo-erp', prefix: 'erp', retry: { baseMs: 5, maxMs: 20 } });
});

afterAll(async () => {
  delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  delete process.env.STORAGE_EMULATOR_HOST;
  await new Promise((resolve) => server.close(resolve));
});

describe('bucket backend over HTTP', () => {
  it('retries 503, 408 and 429, then returns the bytes of the 200', async () => {
    seen.length = 0;
    script = [503, 408, 429, 200];
    const bytes = await storage.get('vehicles/7/poliza.pdf');
    expect(bytes.equals(BYTES)).toBe(true);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(1);
    // The object name carries the configured prefix.
    expect(decodeURIComponent(seen[0])).toContain('erp/vehicles/7/poliza.pdf');
  });

  it('stops after five attempts with retry-limit-exceeded and its Spanish message', async () => {
    seen.length = 0;
    script = [503, 503, 503, 503, 503, 503];
    await expect(storage.get('vehicles/7/poliza.pdf')).rejects.toMatchObject({
      code: 'retry-limit-exceeded',
      message: 'El almacenamiento de archivos no respondió después de varios intentos. Inténtalo más tarde.',
    });
    expect(seen).toHaveLength(5);
  });

  it('does not retry a 404: object-not-found at once', async () => {
    seen.length = 0;
    script = [404];
    await expect(storage.get('vehicles/7/no-existe.pdf')).rejects.toMatchObject({ code: 'object-not-found' });
    expect(seen).toHaveLength(1);
  });
});
