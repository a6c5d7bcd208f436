// Costo de obra at size (issue 28): 1,000 contracts with 100,000 source
// documents between them, bulk inserted over the demo company on PostgreSQL
// (generate_series, one statement per table), then the queries of Ventas ›
// Costos over HTTP: the first page of jobCostReportList sorted by margin %
// (the list's default) and by margin, every page of 200 one after another (what
// the screen's export asks for) and one contract's job cost with its lines
// (contractJobCost, the contract's «Costos»). p50/p95 of each.
// Goal: p95 under 300 ms on PostgreSQL. It asserts nothing.
//
// The documents, per contract: 2 service orders × 20 crew days (40,000 days, 3
// people each: 120,000 jornadas, some with overtime), km of a vehicle on 9 of
// each order's days (18,000), 10 requisitions issued by an applied salida of 2
// lines (10,000), 15 expenses assigned to the contract or an order (15,000), 5
// viáticos with 2 comprobantes each (5,000 + 10,000), and 2,000 fuel loads
// spread over the demo vehicles (their cost per km): 100,000. The staff is the
// demo's active employees and 6 copies of them (about 400 people). Billed: per
// order a generador authorised and an invoice stamped, half of them half
// collected. Labour meets closed quincenal payrolls: 16 quincenas of the
// quincenal staff (receipts with stored employer quotas) cover the older half of
// the year, so both the payroll's daily cost and the employer factor are priced.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { track } from './cleanup';
import { createBenchDatabase, dropBenchDatabase } from './postgres';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, benchGql, login, percentile, startServerProcess } from './server-process';

export const JOB_COST_CONTRACTS = 1_000;
export const JOB_COST_GOAL_MS = 300;
const ORDERS_PER_CONTRACT = 2;
const DAYS_PER_ORDER = 20;
const CREW = 3;
const VEHICLE_DAYS_PER_ORDER = 9;
const REQUISITIONS_PER_CONTRACT = 10;
const EXPENSES_PER_CONTRACT = 15;
const VIATICOS_PER_CONTRACT = 5;
const PROOFS_PER_VIATICO = 2;
const FUEL_LOADS = 2_000;
const QUINCENAS = 16;
/** Copies of the demo's active staff (58) for the crews: about 400 people. */
const STAFF_COPIES = 6;
const REQUESTS = 40;
const WARMUP = 5;
const PAGE_SIZE = 25;

export type JobCostBenchRow = { db: string; query: string; rows: number; p50Ms: number; p95Ms: number };
export type JobCostBenchResult = { rows: JobCostBenchRow[]; documents: Record<string, number>; fillMs: number };

/** A top-level definition (query or fragment) of the screen's operations file, so the bench asks what the screen asks. */
function definition(source: string, head: string): string {
  const start = source.indexOf(head);
  const end = source.indexOf('\n}', start);
  if (start < 0 || end < 0) throw new Error(`client/modules/sales/operations.graphql ya no tiene «${head}»`);
  return source.slice(start, end + 2);
}
const OPERATIONS = fs.readFileSync(path.join(import.meta.dirname, '../client/modules/sales/operations.graphql'), 'utf8');
const FRAGMENT = definition(OPERATIONS, 'fragment JobCostSummaryFields on ContractJobCost');
const CONTRACT_QUERY = `${definition(OPERATIONS, 'query ContractJobCost(')}\n${FRAGMENT}`;
/** The screen's paged list (schema/sales.graphql jobCostReportList). */
const LIST_QUERY = `${definition(OPERATIONS, 'query JobCostReportList(')}\n${FRAGMENT}`;
/** The export's page size (client/components/fetchAllPages.ts: the list's largest). */
const EXPORT_PAGE_SIZE = 200;

