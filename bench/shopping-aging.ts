// `npx tsx bench/shopping-aging.ts [--expenses=50000] [--runs=40]`: latency of
// the Compras accounts-payable aging report (payablesAging, all suppliers)
// over HTTP on a company with 50,000 expenses, on PGlite and, when a local
// PostgreSQL answers, on PostgreSQL. Prints p50/p95; asserts nothing.
// `benchShoppingAging(kind, options)` returns the table rows for bench/run.ts
// (section `shopping`).
//
// Data: the demo seed, 500 bench suppliers, N expenses spread over three years
// (due dates from 0–60 credit days) and partial payments on a third of them
// (applications of payments, one of ten cancelled), inserted with
// generate_series while the server is stopped, then ANALYZE. The report is
// requested sequentially (one connection) after 3 warm-up requests, as of
// today, so every bucket has rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/database';
import { cleanupAll, track } from './cleanup';
import { createBenchDatabase, postgresVersion } from './postgres';
import { login, percentile, seedBenchCompany, startServerProcess } from './server-process';
import { formatTable, ms } from './table';

export type ShoppingBenchOptions = { expenses?: number; runs?: number };

const SUPPLIERS = 500;

async function prepare(databaseUrl: string | null, dataDir: string, expenses: number): Promise<{ loadMs: number; supplierId: number }> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const { db } = database;
    await seedBenchCompany(db);
    const started = performance.now();
    const supplierId = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into suppliers (rfc, name, tax_regime, postal_code, credit_days, category)
        select 'BEN' || lpad(g::text, 6, '0') || 'AA1', 'Proveedor de carga ' || g, '601', '76000', (g % 5) * 15, 'Categoría ' || (g % 12)
        from generate_series(1, ${SUPPLIERS}) g`);
      const [{ first }] = await queryRows<{ first: number }>(tx, sql`select min(id) as first from suppliers where rfc like 'BEN%'`);
      const [{ base }] = await queryRows<{ base: number }>(tx, sql`select coalesce(max(folio), 0) as base from expenses`);
      await tx.execute(sql`insert into expenses (folio, supplier_id, date, due_date, invoice_serie, invoice_folio, category, subtotal, iva_rate, iva, total, balance, status)
        select ${Number(base)} + g, ${Number(first)} + (g % ${SUPPLIERS}),
               current_date - (g % 1095), current_date - (g % 1095) + ((g % 5) * 15),
               'B', g::text, 'Categoría ' || (g % 12),
               round((100 + (g % 9000))::numeric, 2), 0.16, round((100 + (g % 9000)) * 0.16, 2), round((100 + (g % 9000)) * 1.16, 2),
               round((100 + (g % 9000)) * 1.16, 2), 'pendiente'
        from generate_series(1, ${expenses}) g`);
      // A third of the expenses get one partial payment of 40 %; every tenth payment is cancelled.
      const [{ pbase }] = await queryRows<{ pbase: number }>(tx, sql`select coalesce(max(folio), 0) as pbase from supplier_payments`);
      // The payment's reference carries the expense id, only to join the application below.
      await tx.execute(sql`insert into supplier_payments (folio, account_id, supplier_id, date, amount, applied, status, reference)
        select ${Number(pbase)} + row_number() over (order by e.id), (select min(id) from company_accounts), e.supplier_id, e.date + 5,
               round(e.total * 0.4, 2), round(e.total * 0.4, 2), case when e.id % 30 = 0 then 'cancelado' else 'aplicado' end, e.id::text
        from expenses e where e.invoice_serie = 'B' and e.id % 3 = 0`);
      await tx.execute(sql`insert into payment_applications (payment_id, expense_id, amount)
        select p.id, p.reference::int, p.amount from supplier_payments p where p.folio > ${Number(pbase)}`);
      await tx.execute(sql`update expenses e set balance = e.total - a.applied, status = 'pagado_parcial'
        from (select pa.expense_id, sum(pa.amount) as applied from payment_applications pa join supplier_payments p on p.id = pa.payment_id
              where p.status = 'aplicado' group by pa.expense_id) a
        where a.expense_id = e.id and e.invoice_serie = 'B'`);
      return Number(first);
    });
    await db.execute(sql`analyze`);
    return { loadMs: performance.now() - started, supplierId };
  } finally {
    await database.close();
  }
}

async function measure(url: string, token: string, variables: Record<string, unknown>, runs: number): Promise<number[]> {
  const query = 'query($d:Date!,$s:ID){ payablesAging(asOf:$d, supplierId:$s){ asOf rows{ supplierId current d1to30 d31to60 d61to90 over90 total } totals{ total } } }';
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

export const SHOPPING_BENCH_HEADERS = ['Base', 'Consulta', 'Carga de datos', 'p50', 'p95'];

export async function benchShoppingAging(kind: 'pglite' | 'postgres', options: ShoppingBenchOptions = {}): Promise<string[][]> {
  const { expenses, runs } = { expenses: 50_000, runs: 40, ...options };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-aging-'));
  track(`la carpeta ${dataDir}`, async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = kind === 'postgres' ? (await createBenchDatabase('shopping')).url : null;
  console.error(`· ${kind}: cargando ${expenses.toLocaleString('es-MX')} gastos…`);
  const { loadMs, supplierId } = await prepare(databaseUrl, dataDir, expenses);
  const server = await startServerProcess({ dataDir, databaseUrl });
  try {
    const token = await login(server.url);
    const asOf = new Date().toISOString().slice(0, 10);
    const all = await measure(server.url, token, { d: asOf, s: null }, runs);
    const one = await measure(server.url, token, { d: asOf, s: String(supplierId) }, runs);
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      [label, `todos los proveedores (${expenses.toLocaleString('es-MX')} gastos)`, ms(loadMs), ms(percentile(all, 50)), ms(percentile(all, 95))],
      [label, `un proveedor (${Math.ceil(expenses / SUPPLIERS).toLocaleString('es-MX')} gastos)`, '', ms(percentile(one, 50)), ms(percentile(one, 95))],
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string, fallback: number): number => {
    const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
    const n = Number(raw ?? fallback);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} debe ser un entero positivo`);
    return n;
  };
  const options = { expenses: arg('expenses', 50_000), runs: arg('runs', 40) };
  try {
    const rows: string[][] = [];
    rows.push(...(await benchShoppingAging('pglite', options)));
    if (await postgresVersion()) rows.push(...(await benchShoppingAging('postgres', options)));
    else console.error('· PostgreSQL no responde en 127.0.0.1:5432: se omite.');
    console.log(`\nAntigüedad de saldos (payablesAging) con ${options.expenses.toLocaleString('es-MX')} gastos, ${options.runs} peticiones secuenciales\n`);
    console.log(formatTable(SHOPPING_BENCH_HEADERS, rows));
  } finally {
    await cleanupAll();
  }
}
