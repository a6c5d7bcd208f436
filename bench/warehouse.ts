// Almacén figures: posting throughput (movements of 5 lines) at 1 and 16
// concurrent clients with p95 latency, the Existencias list over 10,000
// articles × 5 warehouses, and a kardex over 100,000 movements (p50/p95).
//
// `benchWarehouse(kind)` returns table rows for bench/run.ts; run directly
// (`npx tsx bench/warehouse.ts [--runs=40] [--seconds=10]`) it prints them for
// PGlite and, when a local PostgreSQL answers, PostgreSQL. Asserts nothing.
//
// Data: the demo seed plus, inserted with generate_series while the server is
// stopped (PGlite admits one process per folder), 5 bench warehouses, 10,000
// articles with a stock row in each warehouse, and 100,000 ledger entries of
// one article in one warehouse over ~3 years, then ANALYZE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/database';
import { cleanupAll, track } from './cleanup';
import { runLoad, summarise } from './load';
import { createBenchDatabase, postgresVersion } from './postgres';
import { login, percentile, seedBenchCompany, startServerProcess } from './server-process';
import { formatTable, ms, rps } from './table';

export type WarehouseBenchOptions = { articles?: number; warehouses?: number; movements?: number; runs?: number; seconds?: number; warmupSeconds?: number };

type Prepared = { loadMs: number; kardexArticleId: number; kardexWarehouseId: number; postingWarehouseId: number; postingArticleIds: number[]; conceptId: number };

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });

async function prepare(databaseUrl: string | null, dataDir: string, o: Required<WarehouseBenchOptions>): Promise<Prepared> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const { db } = database;
    await seedBenchCompany(db);
    const started = performance.now();
    const prepared = await db.transaction(async (tx) => {
      const [{ lineId }] = await queryRows<{ lineId: number }>(tx, sql`insert into wh_product_lines (code, name) values ('BENCH', 'Línea de carga') returning id as "lineId"`);
      await tx.execute(sql`insert into wh_warehouses (code, name) select 'BW' || g, 'Almacén de carga ' || g from generate_series(1, ${o.warehouses}) g`);
      const whs = await queryRows<{ id: number }>(tx, sql`select id from wh_warehouses where code like 'BW%' order by id`);
      await tx.execute(sql`insert into wh_articles (sku, name, line_id, unit, min_stock, max_stock, reorder_point)
        select 'BENCH-' || lpad(g::text, 6, '0'), 'Artículo de carga ' || g, ${lineId}, 'H87', (g % 20), (g % 20) * 5, 0
        from generate_series(1, ${o.articles}) g`);
      const [{ first }] = await queryRows<{ first: number }>(tx, sql`select min(id) as first from wh_articles where sku like 'BENCH-%'`);
      await tx.execute(sql`insert into wh_stock (warehouse_id, article_id, quantity, value, avg_cost, last_movement_date)
        select w.id, a.id, 100 + (a.id % 500), round((100 + (a.id % 500)) * (1 + (a.id % 90)), 2), 1 + (a.id % 90), current_date - 1000
        from wh_articles a cross join wh_warehouses w where a.sku like 'BENCH-%' and w.code like 'BW%'`);
      const [{ conceptId }] = await queryRows<{ conceptId: number }>(
        tx,
        sql`insert into wh_concepts (code, name, kind, direction, affects_cost) values ('BENCH-E', 'Entrada de carga', 'ENTRADA', 'IN', true) returning id as "conceptId"`,
      );
      // The kardex article: one entrada of 1 unit at 10.00 per movement, dated over ~3 years (100 a day).
      const article = Number(first);
      const warehouse = whs[0].id;
      await tx.execute(sql`insert into wh_movements (series, folio, date, concept_id, kind, direction, warehouse_id, reference, total_amount, line_count)
        select 'X', g, current_date - 1000 + (g / 100), ${conceptId}, 'ENTRADA', 'IN', ${warehouse}, 'Carga ' || g, 10, 1
        from generate_series(1, ${o.movements}) g`);
      await tx.execute(sql`insert into wh_ledger (movement_id, line_no, date, warehouse_id, article_id, in_qty, out_qty, unit_cost, amount, balance_qty, balance_value, balance_avg_cost)
        select m.id, 1, m.date, ${warehouse}, ${article}, 1, 0, 10, 10, 100 + (${article} % 500) + m.folio, 10 * m.folio, 10
        from wh_movements m where m.series = 'X'`);
      await tx.execute(sql`update wh_stock set last_movement_date = current_date where warehouse_id = ${warehouse} and article_id = ${article}`);
      const posting = await queryRows<{ id: number }>(tx, sql`select id from wh_articles where sku like 'BENCH-%' order by id limit 50 offset 100`);
      return { kardexArticleId: article, kardexWarehouseId: warehouse, postingWarehouseId: whs[1].id, postingArticleIds: posting.map((p) => Number(p.id)), conceptId: Number(conceptId) };
    });
    await db.execute(sql`analyze`);
    return { ...prepared, loadMs: performance.now() - started };
  } finally {
    await database.close();
  }
}

async function call(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 500));
  return performance.now() - t;
}

/** Sequential latencies after 3 warm-up calls, sorted. */
async function sequential(url: string, token: string, query: string, variables: Record<string, unknown>, runs: number): Promise<number[]> {
  for (let i = 0; i < 3; i += 1) await call(url, token, query, variables);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await call(url, token, query, variables));
  return times.sort((a, b) => a - b);
}

