// /api/files against a real server: the size cap holds while the bytes stream
// in (the server's peak memory stays far below what was sent), content is
// sniffed, nothing is stored when a check fails, downloads obey the ability on
// the record, and an upload nobody attaches is swept after the grace period.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { todayMx } from '../../schema/dates';

let s: TestServer;
let cashier: string; // Caja: ver/crear/editar movimientos
let seller: string; // no Caja at all

const MB = 1024 * 1024;
const GRACE_SECONDS = 5;

beforeAll(async () => {
  s = await startServer({ ERP_MAX_UPLOAD_MB: '20', ERP_UPLOAD_GRACE_MINUTES: String(GRACE_SECONDS / 60) });
  [cashier, seller] = await Promise.all([s.login('caja@demo.mx'), s.login('ventas@demo.mx')]);
  await s.login(ADMIN_EMAIL);
}, 120_000);

afterAll(async () => {
  await s?.stop();
});

/** Resident memory of the server process now (Linux VmRSS), in bytes. */
function rss(): number {
  const status = fs.readFileSync(`/proc/${s.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Runs `work` while sampling the server's resident memory; returns the highest sample above the starting one. */
async function rssGrowthDuring(work: () => Promise<unknown>): Promise<number> {
  const start = rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rss()) - start;
}

/** Every file the local storage holds. */
function storedFiles(): string[] {
  const root = path.join(s.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A multipart body of `total` bytes of PDF, produced chunk by chunk (never held in the test's memory either). */
function streamedPdf(total: number): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = '----erp-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  let sent = 0;
  let stage = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(head);
        stage = 1;
      } else if (stage === 1) {
        const n = Math.min(chunk.length, total - sent);
        controller.enqueue(chunk.subarray(0, n));
        sent += n;
        if (sent >= total) stage = 2;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function postStream(total: number, token: string) {
  const { body, contentType } = streamedPdf(total);
  const res = await fetch(`${s.url}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body, duplex: 'half' } as RequestInit);
  return { status: res.status, body: (await res.json()) as any };
}

describe('POST /api/files', () => {
  it('refuses 21 MB and 150 MB while streaming: 413 with a Spanish message, nothing stored, peak memory far below what was sent', async () => {
    const before = storedFiles().length;
    const r21 = await postStream(21 * MB, cashier);
    expect(r21).toEqual({ status: 413, body: { error: { code: 'invalid-argument', message: 'El archivo excede el tamaño máximo de 20 MB.' } } });
    let r150: Awaited<ReturnType<typeof postStream>> | null = null;
    const grew = await rssGrowthDuring(async () => {
      r150 = await postStream(150 * MB, cashier);
    });
    expect(r150!.status).toBe(413);
    console.log(`server RSS growth while refusing a 150 MB upload: ${(grew / MB).toFixed(1)} MB`);
    // Buffering the refused body would cost ≥ 150 MB; the cap keeps at most 20 MB in flight.
    expect(grew).toBeLessThan(60 * MB);
    expect(storedFiles()).toHaveLength(before);
  });

  it('accepts 19 MB and gives the same bytes back', async () => {
    const r = await postStream(19 * MB, cashier);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ fileName: 'grande.pdf', fileType: 'pdf', contentType: 'application/pdf', size: 19 * MB + 9 });
    const down = await s.download(cashier, `/api/files/${r.body.id}`);
    expect(down.status).toBe(200);
    expect(down.bytes.length).toBe(19 * MB + 9);
    expect(down.bytes.subarray(0, 9).toString()).toBe('%PDF-1.4\n');
  });

  it('sniffs the content: an .exe renamed .pdf and an SVG are refused and nothing is stored; the name is not trusted', async () => {
    const before = storedFiles().length;
    // A Windows program's header: "MZ", binary fields, the DOS stub text.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), Buffer.from('This program cannot be run in DOS mode'), Buffer.alloc(2048)]);
    expect(await s.upload(cashier, exe, 'factura.pdf', 'application/pdf')).toEqual({
      status: 415,
      body: { error: { code: 'invalid-argument', message: 'Tipo de archivo no permitido. Sube un PDF, PNG, JPG, WEBP, XLSX, CSV, XML o un .cer/.key del SAT.' } },
    });
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await s.upload(cashier, svg, 'logo.xml', 'application/xml')).toEqual({
      status: 415,
      body: { error: { code: 'invalid-argument', message: 'El archivo es una imagen SVG o una página HTML, no un documento XML de datos.' } },
    });
    expect((await s.upload(cashier, Buffer.alloc(0), 'vacío.pdf')).body.error.message).toBe('El archivo está vacío.');
    expect(storedFiles()).toHaveLength(before);
    // A PDF called .exe keeps its name but gets the extension its bytes say.
    const pdf = await s.upload(cashier, Buffer.from('%PDF-1.4\n%%EOF'), 'contrato.exe', 'application/x-msdownload');
    expect(pdf).toMatchObject({ status: 201, body: { fileName: 'contrato.pdf', fileType: 'pdf', contentType: 'application/pdf' } });
  });

  it('needs a session: no token → 401 and nothing stored', async () => {
    const before = storedFiles().length;
    expect(await s.upload(null, Buffer.from('%PDF-1.4\n'), 'a.pdf')).toEqual({ status: 401, body: { error: { code: 'unauthenticated', message: 'Inicia sesión para continuar.' } } });
    expect(storedFiles()).toHaveLength(before);
  });
});

