// `npx tsx bench/sales.ts [--invoices=50000] [--quotes=100000] [--runs=40]`:
// Ventas figures over HTTP, on PGlite and (when a local PostgreSQL answers)
// on PostgreSQL. Prints figures; asserts nothing.
//   · receivables aging (receivablesAging, all clients) on N invoices: p50/p95
//   · quote list (page of 50, newest first, and filtered by status) on M quotes: p50/p95
//   · invoice documents: facturaXml and facturaPdf per second (sequential)
// Data: the demo seed plus 500 bench clients, M quotes and N emitted invoices
// over three years (0–60 credit days), a partial payment on a third of them
// (one of ten cancelled), inserted with generate_series while the server is
// stopped, then ANALYZE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/database';
import { cleanupAll, track } from './cleanup';
import { createBenchDatabase, postgresVersion } from './postgres';
import { login, seedBenchCompany, startServerProcess } from './server-process';
import { formatTable, ms } from './table';

const arg = (name: string, fallback: number): number => {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const n = Number(raw ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} debe ser un entero positivo`);
  return n;
};

const INVOICES = arg('invoices', 50_000);
const QUOTES = arg('quotes', 100_000);
const RUNS = arg('runs', 40);
const CLIENTS = 500;

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function prepare(databaseUrl: string | null, dataDir: string): Promise<{ loadMs: number; invoiceId: number }> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const { db } = database;
    await seedBenchCompany(db);
    const started = performance.now();
    const invoiceId = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into clients (rfc, name, regimen_fiscal, postal_code, uso_cfdi, credit_days, credit_limit)
        select 'BCL' || lpad(g::text, 6, '0') || 'AA1', 'CLIENTE DE CARGA ' || g, '601', '76000', 'G03', (g % 5) * 15, 0
        from generate_series(1, ${CLIENTS}) g`);
      const [{ first }] = await queryRows<{ first: number }>(tx, sql`select min(id) as first from clients where rfc like 'BCL%'`);
      const [{ qbase }] = await queryRows<{ qbase: number }>(tx, sql`select coalesce(max(folio), 0) as qbase from quotes`);
      await tx.execute(sql`insert into quotes (folio, client_id, date, valid_until, status, subject, subtotal, iva, total)
        select ${Number(qbase)} + g, ${Number(first)} + (g % ${CLIENTS}), current_date - (g % 1095), current_date - (g % 1095) + 30,
               (array['borrador','enviada','aceptada','rechazada'])[1 + g % 4], 'Servicio ' || (g % 97),
               round((1000 + (g % 90000))::numeric, 2), round((1000 + (g % 90000)) * 0.16, 2), round((1000 + (g % 90000)) * 1.16, 2)
        from generate_series(1, ${QUOTES}) g`);
      await tx.execute(sql`insert into invoices (serie, folio, client_id, date, due_date, forma_pago, metodo_pago, uso_cfdi, status,
          subtotal, iva, total, balance, emisor_rfc, emisor_name, emisor_regimen, lugar_expedicion, receptor_rfc, receptor_name, receptor_regimen, receptor_postal_code, emitted_at)
        select 'BEN', g, ${Number(first)} + (g % ${CLIENTS}), current_date - (g % 1095), current_date - (g % 1095) + ((g % 5) * 15), '99', 'PPD', 'G03', 'emitida',
               round((100 + (g % 9000))::numeric, 2), round((100 + (g % 9000)) * 0.16, 2), round((100 + (g % 9000)) * 1.16, 2), round((100 + (g % 9000)) * 1.16, 2),
               'SIB150312QR5', 'SERVICIOS INDUSTRIALES DEL BAJIO', '601', '76120', 'BCL' || lpad(((g % ${CLIENTS}) + 1)::text, 6, '0') || 'AA1', 'CLIENTE DE CARGA', '601', '76000', now()
        from generate_series(1, ${INVOICES}) g`);
      await tx.execute(sql`insert into invoice_lines (invoice_id, line_no, description, prod_serv_key, unit_key, unit_name, quantity, unit_price, amount, discount, base, iva, isr_retained, iva_retained)
        select i.id, 1, 'Servicio de mantenimiento', '72102900', 'E48', 'Servicio', 1, i.subtotal, i.subtotal, 0, i.subtotal, i.iva, 0, 0
        from invoices i where i.serie = 'BEN'`);
      // A third of the invoices get one partial payment of 40 %; every tenth payment is cancelled.
      const [{ pbase }] = await queryRows<{ pbase: number }>(tx, sql`select coalesce(max(folio), 0) as pbase from client_payments`);
      await tx.execute(sql`insert into client_payments (folio, client_id, date, forma_pago, account_id, amount, reference, status)
        select ${Number(pbase)} + row_number() over (order by i.id), i.client_id, i.date + 5, '03', (select min(id) from company_accounts),
               round(i.total * 0.4, 2), i.id::text, case when i.id % 30 = 0 then 'cancelado' else 'aplicado' end
        from invoices i where i.serie = 'BEN' and i.id % 3 = 0`);
      await tx.execute(sql`insert into client_payment_applications (payment_id, invoice_id, amount, installment, previous_balance, remaining_balance, is_ppd)
        select p.id, p.reference::int, p.amount, 1, i.total, i.total - p.amount, true
        from client_payments p join invoices i on i.id = p.reference::int where p.folio > ${Number(pbase)}`);
      await tx.execute(sql`update invoices i set balance = i.total - a.applied, status = 'pagada_parcial'
        from (select a.invoice_id, sum(a.amount) as applied from client_payment_applications a join client_payments p on p.id = a.payment_id
              where p.status = 'aplicado' group by a.invoice_id) a
        where a.invoice_id = i.id and i.serie = 'BEN'`);
      const [{ id }] = await queryRows<{ id: number }>(tx, sql`select min(id) as id from invoices where serie = 'BEN'`);
      return Number(id);
    });
    await db.execute(sql`analyze`);
    return { loadMs: performance.now() - started, invoiceId };
  } finally {
    await database.close();
  }
}