/**
 * `clients` keep-alive connections (autocannon in its own process, as the
 * users list; one request in flight each, so a closed loop per client)
 * posting 5-line entradas for `seconds` after `warmup` seconds that are not
 * counted: movements/s, latencies, and the answers that carried errors.
 */
async function posting(url: string, token: string, p: Prepared, clients: number, seconds: number, warmup: number) {
  const query = 'mutation($i: StockMovementInput!){ stockMovementPost(input:$i){ id } }';
  const input = (n: number) => ({
    i: {
      date: today(),
      conceptId: String(p.conceptId),
      warehouseId: String(p.postingWarehouseId),
      reference: `Carga ${n}`,
      lines: Array.from({ length: 5 }, (_, j) => ({ articleId: String(p.postingArticleIds[(n * 5 + j) % p.postingArticleIds.length]), quantity: '1', unitCost: '12.50' })),
    },
  });
  // One posting checked first: an error here is the server's, with its message.
  await call(url, token, query, input(0));
  const sample = await runLoad({ url, token, query, connections: clients, durationSec: seconds, warmupSec: warmup, variablesCycle: Array.from({ length: 1000 }, (_, n) => input(n + 1)) });
  const r = summarise([sample]);
  return { perSecond: r.requestsPerSec, p50: r.p50Ms, p95: r.p95Ms, failed: r.failed };
}

/** One posting figure as measured, for bench/run.ts's goal summary (issue 24: ≥ 300/s at 16 clients). */
export type WarehousePosting = { db: 'pglite' | 'postgres'; clients: number; perSecond: number; failed: number };

/** `postings`, when given, also receives each posting figure as a number. */
export async function benchWarehouse(kind: 'pglite' | 'postgres', options: WarehouseBenchOptions = {}, postings?: WarehousePosting[]): Promise<string[][]> {
  const o: Required<WarehouseBenchOptions> = { articles: 10_000, warehouses: 5, movements: 100_000, runs: 40, seconds: 10, warmupSeconds: 2, ...options };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-warehouse-'));
  track(`la carpeta ${dataDir}`, async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = kind === 'postgres' ? (await createBenchDatabase('warehouse')).url : null;
  const prepared = await prepare(databaseUrl, dataDir, o);
  const server = await startServerProcess({ dataDir, databaseUrl });
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  try {
    const token = await login(server.url);
    const rows: string[][] = [];
    for (const clients of [1, 16]) {
      const r = await posting(server.url, token, prepared, clients, o.seconds, o.warmupSeconds);
      postings?.push({ db: kind, clients, perSecond: r.perSecond, failed: r.failed });
      const failed = r.failed ? ` (${r.failed} con error)` : '';
      rows.push([label, `Registrar movimiento (5 partidas), ${clients} cliente${clients === 1 ? '' : 's'}`, `${rps(r.perSecond)} mov/s${failed}`, ms(r.p50), ms(r.p95)]);
    }
    const stockQuery = 'query($l: ListInput, $f: StockLevelFilter){ stockLevels(list:$l, filter:$f){ total items { quantity averageCost value belowMinimum warehouse { code } article { sku name } } } }';
    const all = await sequential(server.url, token, stockQuery, { l: { page: 1, pageSize: 50, sortBy: 'sku' } }, o.runs);
    rows.push([label, `Existencias (${o.articles.toLocaleString('es-MX')} × ${o.warehouses}), página de 50`, ms(prepared.loadMs), ms(percentile(all, 50)), ms(percentile(all, 95))]);
    const below = await sequential(server.url, token, stockQuery, { l: { page: 1, pageSize: 50, sortBy: 'value', sortDirection: 'DESC' }, f: { flag: 'BAJO_MINIMO' } }, o.runs);
    rows.push([label, 'Existencias bajo mínimo, por valor', '', ms(percentile(below, 50)), ms(percentile(below, 95))]);
    const kardexQuery = 'query($a:ID!,$w:ID!,$from:Date!,$to:Date!){ kardex(articleId:$a, warehouseId:$w, from:$from, to:$to){ truncated opening { quantity } closing { quantity } entries { folio balanceQuantity balanceValue } } }';
    const ids = { a: String(prepared.kardexArticleId), w: String(prepared.kardexWarehouseId) };
    const month = await sequential(server.url, token, kardexQuery, { ...ids, from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), to: today() }, o.runs);
    rows.push([label, `Kárdex de 30 días (${o.movements.toLocaleString('es-MX')} movimientos del artículo)`, '', ms(percentile(month, 50)), ms(percentile(month, 95))]);
    const full = await sequential(server.url, token, kardexQuery, { ...ids, from: new Date(Date.now() - 1100 * 86_400_000).toISOString().slice(0, 10), to: today() }, o.runs);
    rows.push([label, 'Kárdex completo (tope de 5,000 renglones)', '', ms(percentile(full, 50)), ms(percentile(full, 95))]);
    return rows;
  } finally {
    await server.stop();
  }
}

export const WAREHOUSE_BENCH_HEADERS = ['Base', 'Medición', 'Carga / caudal', 'p50', 'p95'];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string, fallback: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
  const options = { runs: arg('runs', 40), seconds: arg('seconds', 10) };
  try {
    const rows = await benchWarehouse('pglite', options);
    if (await postgresVersion()) rows.push(...(await benchWarehouse('postgres', options)));
    else console.error('· PostgreSQL no responde en 127.0.0.1:5432: se omite.');
    console.log('\nAlmacén\n');
    console.log(formatTable(WAREHOUSE_BENCH_HEADERS, rows));
  } finally {
    await cleanupAll();
  }
}