describe('GET /api/files/:id', () => {
  it('serves an attached file to whoever may see its record; a user without the ability gets 403 and no bytes', async () => {
    const period = (await s.gql('{ currentCashPeriod { id } }', {}, cashier)).data?.currentCashPeriod;
    if (!period) {
      const box = (await s.gql('{ cashBoxes { id } }', {}, cashier)).data!.cashBoxes[0].id;
      const opened = await s.gql('mutation($i:CashPeriodOpenInput!){ cashPeriodOpen(input:$i){ id } }', { i: { cashBoxId: box, date: todayMx() } }, cashier);
      expect(opened.errors).toBeUndefined();
    }
    const concept = (await s.gql('{ cashConceptOptions(kind: egreso) { id } }', {}, cashier)).data!.cashConceptOptions[0].id;
    const move = await s.gql('mutation($i:CashMovementInput!){ cashMovementCreate(input:$i){ id } }', { i: { conceptId: concept, date: todayMx(), amount: '12.50', description: 'Papelería' } }, cashier);
    const movementId = move.data!.cashMovementCreate.id;
    const bytes = Buffer.from('%PDF-1.4\n% recibo de papelería\n');
    const fileId = await s.uploadId(cashier, bytes, 'recibo.pdf');
    // Before it is attached only the uploader can read it.
    expect((await s.download(seller, `/api/files/${fileId}`)).status).toBe(403);
    const attached = await s.gql('mutation($m:ID!,$f:ID!){ cashReceiptAttach(movementId:$m,fileId:$f){ receipt { url } } }', { m: movementId, f: fileId }, cashier);
    expect(attached.data!.cashReceiptAttach.receipt.url).toBe(`/api/files/${fileId}`);

    const ok = await s.download(cashier, `/api/files/${fileId}`);
    expect(ok.status).toBe(200);
    expect(ok.bytes.equals(bytes)).toBe(true);
    const denied = await s.download(seller, `/api/files/${fileId}`);
    expect(denied).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: 'No tienes permiso para ver este archivo.' } } });
    expect(denied.bytes.includes(Buffer.from('recibo'))).toBe(false);
    expect((await s.download(null, `/api/files/${fileId}`)).status).toBe(401);
    expect((await s.download(cashier, '/api/files/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await s.download(cashier, '/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await s.download(cashier, `/api/files/${fileId}/preview`)).body.error.message).toBe('Este archivo no tiene vista previa.');
  });

  it('removes an upload nobody attached once the grace period has passed, bytes included', async () => {
    const fileId = await s.uploadId(cashier, Buffer.from('%PDF-1.4\n% olvidado\n'), 'olvidado.pdf');
    const before = storedFiles().length;
    let status = 200;
    for (let waited = 0; status === 200 && waited < 30_000; waited += 1000) {
      await new Promise((r) => setTimeout(r, 1000));
      status = (await s.download(cashier, `/api/files/${fileId}`)).status;
    }
    expect(status).toBe(404);
    expect(storedFiles().length).toBeLessThan(before);
  }, 40_000);
});
