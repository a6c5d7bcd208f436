// Facturación electrónica at load (issue 26): invoices emitted by 8 clients at once on
// PostgreSQL, each one built, sealed with the company's CSD (SAT's XSLT cadena, RSA-SHA256, XSD
// with the warm validator) and stamped by the sandbox PAC (its own XSD and seal checks, the TFD
// signed), exactly once. Figures: invoices per second over the whole run, p50/p95 of one
// emission, and the server's CPU per invoice. Goal: ≥ 50 invoices/s at 8 clients.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { track } from './cleanup';
import { createBenchDatabase, dropBenchDatabase } from './postgres';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, benchGql, login, percentile, processCpuMs, startServerProcess } from './server-process';

export const CFDI_CLIENTS = 8;
export const CFDI_GOAL_PER_SEC = 50;
const INVOICES = 400;
const WARMUP = 16;

export type CfdiBenchRow = { db: string; clients: number; invoices: number; perSec: number; p50Ms: number; p95Ms: number; cpuMsPerInvoice: number; failed: number };

const CREATE = 'mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ id version } }';
const EMIT = 'mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ id stampStatus uuid } }';

async function drafts(url: string, token: string, clientId: string, n: number): Promise<{ id: string; version: number }[]> {
  const out: { id: string; version: number }[] = [];
  for (let i = 0; i < n; i++) {
    const input = {
      clientId,
      serie: 'B',
      date: new Date().toISOString().slice(0, 10),
      formaPago: '03',
      metodoPago: 'PUE',
      usoCfdi: 'G03',
      lines: [
        { description: 'Servicio de mantenimiento preventivo', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '2', unitPrice: String(1000 + i) },
        { description: 'Refacciones', prodServKey: '73152100', unitKey: 'H87', unitName: 'Pieza', quantity: '3', unitPrice: '99.99', discountPercent: '5' },
      ],
    };
    out.push((await benchGql<{ invoiceCreate: { id: string; version: number } }>(url, token, CREATE, { i: input })).invoiceCreate);
  }
  return out;
}

async function runPostgres(step: (t: string) => void): Promise<CfdiBenchRow[]> {
  const db = await createBenchDatabase('cfdi');
  const untrack = track(`la base de datos ${db.name}`, () => dropBenchDatabase(db.name));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-cfdi-'));
  const server = await startServerProcess({ dataDir, databaseUrl: db.url, timeoutMs: 180_000 });
  try {
    const token = await login(server.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    // A client of its own without a credit limit (a demo client's limit would refuse emissions midway).
    const clientId = (
      await benchGql<{ clientCreate: { id: string } }>(server.url, token, 'mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
        i: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true },
      })
    ).clientCreate.id;
    step(`CFDI (PostgreSQL): ${INVOICES + WARMUP} borradores`);
    const all = await drafts(server.url, token, clientId, INVOICES + WARMUP);
    for (const d of all.slice(0, WARMUP)) await benchGql(server.url, token, EMIT, { id: d.id, v: d.version });

    step(`CFDI (PostgreSQL): ${INVOICES} facturas selladas y timbradas por ${CFDI_CLIENTS} clientes`);
    const queue = all.slice(WARMUP);
    const times: number[] = [];
    let failed = 0;
    const cpuBefore = processCpuMs(server.pid);
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CFDI_CLIENTS }, async () => {
        for (let d = queue.shift(); d; d = queue.shift()) {
          const t0 = performance.now();
          try {
            const r = await benchGql<{ invoiceEmit: { stampStatus: string } }>(server.url, token, EMIT, { id: d.id, v: d.version });
            if (r.invoiceEmit.stampStatus !== 'timbrada') failed++;
          } catch (err) {
            failed++;
            if (failed === 1) console.error(`CFDI: primera emisión fallida: ${err instanceof Error ? err.message : String(err)}`);
          }
          times.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = performance.now() - began;
    const cpu = processCpuMs(server.pid) - cpuBefore;
    times.sort((a, b) => a - b);
    return [{ db: 'PostgreSQL', clients: CFDI_CLIENTS, invoices: INVOICES, perSec: (INVOICES * 1000) / elapsed, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), cpuMsPerInvoice: cpu / INVOICES, failed }];
  } finally {
    await server.stop();
    await dropBenchDatabase(db.name);
    untrack();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL only: the goal is stated for it. */
export async function benchCfdi(opts: { postgres: boolean; step: (t: string) => void }): Promise<CfdiBenchRow[]> {
  return opts.postgres ? runPostgres(opts.step) : [];
}