/** Every source of the job cost, one statement each; returns how many documents of each kind were inserted. */
export async function fillJobCost(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const count = async (text: string) => Number((await q(text)).rows[0].n);
  try {
    await q('begin');
    // Contracts of the demo clients, 2 orders each (their folios after the demo's).
    await q(
      `insert into contracts (folio, client_id, name, start_date, end_date, amount, status)
       select (select coalesce(max(folio), 0) from contracts) + g, c.ids[1 + g % array_length(c.ids, 1)], 'Obra bench ' || g,
         current_date - 400, current_date + 200, 400000 + (g % 37) * 10000, 'vigente'
       from generate_series(1, $1::int) g, (select array_agg(id order by id) as ids from clients) c`,
      [JOB_COST_CONTRACTS],
    );
    await q(
      `insert into service_orders (folio, contract_id, client_id, description, site, scheduled_start, scheduled_end, status)
       select (select coalesce(max(folio), 0) from service_orders) + row_number() over (order by c.id, k), c.id, c.client_id, 'Frente ' || k, 'Planta',
         current_date - 400, current_date + 200, 'en_proceso'
       from contracts c cross join generate_series(1, $1::int) k where c.name like 'Obra bench %'`,
      [ORDERS_PER_CONTRACT],
    );
    // The staff: the demo's active employees and copies of them, about 400 (120,000 jornadas over a year are
    // about 330 people on site a day, most on one crew).
    await q(
      `insert into rh_employees (number, names, last_name, second_last_name, rfc, curp, nss, birth_date, hire_date, first_hire_date, area_id, position_id,
         pay_frequency, wage_zone, daily_salary, bank, clabe, email, phone, address, emergency_contact, status, postal_code, work_state, contract_type, employer_registration_id)
       select 'BEN-' || g || '-' || e.number, e.names, e.last_name, e.second_last_name, e.rfc, left(e.curp, 12) || lpad((g * 10000 + e.id)::text, 6, '0'), e.nss,
         e.birth_date, e.hire_date, e.first_hire_date, e.area_id, e.position_id, e.pay_frequency, e.wage_zone, e.daily_salary + g * 7, e.bank, e.clabe, '', e.phone,
         e.address, e.emergency_contact, e.status, e.postal_code, e.work_state, e.contract_type, e.employer_registration_id
       from rh_employees e cross join generate_series(1, $1::int) g where e.status = 'activo'`,
      [STAFF_COPIES],
    );
    // Crew days: 20 consecutive days per order, somewhere in the last year.
    await q(
      `insert into service_order_crew_days (order_id, date)
       select o.id, current_date - 25 - (o.id * 7 % 330) + k from service_orders o cross join generate_series(0, $1::int - 1) k
       where o.description like 'Frente %' and o.contract_id in (select id from contracts where name like 'Obra bench %')`,
      [DAYS_PER_ORDER],
    );
    // Three active employees a day (quincenal and semanal alike), 8 h; the first one 2 h of overtime one day in five.
    await q(
      `insert into service_order_crew_hours (day_id, employee_id, date, hours, overtime_hours)
       select d.id, e.ids[1 + (d.order_id * ${CREW} + j) % array_length(e.ids, 1)], d.date, 8, case when j = 0 and d.id % 5 = 0 then 2 else 0 end
       from service_order_crew_days d cross join generate_series(0, ${CREW - 1}) j, (select array_agg(id order by id) as ids from rh_employees where status = 'activo') e
       where d.order_id in (select id from service_orders where description like 'Frente %')`,
    );
    await q(
      `insert into service_order_crew_day_vehicles (day_id, vehicle_id, km)
       select d.id, v.ids[1 + d.order_id % array_length(v.ids, 1)], 40 + d.id % 120
       from service_order_crew_days d, (select array_agg(id order by id) as ids from vp_vehicles where status <> 'baja') v
       where d.order_id in (select id from service_orders where description like 'Frente %')
         and d.date - (select min(x.date) from service_order_crew_days x where x.order_id = d.order_id) < $1::int`,
      [VEHICLE_DAYS_PER_ORDER],
    );
    // Fuel: loads spread over the vehicles (with the odometer log and closed maintenance orders, their cost per km).
    await q(
      `insert into vp_fuel_loads (vehicle_id, loaded_on, litres, amount, odometer_km, station)
       select v.ids[1 + g % array_length(v.ids, 1)], current_date - (g % 360), 40 + g % 30, round((40 + g % 30) * 24.5, 2), 50000 + g * 40, 'Estación bench'
       from generate_series(1, $1::int) g, (select array_agg(id order by id) as ids from vp_vehicles where status <> 'baja') v`,
      [FUEL_LOADS],
    );
    // Materials: requisitions for the orders, each issued by an applied salida of 2 lines at the article's cost.
    await q(
      `insert into wh_requisitions (folio, requester_id, area, warehouse_id, needed_date, status, service_order_id)
       select (select coalesce(max(folio), 0) from wh_requisitions) + row_number() over (order by o.id, k), (select min(id) from users), 'Obra', (select min(id) from wh_warehouses),
         current_date - (o.id * 7 % 330), 'SURTIDA', o.id
       from service_orders o cross join generate_series(1, $1::int) k where o.description like 'Frente %'`,
      [REQUISITIONS_PER_CONTRACT / ORDERS_PER_CONTRACT],
    );
    await q(
      `insert into wh_movements (series, folio, date, concept_id, kind, direction, warehouse_id, reference, status, source_type, source_id, total_amount, line_count)
       select 'S', (select coalesce(max(folio), 0) from wh_movements where series = 'S') + row_number() over (order by r.id), r.needed_date,
         (select id from wh_concepts where kind = 'SALIDA' order by id limit 1), 'SALIDA', 'OUT', r.warehouse_id, 'Bench REQ-' || r.folio, 'APLICADO', 'REQUISICION', r.id, 0, 2
       from wh_requisitions r where r.area = 'Obra' and r.service_order_id in (select id from service_orders where description like 'Frente %')`,
    );
    await q(
      `insert into wh_movement_lines (movement_id, line_no, article_id, quantity, unit_cost, amount)
       select m.id, n, a.ids[1 + (m.id * 2 + n) % array_length(a.ids, 1)], 1 + (m.id + n) % 12, 35.5 + (m.id * 2 + n) % 400, (1 + (m.id + n) % 12) * (35.5 + (m.id * 2 + n) % 400)
       from wh_movements m cross join generate_series(1, 2) n, (select array_agg(id order by id) as ids from wh_articles) a
       where m.reference like 'Bench REQ-%'`,
    );
    await q(`update wh_movements m set total_amount = l.amount from (select movement_id, sum(amount) as amount from wh_movement_lines group by movement_id) l
             where l.movement_id = m.id and m.reference like 'Bench REQ-%'`);
    // Expenses: to an order (two in three) or to the contract alone; one in twenty cancelled.
    await q(
      `insert into expenses (folio, supplier_id, date, due_date, category, subtotal, iva_rate, iva, total, balance, status, contract_id, service_order_id)
       select (select coalesce(max(folio), 0) from expenses) + row_number() over (order by c.id, k), s.ids[1 + (c.id + k) % array_length(s.ids, 1)],
         current_date - ((c.id + k * 11) % 330), current_date - ((c.id + k * 11) % 330) + 30, case when k % 3 = 0 then 'Subcontrato' else 'Servicios' end,
         1000 + (c.id * 13 + k * 7) % 9000, 0.16, round((1000 + (c.id * 13 + k * 7) % 9000) * 0.16, 2), round((1000 + (c.id * 13 + k * 7) % 9000) * 1.16, 2),
         round((1000 + (c.id * 13 + k * 7) % 9000) * 1.16, 2), case when k % 20 = 0 then 'cancelado' else 'pendiente' end,
         c.id, case when k % 3 = 0 then null else (select o.id from service_orders o where o.contract_id = c.id order by o.id offset k % ${ORDERS_PER_CONTRACT} limit 1) end
       from contracts c cross join generate_series(1, $1::int) k, (select array_agg(id order by id) as ids from suppliers) s
       where c.name like 'Obra bench %'`,
      [EXPENSES_PER_CONTRACT],
    );
    // Viáticos for an order, paid (a payment entry id stands in for the account's entry) and comprobados with 2 receipts.
    await q(
      `insert into viaticos (folio, employee_id, contract_id, service_order_id, account_id, date, purpose, amount, comprobado, status, payment_entry_id, paid_at)
       select (select coalesce(max(folio), 0) from viaticos) + row_number() over (order by o.id, k), e.ids[1 + (o.id + k) % array_length(e.ids, 1)], o.contract_id, o.id,
         (select min(id) from company_accounts), current_date - (o.id * 7 % 330), 'Traslado bench', 2000, 1750, 'comprobado', 1, now()
       from (select o.*, row_number() over (partition by o.contract_id order by o.id) as nth from service_orders o where o.description like 'Frente %') o
         cross join generate_series(1, $1::int) k, (select array_agg(id order by id) as ids from rh_employees where status = 'activo') e
       where k <= case when o.nth = 1 then $2::int else $1::int - $2::int end`,
      [VIATICOS_PER_CONTRACT, Math.ceil(VIATICOS_PER_CONTRACT / 2)],
    );
    await q(
      `insert into viatico_proofs (viatico_id, kind, date, concept, subtotal, iva, total)
       select v.id, 'no_deducible', v.date + 1, case when n = 1 then 'Hospedaje' else 'Comidas' end, case when n = 1 then 1200 else 550 end, 0, case when n = 1 then 1200 else 550 end
       from viaticos v cross join generate_series(1, $1::int) n where v.purpose = 'Traslado bench'`,
      [PROOFS_PER_VIATICO],
    );
    // Billed: per order a generador authorised and an invoice stamped; half of the invoices collected in part.
    const generatorBase = await count('select coalesce(max(folio), 0) as n from generators');
    await q(
      `insert into generators (folio, order_id, contract_id, client_id, period_start, period_end, status, amount)
       select $1::int + row_number() over (order by o.id), o.id, o.contract_id, o.client_id, current_date - 60, current_date - 30,
         'facturado', 80000 + (o.id * 37 % 150) * 1000
       from service_orders o where o.description like 'Frente %' and o.contract_id in (select id from contracts where name like 'Obra bench %')`,
      [generatorBase],
    );
    await q(
      `insert into invoices (serie, folio, client_id, contract_id, date, due_date, forma_pago, metodo_pago, uso_cfdi, status, subtotal, iva, total, balance, stamp_status, emitted_at)
       select 'BEN', g.folio - $1::int, g.client_id, g.contract_id, current_date - 25, current_date + 5, '99', 'PPD', 'G03', 'emitida',
         g.amount, round(g.amount * 0.16, 2), round(g.amount * 1.16, 2), round(g.amount * 1.16, 2), 'timbrada', now()
       from generators g where g.folio > $1::int`,
      [generatorBase],
    );
    await q(`update generators g set invoice_id = i.id from invoices i where i.serie = 'BEN' and g.folio = $1::int + i.folio`, [generatorBase]);
    const paymentBase = await count('select coalesce(max(folio), 0) as n from client_payments');
    await q(
      `insert into client_payments (folio, client_id, date, forma_pago, account_id, amount, reference, status)
       select $1::int + i.folio, i.client_id, current_date - 5, '03', (select min(id) from company_accounts), round(i.total / 2, 2), 'Bench ' || i.folio, 'aplicado'
       from invoices i where i.serie = 'BEN' and i.folio % 2 = 0`,
      [paymentBase],
    );
    await q(
      `insert into client_payment_applications (payment_id, invoice_id, amount, installment, previous_balance, remaining_balance, is_ppd)
       select p.id, i.id, p.amount, 1, i.total, i.total - p.amount, true
       from invoices i join client_payments p on p.folio = $1::int + i.folio
       where i.serie = 'BEN' and i.folio % 2 = 0`,
      [paymentBase],
    );
    await q(`update invoices i set balance = i.total - a.amount, status = 'pagada_parcial' from client_payment_applications a where a.invoice_id = i.id and i.serie = 'BEN'`);
    // Closed quincenal payrolls of the quincenal staff over the older part of the year: receipts and their employer quotas.
    await q(
      `insert into rh_payrolls (folio, kind, frequency, period_start, period_end, payment_date, description, status, table_year, closed_at)
       select (select coalesce(max(folio), 0) from rh_payrolls) + row_number() over (order by s), 'quincenal', 'quincenal', s, e, e, 'Quincena bench', 'cerrada', extract(year from e)::int, now()
       from (select case when h = 0 then m else m + 15 end as s, case when h = 0 then m + 14 else (m + interval '1 month' - interval '1 day')::date end as e
             from generate_series(0, $1::int / 2 - 1) k
             cross join lateral (select (date_trunc('month', current_date) - interval '1 month' * (12 - k))::date as m) mm
             cross join generate_series(0, 1) h) p`,
      [QUINCENAS],
    );
    await q(
      `insert into rh_payroll_employees (payroll_id, employee_id, employee_number, employee_name, daily_salary, sbc_daily, days_worked, paid_days, perceptions, taxable)
       select p.id, e.id, e.number, e.names || ' ' || e.last_name, e.daily_salary, round(e.daily_salary * 1.0493, 2), p.period_end - p.period_start + 1, p.period_end - p.period_start + 1,
         e.daily_salary * (p.period_end - p.period_start + 1), e.daily_salary * (p.period_end - p.period_start + 1)
       from rh_payrolls p cross join rh_employees e where p.description = 'Quincena bench' and e.status = 'activo' and e.pay_frequency = 'quincenal'`,
    );
    await q(
      `insert into rh_payroll_employer_quotas (payroll_employee_id, payroll_id, sbc, days, total, isn_base, isn_rate_percent, isn)
       select pe.id, pe.payroll_id, pe.sbc_daily, pe.paid_days, round(pe.sbc_daily * pe.paid_days * 0.24, 2), pe.taxable, 3, round(pe.taxable * 0.03, 2)
       from rh_payroll_employees pe join rh_payrolls p on p.id = pe.payroll_id where p.description = 'Quincena bench'`,
    );
    await q('commit');
    // As autovacuum leaves a table after this many inserts: statistics and the visibility map (index-only scans).
    await q('vacuum analyze');
    const bench = `(select id from service_orders where description like 'Frente %')`;
    return {
      contracts: await count(`select count(*) as n from contracts where name like 'Obra bench %'`),
      crewDays: await count(`select count(*) as n from service_order_crew_days where order_id in ${bench}`),
      crewHours: await count(`select count(*) as n from service_order_crew_hours h join service_order_crew_days d on d.id = h.day_id where d.order_id in ${bench}`),
      vehicleKm: await count(`select count(*) as n from service_order_crew_day_vehicles v join service_order_crew_days d on d.id = v.day_id where d.order_id in ${bench}`),
      fuelLoads: await count(`select count(*) as n from vp_fuel_loads where station = 'Estación bench'`),
      issued: await count(`select count(*) as n from wh_requisitions where area = 'Obra' and service_order_id in ${bench}`),
      expenses: await count(`select count(*) as n from expenses where contract_id in (select id from contracts where name like 'Obra bench %')`),
      viaticos: await count(`select count(*) as n from viaticos where purpose = 'Traslado bench'`),
      proofs: await count(`select count(*) as n from viatico_proofs p join viaticos v on v.id = p.viatico_id where v.purpose = 'Traslado bench'`),
      payrollReceipts: await count(`select count(*) as n from rh_payroll_employees pe join rh_payrolls p on p.id = pe.payroll_id where p.description = 'Quincena bench'`),
    };
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function runPostgres(step: (t: string) => void): Promise<JobCostBenchResult> {
  const db = await createBenchDatabase('costos');
  const untrack = track(`la base de datos ${db.name}`, () => dropBenchDatabase(db.name));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-costos-'));
  const server = await startServerProcess({ dataDir, databaseUrl: db.url, timeoutMs: 180_000 });
  try {
    step(`Costo de obra (PostgreSQL): ${JOB_COST_CONTRACTS} contratos, 100,000 documentos de origen`);
    const began = performance.now();
    const documents = await fillJobCost(db.url);
    const fillMs = performance.now() - began;
    const token = await login(server.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    // The contract's «Costos»: a bench contract in the middle of the folios (they all carry the same mix).
    const firstPage = await benchGql<{ jobCostReportList: { items: { id: string; folio: number }[] } }>(server.url, token, LIST_QUERY, {
      list: { page: 1, pageSize: PAGE_SIZE, sortBy: 'folio', sortDirection: 'DESC' },
    });
    const contractId = firstPage.jobCostReportList.items[Math.floor(PAGE_SIZE / 2)].id;
    type Answer = { jobCostReportList?: { items: unknown[]; total: number }; contractJobCost?: { lines: unknown[] } };
    /** One request, or the export: every page of 200 in turn (as fetchAllPages asks for them), timed as one. */
    const exportAll = async (): Promise<Answer> => {
      const items: unknown[] = [];
      for (let page = 1; ; page++) {
        const d = await benchGql<Answer>(server.url, token, LIST_QUERY, { list: { page, pageSize: EXPORT_PAGE_SIZE, sortBy: 'marginPercent', sortDirection: 'ASC' } });
        items.push(...(d.jobCostReportList?.items ?? []));
        if (items.length >= (d.jobCostReportList?.total ?? 0)) return { jobCostReportList: { items, total: items.length } };
      }
    };
    const cases: [string, string | (() => Promise<Answer>), Record<string, unknown>, (d: Answer) => number | undefined][] = [
      [`jobCostReportList: página 1 de ${PAGE_SIZE} por margen % (menor primero)`, LIST_QUERY, { list: { page: 1, pageSize: PAGE_SIZE, sortBy: 'marginPercent', sortDirection: 'ASC' } }, (d) => d.jobCostReportList?.items.length],
      [`jobCostReportList: página 1 de ${PAGE_SIZE} por margen $ (menor primero)`, LIST_QUERY, { list: { page: 1, pageSize: PAGE_SIZE, sortBy: 'margin', sortDirection: 'ASC' } }, (d) => d.jobCostReportList?.items.length],
      ['contractJobCost: un contrato con sus renglones', CONTRACT_QUERY, { contractId }, (d) => d.contractJobCost?.lines.length],
      [`exportar: todas las páginas de ${EXPORT_PAGE_SIZE} de jobCostReportList, una tras otra`, exportAll, {}, (d) => d.jobCostReportList?.items.length],
    ];
    const rows: JobCostBenchRow[] = [];
    for (const [name, query, variables, size] of cases) {
      step(`Costo de obra (PostgreSQL): ${name}`);
      const run = () => (typeof query === 'string' ? benchGql<Answer>(server.url, token, query, variables) : query());
      for (let i = 0; i < WARMUP; i++) await run();
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const d = await run();
        times.push(performance.now() - t0);
        n = size(d) ?? 0;
      }
      times.sort((a, b) => a - b);
      rows.push({ db: 'PostgreSQL', query: name, rows: n, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) });
    }
    return { rows, documents, fillMs };
  } finally {
    await server.stop();
    await dropBenchDatabase(db.name);
    untrack();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL only: the goal is stated for it. */
export async function benchJobCost(opts: { postgres: boolean; step: (t: string) => void }): Promise<JobCostBenchResult | null> {
  return opts.postgres ? runPostgres(opts.step) : null;
}