async function timed(url: string, token: string, query: string, variables: Record<string, unknown>, runs = RUNS): Promise<number[]> {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await once());
  return times.sort((a, b) => a - b);
}

const AGING = 'query($d:Date!){ receivablesAging(asOf:$d){ asOf rows{ clientId current days1to30 days31to60 days61to90 over90 total } totals{ total } } }';
const QUOTES_PAGE = 'query($s:QuoteStatus){ quotes(list:{page:1,pageSize:50,sortBy:"folio",sortDirection:DESC}, filter:{status:$s}){ total items{ id folio date validUntil status total client{ name } } } }';
const XML = 'query($id:ID!){ facturaXml(id:$id) }';
const PDF = 'query($id:ID!){ facturaPdf(id:$id) }';

async function runOn(kind: 'pglite' | 'postgres'): Promise<string[][]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-sales-'));
  track(`la carpeta ${dataDir}`, async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = kind === 'postgres' ? (await createBenchDatabase()).url : null;
  console.error(`· ${kind}: cargando ${QUOTES.toLocaleString('es-MX')} cotizaciones y ${INVOICES.toLocaleString('es-MX')} facturas…`);
  const { loadMs, invoiceId } = await prepare(databaseUrl, dataDir);
  const server = await startServerProcess({ dataDir, databaseUrl });
  try {
    const token = await login(server.url);
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const aging = await timed(server.url, token, AGING, { d: new Date().toISOString().slice(0, 10) });
    const newest = await timed(server.url, token, QUOTES_PAGE, { s: null });
    const expired = await timed(server.url, token, QUOTES_PAGE, { s: 'vencida' });
    const xml = await timed(server.url, token, XML, { id: String(invoiceId) });
    const pdf = await timed(server.url, token, PDF, { id: String(invoiceId) });
    const perSecond = (t: number[]) => `${(1000 / percentile(t, 50)).toFixed(0)}/s`;
    return [
      [label, `antigüedad de saldos (${INVOICES.toLocaleString('es-MX')} facturas)`, ms(loadMs), ms(percentile(aging, 50)), ms(percentile(aging, 95)), ''],
      [label, `cotizaciones, página de 50 (${QUOTES.toLocaleString('es-MX')})`, '', ms(percentile(newest, 50)), ms(percentile(newest, 95)), ''],
      [label, 'cotizaciones vencidas, página de 50', '', ms(percentile(expired, 50)), ms(percentile(expired, 95)), ''],
      [label, 'XML CFDI de una factura', '', ms(percentile(xml, 50)), ms(percentile(xml, 95)), perSecond(xml)],
      [label, 'PDF de una factura', '', ms(percentile(pdf, 50)), ms(percentile(pdf, 95)), perSecond(pdf)],
    ];
  } finally {
    await server.stop();
  }
}

try {
  const rows: string[][] = [];
  rows.push(...(await runOn('pglite')));
  if (await postgresVersion()) rows.push(...(await runOn('postgres')));
  else console.error('· PostgreSQL no responde en 127.0.0.1:5432: se omite.');
  console.log(`\nVentas: ${RUNS} peticiones secuenciales por consulta\n`);
  console.log(formatTable(['Base', 'Consulta', 'Carga de datos', 'p50', 'p95', 'Ritmo'], rows));
} finally {
  await cleanupAll();
}
